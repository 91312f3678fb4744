"""An `ALIASES` section listing one invocation a line after a shell prompt, as oclif prints it
(docs/crawler.md, "Session 26"): each is a name the command answers to.

The text is heroku 10's own `ps:stop --help` (recorded in the corpus); the expected aliases are
read off it by hand.
"""

from __future__ import annotations

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.listing import aliases_named

PS_STOP = """stop an app dyno or process type

USAGE
  $ heroku ps:stop [DYNO] -a <value> [--prompt] [-p <value> | -d
    <value>] [-r <value>]

ARGUMENTS
  [DYNO]  name of the dyno to stop

FLAGS
  -a, --app=<value>           (required) [env: HEROKU_APP] app to run command
                              against
  -d, --dyno-name=<value>     name of the dyno to stop
  -p, --process-type=<value>  name of the process type to stop
  -r, --remote=<value>        git remote of app to use

GLOBAL FLAGS
  --prompt  interactively prompt for command arguments and flags

DESCRIPTION
  stop an app dyno or process type

ALIASES
  $ heroku dyno:stop
  $ heroku ps:kill
  $ heroku dyno:kill

EXAMPLES
   $ heroku ps:stop --app myapp --dyno-name run.1828
"""


def test_each_prompted_invocation_of_a_sibling_is_an_alias_and_the_own_name_is_not():
    parsed = parser_for(detect_style(PS_STOP))(PS_STOP, ["heroku", "ps:stop"])
    assert parsed.aliases == ["dyno:stop", "ps:kill", "dyno:kill"]


def test_an_invocation_under_another_parent_is_no_alias_of_this_command():
    body = "$ tool other thing\n$ tool group ls\n$ tool group list"
    assert aliases_named(body, ["tool", "group", "list"]) == ["ls"]


def test_comma_separated_names_on_one_line_stay_aliases():
    assert aliases_named("get, g", ["tool", "get"]) == ["g"]
    assert aliases_named("tool container ls, tool container list", ["tool", "container", "ps"]) == [
        "ls",
        "list",
    ]
