"""argparse (and optparse) help texts, for Python CLIs we can only run.

`usage: prog [-h] [-o FILE] src [dst ...]` (lower-case positional names), `positional
arguments:`, `options:`/`optional arguments:`, `-o FILE, --output FILE`, `{a,b}` choices,
`(default: x)`, and the subparsers block: a `{install,list}` row (or a metavar row) followed by
one deeper-indented row per subcommand, `install (i)` naming aliases; with
`add_subparsers(metavar="COMMAND")` the block starts with that word instead.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import Entry, HelpDocument
from workbench.loaders.help.flags import FlagStyle
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.listing import command_entry
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp

_TWO_COLUMNS = re.compile(r"^(\S.*?\S|\S)( {2,})(\S.*)$")


def take_subparsers(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """Move the subparsers block (`{a,b}` then indented `a  help` rows) into subcommands."""
    for section in doc.sections:
        lines = section.lines
        index = 0
        while index < len(lines):
            line = lines[index]
            stripped = line.strip()
            indent = len(line) - len(line.lstrip())
            head = stripped.split("  ")[0]
            following = lines[index + 1] if index + 1 < len(lines) else ""
            metavar_head = (
                re.fullmatch(r"[A-Za-z][\w-]*", stripped) is not None
                and len(following) - len(following.lstrip()) == indent + 2
                and bool(following.strip())
            )
            if not (re.fullmatch(r"\{[^{}]+\}", head) or metavar_head) or _a_choice_positional(
                head, doc.usage
            ):
                index += 1
                continue
            end = index + 1
            entries: list[Entry] = []
            while end < len(lines) and (
                not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
            ):
                row = lines[end]
                row_indent = len(row) - len(row.lstrip())
                if row.strip() and row_indent == indent + 2:
                    match = _TWO_COLUMNS.match(row.strip())
                    entries.append(
                        Entry(match.group(1), match.group(3)) if match else Entry(row.strip())
                    )
                elif row.strip() and entries:
                    entries[-1].text = f"{entries[-1].text} {row.strip()}".strip()
                end += 1
            for entry in entries:
                command = command_entry(entry)
                if command is not None:
                    parsed.subcommands.append(command)
            named = {c.name for c in parsed.subcommands} | {
                a for c in parsed.subcommands for a in c.aliases
            }
            listed = (
                [c.strip() for c in head.strip("{}").split(",")] if head.startswith("{") else []
            )
            for name in listed:
                if name not in named:  # a subcommand registered without help
                    parsed.subcommands.append(CommandEntry(name))
            del lines[index:end]
        section.lines = lines
    doc.sections = [s for s in doc.sections if any(l.strip() for l in s.lines)]


def _a_choice_positional(head: str, usage: list[str]) -> bool:
    """`{add,list,auth,remove}` is a positional's choices, not the subparsers block, when the
    usage spells it with another positional after it instead of the `...` argparse prints
    after a subparsers action (`{add,list,auth,remove} [name]`, against `{install,list} ...`).
    A choice positional last in the usage is a dispatch word all the same (`twine [-h]
    {check,register,upload}`: the program hands the rest to the command chosen). One the usage
    puts in brackets (`[{get,set,del,diagnose}] [service]`) is optional, which argparse never
    prints a subparsers action as (always `{a,b} ...`): a positional's choices, wherever it is."""
    forms = " ".join(usage)
    if not head.startswith("{"):
        return False
    if re.search(rf"\[{re.escape(head)}\]", forms):
        return True
    return re.search(rf"{re.escape(head)} (?!\.\.\.)\S", forms) is not None


SIGNS = (
    (r"show this help message and exit", 4),
    (r"^usage: ", 1),
    (r"^positional arguments:\s*$", 2),
    (r"^(options|optional arguments):\s*$", 2),
)
"""The marks argparse and optparse leave (pattern, weight), for `detect.py`."""

RULES = Rules(
    name="argparse",
    lowercase_positionals=True,
    hooks=[take_subparsers],
    flag_style=FlagStyle(braces_list=True),
)
