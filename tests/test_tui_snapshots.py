"""Snapshots of the main screen on the deployctl sample, for each bundled theme at 160×48 and at
80×24 (where the centre and right panes take turns), and of the editors (prompt, selectors,
environment & runtime), the Try tab after a run, the Lint tab and the wrapped Prompt tab.

Baselines live in tests/__snapshots__/; after a deliberate UI change, look at the new screens
and re-baseline with `pytest tests/test_tui_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import sample_workspace, settle

from workbench.tui.app import make_app
from workbench.tui.themes import load_all_themes

BUNDLED = sorted(load_all_themes(Path("/nonexistent")).themes)
SIZE = (160, 48)
SIZES = {"160x48": SIZE, "80x24": (80, 24)}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("theme", BUNDLED)
def test_main_screen(theme: str, size: str, snap_compare, tmp_path: Path):
    app = make_app(workspace=sample_workspace(Path("mcp.toml")), config_dir=tmp_path, theme=theme)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=settle)


def _workspace():
    workspace = sample_workspace(Path("mcp.toml"))
    workspace.config.source.command = [
        "deployctl"
    ]  # the argv line must not name this machine's paths
    return workspace


def test_prompt_editor(snap_compare, tmp_path: Path):
    from workbench.model.config import PromptSection

    workspace = _workspace()
    workspace.set_persona("You help the release team ship {{cli}} deploys safely.")
    workspace.set_prompt_variables({"team": "release"})
    workspace.set_prompt_sections(
        [PromptSection(name="rules", order=50, text="Ask the {{team}} team first.")]
    )

    async def open_editor(pilot):
        await settle(pilot)
        await pilot.press("f4")
        await pilot.pause()

    app = make_app(workspace=workspace, config_dir=tmp_path)
    assert snap_compare(app, terminal_size=SIZE, run_before=open_editor)


def test_selectors_editor(snap_compare, tmp_path: Path):
    from workbench.model.config import Selector

    workspace = _workspace()
    workspace.set_selectors(
        [
            Selector(commands=["deployctl secrets *"], exclude_flags=["yes"]),
            Selector(commands=["deployctl *"]),
        ]
    )

    async def open_editor(pilot):
        await settle(pilot)
        await pilot.press("f3")
        await pilot.pause()

    app = make_app(workspace=workspace, config_dir=tmp_path)
    assert snap_compare(app, terminal_size=SIZE, run_before=open_editor)


def test_env_editor(snap_compare, tmp_path: Path):
    workspace = _workspace()
    workspace.set_env({"LOG_FORMAT": "json", "DEPLOY_API_TOKEN": "s3cr3t"})
    workspace.set_runtime(timeout_s=30, max_concurrency=2)

    async def open_editor(pilot):
        await settle(pilot)
        await pilot.press("f5")
        await pilot.pause()
        pilot.app.screen.query_one(
            "#env-list"
        ).highlighted = 1  # the secret-looking one: its warning shows
        pilot.app.screen.query_one("#runtime-max-output-bytes").value = "0"  # refused inline
        await pilot.pause()

    app = make_app(workspace=workspace, config_dir=tmp_path)
    assert snap_compare(app, terminal_size=SIZE, run_before=open_editor)


@pytest.mark.parametrize("tab", ["tab-try", "tab-lint", "tab-prompt"])
def test_main_screen_tabs(tab: str, snap_compare, tmp_path: Path):
    from textual.widgets import TabbedContent

    from workbench.tui.widgets.command_tree import CommandTree

    async def show_tab(pilot):
        await settle(pilot)
        tree = pilot.app.screen.query_one(CommandTree)
        tree.focus()
        tree.select_path("deployctl deploy")
        await settle(pilot)
        pilot.app.screen.query_one("#preview-tabs", TabbedContent).active = tab
        await pilot.pause()

    app = make_app(workspace=_workspace(), config_dir=tmp_path)
    assert snap_compare(app, terminal_size=SIZE, run_before=show_tab)
