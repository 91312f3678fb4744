"""The keyboard as a user walks it: one key per pane from the tree to a Try result, the focused
pane lit up, no invisible tab stops, enter never flips a switch, select-all in text areas, the
walk's keys in the footer and the help screen, and the narrow layout at 80×24."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.color import Color
from textual.widgets import Footer, Switch, TextArea
from tui_support import sample_workspace, settle

from workbench.tui import bindings
from workbench.tui.app import make_app
from workbench.tui.screens.help import keys_markdown
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.inspector import Inspector
from workbench.tui.widgets.preview_tabs import PreviewTabs
from workbench.tui.widgets.try_it import TryIt

pytestmark = pytest.mark.anyio
WALK = [("2", Inspector), ("3", PreviewTabs), ("4", TryIt)]


def _inside(app, pane) -> bool:
    focused = app.screen.focused
    return focused is not None and any(
        isinstance(node, pane) for node in focused.ancestors_with_self
    )


def _border_colour(widget) -> Color:
    return widget.styles.border_top[1]


async def test_the_walk_takes_one_key_per_pane_and_ends_on_the_result(
    tmp_path: Path, sample_home: Path
):
    workspace = sample_workspace(tmp_path / "mcp.toml")
    workspace.set_annotation("deployctl status", "read_only", True)  # runs without asking
    app = make_app(workspace=workspace, config_dir=tmp_path / "cfg")
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        tree = app.screen.query_one(CommandTree)
        tree.select_path("deployctl status")
        await settle(pilot)
        assert app.screen.focused is tree
        focus_colour = Color.parse(app.theme_variables["wb-focus"])
        for key, pane in WALK:
            await pilot.press(key)
            await pilot.pause()
            assert _inside(app, pane), f"{key} did not focus the {pane.__name__}"
            lit = app.screen.query_one(Inspector if pane is Inspector else PreviewTabs)
            assert _border_colour(lit) == focus_colour, f"the {pane.__name__} pane is not lit up"
        assert app.screen.query_one("#preview-tabs").active == "tab-try"
        await pilot.press("ctrl+r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        try_it = app.screen.query_one(TryIt)
        assert try_it.result is not None and try_it.result["isError"] is False
        assert app.screen.focused is app.screen.query_one("#try-result")
        assert (
            str(app.screen.query_one("#try-text").content) == "nothing deployed in dev"
        )  # as text, not JSON

        await pilot.press("1")
        assert app.screen.focused is tree
        assert _border_colour(app.screen.query_one(Inspector)) != focus_colour


async def test_tab_leaves_the_tree_for_a_visible_field_and_enter_never_flips_a_switch(
    tmp_path: Path,
):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        app.screen.query_one(CommandTree).select_path("deployctl deploy")
        await settle(pilot)
        await pilot.press("tab")
        include = app.screen.query_one("#include", Switch)
        assert app.screen.focused is include  # not the inspector's scroll container
        before = include.value
        await pilot.press("enter")
        await pilot.pause()
        assert include.value == before, "enter toggled the switch"
        assert app.screen.focused is app.screen.query_one("#deprecated", Switch)
        assert not app.screen.workspace.command_choices("deployctl deploy").deprecated
        await pilot.press("space")
        await settle(pilot)
        assert app.screen.workspace.command_choices(
            "deployctl deploy"
        ).deprecated  # space does toggle


async def test_ctrl_a_selects_all_in_a_text_area_and_home_goes_to_the_line_start(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        area = app.screen.query_one("#description", TextArea)
        area.load_text("first line\nsecond line")
        area.focus()
        area.move_cursor((1, 4))
        await pilot.press("home")
        assert area.cursor_location == (1, 0)
        await pilot.press("ctrl+a")
        assert area.selected_text == "first line\nsecond line"


async def test_the_walk_is_in_the_footer_and_the_help_screen():
    walk = [
        "main.pane-tree",
        "main.pane-inspector",
        "main.pane-previews",
        "main.pane-try",
        "main.run",
    ]
    every = [
        b for name in dir(bindings) if name.endswith("_BINDINGS") for b in getattr(bindings, name)
    ]
    assert all(b.id and b.tooltip for b in every), "every Binding has an id and a tooltip"
    shown = {b.id for b in bindings.MAIN_BINDINGS if b.show}
    assert set(walk) <= shown
    help_text = keys_markdown()
    assert all(f"`{binding_id}`" in help_text for binding_id in walk)


async def test_at_80_by_24_the_panes_take_turns_and_the_status_line_keeps_its_end(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        inspector, previews = app.screen.query_one(Inspector), app.screen.query_one(PreviewTabs)
        assert inspector.display and not previews.display
        await pilot.press("3")
        await pilot.pause()
        assert previews.display and not inspector.display
        assert previews.size.width >= 40, f"the preview is {previews.size.width} columns wide"
        status = app.screen.query_one("#status")
        text = str(status.content)
        assert text.rstrip().endswith("mcp.toml") and len(text) <= status.size.width
        footer = app.screen.query_one(Footer)
        assert footer.size.width == 80
        await pilot.press("2")
        await pilot.pause()
        assert inspector.display and not previews.display
