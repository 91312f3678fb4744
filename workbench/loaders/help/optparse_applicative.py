"""optparse-applicative (Haskell: build tools, formatters and file managers on that library) help
texts:

    Usage: tool add [PATH ...] [--batch] [-j|--jobs N] [--check | --no-check] COMMAND
      Add files

    Available options:
      --batch                  enable batch mode
      -j,--jobs N              how many at once
      --no-check               do not check ignore files
      -h,--help                Show this help text

    Available commands:
      file                     Add one file

The shared reading takes the sections (`-j,--jobs N` with no space after the comma included).
What this style adds rests on how the library prints a parser: the usage line spells every
option that is not hidden, while the options list shows only the options given a help string.
So an option the usage names and the list lacks is an option of the command, taken from the
usage (its value as the usage shows it, `[--regress RESP:PRED..]`), and a pair of alternatives
`[--x | --no-x]` is one switch with its off form, whichever half the list describes (the
library's way of writing a switch that defaults to on lists only `--no-x`).
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import ParsedHelp
from workbench.loaders.help.synopsis import synopsis_flags
from workbench.model.tree import FlagKind

SIGNS = (
    (r"^Available options:\s*$", 2),
    (r"^\s+(-h,)?--help\s{2,}Show this help text\s*$", 2),
)
"""The marks optparse-applicative leaves (pattern, weight), for `detect.py`."""

_PASSED_ON = re.compile(r"\[-- [^\]]*\]|\((?:e\.g\.|i\.e\.|for example)[^)]*\)")
"""`[-- ARGUMENT(S) (e.g. tool run -- X.hs -o x)]`: words for another program, and an example."""

_ALTERNATIVES = re.compile(r"--([\w][\w-]*) \| --no-\1(?![\w-])|--no-([\w][\w-]*) \| --\2(?![\w-])")


def options_from_usage(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """The options only the usage spells (above), and `[--x | --no-x]` as one switch."""
    if not doc.usage or not parsed.flags:
        return  # no options list: the shared synopsis reading already took the usage's options
    usage = " ".join(doc.usage)
    by_name = {flag.name: flag for flag in parsed.flags if flag.name}
    for match in _ALTERNATIVES.finditer(usage):
        name = match.group(1) or match.group(2)
        on, off = by_name.get(name), by_name.get(f"no-{name}")
        if on is not None and on.kind is FlagKind.BOOLEAN:
            on.negatable = True
            on.default = None  # the parser's default is not printed: given or not, it decides
            if off is not None:
                parsed.flags.remove(off)
                del by_name[f"no-{name}"]
        elif off is not None and off.kind is FlagKind.BOOLEAN:
            # only the off form is described: the switch is named for its on form, and its
            # description says what turning it off does
            off.name = name
            off.negatable = True
            off.default = None
            off.help = f"--no-{name}: {off.help}" if off.help else ""
            by_name[name] = by_name.pop(f"no-{name}")
    held = parsed.shown_flags()
    own = [_PASSED_ON.sub(" ", form) for form in doc.usage]
    for flag in synopsis_flags(own):
        if flag.key in ("h", "help") or held(flag.name, flag.short):
            continue
        if flag.kind is FlagKind.BOOLEAN:
            flag.default = False
        parsed.flags.append(flag)


RULES = Rules(name="optparse-applicative", finish=[options_from_usage])
