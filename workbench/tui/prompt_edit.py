"""The prompt editor's logic as plain Python (no Textual): the tool order as an editable list,
moving an entry, and trying a candidate prompt config so errors show before anything applies.

Rendering uses the surface module's own `order_tools` and `render_prompt`, so an error here is
exactly the one `serve` would refuse to start with (it names the section at fault).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.model.config import REST_ENTRY, Config
from workbench.model.errors import WorkbenchError
from workbench.model.prompt import order_tools, render_prompt
from workbench.model.tree import CommandTree


def order_entries(config: Config, tool_names: Sequence[str]) -> list[str]:
    """The tool order as the editor lists it: `prompt.tool_order`, or (when unset) every tool by
    name followed by `<unlisted-tools>` (which is how tools are ordered without one)."""
    if config.prompt.tool_order is not None:
        return list(config.prompt.tool_order)
    return [*sorted(tool_names), REST_ENTRY]


def moved(entries: list[str], index: int, step: int) -> list[str]:
    """`entries` with the one at `index` moved `step` places (clamped at the ends)."""
    target = max(0, min(len(entries) - 1, index + step))
    result = list(entries)
    result.insert(target, result.pop(index))
    return result


def render(config: Config, tree: CommandTree, tools: Sequence[Any]) -> str:
    """The rendered prompt for `config` (raises the surface's SurfaceError when it cannot)."""
    return render_prompt(config, tree, order_tools(tools, config.prompt.tool_order))


def problem(config: Config, tree: CommandTree, tools: Sequence[Any]) -> str | None:
    """Why `config`'s prompt cannot render (one sentence naming the section), or None."""
    try:
        render(config, tree, tools)
    except WorkbenchError as error:
        return str(error)
    return None
