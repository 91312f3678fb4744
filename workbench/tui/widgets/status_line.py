"""The status line: tool count, token cost (prompt + tools), findings, unsaved marker, file."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from workbench.tui.previews import Previews


class StatusLine(Static):
    """One line under the panes; shows "updating…" while the previews are being recomputed."""

    DEFAULT_CSS = """
    StatusLine { height: 1; background: $panel; color: $text; padding: 0 1; }
    StatusLine.-stale { color: $text-muted; }
    StatusLine.-error { color: $text-error; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.previews: Previews | None = None
        self.path: Path | None = None
        self.on_disk = True
        self.stale = True

    def show(self, previews: Previews, path: Path, on_disk: bool = True) -> None:
        self.previews, self.path, self.on_disk, self.stale = previews, path, on_disk, False
        self.set_class(False, "-stale")
        self.set_class(previews.error is not None, "-error")
        self.update(self.describe())

    def set_stale(self, dirty_hint: bool = True) -> None:
        self.stale = True
        self.set_class(True, "-stale")
        self.update(self.describe(dirty_hint=dirty_hint))

    def describe(self, dirty_hint: bool | None = None) -> str:
        """The status text (also what tests read)."""
        p = self.previews
        parts: list[str] = []
        if p is None:
            parts.append("computing the surface…")
        elif p.error is not None:
            parts.append("✗ cannot build the surface (see the previews)")
        else:
            label = f" ({p.token_label})" if p.token_label else ""
            parts.append(f"{p.tool_count} tools")
            parts.append(f"{p.tokens:,} tokens{label}")
            parts.append(f"{len(p.findings)} findings")
        dirty = p.dirty if (p is not None and not self.stale) else dirty_hint
        if dirty:
            parts.append("● unsaved")
        elif p is not None and not self.stale:
            parts.append("saved" if self.on_disk else "not saved yet")
        if self.path is not None:
            parts.append(str(self.path))
        if self.stale:
            parts.append("updating…")
        return "  ·  ".join(parts)
