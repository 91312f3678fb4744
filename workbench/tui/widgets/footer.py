"""The footer every workbench screen shows: Textual's Footer, recomposed only when what it shows
changes.

Textual's Footer rebuilds all its keys whenever the screen's bindings are updated, which happens
on every focus change (opening the main screen moves the focus several times while it settles),
even when the keys shown stay the same; and each new key restyles itself once more when its
`compact` flag is bound. On opening that was ~120 key restyles, ~16% of the time to the first
painted tree. `StableFooter` compares the keys it would show with the ones on screen and keeps
them when they are equal; new keys are born with their `-compact` class, so binding the flag
changes nothing.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class StableFooter(Footer):
    """A Footer that recomposes only when the keys it shows (or their enabled state) change."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple | None = None
        """The keys on screen, as `_keys_to_show` describes them (None: not composed yet)."""

    def _keys_to_show(self) -> tuple:
        """What compose would show: each shown binding's key, label, action and enabled state."""
        bindings = self.screen.active_bindings
        shown = tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for _node, binding, enabled, tooltip in bindings.values()
            if binding.show
        )
        palette = (
            bindings.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette else None
        )
        return shown, (palette[2] if palette else None)

    def compose(self):
        if self._bindings_ready:
            self._shown = self._keys_to_show()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Born in the footer's style: the bound `compact` then finds nothing to restyle.
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        if (
            self._bindings_ready
            and self.is_attached
            and screen is self.screen
            and screen.app.app_focus
        ):
            keys = self._keys_to_show()
            if keys == self._shown:
                return  # the same keys (or a recompose for them is already due)
            self._shown = keys
        super().bindings_changed(screen)
