"""The floor for the TUI rows: the smallest Textual app that does what the user waits for.

`python bench/floor_app.py MODULE:ATTR` imports a click CLI, walks its commands with click's own
`list_commands`/`get_command`, and shows them in a `Tree` (groups collapsed but the first,
every command with its mark `●`) beside a preview `Static` holding the highlighted command's
tool as JSON. `x` excludes or includes the highlighted command: its mark becomes `○ excluded`
and the preview says "`PATH` is not a tool." (the product's own words), or the JSON again.
Same pinned Textual, same terminal, same key, same visible change as the product: whatever the
product takes beyond this is the product's own cost (docs/performance.md).
"""

from __future__ import annotations

import importlib
import json
import sys

import click
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static, Tree


def commands_of(group: click.Command, path: list[str]) -> list[tuple[list[str], click.Command]]:
    ctx = click.Context(group, info_name=path[-1])
    found = []
    for name in group.list_commands(ctx):  # type: ignore[attr-defined]
        found.append(([*path, name], group.get_command(ctx, name)))  # type: ignore[attr-defined]
    return found


class FloorApp(App[None]):
    CSS = "Horizontal { height: 1fr; } Tree { width: 1fr; } #preview { width: 2fr; }"
    BINDINGS = [Binding("x", "toggle", "Include")]

    def __init__(self, cli: click.Command, name: str) -> None:
        super().__init__()
        self.cli, self.root_name = cli, name
        self.excluded: set[str] = set()

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Tree(self.root_name, id="tree")
            yield Static("", id="preview", markup=False)

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.root.expand()
        first = None
        for index, (path, group) in enumerate(commands_of(self.cli, [self.root_name])):
            node = tree.root.add(path[-1], data=" ".join(path), expand=index == 0)
            for leaf_path, _ in commands_of(group, path):
                leaf = node.add_leaf(self.label(leaf_path), data=" ".join(leaf_path))
                first = first or leaf
        tree.focus()
        if first is not None:
            self.call_after_refresh(tree.move_cursor, first)  # once the tree knows its lines

    def label(self, path: list[str]) -> str:
        mark = "○ excluded" if " ".join(path) in self.excluded else "●"
        return f"{path[-1]} {mark}"

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted) -> None:
        self.show(event.node)

    def show(self, node) -> None:
        path = node.data or ""
        if path in self.excluded:
            text = f"`{path}` is not a tool.\n\nWhy: excluded by you.\n"
        else:
            text = json.dumps({"name": path.replace(" ", "_"), "description": "…"}, indent=2)
        self.query_one("#preview", Static).update(text)

    def action_toggle(self) -> None:
        node = self.query_one(Tree).cursor_node
        if node is None or not node.data or node.children:
            return
        self.excluded ^= {node.data}
        node.set_label(self.label(node.data.split(" ")))
        self.show(node)


def main() -> None:
    module, _, attr = sys.argv[1].partition(":")
    cli = getattr(importlib.import_module(module), attr or "cli")
    FloorApp(
        cli, module.rpartition(".")[2]
    ).run()  # the product names the root after the module too


if __name__ == "__main__":
    main()
