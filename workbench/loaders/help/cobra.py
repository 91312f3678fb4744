"""cobra (Go: kubectl, docker, gh, hugo) help texts.

`Usage:` on its own line, `Aliases:`, `Available Commands:` and grouped command sections
(`Management Commands:`, `Basic Commands (Beginner):`), `Flags:`/`Options:`, `Global Flags:`
(persistent flags of an ancestor, kept as inherited), `-f, --file string` where the word after
the flag is pflag's type (`string`, `int`, `duration`, `[]string`, `stringArray`; a word we
cannot map stays `unknown`), `(default "x")`, and kubectl's `-o, --output='':` form whose
default shows the type. cobra prints `X [command]` for a group although a subcommand is
required; a group is runnable only when it also prints a usage line of its own.
"""

from __future__ import annotations

from workbench.loaders.help.flags import FlagStyle
from workbench.loaders.help.generic import Rules, parse as _parse
from workbench.loaders.help.parsed import ParsedHelp

RULES = Rules(name="cobra", flag_style=FlagStyle(type_words=True), bracketed_command_required=True)


def parse(text: str, path: list[str]) -> ParsedHelp:
    """Read one cobra help text of the command at `path`."""
    return _parse(text, path, RULES)
