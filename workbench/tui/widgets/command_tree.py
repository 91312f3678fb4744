"""The left pane: the CLI's commands as a tree, each marked exposed / filtered (why) / findings.

Attributes down: the screen hands it the command tree (`show_tree`) and, after each recompute,
every command's status (`show_statuses`). Messages up: `CommandTree.NodeHighlighted` (Textual's)
carries the command path in `node.data`; `ToggleInclude` asks the screen to flip a command.
The filter box narrows the tree to matching commands (and their parents) for big CLIs.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, Tree
from textual.widgets._tree import TreeNode

from workbench.model.tree import Command
from workbench.model.tree import CommandTree as TreeModel
from workbench.tui.previews import CommandStatus

FILTER_DEBOUNCE_S = 0.15
REPAINT_ALL_ABOVE = 50
"""More changed marks than this repaint the visible tree at once instead of line by line."""


class CommandTree(Tree[str]):
    """A Tree whose nodes carry a command path and render its status with theme colours."""

    COMPONENT_CLASSES = {"command-tree--exposed", "command-tree--filtered", "command-tree--lint"}
    DEFAULT_CSS = """
    CommandTree { background: $surface; }
    CommandTree > .command-tree--exposed { color: $wb-exposed; }
    CommandTree > .command-tree--filtered { color: $wb-filtered; text-style: italic; }
    CommandTree > .command-tree--lint { color: $wb-lint; text-style: bold; }
    """
    BINDINGS = [
        Binding(
            "x",
            "toggle_include",
            "Include",
            id="tree.toggle-include",
            tooltip="Include or exclude the highlighted command (on a group: all its commands)",
        ),
    ]

    @dataclass
    class ToggleInclude(Message):
        """The user asked to flip whether `path` becomes a tool."""

        tree: CommandTree
        path: str

        @property
        def control(self) -> CommandTree:
            return self.tree

    def __init__(self, **kwargs) -> None:
        self.statuses: dict[str, CommandStatus] = {}
        self.nodes_by_path: dict[str, TreeNode[str]] = {}
        self.pending: dict[str, Command] = {}
        """Groups whose children are not added yet (they are, on first expand)."""
        super().__init__("commands", **kwargs)
        self.guide_depth = 3

    def populate(self, model: TreeModel, visible: set[str] | None = None) -> None:
        """Rebuild the nodes from the command tree. Unfiltered, a group's children are added when
        it is first expanded (a 2,000-command CLI opens with a few dozen nodes); filtered by
        `visible`, every match is added and shown expanded."""
        self.clear()
        self.nodes_by_path = {}
        self.pending: dict[str, Command] = {}
        root = model.root
        self.root.set_label(Text(root.name))
        self.root.data = root.path_str
        self.nodes_by_path[root.path_str] = self.root
        self._add_command_children(self.root, root, visible)
        self.root.expand()
        if visible is not None:
            self.root.expand_all()

    def _add_command_children(
        self, node: TreeNode[str], command: Command, visible: set[str] | None
    ) -> None:
        for sub in command.subcommands:
            if visible is not None and sub.path_str not in visible:
                continue
            if sub.subcommands:
                child = node.add(Text(sub.name), data=sub.path_str)
                if visible is None:
                    self.pending[sub.path_str] = sub
                else:
                    self._add_command_children(child, sub, visible)
            else:
                child = node.add_leaf(Text(sub.name), data=sub.path_str)
            self.nodes_by_path[sub.path_str] = child

    def _add_pending(self, path: str) -> None:
        command = self.pending.pop(path, None)
        node = self.nodes_by_path.get(path)
        if command is not None and node is not None:
            self._add_command_children(node, command, None)

    def on_tree_node_expanded(self, event: Tree.NodeExpanded) -> None:
        if event.node.data in self.pending:
            self._add_pending(event.node.data)

    def show_statuses(self, statuses: dict[str, CommandStatus]) -> None:
        """Re-render the marks; only the lines of nodes whose status changed are repainted (an
        edit to one command repaints one line, as a plain Tree's `set_label` would)."""
        previous = self.statuses
        if statuses is previous:
            return
        # An edit's statuses reuse the unchanged entries' objects: identity settles most at once.
        changed = [p for p, s in statuses.items() if (old := previous.get(p)) is not s and old != s]
        changed += [p for p in previous if p not in statuses]
        self.statuses = statuses
        if len(changed) > REPAINT_ALL_ABOVE:
            self._updates += 1  # a new key for every cached line: one repaint of what is visible
            self.refresh()
            return
        for path in changed:
            node = self.nodes_by_path.get(path)
            if node is not None and node.line >= 0:  # -1: collapsed away, painted when shown
                node._updates += 1  # its cached line is stale (Tree keys lines by node updates)
                self._refresh_line(node.line)

    def render_label(self, node: TreeNode[str], base_style: Style, style: Style) -> Text:
        text = super().render_label(node, base_style, style)
        status = self.statuses.get(node.data or "")
        if status is None:
            return text
        if status.exposed:
            mark = Text(
                " ●", style=self.get_component_rich_style("command-tree--exposed", partial=True)
            )
        else:
            mark = Text(
                f" ○ {status.short_why}",
                style=self.get_component_rich_style("command-tree--filtered", partial=True),
            )
        text.append_text(mark)
        if status.findings:
            text.append_text(
                Text(
                    f" ⚠{status.findings}",
                    style=self.get_component_rich_style("command-tree--lint", partial=True),
                )
            )
        return text

    def action_toggle_include(self) -> None:
        node = self.cursor_node
        if node is not None and node.data:
            self.post_message(self.ToggleInclude(self, node.data))

    def select_path(self, path: str) -> None:
        """Move the cursor to `path`, adding and expanding its parents."""
        segments = path.split(" ")
        for depth in range(1, len(segments)):
            self._add_pending(" ".join(segments[:depth]))
        node = self.nodes_by_path.get(path)
        if node is None:
            return
        parent = node.parent
        while parent is not None:
            parent.expand()
            parent = parent.parent
        _ = self._tree_lines  # rebuild lines so the node knows its line number
        self.move_cursor(node)


class CommandTreePanel(Vertical):
    """The filter box above the command tree."""

    ALLOW_MAXIMIZE = True  # F2 (zoom) lets the whole pane fill the screen

    DEFAULT_CSS = """
    CommandTreePanel { width: 1fr; min-width: 24; }
    CommandTreePanel > Input { margin: 0; border: tall $border-blurred; }
    CommandTreePanel > Input:focus { border: tall $border; }
    CommandTreePanel > CommandTree { height: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.model: TreeModel | None = None

    def compose(self) -> ComposeResult:
        yield Input(placeholder="/ filter commands", id="filter")
        yield CommandTree(id="tree")

    @property
    def tree(self) -> CommandTree:
        return self.query_one(CommandTree)

    def show_tree(self, model: TreeModel) -> None:
        self.model = model
        self.tree.populate(model)

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.set_timer(
            FILTER_DEBOUNCE_S, lambda value=event.value: self._apply_filter(value), name="filter"
        )

    def _apply_filter(self, value: str) -> None:
        if self.model is None or value != self.query_one("#filter", Input).value:
            return  # a later keystroke will apply its own value
        tree = self.tree
        highlighted = tree.cursor_node.data if tree.cursor_node is not None else None
        expanded = [path for path, node in tree.nodes_by_path.items() if node.is_expanded]
        tree.populate(self.model, matching_paths(self.model, value))
        if not value.split():  # cleared: the groups open while filtering stay open
            for path in sorted(expanded, key=len):
                tree._add_pending(path)
                if (node := tree.nodes_by_path.get(path)) is not None:
                    node.expand()
            target = highlighted
        else:  # the cursor (and so the inspector) follows the first match, unless it still matches
            matches = matching_commands(self.model, value)
            below_root = [path for path in matches if " " in path]  # the root always shows
            target = (
                highlighted if highlighted in matches else next(iter(below_root or matches), None)
            )
        if target:
            self.call_after_refresh(tree.select_path, target)

    @on(Input.Submitted, "#filter")
    def _filter_submitted(self) -> None:
        self.tree.focus()


def matching_commands(model: TreeModel, text: str) -> dict[str, None]:
    """The paths of the commands whose path or short help contains every word of `text`, in
    tree order."""
    words = text.lower().split()
    return {
        command.path_str: None
        for command in model.walk()
        if all(word in f"{command.path_str} {command.short_help}".lower() for word in words)
    }


def matching_paths(model: TreeModel, text: str) -> set[str] | None:
    """Commands whose path or short help contains every word of `text`, plus their ancestors."""
    if not text.split():
        return None
    visible: set[str] = set()
    for path in matching_commands(model, text):
        segments = path.split(" ")
        for depth in range(1, len(segments) + 1):
            visible.add(" ".join(segments[:depth]))
    return visible
