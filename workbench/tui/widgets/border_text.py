"""Border titles and subtitles that repaint only the border row they change.

Textual's `border_title` / `border_subtitle` setters repaint the whole widget on every
assignment, changed or not. On a pane of ~100 widgets (the inspector, the previews) that is a
repaint of everything inside it, ~100 regions and most of an edit's first frame, paid on every
key for a word like "updating…". `set_border_text` sets the same text the setter would and
repaints the one row it is drawn on, and nothing when the text is unchanged.
"""

from __future__ import annotations

from typing import Literal

from textual.geometry import Region
from textual.widget import Widget


def set_border_text(widget: Widget, which: Literal["title", "subtitle"], text: str) -> None:
    """Show `text` (markup, as Textual's setter reads it) as the widget's border title or
    subtitle, repainting only the top or bottom border row, and only when it changed."""
    attribute = f"_border_{which}"
    # What Textual's `_BorderTitle.__set__` stores (textual 8.2.8, pinned): the first line.
    content = widget.render_str(text).expand_tabs(4).split()[0]
    current = getattr(widget, attribute, None)
    if current is not None and current == content and current.markup == content.markup:
        return
    setattr(widget, attribute, content)
    outer = widget.outer_size
    if not outer:
        widget.refresh()  # not laid out yet: the first paint draws it
        return
    row = 0 if which == "title" else outer.height - 1
    offset = widget.content_offset  # refresh regions are relative to the content area
    widget.refresh(Region(-offset.x, row - offset.y, outer.width, 1))
