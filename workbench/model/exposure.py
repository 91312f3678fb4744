"""Exposure (SPEC §5b): what a client sees at connect, and the two tools of search exposure.

`[tools] exposure = "all"` lists every tool. `"search"` lists only the tools whose resolved
`load` is `always` (`Tool.load`: the command's own, else its claiming selector's, else
`deferred`), plus two tools defined here:

- `<prefix>_find_tools` (`query`, optional `limit`): ranks every tool by name, description and
  property names, answers the best matches' names, descriptions and input schemas, and
  activates them for the session (they join that session's `tools/list`);
- `<prefix>_run_tool` (`name`, `arguments`): calls any tool by name, validated against that
  tool's own schema, for clients that never refresh their list.

`connect_view(surface)` is the list `tools/list` answers before anything was found, exactly as
served, with its token cost beside the full list's: what the TUI previews and `check` prints.
`listed_tools(surface, activated)` is the list after some tools were activated (the runtime's
answer for one session). Pure: no MCP SDK, no ranking (that is `workbench.runtime.discovery`).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from workbench.model.naming import MAX_TOOL_NAME, TOOL_NAME_PATTERN
from workbench.model.surface_types import Surface, SurfaceError, Tool
from workbench.model.tokens import count_tokens

FIND_SUFFIX = "find_tools"
RUN_SUFFIX = "run_tool"

FIND_LIMIT_DEFAULT = 5
"""Matches `find_tools` answers when the client gives no `limit`: enough for the right tool to
be among them (top-3 is measured in docs/exposure.md), few enough to cost little."""
FIND_LIMIT_MAX = 20
"""The most matches one `find_tools` call answers (each carries a whole input schema)."""

FIND_OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "tools": {
            "type": "array",
            "description": "The best matches, best first.",
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "description": {"type": "string"},
                    "inputSchema": {"type": "object"},
                },
                "required": ["name", "description", "inputSchema"],
            },
        },
    },
    "required": ["tools"],
}
"""The `structuredContent` of a `find_tools` result (its text content holds the same JSON)."""


def find_tool_name(prefix: str) -> str:
    return _discovery_name(prefix, FIND_SUFFIX)


def run_tool_name(prefix: str) -> str:
    return _discovery_name(prefix, RUN_SUFFIX)


def _discovery_name(prefix: str, suffix: str) -> str:
    return f"{prefix}_{suffix}" if prefix else suffix


def check_discovery_names(prefix: str, tools: Sequence[Tool]) -> None:
    """Raise SurfaceError when a search-exposure tool's name is not a valid tool name or is
    taken by a CLI tool (the message names both)."""
    by_name = {tool.name: tool for tool in tools}
    for name in (find_tool_name(prefix), run_tool_name(prefix)):
        if not TOOL_NAME_PATTERN.match(name):
            raise SurfaceError(
                f"search exposure's tool `{name}` is not a valid tool name (at most {MAX_TOOL_NAME} of "
                "A-Z a-z 0-9 _ -); set a shorter [tools] prefix",
                key_path=("tools", "prefix"),
            )
        clash = by_name.get(name)
        if clash is not None:
            raise SurfaceError(
                f"command `{clash.command_str}` becomes tool `{name}`, the name of search exposure's "
                f'own tool; rename it ([commands."{clash.command_str}"] name = "...") or set another '
                "[tools] prefix",
                key_path=("commands", clash.command_str),
            )


def find_tool(surface: Surface) -> dict[str, Any]:
    """The `<prefix>_find_tools` tool, in MCP wire shape."""
    cli = surface.tool_prefix or surface.server_name
    deferred = sum(1 for tool in surface.tools if tool.load != "always")
    return {
        "name": find_tool_name(surface.tool_prefix),
        "title": f"Find {cli} tools",
        "description": (
            f"Search all {len(surface.tools)} {cli} tools ({deferred} of them are not in your tool list "
            'until found) by what you want to do, in a few words (e.g. "scale a deployment"). '
            "Answers the best matches with their names, descriptions and input schemas, and adds them "
            f"to your tool list. Call it before deciding a task cannot be done; call a match directly "
            f"or through `{run_tool_name(surface.tool_prefix)}`."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "minLength": 1,
                    "description": "What you want to do, or words from the tool's name or flags.",
                },
                "limit": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": FIND_LIMIT_MAX,
                    "default": FIND_LIMIT_DEFAULT,
                    "description": "How many matches to answer, best first.",
                },
            },
            "required": ["query"],
            "additionalProperties": False,
        },
        "outputSchema": FIND_OUTPUT_SCHEMA,
        "annotations": {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False},
    }


def run_tool(surface: Surface) -> dict[str, Any]:
    """The `<prefix>_run_tool` tool, in MCP wire shape. No output schema: it answers whatever
    the tool it calls answers."""
    cli = surface.tool_prefix or surface.server_name
    return {
        "name": run_tool_name(surface.tool_prefix),
        "title": f"Run a {cli} tool",
        "description": (
            f"Call any {cli} tool by name, also one that is not in your tool list: `name` as "
            f"`{find_tool_name(surface.tool_prefix)}` answered it, `arguments` an object valid under "
            "that tool's input schema. Answers exactly what the tool answers."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 1, "description": "The tool to call."},
                "arguments": {
                    "type": "object",
                    "default": {},
                    "description": "The tool's arguments, valid under its input schema.",
                },
            },
            "required": ["name"],
            "additionalProperties": False,
        },
    }


def discovery_tools(surface: Surface) -> list[dict[str, Any]]:
    """The two tools search exposure adds (none in `all` exposure)."""
    if surface.exposure != "search":
        return []
    return [find_tool(surface), run_tool(surface)]


def listed_tools(surface: Surface, activated: Collection[str] = ()) -> list[dict[str, Any]]:
    """What `tools/list` answers: every tool in `all` exposure; in search exposure the
    `always` tools and the `activated` ones (in the surface's order), then the two tools."""
    if surface.exposure != "search":
        return surface.tools_list()
    shown = [t.to_mcp() for t in surface.tools if t.load == "always" or t.name in activated]
    return shown + discovery_tools(surface)


@dataclass(frozen=True)
class ConnectView:
    """The tool list a client gets at connect, and what it costs next to the full list."""

    tools: tuple[dict[str, Any], ...]
    """The `tools/list` answer before any tool was found, exactly as served."""
    tokens: int
    """Token estimate of `tools` (each tool's JSON, as `Tool.tokens` counts it)."""
    full_tokens: int
    """Token estimate of every tool (the `all` exposure list)."""
    exposure: str
    total_tools: int
    """How many CLI tools the surface has (listed or not)."""

    @property
    def listed(self) -> int:
        """How many tools the connect list holds (the two search tools included)."""
        return len(self.tools)

    @property
    def share(self) -> float:
        """`tokens` as a fraction of `full_tokens` (1.0 when there is nothing to list)."""
        return self.tokens / self.full_tokens if self.full_tokens else 1.0


def connect_view(surface: Surface) -> ConnectView:
    """What `tools/list` answers at connect for `surface`, with its cost and the full cost."""
    full = sum(_tokens(tool) for tool in surface.tools)
    if surface.exposure != "search":
        return ConnectView(
            tuple(surface.tools_list()), full, full, surface.exposure, len(surface.tools)
        )
    always = [tool for tool in surface.tools if tool.load == "always"]
    extra = discovery_tools(surface)
    tokens = sum(_tokens(tool) for tool in always) + sum(count_tokens(json.dumps(d)) for d in extra)
    listed = tuple([t.to_mcp() for t in always] + extra)
    return ConnectView(listed, tokens, full, surface.exposure, len(surface.tools))


def _tokens(tool: Tool) -> int:
    """The count `build_surface` recorded, else the same measure (a `token_counts=False` build)."""
    if tool.tokens:
        return tool.tokens

    return count_tokens(json.dumps(tool.to_mcp()))
