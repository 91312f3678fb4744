"""Messages the widgets post up to the main screen, which owns the workspace."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from textual.widget import Widget

    from workbench.tui.workspace import Workspace


@dataclass
class EditRequested(Message):
    """A widget asks for one change to the workspace (one undo entry).

    With `refused` set, the screen first tries the change on a copy (unless `trial` is False)
    and, when the config could no longer produce a surface, calls `refused(sentence)` instead of
    applying it; a value the config model rejects is also reported through `refused`."""

    widget: Widget
    apply: Callable[[Workspace], None]
    refused: Callable[[str], None] | None = None
    trial: bool = True
    """False for a change that cannot stop the config from producing a surface (`[env]`,
    `[runtime]`): the trial on a copy, a full surface build on a big CLI, is skipped."""

    @property
    def control(self) -> Widget:
        return self.widget
