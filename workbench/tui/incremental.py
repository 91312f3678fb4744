"""Fast surface updates after an edit that touches only some commands' choices.

A change to `[commands."X"]` can only change the tools of X and its subtree (deprecating a
group filters its subcommands). So the surface is rebuilt with B's `build_surface` on a
*slice* of the tree (X's ancestors, with their flags, plus X's whole subtree), and those tools
replace the previous ones; ordering, the prompt and its token count are then redone with the
surface module's own `order_tools` / `render_prompt` / `count_tokens`. Every tool object still
comes from `build_surface`. Anything else (selectors, prefix, global modes, undo) rebuilds fully,
and the screen always follows with a full build in the background that replaces this result.
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

from workbench.model.config import Config
from workbench.model.surface_types import Surface
from workbench.model.tree import Command, CommandTree


def tree_slice(tree: CommandTree, paths: Iterable[str]) -> tuple[CommandTree, set[str]]:
    """A tree holding the commands at `paths` with their subtrees and their ancestors (flags
    kept, other children dropped), plus the set of paths whose tools the slice decides."""
    wanted = [tree.find(p) for p in paths]
    if any(c is None for c in wanted):
        raise KeyError("unknown command")
    decided: set[str] = set()
    for command in wanted:
        decided.update(c.path_str for c in command.walk())  # type: ignore[union-attr]
    keep = {" ".join(c.path[:depth]) for c in wanted for depth in range(1, len(c.path) + 1)}  # type: ignore[union-attr]

    def copy(command: Command) -> Command:
        if command.path_str in decided:
            return command
        subs = [copy(s) for s in command.subcommands if s.path_str in keep]
        return command.model_copy(update={"subcommands": subs})

    root = copy(tree.root)
    return tree.model_copy(update={"root": root}), decided


def slice_size(tree: CommandTree, paths: Iterable[str]) -> int:
    """How many commands a quick update of `paths` rebuilds (to decide where to run it)."""
    total = 0
    for path in paths:
        command = tree.find(path)
        total += sum(1 for _ in command.walk()) if command is not None else 0
    return total


def update_surface(previous: Surface | None, tree: CommandTree, config: Config,
                   changed: set[str] | None) -> Surface:
    """The surface for (tree, config); reuses `previous` when only `changed` commands' choices
    changed since it was built (None = something global changed: full build)."""
    from workbench.model.surface import build_surface

    if previous is not None and changed is not None and not changed:
        return previous  # nothing changed since it was built (e.g. a save)
    if previous is None or changed is None or len(changed) > 8:
        return build_surface(tree, config)
    try:
        part_tree, decided = tree_slice(tree, changed)
    except KeyError:
        return build_surface(tree, config)
    from workbench.model.prompt import order_tools, render_prompt
    from workbench.model.tokens import count_tokens

    unordered = config.model_copy(update={"prompt": config.prompt.model_copy(update={"tool_order": None})})
    part = build_surface(part_tree, unordered)
    kept = [t for t in previous.tools if t.command_str not in decided]
    names = {t.name for t in kept}
    if any(t.name in names for t in part.tools):
        return build_surface(tree, config)  # a collision: let the full build name it
    ordered = order_tools([*kept, *part.tools], config.prompt.tool_order)
    prompt = render_prompt(config, tree, ordered)
    exclusions = [e for e in previous.exclusions if e.path not in decided]
    return dataclasses.replace(
        previous,
        tools=tuple(ordered),
        prompt=prompt,
        prompt_tokens=count_tokens(prompt),
        exclusions=(*exclusions, *(e for e in part.exclusions if e.path in decided)),
    )
