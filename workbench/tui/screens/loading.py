"""Shown while the TARGET loads in a worker: a spinner and the loader's latest progress line."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import LoadingIndicator, Static

from workbench.tui.widgets.footer import StableFooter


class LoadingScreen(Screen[None]):
    DEFAULT_CSS = """
    LoadingScreen { align: center middle; }
    LoadingScreen > Vertical { width: 70; height: 7; border: round $border; padding: 0 1; }
    LoadingScreen LoadingIndicator { height: 3; }
    LoadingScreen #progress { color: $text-muted; text-align: center; }
    """

    def __init__(self, label: str) -> None:
        super().__init__()
        self.label = label

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Opening {self.label}", id="what", markup=False)
            yield LoadingIndicator()
            yield Static("", id="progress", markup=False)
        yield StableFooter()

    def show_progress(self, text: str) -> None:
        self.query_one("#progress", Static).update(text)
