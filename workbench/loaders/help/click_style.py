"""click and typer help texts, for click CLIs we can only run (another environment, or
`python -m` with `--command`). In-process click loading is exact and lives elsewhere.

`Usage: x [OPTIONS] COMMAND [ARGS]...` (a required subcommand: group only), positionals from
the usage (`SERVICE [TAGS]...`), `Commands:`, `Options:` with upper-case type metavars
(`TEXT`, `INTEGER`, `INTEGER RANGE`, `FLOAT`, `PATH`, `FILE`, `[json|yaml]` choices),
`--shout / --no-shout` (negatable), and `[default: x; required; env var: X]` annotations.
typer's rich boxes (`╭─ Options ─╮`) are unboxed before reading.
"""

from __future__ import annotations

from workbench.loaders.help.generic import Rules
from workbench.loaders.help.generic import parse as _parse
from workbench.loaders.help.parsed import ParsedHelp

RULES = Rules(name="click")


def parse(text: str, path: list[str]) -> ParsedHelp:
    """Read one click help text of the command at `path`."""
    return _parse(text, path, RULES)
