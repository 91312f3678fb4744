"""The selectors editor (F3): a selector added through the form claims the right commands (live,
before it is applied), the tool list follows once it is, first match wins when another selector
is added and moved, and bad input is refused inline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList
from tui_support import preview_text, sample_workspace, settle

from workbench.model.config_file import load_config
from workbench.tui.app import make_app
from workbench.tui.screens.selectors_editor import SelectorsEditor

pytestmark = pytest.mark.anyio
SIZE = (170, 50)


def claims_of(app) -> str:
    return app.screen.query_one("#selector-claims").text


async def test_a_selector_added_claims_its_commands_and_the_preview_follows(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, SelectorsEditor)
        assert claims_of(app).startswith("No selectors")

        await pilot.click("#field-commands")
        await pilot.press(*"deployctl secrets *")
        await pilot.pause()
        # live, before anything is applied
        assert (
            "  claims 4:\n    deployctl secrets delete\n    deployctl secrets get\n"
            in claims_of(app)
        )
        assert app.main_screen.workspace.config.selectors == []
        app.screen.query_one("#field-exclude-flags", Input).value = "yes"
        await pilot.click("#add-selector")
        await pilot.pause()
        assert app.main_screen.workspace.config.selectors[0].commands == ["deployctl secrets *"]

        app.screen.query_one("#selector-list", OptionList).highlighted = None
        for key in ("commands", "exclude-flags"):
            app.screen.query_one(f"#field-{key}", Input).value = ""
        app.screen.query_one("#field-commands", Input).value = "deployctl *"
        await pilot.click("#add-selector")
        await pilot.pause()
        claims = claims_of(app)
        # first match wins: selector 2 claims what selector 1 left, not the secrets commands
        assert "selector 2: deployctl *\n  claims 4:\n    deployctl deploy\n" in claims
        assert "deployctl secrets get" not in claims.split("selector 2")[1]

        await pilot.press("escape")
        await settle(pilot)
        names = [t["name"] for t in json.loads(preview_text(app, "view-tools"))]
        assert "deployctl_secrets_get" in names and "deployctl_status" in names

        await pilot.press("f3")
        await pilot.pause()
        app.screen.query_one("#selector-list", OptionList).highlighted = 1
        await pilot.press("shift+up")
        await pilot.pause()
        assert [s.commands for s in app.main_screen.workspace.config.selectors] == [
            ["deployctl *"],
            ["deployctl secrets *"],
        ]
        assert "selector 2: deployctl secrets *\n  claims 0: nothing" in claims_of(app)

        assert app.screen.query_one("#selector-list", OptionList).highlighted == 0  # it moved along
        await pilot.click("#selector-list", offset=(3, 1))  # a click on the second row selects it
        await pilot.click("#delete-selector")
        await pilot.pause()
        assert [s.commands for s in app.main_screen.workspace.config.selectors] == [["deployctl *"]]
        await pilot.press("escape", "ctrl+s")
        await settle(pilot)
    assert [s.commands for s in load_config(tmp_path / "mcp.toml").selectors] == [["deployctl *"]]


async def test_a_selector_without_a_command_glob_is_refused_inline(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await pilot.pause()
        app.screen.query_one("#field-exclude-flags", Input).value = "token"
        await pilot.click("#add-selector")
        await pilot.pause()
        state = app.screen.query_one("#selector-state")
        assert state.has_class("-invalid") and "at least one command glob" in str(state.content)
        assert app.main_screen.workspace.config.selectors == []
