"""Export (save as), from the command palette: type a path, and `mcp.toml` is written there
(atomically) and becomes the file that ctrl+s writes from then on."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from workbench.tui.screens.dialog import Dialog


class SaveAs(Dialog[Path | None]):
    """Dismisses with the chosen path, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="save-as.cancel", tooltip="Do not save")]
    DEFAULT_CSS = """
    SaveAs > Vertical { width: 80; border: thick $primary; }
    SaveAs #save-as-problem { color: $text-error; height: auto; }
    """

    def __init__(self, current: Path) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "Export: write the config to this file (ctrl+s then saves there).", markup=False
            )
            yield Input(str(self.current), id="save-as-path")
            yield Static("", id="save-as-problem", markup=False)
            with Horizontal():
                yield Button("Save", id="save-as", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#save-as-path", Input).focus()

    @on(Input.Submitted, "#save-as-path")
    @on(Button.Pressed, "#save-as")
    def _save(self, event) -> None:
        event.stop()
        text = self.query_one("#save-as-path", Input).value.strip()
        if not text:
            self.query_one("#save-as-problem", Static).update(
                "Type the path of the file to write, such as mcp.toml."
            )
            return
        path = Path(text).expanduser()
        if path.is_dir():
            self.query_one("#save-as-problem", Static).update(
                f"{path} is a folder; name the file, such as {path / 'mcp.toml'}."
            )
            return
        self.dismiss(path)

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
