"""An edit reaches the terminal before the full pass: what the screen paints after `x`, read
from the updates the app hands its driver (the text a real terminal would receive), while the
full pass (tool list, mcp.toml, lint) is held back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual._compositor import CompositorUpdate
from textual.app import App
from tui_support import sample_workspace, settle

from workbench.tui.app import make_app
from workbench.tui.widgets.command_tree import CommandTree

SIZE = (170, 50)
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
pytestmark = pytest.mark.anyio


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MCP_WORKBENCH_CONFIG_DIR", str(tmp_path / "user-config"))
    return make_app(
        workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "user-config"
    )


def record_painted(app: App) -> list[str]:
    """The text of every screen update from now on, as the terminal would get it (escape codes
    removed). Headless apps skip the driver, so the updates are rendered here."""
    painted: list[str] = []
    display = app._display

    def recording(screen, renderable) -> None:
        if isinstance(renderable, CompositorUpdate) and not app._batch_count:
            painted.append(ESCAPES.sub("", renderable.render_segments(app.console)))
        display(screen, renderable)

    app._display = recording  # type: ignore[method-assign]
    return painted


async def test_an_edit_paints_its_tool_mark_and_preview_before_the_full_pass(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main_screen
        tree = main.query_one(CommandTree)
        tree.focus()
        tree.select_path("deployctl status")
        await settle(pilot)
        main._start_full = lambda generation: None  # the full pass never comes in this test
        painted = record_painted(app)
        await pilot.press("x")
        for _ in range(20):
            await pilot.pause(0.02)
            if any("is not a tool" in text for text in painted):
                break
        assert main.is_current  # Textual's own flag: the screen paints while previews are stale
        seen = "".join(painted)
        assert "`deployctl status` is not a tool." in seen
        assert "status ○ excluded" in seen  # the tree line's new mark
        assert "updating…" in seen  # the status line says the rest is coming
