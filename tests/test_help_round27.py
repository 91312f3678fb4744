"""Rules of round 27 (a fresh held-out set of native Debian programs, docs/loaders.md "Round 27"),
each on a made-up help text in the style that showed it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from workbench.loaders.help.cobra_complete import WITNESS, command_rows, flag_rows, read_rows
from workbench.loaders.help.crawl import crawl

_PROGRAM = """\
import json, sys
ANSWERS = json.loads({answers!r})
out = ANSWERS.get(json.dumps(sys.argv[1:]))
if out is None:
    print("unknown command", file=sys.stderr); sys.exit(2)
sys.stdout.write(out)
"""


def _program(folder: Path, name: str, answers: dict[tuple[str, ...], str]) -> str:
    """An executable printing `answers[argv]` for exactly those argvs, refusing every other."""
    path = folder / name
    table = json.dumps({json.dumps(list(k)): v for k, v in answers.items()})
    path.write_text(f"#!{sys.executable}\n" + _PROGRAM.format(answers=table))
    path.chmod(0o755)
    return str(path)


_ROOT_HELP = """\
Ship manages boats.

Available Commands:
  sail        Sail a boat
  version     Print the version

Flags:
  -h, --help              help for ship
      --harbor string     The harbor to use

Use "ship [command] --help" for more information about a command.
Use "ship options" for a list of global command-line options (applies to all commands).
"""
_SAIL_HELP = """\
Sail a boat.

Usage:
  ship sail [flags]

Flags:
      --fast     Sail fast
  -h, --help     help for sail
"""
_VERSION_HELP = """\
Print the version.

Usage:
  ship version [flags]

Flags:
  -h, --help     help for version
"""
_GLOBALS = (
    "The following options can be passed to any command:\n\n    --harbor='':\n\tThe harbor to use\n"
)


def _engine_flags(command: str, own: str = "") -> str:
    return f"--harbor\tThe harbor to use\n{own}--help\thelp for {command}\n-h\thelp for {command}\n:4\n"


def _crawled_ship(tmp_path, answers):
    """`ship` crawled as a cobra program answering `answers`, with no man page or completions."""
    return crawl(
        _program(tmp_path, "ship", answers),
        name="ship",
        use_cache=False,
        timeout_s=60,
        man="/bin/false",
        completions=lambda *_: [],
        cobra_program=lambda executable: True,
    )


def test_an_engine_listed_command_whose_help_prints_nothing_is_kept_when_the_engine_confirms_it(
    tmp_path,
):
    # kubectl's `options`: its `--help` prints nothing (exit 0), and its completion answer ends
    # with cobra's note on the stdout it points its error stream at
    answers = {
        ("--help",): _ROOT_HELP,
        ("sail", "--help"): _SAIL_HELP,
        ("version", "--help"): _VERSION_HELP,
        ("options",): _GLOBALS,
        ("options", "--help"): "",
        ("options", "-h"): "",
        ("help", "options"): "",
        ("__complete", ""): "options\tPrint the global flags\nsail\tSail a boat\n"
        "version\tPrint the version\n:4\n",
        ("__complete", "-"): _engine_flags("ship"),
        ("__complete", "sail", "-"): _engine_flags("sail", "--fast\tSail fast\n"),
        ("__complete", "version", "-"): _engine_flags("version"),
        ("__complete", "options", "-"): _engine_flags("options")
        + "Completion ended with directive: ShellCompDirectiveNoFileComp\n",
    }
    tree = _crawled_ship(tmp_path, answers)
    options = tree.find("ship options")
    assert options is not None and options.listed_by == WITNESS
    assert tree.find("ship sail") is not None


def test_an_empty_help_of_a_command_the_engine_does_not_confirm_is_still_refused(tmp_path):
    # `__complete stray -` answers with the root's help flag (`help for ship`): a positional's
    # value the engine offered, not a command
    answers = {
        ("--help",): _ROOT_HELP,
        ("sail", "--help"): _SAIL_HELP,
        ("version", "--help"): _VERSION_HELP,
        ("stray", "--help"): "",
        ("stray", "-h"): "",
        ("help", "stray"): "",
        ("__complete", ""): "sail\tSail a boat\nstray\t\nversion\tPrint the version\n:4\n",
        ("__complete", "-"): _engine_flags("ship"),
        ("__complete", "sail", "-"): _engine_flags("sail", "--fast\tSail fast\n"),
        ("__complete", "version", "-"): _engine_flags("version"),
        ("__complete", "stray", "-"): _engine_flags("ship"),
    }
    tree = _crawled_ship(tmp_path, answers)
    assert tree.find("ship stray") is None and tree.find("ship sail") is not None


def test_the_engines_note_after_the_directive_leaves_the_answer_well_formed():
    answer = "--all\tEvery one\n-a\tEvery one\n:4\nCompletion ended with directive: ShellCompDirectiveNoFileComp\n"
    flags = flag_rows(answer)
    assert flags is not None and flags[0].name == "all" and flags[0].short == "a"
    assert command_rows("sail\tSail a boat\n:4\nCompletion ended with directive: X\n") == [
        ("sail", "Sail a boat")
    ]
    # the note alone, or anything else after the directive, is still no answer
    assert read_rows("sail\tSail a boat\nCompletion ended with directive: X\n") is None
    assert read_rows("sail\tSail a boat\n:4\nsomething else\n") is None


def test_a_cluster_of_switches_may_close_with_getopt_marks():
    from workbench.loaders.help.synopsis import synopsis_flags

    forms = ["tool [-abX#] [ -c count ] [-v?] file"]
    flags = {f.short or f.name: f for f in synopsis_flags(forms)}
    assert {"a", "b", "X", "#", "c", "v", "?"} <= set(flags)
    assert not any(f.name and "ab" in f.name for f in flags.values())  # no `-abX` name
    assert flags["#"].kind.value == "boolean" and flags["c"].kind.value == "value"


_SWITCHES_HELP = """\
Use: boat [-opts] [cmd [args]]

Options:
-a            Anchor all lines.
-f            Flow control on, -fn = off, -fa = auto.
-l            Login mode on, -ln = off.
-q            Quiet (-qq = even quieter).
-s shell      Shell to run; -sx = ignored because the row takes a value.
"""


def test_variants_a_switchs_description_names_are_switches_of_their_own():
    from workbench.loaders.help.detect import detect_style, parser_for

    parsed = parser_for(detect_style(_SWITCHES_HELP))(_SWITCHES_HELP, ["boat"])
    spelled = {f.spelling: f for f in parsed.flags}
    for name in ("-fn", "-fa", "-ln"):
        assert name in spelled and spelled[name].kind.value == "boolean", name
    assert spelled["-fn"].help.startswith("off")
    assert "-qq" not in spelled  # the switch given twice, not a variant
    assert "-sx" not in spelled  # a row taking a value names no switch variants
    assert {"-a", "-f", "-l", "-q", "-s"} <= set(spelled)
