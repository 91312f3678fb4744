"""click and typer help texts, for click CLIs we can only run (another environment, or
`python -m` with `--command`). In-process click loading is exact and lives elsewhere.

`Usage: x [OPTIONS] COMMAND [ARGS]...` (a required subcommand: group only), positionals from
the usage (`SERVICE [TAGS]...`), `Commands:`, `Options:` with upper-case type metavars
(`TEXT`, `INTEGER`, `INTEGER RANGE`, `FLOAT`, `PATH`, `FILE`, `[json|yaml]` choices),
`--shout / --no-shout` (negatable), and `[default: x; required; env var: X]` annotations.
typer's rich boxes (`╭─ Options ─╮`) are unboxed before reading. A command listed with a
trailing `*` (`build*`) is the group's default command (click-default-group marks it so):
it is a command like the others, named without the mark. typer's `--install-completion` and
`--show-completion` are left out, as the exact loader leaves them out. rich-click's panels
(`--x/--no-x` after a bare slash, the type of a count shown as `INTEGER RANGE`) read the same.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.flags import FlagStyle
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import ParsedHelp
from workbench.model.tree import FlagKind, ValueType

_DEFAULT_COMMAND_MARK = re.compile(r"^(\s+[A-Za-z0-9][\w.:-]*)\*(?=\s|$)")
"""`  build*  Build a combined news file`: click-default-group's mark on the default command."""


def _unmark_default_command(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """Drop the default-command mark so the row reads as the command it names (the `*`
    becomes a space, so the description column stays where it was)."""
    for section in doc.sections:
        if RULES.is_commands(section):
            section.lines = [_DEFAULT_COMMAND_MARK.sub(r"\1 ", line) for line in section.lines]


_SHELL_SETUP = re.compile(
    r"^(Install|Show) completion for the (current|specified) shell", re.IGNORECASE
)
"""The description typer gives its `--install-completion` / `--show-completion` options."""


def _drop_shell_setup(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """typer's completion installers are shell set-up machinery, like `--help`: the exact click
    loader leaves them out, and so does the help reading (known by typer's own wording)."""
    parsed.flags = [
        f
        for f in parsed.flags
        if not (f.name and f.name.endswith("-completion") and _SHELL_SETUP.match(f.help))
    ]


_INTENSIFIES = re.compile(
    r"(?i)\b(?:several|multiple|more than once)\b[^.]*\b(?:for|to get|to increase) (?:even )?"
    r"(?:more|less|increased?|decreased?) (?:verbos|output|detail|logging|debug|noise|quiet)"
)
"""`Can specify several times for more verbosity`: given again, the option says more, it adds
no value."""


def _counts_shown_as_ranges(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """click's `count=True` option is an `IntRange(min=0)`: plain click shows no metavar for it,
    rich-click shows its type, `INTEGER RANGE` (bump-my-version's `-v, --verbose`). Such an
    option whose description says repeating it gives more output is that count, not a value."""
    for flag in parsed.flags:
        if (
            flag.kind is FlagKind.VALUE
            and (flag.type_name or "").upper() == "INTEGER RANGE"
            and _INTENSIFIES.search(flag.help)
        ):
            flag.kind, flag.value_type, flag.repeatable = FlagKind.COUNT, ValueType.INTEGER, False
            flag.metavar = flag.type_name = None
            flag.default = 0 if flag.default is None else flag.default


SIGNS = (
    (r"Show this message and exit\.", 4),
    (r"^Usage: \S.*\[OPTIONS\]", 1),
    (r"\[ARGS\]\.\.\.", 1),
    (
        r"^\s+(-\w, )?--[\w-]+ (TEXT|INTEGER|FLOAT|PATH|FILENAME|BOOLEAN|DIRECTORY|FILE|INTEGER RANGE|FLOAT RANGE)\b",
        2,
    ),
    (r"--[\w-]+ / --no-[\w-]+", 2),
)
"""The marks click and typer leave (pattern, weight), for `detect.py`."""

RULES = Rules(
    name="click",
    flag_style=FlagStyle(unchecked_text=True),
    usage_always_says_options=True,  # `Usage: tool run [OPTIONS] ARGS...` for every command
    hooks=[_unmark_default_command],
    finish=[_drop_shell_setup, _counts_shown_as_ranges],
)
