"""Help texts that state each option's type, values and default on lines of their own, under
its description (the TypeScript compiler's `tsc --help --all`):

    --target, -t
    Set the JavaScript language version for emitted JavaScript.
    one of: es6/es2015, es2016, es2017, esnext
    default: es2025

`type: boolean` / `type: string` / `type: number`, `one of: a, b` (a choice), `one or more: a, b`
(a list of choices; `es6/es2015` in a list is two spellings of one value) and `default: x` are read and taken out of the help. Such a text types its
switches (`type: boolean`), so in a section where entries carry type lines an entry without
one takes a value (tsc's `--project, -p` prints none).

The full listing titles its groups with a Markdown mark (`### Command-line Options`): each is a
section of its own, so a group whose entries print no type line (the command-line options,
switches among them) keeps its switches; a values line listing nothing (`one or more: ` under
`--plugins`) says only that the option takes values, and is no heading.

An untyped entry the page's own examples show with a value takes one: `  tsc -p
./path/to/tsconfig.json`, an example line of the program, one option and one word, over the
`--project, -p` entry with no type line. An entry typed `type: boolean` stays a switch whatever
an example shows.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import Entry, HelpDocument
from workbench.loaders.help.flags import DescribedValue, FlagStyle
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import ParsedHelp
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


_MARKED_HEADING = re.compile(r"^#{1,6} +(\S.*?)\s*$", re.MULTILINE)
_EMPTY_VALUES_LINE = re.compile(r"^one or more:[ \t]*$", re.MULTILINE)


def marked_headings(text: str) -> str:
    """`### Modules` as the heading `Modules:`; an empty `one or more: ` line as `type: string`
    (the option takes values, none listed)."""
    text = _MARKED_HEADING.sub(lambda m: f"{m.group(1).rstrip(':')}:", text)
    return _EMPTY_VALUES_LINE.sub("type: string", text)


def described_value(text: str) -> tuple[str, DescribedValue] | None:
    """The description without its type, values and default lines, and what they say."""
    tail = _TAIL.search(text)
    if tail is None:
        return None
    described = DescribedValue(kind=tail.group("type"))
    if listed := tail.group("one") or tail.group("more"):
        # `es6/es2015`: two spellings of one value, each accepted
        described.choices = [
            spelling for c in listed.split(",") for spelling in c.strip().split("/") if spelling
        ]
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


_OPTION_WITH_WORD = re.compile(r"^\s+(\S+) (-{1,2}[\w-]+) ([^\s-]\S*)\s*$")
"""An example line: the program, one option, one word (`  tsc -p ./path/to/tsconfig.json`)."""


def examples_give_values(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """Untyped switches the page's example lines show followed by a value take one."""
    typed_switches: set[str] = set()
    shown_with_value: set[str] = set()
    for section in doc.sections:
        term = ""
        for line in section.lines:
            if line.startswith("-"):
                term = line
            elif term and re.match(r"type: boolean\b", line.strip()):
                typed_switches.update(re.findall(r"-{1,2}[\w-]+", term))
            if (example := _OPTION_WITH_WORD.match(line)) and example.group(1) == path[0]:
                shown_with_value.add(example.group(2))
    for flag in parsed.flags:
        spellings = {f"--{flag.name}" if flag.name else "", f"-{flag.short}" if flag.short else ""}
        if (
            flag.kind is FlagKind.BOOLEAN
            and spellings & shown_with_value
            and not spellings & typed_switches
        ):
            flag.kind, flag.value_type, flag.default = FlagKind.VALUE, ValueType.STRING, None


RULES = Rules(
    name="typed-lines",
    flag_style=FlagStyle(description_tail=described_value),
    section_rule=untyped_entries_take_values,
    prepare=marked_headings,
    finish=[examples_give_values],
)
