"""commander (Node.js: nest, pm2, vue, many `bin` scripts) help texts.

`Usage: nest <command> [options]`, `Options:` with `-p, --pizza-type <type>` (required value)
and `-c, --cheese [type]` (optional value), `(default: "mozzarella")`, and `Commands:` rows
that carry their arguments and aliases (`new|n [options] [name]`, `help [command]`). What the
generic reading misses and this module adds:

- commander 2 indents its whole help by two spaces (`  Usage: pm2 [cmd] app`, `  Commands:`),
  often under an ASCII-art banner: the text is dedented from its usage line on, so the
  banner stays prose and the sections are read as sections.
- A command's own usage names it with its alias (`Usage: nest new|n [options] [name]`): the
  alias is recorded and the usage read with the name alone, so its positionals are kept.
- `--spec` and `--no-spec` listed as two entries are one negatable flag (commander's way of
  declaring a switch that can be turned off).
- A placeholder spelled as alternatives (`-c, --compatibility [ie7|ie8]`, `-x [js|ts]`) is only
  a name: commander checks no value unless the program declares `.choices()`, so the CLI takes
  values the name does not show (clean-css: `*`, `ie9`, `ie10,+properties.zeroUnits`), and a
  closed list would refuse them.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.flags import FlagStyle
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import ParsedHelp

_INDENTED_USAGE = re.compile(r"^( {2,})Usage: \S", re.MULTILINE)


def dedent_from_usage(text: str) -> str:
    """commander 2's help, indented two spaces under a banner, as a flush-left help text."""
    match = _INDENTED_USAGE.search(text)
    if match is None:
        return text
    cut = len(match.group(1))
    head, tail = text[: match.start()], text[match.start() :]
    lines = [line[cut:] if line[:cut].isspace() else line for line in tail.split("\n")]
    return head + "\n".join(lines)


def usage_with_aliases(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """`nest new|n [options] [name]`: `n` is an alias, the usage is `nest new [options] [name]`."""
    if len(path) < 2:
        return
    spelled = re.compile(rf"(?<!\S){re.escape(path[-1])}((?:\|[\w:-]+)+)(?!\S)")
    forms = []
    for form in doc.usage:
        if match := spelled.search(form):
            parsed.aliases.extend(
                a for a in match.group(1).split("|") if a and a not in parsed.aliases
            )
            form = form[: match.start()] + path[-1] + form[match.end() :]
        forms.append(form)
    doc.usage = forms
    parsed.usage = list(forms)


def pair_negations(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """`--spec` listed next to `--no-spec`: one switch with a `--no-` form."""
    by_name = {flag.name: flag for flag in parsed.flags if flag.name}
    paired = set()
    for flag in parsed.flags:
        positive = by_name.get(flag.name[3:]) if flag.name and flag.name.startswith("no-") else None
        if positive is None or positive.kind.value != "boolean" or flag.kind.value != "boolean":
            continue
        positive.negatable = True
        if positive.default is False:
            positive.default = None  # turned on or off explicitly; not given, the CLI decides
        paired.add(flag.name)
    parsed.flags = [flag for flag in parsed.flags if flag.name not in paired]


SIGNS = (
    (r"^\s*-h, --help\s{2,}([Dd]isplay help for command|[Oo]utput usage information)\.?\s*$", 4),
    (r"^\s*help \[command\]\s{2,}display help for command", 2),
    (r"^\s+[\w-]+(\|[\w-]+)+ \[options\]", 1),
    (r"^\s*-[vV], --version\s{2,}output the version number\s*$", 3),
)
"""The marks commander leaves (pattern, weight), for `detect.py`."""

RULES = Rules(
    name="commander",
    prepare=dedent_from_usage,
    flag_style=FlagStyle(placeholder_lists=False, placeholder_types=False),
    hooks=[usage_with_aliases],
    finish=[pair_negations],
)
