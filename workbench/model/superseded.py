"""Stopping a long model pass whose result nobody will use any more.

The TUI runs a full pass (build the surface, lint it) in a thread after each edit; a key
pressed meanwhile makes that pass's result useless, and while it runs it shares the
interpreter with the UI thread painting the new key. The passes take a `Superseded` check, a
plain callable (the TUI passes `lambda: generation != screen.generation`), and ask it between
small steps (a command, a tool): a superseded pass stops within one step instead of finishing.
No thread, event loop or UI type is involved, so the model stays pure.
"""

from __future__ import annotations

from collections.abc import Callable

Check = Callable[[], bool]
"""True once the pass's result will not be used (asked often: it must cost ~nothing)."""


class Superseded(Exception):
    """A pass stopped early because its check said a later one replaces it."""


def stop_if(superseded: Check | None) -> None:
    """Raise `Superseded` when `superseded` says so (None: the pass always runs to the end)."""
    if superseded is not None and superseded():
        raise Superseded
