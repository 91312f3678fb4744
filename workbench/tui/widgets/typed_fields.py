"""Loading model values into free-text fields without wiping what the user is typing.

A recompute re-shows the form; a field whose text differs from what was last loaded into it
holds the user's unapplied typing and is left alone. A field that matches the model (the
user applied it) or still shows what was loaded follows the model (e.g. after an undo).
"""

from __future__ import annotations

from textual.widgets import Input, TextArea


class TypedFields:
    """Remembers the text last loaded into each field."""

    def __init__(self) -> None:
        self.shown: dict[int, str] = {}

    def load(self, field: Input | TextArea, value: str, keep_typing: bool = True) -> None:
        current = field.text if isinstance(field, TextArea) else field.value
        if current != value:
            if keep_typing and current != self.shown.get(id(field), ""):
                return  # typed by the user and not applied yet
            if isinstance(field, TextArea):
                field.load_text(value)
            else:
                field.value = value
        self.shown[id(field)] = value
