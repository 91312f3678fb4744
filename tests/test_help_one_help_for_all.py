"""A program with one help for all its commands (docs/crawler.md, "Session 27"): systemd's
tools and apt answer `CMD status --help` with their own root help, whose usage puts the
options before the command word. The options it lists are every command's, so the commands
are not short of flags: the load says so once, and names no command unread.

The help is systemd 252's `timedatectl --help`; the program around it is made up.
"""

from __future__ import annotations

import sys
from pathlib import Path

from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.shortness import one_help_for_all

HELP = (Path(__file__).parent / "fixtures" / "help" / "systemd_252_timedatectl.txt").read_text()
OWN_STATUS_HELP = "Usage: timedatectl status [--all]\n\n  -a, --all   Show all properties\n"


def _program(tmp_path: Path, *, status_has_own_help: bool = False) -> str:
    program = tmp_path / "timedatectl"
    program.write_text(
        f"""#!{sys.executable}
import sys
args = sys.argv[1:]
if {status_has_own_help!r} and args[:1] == ["status"] and "--help" in args:
    print({OWN_STATUS_HELP!r}); sys.exit(0)
if "--help" in args or "-h" in args:
    print({HELP!r}); sys.exit(0)
sys.stderr.write("Unknown command verb " + " ".join(args) + ".\\n")
sys.exit(1)
"""
    )
    program.chmod(0o755)
    return str(program)


def test_commands_that_print_their_parents_help_take_its_options_and_are_not_short(tmp_path):
    tree = crawl(_program(tmp_path), name="timedatectl", use_cache=False, timeout_s=60)
    names = [c.name for c in tree.root.subcommands]
    assert names[:3] == ["status", "show", "set-time"] and len(names) == 9
    assert tree.coverage is None or not tree.coverage.short_signs
    assert not any("help unavailable" in note for note in tree.notes)
    assert any("9 commands answer `--help` with this same help" in note for note in tree.notes)
    assert {"no-pager", "property"} <= {f.name for f in tree.root.flags}


def test_one_command_with_a_help_of_its_own_keeps_the_others_unread(tmp_path):
    program = _program(tmp_path, status_has_own_help=True)
    tree = crawl(program, name="timedatectl", use_cache=False, timeout_s=60)
    assert tree.coverage is not None
    assert any("whose own help could not be read" in sign for sign in tree.coverage.short_signs)


def test_the_usage_must_put_the_options_before_the_command():
    parents = ["`x status --help` printed its parent's help, not its own"] * 2
    assert one_help_for_all(["timedatectl [OPTIONS...] COMMAND ..."], parents)
    assert one_help_for_all(["apt-get [options] command"], parents)
    assert not one_help_for_all(["docker COMMAND [OPTIONS]"], parents)  # options after
    assert not one_help_for_all(["tool [OPTIONS] FILE"], parents)  # no command word
    assert not one_help_for_all(["apt-get [options] command"], parents[:1])  # one command
    assert not one_help_for_all(["apt-get [options] command"], [parents[0], "timed out"])
