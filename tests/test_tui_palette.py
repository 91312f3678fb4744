"""The command palette's workbench entries (include/exclude, export, serve, the editors) and the
Lint tab's jump from a finding to its command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.widgets import OptionList, TabbedContent
from tui_support import preview_text, sample_workspace, settle

from workbench.model.config_file import load_config
from workbench.tui.app import make_app
from workbench.tui.screens.env_editor import EnvEditor
from workbench.tui.screens.prompt_editor import PromptEditor
from workbench.tui.screens.selectors_editor import SelectorsEditor
from workbench.tui.screens.serve_info import ServeInfo
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.lint_pane import LintPane

pytestmark = pytest.mark.anyio
SIZE = (170, 50)


async def palette(pilot, query: str) -> None:
    """Open ctrl+p, type `query`, run the top hit."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*query)
    for _ in range(40):  # the palette searches in the background
        await pilot.pause(0.05)
        if pilot.app.screen.query_one(OptionList).option_count:
            break
    await pilot.press("enter")
    await pilot.pause()


async def test_palette_toggles_a_command_exports_and_opens_the_editors(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await palette(pilot, "Include/exclude deployctl undeploy")
        await settle(pilot)
        assert app.main_screen.workspace.config.commands["deployctl undeploy"].exclude is True
        names = [t["name"] for t in json.loads(preview_text(app, "view-tools"))]
        assert "deployctl_undeploy" not in names

        await palette(pilot, "Export (save as)")
        target = tmp_path / "elsewhere" / "exported.toml"
        target.parent.mkdir()
        app.screen.query_one("#save-as-path").value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert load_config(target).commands["deployctl undeploy"].exclude is True
        assert app.main_screen.workspace.path == target
        status = app.screen.query_one("#status")
        assert str(target) in status.describe()  # shown in full when it fits, else by its name
        assert target.name in str(status.render())

        await palette(pilot, "Open the selectors editor")
        assert isinstance(app.screen, SelectorsEditor)
        await pilot.press("escape")
        await palette(pilot, "Open the prompt editor")
        assert isinstance(app.screen, PromptEditor)
        await pilot.press("escape")
        await palette(pilot, "Open the environment & runtime editor")
        assert isinstance(app.screen, EnvEditor)


async def test_palette_serve_shows_the_command_line_and_a_client_snippet(tmp_path: Path):
    path = tmp_path / "mcp.toml"
    app = make_app(workspace=sample_workspace(path), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await palette(pilot, "Serve")
        assert isinstance(app.screen, ServeInfo)
        line = str(app.screen.query_one("#serve-line").content)
        assert line.endswith(f" serve {path.absolute()}")
        assert "ctrl+s first" in str(app.screen.query_one("#serve-unsaved").content)
        snippet = json.loads(app.screen.query_one("#serve-snippet").text)
        (entry,) = snippet["mcpServers"].values()
        assert entry["args"][-2:] == ["serve", str(path.absolute())]
        app.screen.query_one("#serve-client").value = "vscode"
        await pilot.pause()
        snippet = json.loads(app.screen.query_one("#serve-snippet").text)
        (entry,) = snippet["servers"].values()
        assert entry["type"] == "stdio"


async def test_selecting_a_lint_finding_jumps_to_its_command(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one("#preview-tabs", TabbedContent).active = "tab-lint"
        await pilot.pause()
        pane = app.screen.query_one(LintPane)
        findings = pane.findings
        index = next(i for i, f in enumerate(findings) if f.command == "deployctl undeploy")
        options = app.screen.query_one("#lint-list", OptionList)
        assert findings[index].code in str(options.get_option_at_index(index).prompt)
        options.focus()
        options.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        tree = app.screen.query_one(CommandTree)
        assert tree.cursor_node.data == "deployctl undeploy"
        assert app.main_screen.selected == "deployctl undeploy"

        assert findings[0].command not in ("", "deployctl undeploy")
        options.scroll_home(animate=False)
        await pilot.pause()
        await pilot.click("#lint-list", offset=(4, 0))  # the mouse: a click on the first finding
        await pilot.pause()
        assert app.main_screen.selected == findings[0].command
