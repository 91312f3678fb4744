"""cleo (Python: poetry) and Symfony Console help texts.

A command's help: `Description:`, `Usage:` (`add [options] [--] <name>...`, without the
program's name), `Arguments:`, `Options:` with `-G, --group=GROUP`, `-v|vv|vvv, --verbose`
(a count), `[default: "main"]`, `(multiple values allowed)`, and a `Help:` section of prose.

The commands are not in any `--help`: `CLI --help` prints the help of the `list` command, and
the listing comes from `CLI list` (`Available commands:`, namespaced rows `cache clear` under a
` cache` heading) and, for a namespace, `CLI list cache` (`Available commands for the "cache"
namespace:`). A namespace has no help of its own; it is a group of the rows that name it.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument, item_entries
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.generic import parse as _parse
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp

LIST_HELP = re.compile(r"^Usage:\s*\n\s+list \[options\] \[--\] \[<namespace>\]\s*$", re.MULTILINE)
"""The usage of cleo's `list` command, which `CLI --help` prints at the root."""
LISTING = re.compile(r"^Available commands( for the \"[^\"]+\" namespace)?:\s*$", re.MULTILINE)
"""The heading of what `CLI list [namespace]` prints."""


def take_listing(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """Read `CLI list [namespace]`'s rows into subcommands; a namespace is not runnable."""
    if not any(LISTING.match(f"{s.title}:") for s in doc.sections):
        doc.sections = [s for s in doc.sections if s.key != "help"]  # prose, not options
        parsed.usage = [
            u if u.split()[0] == path[0] else f"{path[0]} {u}" for u in parsed.usage if u.strip()
        ]
        return
    prefix = path[1:]
    names: dict[str, CommandEntry] = {}
    kept = []
    for section in doc.sections:
        if section.key == "options" or section.key.startswith("usage"):
            kept.append(section)
            continue
        for entry in item_entries(section):
            words = entry.term.split()
            if not words or words[0].startswith("-"):
                continue  # an options list under another title (`Global options:`), not commands
            if words[: len(prefix)] != prefix or len(words) == len(prefix):
                continue
            rest = words[len(prefix) :]
            name = rest[0]
            if name not in names:
                names[name] = CommandEntry(name, entry.text if len(rest) == 1 else "")
            _file_below(names[name], rest[1:], entry.text)
    doc.sections = kept
    doc.usage = []
    parsed.usage = []
    parsed.subcommands.extend(names.values())


def _file_below(command: CommandEntry, words: list[str], summary: str) -> None:
    """A row that names a command deeper than the next level (`self show plugins` in the
    listing of `self`, where `self show` is a command of its own): the command under
    `command` by the row's further words (`CommandEntry.below`), since the help of `self show`
    does not list it."""
    for index, word in enumerate(words):
        below = next((e for e in command.below if e.name == word), None)
        if below is None:
            below = CommandEntry(word, summary if index == len(words) - 1 else "")
            command.below.append(below)
        command = below


SIGNS = (
    (r"display help for the list command\.", 4),
    (r"^\s+-v\|vv\|vvv, --verbose", 3),
    (r"^Available commands( for the \"[^\"]+\" namespace)?:\s*$", 2),
    (r"^Description:\s*$", 1),
    (r"^Help:\s*$", 1),
)
"""The marks cleo leaves (pattern, weight), for `detect.py`."""

_USAGE_HEADING = re.compile(r"^Usage:\s*$")
_ALIAS_LINE = re.compile(r"^\s+([a-z][\w:-]*)\s*$")


def aliases_apart(text: str) -> str:
    """A command's aliases, which Symfony Console and cleo print under `Usage:` as lines of one
    name each after the command's forms (`  show [options] [--] [<package> [<version>]]` /
    `  info`), moved out of the usage into an `Aliases:` line: joined onto the form, the name
    would read as one more positional and the form as one the reader cannot understand, so
    its `[<package>]` and `[<packages>...]` lost being optional and repeated."""
    lines = text.split("\n")
    aliases: list[str] = []
    kept: list[str] = []
    in_usage = forms = False
    for line in lines:
        if _USAGE_HEADING.match(line):
            in_usage, forms = True, False
        elif in_usage and line.strip() and not line[:1].isspace():
            in_usage = False  # the next heading
        elif in_usage and forms and (alias := _ALIAS_LINE.match(line)):
            aliases.append(alias.group(1))
            continue
        elif in_usage and line.strip():
            forms = True
        kept.append(line)
    if not aliases:
        return text
    return "\n".join([*kept, f"Aliases: {', '.join(aliases)}", ""])


RULES = Rules(name="cleo", hooks=[take_listing], prepare=aliases_apart)


def parse(text: str, path: list[str]) -> ParsedHelp:
    """Read one cleo help text (or `list` output) of the command at `path`."""
    parsed = _parse(text, path, RULES)
    if LISTING.search(text):
        parsed.runnable = not path[1:]  # `CLI` alone lists the commands; `CLI cache` is an error
    return parsed
