"""Round 24's listing class (docs/loaders.md, "Round 24"): a commands heading over bare names
grouped under bracketed labels (`[auth]` / `    changepassword`), each label the app or plugin
that provides the commands under it.

The help texts are made up (a CLI named `shipyard`); the expected names are read off each text
by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for

LABELLED = """
Type 'shipyard help <subcommand>' for help on a specific subcommand.

Available subcommands:

[accounts]
    changepassword
    createadmin

[core]
    check
    migrate
    runserver
Note that only core commands are listed as no project is configured.
"""

BARE_NAMES_IN_PROSE = """usage: shipyard [options]

Deploys the current folder.

Examples:
    shipyard
    [staging]
    deploy
"""


def _commands(text: str) -> list[str]:
    return [c.name for c in parser_for(detect_style(text))(text, ["shipyard"]).subcommands]


def _indented_bare_names(text: str) -> list[str]:
    return re.findall(r"(?m)^ {4}([a-z]+)$", text)


def test_bare_names_under_bracketed_labels_are_commands_and_the_labels_are_not():
    expected = _indented_bare_names(LABELLED)
    assert len(expected) == 5
    loaded = _commands(LABELLED)
    assert loaded == expected
    assert "accounts" not in loaded and "core" not in loaded
    assert not any(name.startswith(("[", "Note")) for name in loaded)


def test_bare_names_and_a_label_outside_a_commands_heading_are_no_commands():
    assert _commands(BARE_NAMES_IN_PROSE) == []
