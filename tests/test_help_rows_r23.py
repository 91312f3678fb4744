"""Round 23's row classes (docs/loaders.md, "Round 23"): a program's actions spelled as options
and listed under a `Commands:` heading (`-i|--install  <file>...`), beside a row of another
shape (`-?, --help`). Made-up help texts; expected values are written by hand."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from help_support import flags_of  # noqa: E402

from workbench.loaders.help.detect import detect_style, parser_for  # noqa: E402
from workbench.model.tree import FlagKind  # noqa: E402

ACTIONS_AS_OPTIONS = """\
Usage: pkgmill [<option>...] <command>

Commands:
  -i|--install       <archive>... | -R|--recursive <directory>...
  --unpack           <archive>... | -R|--recursive <directory>...
  -r|--remove        <package>... | -a|--pending
  -V|--verify [<package>...]       Verify the integrity of package(s).
  --clear-avail                    Erase existing available info.
  -L|--listfiles <package>...      List files owned by package(s).
  -S|--search <pattern>...         Find package(s) owning file(s).
  --print-architecture             Print the architecture.

  -?, --help                       Show this help message.
      --version                    Show the version.

Options:
  --admindir=<directory>     Use <directory> instead of /var/lib/pkgmill.
  --no-act                   Test only.
"""


def _parsed(text: str, path: list[str]):
    return parser_for(detect_style(text))(text, path)


def test_actions_spelled_as_options_under_a_commands_heading_are_options():
    result = _parsed(ACTIONS_AS_OPTIONS, ["pkgmill"])
    flags = flags_of(result)
    assert not result.subcommands
    for key, short in [
        ("install", "i"),
        ("unpack", None),
        ("remove", "r"),
        ("verify", "V"),
        ("clear-avail", None),
        ("listfiles", "L"),
        ("search", "S"),
        ("print-architecture", None),
        ("admindir", None),
        ("no-act", None),
    ]:
        assert key in flags, key
        assert flags[key].short == short, key
    assert flags["listfiles"].kind is FlagKind.VALUE
    assert flags["clear-avail"].kind is FlagKind.BOOLEAN


def test_a_commands_section_with_a_few_option_rows_still_lists_commands():
    text = """\
Usage: toolbox <command> [options]

Commands:
  build        Build the project
  clean        Remove build outputs
  run          Run the project
  test         Run the tests
  -v, --verbose  Say more (any command)
"""
    result = _parsed(text, ["toolbox"])
    assert [c.name for c in result.subcommands][:4] == ["build", "clean", "run", "test"]


SWITCHES_UNDER_THE_USAGE = """\

Usage: /usr/bin/scriptor [switches] [--] [programfile] [arguments]
  -0[octal/hexadecimal] specify record separator (\\0, if no argument)
  -a                    autosplit mode with -n or -p
  -e commandline        one line of program (several -e's allowed)
  -w                    enable many useful warnings
  -V[:configvar]        print configuration summary (or a single variable)

Run 'scriptor-doc' for more help.
"""


def test_the_first_row_under_the_usage_one_space_short_of_the_column_is_an_option():
    # perl 5.36's `-h`: the rows start right under the usage line and the first one's term
    # fills its column, one space before its description; it was read as the usage going on
    flags = flags_of(_parsed(SWITCHES_UNDER_THE_USAGE, ["scriptor"]))
    assert set(flags) == {"0", "a", "e", "w", "V"}
    assert flags["0"].kind is FlagKind.BOOLEAN  # its value only attached (`-0777`)
    assert flags["0"].help.startswith("specify record separator")
    assert flags["e"].kind is FlagKind.VALUE
    # `-V[:configvar]`: the value after a colon is optional, so `-V` alone is an option (a
    # switch: argv never writes the attached form); before, the whole row was dropped
    assert flags["V"].kind is FlagKind.BOOLEAN
