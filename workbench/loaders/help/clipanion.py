"""clipanion (Node.js: yarn 2+, and the CLIs built on it) help texts.

clipanion's top help is no table of names: it prints every command by its full usage, one row
each, grouped under category titles without a colon, with the command's summary indented below:

    General commands

      yarn add [--json] [-F,--fixed] [--mode #0] ...
        add dependencies to the project

      yarn cache clean [--mirror] [--all]
        remove the shared cache files

    Npm-related commands

      yarn npm tag list [--json] [package]
        list all dist-tags of a package

A command's path is the words after the program up to its first argument (`[…]`, `<…>`, `...`),
so commands sit at several levels (`cache clean`, `npm tag list`). A path that is only the start
of other rows (`cache`, `npm tag`) is a group clipanion has no command for: `yarn cache --help`
answers `Unknown Syntax Error: Command not found; did you mean one of: …`, so the group's
commands are the rows below it (`CommandEntry.below`), and the crawler gives them to it. Each
command's own `--help` is ordinary (`Usage` / `$ yarn add ...` / `Options` with `-F,--fixed`,
the comma and no space), read by the shared engine; `#0` is clipanion's placeholder of a value.
"""

from __future__ import annotations

import re

from workbench.loaders.help.generic import Rules
from workbench.loaders.help.generic import parse as _parse
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp
from workbench.model.tree import Flag

_WORD = re.compile(r"^[a-z0-9][\w:.-]*$")
"""A word of a command's path (`add`, `peer-requirements`, `upgrade-interactive`)."""
_PROGRAM_LINE = re.compile(r"^\s*\$ (\S+) <command>\s*$", re.MULTILINE)
"""The line atop the listing that names the program (`  $ yarn <command>`)."""


def read_usage_listing(text: str, path: list[str]) -> list[CommandEntry]:
    """The subcommands of the command at `path` (the program first) that a listing of full
    usage rows names (above), each with the rows below it as `below`; empty when the text is
    no such listing. A row counts only when its summary follows on the next line, indented
    deeper, and the rows are at least two: a lone usage line (`$ yarn add ...`) is no listing."""
    named = _PROGRAM_LINE.search(text)
    program = named.group(1) if named else path[0]
    lines = text.split("\n")
    rows: list[tuple[list[str], str, str]] = []  # (path below the program, arguments, summary)
    for index, line in enumerate(lines[:-1]):
        indent = len(line) - len(line.lstrip())
        words = line.split()
        following = lines[index + 1]
        if (
            indent == 0
            or not words
            or words[0] != program
            or not following.strip()
            or len(following) - len(following.lstrip()) <= indent
        ):
            continue
        full = []
        for word in words[1:]:
            if not _WORD.match(word):
                break
            full.append(word)
        if full:
            rows.append((full, " ".join(words[1 + len(full) :]), following.strip()))
    own = path[1:]
    rows = [row for row in rows if len(row[0]) > len(own) and row[0][: len(own)] == own]
    if len(rows) < 2:
        return []
    entries: dict[tuple[str, ...], CommandEntry] = {}  # by path below `path`
    top: list[CommandEntry] = []
    for full, arguments, summary in rows:
        below = tuple(full[len(own) :])
        for depth in range(1, len(below) + 1):
            key = below[:depth]
            if key not in entries:
                entries[key] = CommandEntry(key[-1])
                (top if depth == 1 else entries[key[:-1]].below).append(entries[key])
        entry = entries[below]
        if not entry.summary:  # the first row of a path that is printed twice (`yarn init`)
            entry.summary, entry.arguments = summary, arguments
            entry.usage_flags = usage_flags([arguments], [*path, *full])
    return top


_CHOOSER = re.compile(r"^Multiple commands match your selection:\s*$", re.MULTILINE)
"""What clipanion prints for `--help` of a path two commands share (`yarn run`: the script
runner and the script list), each as a numbered usage row, instead of either one's help."""
_NUMBERED_ROW = re.compile(r"^\s*\d+\. (.*)$", re.MULTILINE)
_BRACKETED_OPTION = re.compile(r"\[((?:-\w,)?--?[\w-]+(?: #0)?)\]")
"""An option in a usage row: `[--json]`, `[-F,--fixed]`, `[--mode #0]` (`#0` takes a value)."""


def usage_flags(usages: list[str], path: list[str]) -> list[Flag]:
    """The options clipanion's usage rows show: each bracketed option (`[-F,--fixed]`,
    `[--mode #0]`) read as a bare option row; clipanion prints every option in a usage."""
    spellings = [option for usage in usages for option in _BRACKETED_OPTION.findall(usage)]
    rows = "".join(f"  {option}\n" for option in dict.fromkeys(spellings))
    return _parse(f"Options\n\n{rows}", path, RULES).flags if rows else []


def chooser_flags(text: str, path: list[str]) -> list[Flag]:
    """The options of every command a chooser (above) offers for `path`: each numbered row is a
    whole usage (`0. yarn run [--json]`)."""
    own = " ".join(path)
    rows = [row for row in _NUMBERED_ROW.findall(text) if row == own or row.startswith(f"{own} ")]
    return usage_flags(rows, path)


def parse(text: str, path: list[str]) -> ParsedHelp:
    """One clipanion help text: the shared reading, the listing of usage rows, or a chooser
    between the commands that share this path (above)."""
    if _CHOOSER.search(text):
        return ParsedHelp(
            style=RULES.name,
            flags=chooser_flags(text, path),
            notes=[
                "its help offers several commands of this path; their options are read "
                "from the usage rows it lists"
            ],
        )
    parsed = _parse(text, path, RULES)
    listed = read_usage_listing(text, path)
    if listed:
        known = {entry.name for entry in parsed.subcommands}
        parsed.subcommands.extend(entry for entry in listed if entry.name not in known)
        parsed.description = parsed.description.split("\n\n")[0]  # the listing is no prose
    return parsed


SIGNS = (
    (r"^Multiple commands match your selection:\s*$", 2),
    (r"^You can also print more details about any of these commands by calling them with", 4),
    (r"^\s*\$ \S+ <command>\s*$", 1),
    (r"^ +\S+ (?:[\w:.-]+ )*\[-\w,--[\w-]+(?: #0)?\]", 2),
    (r"\[--[\w-]+ #0\]", 1),
)
"""The marks clipanion leaves (pattern, weight), for `detect.py`: its closing sentence, the
`$ yarn <command>` line, bracketed `[-F,--fixed]` spellings with no space, `#0` placeholders."""

RULES = Rules(name="clipanion")
