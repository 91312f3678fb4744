"""Checking a typed JSON Schema override before it may be applied (no Textual here).

Text → JSON object → draft 2020-12 check, with the surface's own `check_override`, so what the
editor accepts is exactly what `build_surface` accepts. Errors are one sentence for inline display.
"""

from __future__ import annotations

import json
from typing import Any

from workbench.model.schema import check_override
from workbench.model.surface_types import SurfaceError
from workbench.tui.json_input import read_json_object


class SchemaInputError(ValueError):
    """The typed text cannot be a schema override; the message says why and where."""


def parse_schema_override(
    text: str, *, command: str, flag: str, tool: str = ""
) -> dict[str, Any] | None:
    """The override the text describes; empty text means no override (None)."""
    value = read_json_object(
        text,
        what="A schema override",
        example='{"type": "integer", "minimum": 1}',
        error=SchemaInputError,
    )
    if value is None:
        return None

    try:
        check_override(value, tool=tool or command, command=command, key=flag)
    except SurfaceError as error:
        raise SchemaInputError(str(error)) from None
    return value


def schema_text(schema: dict[str, Any] | None) -> str:
    """How an existing override is shown in the editor."""
    return json.dumps(schema, indent=2, ensure_ascii=False) if schema is not None else ""
