"""Commands of a program's own command language, taken from its man page (issue 12, SPEC §4).

A program like tmux prints only its usage for `--help` (`[command [flags]]`) and documents each
of its commands in tmux(1), one entry each: the command's synopsis at the page's entry indent,
its alias and description below. The crawl takes those commands from the page and never runs
them. The page and help below are made up in that layout (mdoc, as `man` renders it).
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.manpage import WITNESS, read_page, takes_command
from workbench.model.coverage import coverage_line

PAGE = textwrap.dedent(
    """\
    SHELF(1)                      BSD General Commands Manual                      SHELF(1)

    NAME
         shelf — a shelf of named boxes

    SYNOPSIS
         shelf [-qv] [-f file] [command [flags]]

    DESCRIPTION
         shelf keeps boxes on a shelf.  The options are as follows:

         -f file       Read the shelf from file.

         -q            Be quiet.

         -v            Be verbose.

    BOXES
         The following commands manage boxes:

         new-box [-dP] [-n box-name] [-t target-shelf] [-x width]
                 [-y height] [label]
                       (alias: new)
                 Create a new box called box-name.  It is put on target-shelf.

         kill-box [-a] [-t target-box]
                 Destroy the given box.

         list-boxes [-F format]
                       (alias: ls)
                 List every box on the shelf.

         start-shelf
                       (alias: start)
                 Start the shelf without opening a box.

    LAYOUTS
         A box is drawn in one of these layouts:

         even-stack
                 Boxes are stacked evenly.

         main-stack
                 One large box, the others beside it.

    EXAMPLES
         Make a box and list the boxes:

         open-box [-x]
                 never a command: an example's line

    SEE ALSO
         tmux(1)

    BSD                               December 2, 2026                               BSD
    """
)

USAGE = "usage: shelf [-qv] [-f file] [command [flags]]\n"


def _program(folder: Path, name: str, usage: str, page: str) -> tuple[Path, Path]:
    """A program that prints only its usage (to stderr, exit 1) and a `man` that prints its page;
    the program records any command it is asked to run."""
    program = folder / name
    ran = folder / "ran.txt"
    program.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"if sys.argv[1:] and not sys.argv[1].startswith('-'):\n"
        f"    open({str(ran)!r}, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
        f"sys.stderr.write({usage!r})\nsys.exit(1)\n",
        encoding="utf-8",
    )
    man = folder / "man"
    (folder / "page.txt").write_text(page, encoding="utf-8")
    man.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"if sys.argv[1:3] != ['-S', '1:8'] or sys.argv[3] == '-w' or len(sys.argv) != 4 "
        f"or sys.argv[3] != {name!r}:\n    sys.exit(16)\n"
        f"sys.stdout.write(open({str(folder / 'page.txt')!r}).read())\n",
        encoding="utf-8",
    )
    program.chmod(0o755)
    man.chmod(0o755)
    return program, man


def test_a_page_that_documents_its_commands_one_by_one_gives_their_entries():
    page = read_page(PAGE, "shelf")
    assert page is not None
    entries = {entry.name: entry for entry in page.commands}
    # bare names without an alias line (layouts) and the examples' lines are no commands
    assert list(entries) == ["new-box", "kill-box", "list-boxes", "start-shelf"]
    new_box = entries["new-box"]
    assert new_box.aliases == ["new"]
    assert new_box.summary == "Create a new box called box-name."
    assert new_box.arguments.endswith("[-x width] [-y height] [label]")  # wrapped synopsis joined
    assert entries["start-shelf"].aliases == ["start"] and entries["start-shelf"].arguments == ""


def test_fewer_than_three_entries_name_no_command_language():
    two = PAGE.replace("     list-boxes [-F format]\n", "     list boxes, formatted\n").replace(
        "     start-shelf\n", "     start shelf\n"
    )
    assert read_page(two, "shelf").commands == []


def test_a_usage_takes_a_command_only_as_a_positional():
    assert takes_command(["shelf [-qv] [-f file] [command [flags]]"])
    assert takes_command(["tool [OPTIONS] COMMAND [ARGS]..."])
    assert takes_command(["tool <subcommand>"])
    assert not takes_command(["shelf [-c command] [file ...]"])  # an option's value
    assert not takes_command(["shelf [-c shell-command] [file ...]"])  # part of a placeholder
    assert not takes_command(["shelf --exec=command [file]"])


def test_a_crawl_takes_the_pages_commands_with_their_synopsis_and_never_runs_them(tmp_path):
    program, man = _program(tmp_path, "shelf", USAGE, PAGE)
    tree = crawl(str(program), man=str(man), use_cache=False, completions=lambda path, names: [])
    commands = {c.name: c for c in tree.root.subcommands}
    assert list(commands) == ["new-box", "kill-box", "list-boxes", "start-shelf"]
    new_box = commands["new-box"]
    flags = {f.short: f for f in new_box.flags}
    assert set(flags) == {"d", "P", "n", "t", "x", "y"}
    assert flags["n"].kind == "value" and flags["d"].kind == "boolean"
    assert new_box.aliases == ["new"] and new_box.listed_by == WITNESS
    assert all(f.listed_by == WITNESS for f in new_box.flags)  # the page's, not the help's
    assert not (tmp_path / "ran.txt").exists()  # a command language's command is never run
    line = coverage_line(tree)
    assert line is not None and WITNESS in line and "4 commands" in line


def test_a_program_whose_usage_takes_no_command_takes_none_from_its_page(tmp_path):
    program, man = _program(tmp_path, "shelf", "usage: shelf [-qv] [-f file] [file ...]\n", PAGE)
    tree = crawl(str(program), man=str(man), use_cache=False, completions=lambda path, names: [])
    assert tree.root.subcommands == []
