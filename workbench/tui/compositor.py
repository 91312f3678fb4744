"""The main screen's compositor: a repaint of a widget scrolled out of view is not a new widget.

Textual's `Compositor.update_widgets` (every frame, with the widgets that asked for a repaint)
rebuilds the map of every widget on the screen when one of them is not *visible*, to place
widgets that were just mounted. A widget that is placed but scrolled out of view (the
inspector's flag table below the fold, whose "served" column an `x` changes) is not visible
either, so each edit rebuilt the whole map (~270 widgets arranged again) before its frame
could be drawn: about an eighth of the UI thread's time from the key to the painted frame at
1,000 commands (docs/performance.md, *Edit → paint, third round*).

`PlacedWidgetsCompositor` rebuilds the map only for widgets the map does not hold, which are
the new ones the rule exists for; a placed widget out of view has no cells on screen, so its
repaint adds no dirty region (as after Textual's rebuild: it is still out of view), and it is
drawn afresh when scrolled into view.
Everything else is Textual's. Relies on the pinned Textual's compositor internals
(`_full_map`, `_full_map_invalidated`, `_dirty_regions`, `_exchange_repaint_regions`;
pyproject pins textual==8.2.8); `tests/test_tui_edit_flow.py` checks what the frame shows.
"""

from __future__ import annotations

from textual._compositor import Compositor
from textual.geometry import Region
from textual.widget import Widget


class PlacedWidgetsCompositor(Compositor):
    """A compositor that re-arranges the screen for new widgets only, not off-screen ones."""

    def update_widgets(self, widgets: set[Widget]) -> None:
        if (
            not self._full_map_invalidated
            and not widgets.issubset(self.visible_widgets.keys())
            and not widgets.issubset(self._full_map.keys())
        ):
            self._full_map_invalidated = True  # a widget the map does not hold: Textual's rule
        visible = self.visible_widgets  # rebuilt here when invalidated, as in Textual
        regions: list[Region] = []
        for widget in visible.keys() & widgets:
            region, clip = visible[widget]
            offset = region.offset
            for dirty_region in widget._exchange_repaint_regions():
                if update_region := clip.intersection(dirty_region.translate(offset)):
                    regions.append(update_region)
        self._dirty_regions.update(regions)
