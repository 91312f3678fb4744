"""The command tree: what a CLI offers, as loaded, before any curation (SPEC §3).

Pure data. Loaders build it, the surface reads it, `mcp.toml` stores it under `[snapshot]`.
It serializes to plain JSON/TOML-safe data (`to_data`) and back (`from_data`) without loss:
TOML has no null, so unset optional fields are simply absent from the data.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator


class FlagKind(StrEnum):
    """How a flag consumes the command line."""

    BOOLEAN = "boolean"  # present or absent, no value
    COUNT = "count"  # may be repeated without a value (-vvv)
    VALUE = "value"  # takes a value


class ValueType(StrEnum):
    """The type of a flag's or positional's value, as far as the loader could tell."""

    STRING = "string"
    INTEGER = "integer"
    NUMBER = "number"
    PATH = "path"
    CHOICE = "choice"
    JSON = "json"
    UNKNOWN = "unknown"  # the help text named a type we cannot map; served as string, linted


class _Node(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


_ALIAS_SPELLING = re.compile(r"--?[^\s=-][^\s=]*")
"""An option as written on a command line: one or two dashes, then a name (`--silent`, `-?`, `-tc`)."""


class Flag(_Node):
    """One option of a command (`--name`, `-n`)."""

    name: str | None = None
    """Long name without dashes (`dry-run`); None for a short-only flag."""
    short: str | None = None
    """Short name without the dash (`n`)."""
    help: str = ""
    kind: FlagKind = FlagKind.VALUE
    value_type: ValueType = ValueType.STRING
    type_name: str | None = None
    """The type word the CLI itself printed or declared (`duration`, `[]string`, `INTEGER RANGE`)."""
    choices: list[str] | None = None
    default: Any = None
    """Default value as JSON-able data; None means no default."""
    required: bool = False
    repeatable: bool = False
    """May be given several times, each with a value (click `multiple`, argparse `append`)."""
    negatable: bool = False
    """Has a `--no-<name>` form."""
    single_dash: bool = False
    """The long name is spelled with one dash (`-name`, `-maxdepth`: find's predicates, Java's
    `-version`, Go's flag package), and the CLI knows no `--name`. Its value is then always the
    next word (`-name PATTERN`), and it has no `--no-` form."""
    aliases: tuple[str, ...] = ()
    """Other spellings the CLI accepts for this same option, each as written on a command line
    (`--silent` beside `-q, --quiet`; `-?` beside `-h`; `--no-act` beside `--dry-run`), in the
    CLI's order (a tuple: most flags have none, and an empty one costs nothing to build); never the name or short letter themselves, nor another flag's spelling
    (checked here: the fields it is compared with come before it). The
    tool always writes the primary spelling (SPEC §8), and its property is named by it."""
    optional_value: bool = False
    """The value may be left out (click `is_flag=False, flag_value=…`): the CLI then reads a
    value starting with `-` as the next option, even after `=`, so such values are refused."""
    nargs: int | Literal["+", "*"] | None = None
    """How many values one occurrence takes: None for one value (the usual case); an int N for
    exactly N (click `nargs=N` and tuple types, argparse `nargs=N`); `+`/`*` for one or more /
    any number (argparse). The values follow the flag as separate words."""
    item_types: list[ValueType] | None = None
    """For a click tuple type (`type=(str, int)`): the type of each of the `nargs` values, in
    order. `value_type` is then their common type (string when they differ)."""
    minimum: int | float | None = None
    """The smallest value the CLI accepts (click `IntRange`/`FloatRange`, typer `min=`); None
    when unbounded. A clamping range (`clamp=True`) accepts anything, so it records no bounds."""
    maximum: int | float | None = None
    """The largest value the CLI accepts; None when unbounded."""
    exclusive_minimum: bool = False
    """`minimum` itself is refused (click `min_open=True`)."""
    exclusive_maximum: bool = False
    """`maximum` itself is refused (click `max_open=True`)."""
    hidden: bool = False
    deprecated: bool = False
    env_var: str | None = None
    metavar: str | None = None
    from_help: bool = False
    """Only the CLI's help text showed this flag (the second witness, SPEC §4): the exact loader's
    objects lacked it, so its kind and type are what the text says."""
    listed_by: str | None = None
    """A help-only load took this flag from another listing the CLI offers, not its help text
    (`cobra __complete`, `man page`): its kind and type are that listing's, or a guess."""
    kind_guessed: bool = False
    """The help text gave no type label, so kind (switch or value) was decided by weaker evidence
    (a placeholder, a default, the description); lint shows it so the user can confirm."""
    type_guessed: bool = False
    """The help text printed no type word for this value, and its number type (integer or
    number) was read from weaker evidence: the placeholder's name (`--limit=NUM`, `SKIP_LINES`),
    the description's wording (`Number of retries`, `in seconds`) or a shown default (`(default:
    4)`). A numeric schema refuses words a parser that converts nothing would take (`10k`), so
    lint shows it (WB415) for the user to confirm or override; declared types (`INTEGER`,
    `int`, `[number]`) and numeric choice lists (`{0,1,2}`) are not guesses."""
    inherited_from: str | None = None
    """Set when the flag comes from elsewhere than the command itself: the space-joined path of
    the ancestor that declares it (click group option, cobra persistent flag) or the name of an
    argparse parent parser. The flag still sits on the command whose parser reads it."""

    @field_validator("aliases")
    @classmethod
    def _aliases_are_other_spellings(
        cls, aliases: tuple[str, ...], info: ValidationInfo
    ) -> tuple[str, ...]:
        if not aliases:
            return aliases  # a field validator, so the many flags without aliases cost nothing
        spelled = _spellings_of(
            info.data.get("name"),
            info.data.get("short"),
            negatable=bool(info.data.get("negatable")),
            single_dash=bool(info.data.get("single_dash")),
        )
        name, short = info.data.get("name"), info.data.get("short")
        flag = (("-" if info.data.get("single_dash") else "--") + name) if name else f"-{short}"
        seen: set[str] = set()
        for alias in aliases:
            if not _ALIAS_SPELLING.fullmatch(alias):
                raise ValueError(
                    f"flag {flag}: alias {alias!r} is not an option spelling; "
                    "write it as the command line does (`--silent`, `-s`)"
                )
            if alias in spelled:
                raise ValueError(
                    f"flag {flag}: alias {alias} is the flag's own spelling; remove it"
                )
            if alias in seen:
                raise ValueError(f"flag {flag}: alias {alias} is listed twice; keep one")
            seen.add(alias)
        return aliases

    @property
    def key(self) -> str:
        """The name users and config refer to this flag by: long name, else the short letter."""
        return self.name or self.short or ""

    def primary_spellings(self) -> set[str]:
        """How the name and short letter are written (`--quiet`, `-q`), with a negatable
        flag's off form (`--no-color`): the spellings an alias may never be."""
        return _spellings_of(
            self.name, self.short, negatable=self.negatable, single_dash=self.single_dash
        )

    @property
    def spellings(self) -> list[str]:
        """Every way the CLI accepts this option being turned on, primary first: the name's
        spelling, the short letter's, then the aliases (`--quiet`, `-q`, `--silent`)."""
        first = [self.spelling] + ([f"-{self.short}"] if self.name and self.short else [])
        return [*first, *self.aliases]

    @property
    def spelling(self) -> str:
        """How the flag is written on a command line (`--name`, `-name` when single-dash, else `-n`)."""
        if self.name:
            return f"-{self.name}" if self.single_dash else f"--{self.name}"
        return f"-{self.short}"


def _spellings_of(
    name: str | None, short: str | None, *, negatable: bool, single_dash: bool
) -> set[str]:
    spelled = set()
    if name:
        spelled.add(f"-{name}" if single_dash else f"--{name}")
        if negatable and not single_dash:
            spelled.add(f"--no-{name}")
    if short:
        spelled.add(f"-{short}")
    return spelled


def shared_aliases(flags: list[Flag]) -> Iterator[tuple[Flag, str, Flag]]:
    """Each alias among `flags` that another of them also spells (as its name, short letter,
    off form or an alias of its own): `(flag, alias, other)`, in order, the later flag named
    as the one holding the alias."""
    owner: dict[str, Flag] = {}
    for flag in flags:
        for spelled in flag.primary_spellings():
            owner.setdefault(spelled, flag)
    for flag in flags:
        for alias in flag.aliases:
            other = owner.get(alias)
            if other is not None and other is not flag:
                yield flag, alias, other
            else:
                owner[alias] = flag


def drop_shared_aliases(flags: list[Flag]) -> list[str]:
    """Remove every alias another flag of the same command also spells (`shared_aliases`):
    the spelling stays with the flag whose name it is, or the first that listed it. Returns
    what was dropped, as `--alias of --flag`, for the loader's note."""
    dropped = []
    for flag, alias, _other in list(shared_aliases(flags)):
        if alias in flag.aliases:
            flag.aliases = tuple(a for a in flag.aliases if a != alias)
            dropped.append(f"{alias} of {flag.spelling}")
    return dropped


class Positional(_Node):
    """One positional argument of a command."""

    name: str
    """The metavar as the CLI shows it (`FILE`, `src`)."""
    help: str = ""
    value_type: ValueType = ValueType.STRING
    type_name: str | None = None
    choices: list[str] | None = None
    default: Any = None
    required: bool = True
    variadic: bool = False
    """Takes several values (`nargs="*"/"+"`, `FILE...`)."""
    minimum: int | float | None = None
    """The smallest value the CLI accepts (as `Flag.minimum`)."""
    maximum: int | float | None = None
    """The largest value the CLI accepts (as `Flag.maximum`)."""
    exclusive_minimum: bool = False
    """`minimum` itself is refused."""
    exclusive_maximum: bool = False
    """`maximum` itself is refused."""


class Command(_Node):
    """One command or group in the tree."""

    path: list[str]
    """Root first: `["deployctl", "secrets", "set"]`."""
    short_help: str = ""
    help: str = ""
    """The long description."""
    examples: str = ""
    aliases: list[str] = Field(default_factory=list)
    hidden: bool = False
    deprecated: bool = False
    runnable: bool = True
    """Has an action of its own, not only subcommands."""
    flags: list[Flag] = Field(default_factory=list)
    positionals: list[Positional] = Field(default_factory=list)
    subcommands: list[Command] = Field(default_factory=list)
    fromfile_prefix_chars: str = ""
    """Characters that make the CLI read a word as a file of more arguments (argparse
    `fromfile_prefix_chars`, e.g. `@`): a value starting with one is refused (SPEC §8)."""
    from_help: bool = False
    """Only the CLI's help text showed this command (SPEC §4 second witness)."""
    listed_by: str | None = None
    """A help-only load took this command from another listing than help (`cobra __complete`)."""
    exclusive_groups: list[list[str]] = Field(default_factory=list)
    """Sets of this command's flags (by key) and positionals (by name) of which at most one may
    be given (argparse mutually exclusive groups)."""

    @field_validator("flags")
    @classmethod
    def _aliases_unshared(cls, flags: list[Flag], info: ValidationInfo) -> list[Flag]:
        if any(flag.aliases for flag in flags):
            for flag, alias, other in shared_aliases(flags):
                where = " ".join(info.data.get("path") or [])
                raise ValueError(
                    f"{where}: alias {alias} of flag {flag.spelling} is also flag "
                    f"{other.spelling}'s spelling; a spelling names one option, remove one"
                )
        return flags

    @property
    def path_str(self) -> str:
        """The space-joined path: how config keys and selectors name this command."""
        return " ".join(self.path)

    @property
    def name(self) -> str:
        return self.path[-1]

    def walk(self) -> Iterator[Command]:
        """This command and every descendant, depth first, in declared order."""
        yield self
        for sub in self.subcommands:
            yield from sub.walk()


class WitnessCount(_Node):
    """What one witness (the exact loader, or the CLI's help text) saw."""

    commands: int = 0
    flags: int = 0


class Disagreement(_Node):
    """One command where the two witnesses differ, with what was done about it."""

    path: str
    """The space-joined command path."""
    missing_in_exact: list[str] = Field(default_factory=list)
    """Subcommands (`cmd name`) and flags (`--name`) help shows that the exact loader lacked."""
    missing_in_help: list[str] = Field(default_factory=list)
    """What the exact loader has that help does not show (hidden from help, usually harmless)."""
    resolution: str = ""
    """One sentence: what the loader did (took them from help, materialized them, kept them)."""


class ListingWitness(_Node):
    """Another listing a help-only load consulted (cobra's completion engine, the man page):
    what it showed, and what the tree holds only because of it."""

    witness: str
    """`cobra __complete`, `man page`."""
    seen: WitnessCount = Field(default_factory=WitnessCount)
    taken: WitnessCount = Field(default_factory=WitnessCount)
    taken_names: list[str] = Field(default_factory=list)
    """What was taken, as `path --flag` / `path (command)`, in tree order."""
    unconfirmed: list[str] = Field(default_factory=list)
    """Names it listed that were not taken: a command whose own help did not read as that
    command's (cobra's engine also offers positional values), a flag it did not describe."""


class Coverage(_Node):
    """The two-witness report of a load (SPEC §4): counts per witness and where they differ."""

    exact: WitnessCount | None = None
    """The exact loader's count; None when only the help crawler ran."""
    help: WitnessCount | None = None
    """The help text's count; None when help could not be read."""
    taken_from_help: WitnessCount = Field(default_factory=WitnessCount)
    """What the final tree holds only because help showed it."""
    disagreements: list[Disagreement] = Field(default_factory=list)
    help_scope: Literal["full", "top"] = "full"
    """How much help was read: every command's (`full`), or only the root's (`top`: it agreed
    with the exact tree, so the rest was not crawled)."""
    short_signs: list[str] = Field(default_factory=list)
    """A help-only load's own signs that it is short (no second witness to compare with):
    option names the text spells that no flag holds, listed commands whose help could not be
    read, pointers to a fuller listing that could not be followed. One sentence each."""
    listings: list[ListingWitness] = Field(default_factory=list)
    """A help-only load's other witnesses (SPEC §4: every listing the CLI offers)."""


class CommandTree(_Node):
    """A loaded CLI: the root command plus what the loader could not parse."""

    root: Command
    cli_version: str | None = None
    notes: list[str] = Field(default_factory=list)
    """What the loader kept as text or could not parse, for the user and for lint."""
    coverage: Coverage | None = None
    """How complete the tree is by each witness (SPEC §4); None when only one witness ran."""

    def walk(self) -> Iterator[Command]:
        return self.root.walk()

    def find(self, path: list[str] | tuple[str, ...] | str) -> Command | None:
        """The command at `path` (a list of segments or the space-joined string), or None."""
        segments = path.split() if isinstance(path, str) else list(path)
        if not segments or segments[0] != self.root.path[0]:
            return None
        node = self.root
        for segment in segments[1:]:
            child = next((c for c in node.subcommands if c.name == segment), None)
            if child is None:
                return None
            node = child
        return node

    def ancestors(self, command: Command) -> list[Command]:
        """The commands above `command`, root first (not including it)."""
        return [self.find(command.path[:depth]) for depth in range(1, len(command.path))]  # type: ignore[misc]

    def to_data(self) -> dict[str, Any]:
        """Plain data for JSON/TOML: no None values, defaults left out."""
        return self.model_dump(mode="json", exclude_defaults=True, exclude_none=True)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CommandTree:
        return cls.model_validate(data)
