"""Serve, from the command palette: the command line that serves the saved file, and a host
config snippet for it (`workbench.clients.launch`, the entry builder `client-config` uses), for
each supported host, in its own format."""

from __future__ import annotations

import shlex
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Select, Static

from workbench.clients.hosts import HOSTS as CLIENTS
from workbench.clients.launch import host_snippet, serve_argv
from workbench.tui.widgets.code_view import CodeView


def serve_texts(config, path: Path, client: str) -> tuple[str, str, str]:
    """The serve command line, `client`'s config snippet that runs it, and the snippet's language."""
    snippet, language = host_snippet(config, path, client)
    return shlex.join(serve_argv(path)), snippet, language


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
        with Vertical():
            yield Static("Serve it over stdio with:", markup=False)
            yield Static("", id="serve-line", markup=False)
            yield Static(
                "The server reads the saved file: press ctrl+s first to serve your unsaved changes."
                if self.unsaved
                else "",
                id="serve-unsaved",
                markup=False,
            )
            yield Select(
                [(name, name) for name in CLIENTS],
                value="claude-desktop",
                allow_blank=False,
                id="serve-client",
                compact=True,
            )
            yield CodeView(id="serve-snippet")
            with Horizontal():
                yield Button("Close", id="close")

    def on_mount(self) -> None:
        self._show("claude-desktop")

    def _show(self, client: str) -> None:
        line, snippet, language = serve_texts(self.config, self.path, client)
        self.query_one("#serve-line", Static).update("$ " + line)
        self.query_one("#serve-snippet", CodeView).show(snippet, language)

    @on(Select.Changed, "#serve-client")
    def _client(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL:
            self._show(str(event.value))

    @on(Button.Pressed, "#close")
    def _close(self, event: Button.Pressed) -> None:
        self.dismiss()

    def action_close(self) -> None:
        self.dismiss()
