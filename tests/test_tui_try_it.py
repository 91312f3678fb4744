"""The try-it tab runs the real sample CLI through the runtime's call path and shows what a
client would get; a destructive tool asks first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import TabbedContent
from tui_support import sample_workspace, settle

from workbench.tui.app import make_app
from workbench.tui.screens.confirm_run import ConfirmRun
from workbench.tui.widgets.command_tree import CommandTree

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


async def run_and_wait(pilot) -> dict:
    app = pilot.app
    await pilot.click("#try-run")
    if isinstance(app.screen, ConfirmRun):
        return {}
    await app.workers.wait_for_complete()
    await pilot.pause()
    return json.loads(app.screen.query_one("#view-try").text)


async def test_try_it_shows_the_argv_and_the_result_a_client_gets(tmp_path: Path, sample_home: Path):
    workspace = sample_workspace(tmp_path / "mcp.toml")
    app = make_app(workspace=workspace, config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await open_try_it(pilot, "deployctl status")
        argv = str(app.screen.query_one("#try-argv").content)
        assert argv.startswith("$ ") and argv.endswith(" status")
        result = await run_and_wait(pilot)
        assert result["isError"] is False
        assert result["structuredContent"]["exit_code"] == 0

        area = app.screen.query_one("#try-args")
        area.load_text('{"nope": 1}')
        await pilot.pause()
        assert "nope" in str(app.screen.query_one("#try-argv").content)
        result = await run_and_wait(pilot)
        assert result["isError"] is True and "nope" in result["content"][0]["text"]


async def test_a_destructive_tool_asks_before_running(tmp_path: Path, sample_home: Path):
    workspace = sample_workspace(tmp_path / "mcp.toml")
    workspace.set_annotation("deployctl secrets delete", "destructive", True)
    app = make_app(workspace=workspace, config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await open_try_it(pilot, "deployctl secrets delete")
        app.screen.query_one("#try-args").load_text('{"name": "db-password"}')
        await pilot.pause()
        await pilot.click("#try-run")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmRun)
        await pilot.press("escape")
        await pilot.pause()
        assert "Not run." in str(app.screen.query_one("#try-state").content)
        assert app.screen.query_one("#view-try").text == ""
