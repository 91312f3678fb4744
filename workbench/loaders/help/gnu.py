"""GNU and git style help texts: `Usage: ls [OPTION]... [FILE]...` / `usage: git commit
[<options>] [--] <pathspec>...`, options right under the usage or under lower-case headings
without a colon (`Commit message options`), `-u, --untracked-files[=<mode>]` optional values,
`--color[=WHEN]`, and git's command list: lower-case headings (`start a working area`) over
`   clone     Clone a repository` rows.

git's commands with subcommands of their own list them only in their usage block, one form
per subcommand (`usage: git remote [-v | --verbose]` / `or: git remote add [-t <branch>] <name>
<url>` / `or: git remote [-v | --verbose] show [-n] <name>`): the literal word that follows the
command's path and its options is a subcommand, an optional one in brackets (`git stash [push
[-p] …]`, `git reflog [show] …`) is a subcommand the command runs when none is given, and a
parenthesised list of words (`git sparse-checkout (init | list | set)`) names one each. git
closes the list of an optional value's modes in prose (`optional modes: all, normal, no.`):
those are its choices.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.evidence import prose_choices
from workbench.loaders.help.flags import FlagStyle
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp
from workbench.loaders.help.usage import tokens

_LITERAL = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_BRACKETED_LITERAL = re.compile(r"\[([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:\s.*)?\]")
_WORD_LIST = re.compile(r"\(\s*[a-z][a-z0-9-]*(?:\s*\|\s*[a-z][a-z0-9-]*)+\s*\)")


def subcommands_from_usage_forms(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """The subcommands a usage block names, one per form, when no section lists commands."""
    if any(RULES.is_commands(section) for section in doc.sections):
        return
    found: list[str] = []
    shown: dict[str, str] = {}
    """What each subcommand's form shows after its name: its arguments, if its help is unreadable."""
    own: list[str] = []
    """The forms of the command itself (the others are its subcommands' and read with them)."""
    for form in doc.usage:
        words = tokens(form)
        if (
            len(words) <= len(path)
            or words[1 : len(path)] != path[1:]
            or words[0].rsplit("/", 1)[-1] != path[0]
        ):
            own.append(form)
            continue
        index = len(path)
        while index < len(words) and re.match(r"^[\[(]*-", words[index]):
            index += 1  # options before the subcommand (`[--ref <notes-ref>]`, `--quiet`)
        word = words[index] if index < len(words) else ""
        if _LITERAL.fullmatch(word):
            found.append(word)
            shown.setdefault(word, " ".join(words[index + 1 :]))
            continue
        if (optional := _BRACKETED_LITERAL.fullmatch(word)) and not word.startswith("[<"):
            found.append(optional.group(1))
            words[index] = (
                "[COMMAND]"  # runnable without one: the optional subcommand is its default
            )
        elif _WORD_LIST.fullmatch(word):
            found.extend(w.strip() for w in word.strip("()").split("|"))
            words[index] = "COMMAND"
        own.append(" ".join(words))
    names = list(dict.fromkeys(found))
    if len(names) < 2:
        return  # one literal word is an example or a positional's spelling, not a command list
    parsed.subcommands.extend(CommandEntry(name, arguments=shown.get(name, "")) for name in names)
    doc.usage = own
    parsed.usage = own


SIGNS = (
    (r"^usage: git ", 3),
    (r"These are common Git commands", 3),
    (r"Mandatory arguments to long options are mandatory", 3),
    (r"^Usage: \S+ \[OPTION\]", 3),
    (r"^\s+or:\s+\S+", 2),
    (r"Report bugs to", 1),
    (r"^\s{4}-\w, --[\w-]+(\[=<[\w-]+>\]| <[\w-]+>)?(\s{2,}|$)", 1),
)
"""The marks GNU tools and git leave (pattern, weight), for `detect.py`."""

_OPTIONAL_MODES = prose_choices(r"\boptional (?:modes|when): ")
"""git's closed list of an optional value: `--untracked-files[=<mode>] … optional modes: all, normal, no.`"""

RULES = Rules(
    name="gnu",
    flag_style=FlagStyle(closed_lists=(_OPTIONAL_MODES,)),
    commands_by_shape=True,
    hooks=[subcommands_from_usage_forms],
)
