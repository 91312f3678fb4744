"""The status line: tool count, token cost (prompt + tools), findings, unsaved marker, coverage,
file."""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from workbench.model.coverage import coverage_line
from workbench.tui.previews import FullPreviews, QuickPreviews

STALE_STYLE = Style(dim=True)


class StatusLine(Static):
    """One line under the panes; shows "updating…" while the previews are being recomputed."""

    DEFAULT_CSS = """
    StatusLine { height: 1; background: $panel; color: $text; padding: 0 1; }
    StatusLine.-error { color: $text-error; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.quick: QuickPreviews | None = None
        self.full: FullPreviews | None = None
        self.path: Path | None = None
        self.on_disk = True
        self.quick_stale = True
        self.full_stale = True
        self.coverage: str | None = None
        """How much of the tree two witnesses agree on (`coverage_text`), when known."""

    def set_stale(self) -> None:
        self.quick_stale = self.full_stale = True
        self._render_now()

    def show_quick(self, quick: QuickPreviews, path: Path, on_disk: bool) -> None:
        self.quick, self.path, self.on_disk, self.quick_stale = quick, path, on_disk, False
        self._render_now()

    def show_full(self, full: FullPreviews) -> None:
        self.full, self.full_stale = full, False
        self._render_now()

    def _render_now(self) -> None:
        stale = self.quick_stale or self.full_stale
        error = self.quick is not None and self.quick.error is not None and not self.quick_stale
        self.set_class(error, "-error")  # rare; staleness is drawn (a class change costs ~10 ms)
        text = self.describe()
        if self.size.width and len(text) > self.size.width - 2:  # narrow: keep both ends on screen
            text = self.describe(compact=True)
        # One line, always: no layout (a layout pass reflows every widget on the screen).
        self.update(Text(text, style=STALE_STYLE if stale else ""), layout=False)

    def on_resize(self) -> None:
        self._render_now()

    def describe(self, compact: bool = False) -> str:
        """The status text (also what tests read); `compact` drops the tokenizer's name and the
        file's folder."""
        q = self.quick
        parts: list[str] = []
        if q is None:
            parts.append("computing the surface…")
        elif q.error is not None:
            parts.append("✗ cannot build the surface (see the previews)")
        else:
            label = f" ({q.token_label})" if q.token_label and not compact else ""
            parts.append(f"{q.tool_count:,} tool{'' if q.tool_count == 1 else 's'}")
            if q.tokens is not None:
                parts.append(f"{q.tokens:,} tokens{label}")
            elif (
                self.full is not None and not self.full_stale and self.full.quick.tokens is not None
            ):
                parts.append(f"{self.full.quick.tokens:,} tokens{label}")
            else:
                parts.append("… tokens")
            if self.full is not None and not self.full_stale:
                count = len(self.full.findings)
                parts.append(f"{count:,} finding{'' if count == 1 else 's'}")
            else:
                parts.append("… findings")
        if self.full is not None and not self.full_stale:
            dirty = self.full.dirty
        else:
            dirty = q.dirty if q is not None else False
        if dirty:
            parts.append("● unsaved")
        elif q is not None and not self.quick_stale:
            parts.append("saved" if self.on_disk else "not saved yet")
        if self.quick_stale or self.full_stale:
            parts.append("updating…")  # before the long parts, so a narrow terminal still shows it
        if self.coverage:
            parts.append(self.coverage)
        if self.path is not None:
            parts.append(self.path.name if compact else str(self.path))
        return (" · " if compact else "  ·  ").join(parts)


def coverage_text(tree) -> str | None:
    """The two-witness coverage line of the loaded tree (None when only one witness ran)."""
    return coverage_line(tree)
