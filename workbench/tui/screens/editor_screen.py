"""The base of the full-screen editors (selectors, prompt, env & runtime): each edits the main
screen's workspace through its `apply_edit`, and they share one look (two panes, bold labels,
muted hints, a state line that turns red, amber or green)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from workbench.model.config import Config
from workbench.tui.bindings import EDITOR_BINDINGS

if TYPE_CHECKING:
    from workbench.tui.screens.main import MainScreen


class EditorScreen(Screen[None]):
    """An editor pushed over the main screen, editing its workspace."""

    DEFAULT_CSS = """
    EditorScreen Label { color: $text-primary; text-style: bold; margin-top: 1; }
    EditorScreen .hint { color: $text-muted; }
    EditorScreen Horizontal { height: auto; }
    EditorScreen Button { margin-right: 1; }
    EditorScreen .pane { width: 1fr; padding: 0 1; }
    EditorScreen .panes { height: 1fr; }
    EditorScreen .state { height: auto; padding: 0 1; }
    EditorScreen .state.-invalid { color: $text-error; }
    EditorScreen .state.-warning { color: $text-warning; }
    EditorScreen .state.-valid { color: $text-success; }
    """

    def __init__(self, main: MainScreen) -> None:
        super().__init__()
        self.main = main

    @property
    def config(self) -> Config:
        return self.main.workspace.config


class ReorderingEditor(EditorScreen):
    """An editor of an ordered list (the selectors, the tool order): shift+up / shift+down move
    its highlighted entry one place, through the editor's `_move(step)`."""

    BINDINGS = EDITOR_BINDINGS

    def _move(self, step: int) -> None:
        raise NotImplementedError

    def action_move_up(self) -> None:
        """shift+up: the highlighted entry moves up (first match / first place)."""
        self._move(-1)

    def action_move_down(self) -> None:
        self._move(1)
