"""cobra (Go: kubectl, docker, gh, hugo, rclone, restic) help texts.

`Usage:` on its own line, `Aliases:`, `Available Commands:` and grouped command sections
(`Management Commands:`, `Basic Commands (Beginner):`), `Flags:`/`Options:`, `Global Flags:`
(persistent flags of an ancestor, kept as inherited), `-f, --file string` where the word after
the flag is pflag's type (`string`, `int`, `duration`, `[]string`, `stringArray`; a word we
cannot map stays `unknown`), `(default "x")`, and kubectl's `-o, --output='':` form whose
default shows the type. cobra prints `X [command]` for a group although a subcommand is
required; a group is runnable only when it also prints a usage line of its own.

cobra pads command names to the longest one (at least 11 characters) and then prints one
space: the longest name of 12 or more characters is followed by a single space
(`genautocomplete Output completion script`), which the two-column reading would not split.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.flags import FlagStyle
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import ParsedHelp
from workbench.model.tree import Flag, FlagKind, ValueType

_ROW = re.compile(r"^(?P<indent> +)(?P<name>[A-Za-z0-9][\w.:-]*:?)(?P<gap> +)(?P<summary>\S.*)$")
_MIN_NAME_PADDING = 11
"""cobra's `minNamePadding`: names are padded to at least this width."""


def split_padded_names(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """Give a command row whose name fills cobra's padding (one space before its summary) the
    two spaces every other row has, when its summary starts in the section's summary column."""
    for section in doc.sections:
        if not RULES.is_commands(section):
            continue
        rows = [(i, m) for i, line in enumerate(section.lines) if (m := _ROW.match(line))]
        if not rows:
            continue
        indent = min(len(m.group("indent")) for _, m in rows)
        rows = [(i, m) for i, m in rows if len(m.group("indent")) == indent]
        columns = {m.start("summary") for _, m in rows if len(m.group("gap")) >= 2}
        if len(columns) > 1:
            continue  # not one padded table: leave the rows to the generic reading
        for index, match in rows:
            name = match.group("name")
            if len(match.group("gap")) != 1 or len(name.rstrip(":")) < _MIN_NAME_PADDING:
                continue
            if columns and match.start("summary") not in columns:
                continue  # a wrapped line or prose, not a padded row
            section.lines[index] = f"{match.group('indent')}{name}  {match.group('summary')}"


_COBRA_TITLES = re.compile(
    r"^(usage|aliases|examples?|flags|options|global flags|global options|inherited flags|available commands"
    r"|additional help topics|[\w ()-]*commands(\s*\([\w ]+\))?)$"
)
"""The section titles cobra's templates print (kubectl prints `Examples:` and `Options:` above its usage)."""


def long_description_is_prose(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """cobra prints the command's long description above `Usage:`, as the author wrote it:
    markdown with `### VFS - Virtual File System`, sentences ending in `for example:`, example
    lines (`-a value -a value2`) and example output (`-1 2016-10-17 17:41:53`). Above the usage,
    only sections with a title cobra's templates print are sections; the rest is description."""
    if not doc.usage:
        return  # not a command's help page (`kubectl options` lists flags and nothing else)
    kept = []
    prose = []
    for section in doc.sections:
        if section.before_usage and (section.untitled or not _COBRA_TITLES.match(section.key)):
            prose.append(
                section.body() if section.untitled else f"{section.title}:\n{section.body()}"
            )
            continue
        kept.append(section)
    doc.sections = kept
    if prose:
        parsed.description = "\n\n".join([parsed.description, *prose]).strip()


def literal_default(flag: Flag, literal: str) -> None:
    """kubectl's `--name=default:` entries (`--replicas=0:`, `--selector='':`, `--all=false:`,
    `--filename=[]:`): the default's shape says the kind and type."""
    literal = literal.strip()
    flag.type_name = None
    if literal in ("true", "false"):
        flag.kind = FlagKind.BOOLEAN
        flag.default = literal == "true"
        return
    flag.kind = FlagKind.VALUE
    if literal.startswith("[") and literal.endswith("]"):
        flag.repeatable = True
        items = [i.strip() for i in literal[1:-1].split(",") if i.strip()]
        if items:
            flag.default = items
    elif re.fullmatch(r"-?\d+", literal):
        flag.value_type = ValueType.INTEGER
        flag.default = int(literal)
    elif re.fullmatch(r"-?\d+\.\d+", literal):
        flag.value_type = ValueType.NUMBER
        flag.default = float(literal)
    else:
        unquoted = (
            literal[1:-1] if len(literal) >= 2 and literal[0] == literal[-1] == "'" else literal
        )
        if unquoted:
            flag.default = unquoted


SIGNS = (
    (r"^Available Commands:", 3),
    (r"^Global Flags:", 3),
    (r"^Flags:\s*$", 2),
    (r"^Aliases:\s*$", 2),
    (r'^Use "[^"]+ --help" for more information', 3),
    (r"^Run '[^']+ COMMAND --help' for more information", 3),
    (r"^\s+(-\w, )?--[\w-]+=[^\s:]*:\s*$", 3),
    (
        r"^\s+(-\w, )?--[\w-]+ (string|int|duration|strings|stringArray|stringSlice|uint|float64|list)\s{2,}",
        2,
    ),
    (r"^Usage:\s*\n\s+\S", 1),
)
"""The marks cobra's templates leave (pattern, weight), for `detect.py`."""

RULES = Rules(
    name="cobra",
    flag_style=FlagStyle(type_words=True, literal_default=literal_default),
    bracketed_command_required=True,
)
RULES.hooks.extend([long_description_is_prose, split_padded_names])
