"""Themes are validated files (bundled and the user's), and the chosen theme is remembered."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.notifications import Notify
from tui_support import sample_workspace, settle

from workbench.tui.app import make_app
from workbench.tui.settings import Settings
from workbench.tui.themes import bundled_theme_files, load_all_themes

pytestmark = pytest.mark.anyio
SIZE = (150, 45)


def test_at_least_three_bundled_themes_load_cleanly_and_one_is_light(tmp_path: Path):
    loaded = load_all_themes(tmp_path / "no-user-themes")
    assert loaded.failures == []
    assert len(loaded.themes) >= 3 and len(bundled_theme_files()) == len(loaded.themes)
    assert any(not theme.dark for theme in loaded.themes.values())
    for theme in loaded.themes.values():
        assert {"wb-exposed", "wb-filtered", "wb-lint"} <= set(theme.variables)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('name = "bad"\nprimary = "#zz0000"\n', "`primary` is not a colour"),
        ('primary = "#112233"\n', "`name` is missing"),
        ('name = "bad"\nprimary = "#112233"\nprimry = "#112233"\n', "unknown key `primry`"),
        (
            'name = "bad"\nprimary = "#112233"\n[variables]\nwb-lint = "blurple"\n',
            "variable `wb-lint`",
        ),
        ('name = "bad"\nprimary = \n', "not valid TOML"),
    ],
)
def test_a_bad_user_theme_file_is_reported_in_one_sentence_naming_the_file(
    tmp_path: Path, text, expected
):
    folder = tmp_path / "themes"
    folder.mkdir()
    (folder / "mine.toml").write_text(text)
    loaded = load_all_themes(folder)
    assert len(loaded.failures) == 1
    assert "mine.toml" in loaded.failures[0] and expected in loaded.failures[0]


async def test_a_broken_remembered_theme_notifies_and_falls_back_to_the_default(tmp_path: Path):
    config_dir = tmp_path / "cfg"
    (config_dir / "themes").mkdir(parents=True)
    (config_dir / "themes" / "broken.toml").write_text(
        'name = "broken"\nprimary = "not-a-colour"\n'
    )
    Settings(theme="broken").save(config_dir / "settings.toml")
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=config_dir)
    posted: list[
        str
    ] = []  # every notification as posted: on a busy machine a toast may expire first

    def record(message) -> None:
        if isinstance(message, Notify):
            posted.append(message.notification.message)

    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        await settle(pilot)
        assert app.theme == "workbench-dark"
        assert any("broken.toml" in m and "not a colour" in m for m in posted)


async def test_a_user_theme_is_offered_and_the_chosen_theme_is_remembered(tmp_path: Path):
    config_dir = tmp_path / "cfg"
    (config_dir / "themes").mkdir(parents=True)
    (config_dir / "themes" / "mine.toml").write_text(
        'name = "mine"\ndark = false\nprimary = "#335577"\nbackground = "#fafafa"\n'
    )
    app = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=config_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "mine" in app.available_themes
        app.theme = "mine"
        await pilot.pause()
    assert Settings.load(config_dir / "settings.toml").theme == "mine"
    again = make_app(workspace=sample_workspace(tmp_path / "mcp.toml"), config_dir=config_dir)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.theme == "mine"


def test_settings_folder_follows_the_environment_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from workbench.tui.settings import settings_path, user_themes_dir

    monkeypatch.setenv("MCP_WORKBENCH_CONFIG_DIR", str(tmp_path / "wb"))
    assert settings_path() == tmp_path / "wb" / "settings.toml"
    assert user_themes_dir() == tmp_path / "wb" / "themes"
    settings_path().parent.mkdir()
    settings_path().write_text("theme = [not toml")
    assert (
        Settings.load().theme == "workbench-dark"
    )  # unreadable settings are defaults, not a crash
