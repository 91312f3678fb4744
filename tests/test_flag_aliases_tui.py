"""The inspector's flag detail shows a flag's other spellings beside the one the tool writes,
on a real click CLI loaded by the real loader (a Pilot test)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from textual.widgets import Static
from tui_support import settle

from workbench.loaders import load
from workbench.model.config_file import config_from_loaded
from workbench.tui.app import make_app
from workbench.tui.widgets.flag_editor import FlagEditor
from workbench.tui.workspace import Workspace

pytestmark = pytest.mark.anyio

TOOL = '''
import click

@click.command()
@click.option("-q", "--quiet", "--silent", is_flag=True, help="Say nothing.")
@click.option("--count", type=int, default=1, help="How many.")
def cli(quiet, count):
    """Greet quietly."""
'''


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "hush.py").write_text(textwrap.dedent(TOOL))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("MCP_WORKBENCH_CONFIG_DIR", str(tmp_path / "user-config"))
    loaded = load("hush:cli")
    workspace = Workspace.create(loaded.tree, config_from_loaded(loaded), tmp_path / "mcp.toml")
    return make_app(workspace=workspace, config_dir=tmp_path / "user-config")


async def test_the_flag_detail_names_the_other_spellings(app) -> None:
    async with app.run_test(size=(170, 50)) as pilot:
        await settle(pilot)
        editor = pilot.app.screen.query_one(FlagEditor)
        keys = [row.flag.key for row in editor.rows]
        table = pilot.app.screen.query_one("#flag-table")
        table.scroll_visible(animate=False, immediate=True)
        table.focus()
        await pilot.press("home", *["down"] * keys.index("quiet"))
        await settle(pilot)
        shown = str(pilot.app.screen.query_one("#flag-name", Static).content)
        assert shown == "--quiet  (also --silent)"  # the tool writes the first
        await pilot.press("down")
        await settle(pilot)
        assert str(pilot.app.screen.query_one("#flag-name", Static).content) == "--count"
