"""A listing of commands spelled after the program's name, whose widest names reach the
summary column with one space (docs/crawler.md, "Round 35": `tool install --help` among
`tool repl    --help`).

The help text is made up (a program named `shapr`, in the layout of a hand-written help that
lists each command as the line to type); the expected values are read off it by hand.
"""

from __future__ import annotations

from workbench.loaders.help.detect import detect_style, parser_for

PROGRAM_PREFIXED = """Welcome to shapr.

The most common commands are:

    shapr repl
        Open an interactive session.

There are other commands as well. Here is a full list:

    shapr repl    --help
    shapr init    --help
    shapr make    --help
    shapr install --help
    shapr publish --help

Adding the --help flag gives details about each one.
"""


def _commands(text: str) -> list[str]:
    parsed = parser_for(detect_style(text))(text, ["shapr"])
    return [entry.name for entry in parsed.subcommands]


def test_the_widest_names_one_space_from_the_column_are_commands_too():
    commands = _commands(PROGRAM_PREFIXED)
    assert {"install", "publish"} <= set(commands)
    assert {"repl", "init", "make"} <= set(commands)


def test_a_row_of_another_program_stays_out():
    # the prefix is the program's own name only: `other install --help` is no row of shapr's
    text = PROGRAM_PREFIXED.replace("    shapr install --help", "    other install --help")
    assert "install" not in _commands(text)
