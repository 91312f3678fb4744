"""When an edit's surface may be rebuilt for the touched commands only, and how big that is.

A change to `[commands."X"]` can only change the tools of X and its subtree, so the model's
`rebuild_commands` rebuilds just those (on a slice of the tree) and reuses every other tool;
the order, prompt and token counts go through the same assembly as `build_surface`. This module
only decides which of the two to call: anything wider than a few commands (selectors, prefix,
global modes, undo) rebuilds fully. Every tool object comes from the model.
"""

from __future__ import annotations

from collections.abc import Iterable

from workbench.model.config import Config
from workbench.model.surface_types import Surface
from workbench.model.tree import CommandTree

MAX_CHANGED = 8
"""Above this many changed commands a full build is as quick as slicing."""


def slice_size(tree: CommandTree, paths: Iterable[str]) -> int:
    """How many commands a quick update of `paths` rebuilds (to decide where to run it)."""
    total = 0
    for path in paths:
        command = tree.find(path)
        total += sum(1 for _ in command.walk()) if command is not None else 0
    return total


def update_surface(
    previous: Surface | None, tree: CommandTree, config: Config, changed: set[str] | None
) -> Surface:
    """The surface for (tree, config); reuses `previous` when only `changed` commands' choices
    changed since it was built (None = something global changed: full build)."""
    from workbench.model.surface import build_surface, rebuild_commands  # off the TUI's import

    if previous is not None and changed is not None and not changed:
        return previous  # nothing changed since it was built (e.g. a save)
    if previous is None or changed is None or len(changed) > MAX_CHANGED:
        return build_surface(tree, config)
    return rebuild_commands(previous, tree, config, changed)
