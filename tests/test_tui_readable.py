"""What the user reads and the small frictions of issue 13: the Prompt tab wraps, a Try result is
marked stale when the form changes, the filter moves the cursor (and the inspector) to the first
match and Escape clears it without collapsing the groups, the inspector starts at the top of a
new command, the palette finds `go to secrets list`, the selectors editor says what a selector
that claims nothing or a flag pattern that matches nothing does, the Lint list keeps `[env]`, and
the Screenshot palette entry writes an SVG and says where."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, TabbedContent
from tui_support import sample_workspace, settle

from workbench.tui.app import make_app
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.inspector import Inspector
from workbench.tui.widgets.try_it import TryIt

pytestmark = pytest.mark.anyio
SIZE = (160, 48)


def _app(tmp_path: Path, workspace=None):
    return make_app(
        workspace=workspace or sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg"
    )


async def test_the_prompt_tab_wraps_its_lines(tmp_path: Path):
    async with _app(tmp_path).run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        pilot.app.screen.query_one("#preview-tabs").active = "tab-prompt"
        await pilot.pause()
        view = pilot.app.screen.query_one("#view-prompt")
        longest = max(len(line) for line in view.text.split("\n"))
        assert longest > view.size.width, "the sample's prompt has a line wider than the pane"
        assert (
            view.soft_wrap and view.virtual_size.width <= view.size.width
        )  # no sideways scrolling


async def test_a_try_result_is_marked_stale_when_the_form_changes(
    tmp_path: Path, sample_home: Path
):
    workspace = sample_workspace(tmp_path / "mcp.toml")
    workspace.set_annotation("deployctl status", "read_only", True)
    async with _app(tmp_path, workspace).run_test(size=SIZE) as pilot:
        app = pilot.app
        await settle(pilot)
        app.screen.query_one(CommandTree).select_path("deployctl status")
        await settle(pilot)
        await pilot.press("4", "ctrl+r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        try_it = app.screen.query_one(TryIt)
        state = app.screen.query_one("#try-state")
        assert try_it.result is not None and "stale" not in str(state.content)
        assert "exit code 0 · " in str(state.content) and str(state.content).endswith(
            " ms"
        )  # nothing cut
        try_it.query_one("#try-args").load_text('{"json": true}')
        await pilot.pause()
        assert app.screen.query_one("#try-result").has_class("-stale")
        assert "stale" in str(state.content)
        try_it.query_one("#try-args").load_text("")  # back to the arguments of the run
        await pilot.pause()
        assert not app.screen.query_one("#try-result").has_class("-stale")


async def test_the_filter_follows_the_first_match_and_escape_clears_it_keeping_groups_open(
    tmp_path: Path,
):
    async with _app(tmp_path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await settle(pilot)
        tree = app.screen.query_one(CommandTree)
        tree.select_path("deployctl deploy")
        await settle(pilot)
        await pilot.press("slash", *"render")
        await settle(pilot)
        for _ in range(50):  # the filter is debounced; wait for its result, not for a time
            if app.screen.selected == "deployctl helpers render-config":
                break
            await pilot.pause(0.05)
        assert app.screen.selected == "deployctl helpers render-config"
        assert (
            tree.cursor_node is not None
            and tree.cursor_node.data == "deployctl helpers render-config"
        )
        assert app.screen.query_one(Inspector).command.path_str == "deployctl helpers render-config"
        await pilot.press("escape")
        assert app.screen.query_one("#filter", Input).value == ""
        for _ in range(50):
            if "deployctl status" in tree.nodes_by_path:
                break
            await pilot.pause(0.05)
        await pilot.pause()
        assert tree.nodes_by_path["deployctl helpers"].is_expanded, (
            "clearing the filter collapsed the group"
        )
        assert (
            tree.cursor_node is not None
            and tree.cursor_node.data == "deployctl helpers render-config"
        )
        await pilot.press("escape")
        assert app.screen.focused is tree


async def test_the_inspector_starts_at_the_top_of_each_command(tmp_path: Path):
    async with _app(tmp_path).run_test(size=(160, 30)) as pilot:
        app = pilot.app
        await settle(pilot)
        tree = app.screen.query_one(CommandTree)
        tree.select_path("deployctl deploy")
        await settle(pilot)
        inspector = app.screen.query_one(Inspector)
        inspector.scroll_end(animate=False)
        await pilot.pause()
        assert inspector.scroll_y > 0
        tree.select_path("deployctl status")
        await settle(pilot)
        assert inspector.scroll_y == 0


async def test_the_palette_finds_a_command_by_its_entry_without_the_root(tmp_path: Path):
    async with _app(tmp_path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"go to secrets list")
        for _ in range(50):
            options = app.screen.query_one(OptionList)
            if options.option_count:
                break
            await pilot.pause(0.05)
        assert "Go to deployctl secrets list" in str(options.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.selected == "deployctl secrets list"


async def test_the_selectors_editor_says_what_a_selector_that_claims_nothing_does(tmp_path: Path):
    async with _app(tmp_path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await settle(pilot)
        await pilot.press("f3")
        await pilot.pause()
        fields = {
            name: app.screen.query_one(f"#field-{name}", Input)
            for name in ("commands", "exclude-flags")
        }
        fields["commands"].value = "deployctl *"
        await pilot.click("#add-selector")
        await pilot.pause()
        state = app.screen.query_one("#selector-state")
        assert str(state.content).startswith("✓ Added selector 1")
        app.screen.query_one("#selector-list", OptionList).highlighted = None
        fields["commands"].value = "deployctl deploy"  # deployctl * already claims it
        await pilot.click("#add-selector")
        await pilot.pause()
        text = str(state.content)
        assert not text.startswith("✓") and "claims no command" in text and "WB805" in text
        assert state.has_class("-warning")

        app.screen.query_one("#selector-list", OptionList).highlighted = 0
        await pilot.pause()
        fields["exclude-flags"].value = "no-such-flag*"
        await pilot.click("#apply-selector")
        await pilot.pause()
        text = str(state.content)
        assert "`no-such-flag*`" in text and "matches no flag" in text


async def test_the_lint_list_keeps_bracketed_words_of_a_fix(tmp_path: Path):
    workspace = sample_workspace(tmp_path / "mcp.toml")
    workspace.set_env({"DEPLOY_API_TOKEN": "s3cr3t"})
    async with _app(tmp_path, workspace).run_test(size=SIZE) as pilot:
        await settle(pilot)
        pilot.app.screen.query_one(
            "#preview-tabs", TabbedContent
        ).active = "tab-lint"  # filled when shown
        await pilot.pause()
        options = pilot.app.screen.query_one("#lint-list", OptionList)
        # What the list paints: a str prompt is read as markup there, where `[env]` is a tag.
        rows = [
            options._get_visual(options.get_option_at_index(i)).plain
            for i in range(options.option_count)
        ]
        wb704 = next(row for row in rows if "WB704" in row)
        assert "Remove it from [env] and set it" in wb704


async def test_the_screenshot_entry_writes_an_svg_next_to_the_config_and_says_where(tmp_path: Path):
    async with _app(tmp_path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await settle(pilot)
        commands = [c for c in app.get_system_commands(app.screen) if c.title == "Screenshot"]
        assert len(commands) == 1
        commands[0].callback()
        for _ in range(100):  # the entry waits for the palette to close; wait for the file
            saved = list(tmp_path.glob("*.svg"))
            if saved:
                break
            await pilot.pause(0.05)
        assert len(saved) == 1
        assert saved[0].read_text().lstrip().startswith("<svg")
        assert any(str(saved[0]) in n.message for n in app._notifications)
