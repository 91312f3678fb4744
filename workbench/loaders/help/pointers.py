"""Pointers to a fuller listing: a help text that shows only the common commands or options
and says where the rest are (`'git help -a' … list available subcommands`, `For all options
use … "--help all"`, `Use "rclone help flags" to see the global flags`, `(see all commands
with --list)`, an option `--list  List installed commands`).

Shared grammar, naming no CLI: a pointer is an invocation quoted in the text (or a `--list`-like
option the text offers) whose words are only the command's own path, a help word (`help`,
`--help`, `-h`) and a word asking for everything (`-a`, `--all`, `all`, `commands`, `flags`,
`options`; a choice of topics among which one is such a word, `<simple|list|…|all>`, stands
for it), or a listing option on its own (`--list`, `--list-commands`; quoted with no program
before it, it is the option of the command whose help quotes it, at any depth), or a switch named
like help whose help offers a fuller one (xz's `-H, --long-help  display the long help`; the help
letter doubled, sqlmap's `-hh  Show advanced help message and exit`). Anything else in the
quotes (a placeholder `<command>`, a topic `backends`, `-g` for guides) is not a pointer, so
concept guides and help topics are never read as commands. An example line that is such an
invocation alone, unquoted (`  tsc --help --all` over its sentence `An expanded version of this
information, showing all possible compiler options`), is read as a quoted one. One more form: a command named
`options` or `flags` that the same line says lists the global options (`Use "kubectl options"
for a list of global command-line options`). And a row of a help-topics list, unquoted, whose
invocation is such a pointer and whose sentence offers to list all the commands (`tool help
commands    list all 'tool' commands` under `Further help:`). A switch named like help with a word
offering more (`--expand-help`) asks for everything beside a help word, and an example may follow
a shell prompt (`  $ tool --help --expand-help`). And a quoted help word with one of the command's
own options (`Use '--help --coverage' for more info`) is that option's help, which lists the
options under it (`--coverage.enabled`).
"""

from __future__ import annotations

import re

from workbench.loaders.help.parsed import ParsedHelp

_QUOTED = re.compile(r"'([^'\n]{2,60})'|\"([^\"\n]{2,60})\"|`([^`\n]{2,60})`")
_EXAMPLE_LINE = re.compile(
    r"^[ \t]*(?:\$[ \t]+)?(\S+(?:[ \t]+-?-?[\w=-]+){1,4})[ \t]*$", re.MULTILINE
)
"""A line holding one invocation and nothing else (an example: `  tsc --help --all`), after a
shell prompt or not (`  $ tool --help --expand-help`)."""
_FULLER_HELP_SWITCH = re.compile(
    r"^--(?:(?:long|full|complete|advanced|all|more|extended|expand(?:ed)?|hidden)-help"
    r"|help-(?:long|full|complete|advanced|more|extended|expand(?:ed)?|hidden))$"
)
"""A switch named like help with a word offering more (`--expand-help`, `--help-hidden`): in a
pointer beside a help word (`tool --help --expand-help`) it asks for everything."""
_OPTION_HELP = re.compile(r"^--[A-Za-z][\w-]*$")
_HELP_WORDS = {"help", "--help", "-h"}
_EVERYTHING_WORDS = {"-a", "--all", "all", "commands", "--commands", "flags", "options", "--full"}
_LISTING_OPTIONS = {"--list", "--list-commands", "--commands", "--help-all", "--list-all"}
_GLOBALS_COMMANDS = {"options", "flags"}
_GLOBAL = re.compile(r"\bglobal\b.*\b(?:options|flags)\b", re.IGNORECASE)
"""`Use "kubectl options" for a list of global command-line options`: a command that lists them."""
_PROSE_LISTING_OPTION = re.compile(
    r"\ball (?:sub)?commands (?:with|via|using|by) (--[a-z][\w-]*)", re.IGNORECASE
)
"""cargo's `See all commands with --list`."""
_OFFERS_MORE = re.compile(
    r"\b(?:long|full|complete|advanced|all|more|extended|hidden)\b[^.;]*\b(?:help|options|flags)\b",
    re.IGNORECASE,
)
"""`-H, --long-help  display the long help (lists also the advanced options)` (xz)."""


_DOUBLED_HELP_LETTER = re.compile(r"^(h)\1+$|^(H)\2+$")
"""`-hh`: the help letter given twice, the conventional spelling of a help one level deeper
(sqlmap's `-hh  Show advanced help message and exit` beside its `-h, --help`)."""


def offered_fuller_help(parsed: ParsedHelp) -> list[str]:
    """Switches named like help whose own help offers a fuller one: pointers to a fuller
    listing of the options (`--long-help`, `--help-all`, `--help-hidden`, `-hh`). Each is
    spelled as its row spells it (`-hh` with one dash)."""
    return [
        f.spelling
        for f in parsed.flags
        if f.name
        and f.name != "help"
        and ("help" in f.name or _DOUBLED_HELP_LETTER.match(f.name))
        and f.kind.value == "boolean"
        and _OFFERS_MORE.search(f.help)
    ]


_LISTS_COMMANDS = re.compile(
    r"^(?:list|show|print|display)s?\b.*\b(?:sub)?commands\b", re.IGNORECASE
)


_INVOCATION_ROW = re.compile(r"(?m)^[ \t]+(\S+(?: \S+){1,4})[ \t]{2,}(\S.*)$")
"""An indented row: an invocation, two spaces or more, its sentence."""
_LISTS_ALL_COMMANDS = re.compile(
    r"^(?:list|show|print|display)s?\s+all\b.*\b(?:sub)?commands\b", re.IGNORECASE
)
"""`list all 'tool' commands`: a sentence offering the whole command list."""


def _pointer_rows(text: str, path: list[str]) -> list[list[str]]:
    """Unquoted rows `prog help commands   list all 'prog' commands`: the invocation a pointer
    by the shared grammar and its sentence offering every command (an example row, with no
    such sentence, is not followed)."""
    found = []
    for match in _INVOCATION_ROW.finditer(text):
        words = match.group(1).split()
        if words[0].rsplit("/", 1)[-1] != path[0] or not _LISTS_ALL_COMMANDS.search(match.group(2)):
            continue
        if (arguments := _pointer_arguments(words[1:], path)) is not None:
            found.append(arguments)
    return found


def listing_pointers(text: str, parsed: ParsedHelp, path: list[str]) -> list[list[str]]:
    """The argument lists (after the program's name) that print a fuller listing of the
    command at `path` (root first), in the order the text names them, each once."""
    found: list[list[str]] = []
    for match in _QUOTED.finditer(text):
        words = next(group for group in match.groups() if group is not None).split()
        if _lists_globals(words, path, _line_around(text, match)):
            found.append(
                [*path[1:], words[-1]]
            )  # kubectl's `"kubectl options" for a list of global … options`
            continue
        if words and words[0].rsplit("/", 1)[-1] == path[0]:
            words = words[1:]  # `'git help -a'`: the program named first
        elif not words or not words[0].startswith("-"):
            continue  # a quoted phrase, not an invocation of this program
        else:
            words = [*path[1:], *words]  # `--help-all` alone: an option of this command
        words = [_everything_choice(word) for word in words]
        arguments = _pointer_arguments(words, path) or _option_help(words, path, parsed)
        if arguments is not None:
            found.append(arguments)
    found.extend(_pointer_rows(text, path))
    for match in _EXAMPLE_LINE.finditer(text):
        words = match.group(1).split()
        if words[0].rsplit("/", 1)[-1] == path[0]:
            arguments = _pointer_arguments([_everything_choice(w) for w in words[1:]], path)
            if arguments is not None:
                found.append(arguments)
    for match in _PROSE_LISTING_OPTION.finditer(text):
        if match.group(1) in _LISTING_OPTIONS:
            found.append([*path[1:], match.group(1)])
    for flag in [] if _takes_values_not_commands(parsed) else parsed.flags:
        if (
            flag.name
            and f"--{flag.name}" in _LISTING_OPTIONS
            and flag.kind.value == "boolean"
            and _LISTS_COMMANDS.search(flag.help)
        ):
            found.append([*path[1:], f"--{flag.name}"])
    found.extend([*path[1:], name] for name in offered_fuller_help(parsed))
    unique: list[list[str]] = []
    for arguments in found:
        if arguments not in unique:
            unique.append(arguments)
    return unique


_CHOICE_PLACEHOLDER = re.compile(r"^[<\[{]([\w-]+(?:\|[\w-]+)+)[>\]}]$")
"""`<simple|list|output|threads|misc|all>`: a word argument offered as a choice of topics."""


def _everything_choice(word: str) -> str:
    """A choice of topics one of which asks for everything (`<simple|…|all>`) stands for that
    one: the pointer is to the form that lists everything. Any other word is kept."""
    match = _CHOICE_PLACEHOLDER.match(word)
    if match is None:
        return word
    everything = [w for w in match.group(1).split("|") if w in _EVERYTHING_WORDS]
    return everything[0] if len(everything) == 1 else word


def _option_help(words: list[str], path: list[str], parsed: ParsedHelp) -> list[str] | None:
    """A quoted help word and one of this command's own options (`Use '--help --coverage' for
    more info` on the `--coverage` row): the help of that option, which lists the options under
    it (`--coverage.enabled`, `--coverage.provider`) that the command's help leaves out."""
    own = path[1:]
    if words[: len(own)] != own:
        return None
    rest = words[len(own) :]
    if len(rest) != 2 or rest[0] not in _HELP_WORDS - {"help"} or not _OPTION_HELP.match(rest[1]):
        return None
    if rest[1][2:] not in {f.name for f in parsed.flags if f.name}:
        return None
    return [*own, *rest]


def _takes_values_not_commands(parsed: ParsedHelp) -> bool:
    """A leaf whose usage names a positional and no subcommand slot (`Usage: celery control
    [OPTIONS] COMMAND`, no commands listed, nothing passed on to a subcommand): what its
    `--list  List available control commands` prints are the values of that positional, not
    commands. A subcommand slot passes the rest of the line on (`COMMAND [ARGS]...`), so a
    variadic positional after it keeps the option a pointer."""
    return (
        not parsed.subcommands
        and bool(parsed.positionals)
        and not any(p.variadic for p in parsed.positionals)
    )


def _line_around(text: str, match: re.Match) -> str:
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    return text[start : end if end >= 0 else len(text)]


def _lists_globals(words: list[str], path: list[str], line: str) -> bool:
    """`"kubectl options"` on the root's help, on a line saying it lists the global options
    (global options are the root's: a subcommand's help repeating the line adds nothing)."""
    return (
        len(path) == 1
        and len(words) == 2
        and words[0].rsplit("/", 1)[-1] == path[0]
        and words[-1] in _GLOBALS_COMMANDS
        and bool(_GLOBAL.search(line))
    )


def _pointer_arguments(words: list[str], path: list[str]) -> list[str] | None:
    """`words` (without the program) as the arguments of a listing call, or None."""
    own = path[1:]
    if words[: len(own)] == own:
        rest = words[len(own) :]
    elif words and words[0] in _HELP_WORDS and words[1 : 1 + len(own)] == own:
        rest = [words[0], *words[1 + len(own) :]]  # `tool help sub --all`
    else:
        return None
    if len(rest) == 1 and rest[0] in _LISTING_OPTIONS:
        return [*own, *rest]
    helps = [w for w in rest if w in _HELP_WORDS]
    everything = [w for w in rest if w in _EVERYTHING_WORDS or _FULLER_HELP_SWITCH.match(w)]
    if len(helps) != 1 or len(everything) != 1 or len(rest) != 2:
        return None
    if rest[0] == "help":
        return ["help", *own, rest[1]]  # `git help -a`, `rclone help flags`
    return [*own, *rest]  # `curl --help all`


def own_part(text: str, parsed: ParsedHelp, path: list[str]) -> str:
    """A fuller listing cut where the help of one of the command's own subcommands begins: a
    `--help-all` that prints the command's help and then each subcommand's, one after another
    (`--help-all  Prints help messages of all sub-commands`), gives the command only what comes
    before the first usage naming `PATH SUB` (SUB a subcommand its help lists), so the
    subcommands' options are not read as the command's own. The usage is a line that starts
    `usage:` or sits right under a `Usage:` heading; the cut is at that heading, and only after
    the command's own usage came first: a listing that is a subcommand's own help (`tool help
    flags`, whose usage names `tool help flags`) is read whole."""
    names = {entry.name for entry in parsed.subcommands} | {
        a for entry in parsed.subcommands for a in entry.aliases
    }
    if not names:
        return text
    below = " ".join(re.escape(word) for word in path[1:])
    named = re.compile(
        rf"^\s*(?:usage:\s*)?\S+ {below + ' ' if below else ''}(\S+)(?:\s|$)", re.IGNORECASE
    )
    lines = text.splitlines(keepends=True)
    heading = None
    own_seen = False
    for index, line in enumerate(lines):
        stripped = line.strip()
        if re.fullmatch(r"(?i)usage:", stripped):
            heading = index
            continue
        if not stripped:
            continue
        is_usage = heading is not None or re.match(r"(?i)\s*usage:\s*\S", line) is not None
        match = named.match(line) if is_usage else None
        if match and match.group(1) in names:
            if own_seen:
                return "".join(lines[: heading if heading is not None else index])
        elif is_usage:
            own_seen = True  # the command's own usage: its help comes first
        heading = None
    return text


_ALIAS_ROW = re.compile(r"^alias(?: for|:)\s+([\w.:-]+)\s*$", re.IGNORECASE)
"""A listing row that only names another command (`b    alias: build`)."""


def merge_listing(parsed: ParsedHelp, listing: ParsedHelp) -> tuple[int, int]:
    """Add to `parsed` the commands and flags a fuller listing shows that it lacks; return how
    many of each were added. Rows that are another row's alias become that command's alias."""
    known = {entry.name for entry in parsed.subcommands} | {
        a for entry in parsed.subcommands for a in entry.aliases
    }
    added_commands = 0
    for entry in listing.subcommands:
        if entry.name in known:
            continue
        parsed.subcommands.append(entry)
        known.update([entry.name, *entry.aliases])
        added_commands += 1
    fold_alias_rows(parsed)
    flag_keys = {flag.key for flag in parsed.flags} | {
        flag.short for flag in parsed.flags if flag.short
    }
    flag_keys |= {alias.lstrip("-") for flag in parsed.flags for alias in flag.aliases}
    added_flags = 0
    for flag in [*listing.flags, *listing.inherited]:
        if flag.key in flag_keys or (flag.short and flag.short in flag_keys and not flag.name):
            continue
        if flag.short and flag.short in flag_keys:
            flag = flag.model_copy(
                update={"short": None}
            )  # the short letter is another flag's here
        parsed.flags.append(flag)
        flag_keys.update([flag.key, *([flag.short] if flag.short else [])])
        added_flags += 1
    return added_commands, added_flags


def fold_alias_rows(parsed: ParsedHelp) -> None:
    """`b    alias: build` rows as aliases of the command they name."""
    by_name = {entry.name: entry for entry in parsed.subcommands}
    kept = []
    for entry in parsed.subcommands:
        target = _ALIAS_ROW.match(entry.summary.strip())
        if target and target.group(1) in by_name and target.group(1) != entry.name:
            by_name[target.group(1)].aliases.append(entry.name)
            continue
        kept.append(entry)
    parsed.subcommands = kept
