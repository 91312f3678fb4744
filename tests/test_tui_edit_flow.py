"""What an edit costs the UI beyond its own tool: hidden previews wait for their tab, a full pass
made useless by a later key stops, the inspector is not re-shown for nothing, and the edit's
first frame repaints what changed rather than whole panes (docs/performance.md, *Edit → paint*)."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest
from textual._compositor import ChopsUpdate
from textual.widgets import TabbedContent
from tui_support import sample_workspace, settle

from workbench.model.tools_json import tools_json
from workbench.tui.app import make_app
from workbench.tui.messages import EditRequested
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.inspector import Inspector
from workbench.tui.workspace import Workspace

SIZE = (170, 50)
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
pytestmark = pytest.mark.anyio


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MCP_WORKBENCH_CONFIG_DIR", str(tmp_path / "user-config"))
    return make_app(
        workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "user-config"
    )


async def highlight(pilot, path: str) -> None:
    tree = pilot.app.main_screen.query_one(CommandTree)
    tree.focus()
    tree.select_path(path)
    await settle(pilot)


async def test_a_hidden_tab_is_filled_when_shown_and_then_shows_the_current_tool_list(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        tools_view = main.query_one("#view-tools")
        await highlight(pilot, "deployctl status")
        await pilot.press("x")
        await settle(pilot)
        assert (
            "deployctl_status" not in tools_view.text
        )  # the full pass did not fill the hidden view
        assert tools_view.text == ""
        await pilot.press("right_square_bracket")  # the next tab: Tools
        await pilot.pause()
        assert main.query_one("#preview-tabs", TabbedContent).active == "tab-tools"
        assert tools_view.text == tools_json(main.full.quick.surface)  # what `tools` would print
        names = [tool["name"] for tool in json.loads(tools_view.text)]
        assert "deployctl_deploy" in names and "deployctl_status" not in names
        assert not tools_view.stale


async def test_a_key_during_a_full_pass_stops_that_pass_and_paints_at_once(app, monkeypatch):
    """The first `x`'s full pass is held in its first step; a second `x` arrives: its quick
    result is on screen while the first pass is still held, and the first pass, superseded,
    stops at its next step instead of building, linting and writing the tool list for nothing."""
    import workbench.model.config_file as config_file
    import workbench.model.surface as surface_module

    ui_thread = threading.current_thread()
    held, release = threading.Event(), threading.Event()
    dump, build = config_file.dump_config, surface_module.build_surface
    builds_in_passes: list[str] = []

    def held_dump(config):
        if threading.current_thread() is not ui_thread and not held.is_set():
            held.set()
            release.wait(30)
        return dump(config)

    def counted_build(*args, **kwargs):
        if threading.current_thread() is not ui_thread:
            builds_in_passes.append(threading.current_thread().name)
        return build(*args, **kwargs)

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        await highlight(pilot, "deployctl status")
        monkeypatch.setattr(config_file, "dump_config", held_dump)
        monkeypatch.setattr(surface_module, "build_surface", counted_build)
        await pilot.press("x")
        for _ in range(200):
            if held.is_set():
                break
            await pilot.pause(0.02)
        assert held.is_set(), "the first full pass never started"
        await pilot.press("x")  # again, while the first full pass is held
        await pilot.pause()
        assert '"name": "deployctl_status"' in main.query_one("#view-tool").text  # painted already
        assert not release.is_set()
        release.set()
        await settle(pilot)
        assert len(builds_in_passes) == 1  # only the second edit's pass built a surface
        assert (
            main.full is not None and main.full.quick.surface.tool("deployctl_status") is not None
        )


async def test_the_inspector_is_not_re_shown_by_an_edit_of_another_command_or_the_full_pass(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        await highlight(pilot, "deployctl status")
        inspector = main.query_one(Inspector)
        shown: list[str] = []
        original = inspector.show

        def counting(tree, command, *args, **kwargs):
            shown.append(command.path_str)
            return original(tree, command, *args, **kwargs)

        inspector.show = counting  # type: ignore[method-assign]
        main.post_message(
            EditRequested(main, lambda ws: ws.set_deprecated("deployctl deploy", True))
        )
        await settle(pilot)
        assert shown == []  # another command's edit, its quick pass and its full pass
        await pilot.press("x")  # this command's edit: its form follows
        await settle(pilot)
        assert shown and set(shown) == {"deployctl status"}
        assert not inspector.query_one("#include").value


async def test_an_edit_repaints_what_changed_not_whole_panes(app):
    """The first frame after `x`: the tool preview, the tree line, the status line and the
    inspector's changed fields, not every cell of the inspector and previews (their border
    texts used to repaint whole panes)."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        await highlight(pilot, "deployctl status")
        main._start_full = lambda generation: None  # the full pass never comes in this test
        frames: list[int] = []
        display = app._display

        def recording(screen, update) -> None:
            if isinstance(update, ChopsUpdate) and "is not a tool" in ESCAPES.sub(
                "", update.render_segments(app.console)
            ):
                frames.append(sum(x2 - x1 for _, x1, x2 in update.spans))  # cells painted
            display(screen, update)

        app._display = recording  # type: ignore[method-assign]
        await pilot.press("x")
        for _ in range(20):
            await pilot.pause(0.02)
            if "is not a tool" in main.query_one("#view-tool").text and frames:
                break
        inspector, previews = main.query_one(Inspector), main.query_one("#previews")
        whole_panes = inspector.outer_size.area + previews.outer_size.area
        assert frames and frames[0] < whole_panes * 0.6, (frames, whole_panes)


def test_the_tool_list_text_spells_numbers_as_the_sdk_writes_tools_list():
    """The one producer (`model/tools_json.py`) writes what `serve` sends: the SDK's encoder."""
    import mcp.types as types

    from workbench.model.tools_json import json_text

    schema = {
        "type": "object",
        "properties": {
            "x": {"type": "number", "minimum": 1e-7, "maximum": 0.00001},
            "name": {"type": "string", "default": "é – \u2028"},
        },
    }
    wire = types.Tool(name="t", inputSchema=schema).model_dump_json(
        by_alias=True, exclude_none=True
    )
    text = json_text({"name": "t", "inputSchema": schema})
    assert json.loads(text) == json.loads(wire)
    assert '"minimum": 1e-7' in text and '"maximum": 0.00001' in text  # json.dumps: 1e-07, 1e-05
    assert "é – \u2028" in text and text.endswith("}\n")


async def test_keys_during_a_full_pass_held_mid_build_end_as_a_fresh_session_shows(
    app, tmp_path, monkeypatch
):
    """The first `x`'s full pass is held in the middle of its surface build (at one of the
    questions it asks before each command); three more keys arrive. Once released, that pass
    stops there (it never reaches the lint), nothing it computed is shown, and the screen ends
    as a session opened on the final config shows it: tree marks, status line, tool preview,
    tool list, lint."""
    import workbench.tui.previews as previews_module
    import workbench.tui.screens.main as main_module

    ui_thread = threading.current_thread()
    held, release = threading.Event(), threading.Event()
    linted_in: list[threading.Thread] = []
    held_pass: dict[str, object] = {}
    compute_full, lint_of = previews_module.compute_full, previews_module._lint

    def full_pass_held_mid_build(*args, superseded=None, **kwargs):
        asked = [0]
        holding = not held.is_set()

        def held_check() -> bool:
            asked[0] += 1
            if holding and asked[0] == 6:  # inside the build: a few commands in
                held_pass["thread"] = threading.current_thread()
                held.set()
                release.wait(30)
            return superseded()

        try:
            result = compute_full(*args, superseded=held_check, **kwargs)
        except BaseException as error:
            if holding:
                held_pass["ended"] = type(error).__name__
            raise
        if holding:
            held_pass["ended"] = "returned"
        return result

    def counted_lint(*args, **kwargs):
        if threading.current_thread() is not ui_thread:
            linted_in.append(threading.current_thread())
        return lint_of(*args, **kwargs)

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        await highlight(pilot, "deployctl status")
        monkeypatch.setattr(main_module, "compute_full", full_pass_held_mid_build)
        monkeypatch.setattr(previews_module, "_lint", counted_lint)
        await pilot.press("x")
        for _ in range(200):
            if held.is_set():
                break
            await pilot.pause(0.02)
        assert held.is_set(), "the full pass never asked inside its surface build"
        held_generation = main.generation
        tree = main.query_one(CommandTree)
        tree.select_path("deployctl deploy")  # no waiting between the keys
        await pilot.pause()
        await pilot.press("x")  # exclude deploy too
        tree.select_path("deployctl status")
        await pilot.pause()
        await pilot.press("x")  # status back in
        await pilot.press("x")  # and out again
        assert not release.is_set()
        release.set()
        await settle(pilot)
        assert main.full_generation == main.generation > held_generation
        assert held_pass["ended"] == "Superseded"  # it stopped in its build when released
        assert held_pass["thread"] not in linted_in  # and never reached the lint
        tree_marks = dict(main.query_one(CommandTree).statuses)
        status_text = main.query_one("#status").describe()
        tool_text = main.query_one("#view-tool").text
        tools_text, lint_text = main.full.tools_json, main.full.lint_text
        config = main.workspace.config.model_copy(deep=True)
    assert "is not a tool" in tool_text
    assert '"deployctl_deploy"' not in tools_text and '"deployctl_status"' not in tools_text

    fresh = make_app(
        workspace=Workspace.create(main.workspace.tree, config, tmp_path / "mcp.toml"),
        config_dir=tmp_path / "user-config",
    )
    async with fresh.run_test(size=SIZE) as pilot:
        await settle(pilot)
        other = fresh.main_screen
        await highlight(pilot, "deployctl status")
        assert dict(other.query_one(CommandTree).statuses) == tree_marks
        assert other.query_one("#view-tool").text == tool_text
        assert other.full.tools_json == tools_text
        assert other.full.lint_text == lint_text
        # The same status but for the unsaved marker: the fresh session's baseline is its config.
        assert other.query_one("#status").describe() == status_text.replace(
            "● unsaved", "not saved yet"
        )
