"""Serve, from the command palette: the command line that serves the saved file, and a client
config snippet for it (from `client-config`'s own entry builder), for each supported client."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Select, Static

from workbench.tui.widgets.code_view import CodeView


def serve_texts(config, path: Path, client: str) -> tuple[str, str]:
    """The serve command line, and `client`'s config snippet that runs it."""
    from workbench.commands.client_config import client_document, serve_command, server_name

    command = serve_command(path)
    snippet = json.dumps(client_document(client, server_name(config, path), command), indent=2) + "\n"
    return shlex.join(command), snippet


class ServeInfo(ModalScreen[None]):
    """How to serve this config: the command line and a client snippet."""

    BINDINGS = [Binding("escape", "close", "Close", id="serve.close", tooltip="Close")]
    DEFAULT_CSS = """
    ServeInfo { align: center middle; background: $background 60%; }
    ServeInfo > Vertical { width: 100; height: auto; max-height: 90%; border: thick $primary;
                           background: $surface; padding: 1 2; }
    ServeInfo #serve-line { color: $text-primary; margin-bottom: 1; }
    ServeInfo #serve-unsaved { color: $text-warning; height: auto; }
    ServeInfo #serve-snippet { height: 14; }
    ServeInfo Horizontal { height: auto; align-horizontal: right; margin-top: 1; }
    """

    def __init__(self, config, path: Path, unsaved: bool) -> None:
        super().__init__()
        self.config, self.path, self.unsaved = config, path, unsaved

    def compose(self) -> ComposeResult:
        from workbench.commands.client_config import CLIENTS

        with Vertical():
            yield Static("Serve it over stdio with:", markup=False)
            yield Static("", id="serve-line", markup=False)
            yield Static("The server reads the saved file: press ctrl+s first to serve your unsaved changes."
                         if self.unsaved else "", id="serve-unsaved", markup=False)
            yield Select([(name, name) for name in CLIENTS], value="claude-desktop", allow_blank=False,
                         id="serve-client", compact=True)
            yield CodeView(id="serve-snippet")
            with Horizontal():
                yield Button("Close", id="close")

    def on_mount(self) -> None:
        self._show("claude-desktop")

    def _show(self, client: str) -> None:
        line, snippet = serve_texts(self.config, self.path, client)
        self.query_one("#serve-line", Static).update("$ " + line)
        self.query_one("#serve-snippet", CodeView).show(snippet, "json")

    @on(Select.Changed, "#serve-client")
    def _client(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL:
            self._show(str(event.value))

    @on(Button.Pressed, "#close")
    def _close(self, event: Button.Pressed) -> None:
        self.dismiss()

    def action_close(self) -> None:
        self.dismiss()
