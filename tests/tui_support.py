"""Helpers for the TUI tests (test_tui_*.py): a workspace on a real sample CLI, and waiting
until the app's previews are current (workers finished, no pending debounce)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from workbench.loaders import load
from workbench.model.config_file import config_from_loaded
from workbench.tui.workspace import Workspace

SAMPLES = {
    "deployctl": "sample_clis.deployctl:cli",
    "notes": "sample_clis.notes:app",
    "pkgtool": "sample_clis.pkgtool:build_parser",
}


@cache
def _loaded(sample: str):
    return load(SAMPLES[sample])  # the tree is never changed by a session, so tests may share it


def sample_workspace(path: Path, sample: str = "deployctl") -> Workspace:
    """A fresh session (new config, empty undo) on a bundled sample CLI loaded with the real
    loader, saving to `path`."""
    loaded = _loaded(sample)
    return Workspace.create(loaded.tree, config_from_loaded(loaded), path)


async def workers_done(app) -> None:
    """Wait for every worker to end. `app.workers.wait_for_complete()` raises WorkerCancelled for
    a worker that was cancelled (a superseded exclusive pass, a cancelled try-it run) if it is
    still listed when the wait starts, which on a busy machine it often is."""
    from textual.worker import WorkerCancelled

    for worker in list(app.workers):
        try:
            await worker.wait()
        except WorkerCancelled:
            pass
        except Exception:  # noqa: BLE001 - a worker's own error is the test's to assert, not the wait's
            pass


async def settle(pilot, rounds: int = 100) -> None:
    """Wait until the main screen shows previews for the config as it is now."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause(0.05)
        await workers_done(app)
        main = app.main_screen
        if main is not None and main.previews_current:
            await pilot.pause()
            return
        if app.load_error:
            return
    raise AssertionError("the previews never became current")


def preview_text(app, view_id: str) -> str:
    """The text of a preview view as the user sees it once its tab is shown: a hidden tab is
    filled when it is shown (`PreviewTabs.fill_tab`, what showing the tab calls)."""
    from workbench.tui.widgets.preview_tabs import TABS, PreviewTabs

    previews = app.screen.query_one(PreviewTabs)
    previews.fill_tab(next(tab for tab, _, view in TABS if view == view_id))
    return previews.view(view_id).text
