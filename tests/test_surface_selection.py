"""`select_tools` decides what `build_surface` decides about which commands are tools (the same
walk): the TUI paints its tree's first marks from it before any tool is built, so the marks
must never differ from the first surface's statuses (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from workbench.loaders import load
from workbench.model.config import Selector
from workbench.model.config_file import config_from_loaded
from workbench.model.surface import build_surface, select_tools
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import CommandTree
from workbench.tui.previews import statuses_of, statuses_of_selection
from workbench.tui.workspace import Workspace

SAMPLES = ["sample_clis.deployctl:cli", "sample_clis.notes:app", "sample_clis.pkgtool:build_parser"]
TREES = Path(__file__).parent / "fixtures" / "trees"


def _workspace(target: str, tmp_path: Path) -> Workspace:
    loaded = load(target)
    return Workspace.create(loaded.tree, config_from_loaded(loaded), tmp_path / "mcp.toml")


def _same_statuses(tree: CommandTree, config) -> None:
    surface = build_surface(tree, config, token_counts=False)
    assert statuses_of_selection(select_tools(tree, config)) == statuses_of(surface)


@pytest.mark.parametrize("target", SAMPLES)
def test_selection_marks_equal_the_surface_statuses_after_edits(
    target: str, tmp_path: Path
) -> None:
    ws = _workspace(target, tmp_path)
    _same_statuses(ws.tree, ws.config)
    runnable = [c.path_str for c in ws.tree.walk() if c.runnable and len(c.path) > 1]
    groups = [c.path_str for c in ws.tree.walk() if c.subcommands and len(c.path) > 1]
    ws.set_included(runnable[0], False)
    ws.set_deprecated(runnable[-1], True)
    if groups:
        ws.set_deprecated(groups[0], True)  # its commands are filtered "inside" it
    _same_statuses(ws.tree, ws.config)
    ws.set_selectors([Selector(commands=[runnable[-1], runnable[len(runnable) // 2]])])
    _same_statuses(ws.tree, ws.config)  # "no selector claims it" for the others


@pytest.mark.parametrize("name", sorted(p.stem for p in TREES.glob("*.json")))
def test_selection_marks_equal_the_surface_statuses_on_real_trees(name: str) -> None:
    from workbench.model.config import Config

    tree = CommandTree.from_data(json.loads((TREES / f"{name}.json").read_text()))
    config = Config()
    try:
        build_surface(tree, config, token_counts=False)
    except SurfaceError:
        with pytest.raises(SurfaceError):  # a name clash: the selection refuses it too
            select_tools(tree, config)
        return
    _same_statuses(tree, config)
