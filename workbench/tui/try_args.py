"""Arguments for the try-it pane, as plain Python: a starting JSON text from a tool's input
schema, and parsing what the user typed (one sentence on error, never a traceback)."""

from __future__ import annotations

import json
from typing import Any

from workbench.tui.json_input import read_json_object

EXAMPLES = {"string": "", "integer": 0, "number": 0, "boolean": False, "array": [], "object": {}}


class ArgumentsInputError(ValueError):
    """The typed arguments are not a JSON object."""


def starting_arguments(schema: dict[str, Any]) -> str:
    """A JSON object with each required property (its default, first choice, or an empty value)."""
    properties = schema.get("properties", {})
    start: dict[str, Any] = {}
    for name in schema.get("required", []):
        prop = properties.get(name, {})
        if "default" in prop:
            start[name] = prop["default"]
        elif prop.get("enum"):
            start[name] = prop["enum"][0]
        else:
            kind = prop.get("type")
            start[name] = EXAMPLES.get(kind if isinstance(kind, str) else "string", "")
    return json.dumps(start, indent=2, ensure_ascii=False)


def parse_arguments(text: str) -> dict[str, Any]:
    """The arguments object the text describes (empty text = no arguments)."""
    value = read_json_object(text, what="The arguments", example='{"name": "web"}', error=ArgumentsInputError)
    return {} if value is None else value
