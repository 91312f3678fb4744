"""Turn the `mcp-workbench [TARGET]` arguments into a Workspace (runs inside the app's worker).

A TARGET ending in `.toml` is an `mcp.toml` to reopen: its `[snapshot]` is the tree, save writes
back to it, and its text on disk is the baseline for the unsaved marker. Anything else goes to
the loaders (`workbench.loaders.load`) and becomes a fresh config saved to `--output`.
No Textual here: the app calls `open_workspace` from a thread and reports `progress` itself.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.model.errors import LoadError

if TYPE_CHECKING:
    from workbench.tui.previews import CommandStatus

DEFAULT_TARGET = "sample_clis.deployctl:cli"


@dataclass(frozen=True)
class OpenRequest:
    """What the user asked to open, as given on the command line."""

    target: str | None = None
    name: str | None = None
    command: str | None = None
    output: str = "mcp.toml"

    @property
    def is_config(self) -> bool:
        return bool(self.target) and self.target.endswith(".toml")  # type: ignore[union-attr]

    @property
    def label(self) -> str:
        return self.target or DEFAULT_TARGET


@dataclass
class Opened:
    """The workspace plus what the user should be told about how it was opened."""

    workspace: object  # Workspace; typed loosely to keep this module's imports light
    notices: list[str] = field(default_factory=list)


class StartUpCollectorPause:
    """Python's cyclic collector off from `mcp-workbench [TARGET]` starting until its first
    frame is painted (`resume`, idempotent; `commands/open.py` also resumes it on every way out).

    Opening allocates about a million small objects that all stay alive (Textual's and our
    modules, the CLI's own command objects, its command tree and config), and every allocation
    burst would trigger collections that walk all of them again: at 2,000 commands that is
    ~40% of importing the TUI and ~70% of building the tree (docs/performance.md, *Opening the
    TUI*). What becomes garbage meanwhile is freed by reference counting as usual; the main
    screen freezes what opening built (`gc.freeze`) before the collector resumes, so later
    collections do not walk it either. A collector the process had turned off stays off.
    """

    def __init__(self) -> None:
        self.paused = gc.isenabled()
        if self.paused:
            gc.disable()

    def resume(self) -> None:
        """Turn the collector back on if this pause turned it off (once; later calls do nothing)."""
        if self.paused:
            self.paused = False
            gc.enable()


def request_of(args: Any) -> OpenRequest:
    """The OpenRequest of the `mcp-workbench [TARGET]` arguments."""
    return OpenRequest(target=args.target, name=args.name, command=args.command, output=args.output)


def unexpected_failure(request: OpenRequest, error: BaseException) -> str:
    """The sentence for a load that failed with something other than a WorkbenchError."""
    return f"could not open {request.label} ({type(error).__name__}: {error})"


def check_request(request: OpenRequest) -> None:
    """Fail before the app starts for what needs no loading to know (a config that is not there)."""
    if request.is_config and not Path(request.target).is_file():  # type: ignore[arg-type]
        raise LoadError(
            f"{request.target} does not exist; pass an existing mcp.toml, or a CLI to start a new one."
        )


def open_workspace(request: OpenRequest, progress: Callable[[str], None] | None = None) -> Opened:
    """Load the request's TARGET; raises a WorkbenchError (one sentence) when it cannot."""
    report = progress or (lambda _text: None)
    if request.is_config:
        return _reopen(Path(request.target), report)  # type: ignore[arg-type]
    from workbench.loaders import load

    report(f"Loading {request.label}…")
    loaded = load(request.label, name=request.name, command=request.command, progress=report)
    report("Building the tool surface…")
    return opened_from_loaded(request, loaded)


def opened_from_loaded(request: OpenRequest, loaded: Any) -> Opened:
    """The session on a freshly loaded CLI (`loaded`: a LoadedCLI, read in this process or in
    the forked loader's), saving to `--output`, and what the user must be told about that."""
    from workbench.model.config_file import config_from_loaded
    from workbench.tui.workspace import Workspace

    output = Path(request.output)
    config = config_from_loaded(loaded, config_path=output)
    notices = []
    if output.exists():
        notices.append(
            f"{output} already exists; saving will replace it (to keep editing it, "
            f"run `mcp-workbench {output}`)."
        )
    return Opened(Workspace.create(loaded.tree, config, output), notices)


def first_marks(workspace: Any) -> dict[str, CommandStatus] | None:
    """The tree's marks on opening: which commands are tools and why the others are not, from
    `select_tools` (the surface's own first steps, milliseconds at 2,000 commands, where the
    first surface takes a few hundred), so the first frame can paint them before any tool is
    built. None when the selection fails: the first surface then says why."""
    from workbench.model.surface import select_tools
    from workbench.tui.previews import statuses_of_selection

    try:
        return statuses_of_selection(select_tools(workspace.tree, workspace.config))
    except Exception:  # noqa: BLE001 - a config the surface refuses: its own pass reports it
        return None


def _reopen(path: Path, report: Callable[[str], None]) -> Opened:
    from workbench.model.config_file import load_config
    from workbench.tui.workspace import Workspace

    report(f"Reading {path}…")
    check_request(OpenRequest(target=str(path)))
    config = load_config(path)
    if config.snapshot is None:
        raise LoadError(
            f"{path} has no [snapshot] of the command tree; recreate it with "
            f"`mcp-workbench export {config.source.target or 'TARGET'} -o {path}`."
        )
    text = path.read_text(encoding="utf-8")
    return Opened(Workspace.create(config.snapshot, config, path, on_disk=True, saved_text=text))
