"""A JSON object typed into a text field (a schema override, an output schema, try-it arguments):
the one way such text is read, and its one sentence when it is not JSON or not an object.
No Textual here."""

from __future__ import annotations

import json
from typing import Any


def read_json_object(
    text: str, *, what: str, example: str, error: type[ValueError] = ValueError
) -> dict[str, Any] | None:
    """The object `text` holds, or None for empty text; otherwise `error` with one sentence
    (where the JSON breaks, or "`what` must be a JSON object, such as `example`")."""
    if not text.strip():
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(
            f"Not valid JSON: {problem.msg} at line {problem.lineno}, column {problem.colno}."
        ) from None
    if not isinstance(value, dict):
        raise error(f"{what} must be a JSON object, such as {example}.")
    return value
