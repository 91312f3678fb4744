"""What the help-parser tests share: the recorded help fixtures and reading one the way the
crawler does (detect its style, parse it with that style's parser)."""

from __future__ import annotations

from pathlib import Path

from workbench.loaders.help.detect import detect_style, parser_for

FIXTURES = Path(__file__).parent / "fixtures" / "help"


def parsed(name: str, path: list[str]):
    """The fixture `name` parsed as the help of the command at `path`."""
    text = (FIXTURES / name).read_text()
    return parser_for(detect_style(text))(text, path)


def flags_of(result) -> dict:
    """A parsed help's flags by key."""
    return {flag.key: flag for flag in result.flags}
