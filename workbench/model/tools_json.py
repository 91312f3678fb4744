"""The tool list as text: the one producer behind `mcp-workbench tools` and the TUI's tool
previews, so the two are the same bytes by construction.

JSON of `Surface.tools_list()` (MCP camelCase keys), indent 2, non-ASCII kept, a final newline,
written by pydantic-core's encoder: the one the MCP SDK writes `tools/list` with, so numbers are
spelled as on the wire (`1e-7`, where `json.dumps` writes `1e-07`), and ~5× faster than
`json.dumps` with `indent` (which runs the pure-Python encoder: ~60 ms for 1,000 tools).
"""

from __future__ import annotations

from typing import Any

import pydantic_core

from workbench.model.surface_types import Surface, Tool


def json_text(data: Any) -> str:
    """`data` as the tool previews write JSON: indent 2, non-ASCII kept, a final newline."""
    return pydantic_core.to_json(data, indent=2).decode() + "\n"


def tools_json(surface: Surface) -> str:
    """The tool list exactly as `tools` prints it and `serve` answers `tools/list`'s tools."""
    return json_text(surface.tools_list())


def tool_json(tool: Tool) -> str:
    """One tool in the same form (the TUI's this-tool preview)."""
    return json_text(tool.to_mcp())
