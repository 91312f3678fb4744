"""Every tab of every tool opens without an exception: the samples and CLIs whose option shapes
once crashed the app (a choice option with no default made the Try tab raise
InvalidSelectValueError and lost the user's unsaved work)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import TabbedContent
from tui_support import settle

from workbench.loaders import load
from workbench.model.config_file import config_from_loaded
from workbench.tui.app import make_app
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.try_it import TryIt
from workbench.tui.workspace import Workspace

pytestmark = pytest.mark.anyio
TARGETS = {
    "deployctl": "sample_clis.deployctl:cli",
    "notes": "sample_clis.notes:app",
    "pkgtool": "sample_clis.pkgtool:build_parser",
    "choosy": "fixtures.clis.choosy:cli",
}


@pytest.mark.parametrize("name", sorted(TARGETS))
async def test_every_tab_of_every_tool_opens(tmp_path: Path, name: str, monkeypatch) -> None:
    monkeypatch.setenv("MCP_WORKBENCH_CONFIG_DIR", str(tmp_path / "user"))
    loaded = load(TARGETS[name])
    workspace = Workspace.create(loaded.tree, config_from_loaded(loaded), tmp_path / "mcp.toml")
    app = make_app(workspace=workspace, config_dir=tmp_path / "user")
    async with app.run_test(size=(170, 50)) as pilot:
        await settle(pilot)
        tabs = app.screen.query_one("#preview-tabs", TabbedContent)
        tab_ids = [pane.id for pane in tabs.query("TabPane")]
        assert "tab-try" in tab_ids
        commands = [node for node in loaded.tree.walk() if node.runnable]
        assert commands
        for command in commands:
            tree = app.screen.query_one(CommandTree)
            tree.select_path(" ".join(command.path))
            await settle(pilot)
            for tab_id in tab_ids:
                tabs.active = tab_id
                await pilot.pause()
            try_it = app.screen.query_one(TryIt)
            try_it.arguments()  # the form filled from defaults reads back without raising
        assert app.return_code is None
