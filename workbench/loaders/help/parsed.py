"""What a style parser reads from one help text, before the crawler turns it into a `Command`."""

from __future__ import annotations

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

    @property
    def summary(self) -> str:
        """The description's first line, as a one-line summary."""
        first = self.description.strip().split("\n\n")[0]
        return " ".join(first.split())
