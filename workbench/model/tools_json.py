"""The tool list as text: the one producer behind `mcp-workbench tools` and the TUI's tool
previews, so the two are the same bytes by construction.

JSON of `Surface.tools_list()` (MCP camelCase keys), indent 2, non-ASCII kept, a final newline.
A faster encoder would have to change here only (pydantic-core's, for one, writes a small
float's exponent differently, so it is not a drop-in).
"""

from __future__ import annotations

import json

from workbench.model.surface_types import Surface, Tool


def tools_json(surface: Surface) -> str:
    """The tool list exactly as `tools` prints it and `serve` answers `tools/list`'s tools."""
    return json.dumps(surface.tools_list(), indent=2, ensure_ascii=False) + "\n"


def tool_json(tool: Tool) -> str:
    """One tool in the same form (the TUI's this-tool preview)."""
    return json.dumps(tool.to_mcp(), indent=2, ensure_ascii=False) + "\n"
