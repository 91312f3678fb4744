"""The environment & runtime editor (F5): a variable added is previewed and saved, a secret-looking
one shows lint's warning, a bad name or a runtime value at or below 0 is refused inline and not
applied, a cwd that is not a folder warns, and undo brings back the exact text."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList
from tui_support import preview_text, sample_workspace, settle

from workbench.model.config_file import load_config
from workbench.tui.app import make_app
from workbench.tui.screens.env_editor import EnvEditor

pytestmark = pytest.mark.anyio
SIZE = (170, 50)


def text_of(app, selector: str) -> str:
    return str(app.screen.query_one(selector).content)


async def open_editor(pilot) -> None:
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(pilot.app.screen, EnvEditor)


async def test_a_variable_added_is_previewed_saved_and_undone_to_the_same_text(tmp_path: Path):
    path = tmp_path / "mcp.toml"
    app = make_app(workspace=sample_workspace(path), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        workspace = app.main_screen.workspace
        before = workspace.text()
        await open_editor(pilot)

        await pilot.click("#env-name")  # the mouse for the name, the keyboard for the rest
        await pilot.press(*"LOG_FORMAT", "tab", *"json", "enter")
        await pilot.pause()
        assert workspace.config.env == {"LOG_FORMAT": "json"}
        assert "Added LOG_FORMAT." in text_of(app, "#env-state")
        assert '[env]\nLOG_FORMAT = "json"' in app.screen.query_one("#env-toml").text

        app.screen.query_one("#env-name", Input).value = "DEPLOY_API_TOKEN"
        app.screen.query_one("#env-value", Input).value = "abc123"
        await pilot.click("#set-env")
        await pilot.pause()
        state = text_of(app, "#env-state")
        # allowed, with lint's own WB704 text
        assert workspace.config.env == {"LOG_FORMAT": "json", "DEPLOY_API_TOKEN": "abc123"}
        assert (
            "WB704: `DEPLOY_API_TOKEN` looks like a secret, and mcp.toml is usually committed."
            in state
        )
        assert app.screen.query_one("#env-state").has_class("-warning")

        app.screen.query_one("#env-list", OptionList).highlighted = 0
        await pilot.pause()
        app.screen.query_one("#env-value", Input).value = "text"
        await pilot.click("#apply-env")
        await pilot.pause()
        assert workspace.config.env["LOG_FORMAT"] == "text"

        await pilot.press("escape")
        await settle(pilot)
        assert 'LOG_FORMAT = "text"' in preview_text(app, "view-toml")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert load_config(path).env == {"LOG_FORMAT": "text", "DEPLOY_API_TOKEN": "abc123"}

        await open_editor(pilot)
        app.screen.query_one("#env-list", OptionList).highlighted = 1
        await pilot.click("#delete-env")
        await pilot.pause()
        assert workspace.config.env == {"LOG_FORMAT": "text"}
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z")  # delete, edit, secret, add
        await pilot.pause()
        assert workspace.config.env == {}
        assert app.screen.query_one("#env-list", OptionList).option_count == 0
        assert workspace.text() == before
        await pilot.press("escape", "ctrl+s")
        await settle(pilot)
    assert path.read_text() == before


async def test_a_bad_variable_name_is_refused_inline_and_never_applied(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        workspace = app.main_screen.workspace
        await open_editor(pilot)
        await pilot.click("#env-name")
        await pilot.press(*"1ST-VAR")
        await pilot.pause()
        # live, as typed
        assert "`1ST-VAR` is not a valid variable name" in text_of(app, "#env-state")
        await pilot.click("#set-env")
        await pilot.pause()
        assert text_of(app, "#env-state") == (
            "✗ Not applied: `1ST-VAR` is not a valid variable name: "
            "use letters, digits and `_`, not starting with a digit."
        )
        assert app.screen.query_one("#env-state").has_class("-invalid")
        assert workspace.config.env == {} and workspace.undo_stack == []
        with pytest.raises(ValueError):  # the workspace refuses it too
            workspace.set_env({"A B": "x"})
        assert workspace.undo_stack == []


async def test_runtime_values_at_or_below_zero_are_refused_and_a_missing_cwd_warns(tmp_path: Path):
    path = tmp_path / "mcp.toml"
    app = make_app(workspace=sample_workspace(path), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        workspace = app.main_screen.workspace
        before = workspace.text()
        await open_editor(pilot)
        assert app.screen.query_one("#runtime-timeout-s", Input).value == "60"

        field = app.screen.query_one("#runtime-max-concurrency", Input)
        field.value = "0"
        await pilot.pause()
        assert "`max_concurrency` must be above 0" in text_of(app, "#runtime-max-concurrency-note")
        await pilot.click("#apply-runtime")
        await pilot.pause()
        assert text_of(app, "#runtime-state").startswith(
            "✗ Not applied: `max_concurrency` must be above 0"
        )
        assert workspace.config.runtime.max_concurrency == 4 and workspace.undo_stack == []

        field.value = "2"
        app.screen.query_one("#runtime-timeout-s", Input).value = "30"
        cwd = app.screen.query_one("#runtime-cwd", Input)
        cwd.value = "work"
        await pilot.pause()
        note = text_of(app, "#runtime-cwd-note")
        assert note.startswith('⚠ WB705: `cwd = "work"`') and "which is not a folder" in note
        cwd.focus()
        await pilot.press("enter")  # enter in a field applies the form: one change
        await pilot.pause()
        runtime = workspace.config.runtime
        assert (runtime.timeout_s, runtime.max_concurrency, runtime.cwd) == (30.0, 2, "work")
        assert len(workspace.undo_stack) == 1
        (tmp_path / "work").mkdir()
        cwd.value = "work/"
        await pilot.pause()
        assert not app.screen.query_one("#runtime-cwd-note").display  # a folder now: no warning

        await pilot.press("escape", "ctrl+s")
        await settle(pilot)
        saved = load_config(path).runtime
        assert (saved.timeout_s, saved.max_concurrency, saved.cwd) == (30.0, 2, "work")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert workspace.text() == before
        with pytest.raises(ValueError):
            workspace.set_runtime(timeout_s=-1)
