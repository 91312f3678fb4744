"""The prompt editor (F4): sections, variables and the tool order change the served prompt;
a section that cannot render is refused inline, naming the section, and nothing is applied."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, TextArea
from tui_support import sample_workspace, settle

from workbench.model.config_file import load_config
from workbench.tui.app import make_app
from workbench.tui.screens.prompt_editor import PromptEditor

pytestmark = pytest.mark.anyio
SIZE = (170, 50)


async def fill(pilot, name: str, order: str, text: str) -> None:
    screen = pilot.app.screen
    screen.query_one("#section-name", Input).value = name
    screen.query_one("#section-order", Input).value = order
    screen.query_one("#section-text", TextArea).load_text(text)
    await pilot.pause()


async def test_a_section_that_cannot_render_is_refused_inline_and_a_good_one_is_served(
    tmp_path: Path,
):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, PromptEditor)
        state = app.screen.query_one("#prompt-state")

        await fill(pilot, "rules", "50", "Deploy only to {{enviroment}}.")
        assert "rules" in str(state.content) and "enviroment" in str(
            state.content
        )  # live, as typed
        await pilot.click("#add-section")
        await pilot.pause()
        assert state.has_class("-invalid")
        assert "Not applied" in str(state.content) and "`rules`" in str(state.content)
        assert app.main_screen.workspace.config.prompt.sections == []

        await fill(pilot, "environment", "", "")
        app.screen.query_one("#variable-name", Input).value = "environment"
        app.screen.query_one("#variable-value", Input).value = "staging"
        await pilot.click("#set-variable")
        await fill(pilot, "rules", "50", "Deploy only to {{environment}}.")
        await pilot.click("#add-section")
        await pilot.pause()
        assert state.has_class("-valid")
        assert "Deploy only to staging." in app.screen.query_one("#prompt-rendered").text

        await pilot.press("escape")
        await settle(pilot)
        assert "Deploy only to staging." in app.main_screen.query_one("#view-prompt").text
        await pilot.press("ctrl+s")
        await settle(pilot)
    saved = load_config(tmp_path / "mcp.toml").prompt
    assert [(s.name, s.order, s.text) for s in saved.sections] == [
        ("rules", 50, "Deploy only to {{environment}}.")
    ]
    assert saved.variables == {"environment": "staging"}


async def test_tools_move_in_the_tool_order_with_the_unlisted_entry_movable(tmp_path: Path):
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=tmp_path / "cfg")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await pilot.pause()
        order = app.screen.query_one("#tool-order", OptionList)
        names = [str(order.get_option_at_index(i).prompt) for i in range(order.option_count)]
        assert names[-1] == "<unlisted-tools>" and names[:-1] == sorted(names[:-1])
        order.focus()
        order.highlighted = order.option_count - 1
        await pilot.click("#order-up")  # the mouse
        await pilot.press("shift+up")  # the keyboard
        await pilot.pause()
        expected = [*names[:-3], "<unlisted-tools>", *names[-3:-1]]
        assert app.main_screen.workspace.config.prompt.tool_order == expected
        await pilot.press("escape")
        await settle(pilot)
        served = [t.name for t in app.main_screen.quick.surface.tools]
        assert served[-2:] == names[-3:-1]

        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.main_screen.workspace.config.prompt.tool_order == [
            *names[:-2],
            "<unlisted-tools>",
            names[-2],
        ]
