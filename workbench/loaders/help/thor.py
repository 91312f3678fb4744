"""Thor (Ruby: bundler, rails, many gems' CLIs) help texts.

Thor prints a command's help as `Usage:` / `  bundle fund [OPTIONS]`, `Options:` rows whose
description follows a `#` column, and an option that is not required in brackets:

    Options:
      -g, [--group=GROUP]              # Fetch funding information for a specific group
          [--no-color]                 # Disable colorization in output
      -V, [--verbose], [--no-verbose]  # Enable verbose output mode

and a group's listing by full path, one command per row, the same `#` column:

    Commands:
      bundle plugin help [COMMAND]     # Describe subcommands or one specific subcommand
      bundle plugin install PLUGINS    # Install the plugin from the source

What the shared reading needs is only the shape: the brackets around a spelling are taken off
(`[--group=GROUP]` is `--group=GROUP`; `[--verbose], [--no-verbose]` a switch and its off
form) and the `#` column is the description column. Thor prints the option's banner where the
placeholder goes, a sentence when the program gave one (`[--group=Fetch funding information
…]`): the sentence is then read as the description and the name in capitals as the
placeholder (`--group=GROUP`), as Thor would print it with no banner.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp

_OPTION_ROW = re.compile(
    r"^(?P<lead>\s+)(?P<term>(?:-\w, )?\[--[^\]]+\](?:, \[--[^\]]+\])*)(?P<gap>\s*)(?P<rest>.*)$"
)
_BRACKETED = re.compile(r"\[(--[^\]]+)\]")
_HASH_COLUMN = re.compile(r"^(?P<row>\s+\S.*?\s)# (?P<description>\S.*)$")


def _spelling(option: str, sentences: list[str]) -> str:
    """`--retry=NUM` of `[--retry=NUM]`; a banner that is a sentence (`--group=Fetch funding
    …`) goes to `sentences` and the name in capitals holds its place."""
    name, _, value = option.partition("=")
    if " " in value:
        sentences.append(value)
        value = name.lstrip("-").upper().replace("-", "_")
    return f"{name}={value}" if value else name


def unbracket(text: str) -> str:
    """Thor's rows in the shape the shared engine reads (above)."""
    lines = []
    for line in text.split("\n"):
        if match := _OPTION_ROW.match(line):
            rest = match.group("rest")
            sentences: list[str] = []
            term = match.group("term")
            for option in _BRACKETED.findall(term):
                term = term.replace(f"[{option}]", _spelling(option, sentences), 1)
            if sentences and not rest:
                rest = "# " + sentences[0]
            width = len(match.group("term")) + len(match.group("gap"))
            line = match.group("lead") + term.ljust(width) + rest
        if match := _HASH_COLUMN.match(line):
            line = match.group("row") + "  " + match.group("description")
        lines.append(line.rstrip())
    return "\n".join(lines)


_LISTING_ROW = re.compile(r"^\s+(?P<term>\S.*?)(?:\s{2,}(?P<summary>\S.*))?$")


def read_commands(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """A `Commands:` listing by full path: the word after the command's own path is the
    subcommand, what follows its arguments (`dice roll NdN`, `bundle plugin install PLUGINS`),
    whatever their spelling; the section is taken out, so no other rule reads it."""
    for section in list(doc.sections):
        if "command" not in section.key:
            continue
        found: list[CommandEntry] = []
        for line in section.lines:
            match = _LISTING_ROW.match(line)
            words = match.group("term").split() if match else []
            if len(words) <= len(path) or words[: len(path)] != path:
                continue
            found.append(
                CommandEntry(
                    words[len(path)],
                    summary=(match.group("summary") or "") if match else "",
                    arguments=" ".join(words[len(path) + 1 :]),
                )
            )
        if found:
            doc.sections.remove(section)
            known = {entry.name for entry in parsed.subcommands}
            parsed.subcommands.extend(e for e in found if e.name not in known)


SIGNS = (
    (r"^\s+\S+(?: [\w-]+)* help \[COMMAND\]\s+# Describe (?:available commands|subcommands)", 4),
    (r"^\s+(?:-\w, )?\[--[\w-]+(?:=[^\]]*)?\](?:, \[--no-[\w-]+\])?\s+# \S", 2),
)
"""The marks Thor leaves (pattern, weight), for `detect.py`: its `help [COMMAND]` row and its
bracketed options over a `#` column."""

RULES = Rules(name="thor", prepare=unbracket, hooks=[read_commands])
