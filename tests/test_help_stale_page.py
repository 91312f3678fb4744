"""A manual page of the program before it had commands (docs/crawler.md, "Round 36"): a page
whose synopsis takes no command, beside a help that lists commands, gives the root nothing.
Made-up page and help in the layout that showed it (a Thor program whose old page was kept).
"""

from __future__ import annotations

from workbench.loaders.help.assemble import CrawledCommand
from workbench.loaders.help.detect import parser_for
from workbench.loaders.help.manpage import consult_manual, read_page

_HELP = """\
Commands:
  tmpl compile FILE    # Show compile result
  tmpl help [COMMAND]  # Describe available commands or one specific command
  tmpl render FILE     # Render a template

Options:
  [--escape-html], [--no-escape-html]  # Escape HTML
"""


def _page(synopsis: str) -> str:
    return f"""\
tmpl(1)                     General Commands Manual                    tmpl(1)

NAME
       tmpl - Translates templates into HTML

SYNOPSIS
       {synopsis}

OPTIONS
       -c, --check
               Just check syntax, don't evaluate.

       -s, --stdin
               Read input from standard input.

       -e, --escape-html
               Escape HTML characters.

"""


def _root() -> CrawledCommand:
    root = CrawledCommand([], None, [], parsed=parser_for("thor")(_HELP, ["tmpl"]))
    for name in ("compile", "help", "render"):
        root.children.append(CrawledCommand([name], None, []))
    return root


def test_a_page_whose_synopsis_takes_no_command_gives_a_program_with_commands_nothing():
    root = _root()
    consult_manual(read_page(_page("tmpl [options] [INPUT] [OUTPUT]"), "tmpl"), root, "tmpl")
    assert root.listing_flags == []


def test_a_page_whose_synopsis_has_a_place_for_the_command_still_gives_its_options():
    root = _root()
    consult_manual(read_page(_page("tmpl [options] <command> [ARGS]"), "tmpl"), root, "tmpl")
    assert {f.name for f in root.listing_flags} == {"check", "stdin"}
