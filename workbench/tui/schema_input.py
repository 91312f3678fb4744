"""Checking a typed JSON Schema override before it may be applied (no Textual here).

Text → JSON object → draft 2020-12 check, with the surface's own `check_override`, so what the
editor accepts is exactly what `build_surface` accepts. Errors are one sentence for inline display.
"""

from __future__ import annotations

import json
from typing import Any

from workbench.model.surface_types import SurfaceError


class SchemaInputError(ValueError):
    """The typed text cannot be a schema override; the message says why and where."""


def parse_schema_override(text: str, *, command: str, flag: str, tool: str = "") -> dict[str, Any] | None:
    """The override the text describes; empty text means no override (None)."""
    if not text.strip():
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise SchemaInputError(f"Not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}.") from None
    if not isinstance(value, dict):
        raise SchemaInputError('A schema override must be a JSON object, such as {"type": "integer", "minimum": 1}.')
    from workbench.model.schema import check_override

    try:
        check_override(value, tool=tool or command, command=command, key=flag)
    except SurfaceError as error:
        raise SchemaInputError(str(error)) from None
    return value


def schema_text(schema: dict[str, Any] | None) -> str:
    """How an existing override is shown in the editor."""
    return json.dumps(schema, indent=2, ensure_ascii=False) if schema is not None else ""
