"""Help texts that state each option's type, values and default on lines of their own, under
its description (the TypeScript compiler's `tsc --help --all`):

    --target, -t
    Set the JavaScript language version for emitted JavaScript.
    one of: es6/es2015, es2016, es2017, esnext
    default: es2025

`type: boolean` / `type: string` / `type: number`, `one of: a, b` (a choice), `one or more: a, b`
(a list of choices) and `default: x` are read and taken out of the help. Such a text types its
switches (`type: boolean`), so in a section where entries carry type lines an entry without
one takes a value (tsc's `--project, -p` prints none).
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import Entry
from workbench.loaders.help.flags import DescribedValue, FlagStyle
from workbench.loaders.help.generic import Rules
from workbench.model.tree import Flag, FlagKind, ValueType

_TAIL = re.compile(
    r"(?:^|(?<=[.)\w])\s)(?:type: (?P<type>boolean|string|number)|one of: (?P<one>[\w./-]+(?:, [\w./-]+)+)"
    r"|one or more: (?P<more>[\w./-]+(?:, [\w./-]+)+))(?:\s+default: (?P<default>.+?))?\s*$"
)
"""The lines under a description: `type: boolean`, `one of: es5, es6`, then `default: x`."""
_TYPE_LINE = re.compile(r"(?:^|(?<=[.)\w])\s)type: (?:boolean|string|number)(?:\s+default: \S.*)?$")

SIGNS = (
    (r"^type: (boolean|string|number)\s*$", 3),
    (r"^one (of|or more): [\w./-]+, ", 2),
    (r"^default: \S", 1),
)
"""The marks the layout leaves (pattern, weight), for `detect.py`."""


def described_value(text: str) -> tuple[str, DescribedValue] | None:
    """The description without its type, values and default lines, and what they say."""
    tail = _TAIL.search(text)
    if tail is None:
        return None
    described = DescribedValue(kind=tail.group("type"))
    if listed := tail.group("one") or tail.group("more"):
        described.choices = [c.strip() for c in listed.split(",") if c.strip()]
        described.kind = "array" if tail.group("more") else None
    if (
        (default := tail.group("default"))
        and default != "undefined"
        and re.fullmatch(r"[\w./-]+", default)
    ):
        described.default = default
    return text[: tail.start()].rstrip(), described


def untyped_entries_take_values(read: list[tuple[Entry, Flag]]) -> None:
    """In a section whose entries state `type: boolean` for their switches, an entry without a
    type line takes a value."""
    if not any(_TYPE_LINE.search(entry.text) for entry, _ in read):
        return
    for entry, flag in read:
        if (
            not _TAIL.search(entry.text)
            and flag.kind is FlagKind.BOOLEAN
            and not entry.term.endswith(":")
        ):
            flag.kind, flag.value_type, flag.default = FlagKind.VALUE, ValueType.STRING, None


RULES = Rules(
    name="typed-lines",
    flag_style=FlagStyle(description_tail=described_value),
    section_rule=untyped_entries_take_values,
)
