"""The "Lint" tab: every finding with its code, severity and fix, as a list you can select —
enter or a click on a finding about a command jumps to that command in the tree — above the
findings as `check` reports them.

Attributes down: `show_findings(findings, text)`. Messages up: `JumpToCommand(path)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from workbench.model.findings import Finding, finding_row
from workbench.tui.widgets.code_view import CodeView

MARKS = {"error": "✗", "warning": "⚠", "info": "ℹ"}


@dataclass
class JumpToCommand(Message):
    """Highlight this command in the tree."""

    path: str


def finding_line(found: Finding) -> str:
    """One finding as a list row: its severity's mark, then the model's one-line form."""
    return f"{MARKS.get(found.severity.value, '•')} {finding_row(found)}"


class LintPane(Vertical):
    """Findings to select (and jump from), then the full report."""

    DEFAULT_CSS = """
    LintPane { height: 1fr; }
    LintPane #lint-list { height: 1fr; max-height: 50%; border-bottom: solid $border-blurred; }
    LintPane #lint-list.-stale { text-opacity: 55%; }
    LintPane #view-lint { height: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.findings: list[Any] = []

    def compose(self) -> ComposeResult:
        yield OptionList(id="lint-list", compact=True)
        yield CodeView(id="view-lint")

    def set_stale(self, stale: bool) -> None:
        """Dim the list while it shows findings older than the config."""
        self.query_one("#lint-list", OptionList).set_class(stale, "-stale")

    def show_findings(self, findings: list[Any]) -> None:
        self.set_stale(False)
        if list(findings) == self.findings:
            return
        self.findings = list(findings)
        options = self.query_one("#lint-list", OptionList)
        options.clear_options()
        # Content, not a str: a str prompt is read as markup and `[env]` in a fix would vanish.
        options.add_options(
            [Option(Content(finding_line(f)), id=str(i)) for i, f in enumerate(self.findings)]
        )

    @on(OptionList.OptionSelected, "#lint-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        finding = (
            self.findings[event.option_index] if event.option_index < len(self.findings) else None
        )
        path = finding.command if finding is not None else ""
        if path:
            self.post_message(JumpToCommand(path))
        else:
            self.notify(
                "This finding is about the config as a whole, not one command.", markup=False
            )
