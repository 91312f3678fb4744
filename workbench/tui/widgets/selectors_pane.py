"""The "Selectors" tab: edit `[[selectors]]` as TOML (checked as typed, applied on demand) and
see, live, which commands each selector claims and which none does.

Attributes down: `show(config, statuses)`. Messages up: `EditRequested` (refused with the
surface's reason when the selectors would break it).
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static, TextArea

from workbench.tui.messages import EditRequested
from workbench.tui.selectors_text import (
    SelectorsInputError,
    claims_text,
    parse_selectors,
    selectors_text,
)
from workbench.tui.widgets.code_view import CodeView
from workbench.tui.widgets.form_state import show_state
from workbench.tui.widgets.keyboard import EditorTextArea


class SelectorsPane(Vertical):
    """TOML editor + Apply + the claims of the selectors as they are now."""

    DEFAULT_CSS = """
    SelectorsPane { height: 1fr; }
    SelectorsPane #selectors-toml { height: 9; background: $boost; }
    SelectorsPane Horizontal { height: auto; }
    SelectorsPane #selectors-state { padding: 0 1; height: auto; }
    SelectorsPane #selectors-state.-invalid { color: $text-error; }
    SelectorsPane #selectors-state.-valid { color: $text-success; }
    SelectorsPane #view-claims { height: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config: Any = None
        self.shown_text: str | None = None

    def compose(self) -> ComposeResult:
        yield EditorTextArea(
            id="selectors-toml",
            compact=True,
            soft_wrap=True,
            placeholder='[[selectors]]\ncommands = ["mycli deploy*"]',
        )
        with Horizontal():
            yield Button(
                "Apply selectors",
                id="apply-selectors",
                compact=True,
                variant="primary",
                tooltip="Use these selectors, in this order (first match wins)",
            )
            yield Static("", id="selectors-state", markup=False)
        yield CodeView(id="view-claims")

    def show(self, config: Any, statuses: dict[str, Any]) -> None:
        """Show the config's selectors (keeping unapplied typing) and their claims."""
        self.config = config
        text = selectors_text(config)
        area = self.query_one("#selectors-toml", TextArea)
        if (self.shown_text is None or area.text == self.shown_text) and area.text != text:
            area.load_text(text)
        self.shown_text = text
        self.query_one("#view-claims", CodeView).show(claims_text(config, statuses), "text")

    def _state(self, text: str, valid: bool | None) -> None:
        show_state(self.query_one("#selectors-state", Static), text, valid)

    def refused(self, problem: str) -> None:
        self._state(f"✗ Not applied: {problem}", False)

    @on(TextArea.Changed, "#selectors-toml")
    def _typed(self, event: TextArea.Changed) -> None:
        event.stop()
        try:
            parse_selectors(event.text_area.text)
        except SelectorsInputError as error:
            self._state(f"✗ {error}", False)
            return
        unchanged = event.text_area.text == self.shown_text
        self._state(
            "" if unchanged else "✓ Valid: press Apply to use them.", None if unchanged else True
        )

    @on(Button.Pressed, "#apply-selectors")
    def _apply(self, event: Button.Pressed) -> None:
        event.stop()
        text = self.query_one("#selectors-toml", TextArea).text
        try:
            selectors = parse_selectors(text)
        except SelectorsInputError as error:
            self._state(f"✗ Not applied: {error}", False)
            return
        if self.config is not None and selectors == list(self.config.selectors):
            return
        self._state("Applied.", True)
        self.shown_text = text
        self.post_message(EditRequested(self, lambda ws: ws.set_selectors(selectors), self.refused))
