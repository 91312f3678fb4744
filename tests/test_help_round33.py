"""Round 33's classes (docs/loaders.md, "Round 33"; docs/crawler.md): help texts of compiled Go
and Rust CLIs whose layouts the rules had not met.

The help texts are made up (CLIs named `hookr` and `runr`); the expected names are read off each
text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.shortness import hides_help_switch, promised_options

SLICE_FLAGS_SHOWN_TWICE = """NAME:
   hookr fire - fire a group of hooks

USAGE:
   hookr fire <hook-name> [options]

OPTIONS:
   --quiet, -q                            print nothing
   --mode string                          on, off, or auto (default: "auto")
   --stage string [ --stage string ]      fire only the stages named
   --only value, -o value [ --only value, -o value ]  fire only these jobs
   --help, -h                             show help
"""


def _parsed(text: str, path: list[str]):
    return parser_for(detect_style(text))(text, path)


def test_a_slice_flag_shown_followed_by_itself_in_brackets_is_one_repeatable_flag():
    expected = re.findall(r"(?m)^   --([a-z]+)", SLICE_FLAGS_SHOWN_TWICE)
    expected.remove("help")
    assert expected == ["quiet", "mode", "stage", "only"]
    by_key = {f.key: f for f in _parsed(SLICE_FLAGS_SHOWN_TWICE, ["hookr", "fire"]).flags}
    assert sorted(by_key) == sorted(expected)
    assert by_key["stage"].repeatable and by_key["only"].repeatable
    assert by_key["stage"].kind.value == "value" and by_key["only"].short == "o"
    assert not by_key["mode"].repeatable


def test_a_bracket_naming_another_flag_is_no_repetition():
    text = SLICE_FLAGS_SHOWN_TWICE.replace("[ --stage string ]", "[ --other string ]")
    by_key = {f.key: f for f in _parsed(text, ["hookr", "fire"]).flags}
    assert "stage" not in by_key or not by_key["stage"].repeatable


ROWLESS_PAGE = """Print the runtime's type declarations

Usage: runr types [OPTIONS]
"""

PAGE_WITHOUT_A_HELP_ROW = """Format source files

Usage: runr fmt [OPTIONS] [files]...

Options:
      --check           Check if the source files are formatted
      --ext <VALUE>     Set content type of the supplied file
  -q, --quiet           Suppress diagnostic output
"""

ROOT_WITH_A_VALUED_HELP = """A runtime

Usage: runr [OPTIONS] [COMMAND]

Commands:
  fmt    Format source files
  types  Print the runtime's type declarations

Options:
  -h, --help[=<CONTEXT>]  Print help [possible values: unstable, full]
  -q, --quiet             Suppress diagnostic output
"""

PAGE_WITH_A_HELP_ROW = PAGE_WITHOUT_A_HELP_ROW.replace(
    "  -q, --quiet", "  -h, --help            Print help\n  -q, --quiet"
)


def test_a_program_that_shows_no_plain_help_row_hides_its_help_switch():
    assert promised_options(ROWLESS_PAGE) == "[OPTIONS]"  # the sign this rule answers
    assert not re.search(r"(?m)^\s+(-h, )?--help\s", ROOT_WITH_A_VALUED_HELP)  # valued: not plain
    assert hides_help_switch([ROOT_WITH_A_VALUED_HELP, PAGE_WITHOUT_A_HELP_ROW] * 2)


def test_a_program_that_shows_its_help_row_somewhere_does_not_hide_it():
    assert not hides_help_switch([ROOT_WITH_A_VALUED_HELP, PAGE_WITH_A_HELP_ROW] * 2)
    assert not hides_help_switch([ROOT_WITH_A_VALUED_HELP])  # too few pages to tell
