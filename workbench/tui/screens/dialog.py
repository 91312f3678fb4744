"""The look every small dialog shares (confirm a run, save as, quit with unsaved changes): a box
centred over the dimmed screen, its buttons on the right below the text. Each dialog adds only
its width and border colour, so a new one looks like the others by subclassing `Dialog`."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

ResultT = TypeVar("ResultT")


class Dialog(ModalScreen[ResultT]):
    """A modal box (a `Vertical` child) with a row of buttons (a `Horizontal`)."""

    DEFAULT_CSS = """
    Dialog { align: center middle; background: $background 60%; }
    Dialog > Vertical { height: auto; background: $surface; padding: 1 2; }
    Dialog Horizontal { height: auto; align-horizontal: right; margin-top: 1; }
    Dialog Button { margin-left: 1; }
    """
