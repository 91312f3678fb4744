"""A form's state line (the editors' and the selectors pane's "✓ Applied" / "✗ Not applied: …"):
one sentence, marked `-invalid`, `-warning` or `-valid` for its colour. The one way a state line
is set, so every editor colours it the same (the colours are the screen's CSS)."""

from __future__ import annotations

from textual.widgets import Static


def show_state(line: Static, text: str, valid: bool | None, *, warning: bool = False) -> None:
    """Show `text` in `line`: red when `valid` is False, green when True, amber for a `warning`,
    plain otherwise."""
    line.update(text)
    line.set_class(valid is False, "-invalid")
    line.set_class(valid is True, "-valid")
    line.set_class(warning, "-warning")
