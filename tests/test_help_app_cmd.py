"""App::Cmd's help texts (Perl: Getopt::Long::Descriptive's option rows, App::Cmd's command
listing; docs/crawler.md, "Round 36"), on made-up texts in that layout (a CLI named `brew`).

The expected names are read off each text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.fetch import _problem
from workbench.loaders.help.run import HelpCall

APPLICATION = """\
brew <command> [-?hIv] [long options...]
\t--verbose (or -v)         log more
\t--lib-inc STR... (or -I)  extra @INC dirs
\t--help (or -h)            show help
\t                          aka -?

Available commands:

   commands: list the application's commands
       help: display a command's help screen

        add: add a module
  bootstrap: set up a new tree
        run: run a script in the tree
"""

COMMAND_WITH_PROSE = """\
brew run [long options...]

This command runs a script in a fresh tree. It does two things:

*   Build the tree. This step is the default.

    You can change where with "--in DIR".

\t--in STR              the directory to build in
\t--[no-]clean          remove the tree afterwards
\t--commit[=STR] (or -c)  commit with a message
\t--keep-going          go on after a failure
\t                      aka --keep
"""

COMMAND_WITHOUT_OPTIONS = """\
brew bootstrap\x20

This command sets up a new tree and exits.
"""


def _listed(text: str) -> list[str]:
    return re.findall(r"^ *([a-z][\w-]*): ", text, re.MULTILINE)


def test_getopt_long_descriptive_texts_are_read_as_app_cmd_not_cleo():
    # `Available commands:` is cleo's heading too; App::Cmd's usage and `(or -v)` rows decide
    assert detect_style(APPLICATION) == "app-cmd"
    assert detect_style(COMMAND_WITH_PROSE) == "app-cmd"


def test_the_right_aligned_colon_listing_names_the_commands():
    parsed = parser_for("app-cmd")(APPLICATION, ["brew"])
    assert [c.name for c in parsed.subcommands] == _listed(APPLICATION)


def test_the_other_spellings_in_parentheses_are_short_letters_and_the_value_is_kept():
    parsed = parser_for("app-cmd")(APPLICATION, ["brew"])
    flags = {f.name: f for f in parsed.flags}
    assert flags["verbose"].short == "v" and flags["verbose"].kind.value == "boolean"
    assert flags["lib-inc"].short == "I" and flags["lib-inc"].kind.value == "value"


def test_an_unheaded_option_table_after_the_description_is_read_with_its_aka_spellings():
    parsed = parser_for("app-cmd")(COMMAND_WITH_PROSE, ["brew", "run"])
    flags = {f.name: f for f in parsed.flags}
    rows = re.findall(r"^\t--(?:\[no-\])?([\w-]+)", COMMAND_WITH_PROSE, re.MULTILINE)
    assert set(flags) == set(rows)
    assert flags["commit"].short == "c" and flags["commit"].kind.value == "value"
    assert "--keep" in flags["keep-going"].aliases
    assert flags["in"].kind.value == "value"


def test_a_command_whose_help_opens_with_its_own_name_alone_is_its_help():
    call = HelpCall(("brew", "bootstrap", "--help"), stdout=COMMAND_WITHOUT_OPTIONS, exit_code=0)
    assert _problem(call, ["bootstrap"], [APPLICATION]) is None
    stranger = HelpCall(("brew", "bootstrap", "--help"), stdout="brew\n\nSome prose.\n")
    assert _problem(stranger, ["bootstrap"], []) is not None
