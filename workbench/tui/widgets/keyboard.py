"""The form widgets the workbench uses instead of Textual's own, for a keyboard that flows:

- `FormSwitch`: space toggles, enter moves on to the next field (Textual's Switch toggles on
  enter too, so a user pressing enter to move on deprecated a command by accident).
- `EditorTextArea`: ctrl+a selects all the text, home goes to the start of the line (Textual's
  TextArea uses ctrl+a for line start too, and hides select-all on F7).
- `FormScroll`: a scrolling column of fields that is not itself a tab stop (a focusable scroll
  container takes a Tab press and shows nothing); focusing a field scrolls it into view.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Switch, TextArea

from workbench.tui.bindings import SWITCH_BINDINGS, TEXT_AREA_BINDINGS


class FormSwitch(Switch):
    """A Switch toggled by space (or a click); enter moves the focus on."""

    BINDINGS = SWITCH_BINDINGS


class EditorTextArea(TextArea):
    """A TextArea where ctrl+a selects all."""

    BINDINGS = TEXT_AREA_BINDINGS


class FormScroll(VerticalScroll, can_focus=False):
    """A VerticalScroll that is never a tab stop of its own."""
