"""plumbum's `cli.Application` help texts (copier and other plumbum programs).

plumbum prints a command's help as a `Usage:` block, `Meta-switches:` (its own `-h, --help`,
`--help-all`, `-v, --version`), `Switches:` and `Sub-commands:`, and types each switch's value
after a colon, the name before it the placeholder:

    Usage:
        copier update [SWITCHES] [destination_path=.]

    Meta-switches:
        -h, --help                          Prints this help message and quits

    Switches:
        -a, --answers-file VALUE:str        Update using this path …
        -c, --context-lines VALUE:int       Lines of context …; the default is 3
        --data-file PATH:ExistingFile       Load data from a YAML file
        -o, --conflict VALUE:{rej, inline}  Behavior on conflict …; the default is inline

What the shared reading needs is the shape it already reads: `NAME:int` (`float`) is an
integer (a number) placeholder, `NAME:{a, b}` the closed list of values plumbum's `Set` checks,
`NAME:ExistingFile` / `ExistingDirectory` / `NonexistentPath` (plumbum's path predicates) a path,
`NAME:str` the plain `NAME`; a type of the program's own (a function) leaves the name alone.
Each rewritten term is padded to its old width, so the description column stays where it was.
In the usage, `[SWITCHES]` is the options slot (as `[OPTIONS]`), `SUBCOMMAND` the command slot,
and `name=default` an optional positional named `name` (plumbum prints `main`'s defaults so).
"""

from __future__ import annotations

import re

from workbench.loaders.help.flags import FlagStyle
from workbench.loaders.help.generic import Rules

_TYPED_VALUE = re.compile(
    r"(?<=[ =])(?P<name>[A-Z][A-Z0-9_]*(?:=[A-Z][A-Z0-9_]*)?):(?P<type>\{[^{}\n]*\}|[A-Za-z_][\w.]*)"
    r"(?=\s{2,}|\s*$)"
)
_PATHS = {"ExistingFile", "ExistingDirectory", "NonexistentPath", "LocalPath", "Path", "path"}
_SIMPLE = {"str": None, "int": "INT", "float": "FLOAT"}


def _untyped(match: re.Match[str]) -> str:
    name, kind = match.group("name"), match.group("type")
    if kind.startswith("{"):
        values = [v.strip() for v in kind[1:-1].split(",") if v.strip()]
        spelled = "{" + ",".join(values) + "}" if values else name
    elif kind in _SIMPLE:
        spelled = _SIMPLE[kind] or name
    elif kind.rsplit(".", 1)[-1] in _PATHS:
        spelled = "PATH"
    else:
        spelled = name  # a converter of the program's own: its type is its own business
    return spelled.ljust(len(match.group(0)))


_USAGE_HEADING = re.compile(r"^Usage:\s*$")
_DEFAULTED = re.compile(r"(?<=[\[ ])([a-z_][\w-]*)=[^\s\]]+(?=[\] ]|$)")


def plain_shapes(text: str) -> str:
    """plumbum's typed placeholders and usage words in the shapes the shared engine reads."""
    lines = text.split("\n")
    in_usage = False
    for index, line in enumerate(lines):
        if _USAGE_HEADING.match(line):
            in_usage = True
            continue
        if in_usage:
            if not line.strip():
                in_usage = False
                continue
            line = line.replace("[SWITCHES]", "[OPTIONS]").replace("SUBCOMMAND", "COMMAND")
            lines[index] = _DEFAULTED.sub(r"\1", line)
            continue
        if line.lstrip().startswith("-"):
            lines[index] = _TYPED_VALUE.sub(_untyped, line)
    return "\n".join(lines)


SIGNS = (
    (r"^Meta-switches:\s*$", 6),
    (r"Prints this help message and quits", 4),
    (r"^\s+\S+(?: [\w-]+)* \[SWITCHES\]", 2),
)
"""The marks plumbum leaves (pattern, weight), for `detect.py`: its `Meta-switches:` heading,
its own help switch's sentence and `[SWITCHES]` in the usage."""

RULES = Rules(
    name="plumbum",
    prepare=plain_shapes,
    lowercase_positionals=True,
    flag_style=FlagStyle(braces_list=True),
)
