"""optparse-applicative's help texts (docs/crawler.md, "optparse-applicative: the usage line is
the complete witness") and the rules round 35 brought with it: options a name ending in `*`
stands for, options named by one punctuation mark, and a command that refuses the help option
it was asked with but prints its own usage.

The help texts are made up (a program named `packr`, in the library's layout); the expected
values are read off them by hand.
"""

from __future__ import annotations

from help_support import flags_of

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.fetch import _problem
from workbench.loaders.help.run import HelpCall
from workbench.loaders.help.shortness import unread_rows
from workbench.model.tree import FlagKind

ROOT = """packr - pack files into archives

Usage: packr [--version] [--docker*] [-j|--jobs N] COMMAND

  Pack and unpack

Available options:
  --version                Show version
  --docker*                Run 'packr --docker-help' for details
  -j,--jobs N              How many files at once (default: 4)
  -h,--help                Show this help text

Available commands:
  add                      Add files to an archive
  list                     List an archive
"""

ADD = """Usage: packr add [PATH ...] [--batch] [-z] [-u|--update]
                  [--check-ignore | --no-check-ignore]
                  [--keep-going | --no-keep-going] [--level N]
                  [-- ARGUMENTS (e.g. packr add -- x.tar -o out)]
  Add files to an archive

Available options:
  --batch                  enable batch mode
  -u,--update              only update tracked files
  --no-check-ignore        do not check ignore files when adding
  --keep-going             go on after a file fails
  -(                       open group of options
  -)                       close group of options
  -h,--help                Show this help text
"""


def _read(text: str, path: list[str]):
    style = detect_style(text)
    return style, parser_for(style)(text, path)


def test_the_librarys_texts_are_read_in_its_style_and_its_listing_kept():
    # `Available commands:` alone is also a mark of another style; the options heading and the
    # helper's `Show this help text` say which library printed it
    style, parsed = _read(ROOT, ["packr"])
    assert style == "optparse-applicative"
    assert [c.name for c in parsed.subcommands] == ["add", "list"]
    jobs = flags_of(parsed)["jobs"]
    assert jobs.short == "j" and jobs.kind is FlagKind.VALUE and jobs.default == 4


def test_an_option_only_the_usage_spells_is_an_option_of_the_command():
    _, parsed = _read(ADD, ["packr", "add"])
    flags = flags_of(parsed)
    # `-z` and `--level N` have no help string, so the list leaves them out; the usage has them
    assert flags["z"].kind is FlagKind.BOOLEAN
    assert flags["level"].kind is FlagKind.VALUE and flags["level"].metavar == "N"
    assert flags["update"].short == "u" and flags["batch"].kind is FlagKind.BOOLEAN


def test_alternatives_in_the_usage_are_one_switch_with_its_off_form():
    _, parsed = _read(ADD, ["packr", "add"])
    flags = flags_of(parsed)
    # only the off form is described: the switch is named for its on form
    check = flags["check-ignore"]
    assert check.negatable and check.kind is FlagKind.BOOLEAN and check.default is None
    assert check.help == "--no-check-ignore: do not check ignore files when adding"
    assert "no-check-ignore" not in flags
    # only the on form is described: it gains its off form
    keep = flags["keep-going"]
    assert keep.negatable and keep.help == "go on after a file fails"
    assert "no-keep-going" not in flags


def test_words_passed_on_to_another_program_in_the_usage_are_no_options():
    _, parsed = _read(ADD, ["packr", "add"])
    assert "o" not in flags_of(parsed)  # `-o out` is inside `[-- ARGUMENTS (e.g. …)]`


def test_a_name_ending_in_a_star_stands_for_options_and_is_none():
    _, parsed = _read(ROOT, ["packr"])
    flags = flags_of(parsed)
    assert "docker" not in flags and "docker*" not in flags
    # nor a sign that the help was not fully read, in the reading or in the row check
    assert "--docker" not in parsed.unread
    assert unread_rows(ROOT, parsed.flags, set()) == []


def test_an_option_named_by_one_punctuation_mark_is_reported_unread():
    _, parsed = _read(ADD, ["packr", "add"])
    # no flag can hold `-(` (a tool property needs a name): the load says it is short
    assert unread_rows(ADD, parsed.flags, set()) == ["-(", "-)"]


def test_a_dot_leader_row_whose_long_spelling_is_held_is_not_reported():
    text = "Options:\n  -~  ........  --tilde\n                Show tildes\n  -a  ........  --all\n"
    _, parsed = _read(text, ["pagr"])
    assert unread_rows(text, parsed.flags, set()) == []


REFUSED = """Invalid option `--help'

Usage: packr list deps text [--separator SEP] [--depth DEPTH]
  Print dependencies as text
"""


def test_a_command_refusing_the_help_option_but_printing_its_usage_has_that_help():
    call = HelpCall(("packr", "list", "deps", "text", "--help"), stderr=REFUSED, exit_code=1)
    assert _problem(call, ["list", "deps", "text"], []) is None


def test_a_refusal_printing_another_commands_usage_is_still_an_error():
    call = HelpCall(("packr", "list", "deps", "tree", "--help"), stderr=REFUSED, exit_code=1)
    problem = _problem(call, ["list", "deps", "tree"], [])
    assert problem is not None and "printed an error" in problem
