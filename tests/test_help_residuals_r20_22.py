"""Layouts rounds 20 to 22 left unread (docs/loaders.md, "Round 20/21/22", the classes listed
as left), each on a small hand-written help text of a made-up program: a completion file's
hidden-option mark, a deprecated-options block, glued short-option values, an indented
sectioned option page, symfony's optional variadic positionals, and cleo's third level.

Expected values are read off the texts by hand, never produced by the code under test.
"""

from __future__ import annotations

import textwrap

from help_support import crawl_printing

from workbench.loaders.help.completions import CompletionFile
from workbench.loaders.help.detect import detect_style, parser_for


def _parsed(text: str, path: list[str] | None = None):
    text = textwrap.dedent(text)
    return parser_for(detect_style(text))(text, path or [])


# --- a completion file's hidden-option mark

FETCHKIT_HELP = """\
usage: fetchkit [OPTIONS] URL [URL ...]

General Options:
  -h, --help            Print this help message and exit
  --version             Print program version and exit
  -d, --destination PATH
                        Target location for file downloads
  -q, --quiet           Activate quiet mode
  -v, --verbose         Print various debugging information
  --no-colors           Do not emit ANSI color codes in output
"""

FETCHKIT_FISH = """\
complete -c fetchkit -x
complete -c fetchkit -s 'h' -l 'help' -d 'Print this help message and exit'
complete -c fetchkit -l 'version' -d 'Print program version and exit'
complete -c fetchkit -x -a '(__fish_complete_directories)' -s 'd' -l 'destination' -d 'Target location for file downloads'
complete -c fetchkit -s 'q' -l 'quiet' -d 'Activate quiet mode'
complete -c fetchkit -s 'v' -l 'verbose' -d 'Print various debugging information'
complete -c fetchkit -l 'no-colors' -d 'Do not emit ANSI color codes in output'
complete -c fetchkit -l 'limit-rate' -x -d 'Maximum download rate'
complete -c fetchkit -l 'ignore-config' -d '==SUPPRESS=='
complete -c fetchkit -l 'file-range' -l 'image-range' -d '==SUPPRESS=='
"""


def test_a_completion_files_suppress_mark_is_a_hidden_option(tmp_path):
    # an argparse program's generated fish file copies `help=SUPPRESS` as the description:
    # the option is accepted but hidden, as the help (which never prints it) says
    own = CompletionFile(
        path=str(tmp_path / "fetchkit.fish"),
        shell="fish",
        text=FETCHKIT_FISH,
        own=True,
        provenance="in a vendor folder of the program's prefix",
    )
    tree = crawl_printing(tmp_path, "fetchkit", FETCHKIT_HELP, [own])
    flags = {f.name: f for f in tree.root.flags}
    assert not flags["limit-rate"].hidden  # described: an option only the file lists
    assert flags["ignore-config"].hidden and flags["file-range"].hidden
    assert "==SUPPRESS==" not in {f.help for f in tree.root.flags}
    assert not flags["quiet"].hidden


# --- a block of retired options under a heading of its own

PAGEDOC_HELP = """\
Usage: pagedoc [options] [names...]

  Pages are parsed before any output is produced.

  Available formatters:

  html     - HTML pages
  text     - plain text

  The following options are deprecated:

    --tables         support discontinued
    --one-page       pages are now always split

Parsing options:

    -e, --encoding=ENCODING          Specifies the output encoding.

    -x, --exclude=PATTERN            Do not process files matching PATTERN.
"""


def test_rows_under_a_heading_naming_retired_options_are_left_out_with_a_note():
    parsed = _parsed(PAGEDOC_HELP, ["pagedoc"])
    names = {f.name for f in parsed.flags}
    assert {"encoding", "exclude"} <= names
    assert not names & {"tables", "one-page"}
    assert any("--tables" in note and "--one-page" in note for note in parsed.notes)
    assert "--tables" not in parsed.unread  # no sign of a short load


def test_a_colon_line_of_other_words_at_the_rows_indent_is_no_heading():
    # `The following options take a value:` names no retired rows: its rows are flags, and
    # the line is no group heading (a group's name retypes the rows under it)
    text = PAGEDOC_HELP.replace("The following options are deprecated:", "The options below:")
    names = {f.name for f in _parsed(text, ["pagedoc"]).flags}
    assert {"tables", "one-page", "encoding", "exclude"} <= names


# --- Symfony Console's usage: aliases on lines of their own, optional and repeated positionals

CRATEMAN_SHOW = """\
Description:
  Shows information about crates

Usage:
  show [options] [--] [<crate> [<directory> [<version>]]]
  info
  i

Arguments:
  crate                      Crate to inspect
  directory                  Where to look
  version                    Version constraint to inspect

Options:
      --all                  List all crates
  -h, --help                 Display help for the given command.
  -v|vv|vvv, --verbose       Increase the verbosity of messages

Help:
  The show command displays detailed information about a crate.
"""

CRATEMAN_INSTALL = """\
Description:
  Installs the crates

Usage:
  install [options] [--] [<crates>...]

Arguments:
  crates                     Crates to install

Options:
      --dry-run              Outputs the operations but will not execute anything
  -h, --help                 Display help for the given command.
  -v|vv|vvv, --verbose       Increase the verbosity of messages
"""


def _positionals(parsed) -> list[tuple[str, bool, bool]]:
    return [(p.name, p.required, p.variadic) for p in parsed.positionals]


def test_symfony_usage_aliases_are_aliases_and_nested_optionals_stay_optional():
    parsed = _parsed(CRATEMAN_SHOW, ["crateman", "show"])
    assert parsed.style == "cleo"
    assert set(parsed.aliases) == {"info", "i"}  # not words of the form
    assert _positionals(parsed) == [
        ("crate", False, False),
        ("directory", False, False),
        ("version", False, False),
    ]


def test_symfony_optional_repeated_positional():
    parsed = _parsed(CRATEMAN_INSTALL, ["crateman", "install"])
    assert _positionals(parsed) == [("crates", False, True)]
    required = CRATEMAN_INSTALL.replace("[<crates>...]", "<crates>...")
    assert _positionals(_parsed(required, ["crateman", "install"])) == [("crates", True, True)]


# --- cleo's third level: a listing row of three words

BREWER_LIST = """\
Brewer (version 1.0.0)

Usage:
  command [options] [arguments]

Options:
  -h, --help                 Display help for the given command. When no command is given display help for the list command.
  -q, --quiet                Do not output any message.
  -v|vv|vvv, --verbose       Increase the verbosity of messages

Available commands:
  about              Shows information about Brewer.
  list               Lists commands.
 self
  self add           Add packages to Brewer's own environment.
  self show          Show packages from Brewer's own environment.
  self show plugins  Shows the installed plugins.
"""


def test_a_cleo_listing_row_of_three_words_is_a_command_below_the_second():
    from workbench.loaders.help.crawl import _add_below
    from workbench.loaders.help.parsed import CommandEntry

    parsed = _parsed(BREWER_LIST, ["brewer"])
    commands = {e.name: e for e in parsed.subcommands}
    assert set(commands) == {"about", "list", "self"}
    below_self = {e.name: e for e in commands["self"].below}
    assert set(below_self) == {"add", "show"}
    assert [(e.name, e.summary) for e in below_self["show"].below] == [
        ("plugins", "Shows the installed plugins.")
    ]
    # the listing of `self` names `show` with nothing below it: the root's word is kept
    listed_by_self = [CommandEntry("add"), CommandEntry("show")]
    _add_below(listed_by_self, commands["self"].below)
    assert [e.name for e in listed_by_self] == ["add", "show"]
    assert [e.name for e in listed_by_self[1].below] == ["plugins"]
