"""Rules the held-out corpus set of round 12 showed (tests/corpus, `held_out=True`), each on a
fixture of the real CLI's help: general rules, in the style module that owns them."""

from __future__ import annotations

from pathlib import Path

from workbench.loaders.help.detect import detect_style, parser_for

FIXTURES = Path(__file__).parent / "fixtures" / "help"


def parsed(name: str, path: list[str]):
    text = (FIXTURES / name).read_text()
    return parser_for(detect_style(text))(text, path)


def test_a_click_default_command_marked_with_a_star_is_listed_by_its_name():
    # towncrier 26.9 and datasette 0.65 (click-default-group) print `build*` / `serve*`
    towncrier = [c.name for c in parsed("click_default_command_towncrier.txt", ["towncrier"]).subcommands]
    assert towncrier == ["build", "check", "create"]
    datasette = parsed("click_default_command_datasette.txt", ["datasette"])
    serve = next(c for c in datasette.subcommands if c.name == "serve")
    assert serve.summary.startswith("Serve up specified SQLite database files")
