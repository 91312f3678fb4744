"""A listed command the program itself says it does not have (docs/crawler.md, "Session 26"):
git's `help -a` names `citool`, `svn`, `send-email` whatever is installed, and on a machine
without git-gui or git-svn, `git citool --help` answers `git: 'citool' is not a git command`.
A tool for it could only fail, so it is left out, and the load says which and why.

The refusal is git 2.39's own words; the rest of the program is made up.
"""

from __future__ import annotations

import sys

from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.run import HelpCall
from workbench.loaders.help.shortness import refuses_as_unknown

ROOT = """usage: vcs [--version] <command> [<args>]

Main commands
   status     Show the working tree status
   citool     Graphical alternative to vcs-commit
   svn        Bidirectional operation with a Subversion repository
"""
STATUS = """usage: vcs status [<options>]

    -s, --short           show status concisely
"""
PROGRAM = f"""#!{sys.executable}
import sys
args = sys.argv[1:]
if args in ([], ["--help"], ["-h"]):
    print({ROOT!r}); sys.exit(0)
if args[0] == "status":
    print({STATUS!r}); sys.exit(0)
sys.stderr.write("vcs: '" + args[0] + "' is not a vcs command. See 'vcs --help'.\\n")
sys.exit(1)
"""


def _refusal(name: str, text: str, code: int = 1) -> list[HelpCall]:
    return [
        HelpCall(("vcs", name, switch), stderr=text, exit_code=code) for switch in ("--help", "-h")
    ]


def test_a_command_the_program_calls_unknown_is_left_out_and_the_load_says_so(tmp_path):
    program = tmp_path / "vcs"
    program.write_text(PROGRAM)
    program.chmod(0o755)
    tree = crawl(str(program), name="vcs", use_cache=False, timeout_s=60)
    assert [c.name for c in tree.root.subcommands] == ["status"]
    notes = [n for n in tree.notes if "not a command of this installation" in n]
    assert len(notes) == 2 and any(n.startswith("vcs citool:") for n in notes)
    assert tree.coverage is None or not tree.coverage.short_signs


def test_only_a_refusal_naming_this_command_on_every_help_switch_counts():
    said = "vcs: 'citool' is not a vcs command. See 'vcs --help'.\n"
    assert refuses_as_unknown(_refusal("citool", said), "citool") == said.strip()
    assert refuses_as_unknown(_refusal("citool", said), "gui") is None  # another word
    assert refuses_as_unknown(_refusal("citool", said, code=0), "citool") is None
    assert refuses_as_unknown(_refusal("x", "Unknown command: x\n"), "x") == "Unknown command: x"
    failed = _refusal("citool", "fatal: not a git repository\n")
    assert refuses_as_unknown(failed, "citool") is None  # a failure, not a refusal of the name
