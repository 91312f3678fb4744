"""Turning a finished crawl into a `CommandTree`: commands in the order their parents list
them, listed-but-unread commands as leaves (with the arguments and flags their listing shows), cobra's
`Global Flags:` marked with the ancestor that declares them, and every note collected.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.loaders.help.fetch import Fetched
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp
from workbench.loaders.help.synopsis import synopsis_flags
from workbench.loaders.help.usage import read_usage
from workbench.model.tree import Command, CommandTree, Flag, Positional, drop_shared_aliases


@dataclass
class CrawledCommand:
    """One command during a crawl: where it is, how its parent listed it, what its help said."""

    path: list[str]
    """Below the root: `["container", "ls"]`."""
    entry: CommandEntry | None
    ancestors: list[str]
    """Help texts of the ancestors, root first."""
    fetched: Fetched | None = None
    parsed: ParsedHelp | None = None
    children: list[CrawledCommand] = field(default_factory=list)
    note: str | None = None
    unfollowed: list[list[str]] = field(default_factory=list)
    """Pointers to a fuller listing its help gave whose listing could not be read."""
    followed: list[list[str]] = field(default_factory=list)
    """Pointers to a fuller listing its help gave whose listing was read."""
    listed_by: str | None = None
    """Set when only another listing than its parent's help named it (`cobra __complete`): it
    is kept only when its own help reads as this command's (`rejected` otherwise)."""
    rejected: bool = False
    listing_flags: list[Flag] = field(default_factory=list)
    """Flags only another listing showed (kind decided by evidence, or marked a guess)."""
    listing_commands: dict[str, str] = field(default_factory=dict)
    """Subcommands only another listing named: name → that listing."""
    listing_seen: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per listing consulted for this command: (commands, flags) it showed."""
    help_last: bool = False
    """Its help is asked as `CLI path… help`, as the root said (`fetch.says_help_comes_last`)."""
    listing_keys: dict[str, set[str]] = field(default_factory=dict)
    """Per listing: the flag keys it showed for this command (a persistent flag shows on every
    command it reaches; counted once, where the parent's listing lacks it)."""


def build_tree(root: CrawledCommand, root_name: str, cli_version: str | None) -> CommandTree:
    """The command tree of a finished crawl, in listed order, with every note on the tree."""
    notes: list[str] = []
    command = _build_command(root, [root_name], notes, [])
    return CommandTree(root=command, cli_version=cli_version, notes=notes)


def _build_command(
    node: CrawledCommand, path: list[str], notes: list[str], ancestors: list[Command]
) -> Command:
    parsed = node.parsed
    entry = node.entry
    label = " ".join(path)
    if node.note:
        notes.append(f"{label}: {node.note}")
    if parsed is None:  # listed by its parent, help unreadable or not crawled: a leaf as listed
        leaf = Command(
            path=path,
            short_help=entry.summary if entry else "",
            aliases=list(entry.aliases) if entry else [],
            deprecated=bool(entry and entry.deprecated),
            positionals=_listed_positionals(entry),
            flags=synopsis_flags([entry.arguments]) if entry and entry.arguments else [],
        )
        leaf.listed_by = node.listed_by  # a man page's command is never run for help
        for flag in leaf.flags:
            flag.listed_by = node.listed_by  # its synopsis, on that listing: not the help's
        return leaf
    notes.extend(f"{label}: {note}" for note in parsed.notes)
    aliases = list(dict.fromkeys([*(entry.aliases if entry else []), *parsed.aliases]))
    command = Command(
        path=path,
        short_help=(entry.summary if entry and entry.summary else parsed.summary),
        help=parsed.description,
        examples=parsed.examples,
        aliases=[a for a in aliases if a != path[-1]],
        deprecated=parsed.deprecated or bool(entry and entry.deprecated),
        runnable=parsed.runnable,
        flags=[*parsed.flags, *(_inherited(flag, ancestors) for flag in parsed.inherited)],
        positionals=list(parsed.positionals),
    )
    command.listed_by = node.listed_by
    for flag in (
        node.listing_flags
    ):  # a persistent flag an ancestor already holds reaches this command from there
        if not any(f.key == flag.key for owner in (*ancestors, command) for f in owner.flags):
            command.flags.append(flag)
    drop_shared_aliases(command.flags)  # a listing's spelling another flag here already holds
    lineage = [*ancestors, command]
    kept: dict[str, CrawledCommand] = {}  # a child renamed to the command it is an alias of, once
    for child in node.children:
        if not child.rejected:
            kept.setdefault(child.path[-1], child)
        elif child.listed_by is None and child.note:  # listed by this help, refused by the program
            notes.append(f"{label} {child.path[-1]}: {child.note}")
    command.subcommands = [
        _build_command(child, [*path, name], notes, lineage) for name, child in kept.items()
    ]
    return command


def _listed_positionals(entry: CommandEntry | None) -> list[Positional]:
    """The positionals a parent's listing shows after the name (`start UNIT...`)."""
    if entry is None or not entry.arguments:
        return []
    reading = read_usage(f"{entry.name} {entry.arguments}", [entry.name], has_subcommands=False)
    return reading.positionals if reading.understood else []


def _inherited(flag: Flag, ancestors: list[Command]) -> Flag:
    """A `Global Flags:` entry, marked with the ancestor that declares it (else the root)."""
    declaring = next(
        (
            a
            for a in ancestors
            if any(f.key == flag.key and f.inherited_from is None for f in a.flags)
        ),
        ancestors[0] if ancestors else None,
    )
    copy = flag.model_copy()
    copy.inherited_from = declaring.path_str if declaring else None
    return copy
