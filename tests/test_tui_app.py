"""Pilot tests of the real workbench app on the real deployctl sample: what a user does with
keyboard and mouse, and what they then see in the previews and find in the saved mcp.toml."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from textual import events
from textual.widgets import TabbedContent
from tui_support import preview_text, sample_workspace, settle

from workbench.model.config_file import load_config
from workbench.tui.app import make_app
from workbench.tui.loading import OpenRequest
from workbench.tui.messages import EditRequested
from workbench.tui.previews import FullPreviews, QuickPreviews
from workbench.tui.screens.main import FullReady, QuickReady
from workbench.tui.screens.quit_confirm import QuitConfirm
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.flag_editor import FlagEditor

SIZE = (170, 50)
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


def tool_names(app) -> list[str]:
    return [tool["name"] for tool in json.loads(view_text(app, "view-tools"))]


async def highlight_command(pilot, path: str) -> None:
    tree = pilot.app.screen.query_one(CommandTree)
    tree.focus()
    tree.select_path(path)
    await settle(pilot)
    assert pilot.app.main_screen.selected == path


async def test_toggling_a_command_changes_the_tool_list_preview_and_the_saved_file(app, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "deployctl_deploy" in tool_names(app)
        await highlight_command(pilot, "deployctl deploy")
        await pilot.press("x")  # keyboard: exclude from the tree
        await settle(pilot)
        assert "deployctl_deploy" not in tool_names(app)
        assert "● unsaved" in app.screen.query_one("#status").describe()
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved = load_config(tmp_path / "mcp.toml")
        assert saved.commands["deployctl deploy"].exclude is True

        await highlight_command(pilot, "deployctl status")
        await pilot.click("#include")  # mouse: the include switch in the inspector
        await settle(pilot)
        assert "deployctl_status" not in tool_names(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert load_config(tmp_path / "mcp.toml").commands["deployctl status"].exclude is True


async def test_a_description_override_changes_the_tool_json(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, "deployctl deploy")
        await click(pilot, "#description")
        await pilot.press(*"Ship [it].")
        await click(pilot, "#apply-description")
        await settle(pilot)
        tool = json.loads(view_text(app, "view-tool"))
        assert tool["name"] == "deployctl_deploy"
        assert tool["description"].startswith("Ship [it].")  # brackets are text, not markup
        assert (
            app.main_screen.workspace.config.commands["deployctl deploy"].description
            == "Ship [it]."
        )


async def click(pilot, selector: str) -> None:
    """Scroll the widget into view (as a user would), then click it."""
    pilot.app.screen.query_one(selector).scroll_visible(animate=False, immediate=True)
    await pilot.pause()
    await pilot.click(selector)


async def paste(pilot, widget, text: str) -> None:
    """What the terminal sends when the user pastes `text` (the app routes it to `widget`, focused)."""
    assert widget.has_focus
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()


async def select_flag(pilot, key: str) -> None:
    editor = pilot.app.screen.query_one(FlagEditor)
    index = [row.flag.key for row in editor.rows].index(key)
    await click(pilot, "#flag-table")
    await pilot.press("home", *["down"] * index)
    await pilot.pause()
    assert editor.current is not None and editor.current.flag.key == key


async def test_invalid_json_or_schema_is_refused_inline_and_a_valid_schema_applies(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, "deployctl deploy")
        before = view_text(app, "view-tool")
        await select_flag(pilot, "replicas")
        status = app.screen.query_one("#schema-status")

        await click(pilot, "#flag-schema")
        await pilot.press(*"{x")
        await pilot.pause()
        assert "Not valid JSON" in str(status.content) and status.has_class("-invalid")
        await click(pilot, "#apply-schema")
        await settle(pilot)
        assert "replicas" not in app.main_screen.workspace.config.command("deployctl deploy").flags
        assert view_text(app, "view-tool") == before

        area = app.screen.query_one("#flag-schema")
        await click(pilot, "#flag-schema")
        area.select_all()
        await paste(pilot, area, '{"type": "integr"}')  # JSON, but not a JSON Schema
        await click(pilot, "#apply-schema")
        await settle(pilot)
        assert "not valid JSON Schema" in str(status.content) and status.has_class("-invalid")
        assert view_text(app, "view-tool") == before

        await click(pilot, "#flag-schema")
        area.select_all()
        await paste(pilot, area, '{"type": "integer", "minimum": 1, "maximum": 50}')
        await click(pilot, "#apply-schema")
        await settle(pilot)
        replicas = json.loads(view_text(app, "view-tool"))["inputSchema"]["properties"]["replicas"]
        assert (replicas["type"], replicas["minimum"], replicas["maximum"]) == ("integer", 1, 50)


async def test_save_then_reopen_restores_every_choice(app, tmp_path, config_dir):
    path = tmp_path / "mcp.toml"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ws = app.main_screen.workspace
        ws.set_included("deployctl undeploy", False)
        ws.set_deprecated("deployctl status", True)
        ws.set_description_mode("deployctl deploy", "short")
        ws.set_description("deployctl secrets set", "Store one secret.")
        ws.set_title("deployctl secrets set", "Set a secret")
        ws.set_annotation("deployctl secrets set", "destructive", False)
        ws.set_annotation("deployctl secrets set", "idempotent", True)
        ws.set_flag_excluded("deployctl deploy", "dry-run", True)
        ws.set_flag_type("deployctl deploy", "timeout", "integer")
        ws.set_flag_schema("deployctl deploy", "replicas", {"type": "integer", "minimum": 1})
        app.main_screen.recompute()
        await settle(pilot)
        tools_before = view_text(app, "view-tools")
        prompt_before = view_text(app, "view-prompt")
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved_text = path.read_text()
        choices = ws.config.model_dump(exclude={"snapshot"})

    reopened = make_app(OpenRequest(target=str(path)), config_dir=config_dir)
    async with reopened.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ws = reopened.main_screen.workspace
        assert ws.config.model_dump(exclude={"snapshot"}) == choices
        assert view_text(reopened, "view-tools") == tools_before
        assert view_text(reopened, "view-prompt") == prompt_before
        assert "saved" in reopened.screen.query_one("#status").describe()
        await highlight_command(pilot, "deployctl status")
        assert reopened.screen.query_one("#deprecated").value is True
        await highlight_command(pilot, "deployctl secrets set")
        assert reopened.screen.query_one("#ann-destructive").value == "no"
        assert reopened.screen.query_one("#title").value == "Set a secret"
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert path.read_text() == saved_text  # load → save is byte-stable


async def test_quit_with_unsaved_changes_asks(app, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitConfirm)
        await pilot.press("escape")  # stay
        await pilot.pause()
        assert not isinstance(app.screen, QuitConfirm) and app.return_code is None
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.click("#save")  # save and quit
        await pilot.pause()
        assert app.return_code == 0
    assert load_config(tmp_path / "mcp.toml").commands


async def test_quit_without_changes_does_not_ask_and_quit_can_discard(app, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("x", "x")  # excluded and included again: nothing to save
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
    assert not (tmp_path / "mcp.toml").exists()


async def test_undo_reverts_each_change(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        original = tool_names(app)
        await pilot.press("x")
        await settle(pilot)
        assert tool_names(app) != original
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert tool_names(app) == original
        assert not app.main_screen.workspace.config.commands
        assert "unsaved" not in app.screen.query_one("#status").describe()


async def test_the_preview_equals_the_tools_command_for_the_saved_file(app, tmp_path):
    """SPEC §11.1: what the TUI previews is what `mcp-workbench tools` prints."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, "deployctl secrets set")
        await pilot.press("x")
        await pilot.press("ctrl+s")
        await settle(pilot)
        preview = view_text(app, "view-tools")
    printed = subprocess.run(
        [sys.executable, "-m", "workbench.cli", "tools", str(tmp_path / "mcp.toml")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert preview == printed
    assert "deployctl_secrets_set" not in printed


async def test_output_for_an_older_config_is_never_shown_as_current(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        shown = view_text(app, "view-tools")
        late = QuickPreviews(surface=None, error="computed for an older config")
        main.post_message(QuickReady(main.generation - 1, late))
        main.post_message(
            FullReady(main.generation - 1, FullPreviews(late, toml="", diff="", dirty=True))
        )
        await pilot.pause()
        assert view_text(app, "view-tools") == shown
        assert "older config" not in view_text(app, "view-tool")
        main.workspace.set_included("deployctl status", False)
        main.recompute()  # what every edit does: mark stale at once, compute after a debounce
        assert not main.previews_current
        assert app.screen.query_one("#previews").is_stale
        assert "updating…" in app.screen.query_one("#status").describe()
        await settle(pilot)
        assert not app.screen.query_one("#previews").is_stale

        main.workspace.set_deprecated("deployctl deploy", True)
        main.note_change("deployctl deploy")
        full_pass, main._start_full = main._start_full, lambda generation: None  # held back here
        main.recompute(debounce=False)  # the quick pass is done, the full pass is pending
        views = {v: app.screen.query_one(f"#{v}") for v in ("view-tool", "view-tools", "view-toml")}
        assert not views["view-tool"].stale and "Why: deprecated" in views["view-tool"].text
        assert "updating…" in app.screen.query_one("#status").describe()
        assert app.screen.query_one("#previews").border_subtitle == "updating…"
        tabs = app.screen.query_one("#preview-tabs", TabbedContent)
        for tab, view in (("tab-tools", "view-tools"), ("tab-toml", "view-toml")):
            tabs.active = tab  # a hidden view is dimmed when shown while its pass is pending
            await pilot.pause()
            assert views[view].stale, view
        tabs.active = "tab-tool"
        main._start_full = full_pass
        full_pass(main.generation)
        await settle(pilot)
        assert "deployctl_deploy" not in tool_names(app)
        assert not any(v.stale for v in views.values())


async def test_loading_a_target_runs_in_a_worker_and_a_bad_target_is_one_sentence(
    config_dir, tmp_path
):
    good = make_app(
        OpenRequest(target="sample_clis.pkgtool:build_parser", output=str(tmp_path / "p.toml")),
        config_dir=config_dir,
    )
    async with good.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert good.main_screen.workspace.tree.root.name == "pkgtool"
        assert tool_names(good)
    bad = make_app(OpenRequest(target=str(tmp_path / "missing.toml")), config_dir=config_dir)
    async with bad.run_test(size=SIZE) as pilot:
        await settle(pilot)
    assert bad.return_code == 2
    assert "missing.toml does not exist" in bad.load_error


async def test_groups_open_on_demand_and_the_filter_finds_commands_fast(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        tree = app.screen.query_one(CommandTree)
        tree.focus()
        tree.move_cursor(tree.nodes_by_path["deployctl secrets"])
        await pilot.press("space")  # expand the group
        await pilot.pause()
        assert "deployctl secrets set" in tree.nodes_by_path
        await pilot.press("slash")
        assert app.focused is app.screen.query_one("#filter")
        await pilot.press(*"delete")
        await pilot.pause(0.3)
        shown = {node.data for node in tree.nodes_by_path.values()}
        assert "deployctl secrets delete" in shown and "deployctl deploy" not in shown
        await pilot.press("enter")  # back to the tree, on the match
        assert app.focused is tree


def test_a_missing_config_target_is_one_sentence_and_exit_2(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "workbench.cli", str(tmp_path / "nope.toml")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"mcp-workbench: {tmp_path / 'nope.toml'} does not exist; pass an existing mcp.toml, or a CLI to start a new one."
    ]


async def test_help_lists_every_binding_and_the_palette_jumps_to_a_command(app):
    from workbench.tui.bindings import APP_BINDINGS, MAIN_BINDINGS
    from workbench.tui.screens.help import HelpScreen

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("#help-text")._markdown
        for binding in [*APP_BINDINGS, *MAIN_BINDINGS, *CommandTree.BINDINGS]:
            assert binding.id and binding.tooltip and binding.id in text
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"secrets delete")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await settle(pilot)
        assert app.main_screen.selected == "deployctl secrets delete"


async def test_x_on_a_group_excludes_its_commands_and_one_undo_brings_them_back(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = tool_names(app)
        await highlight_command(pilot, "deployctl secrets")
        await pilot.press("x")
        await settle(pilot)
        assert not [name for name in tool_names(app) if name.startswith("deployctl_secrets_")]
        assert [name for name in before if not name.startswith("deployctl_secrets_")] == tool_names(
            app
        )
        await pilot.press("x")  # nothing under it is served now: include them all again
        await settle(pilot)
        assert tool_names(app) == before
        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert tool_names(app) == before and not app.main_screen.workspace.config.commands


async def test_project_settings_on_the_root_rename_every_tool_and_set_the_persona(app, tmp_path):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, "deployctl")
        await click(pilot, "#prefix")
        await pilot.press(*"dc", "enter")
        await settle(pilot)
        assert tool_names(app) and all(name.startswith("dc_") for name in tool_names(app))
        await click(pilot, "#persona")
        await pilot.press(*"You ship.")
        await click(pilot, "#apply-persona")
        await settle(pilot)
        assert "You ship." in view_text(app, "view-prompt")
        await pilot.press("ctrl+s")
        await settle(pilot)
    saved = load_config(tmp_path / "mcp.toml")
    assert (saved.tools.prefix, saved.prompt.persona) == ("dc", "You ship.")


async def test_undo_restores_the_form_and_recomputes_keep_unapplied_typing(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, "deployctl deploy")
        area = app.screen.query_one("#description")
        await click(pilot, "#description")
        await pilot.press(*"Ship.")
        await click(pilot, "#apply-description")
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert area.text == ""  # the undone override left the form too
        await click(pilot, "#title")
        await pilot.press(*"Half")
        app.main_screen.recompute()  # e.g. a full pass landing while the user types
        await settle(pilot)
        assert app.screen.query_one("#title").value == "Half"


async def test_undoing_a_schema_override_clears_the_schema_editor(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await highlight_command(pilot, "deployctl deploy")
        await select_flag(pilot, "replicas")
        area = app.screen.query_one("#flag-schema")
        await click(pilot, "#flag-schema")
        await paste(pilot, area, '{"type": "integer", "maximum": 9}')
        await click(pilot, "#apply-schema")
        await settle(pilot)
        assert area.text == '{"type": "integer", "maximum": 9}'  # as typed, not reformatted
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert (
            area.text == ""
            and "replicas" not in app.main_screen.workspace.config.command("deployctl deploy").flags
        )


async def test_f2_zooms_the_focused_pane_and_restores_it(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")  # the tree has the focus
        assert app.screen.maximized is app.screen.query_one("#commands")
        await pilot.press("f2")
        assert app.screen.maximized is None


async def test_reordering_tools_then_excluding_a_listed_one_still_saves_a_file_serve_accepts(
    app, tmp_path
):
    """Issue 13: the prompt editor writes the full `tool_order`; `x` on a listed tool then broke
    the surface (marks vanished) and ctrl+s wrote a file `serve` refused."""
    from workbench.model.config import REST_ENTRY
    from workbench.model.surface import surface_from_file

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        order = [*reversed(tool_names(app)), REST_ENTRY]
        main.apply_edit(
            EditRequested(main, lambda ws: ws.set_tool_order(order))
        )  # as the prompt editor does
        await settle(pilot)
        await highlight_command(pilot, "deployctl deploy")
        await pilot.press("x")
        await settle(pilot)
        assert main.quick.error is None and "deployctl_deploy" not in tool_names(app)
        assert main.query_one(CommandTree).statuses["deployctl deploy"].reason == "excluded"
        await pilot.press("ctrl+s")
        await settle(pilot)
    _, surface = surface_from_file(tmp_path / "mcp.toml")
    assert [t.name for t in surface.tools] == [
        n for n in order if n not in ("deployctl_deploy", REST_ENTRY)
    ]
