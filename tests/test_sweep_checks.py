"""The sweep's own invariant checks (`bench/sweep.py`) on small fixtures: the sweep itself is
not part of the suite (it depends on what the machine has installed), its judgement is."""

from __future__ import annotations

from bench.sweep import Findings, Texts, check_manual, check_tree, man_options, screen
from workbench.model.tree import Command, CommandTree, Flag, FlagKind

PAGE = """\
LS(1)                         User Commands                        LS(1)

NAME
       ls - list directory contents

SYNOPSIS
       ls [OPTION]... [FILE]...

OPTIONS
       -a, --all
              do not ignore entries starting with .

       --block-size=SIZE
              with -l, scale sizes by SIZE when printing them; e.g., '--block-size=M'

       -w, --width COLS
              set output width to COLS.  0 means no limit

       -T     assume tab stops at each COLS

       --help display this help and exit

EXAMPLES
       -x is not an option row here, this section is not read
"""


def _tree(*flags: Flag, commands: tuple[str, ...] = ()) -> CommandTree:
    root = Command(
        path=["ls"],
        flags=list(flags),
        subcommands=[Command(path=["ls", name]) for name in commands],
    )
    return CommandTree(root=root)


def test_screen_resolves_overstrike_and_colour_as_a_terminal_shows_them():
    assert screen("-\x08--\x08-a\x08al\x08ll\x08l") == "--all"
    assert screen("_\x08f_\x08i\x1b[1mle\x1b[0m") == "file"


def test_the_man_reader_takes_option_rows_of_options_sections_and_their_value():
    options = {o.spelling: o.takes_value for o in man_options(PAGE, "ls") or []}
    assert options == {
        "-a": False,
        "--all": False,
        "--block-size": True,
        "-w": None,  # the value shows after the long spelling only
        "--width": True,
        "-T": False,  # a row spelling the option alone: a switch
    }
    assert man_options(PAGE, "dir") is None  # not the program's own page


def test_recall_kinds_and_silence_against_the_page():
    options = man_options(PAGE, "ls") or []
    findings = Findings("ls")
    tree = _tree(
        Flag(name="all", short="a", kind=FlagKind.BOOLEAN),
        Flag(name="block-size", kind=FlagKind.BOOLEAN),  # a value flag read as a switch
    )
    check_manual(tree, options, findings)
    assert (findings.man_options, findings.man_found) == (6, 3)
    assert findings.man_missing == ["-w", "--width", "-T"]
    assert findings.kind_mismatch == ["--block-size: page shows a value, load boolean"]
    assert findings.silent_short  # short by half and no coverage warning
    findings.said_short = True
    assert not findings.silent_short


def test_nothing_invented_and_nothing_read_from_prose_only():
    help_text = (
        "Usage: ls [-1] [OPTION]... [FILE]...\n"
        "List information about the FILEs. Use --sort to sort.\n\n"
        "  -a, --all                  do not ignore entries starting with .\n"
        "  $ ls --color=auto -la\n\n"
        "Commands:\n"
        "  show      show one\n"
    )
    findings = Findings("ls")
    tree = _tree(
        Flag(name="all", short="a", kind=FlagKind.BOOLEAN),
        Flag(short="1", kind=FlagKind.BOOLEAN),  # in the usage synopsis: on a row
        Flag(name="sort", kind=FlagKind.BOOLEAN),  # in prose only
        Flag(name="color", kind=FlagKind.VALUE),  # in an example only
        Flag(name="colour", kind=FlagKind.VALUE),  # nowhere
        commands=("show", "hide"),
    )
    check_tree(tree, Texts([help_text], []), findings)
    assert findings.invented == ["ls --colour", "ls hide (command hide)"]
    assert findings.off_row == ["ls --sort", "ls --color"]


def test_a_completion_listing_vouches_for_its_spellings():
    findings = Findings("ls")
    tree = _tree(Flag(name="hyperlink", kind=FlagKind.VALUE), Flag(short="Z"))
    fish = "complete -c ls -l hyperlink -d 'hyperlink file names'\ncomplete -c ls -s Z\n"
    check_tree(tree, Texts(["Usage: ls [FILE]...\n"], [fish]), findings)
    assert findings.invented == [] and findings.off_row == []
