"""Snapshots of the main screen on the deployctl sample, one per bundled theme.

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
SIZE = (150, 42)


@pytest.mark.parametrize("theme", BUNDLED)
def test_main_screen(theme: str, snap_compare, tmp_path: Path):
    app = make_app(workspace=sample_workspace(Path("mcp.toml")), config_dir=tmp_path, theme=theme)
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)
