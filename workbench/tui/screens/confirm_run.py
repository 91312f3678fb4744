"""Asked before the try-it pane runs a tool marked destructive or not marked read-only."""

from __future__ import annotations

import json
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from workbench.tui.screens.dialog import Dialog


class ConfirmRun(Dialog[bool]):
    """Dismisses with True to run, False to cancel."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="confirm-run.cancel", tooltip="Do not run it")
    ]
    DEFAULT_CSS = """
    ConfirmRun > Vertical { width: 70; border: thick $error; }
    """

    def __init__(
        self, tool: str, arguments: dict[str, Any], reason: str = "is marked destructive"
    ) -> None:
        super().__init__()
        self.tool, self.arguments, self.reason = tool, arguments, reason

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                f"`{self.tool}` {self.reason}. Run it for real with these arguments?\n\n"
                + json.dumps(self.arguments, ensure_ascii=False),
                markup=False,
            )
            with Horizontal():
                yield Button("Run it", id="run", variant="error")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#cancel", Button).focus()

    @on(Button.Pressed)
    def _chosen(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "run")

    def action_cancel(self) -> None:
        self.dismiss(False)
