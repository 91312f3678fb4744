"""The Selectors tab: typed [[selectors]] are checked inline, applied on demand, and the claims
of each selector follow the surface live."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual import events
from textual.widgets import TabbedContent
from tui_support import preview_text, sample_workspace, settle

from workbench.model.config_file import load_config
from workbench.tui.app import make_app

pytestmark = pytest.mark.anyio
SIZE = (170, 50)


async def type_selectors(pilot, text: str) -> None:
    area = pilot.app.screen.query_one("#selectors-toml")
    area.focus()
    area.select_all()
    pilot.app.post_message(events.Paste(text))  # what a terminal sends on paste
    await pilot.pause()


async def test_selectors_are_checked_applied_and_their_claims_shown(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one("#preview-tabs", TabbedContent).active = "tab-selectors"
        await pilot.pause()
        claims = app.screen.query_one("#view-claims")
        assert claims.text.startswith("No selectors")
        state = app.screen.query_one("#selectors-state")

        await type_selectors(pilot, '[[selectors]]\ncommands = ["deployctl deploy*"\n')
        assert "Not valid TOML" in str(state.content) and state.has_class("-invalid")
        await type_selectors(pilot, '[[selectors]]\ncomands = ["deployctl deploy*"]\n')
        assert "comands" in str(state.content) and state.has_class("-invalid")
        await pilot.click("#apply-selectors")
        await settle(pilot)
        assert app.main_screen.workspace.config.selectors == []

        await type_selectors(
            pilot, '[[selectors]]\ncommands = ["deployctl deploy*", "deployctl status"]\n'
        )
        await pilot.click("#apply-selectors")
        await settle(pilot)
        names = [t["name"] for t in json.loads(preview_text(app, "view-tools"))]
        assert names == ["deployctl_deploy", "deployctl_status"]
        assert "selector 1: deployctl deploy*, deployctl status" in claims.text
        assert "  claims 2:\n    deployctl deploy\n    deployctl status\n" in claims.text
        assert "no selector claims" in claims.text and "    deployctl undeploy\n" in claims.text
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert [s.commands for s in load_config(tmp_path / "mcp.toml").selectors] == [
        ["deployctl deploy*", "deployctl status"]
    ]
