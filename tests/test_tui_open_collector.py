"""Opening runs with Python's cyclic collector paused (`StartUpCollectorPause`): off while the
TUI imports and the TARGET loads, back on once the first frame is painted, and on again on every
way out of `mcp-workbench [TARGET]`; a collector the process had turned off stays off
(issue 13; the figures are in docs/performance.md, *Opening the TUI*)."""

from __future__ import annotations

import argparse
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from tui_support import settle

import workbench.tui.app as app_module
from workbench.commands import open as open_command
from workbench.model.errors import LoadError
from workbench.tui.app import make_app
from workbench.tui.loading import OpenRequest, StartUpCollectorPause

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    """Every test starts and ends with the collector on, whatever it asserts."""
    gc.enable()
    yield
    gc.enable()


async def test_the_collector_is_off_while_loading_and_on_after_the_first_frame(
    tmp_path: Path, monkeypatch
) -> None:
    seen_while_loading: list[bool] = []
    original = app_module.open_workspace

    def open_workspace(*args, **kwargs):
        seen_while_loading.append(gc.isenabled())
        return original(*args, **kwargs)

    monkeypatch.setattr(app_module, "open_workspace", open_workspace)
    request = OpenRequest(target="sample_clis.deployctl:cli", output=str(tmp_path / "mcp.toml"))
    app = make_app(request, config_dir=tmp_path / "user", collector=StartUpCollectorPause())
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        assert seen_while_loading == [False], "the target loaded with the collector running"
        assert gc.isenabled(), "the collector stayed off after the first frame"


def test_a_target_that_cannot_open_still_resumes_the_collector(tmp_path: Path) -> None:
    args = argparse.Namespace(
        target=str(tmp_path / "missing.toml"), name=None, command=None, output="mcp.toml"
    )
    with pytest.raises(LoadError, match="does not exist"):
        open_command.run(args)
    assert gc.isenabled()


def test_a_collector_the_process_turned_off_stays_off() -> None:
    gc.disable()
    pause = StartUpCollectorPause()
    pause.resume()
    assert not gc.isenabled()


def test_resume_is_once() -> None:
    pause = StartUpCollectorPause()
    assert not gc.isenabled()
    pause.resume()
    gc.disable()  # someone else's pause after ours: a second resume must not undo it
    pause.resume()
    assert not gc.isenabled()
