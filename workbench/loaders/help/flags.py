"""Option entries (`-f, --file string  Read it (default "x")`) into `Flag`s.

Reads every spelling the styles use: `-f, --file string` (a type word), `-f, --file <FILE>...`
and `--[no-]x`, `--count INTEGER RANGE` and `--shout / --no-shout`, `-f FILE, --file FILE` and
`{a,b}`, `--color[=<when>]` (an optional value), `-S|--save`, `-name PATTERN` (a long name
after one dash),
a default printed in the term (`-o, --output='':`, read by the style that prints it), and the
description's annotations:
`(default "x")`, `[default: x]`, `(default: x)`, `(1-5, default 1)`, `[possible values: a, b]`, `[env: X=]`,
`[env var: X]`, `[required]`, `<options: a|b>` and an opening `(required)`, deprecated markers. Nothing is invented: a flag exists only
when its entry names it.

Every spelling a term names is kept: the first long name (else the first short letter) names
the flag, the others are its `aliases` (`-q, --quiet, --silent`; `-h, -?`), with those the
description lists (`[aliases: --jobs]`, `[short aliases: j]`, `'--newer' can be used as an
alias.`). A row that is wholly another option's alias is folded by `alias_rows.py`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from workbench.loaders.help.evidence import (
    counts_by_default,
    enumerated_choices,
    example_integers,
    listed_choices,
    opens_the_list,
    says_repeatable,
    settle_value_type,
    shown_doubled,
)
from workbench.loaders.help.types import (
    Typing,
    choice_list,
    declared_type,
    is_type_phrase,
    numeric_union,
    placeholder,
    range_bounds,
    sole_choice,
    type_word,
)
from workbench.model.tree import Flag, FlagKind, ValueType

_ALTERNATIVE_SPLIT = re.compile(r"\s*,\s*(?=-)|\s*\|\s*(?=-)|\s+/\s+(?=-)|\s+(?=--?[A-Za-z])")
_ALTERNATIVES = re.compile(f"({_ALTERNATIVE_SPLIT.pattern})")
"""The same split, keeping each separator: how two spellings are joined decides whether the
second is an alias (`-q, --quiet, --silent`, `-S|--save`, `-h --help`) or not: a long name one
space after another may be its placeholder (`--iexclude --exclude`)."""
_SLASH = re.compile(r"\s+/\s+(?=-)")
_NAME = re.compile(
    r"^(--?|\+)(\[no-?\])?([A-Za-z0-9?#@][\w?#@]*(?:[.:-][\w?#@]+)*(?:\+(?=[\s,]|$))?"
    r"|\.(?=[\s,]|$))(.*)$"
)
"""One spelling: dashes, a `[no-]` (or Getopt::Long's `[no]`: `--[no]color` is `--color`,
`--nocolor` and `--no-color`) off form, the name, and what follows it. A short may be a dot
(ripgrep's `-., --hidden`) when nothing is attached to it. A name may end in a `+` that
nothing follows (GNU as's `--gstabs+` beside `--gstabs`): it is part of the name. A colon
inside a name is part of it (`-pr:b PROFILE_BUILD, --profile:build PROFILE_BUILD`); one that
ends it is not (`-sL:`)."""
_ATTACHED_OPTIONAL = re.compile(r"\[[^\s\[\]=|,{}]+\]")
"""A short letter's optional value, attached in brackets (`-a[sub-option...]`, `-l[MAX-LINES]`):
getopt reads it only inside the same word (`-l5`), and argv writes a short letter's value as
the next word, which the program would read as an operand: the letter alone is a switch. A
bracketed list (`-U[d|l|i]`) is the closed list of a value, which may be its own word."""
_OPTIONAL_TAIL = re.compile(r"\[:[^\s\[\]]+\]")
"""A value attached after a colon, all of it in brackets (`-V[:configvar]`,
`-ea[:<packagename>...]`): optional, so the name alone is a switch; argv never writes the
attached form."""
_BRACKET = re.compile(r"\[([^\[\]]*)\]")
_POSSIBLE_VALUES = re.compile(
    r"Possible values:\s*((?:- [^\s:]+:?.*?)+)$", re.IGNORECASE | re.DOTALL
)
_PAREN_DEFAULT = re.compile(
    r"\s*\(default:?\s+((?:\"[^\"]*\"|'[^']*'|(?!\.\s+[A-Z])[^()]|\([^()]*\))*)\)\s*\.?\s*$",
    re.IGNORECASE,
)
"""`(default: x)` ending the text, not spanning sentences (`(default is "auto"). It can be …)` is prose)."""
_RANGE_AND_DEFAULT = re.compile(
    r"\s*\((-?\d+(?:\.\d+)?\s*[-–]\s*-?\d+(?:\.\d+)?),\s+default:?\s+([^\s(),]+)\)\s*\.?\s*$",
    re.IGNORECASE,
)
"""`Level of tests to perform (1-5, default 1)`: the values' range and the default in one
parenthesis ending the text; the range stays in the description."""
_DEPRECATED = re.compile(
    r"^\s*\(?deprecated\b[:)]?|\((?:deprecated|DEPRECATED)\b[^)]*\)|\[deprecated\b[^\]]*\]",
    re.IGNORECASE,
)
_OPTIONS_LIST = re.compile(r"\s*<options: ([^<>\s|]+(?:\|[^<>\s|]+)+)>\s*$")
"""`<options: CommonJS|ESM>` ending a description (on a line of its own): the closed list of values."""
_REQUIRED_OPENING = re.compile(r"^\(required\)\s*")
"""`(required) [default: .] Path to …` opening a description: the option must be given."""
_DEFAULTS_TO = re.compile(r"(?:^|(?<=\.)\s+)Defaults to ([\w.-]+?)\.?\s*$")
"""A closing sentence `Defaults to always.`"""


_ENV_DOLLAR = re.compile(r"\s*\[\$([A-Z_][A-Z0-9_]*)(?:,\s*\$[A-Z_][A-Z0-9_]*)*\]\s*$")


_BARE_SPELLING = re.compile(r"-{0,2}[A-Za-z0-9?][\w?-]*")
"""One spelling in an `[aliases: …]` list, with or without its dashes."""
_QUOTED_SPELLING = re.compile(r"['\"`]?(--?[A-Za-z0-9][\w-]*)['\"`]?")
_USABLE_AS_ALIAS = re.compile(
    r"(?:^|(?<=[.:]\s))((?:['\"`]?--?[A-Za-z0-9][\w-]*['\"`]?(?:,\s*(?:or\s+)?|\s+or\s+)?)+)"
    r"\s+can\s+(?:also\s+)?be\s+used\s+as\s+(?:an?\s+)?alias(?:es)?\b",
    re.IGNORECASE,
)
"""A sentence of the description naming the option's other spellings: `'--has-results' can be
used as an alias.`, `'--newer', or '--changed-after' can be used as aliases.` (aliases the
help lists in no row). Only a sentence that is nothing but spellings before `can be used as`."""

_ALIAS_FOR = re.compile(
    r"(?:^|[.:;]\s+|\band\s+)['\"`]?(--?[A-Za-z0-9][\w-]*)['\"`]?\s+is\s+an\s+alias\s+"
    r"(?:for|of)\s+(?:(this\s+option)|['\"`]?(--?[A-Za-z0-9][\w-]*)['\"`]?)(?=\s*[.;,]?(?:\s|$))",
    re.IGNORECASE,
)
"""A sentence naming another spelling of this very option: `--no-eprt is an alias for
--disable-eprt.` (a page, under `--disable-eprt`), `--no-heading is an alias for this
option.`. The spelling named after `for` must be one of the row's own (or `this option`):
`--pcre2-unicode is an alias for --unicode` under another row names no spelling of it, and
`This is an alias for '--hidden --no-ignore'` is a shorthand for several options, no alias."""

_PLACEHOLDER_SEGMENTS = re.compile(r"(?:^|-)[A-Z][A-Z_]{2,}(?:-|$)")
"""An all-capitals part of a long name (`OPTION`, `GTYPE`): a placeholder for a family of names."""


@dataclass
class FlagStyle:
    """How a style prints the value part of an option."""

    type_words: bool = False
    """The word after the flag is a type (`string`, `duration`) rather than a name."""
    literal_default: Callable[[Flag, str], None] | None = None
    """For a style that prints the default in the term (`--replicas=0:` over its
    description): sets the flag's kind, type and default from that literal."""
    unlabelled: Callable[[str, str | None, bool], tuple[str, bool]] | None = None
    """For a style whose options may carry no type label at all: given the description,
    the stated default and whether it is required, the kind word (`boolean`, `string`,
    `number`) and whether that is a guess. None: an option showing no value is a switch."""
    kind_labels: bool = False
    """The style labels an option's kind in brackets: `[boolean]`, `[number]`, `[string]`,
    `[array]`, `[count]`."""
    description_tail: Callable[[str], tuple[str, DescribedValue] | None] | None = None
    """For a style that states an option's type, values and default in lines of their own under
    its description: the text without those lines and what they say, or None."""
    placeholder_lists: bool = True
    """A placeholder spelled as alternatives (`[a|b]`, `<a|b>`, `{a,b}`) is the closed list of
    values the parser checks. False for a style whose parser checks no such list: there
    `[ie7|ie8]` is only the placeholder's name, and the CLI takes values it does not show."""
    closed_lists: tuple[re.Pattern[str], ...] = ()
    placeholder_types: bool = True
    """A placeholder's name types the value (`<number>` a number, `[count]` an integer). False
    for a style whose parser hands the program the word as typed unless a converter the help
    never shows is attached: a numeric schema there would refuse words the program takes
    (`-i --instances <number>` given `-i max`)."""
    """The style's own wordings of a closed list of values in a description (made by
    `evidence.prose_choices`), read by `evidence.listed_choices` beside the plain ones."""
    braces_list: bool = False
    """The style prints a value in braces only as its parser's list of choices (`{a,b}`; a
    custom placeholder is printed without them), so one name in braces
    (`--type {local-recipes-index}`) is the one value the parser takes, not a placeholder."""
    unchecked_text: bool = False
    """The style's string type word (`TEXT`) is a declared plain string, which its
    parser checks against nothing: values the description lists (`Filter by source: 'stdout',
    'stderr', or 'system'`) are what the program documents, not a list the parser enforces (a
    checked list prints as `[a|b]`), so the value stays a string."""


@dataclass
class DescribedValue:
    """What lines under a description say of the value (a style's `description_tail`)."""

    kind: str | None = None
    """`boolean`, `string`, `number` or `array`."""
    choices: list[str] | None = None
    default: str | None = None


@dataclass
class _Annotations:
    default: str | None = None
    choices: list[str] | None = None
    env_var: str | None = None
    required: bool = False
    deprecated: bool = False
    kind: str | None = None
    """A kind label: `[boolean]`, `[number]`, `[string]`, `[array]`, `[count]`."""
    aliases: list[str] = field(default_factory=list)
    """Other spellings the description names as this option's: `[aliases: --jobs]`,
    `[short aliases: j]`, or a sentence `'--newer' can be used as an alias.`"""


@dataclass
class _Spelling:
    """What an entry's term says: the names, and the value part as printed."""

    names: list[str]
    shorts: list[str]
    value: str | None = None
    count: bool = False
    negatable: bool = False
    single_dash: set[str] | None = None
    """Long names the term spells with one dash only (`-maxdepth LEVELS`)."""
    written: list[str] | None = None
    """Every spelling the term names, as written (`-q`, `--quiet`, `--silent`), in order: those
    the flag is not named by become its aliases."""


_CUT_LONG_SPELLING = re.compile(r"(-[A-Za-z0-9].*?),\s*--[A-Za-z0-9][\w-]*\.\.")
"""`-A AGENT, --user..`: a formatter that cuts the term to fit its column (`--user-agent`
printed `--user..`, beside another option `--users`) leaves the long name unknown, so only the
whole spellings before it name the option."""
_SHOWN_REPEATED = re.compile(
    r"(?P<head>(?P<first>--?[A-Za-z0-9][\w.-]*)[ =]\S.*?)\s+\[\s+(?P=first)[ =][^\[\]]*\s\]"
)
"""`--tag string [ --tag string ]`: the term followed by itself in brackets, which is how a
flag given more than once (a slice) is shown; the head is the flag, the bracket says it repeats."""


def is_prose_term(term: str) -> bool:
    """A term that opens like an option row and is prose: a bullet (`- %%VERSION%%, output of
    describe --always --dirty`), or the tail of a usage form wrapped onto a line of its own
    (`--inline-tests]`, a bracket closed that the line never opened). Its names are no flags,
    nor rows left unread."""
    term = term.strip()
    return bool(re.match(r"-\s+[^\s-]", term)) or term.count("]") > term.count("[")


_TERM_NOTE = re.compile(r"(?<=\S)\s+\((?=[a-z])([^()]*)\)$")
"""`--build-dir=FILE (absent BUILD_DIR env)`, `--x (absent=0. or X env)`, `--y (default=auto)`,
`--z=VAL (required)`: a note a manual-like head puts after the names, in parentheses and
opening with a lowercase word (a placeholder is written in capitals or brackets), is no value."""
_NOTE_ENV = re.compile(r"\b([A-Z][A-Z0-9_]+) env$")


def parse_flag(term: str, text: str, style: FlagStyle) -> Flag | None:
    """The flag an options entry describes, or None when the term names no flag."""
    term = term.strip()
    note_env: str | None = None
    if (note := _TERM_NOTE.search(term)) and term.startswith("-"):
        term = term[: note.start()]
        if env := _NOTE_ENV.search(note.group(1)):
            note_env = env.group(1)  # `(absent X env)`: the variable read when it is absent
    shown_repeated = False
    if repeated := _SHOWN_REPEATED.fullmatch(term):
        term, shown_repeated = repeated.group("head"), True
    literal_default: str | None = None
    if term.endswith(":") and "=" in term and style.literal_default is not None:
        term, _, literal_default = term[:-1].partition("=")
    elif term.endswith(":"):
        term = term[:-1]  # `--image, i:` over an indented description
    if (
        term.endswith(",")
        or (term.endswith(".") and not term.endswith(".."))  # `CODE1,CODE2..`: more of them
        or term.count(", -") > 3
    ):
        return None  # prose listing flags (`These flags are available: --account, --project, …`)
    if is_prose_term(term):
        return None
    if re.fullmatch(r"-(?:[A-Z]{3,}|#)", term):
        return None  # `-NUM  same as --context=NUM`, `-#  level, where # is a number`: a family of flags (`-EB`, `-PE`: two capitals are an option)
    if re.match(r"--?[A-Za-z][\w-]*\*(?:\s|$)", term):
        return None  # `--cloud*  Run 'x --cloud-help' for details`: the names starting so, no flag
    if re.fullmatch(r"-[A-Za-z]#", term):
        return None  # `-T#  Spawn # threads`: the number only attached (`-T4`), which argv never writes
    if (
        (long := re.match(r"--([\w-]+)", term))
        and _PLACEHOLDER_SEGMENTS.search(long.group(1))
        and re.search(r"[a-z]", long.group(1))
    ):
        return None  # `--no-OPTION`, `--GTYPE-group-format`: a family of flags, not one
    if re.match(r"--?[A-Za-z][\w-]*-(?:[<({]|\[[^\]]*\]-)", term):
        # `--alias-<LANG>=…`, `--refuse-<thing>[,...]`, `-fcall-saved-<register>`,
        # `--kinds-(<LANG>|all)`, `-fdisable-[tree|rtl|ipa]-<pass>`: a family of names, no flag
        return None
    if cut := _CUT_LONG_SPELLING.fullmatch(term):
        term = cut.group(1)  # `-A AGENT, --user..`: the long name cut to fit; the short is whole
    spelling = _spelling(_OPTIONAL_LETTERS.sub(_both_spellings, term))
    if spelling is None:
        return None
    spelled = [*spelling.names, *spelling.shorts]
    if len(spelled) != len(set(spelled)) and not re.search(r",\s*-|\|", term):
        return None  # `-a value -a value2`: an example of a repeated option (`--check, --check=x` is a list)
    if (
        re.fullmatch(r"-\d+", term.split()[0])
        and re.match(r"\d", text.strip())
        or re.match(r"\d", spelling.value or "")
    ):
        return None  # `-1 2016-10-17 17:41:53  -1 1000files`: example output; a value is a placeholder, never `5`
    names, shorts, value = spelling.names, spelling.shorts, spelling.value
    count, negatable = spelling.count, spelling.negatable
    long_name = names[0] if names else None
    clean, found = _annotations(text, style)
    if (
        value is None
        and long_name
        and re.search(rf"(?<![\w-])--no-{re.escape(long_name)}\s+to\s+disable\b", clean)
    ):
        negatable = True  # `(enabled by default; +x or --no-extended to disable)`: its off form
    flag = Flag(name=long_name, short=shorts[0] if shorts else None, help=clean)
    flag.single_dash = long_name is not None and long_name in (spelling.single_dash or ())
    flag.deprecated = found.deprecated
    flag.required = found.required
    flag.env_var = found.env_var or note_env
    flag.negatable = negatable
    flag.aliases = tuple(
        other_spellings(
            flag, [*(spelling.written or []), *found.aliases, *_aliases_for(clean, flag)]
        )
    )
    if literal_default is not None and style.literal_default is not None:
        style.literal_default(flag, literal_default)
        if (
            flag.kind is FlagKind.VALUE
            and not flag.repeatable
            and (listed := listed_choices(clean, openings=style.closed_lists))
        ):
            flag.choices = listed
            flag.value_type = ValueType.CHOICE
        return flag
    guessed = False
    labelled = found.kind is not None  # `[number]`, `type: number`: the CLI printed the type
    if (
        value is None
        and found.kind is None
        and not found.choices
        and not count
        and style.unlabelled is not None
    ):
        found.kind, guessed = style.unlabelled(clean, found.default, found.required)
        flag.kind_guessed = guessed
    hinted = value is None and (found.kind in ("string", "number", "array") or bool(found.choices))
    if hinted:
        value = found.kind or "string"  # a kind label names the type in the description only
    repeats = (
        shown_repeated
        or says_repeatable(clean)
        or shown_doubled(shorts[0] if shorts else None, clean)
    )
    if value is None:
        counts = (
            count
            or found.kind == "count"
            or repeats
            or (counts_by_default(found.default) and not negatable)
        )
        flag.kind = FlagKind.COUNT if counts else FlagKind.BOOLEAN
        if counts:
            flag.value_type = ValueType.INTEGER
        default = (found.default or "").lower()
        if default in ("true", "false"):
            flag.default = default == "true"
        elif long_name and default in (long_name, f"no-{long_name}"):  # `[default: no-debug]`
            flag.default = default == long_name
        elif counts:
            flag.default = 0  # a count not given is zero
        elif not negatable:
            flag.default = False  # a plain switch not given is off
        return flag
    flag.kind = FlagKind.VALUE
    if words := placeholder_words(value):  # `--arg NAME VALUE`: one occurrence takes N words
        item_types = [placeholder(word).value_type for word in words]
        if set(item_types) == {ValueType.STRING} and example_integers(clean, len(words)):
            item_types = [ValueType.INTEGER] * len(words)  # `line line … (e.g. 1 99)`
        flag.nargs = len(words)
        flag.metavar = " ".join(word.strip("<>") for word in words)
        flag.value_type = item_types[0] if len(set(item_types)) == 1 else ValueType.STRING
        flag.item_types = item_types if len(set(item_types)) > 1 else None
        flag.repeatable = repeats
        flag.type_guessed = number_guessed(flag, words, style, labelled=False)
        return flag
    typing, metavar, repeatable = _value_typing(value, style)
    flag.value_type = typing.value_type
    flag.type_name = (
        value if style.type_words or typing.value_type is not ValueType.STRING else None
    )
    flag.metavar = metavar
    if typing.value_type in (ValueType.INTEGER, ValueType.NUMBER) and (
        bounds := range_bounds(value)
    ):  # rich-click's `INTEGER RANGE [1<=x<=3]`: the schema refuses what the CLI refuses
        flag.minimum, flag.maximum = bounds.minimum, bounds.maximum
        flag.exclusive_minimum, flag.exclusive_maximum = (
            bounds.exclusive_minimum,
            bounds.exclusive_maximum,
        )
    flag.repeatable = repeatable or typing.repeatable or repeats
    if open_ended := _open_ended(value):  # `X [X ...]`: one occurrence takes the words
        flag.nargs, flag.repeatable = open_ended, False
    choices = found.choices or (list(typing.choices) if typing.choices else None)
    if typing.choices and not found.choices and opens_the_list(clean):
        # `Run 'x hardware' to list available …`: the list is a hint the schema shows, not an enum
        choices, flag.value_type, flag.metavar = None, ValueType.STRING, "|".join(typing.choices)
    if not choices and (sole := sole_choice(value, found.default, braces_list=style.braces_list)):
        choices, flag.metavar = (
            sole,
            None,
        )  # virtualenv's `--discovery {builtin}  … (default: builtin)`
    if not choices and not (
        style.unchecked_text and value.strip("<>").lower() in ("text", "string", "str")
    ):  # `One of "never", "always", or "multi_video".`, `Must be a, b, or c.`
        choices = listed_choices(clean, openings=style.closed_lists, default=found.default)
    if choices:
        flag.choices = choices
        flag.value_type = ValueType.CHOICE
    if hinted:  # a kind label is a type word, not a metavar
        flag.metavar, flag.type_name = None, None if guessed else found.kind
        flag.repeatable = found.kind == "array"
    if (
        not style.type_words and not hinted
    ):  # a placeholder's name, heard with its description and default
        flag.value_type = settle_value_type(
            flag.value_type, metavar=flag.metavar, description=clean, default=found.default
        )
        if flag.value_type is ValueType.INTEGER and not flag.choices:
            flag.choices = enumerated_choices(clean)
    if (
        not style.placeholder_types
        and not flag.choices
        and flag.value_type in (ValueType.INTEGER, ValueType.NUMBER)
    ):
        flag.value_type, flag.type_name = ValueType.STRING, None
    if (
        flag.choices
        and value.strip().startswith("{")
        and all(re.fullmatch(r"-?\d+", c) for c in flag.choices)
    ):
        flag.value_type = ValueType.INTEGER  # `{0,1,2,3}` (a `[1|2|4]` list is a choice of strings)
    flag.type_guessed = number_guessed(flag, [value], style, labelled=labelled)
    if found.default is not None:
        flag.default = _default_value(found.default, flag)
    return flag


def number_guessed(flag: Flag, words: list[str], style: FlagStyle, *, labelled: bool) -> bool:
    """The flag's number type (integer or number) rests on no type the CLI printed: not a type
    word (`INTEGER`, `<int>`, `FLOAT`, a Go `int`), a kind label (`[number]`, `type:
    number`), nor a list of the values (`{0,1,2}`), but on a placeholder's name, the
    description's wording or a shown default (`Flag.type_guessed`). A guessed kind is marked
    already (`kind_guessed`), and its override settles the type too."""
    if flag.value_type not in (ValueType.INTEGER, ValueType.NUMBER) or flag.choices:
        return False
    if style.type_words or labelled or flag.kind_guessed:
        return False
    return all(declared_type(word) is None for word in words)


_PLACEHOLDER_WORD = re.compile(
    r"<[A-Za-z][\w.:-]*>|(?:\[[A-Z][A-Z0-9_]*:\])?[A-Z][A-Z0-9_]*|[a-z][a-z0-9_]{0,9}"
)


def placeholder_words(value: str) -> list[str] | None:
    """The words of a value part that names several values (`NAME VALUE`, `<key> <value>`,
    `a v`), or None when it names one (`FILE`, `<file name>`, `X [X ...]`, `{a,b}`).

    Two to four placeholder words, all spelled alike (all `<x>`, all upper case, or all short
    lower-case words), nothing bracketed or repeated: a description one space away starts with
    a capital or runs longer, so it never reads as placeholders."""
    words = value.split()
    if not 2 <= len(words) <= 4 or not all(_PLACEHOLDER_WORD.fullmatch(word) for word in words):
        return None
    shapes = {
        "angle" if w.startswith("<") else "upper" if w.isupper() or w[0].isupper() else "lower"
        for w in words
    }
    if len(shapes) != 1 or is_type_phrase(value):
        return None  # `INTEGER RANGE` is one type (`SOURCE_FILE SHADOW_FILE` is two names)
    return words


def _aliases_for(text: str, flag: Flag) -> list[str]:
    """The spellings `text` calls aliases of `flag` itself (`_ALIAS_FOR`)."""
    own = flag.primary_spellings()
    return [
        match.group(1)
        for match in _ALIAS_FOR.finditer(text)
        if match.group(2) or match.group(3) in own
    ]


def other_spellings(flag: Flag, spelled: list[str]) -> list[str]:
    """The spellings of `spelled` (in order, each once) that are not how `flag` is named: its
    aliases (`-q, --quiet, --silent` → `--silent`; `--color, --no-color` → none, the second is
    the off form)."""
    own = flag.primary_spellings()
    return [s for s in dict.fromkeys(spelled) if s not in own]


def _spelling(term: str) -> _Spelling | None:
    """Names, value and switches of a term (`-f, --file <FILE>`, `--[no-]x`, `-v...`)."""
    primary, secondaries = _split_secondary(term)
    spelling = _Spelling([], [], written=[])
    doubled: set[str] = set()
    parts = _ALTERNATIVES.split(primary)
    for alternative, joint in zip(parts[::2], ["", *parts[1::2]], strict=True):
        match = _NAME.match(alternative.strip())
        if not match:
            continue
        dashes, no_prefix, name, rest = match.groups()
        if rest[:1] in (":", "<") or (rest.startswith("[:") and not _OPTIONAL_TAIL.fullmatch(rest)):
            continue  # `-verbose:[class|gc]`, `-D<name>=<value>`: the value only attached, which argv never writes
        named = True
        if _OPTIONAL_TAIL.fullmatch(rest):
            rest = ""  # `-V[:configvar]`, `-ea[:<package>...]`: the name alone is an option too
        if dashes == "-" and len(name) == 1 and _ATTACHED_OPTIONAL.fullmatch(rest):
            rest = ""  # `-a[sub-option...]`, `-l[MAX-LINES]`: see _ATTACHED_OPTIONAL
        if dashes == "-" and len(name) == 1:
            spelling.shorts.append(name)
        elif dashes == "--":
            spelling.names.insert(sum(1 for n in spelling.names if n in doubled), name)
            doubled.add(name)
        elif re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]+", name):
            spelling.names.append(name)  # `-name PATTERN`; after any `--name` (`-tc, --telemetry`)
            spelling.single_dash = (spelling.single_dash or set()) | {name}
        else:
            named = False  # `-T#`, `-F?`: a letter with its value attached, no spelling of its own
        written = spelling.written
        assert written is not None
        if named and not (
            joint.strip() == "" and written and dashes == "--" and written[-1].startswith("--")
        ):  # a long name a space after another is no second spelling (`--iexclude --exclude`)
            written.append(dashes + name)
        # `--x[=<ref>], --[no-]y`: the off form is y's, an alias's; the flag (named x) has none
        primary_name = dashes == "--" and spelling.names[0] == name
        spelling.negatable = spelling.negatable or bool(no_prefix and (primary_name or not doubled))
        rest = rest.strip()
        if rest.startswith("[=") and rest.endswith("]"):
            spelling.value = rest[2:-1]  # an optional value (`--color[=WHEN]`)
        elif rest.startswith("="):
            spelling.value = rest[1:]
        elif rest.startswith(","):
            pass  # a dashless short spelling (`--env, e`): not a value
        elif rest == "..." or re.fullmatch(r"(\|\w+)+", rest):
            spelling.count = True  # `-v...`, `-v|vv|vvv`: a count
        elif rest:
            spelling.value = rest
    if not spelling.names and not spelling.shorts:
        return None
    if spelling.single_dash:
        spelling.single_dash -= doubled  # `-name, --name`: the CLI knows the `--` form
    names = spelling.names
    if len(names) > 1 and any(f"no-{n}" in names for n in names):
        spelling.negatable = True  # `--color, --no-color`: one switch and its off form
        spelling.names = [n for n in names if not (n.startswith("no-") and n[3:] in names)]
    for secondary in secondaries:
        match = _NAME.match(secondary.strip())
        if (
            match
            and match.group(1) == "--"
            and spelling.names
            and match.group(3) == f"no-{spelling.names[0]}"
        ):
            spelling.negatable = True
    return spelling


_OPTIONAL_LETTERS = re.compile(r"(?<![\w\[-])(--?[A-Za-z][\w-]*)\[([a-z]+)\]([a-z][\w-]*)(\S*)")
"""`--labe[l]led=X`: letters in brackets inside a long name, which both spellings accept."""


def _both_spellings(match: re.Match[str]) -> str:
    """A name with optional letters written out both ways, the one without them first (it
    names the flag; the other is a second spelling): `--labeled=X, --labelled=X`."""
    head, letters, tail, rest = match.groups()
    return f"{head}{tail}{rest}, {head}{letters}{tail}{rest}"


def _split_secondary(term: str) -> tuple[str, list[str]]:
    """`--shout / --no-shout`: the part after ` / ` names the off switch."""
    parts = _SLASH.split(term)
    return parts[0], parts[1:]


def _open_ended(value: str) -> Literal["+", "*"] | None:
    """`X [X ...]` (one or more) or `[X ...]` (any number): every following word up to the next
    option is a value of one occurrence (giving the flag again replaces them, unless the program
    says otherwise), so it is `nargs`, not a repeat. `<X>...` stays a repeat."""
    value = value.strip()
    if re.fullmatch(r"(\S+)\s+\[\1\s*\.\.\.\]", value):
        return "+"
    if re.fullmatch(r"\[(\S+)\s*\.\.\.\]", value):
        return "*"
    return None


_BARE_ELLIPSES = ("...", "…")
"""A placeholder that is an ellipsis alone (`--cpu-prof-dir=...`): a value, once, of no named kind."""


def _value_typing(value: str, style: FlagStyle) -> tuple[Typing, str | None, bool]:
    """The type, metavar and repeatability a value part (`<FILE>...`, `string`, `X [X ...]`) says."""
    value = value.strip()
    repeatable = False
    if value in _BARE_ELLIPSES:  # `--env-file=...`: the ellipsis stands for the value, given once
        return placeholder(""), value, False
    if value.endswith("...") and not value.endswith(" ...]"):
        value, repeatable = value[:-3].strip(), True
    multi = re.fullmatch(r"(\S+)\s+\[\1\s*\.\.\.\]|\[(\S+)\s*\.\.\.\]", value)
    if multi:
        value, repeatable = multi.group(1) or multi.group(2), True
    if (
        value.startswith("[")
        and value.endswith("]")
        and not (style.placeholder_lists and choice_list(value))
    ):
        value = value[1:-1]  # `[<SPEC>]`: an optional value
    if style.placeholder_lists and (choices := choice_list(value)):
        return Typing(ValueType.CHOICE, choices=choices), None, repeatable
    metavar = value.strip("<>") or None
    if style.type_words and not value.startswith("<"):
        typing = type_word(value)
        return typing, None, repeatable
    if union := numeric_union(value):
        return Typing(union), metavar, repeatable  # `INT | FLOAT`: a union of number types
    if not style.placeholder_lists and (choice_list(value) or choice_list(f"[{value}]")):
        return Typing(ValueType.STRING), metavar, repeatable  # `<ie7|ie8>` only names the value
    return placeholder(value), metavar, repeatable


def shown_default(text: str) -> str | None:
    """The default an option's description shows (`(default .)`, `[default: x]`), as written."""
    return _annotations(text, FlagStyle())[1].default


def _annotations(text: str, style: FlagStyle) -> tuple[str, _Annotations]:
    """The help text without its machine-readable annotations, and those annotations."""
    found = _Annotations()
    text = text.strip()
    if listing := _POSSIBLE_VALUES.search(
        text
    ):  # `Possible values: - auto: …` over lines of their own
        found.choices = re.findall(r"(?:^|\s)- ([^\s:]+):?", listing.group(1))
        text = (text[: listing.start()] + " " + text[listing.end() :]).strip()
    if listed := _OPTIONS_LIST.search(text):
        found.choices = listed.group(1).split("|")
        text = text[: listed.start()].rstrip()
    if opening := _REQUIRED_OPENING.match(text):
        found.required = True
        text = text[opening.end() :]
    for bracket in reversed(list(_BRACKET.finditer(text))):
        if _take_bracket(bracket.group(1), found, kind_labels=style.kind_labels):
            text = (text[: bracket.start()].rstrip() + " " + text[bracket.end() :].lstrip()).strip()
    if style.description_tail is not None and (tail := style.description_tail(text)) is not None:
        text, described = tail
        found.kind = described.kind or found.kind
        found.choices = described.choices or found.choices
        found.default = described.default if described.default is not None else found.default
    elif defaults := _DEFAULTS_TO.search(text):  # `… parameter. Defaults to always.`
        found.default = defaults.group(1)
        text = text[: defaults.start()].rstrip()
    changed = True
    while changed:
        changed = False
        if (match := _PAREN_DEFAULT.search(text)) and not re.search(r"\.\s+[A-Z]", match.group(1)):
            found.default = re.split(r",\s+(?:i\.e\.|e\.g\.)", match.group(1))[
                0
            ].strip()  # `(default 0, i.e., no limit)`
            text = text[: match.start()].rstrip()
            changed = True
        if found.default is None and (match := _RANGE_AND_DEFAULT.search(text)):
            found.default = match.group(2)
            text = f"{text[: match.start()].rstrip()} ({match.group(1)})"
            changed = True
        if match := _ENV_DOLLAR.search(text):
            found.env_var = match.group(1)
            text = text[: match.start()].rstrip()
            changed = True
    text = re.sub(r"\s+\.$", ".", text)
    if _DEPRECATED.search(text):
        found.deprecated = True
    for sentence in _USABLE_AS_ALIAS.finditer(text):
        found.aliases.extend(_QUOTED_SPELLING.findall(sentence.group(1)))
    return text, found


def _take_bracket(inner: str, found: _Annotations, *, kind_labels: bool) -> bool:
    """Read `[default: x]`, `[possible values: a, b]`, `[env: X=]`, `[env var: X; required]`."""
    taken = False
    for item in re.split(r";\s+", inner):
        key, sep, value = item.partition(":")
        key = key.strip().lower()
        value = value.strip()
        if key == "required" and not sep:
            found.required = taken = True
        elif kind_labels and key in ("boolean", "number", "string", "array", "count") and not sep:
            found.kind = key
            taken = True
        elif key == "choices" and sep:
            found.choices = [v.strip().strip("\"'") for v in value.split(",") if v.strip()]
            taken = True
        elif key == "deprecated":
            found.deprecated = taken = True
        elif not sep:
            continue
        elif key == "default":
            found.default = taken = value  # type: ignore[assignment]
            taken = True
        elif key == "possible values":
            found.choices = [v.strip() for v in value.split(",") if v.strip()]
            taken = True
        elif key in ("env", "env var"):
            found.env_var = value.split("=")[0].strip() or None
            taken = True
        elif key in ("aliases", "alias", "short aliases", "short alias"):
            dashes = "-" if key.startswith("short") else "--"  # older lists leave the dashes out
            listed = [a.strip() for a in value.split(",")]
            found.aliases[:0] = [  # brackets are read last first: keep the text's order
                a if a.startswith("-") else dashes + a
                for a in listed
                if _BARE_SPELLING.fullmatch(a)
            ]
            taken = True
    return taken


def _default_value(text: str, flag: Flag):
    """A default as JSON-able data, typed like the flag; None for an empty one."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
        return text or None
    if text in ("", "[]", "map[]", "{}", "none", "None", "null", "<nil>"):
        return None
    if flag.repeatable and text.startswith("[") and text.endswith("]"):
        return [item.strip() for item in text[1:-1].split(",") if item.strip()] or None
    if flag.value_type is ValueType.INTEGER and re.fullmatch(r"-?\d+", text):
        return int(text)
    if flag.value_type is ValueType.NUMBER and re.fullmatch(r"-?\d+(\.\d+)?", text):
        return float(text)
    if flag.value_type is ValueType.JSON:
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text
