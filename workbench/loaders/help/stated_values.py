"""Value kinds an options section states in words rather than with a placeholder.

Shared grammar, naming no CLI:

- A group heading saying its options take arguments (`Options that take arguments:`, `Options
  with values:`, `Options requiring an argument:`; Getopt::Long programs print their `=s`
  specs under one) makes every row under it a value option, placeholder or not (`-I
  Library paths to include.`). A heading that says no, optional or without (`Options that
  take no arguments:`) states nothing.
- A description that is nothing but a list of values (`-a, --algorithm   1 (default), 224,
  256, 384, 512`: at least three comma-separated words or numbers, one of them perhaps marked
  `(default)`) names the values the option takes: a value option with those choices (integers
  when every one is a number) and the marked default.
- A section that prints no placeholders (six or more options, at most one showing a value) says
  nothing by a bare row: a row whose description opens by naming what the option is given
  (`Specifies the location …`, `Path to favicon`, `Block tags which …`, `The entry points of …`)
  takes a value, marked as a guess (`Flag.kind_guessed`); any other stays a switch.
- A bare row that would count because it says it repeats, and whose description names what it
  is given (`Path to … file. May be given multiple times.`), is a repeatable value (a guess).
- In a section that prints no placeholders, a bare row showing a default no switch has (`(default
  .)`, `(default localhost)`: not a state, a number or its own name) takes a value.
"""

from __future__ import annotations

import re

from workbench.loaders.help.evidence import default_names_a_value, listed_choices, says_repeatable
from workbench.model.tree import Flag, FlagKind, ValueType

_TAKES_ARGUMENTS = re.compile(
    r"\b(?:that |which )?(?:take|takes|taking|with|require|requires|requiring|need|needs|needing)"
    r" (?:an? |one )?(?:arguments?|values?|parameters?)\b",
    re.IGNORECASE,
)
_SAYS_NOT = re.compile(r"\b(?:no|not|without|optional|optionally)\b", re.IGNORECASE)

_VALUE = r"[\w.+-]+(?: \(default\))?"
_VALUE_LIST = re.compile(rf"^{_VALUE}(?:, {_VALUE}){{2,}}\.?$")
_DEFAULT_MARK = " (default)"


def group_takes_arguments(title: str) -> bool:
    """The group heading says its rows take a value (and does not say no)."""
    return bool(_TAKES_ARGUMENTS.search(title)) and not _SAYS_NOT.search(title)


def takes_a_value(flag: Flag) -> None:
    """A row read as a switch becomes a value option (its group says so)."""
    if flag.kind is FlagKind.BOOLEAN:
        flag.kind, flag.value_type, flag.default = FlagKind.VALUE, ValueType.STRING, None


def listed_values(flag: Flag) -> None:
    """A switch whose whole description lists values takes one of them."""
    text = flag.help.strip()
    if flag.kind is not FlagKind.BOOLEAN or not _VALUE_LIST.match(text):
        return
    values = [v.strip() for v in text.rstrip(".").split(",")]
    default = next((v[: -len(_DEFAULT_MARK)] for v in values if v.endswith(_DEFAULT_MARK)), None)
    choices = [v.removesuffix(_DEFAULT_MARK) for v in values]
    if not any(c[:1].isalnum() for c in choices) or len(set(choices)) != len(choices):
        return
    numbers = all(re.fullmatch(r"\d+", c) for c in choices)
    flag.kind = FlagKind.VALUE
    flag.value_type = ValueType.INTEGER if numbers else ValueType.CHOICE
    flag.choices = choices
    flag.default = (int(default) if numbers else default) if default is not None else None


_NAMES_THE_VALUE = re.compile(
    r"^(?:"
    # `Specify the location …`, `Defines links …`, `Determines how …`, `Specified an alternate path`
    r"(?:Specif(?:y|ies|ied)|Defines?|Determines?|Selects?) (?!whether\b|that\b|if\b)"
    r"(?:the|custom|what|which|how|one or more|languages|links|patterns)\b"  # not `Specify a … pattern to use`
    # `Sets the language …`, `Set the maximum depth …` (not `Sets the "lfs" smudge filters`,
    # `Set the verbose level of output`: a switch)
    r"|Sets? the (?:[\w-]+ ){0,2}(?:name|language|text|title|link|depth|width|size|path|location"
    r"|number|URL|port|timeout|maximum|minimum)\b"
    # `Use the specified remote …`, `Use only this mirror base URL …`
    r"|Use (?:only )?(?:this|the specified|specified|the given) (?!option\b|flag\b|switch\b)[\w-]+"
    # `Path to favicon`, `Optional path to …`, `Width at which to wrap`, `Number of days …`
    r"|(?:(?:Optional|Custom|Alternate|Alternative) )?(?:path|location|URL|URI|port|name|width|depth|number"
    r"|list) (?:to|of|for|at|which|where|in)\b"
    r"|(?:Custom|Alternate|Alternative) [\w-]+"  # `Custom footer after the TypeDoc link`
    # `The entry points of …`, `The strategy to be used …`, `A list of types …`
    r"|(?:The|A|An) (?:[\w-]+ ){0,2}[\w-]+ (?:of|to be|to use|which|that (?:should|will|must))\b"
    # `Block tags which …`, `Documents which should be added …`, `Branches of the tree …`
    r"|(?:tags|links|patterns|documents|branches|languages|paths|names|kinds|categories|plugins) (?:which|that|whose|of)\b"
    r"|[A-Z][\w-]* (?:tags|links|patterns|documents|branches|languages|paths|names|kinds|categories|plugins)"
    r" (?:which|that|whose)\b"  # not `Print names of files that …`
    r")",
    re.IGNORECASE,
)
"""A description whose first words name what the option is given rather than what it does."""
_STATUS_MARK = re.compile(r"^(?:[A-Z]{4,}:\s+)+")
"""`EXPERIMENTAL: Specifies …`, `DEPRECATED: Determines …`: a status ahead of the sentence."""


def described_kind(description: str) -> str:
    """`value` when the description opens by naming the thing the option is given (`Specify the
    location …`, `Path to favicon …`, `Block tags which …`), else `boolean`."""
    sentence = _STATUS_MARK.sub("", description.strip())
    return "value" if _NAMES_THE_VALUE.match(sentence) else "boolean"


def repeated_named_value(flag: Flag) -> None:
    """A bare row read as a count only because its description says it repeats (`-i,
    --identity  Path to runtime SSH identity (key) file. May be given multiple times.`: a help
    that prints no placeholder for an option collecting a list) whose description opens by
    naming what the option is given is a repeatable value, marked as a guess: what a count
    counts is never a path or a name (`Increase verbosity; may be given multiple times`)."""
    if flag.kind is not FlagKind.COUNT or flag.metavar or flag.negatable:
        return
    if not says_repeatable(flag.help) or described_kind(flag.help) != "value":
        return
    flag.kind, flag.value_type, flag.default = FlagKind.VALUE, ValueType.STRING, None
    flag.repeatable = flag.kind_guessed = True


BARE_SECTION_ROWS = 6
"""A section of at least this many options, at most one of which shows a value, prints no
placeholders: its bare rows say nothing of their kind by showing none."""


def bare_rows_named_values(flags: list[Flag]) -> None:
    """In a section that prints (almost) no placeholders (TypeDoc's ` --basePath   Specifies a
    path which links may be resolved relative to.`, vercel's arg: `-c, --config   Specify custom
    path to serve.json`), a bare row whose description names what it is given takes a value:
    a guess (`Flag.kind_guessed`), which lint reports with its fix. Any other bare row stays a
    switch."""
    own = [f for f in flags if f.name not in ("help", "version")]
    if len(own) < BARE_SECTION_ROWS or sum(f.kind is FlagKind.VALUE for f in own) > 1:
        return
    for flag in own:
        if flag.kind is not FlagKind.BOOLEAN or flag.kind_guessed or flag.negatable:
            continue
        if described_kind(flag.help) != "value":
            continue
        flag.kind, flag.value_type, flag.default = FlagKind.VALUE, ValueType.STRING, None
        flag.kind_guessed = True
        if choices := listed_choices(flag.help):  # `Specify what TypeDoc should emit, 'docs', …`
            flag.value_type, flag.choices = ValueType.CHOICE, choices


def bare_rows_shown_defaults(rows: list[tuple[Flag, str | None]]) -> None:
    """In a section that prints no placeholders (at most one of its options shows a value; a
    value `bare_rows_named_values` guessed shows none), a switch whose row shows a default no
    switch has (`-C, --cwd  The current directory to resolve from  (default .)`;
    `default_names_a_value`: one word or a quoted literal, not a state, a number or its own
    name) takes a value, a string given that default. Where a section prints placeholders, a
    bare row is a switch by the section's own convention, and its default is said in words
    (`(default is to cut)`, `[default: safe]`)."""
    flags = [flag for flag, _ in rows if flag.name not in ("help", "version")]
    if sum(flag.kind is FlagKind.VALUE and not flag.kind_guessed for flag in flags) > 1:
        return  # (a value `bare_rows_named_values` guessed shows no placeholder)
    for flag, default in rows:
        if flag.kind is not FlagKind.BOOLEAN or flag.negatable or flag.kind_guessed:
            continue
        if not default_names_a_value(default, flag.name):
            continue
        flag.kind, flag.value_type = FlagKind.VALUE, ValueType.STRING
        flag.default = (default or "").strip().strip("'\"`").strip()
