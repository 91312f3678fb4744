"""The try-it tab: a form generated from the tool's input schema makes the exact argv, runs the
real sample CLI through the runtime's call path and shows what a client gets (exit code, output);
a tool that is not read-only or is destructive asks first; Cancel kills the running child."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import Input, Select, Switch, TabbedContent, TextArea
from tui_support import sample_workspace, settle, workers_done

from workbench.tui.app import make_app
from workbench.tui.screens.confirm_run import ConfirmRun
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.try_it import TryIt

pytestmark = pytest.mark.anyio
SIZE = (170, 50)


async def open_try_it(pilot, path: str) -> None:
    app = pilot.app
    await settle(pilot)
    tree = app.screen.query_one(CommandTree)
    tree.focus()
    tree.select_path(path)
    await settle(pilot)
    app.screen.query_one("#preview-tabs", TabbedContent).active = "tab-try"
    await pilot.pause()


def field(app, name: str):
    """The form widget for the property `name`."""
    widget = app.screen.query_one(TryIt).field_for(name)
    assert widget is not None, f"no field for {name}"
    return widget


def argv_line(app) -> str:
    return str(app.screen.query_one("#try-argv").content)


async def run_and_wait(pilot, confirm: bool = True) -> dict:
    app = pilot.app
    await pilot.click("#try-run")
    await pilot.pause()
    if isinstance(app.screen, ConfirmRun):
        if not confirm:
            return {}
        await pilot.click("#run")
        await pilot.pause()
    await workers_done(app)
    await pilot.pause()
    return app.screen.query_one(TryIt).result or {}


async def test_the_form_makes_the_argv_and_a_run_shows_exit_code_and_output(
    tmp_path: Path, sample_home: Path
):
    workspace = sample_workspace(tmp_path / "mcp.toml")
    workspace.set_annotation("deployctl status", "read_only", True)
    app = make_app(workspace=workspace, config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await open_try_it(pilot, "deployctl deploy")
        kinds = {
            "tag": Input,
            "services": TextArea,
            "dry-run": Switch,
            "env": Select,
            "replicas": Input,
        }
        for name, kind in kinds.items():
            assert isinstance(field(app, name), kind), name
        field(app, "tag").value = "v2"
        field(app, "services").load_text("web\napi\n")
        field(app, "dry-run").value = True
        field(app, "env").value = "staging"
        await pilot.pause()
        line = argv_line(app)
        assert line.startswith("$ ") and "--env=staging deploy" in line
        assert line.endswith(" --tag=v2 --dry-run web api")
        field(app, "replicas").focus()
        await pilot.press("x", "3")  # the integer input refuses the letter
        assert field(app, "replicas").value == "3"
        assert " --replicas=3 " in argv_line(app)

        result = await run_and_wait(pilot)
        assert result["isError"] is False and result["structuredContent"]["exit_code"] == 0
        assert "would deploy web@v2 to staging" in result["structuredContent"]["stdout"]
        assert "exit code 0" in str(app.screen.query_one("#try-state").content)

        await open_try_it(pilot, "deployctl status")  # read-only: runs without asking
        assert argv_line(app).endswith(" status")
        app.screen.query_one("#try-args").load_text('{"nope": 1}')
        await pilot.pause()
        assert "nope" in argv_line(app)
        await pilot.click("#try-run")
        await workers_done(app)
        await pilot.pause()
        result = app.screen.query_one(TryIt).result
        assert result["isError"] is True and "nope" in result["content"][0]["text"]


async def test_a_tool_that_may_change_things_asks_before_running(tmp_path: Path, sample_home: Path):
    workspace = sample_workspace(tmp_path / "mcp.toml")
    workspace.set_annotation("deployctl secrets delete", "destructive", True)
    app = make_app(workspace=workspace, config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await open_try_it(pilot, "deployctl secrets delete")
        field(app, "names").load_text("db-password")
        await pilot.pause()
        await pilot.click("#try-run")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmRun)
        assert "destructive" in str(app.screen.query_one("Static").content)
        await pilot.press("escape")
        await pilot.pause()
        assert "Not run." in str(app.screen.query_one("#try-state").content)
        assert app.screen.query_one(TryIt).result is None


CHILD = (
    "import os, sys, time; open(os.environ['PIDFILE'], 'w').write(str(os.getpid())); time.sleep(60)"
)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_cancel_kills_the_running_child(tmp_path: Path, sample_home: Path):
    workspace = sample_workspace(tmp_path / "mcp.toml")
    workspace.config.source.command = [sys.executable, "-c", CHILD]  # a CLI that hangs
    pidfile = tmp_path / "child.pid"
    workspace.config.env = {"PIDFILE": str(pidfile)}
    workspace.set_annotation("deployctl status", "read_only", True)
    app = make_app(workspace=workspace, config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await open_try_it(pilot, "deployctl status")
        await pilot.click("#try-run")
        deadline = time.monotonic() + 10
        while not (pidfile.exists() and pidfile.read_text()) and time.monotonic() < deadline:
            await pilot.pause(0.05)
        pid = int(pidfile.read_text())
        assert alive(pid)
        await pilot.click("#try-cancel")
        await workers_done(app)  # the cancelled run's worker ends cancelled: not an error here
        await pilot.pause()
        assert "Cancelled" in str(app.screen.query_one("#try-state").content)
        deadline = time.monotonic() + 5
        while alive(pid) and time.monotonic() < deadline:
            await pilot.pause(0.05)
        assert not alive(pid)
        assert not app.screen.query_one("#try-run").disabled
