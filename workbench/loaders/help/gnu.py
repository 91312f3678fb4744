"""GNU and git style help texts: `Usage: ls [OPTION]... [FILE]...` / `usage: git commit
[<options>] [--] <pathspec>...`, options right under the usage or under lower-case headings
without a colon (`Commit message options`), `-u, --untracked-files[=<mode>]` optional values,
`--color[=WHEN]`, and git's command list: lower-case headings (`start a working area`) over
`   clone     Clone a repository` rows.
"""

from __future__ import annotations

from workbench.loaders.help.generic import Rules, parse as _parse
from workbench.loaders.help.parsed import ParsedHelp

RULES = Rules(name="gnu", commands_by_shape=True)


def parse(text: str, path: list[str]) -> ParsedHelp:
    """Read one GNU/git help text of the command at `path`."""
    return _parse(text, path, RULES)
