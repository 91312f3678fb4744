"""Arguments for the try-it pane, as plain Python: parsing what the user typed as a JSON object
(one sentence on error, never a traceback). The form that builds them is `tui/try_form.py`."""

from __future__ import annotations

from typing import Any

from workbench.tui.json_input import read_json_object


class ArgumentsInputError(ValueError):
    """The typed arguments are not a JSON object."""


def parse_arguments(text: str) -> dict[str, Any]:
    """The arguments object the text describes (empty text = no arguments)."""
    value = read_json_object(
        text, what="The arguments", example='{"name": "web"}', error=ArgumentsInputError
    )
    return {} if value is None else value
