"""A read-only, scrollable view of JSON / TOML / text, highlighted with `textual.highlight`.

Built for big previews (1,000 tools is ~30,000 lines of JSON): only the lines on screen are
rendered, and the text is highlighted lazily in blocks of lines, so showing a new text costs
a `split` and nothing more. `stale` dims the text while it is older than the config; it is
drawn, not styled with a CSS class, because restyling a node through the app's stylesheet
costs ~10 ms, and every edit would pay it for every view. Colours come from `textual.highlight`'s theme-variable styles, so
the view follows the app theme (the cache is dropped when the theme changes).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.content import Content
from textual.geometry import Size
from textual.highlight import highlight
from textual.scroll_view import ScrollView
from textual.strip import Strip

STALE_STYLE = Style(dim=True)
BLOCK_LINES = 200
"""Lines highlighted together; a multi-line TOML string may only be mis-coloured at a block edge."""


class CodeView(ScrollView, can_focus=True):
    """Shows one text; `show(text, language)` replaces it."""

    DEFAULT_CSS = """
    CodeView { background: $surface; }
    """

    def __init__(self, text: str = "", language: str = "text", **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = ""
        self.language = language
        self._lines: list[str] = []
        self._blocks: dict[int, list[Content]] = {}
        self._strips: dict[int, Strip] = {}
        self.stale = False
        """Whether the text is older than the config (drawn dimmed)."""
        self.show(text, language)

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._theme_changed, init=False)

    def _theme_changed(self) -> None:
        self._strips.clear()
        self.refresh()

    def set_stale(self, stale: bool) -> None:
        if stale != self.stale:
            self.stale = stale
            self._strips.clear()
            self.refresh()

    def show(self, text: str, language: str | None = None) -> None:
        """Replace the text (keeps the scroll position when the text is the same length)."""
        if text == self.text and (language is None or language == self.language):
            return
        self.text = text
        if language is not None:
            self.language = language
        self._lines = text.split("\n")
        if self._lines and self._lines[-1] == "":
            self._lines.pop()
        self._blocks.clear()
        self._strips.clear()
        width = max(map(len, self._lines), default=0)  # C speed: 30,000 lines in ~1 ms
        self._set_virtual_size(Size(width + 1, len(self._lines)))
        self.refresh()

    def _set_virtual_size(self, size: Size) -> None:
        """Set the scrollable size without a layout pass: the view's own size is set by CSS, so
        only a scrollbar appearing or going away needs one (Textual's `virtual_size` setter
        always asks for a layout, which reflows every widget on the screen)."""
        if size == self.virtual_size:
            return
        if not self.is_mounted or not self.container_size:
            self.virtual_size = size  # the first layout sizes it anyway
            return
        self.set_reactive(ScrollView.virtual_size, size)
        self._scroll_update(size)  # what ScrollView's own resize does: scrollbars and clamping

    def _line_content(self, index: int) -> Content:
        block = index // BLOCK_LINES
        lines = self._blocks.get(block)
        if lines is None:
            start = block * BLOCK_LINES
            chunk = "\n".join(self._lines[start : start + BLOCK_LINES])
            lines = highlight(chunk, language=self.language).split("\n")
            self._blocks[block] = lines
        offset = index - block * BLOCK_LINES
        return lines[offset] if offset < len(lines) else Content("")

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.size.width
        base = self.visual_style
        if index >= len(self._lines):
            return Strip.blank(width, base.rich_style)
        strip = self._strips.get(index)
        if strip is None:
            content = self._line_content(index).expand_tabs(4)
            segments = [
                Segment(text, (base + style).rich_style)
                for text, style in content.render(base, end="", parse_style=self._get_style)
            ]
            strip = Strip(segments, content.cell_length)
            if self.stale:
                strip = strip.apply_style(STALE_STYLE)
            self._strips[index] = strip
        return strip.crop_extend(scroll_x, scroll_x + width, base.rich_style).apply_offsets(
            scroll_x, index
        )
