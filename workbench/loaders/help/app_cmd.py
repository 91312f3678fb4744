"""App::Cmd (Perl: dzil, cme) help texts, whose options Getopt::Long::Descriptive prints.

App::Cmd's usage line is `%c <command> %o`, which Getopt::Long::Descriptive prints as
`dzil <command> [-?hIVv] [long options...]` on the application and `dzil build [long
options...]` on a command, the option table after the command's description with no heading (one is
given it, `Options:`, so a paragraph of the description that ends in a colon does not hold
it). Its option rows put the long name first and the other spellings
after it, in parentheses or on `aka` lines under the description:

        --verbose (or -v)                log additional output
        --verbose-plugin STR... (or -V)  log additional output from some plugins only
        --commit[=STR] (or -c)           commit change with passed message
        --keep-build-dir                 keep the build directory even after a success
                                             aka --keep

Each row is rewritten in the shape the shared engine reads (`-v, --verbose`, `--keep-build-dir,
--keep`), the `aka` line folded into its row. The application lists its commands right-aligned
on a colon (`  authordeps: list your …`), which the shared listing reads.
"""

from __future__ import annotations

import re

from workbench.loaders.help.generic import Rules

_SPELLING = r"-{1,2}[\w?][\w?-]*"
_OPTION_ROW = re.compile(
    r"^(?P<lead>[ \t]+)(?P<name>--(?:\[no-\])?[\w-]+(?:\[=[A-Z]+\]| [A-Z]+(?:\.\.\.)?)?)"
    rf"(?: \(or (?P<other>{_SPELLING})\))?(?P<gap> {{2,}}|\s*$)(?P<rest>.*)$"
)
_AKA_LINE = re.compile(rf"^\s+aka (?P<names>{_SPELLING}(?:, {_SPELLING})*)\s*$")


def _term(name: str, others: list[str]) -> str:
    """The spellings in the shared shape: short letters first, then the long name (with its
    placeholder), then its other long names."""
    shorts = [o for o in others if not o.startswith("--")]
    longs = [o for o in others if o.startswith("--")]
    return ", ".join([*shorts, name, *longs])


def reshape(text: str) -> str:
    """Getopt::Long::Descriptive's rows in the shape the shared engine reads (above)."""
    lines = text.split("\n")
    result: list[str] = []
    row_at: int | None = None  # the index in `result` of the option row an `aka` line follows
    row_parts: tuple[str, str, list[str], int, str] | None = None
    for line in lines:
        aka = _AKA_LINE.match(line)
        if aka and row_at is not None and row_parts is not None:
            lead, name, others, width, rest = row_parts
            others = [*others, *aka.group("names").split(", ")]
            row_parts = (lead, name, others, width, rest)
            result[row_at] = _row(*row_parts)
            continue
        match = _OPTION_ROW.match(line)
        if match is None:
            if line.strip():
                row_at = row_parts = None
            result.append(line)
            continue
        if row_at is None and _opens_unheaded_block(result) and match.group("lead") == "\t":
            result.append("Options:")
        others = [match.group("other")] if match.group("other") else []
        width = match.start("rest") - len(match.group("lead"))
        row_parts = (match.group("lead"), match.group("name"), others, width, match.group("rest"))
        row_at = len(result)
        result.append(_row(*row_parts))
    return "\n".join(result)


def _opens_unheaded_block(above: list[str]) -> bool:
    """A row after a blank line under prose, not under a heading: App::Cmd prints a command's
    option table after its description with no heading of its own, so a description whose
    last paragraph opens with a sentence ending in a colon would hold the rows."""
    filled = [line for line in above if line.strip()]
    return bool(above) and not above[-1].strip() and bool(filled) and not filled[-1].endswith(":")


def _row(lead: str, name: str, others: list[str], width: int, rest: str) -> str:
    term = _term(name, others)
    if not rest:
        return lead + term
    return lead + term.ljust(max(width, len(term) + 2)) + rest


SIGNS = (
    (r"\A\S+(?: [\w-]+)*(?: <command>)?(?: \[-[^\]\s]+\])? \[long options\.\.\.\]\s*$", 3),
    (rf"^\s+--[\w-]+(?:\[=[A-Z]+\]| [A-Z]+(?:\.\.\.)?)? \(or {_SPELLING}\)\s", 2),
    (rf"^\s+aka {_SPELLING}\s*$", 1),
)
"""The marks Getopt::Long::Descriptive leaves (pattern, weight), for `detect.py`: App::Cmd's
`[long options...]` usage, its `(or -v)` spellings and `aka` lines."""

RULES = Rules(name="app-cmd", prepare=reshape)
