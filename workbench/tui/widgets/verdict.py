"""The one-line verdict under a typed field: a text styled as refused, accepted or neutral.

Every form that checks what is typed (the flag editor, the inspector's shaping fields, the
prompt and selectors editors) says so the same way: `show_verdict(static, text, valid)` sets
the text and the `-invalid` / `-valid` class (each form's CSS colours them).
"""

from __future__ import annotations

from textual.widgets import Static


def show_verdict(static: Static, text: str, valid: bool | None) -> None:
    """`valid`: False refused, True accepted, None neither (a plain note, or nothing)."""
    static.update(text)
    static.set_class(valid is False, "-invalid")
    static.set_class(valid is True, "-valid")
