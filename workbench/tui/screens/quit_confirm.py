"""Asked on quit when there are unsaved changes: save and quit, quit anyway, or stay."""

from __future__ import annotations

from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from workbench.tui.screens.dialog import Dialog

QuitChoice = Literal["save", "discard", "cancel"]


class QuitConfirm(Dialog[QuitChoice]):
    """Dismisses with "save", "discard" or "cancel"."""

    BINDINGS = [
        Binding("escape", "cancel", "Stay", id="quit.cancel", tooltip="Keep editing"),
    ]
    DEFAULT_CSS = """
    QuitConfirm > Vertical { width: 64; border: thick $warning; }
    """

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                f"You have unsaved changes to {self.path}. Save them before quitting?",
                id="question",
                markup=False,
            )
            with Horizontal():
                yield Button("Save and quit", id="save", variant="primary")
                yield Button("Quit without saving", id="discard", variant="error")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#save", Button).focus()

    @on(Button.Pressed)
    def _chosen(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)  # type: ignore[arg-type]

    def action_cancel(self) -> None:
        self.dismiss("cancel")
