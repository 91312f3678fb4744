"""Haskell GetOpt's three columns (docs/crawler.md, "Round 35"): short spellings, long
spellings, description, each spelling written with the option's argument description
(`-i CODE1,CODE2..  --include=CODE1,CODE2..`, `-C[WHEN]  --color[=WHEN]`).

The help text is made up (a program named `lintr`, in the layout `usageInfo` prints); the
expected values are read off it by hand.
"""

from __future__ import annotations

from help_support import flags_of

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind

GETOPT_COLUMNS = """Usage: lintr [OPTIONS...] FILES...
  -a                  --all-files              Check every file
  -C[WHEN]            --colour[=WHEN]          Use colour (auto, always, never)
  -i CODE1,CODE2..    --include=CODE1,CODE2..  Consider only these checks
  -f FORMAT           --format=FORMAT          Output format
                      --norc                   Skip the rc file
  -V                  --version                Print version information
                      --help                   Show this usage summary and exit
"""


def _flags() -> dict:
    return flags_of(parser_for(detect_style(GETOPT_COLUMNS))(GETOPT_COLUMNS, ["lintr"]))


def test_a_short_and_a_long_spelling_with_the_same_value_are_one_option():
    flags = _flags()
    include = flags["include"]
    assert include.short == "i" and include.kind is FlagKind.VALUE
    assert include.metavar == "CODE1,CODE2.."
    assert include.help == "Consider only these checks"
    colour = flags["colour"]
    assert colour.short == "C" and colour.kind is FlagKind.VALUE
    assert colour.help == "Use colour (auto, always, never)"
    assert "C" not in flags and "i" not in flags


def test_a_value_ending_in_two_dots_is_no_sentence():
    # `CODE1,CODE2..` says "more of them"; a term ending in one stop is prose, not an option
    assert "include" in _flags()


def test_the_columns_other_rows_read_as_before():
    flags = _flags()
    assert flags["all-files"].short == "a" and flags["all-files"].kind is FlagKind.BOOLEAN
    assert flags["format"].short == "f" and flags["format"].metavar == "FORMAT"
    assert flags["norc"].kind is FlagKind.BOOLEAN and flags["norc"].short is None


def test_a_short_whose_description_opens_with_another_value_stays_apart():
    # a lower-case value the long spelling does not repeat: no sign of the two being one
    # option's spellings (a placeholder in capitals is, by the older rule)
    text = GETOPT_COLUMNS.replace(
        "  -i CODE1,CODE2..    --include=CODE1,CODE2..  Consider only these checks\n",
        "  -i codes            --include=list           Consider only these checks\n",
    )
    flags = flags_of(parser_for(detect_style(text))(text, ["lintr"]))
    assert "i" in flags and "include" not in flags
