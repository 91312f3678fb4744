"""clap (Rust: cargo, ripgrep, uv, ruff) help texts.

`Usage: x [OPTIONS] [COMMAND]`, `Commands:` (with `build, b` aliases or `[aliases: b]`),
`Arguments:` (`<FILE>...` required and variadic, `[PATH]` optional), `Options:` and grouped
option headings (`Package Selection:`), `-f, --file <FILE>` placeholders (`<N>` is an integer,
`<PATH>` a path), `-v, --verbose...` (a count), `--[no-]x` (negatable), and the bracketed
annotations `[default: x]`, `[possible values: a, b]`, `[env: X=]`. clap 2's upper-case
`USAGE:`/`FLAGS:`/`OPTIONS:`/`ARGS:`/`SUBCOMMANDS:` headings read the same way.
"""

from __future__ import annotations

from workbench.loaders.help.generic import Rules
from workbench.loaders.help.generic import parse as _parse
from workbench.loaders.help.parsed import ParsedHelp

RULES = Rules(name="clap")


def parse(text: str, path: list[str]) -> ParsedHelp:
    """Read one clap help text of the command at `path`."""
    return _parse(text, path, RULES)
