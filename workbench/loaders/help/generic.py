"""The generic help parser: sections by their titles and shapes, and the rules styles tune.

Every style parser is this engine with its own `Rules` (which sections hold commands, flags,
inherited flags and arguments; how usage lines and option values read) plus, where a style
needs it, a hook of its own. Used as is for help texts no style claims: it reads what any
two-column help shows and keeps the rest as notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from workbench.loaders.help.document import (
    Entry,
    HelpDocument,
    Section,
    item_entries,
    option_entries,
    read_document,
)
from workbench.loaders.help.flags import FlagStyle, parse_flag
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp
from workbench.loaders.help.synopsis import synopsis_flags
from workbench.loaders.help.types import choice_list, placeholder
from workbench.loaders.help.usage import read_usage
from workbench.model.tree import Flag, FlagKind, Positional, ValueType

_COMMAND_NAME = re.compile(r"[A-Za-z0-9][\w.:+-]*")
_ALIASES_TAIL = re.compile(r"\s*\[(?:visible )?aliases?:\s*([^\]]*)\]\s*$", re.IGNORECASE)
_DEPRECATED_TEXT = re.compile(r"^\s*[\[(]?deprecated\b|\((?:deprecated)\b[^)]*\)|\[deprecated\]", re.IGNORECASE)


@dataclass
class Rules:
    """What a help style's sections and lines mean."""

    name: str = "generic"
    flag_style: FlagStyle = field(default_factory=FlagStyle)
    inherited_sections: tuple[str, ...] = ("global flags", "global options", "inherited flags", "inherited options")
    argument_sections: tuple[str, ...] = ("arguments", "args", "positional arguments", "positionals")
    bracketed_command_required: bool = False
    lowercase_positionals: bool = False
    commands_by_shape: bool = False
    """Any section of `word  description` rows lists commands (git's lowercase headings)."""
    hooks: list[Callable[[HelpDocument, ParsedHelp, list[str]], None]] = field(default_factory=list)
    """Style-specific readers, run before the generic reading: they may take sections or
    lines they understand out of the document and fill `ParsedHelp` themselves."""

    def is_commands(self, section: Section) -> bool:
        key = section.key
        if "help topic" in key or key.startswith("additional help"):
            return False
        if ("command" in key or key == "topics") and "option" not in key and "flag" not in key:
            return True
        return self.commands_by_shape and _shaped_like_commands(section)

    def is_flags(self, section: Section) -> bool:
        if section.key in self.argument_sections or self.is_commands(section):
            return False
        first = next((line.strip() for line in section.lines if line.strip()), "")
        return "option" in section.key or "flag" in section.key or first.startswith("-")


GENERIC = Rules()


def parse(text: str, path: list[str], rules: Rules = GENERIC) -> ParsedHelp:
    """Read one help text of the command at `path` (root first) with `rules`."""
    doc = read_document(text)
    parsed = ParsedHelp(style=rules.name, usage=list(doc.usage))
    parsed.description = doc.description
    for hook in rules.hooks:
        hook(doc, parsed, path)
    arguments: list[Entry] = []
    for section in doc.sections:
        key = section.key
        if key in ("aliases", "alias"):
            parsed.aliases = _aliases(section.body(), path)
        elif key.startswith("example"):
            parsed.examples = section.body()
        elif key == "description" and not parsed.description:
            parsed.description = section.body()
        elif key == "name" and not parsed.description:  # urfave/cli: `NAME:  greet - what it does`
            parsed.description = section.body().partition(" - ")[2].strip()
        elif rules.is_commands(section):
            parsed.subcommands.extend(command_entries(section, path))
        elif key in rules.argument_sections:
            arguments.extend(item_entries(section))
        elif key in rules.inherited_sections and len(path) > 1:
            parsed.inherited.extend(_flags(section, rules))
        elif rules.is_flags(section) or key in rules.inherited_sections:
            parsed.flags.extend(_flags(section, rules))
    if trailing := re.search(r"^aliases?:[ \t]+(\S.*)$", text, re.MULTILINE | re.IGNORECASE):
        parsed.aliases = parsed.aliases or _aliases(trailing.group(1), path)  # npm: `aliases: i, add`
    parsed.flags = _unique(parsed.flags)
    parsed.inherited = [f for f in _unique(parsed.inherited) if f.key not in {g.key for g in parsed.flags}]
    parsed.deprecated = bool(_DEPRECATED_TEXT.search(parsed.description.split("\n")[0] if parsed.description else ""))
    _values_from_usage(parsed, "\n".join([*doc.usage, *(l for s in doc.sections for l in s.lines)]))
    if not parsed.flags and (from_usage := synopsis_flags(doc.usage)):
        parsed.flags = from_usage
        parsed.notes.append("flags read from the usage line (the help lists no options)")
    _read_usage(parsed, path, rules, arguments)
    return parsed


def command_entries(section: Section, path: list[str] | None = None) -> list[CommandEntry]:
    """The subcommands a commands section lists (`name, alias   summary`, or npm's bare
    comma-separated names)."""
    words = _comma_listed(section)
    if words is not None:
        return [CommandEntry(word) for word in words]
    result = []
    for entry in item_entries(section):
        command = command_entry(entry, path)
        if command is not None:
            result.append(command)
    return result


def command_entry(entry: Entry, path: list[str] | None = None) -> CommandEntry | None:
    """One listed subcommand, or None when the row is not a command (`...  See all commands`).

    Reads `build, b`, `install (i)`, `order|o [options] <size>` (commander: arguments after
    the name), `serve.js serve [port]` and `mycli hello NAME  # say hello` (yargs and Thor
    repeat the program's path first), and a `[aliases: x]` tail.
    """
    summary = entry.text
    if summary.startswith("# "):
        summary = summary[2:]
    aliases: list[str] = []
    if match := _ALIASES_TAIL.search(summary):
        aliases = [a.strip() for a in match.group(1).split(",") if a.strip()]
        summary = summary[: match.start()].rstrip()
    term = entry.term.strip().rstrip(":")
    if not summary and (dashed := re.fullmatch(r"([\w.:+-]+(?:, [\w.:+-]+)*) - (.+)", term)):
        term, summary = dashed.groups()  # apt: `install - install packages`
    if term.startswith(("|", "+")):
        return None  # a markdown or ASCII table row in prose (kpt)
    words = term.split()
    if path and len(words) > 1 and words[: len(path)] == path:
        words = words[len(path) :]
    elif path and len(words) > 1 and words[0] == path[0]:
        words = words[1:]
    arguments: list[str] = []
    while len(words) > 1 and _is_placeholder(words[-1]):
        arguments.insert(0, words.pop())
    term = " ".join(words)
    paren = re.fullmatch(r"(\S+)\s+\(([^)]*)\)", term)
    if paren:
        term = paren.group(1)
        aliases += [a.strip() for a in paren.group(2).split(",") if a.strip()]
    names = [n.strip() for n in re.split(r"\s*[,|]\s*", term) if n.strip()]
    if not names or not all(_COMMAND_NAME.fullmatch(n) for n in names):
        return None
    deprecated = bool(_DEPRECATED_TEXT.search(summary))
    listed = " ".join(a for a in arguments if a.lower().strip("[]") not in ("options", "flags"))
    return CommandEntry(names[0], summary, aliases=names[1:] + aliases, deprecated=deprecated, arguments=listed)


def _is_placeholder(word: str) -> bool:
    """`[options]`, `<size>`, `NAME`, `[COMMAND]`, `ARGS...`: an argument, not part of a name."""
    return bool(re.fullmatch(r"[\[<{].*|[A-Z][A-Z0-9_-]*(\.\.\.)?", word))


def _comma_listed(section: Section) -> list[str] | None:
    """`access, adduser, audit, ...` wrapped over lines: the names, else None."""
    content = " ".join(line.strip() for line in section.lines if line.strip())
    if not content or not re.fullmatch(r"[a-z][\w-]*(,\s*[a-z][\w-]*)+,?", content):
        return None
    return [word.strip() for word in content.split(",") if word.strip()]


def _values_from_usage(parsed: ParsedHelp, text: str) -> None:
    """Flags listed without a value whose bracketed usage shows one (`[--omit <dev|peer>]`).

    npm and some GNU tools name the value only in the usage synopsis; without this those
    flags would read as booleans.
    """
    for flag in parsed.flags:
        if flag.kind is not FlagKind.BOOLEAN or not flag.name:
            continue
        spelled = re.escape(f"--{flag.name}")
        match = re.search(rf"\[(?:-\w\|)?{spelled}[ =](<[^<>]+>|\{{[^{{}}]+\}}|[A-Z][A-Z0-9_-]*)(?=[\]\s])", text)
        if not match:
            continue
        value = match.group(1)
        flag.kind = FlagKind.VALUE
        flag.metavar = value.strip("<>")
        choices = choice_list(value)
        if choices:
            flag.value_type, flag.choices = ValueType.CHOICE, list(choices)
        else:
            flag.value_type = placeholder(value).value_type
        flag.repeatable = re.search(rf"\[{spelled}[ =]{re.escape(value)} \.\.\.\]", text) is not None


def _flags(section: Section, rules: Rules) -> list[Flag]:
    flags = []
    for entry in option_entries(section):
        flag = parse_flag(entry.term, entry.text, rules.flag_style)
        if flag is not None:
            flags.append(flag)
    return flags


def _unique(flags: list[Flag]) -> list[Flag]:
    """First entry per flag key wins (some help texts list a flag in two sections)."""
    seen: set[str] = set()
    result = []
    for flag in flags:
        if flag.key not in seen:
            seen.add(flag.key)
            result.append(flag)
    return result


def _aliases(body: str, path: list[str]) -> list[str]:
    """cobra's `Aliases:` (`get, g`; docker's `docker container ls, docker container list`)."""
    aliases = []
    for item in re.split(r"\s*,\s*", " ".join(body.split())):
        words = item.split()
        if not words:
            continue
        if len(words) == 1 and words[0] != path[-1]:
            aliases.append(words[0])
        elif len(words) == len(path) and words[:-1] == path[:-1] and words[-1] != path[-1]:
            aliases.append(words[-1])
    return aliases


def _read_usage(parsed: ParsedHelp, path: list[str], rules: Rules, arguments: list[Entry]) -> None:
    """Positionals and runnability from the usage forms (and an arguments section)."""
    has_subcommands = bool(parsed.subcommands)
    readings = [
        read_usage(
            form,
            path,
            has_subcommands=has_subcommands,
            bracketed_command_required=rules.bracketed_command_required,
            lowercase_positionals=rules.lowercase_positionals,
        )
        for form in parsed.usage
    ]
    own = [r for r in readings if not r.about_other_command]
    if has_subcommands:
        parsed.runnable = any(not r.requires_command for r in own if r.understood) if own else False
    if arguments:
        parsed.positionals = _positionals_from_section(arguments, own)
        return
    understood = [r for r in own if r.understood]
    if understood:
        parsed.positionals = understood[0].positionals
    if len(understood) < len(own) and not parsed.positionals and (parsed.runnable or not has_subcommands):
        form = next(f for f, r in zip(parsed.usage, readings) if not r.understood and not r.about_other_command)
        parsed.notes.append(f"usage `{form}` kept as text: its positionals could not be read")


def _positionals_from_section(arguments: list[Entry], readings) -> list[Positional]:
    """An `Arguments:` section's rows, with required/variadic from their term or the usage."""
    from_usage = {p.name.lower(): p for r in readings if r.understood for p in r.positionals}
    result = []
    for entry in arguments:
        term = entry.term.strip()
        required = not term.startswith("[")
        variadic = term.endswith("...")
        name = term.strip("[]").rstrip(".").strip("[]<>")
        if not name or name.startswith("-"):
            continue
        choices = None
        value_type = placeholder(name).value_type
        if name.startswith("{"):
            choices = [c.strip() for c in name.strip("{}").split(",")]
            value_type = ValueType.CHOICE
            name = "choice"
        known = from_usage.get(name.lower())
        if known is not None:
            required, variadic = known.required, known.variadic or variadic
        result.append(
            Positional(
                name=name,
                help=entry.text,
                required=required,
                variadic=variadic,
                value_type=value_type,
                choices=choices,
            )
        )
    return result


def _shaped_like_commands(section: Section) -> bool:
    entries = item_entries(section)
    return bool(entries) and all(
        re.fullmatch(r"[a-z][\w-]*", e.term) and e.text for e in entries
    )
