"""Round 32's classes (docs/loaders.md, "Round 32"; docs/crawler.md, "Round 32"): help texts of
node CLIs on argument frameworks the corpus had none of (sade, citty, meow, nopt, a bundled
commander).

The help texts are made up (a CLI named `shipit`); the expected names and kinds are read off
each text by hand (or by a regex over it), never by the code under test.
"""

from __future__ import annotations

import re

from help_support import fake_cli

from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind, ValueType

INDENTED_AS_A_WHOLE = """
  Description
    Ship the current build.

  Usage
    $ shipit <command> [options]

  Available Commands
    push      Push the build to a target.
    rollback  Go back to the previous build.
    status    Show what is deployed where.

  For more info, run any command with the `--help` flag
    $ shipit push --help

  Options
    -t, --target     The target to ship to  (default staging)
    -q, --quiet      Say nothing
    -h, --help       Displays this message
"""

RIGHT_ALIGNED_ROWS = """Ship the current build (shipit v1.2.0)

USAGE shipit [OPTIONS] push|rollback|status-report

OPTIONS

  --cwd=<directory>    The working directory

COMMANDS

           push    Push the build to a target
       rollback    Go back to the previous build
  status-report    Show what is deployed where

Use shipit <command> --help for more information about a command.
"""

BULLETED_COMMANDS = """
  Usage: shipit <command> [options]

  where <command> is one of:
    - push - Pushes the build to a target
    - rollback - Goes back to the previous build
    - status - Shows what is deployed where

shipit@1.2.0  /usr/lib/node_modules/shipit
"""

BULLETS_OF_VALUES = """Usage: shipit [options] <target>

The target is one of:
  - staging - the staging cluster
  - prod - the production cluster

Options:
  --quiet  Say nothing
"""

VALUES_SHOWN_BY_DEFAULTS = """Usage: shipit [options] <build>

Options:
  --target           Where to ship (default: staging)
  --message          The release note (default: 'Shipped %s' with git)
  --root             The folder to ship  (default .)
  --tag              Publish under a given tag
  --color            Colour the output (default: true)
  --retries          Retry on failure (default: 3)
  --binary           Output in binary (default is hexadecimal)
  --emoji            Decorate the output (default: auto-detect)
  --dry-run          Show what would happen
"""

NUMBER_PLACEHOLDER_WITH_A_WORD_DEFAULT = """Usage: shipit [options]

Options:
  -l, --loglevel <n>   Amount to log: silent, error, info. (default: "info")
  -r, --retries <n>    Retry on failure. (default: 3)
  -w, --wait <n>       Seconds to wait between tries. (default: none)
  -p, --passes <n>     How many passes to make. (default: infinite)
"""


UNDERSCORED_COMMAND = """Usage: shipit <command> [options]

Commands:
  push   Push the build to a target
  _push  Push the build (internal command the child process runs)
  __x    Not a name: two underscores
"""

COLON_IDS = {
    "": """Ship builds.

Usage: shipit [COMMAND]

Commands:
  access  list who has access to an app
  apps    list your apps
""",
    "access": """list who has access to an app

Usage: shipit access [flags]

Options:
  -a, --app <app>  the app to run the command against

Commands:
  access:add     add a user to an app
  access:remove  remove a user from an app
""",
    "access:add": """add a user to an app

Usage: shipit access:add EMAIL [flags]

Options:
  -a, --app <app>    the app to run the command against
  -r, --role <role>  the role the user is given
""",
    "access:remove": """remove a user from an app

Usage: shipit access:remove EMAIL [flags]

Options:
  -a, --app <app>  the app to run the command against
""",
    "apps": """list your apps

Usage: shipit apps [flags]

Options:
  --all  list every app
""",
}


def _parsed(text: str):
    return parser_for(detect_style(text))(text, ["shipit"])


def test_a_help_indented_as_a_whole_has_its_headings_read():
    parsed = _parsed(INDENTED_AS_A_WHOLE)
    assert [c.name for c in parsed.subcommands] == ["push", "rollback", "status"]
    assert [f.key for f in parsed.flags] == ["target", "quiet"]
    assert parsed.usage == ["shipit <command> [options]"]


def test_rows_aligned_on_the_right_are_rows_of_their_own():
    parsed = _parsed(RIGHT_ALIGNED_ROWS)
    expected = re.findall(r"(?m)^ +([a-z-]+)    [A-Z]", RIGHT_ALIGNED_ROWS)
    assert expected == ["push", "rollback", "status-report"]
    assert [c.name for c in parsed.subcommands] == expected
    summaries = {c.name: c.summary for c in parsed.subcommands}
    assert summaries["push"] == "Push the build to a target"
    assert summaries["rollback"] == "Go back to the previous build"


def test_bullets_under_a_sentence_naming_the_command_placeholder_are_commands():
    parsed = _parsed(BULLETED_COMMANDS)
    assert [c.name for c in parsed.subcommands] == ["push", "rollback", "status"]
    assert {c.name: c.summary for c in parsed.subcommands}["push"] == "Pushes the build to a target"
    assert parsed.flags == []  # the bullets are no options


def test_bullets_under_any_other_sentence_stay_text():
    parsed = _parsed(BULLETS_OF_VALUES)
    assert parsed.subcommands == []
    assert [f.key for f in parsed.flags] == ["quiet"]


def test_a_bare_row_takes_a_value_when_its_default_is_one():
    by_key = {f.key: f for f in _parsed(VALUES_SHOWN_BY_DEFAULTS).flags}
    # a default no switch has: a word, a quoted sentence, a folder
    for key in ("target", "message", "root"):
        assert by_key[key].kind is FlagKind.VALUE, key
        assert by_key[key].value_type is ValueType.STRING, key
    assert by_key["target"].default == "staging"
    # a state, a number, a phrase, or no default: no sign of a value
    assert by_key["color"].kind is FlagKind.BOOLEAN
    assert by_key["retries"].kind is not FlagKind.VALUE
    assert by_key["binary"].kind is FlagKind.BOOLEAN
    assert by_key["emoji"].kind is FlagKind.BOOLEAN
    assert by_key["tag"].kind is FlagKind.BOOLEAN
    assert by_key["dry-run"].kind is FlagKind.BOOLEAN


def test_a_number_placeholder_whose_default_is_a_word_takes_a_string():
    by_key = {f.key: f for f in _parsed(NUMBER_PLACEHOLDER_WITH_A_WORD_DEFAULT).flags}
    assert by_key["loglevel"].value_type is ValueType.STRING
    assert by_key["retries"].value_type is ValueType.INTEGER  # `(default: 3)`
    assert by_key["wait"].value_type is ValueType.INTEGER  # `none` is no word value
    assert by_key["passes"].value_type is ValueType.INTEGER  # no bound: still a number


def test_a_listed_command_may_start_with_one_underscore():
    parsed = _parsed(UNDERSCORED_COMMAND)
    assert [c.name for c in parsed.subcommands] == ["push", "_push"]


def test_commands_a_group_spells_by_their_colon_id_are_typed_at_the_groups_level(tmp_path):
    tree = crawl(str(fake_cli(tmp_path, "shipit", COLON_IDS)), use_cache=False, timeout_s=5)
    root = tree.root
    assert [c.name for c in root.subcommands] == ["access", "apps", "access:add", "access:remove"]
    by_name = {c.name: c for c in root.subcommands}
    assert by_name["access"].subcommands == []
    # read from its own help (`shipit access:add --help`), not left a listed leaf
    assert {f.name for f in by_name["access:add"].flags} == {"app", "role"}
