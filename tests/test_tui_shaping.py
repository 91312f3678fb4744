"""Pilot tests of the shaping and exposure controls (SPEC §5a, §5b) on the real deployctl sample:
what a user types into the inspector, the flag editor and the project panel, what the previews
then show, what save writes, what reopening restores, and that undo takes back each edit. A
value the model's rules refuse is shown inline in one sentence and never applied."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tui_support import preview_text, sample_workspace, settle

from workbench.model.config_file import load_config
from workbench.tui.app import make_app
from workbench.tui.loading import OpenRequest
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.flag_editor import FlagEditor

SIZE = (170, 50)
DEPLOY = "deployctl deploy"
pytestmark = pytest.mark.anyio


@pytest.fixture
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "user-config"
    monkeypatch.setenv("MCP_WORKBENCH_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def app(tmp_path: Path, config_dir: Path):
    return make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=config_dir)


def view_text(app, view_id: str) -> str:
    return preview_text(app, view_id)


async def highlight_command(pilot, path: str) -> None:
    tree = pilot.app.screen.query_one(CommandTree)
    tree.focus()
    tree.select_path(path)
    await settle(pilot)
    assert pilot.app.main_screen.selected == path


async def type_into(pilot, selector: str, text: str, submit: bool = True) -> None:
    """Focus the field (scrolled into view, as a user would), replace its text, maybe press enter."""
    field = pilot.app.screen.query_one(selector)
    field.scroll_visible(animate=False, immediate=True)
    field.focus()
    field.value = ""
    await pilot.press(*text)
    if submit:
        await pilot.press("enter")
    await settle(pilot)


async def select_flag(pilot, key: str) -> None:
    editor = pilot.app.screen.query_one(FlagEditor)
    index = [row.flag.key for row in editor.rows].index(key)
    table = pilot.app.screen.query_one("#flag-table")
    table.scroll_visible(animate=False, immediate=True)
    table.focus()
    table.move_cursor(row=0)
    await pilot.pause()
    await pilot.press(*["down"] * index)  # the keyboard walks the table, as a user does
    await pilot.pause()
    assert editor.current is not None and editor.current.flag.key == key


def status_text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).content)


async def save_and_reopen(pilot, tmp_path: Path):
    await pilot.press("ctrl+s")
    await settle(pilot)
    return load_config(tmp_path / "mcp.toml")


async def test_a_tool_name_is_checked_as_typed_saved_reopened_and_undone(app, tmp_path, config_dir):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, DEPLOY)
        ws = app.main_screen.workspace
        before = ws.text()

        await type_into(pilot, "#tool-name", "ship it", submit=False)
        assert "not a tool name MCP accepts" in status_text(app, "#shaping-status")  # as typed
        await pilot.press("enter")
        await settle(pilot)
        assert "Not applied" in status_text(app, "#shaping-status") and ws.text() == before

        await type_into(pilot, "#tool-name", "deployctl_status")
        status = status_text(app, "#shaping-status")
        assert "Not applied" in status and "already the tool name of `deployctl status`" in status
        assert ws.text() == before  # refused at the edit: nothing to save that cannot serve

        await type_into(pilot, "#tool-name", "ship_service")
        assert 'name = "ship_service"' in view_text(app, "view-toml")
        assert (await save_and_reopen(pilot, tmp_path)).commands[DEPLOY].name == "ship_service"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert ws.text() == before and app.screen.query_one("#tool-name").value == ""

    ws_path = tmp_path / "mcp.toml"  # the saved file still has the rename: reopening shows it
    reopened = make_app(OpenRequest(target=str(ws_path)), config_dir=config_dir)
    async with reopened.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, DEPLOY)
        assert reopened.screen.query_one("#tool-name").value == "ship_service"


async def test_fixed_words_limits_and_env_are_applied_saved_and_undone_one_at_a_time(app, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, DEPLOY)
        ws = app.main_screen.workspace
        texts = [ws.text()]
        await type_into(pilot, "#fixed-args", "--color=never 'two words'")
        texts.append(ws.text())
        await type_into(pilot, "#cmd-timeout", "0")
        assert "above 0" in status_text(app, "#shaping-status") and ws.text() == texts[-1]
        await type_into(pilot, "#cmd-timeout", "7.5")
        texts.append(ws.text())
        await type_into(pilot, "#cmd-output-cap", "4096")
        texts.append(ws.text())
        env = app.screen.query_one("#cmd-env")
        env.scroll_visible(animate=False, immediate=True)
        env.load_text("1BAD=x")
        await pilot.pause()
        assert "not a valid variable name" in status_text(app, "#shaping-status")
        env.load_text("NO_COLOR=1\nPAGER=cat")
        await pilot.click("#apply-env")
        await settle(pilot)
        texts.append(ws.text())
        toml = view_text(app, "view-toml")
        assert (
            'args = [\n    "--color=never",\n    "two words",\n]' in toml
            or 'args = ["--color=never", "two words"]' in toml
        )
        assert "timeout_s = 7.5" in toml and "max_output_bytes = 4096" in toml

        saved = (await save_and_reopen(pilot, tmp_path)).commands[DEPLOY]
        assert (saved.args, saved.timeout_s, saved.max_output_bytes, saved.env) == (
            ["--color=never", "two words"],
            7.5,
            4096,
            {"NO_COLOR": "1", "PAGER": "cat"},
        )
        while len(texts) > 1:
            texts.pop()
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert ws.text() == texts[-1]
        assert (
            app.screen.query_one("#fixed-args").value == ""
            and app.screen.query_one("#cmd-env").text == ""
        )


async def test_json_output_and_its_schema_are_checked_inline_and_saved(app, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, DEPLOY)
        ws = app.main_screen.workspace
        before = ws.text()
        app.screen.query_one("#output-mode").value = "json"
        await settle(pilot)
        assert ws.config.commands[DEPLOY].output == "json"
        area = app.screen.query_one("#output-schema")
        assert area.display  # the schema field shows once the output is json
        area.load_text('{"type": "integr"}')
        await pilot.pause()
        assert "not valid JSON Schema" in status_text(app, "#shaping-status")
        await pilot.click("#apply-output-schema")
        await settle(pilot)
        assert ws.config.commands[DEPLOY].output_schema is None
        area.load_text('{"type": "object", "required": ["id"]}')
        await pilot.pause()
        await pilot.click("#apply-output-schema")
        await settle(pilot)
        saved = (await save_and_reopen(pilot, tmp_path)).commands[DEPLOY]
        assert (saved.output, saved.output_schema) == (
            "json",
            {"type": "object", "required": ["id"]},
        )
        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert ws.text() == before


async def test_exposure_in_the_project_panel_shows_load_per_command_and_the_connect_tab(
    app, tmp_path
):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        connect_all = view_text(app, "view-connect")
        assert connect_all.startswith("// At connect: ") and "(all exposure)" in connect_all
        assert json.loads(connect_all.split("\n", 1)[1]) == json.loads(view_text(app, "view-tools"))
        await highlight_command(pilot, DEPLOY)
        assert not app.screen.query_one("#load-row").display  # load means nothing in `all` exposure

        await highlight_command(pilot, "deployctl")
        app.screen.query_one("#exposure").value = "search"
        await settle(pilot)
        ws = app.main_screen.workspace
        assert ws.config.tools.exposure == "search" and 'exposure = "search"' in view_text(
            app, "view-toml"
        )
        assert view_text(app, "view-connect") != connect_all

        await highlight_command(pilot, DEPLOY)
        assert app.screen.query_one("#load-row").display
        app.screen.query_one("#load").value = "always"
        await settle(pilot)
        saved = await save_and_reopen(pilot, tmp_path)
        assert (saved.tools.exposure, saved.commands[DEPLOY].load) == ("search", "always")
        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert ws.config.tools.exposure == "all" and DEPLOY not in ws.config.commands


async def test_property_name_pin_default_and_required_are_checked_against_the_flag_and_undone(
    app, tmp_path
):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, DEPLOY)
        ws = app.main_screen.workspace
        texts = [ws.text()]

        await select_flag(pilot, "replicas")
        await type_into(pilot, "#flag-pin", "three")
        assert "does not fit `replicas`'s schema" in status_text(app, "#flag-shaping-status")
        assert ws.text() == texts[-1]
        await type_into(pilot, "#flag-pin", "3")
        texts.append(ws.text())
        assert ws.config.commands[DEPLOY].flags["replicas"].value == 3  # read as the integer it is

        await select_flag(pilot, "strategy")
        await type_into(pilot, "#flag-default", "sideways")
        assert "does not fit `strategy`'s schema" in status_text(app, "#flag-shaping-status")
        await type_into(pilot, "#flag-default", "canary")
        texts.append(ws.text())

        await select_flag(pilot, "tag")
        await type_into(pilot, "#flag-prop-name", "label")
        assert "already the property of `label`" in status_text(app, "#flag-shaping-status")
        await type_into(pilot, "#flag-prop-name", "image_tag")
        texts.append(ws.text())

        await select_flag(pilot, "label")
        app.screen.query_one("#flag-required").value = "yes"
        await settle(pilot)
        texts.append(ws.text())

        flags = (await save_and_reopen(pilot, tmp_path)).commands[DEPLOY].flags
        assert (
            flags["replicas"].value,
            flags["strategy"].default,
            flags["tag"].name,
            flags["label"].required,
        ) == (3, "canary", "image_tag", True)
        await select_flag(pilot, "replicas")
        assert app.screen.query_one("#flag-pin").value == "3"
        while len(texts) > 1:
            texts.pop()
            await pilot.press("ctrl+z")
            await settle(pilot)
            assert ws.text() == texts[-1]
        assert app.screen.query_one("#flag-pin").value == ""


async def test_a_rename_and_a_pin_show_in_the_tool_preview_and_the_try_argv(app):
    """What the model sees and what argv runs follow the shaping at once."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, DEPLOY)
        await select_flag(pilot, "replicas")
        await type_into(pilot, "#flag-pin", "3")
        await select_flag(pilot, "tag")
        await type_into(pilot, "#flag-prop-name", "image_tag")
        tool = json.loads(view_text(app, "view-tool"))
        assert "replicas" not in tool["inputSchema"]["properties"]  # pinned: out of the schema
        assert (
            "image_tag" in tool["inputSchema"]["properties"]
            and "tag" not in tool["inputSchema"]["properties"]
        )
        app.screen.query_one("#preview-tabs").active = "tab-try"
        await settle(pilot)
        try_it = app.screen.query_one("#try-argv")
        assert "--replicas=3" in str(try_it.content)


async def test_try_hides_a_pinned_flag_runs_it_and_shows_structured_content_or_why_not(
    tmp_path, sample_home, config_dir
):
    """A pinned `--json` is not in the form but in the argv; the JSON the real CLI prints is the
    result's structuredContent; a command that prints text under `output = "json"` says so."""
    from workbench.tui.widgets.try_it import TryIt

    ws = sample_workspace(tmp_path / "mcp.toml")
    ws.set_annotation("deployctl status", "read_only", True)
    ws.set_flag_value("deployctl status", "json", True)
    ws.set_output("deployctl status", "json")
    app = make_app(workspace=ws, config_dir=config_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, "deployctl status")
        app.screen.query_one("#preview-tabs").active = "tab-try"
        await settle(pilot)
        try_it = app.screen.query_one(TryIt)
        assert try_it.field_for("json") is None  # pinned: the model cannot change it
        assert "--json status" in str(app.screen.query_one("#try-argv").content)
        await pilot.click("#try-run")
        await settle(pilot)
        assert try_it.result["isError"] is False
        assert try_it.result["structuredContent"] == {"env": "dev", "services": {}}

        await select_flag(pilot, "json")  # unpin it in the flag editor: status then prints text
        await type_into(pilot, "#flag-pin", "")
        assert ws.flag_choices("deployctl status", "json").value is None
        assert try_it.field_for("json") is not None
        await pilot.click("#try-run")
        await settle(pilot)
        assert try_it.result["isError"] is True and "structuredContent" not in try_it.result
        assert "output = json: The command's output" in str(
            app.screen.query_one("#try-state").content
        )
