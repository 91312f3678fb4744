"""What a style parser reads from one help text, before the crawler turns it into a `Command`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from workbench.model.tree import Flag, Positional


@dataclass
class CommandEntry:
    """A subcommand as its parent lists it (`build, b    Compile the current package`)."""

    name: str
    summary: str = ""
    aliases: list[str] = field(default_factory=list)
    deprecated: bool = False
    arguments: str = ""
    """What the listing shows after the name (`[PATTERN...]`): the positionals, when the
    command's own help cannot be read."""
    below: list[CommandEntry] = field(default_factory=list)
    """The commands a listing of full paths names below this one (a `tool remote tag list` row
    under `remote`, then `tag`): its subcommands when its own help does not list them or
    cannot be read."""
    usage_flags: list[Flag] | None = None
    """The options its listing row shows when that row is the command's whole usage, every
    option in it (`tool add [--json] [-F,--fixed] [--mode #0] ...`): its flags when its own
    help cannot be read, and then nothing is missing. None: the listing shows no whole usage."""


@dataclass
class ParsedHelp:
    """One command's help text, read."""

    style: str
    description: str = ""
    usage: list[str] = field(default_factory=list)
    examples: str = ""
    aliases: list[str] = field(default_factory=list)
    deprecated: bool = False
    runnable: bool = True
    flags: list[Flag] = field(default_factory=list)
    """The command's own flags."""
    inherited: list[Flag] = field(default_factory=list)
    """Flags the text lists as coming from a parent (`Global Flags:`)."""
    positionals: list[Positional] = field(default_factory=list)
    subcommands: list[CommandEntry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    """Option names the text spells in its options sections that no flag holds: signs that
    the reading is short (the crawler reports them, `coverage.short_signs`)."""
    retired: list[str] = field(default_factory=list)
    """Option names the text lists under a heading that says they are retired (`The following
    options are deprecated:`): left out on purpose, so no sign that the reading is short."""

    def shown_flags(self) -> Callable[[str | None, str | None], bool]:
        """A test of whether the text already holds a flag of a long name (its `--no-x` form
        counted) or short name: what another listing of the same command adds only when it does
        not. The spellings are gathered once, for a loop over a listing's flags."""
        held = [*self.flags, *self.inherited]
        names = {f.name for f in held if f.name} | {
            f"no-{f.name}" for f in held if f.name and f.negatable
        }
        shorts = {f.short for f in held if f.short}
        for alias in (a for f in held for a in f.aliases):  # `--silent` of `-q, --quiet, --silent`
            (names if alias.startswith("--") else shorts).add(alias.lstrip("-"))
        return lambda name, short: bool(name and name in names) or bool(short and short in shorts)

    @property
    def summary(self) -> str:
        """The description's first line, as a one-line summary."""
        first = self.description.strip().split("\n\n")[0]
        return " ".join(first.split())
