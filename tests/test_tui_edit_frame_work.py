"""What Textual does between an edit's key and its first frame: no arrangement of the whole
screen (neither a layout nor a rebuild of the widget map for a repaint below the inspector's
fold), and what was repainted out of view is current once scrolled into view
(tui/compositor.py, the tool view's fixed scrollbars; docs/performance.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual._compositor import Compositor
from textual.widgets import DataTable
from tui_support import sample_workspace, settle

from workbench.tui.app import make_app
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.inspector import Inspector

SIZE = (160, 48)  # the bench's terminal
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
pytestmark = pytest.mark.anyio


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MCP_WORKBENCH_CONFIG_DIR", str(tmp_path / "user-config"))
    return make_app(
        workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "user-config"
    )


async def test_an_edit_reaches_its_frame_without_arranging_the_screen(app, monkeypatch):
    """`x` on a tool and `x` again: the tool view's text goes from the JSON to three lines
    and back, the flag table (below the inspector's fold) changes its "served" column, and
    neither makes Textual arrange every widget of the screen again before the frame."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        tree = main.query_one(CommandTree)
        tree.focus()
        tree.select_path("deployctl status")
        await settle(pilot)
        table = main.query_one("#flag-table", DataTable)
        assert table.row_count and table not in main._compositor.visible_widgets  # below the fold
        main._start_full = lambda generation: None  # only the key's own work is counted
        arranged: list[int] = []
        arrange = Compositor._arrange_root

        def counted(self, *args, **kwargs):
            arranged.append(1)
            return arrange(self, *args, **kwargs)

        monkeypatch.setattr(Compositor, "_arrange_root", counted)
        for shows in ("is not a tool", '"name": "deployctl_status"'):
            arranged.clear()
            await pilot.press("x")
            for _ in range(50):
                await pilot.pause(0.02)
                if shows in main.query_one("#view-tool").text and not main._dirty_widgets:
                    break
            assert shows in main.query_one("#view-tool").text
            assert arranged == [], f"the screen was arranged again before '{shows}' was painted"


async def test_the_flag_table_repainted_out_of_view_shows_the_edit_when_scrolled_to(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        tree = main.query_one(CommandTree)
        tree.focus()
        tree.select_path("deployctl status")
        await settle(pilot)
        inspector = main.query_one(Inspector)
        table = main.query_one("#flag-table", DataTable)
        assert table not in main._compositor.visible_widgets
        await pilot.press("x")  # excluded: none of its flags is served any more
        await settle(pilot)
        inspector.scroll_to_widget(table, animate=False)
        await pilot.pause()
        await pilot.pause()
        assert table in main._compositor.visible_widgets
        region = main._compositor.visible_widgets[table][0]
        lines = [
            strip.text[region.x : region.right]
            for strip in main._compositor.render_strips()[region.y : region.bottom]
        ]
        rows = [line for line in lines if line.strip().startswith("--")]
        assert rows, lines
        for row in rows:  # flag, type, served, override: "no" where it said "yes"
            assert "no" in row.split() and "yes" not in row.split(), lines
