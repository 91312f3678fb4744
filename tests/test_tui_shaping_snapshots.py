"""Snapshots of the inspector with every shaping field in use (SPEC §5a, §5b: a renamed tool,
fixed words, a timeout, an output cap, env, JSON output with its schema, load in search
exposure, and a pinned flag in the flag editor), at 160×48 and at 80×24.

Baselines live in tests/__snapshots__/; after a deliberate UI change, look at the new screens
and re-baseline with `pytest tests/test_tui_shaping_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import sample_workspace, settle

from workbench.tui.app import make_app
from workbench.tui.widgets.command_tree import CommandTree
from workbench.tui.widgets.flag_editor import FlagEditor

SIZES = {"160x48": (160, 48), "80x24": (80, 24)}
DEPLOY = "deployctl deploy"


def _shaped_workspace():
    ws = sample_workspace(Path("mcp.toml"))
    ws.config.source.command = ["deployctl"]  # no path of this machine on screen
    ws.set_exposure("search")
    ws.set_tool_name(DEPLOY, "ship_service")
    ws.set_command_args(DEPLOY, ["--color=never"])
    ws.set_command_limit(DEPLOY, "timeout_s", 120)
    ws.set_command_limit(DEPLOY, "max_output_bytes", 65536)
    ws.set_command_env(DEPLOY, {"NO_COLOR": "1"})
    ws.set_output(DEPLOY, "json", {"type": "object"})
    ws.set_load(DEPLOY, "always")
    ws.set_flag_value(DEPLOY, "replicas", 3)
    ws.set_flag_name(DEPLOY, "tag", "image_tag")
    return ws


async def _show_shaping(pilot) -> None:
    await settle(pilot)
    tree = pilot.app.screen.query_one(CommandTree)
    tree.focus()
    tree.select_path(DEPLOY)
    await settle(pilot)
    editor = pilot.app.screen.query_one(FlagEditor)
    table = pilot.app.screen.query_one("#flag-table")
    table.move_cursor(row=[row.flag.key for row in editor.rows].index("replicas"))
    await pilot.pause()
    name_input = pilot.app.screen.query_one("#tool-name")
    name_input.cursor_blink = False  # a blinking cursor would make the picture depend on timing
    name_input.focus()  # the focus shows the inspector at 80 columns
    heading = name_input
    pilot.app.screen.query_one("#inspector").scroll_to_widget(heading, animate=False, top=True)
    await settle(pilot)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_inspector_with_shaping_fields(size: str, snap_compare, tmp_path: Path):
    app = make_app(workspace=_shaped_workspace(), config_dir=tmp_path)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=_show_shaping)
