"""Opening paints the tree with its marks first: the first frame the app hands its driver with
a mark comes before any tool is built and before the inspector's form mounts; that form, the
hidden Try and Selectors panes mount after that paint and still show the right content when
reached, and the footer builds its keys once instead of on every focus change while the screen
settles (issue 13; the real-terminal figures are bench/rows/tui.py's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual._compositor import CompositorUpdate
from textual.widgets import Static, Switch, TabbedContent
from textual.widgets._footer import FooterKey
from tui_support import sample_workspace, settle

import workbench.model.surface as surface_module
from workbench.tui.app import make_app
from workbench.tui.loading import OpenRequest
from workbench.tui.screens.main import MainScreen
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.inspector import Inspector
from workbench.tui.widgets.selectors_pane import SelectorsPane
from workbench.tui.widgets.try_it import TryIt

pytestmark = pytest.mark.anyio
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _app(tmp_path: Path, loaded_by: str):
    """The app as `mcp-workbench TARGET` opens it (the loading worker), or on a ready workspace."""
    if loaded_by == "worker":
        request = OpenRequest(target="sample_clis.deployctl:cli", output=str(tmp_path / "mcp.toml"))
        return make_app(request, config_dir=tmp_path / "user")
    return make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "user")


@pytest.mark.parametrize("loaded_by", ["worker", "workspace"])
async def test_tree_marks_paint_before_the_try_form_mounts(
    tmp_path: Path, monkeypatch, loaded_by: str
) -> None:
    seen: list[tuple[bool, bool]] = []
    original = CommandTree.show_statuses

    def show_statuses(tree: CommandTree, statuses) -> None:
        original(tree, statuses)
        if not seen:  # the first marks: what the deferred panes look like at that moment
            screen = tree.screen
            seen.append((bool(screen.query(TryIt)), bool(screen.query(SelectorsPane))))

    monkeypatch.setattr(CommandTree, "show_statuses", show_statuses)
    app = _app(tmp_path, loaded_by)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        assert seen == [(False, False)], (
            "the Try or Selectors pane mounted before the tree's first marks"
        )
        tree = app.screen.query_one(CommandTree)
        first = app.screen.selected
        assert tree.statuses[first].exposed
        # Mounted after that paint, and filled for the highlighted tool when shown.
        tabs = app.screen.query_one("#preview-tabs", TabbedContent)
        tabs.active = "tab-try"
        await settle(pilot)
        try_it = app.screen.query_one(TryIt)
        assert try_it.tool is not None and try_it.tool.name == tree.statuses[first].tool
        assert str(app.screen.query_one("#try-argv", Static).content).startswith("$ ")
        tabs.active = "tab-selectors"
        await settle(pilot)
        claims = app.screen.query_one(SelectorsPane).query_one("#view-claims")
        assert claims.text.startswith("No selectors: every command")  # filled, not a blank pane


@pytest.mark.parametrize("loaded_by", ["worker", "workspace"])
async def test_first_frame_with_a_mark_comes_before_any_tool_is_built(
    tmp_path: Path, monkeypatch, loaded_by: str
) -> None:
    builds: list[int] = []
    build = surface_module.build_surface

    def counting_build(*args, **kwargs):
        builds.append(1)
        return build(*args, **kwargs)

    monkeypatch.setattr(surface_module, "build_surface", counting_build)
    app = _app(tmp_path, loaded_by)
    built_before_run = len(builds)
    at_first_mark: list[tuple[int, bool]] = []
    display = app._display

    def recording(screen, renderable) -> None:
        """What the app hands its driver (headless, rendered here as a terminal would get it)."""
        if (
            not at_first_mark
            and isinstance(screen, MainScreen)
            and isinstance(renderable, CompositorUpdate)
            and " ●" in ESCAPES.sub("", renderable.render_segments(app.console))
        ):
            form_mounted = bool(screen.query_one(Inspector).query("#include"))
            at_first_mark.append((len(builds) - built_before_run, form_mounted))
        display(screen, renderable)

    app._display = recording  # type: ignore[method-assign]
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        assert at_first_mark == [(0, False)], (
            "a surface was built, or the form mounted, before the first mark"
        )
        # Reached afterwards, the form shows the highlighted tool as the surface has it.
        main = app.screen
        inspector = main.query_one(Inspector)
        status = main.query_one(CommandTree).statuses[main.selected]
        assert inspector.form_ready and inspector.command.path_str == main.selected
        assert (
            str(inspector.query_one("#status-line", Static).content)
            == f"● served as tool `{status.tool}`"
        )
        assert inspector.query_one("#include", Switch).value is True
        assert main.query_one("#view-tool").text.startswith('{\n  "name": "' + status.tool)


async def test_try_tab_shown_before_its_pane_mounted_is_filled(tmp_path: Path) -> None:
    """`4` (or the Try tab) pressed while the screen is still opening: the pane mounts then."""
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "user")
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("4")
        await settle(pilot)
        assert app.screen.query_one("#preview-tabs", TabbedContent).active == "tab-try"
        assert app.screen.query_one(TryIt).tool is not None


async def test_footer_builds_its_keys_once_while_opening(tmp_path: Path, monkeypatch) -> None:
    built: list[str] = []
    original = FooterKey.__init__

    def counting(self, key, *args, **kwargs) -> None:
        built.append(key)
        original(self, key, *args, **kwargs)

    monkeypatch.setattr(FooterKey, "__init__", counting)
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "user")
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        shown = len(app.screen.query(FooterKey))
        assert shown >= 5  # the keyboard walk, save, quit, help
        # Focus and bindings settle several times while the screen opens: one set of keys, not
        # one per settling step (each new key restyles itself through the whole stylesheet).
        assert len(built) <= 2 * shown, f"{len(built)} footer keys built for {shown} shown"
        # The footer still follows the bindings when they do change: the tree's `x` goes
        # when the filter box has the focus.
        assert "x" in {key.key for key in app.screen.query(FooterKey)}
        await pilot.press("slash")
        await pilot.pause(0.3)
        assert "x" not in {key.key for key in app.screen.query(FooterKey)}
