"""kingpin (Go: Prometheus's promtool and amtool, many Go daemons) help texts.

`usage: promtool [<flags>] <command> [<args> ...]`, `Flags:` rows with `--name=VALUE` and
`-h, --help  Show context-sensitive help (also try --help-long and --help-man).`, `Args:` rows
(`<config-files>`). Its command listing (`Commands:`, `Subcommands:`) is printed by one of two
templates, and neither is two-column rows:

- kingpin's default template prints each command flush left by its full path from the root, with
  its arguments, and its description indented four spaces below (`check config [<flags>]
  <config-files>...` / `    Check if the config files are valid or not.`); the root's help lists
  every leaf this way (`check config`, `query instant`), so the root's commands are the first words.
- the compact template (amtool) prints the tree by indentation, without descriptions (`alert` /
  `  query* [<flags>] [<matcher-groups>...]` / `  add [<flags>] [<labels>...]`), starting from the
  command whose help it is by its full path (`config routes` / `    show*`).

A trailing `*` marks a group's default command (run when none is named). A command's name is the
words before its first argument (`<x>`, `[<flags>]`, `--match=MATCH`).

kingpin prints a flag's value as its placeholder when it has one (`--template.glob=TEMPLATE.GLOB`,
`--http.config.file=<filename>`), else as its default (`--timeout=30s`, `--output=simple`,
`--date.format="2006-01-02 15:04:05 MST"`, quoted for a string), else as its name in capitals;
` ...` after it says the flag may be repeated (`--enable-feature= ...`). A default in the term
is read as the default (`(default: 30s)` added to the description), the placeholder being the
name in capitals, as kingpin would print it.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp

_LISTING_TITLES = ("commands", "subcommands")
_NAME = re.compile(r"^[A-Za-z0-9][\w.:-]*\*?$")


def _row_path(line: str) -> list[str]:
    """The command path a listing row names: its words before the first argument, `*` dropped."""
    words = []
    for word in line.split():
        if not _NAME.match(word):
            break
        words.append(word.rstrip("*"))
    return words


def read_command_listing(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """The subcommands of the command at `path` (the program first) from either template's
    listing (above); the section is taken out of the document, so no other rule reads it."""
    own = path[1:]
    for section in list(doc.sections):
        if section.key not in _LISTING_TITLES:
            continue
        lines = [line.rstrip() for line in section.lines]
        rows = [line for line in lines if line.strip()]
        if not rows:
            continue
        indent = min(len(line) - len(line.lstrip()) for line in rows)
        first = next(i for i, line in enumerate(lines) if line.strip())
        last = max(i for i, line in enumerate(lines) if line.strip())
        compact = all(line.strip() for line in lines[first : last + 1])
        entries: list[tuple[list[str], str]] = []
        if compact:  # the tree by indentation: a row's path is its parent row's and its words
            stack: list[tuple[int, list[str]]] = []
            for line in rows:
                depth = len(line) - len(line.lstrip())
                while stack and stack[-1][0] >= depth:
                    stack.pop()
                full = [*(stack[-1][1] if stack else []), *_row_path(line)]
                stack.append((depth, full))
                entries.append((full, ""))
        else:  # full paths flush left, each description indented below it
            for index, line in enumerate(lines):
                if not line.strip() or len(line) - len(line.lstrip()) != indent:
                    continue
                description = []
                for following in lines[index + 1 :]:
                    if not following.strip() or len(following) - len(following.lstrip()) <= indent:
                        break
                    description.append(following.strip())
                entries.append((_row_path(line), " ".join(description)))
        found: dict[str, CommandEntry] = {}
        for full, summary in entries:
            if len(full) <= len(own) or full[: len(own)] != own:
                continue
            name = full[len(own)]
            entry = found.setdefault(name, CommandEntry(name))
            if len(full) == len(own) + 1 and summary and not entry.summary:
                entry.summary = summary
        if found:
            doc.sections.remove(section)
            known = {entry.name for entry in parsed.subcommands}
            parsed.subcommands.extend(e for e in found.values() if e.name not in known)


_VALUED_TERM = re.compile(
    r"^(?P<lead>\s*(?:-\w, )?--(?P<name>[\w.-]+))="
    r'(?P<value>"(?:[^"\\]|\\.)*"|[^\s"]*)(?P<more> \.\.\.)?(?P<rest>.*)$'
)
_PLACEHOLDER = re.compile(r"^(?:[A-Z][A-Z0-9._-]*|<[^<>]+>)$")
_ENTRY_START = re.compile(r"^\s*-")


def defaults_in_terms(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """`--timeout=30s  Timeout …`: the default, printed where the placeholder goes, is moved to
    the description (`(default: 30s)`) and the placeholder is the name in capitals (above)."""
    for section in doc.sections:
        if not RULES.is_flags(section):
            continue
        lines = section.lines
        pending: tuple[int, str] | None = None  # (first line of the entry, its default)
        for index, line in enumerate(lines):
            if _ENTRY_START.match(line) and pending is not None:
                _add_default(lines, *pending, index)
                pending = None
            match = _VALUED_TERM.match(line)
            if match is None or _PLACEHOLDER.match(match.group("value")):
                continue
            value = match.group("value")
            if value.startswith('"') and value.endswith('"') and len(value) >= 2:
                value = value[1:-1].replace('\\"', '"')
            term = f"{match.group('lead')}={match.group('name').upper()}"
            if match.group("more"):
                term += " ..."
            rest = match.group("rest")
            if rest.strip():
                width = len(line) - len(rest.lstrip())  # where the description starts
                lines[index] = term.ljust(width - 2) + "  " + rest.lstrip()
            else:
                lines[index] = term
            if value:
                pending = (index, value)
        if pending is not None:
            _add_default(lines, *pending, len(lines))


def _add_default(lines: list[str], start: int, default: str, end: int) -> None:
    """Append `(default: …)` to the last line of the entry running from `start` to `end`."""
    last = max(i for i in range(start, end) if lines[i].strip())
    lines[last] = f"{lines[last].rstrip()} (default: {default})"


SIGNS = (
    (r"Show context-sensitive help \(also try\s+--help-long\s+and\s+--help-man\)", 4),
    (r"^usage: \S+(?: [\w.-]+)* (?:\[<flags>\]|<command> \[<args> \.\.\.\])", 1),
    (r"^\s+--help-long\b", 1),
)
"""The marks kingpin's templates leave (pattern, weight), for `detect.py`."""

RULES = Rules(name="kingpin", hooks=[read_command_listing, defaults_in_terms])
