"""Lua argparse (luacheck, luarocks) help texts.

argparse for Lua prints `Usage: prog [-h] …`, `Arguments:`, `Options:` and `Commands:`
sections, its help switch as `-h, --help  Show this help message and exit.` (a capital and a
full stop, where Python's argparse writes neither). An option whose spellings with their
placeholders do not fit its label column is printed one spelling a line, each but the last
ending in a comma, right-aligned on one column, the description beside the first line that
leaves room for it:

       -j <jobs>,        Check <jobs> files in parallel (default: 1).
   --jobs <jobs>         Warning: LuaLanes not found, parallel checking
                         disabled.

Those lines are joined into one row (`-j <jobs>, --jobs <jobs>  Check …`) for the shared
engine, which would read the second line alone and the first as a stray row.
"""

from __future__ import annotations

import re

from workbench.loaders.help.generic import Rules

_LABEL = re.compile(r"^(?P<lead> +)(?P<term>-\S(?:.*?\S)?)(?: {2,}(?P<text>\S.*))?$")


def join_stacked_spellings(text: str) -> str:
    """One row for each option printed one spelling a line (above)."""
    lines = text.split("\n")
    result: list[str] = []
    index = 0
    while index < len(lines):
        first = _LABEL.match(lines[index])
        if first is None or not first.group("term").endswith(","):
            result.append(lines[index])
            index += 1
            continue
        end = first.end("term") - 1  # the comma: the spellings end one column before it
        terms, texts = [first.group("term")], [first.group("text") or ""]
        lead = len(first.group("lead"))
        following = index + 1
        while following < len(lines):
            label = _LABEL.match(lines[following])
            if label is None or label.end("term") - label.group("term").endswith(",") != end:
                break
            terms.append(label.group("term"))
            texts.append(label.group("text") or "")
            lead = min(lead, len(label.group("lead")))
            following += 1
            if not terms[-1].endswith(","):
                break
        if len(terms) < 2 or terms[-1].endswith(","):
            result.append(lines[index])
            index += 1
            continue
        term = " ".join(terms)
        description = " ".join(t for t in texts if t)
        result.append(" " * lead + (f"{term}  {description}" if description else term))
        index = following
    return "\n".join(result)


SIGNS = (
    (r"^\s+-h, --help\s+Show this help message and exit\.\s*$", 4),
    (r"^Usage: \S+(?: [\w-]+)* \[-h\]", 1),
)
"""The marks Lua argparse leaves (pattern, weight), for `detect.py`: its help row, and a usage
that opens with `[-h]`."""

RULES = Rules(name="lua-argparse", prepare=join_stacked_spellings)
