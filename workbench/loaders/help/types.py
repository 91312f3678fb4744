"""Value types from what a help text says: type words (`string`, `duration`, `[]string`,
`INTEGER RANGE`) and placeholder names (`<N>`, `FILE`).

Only the text decides. A word we know maps to a `ValueType`; a word we do not know stays
`UNKNOWN` (served as a string, reported by lint) when the style prints type words (cobra),
and a plain `STRING` when the style prints placeholder names (clap, argparse, git), since a
name like `<SPEC>` says nothing about the type.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.model.tree import ValueType

_SCALAR_WORDS: dict[str, ValueType] = {
    # cobra / pflag type names
    "string": ValueType.STRING,
    "str": ValueType.STRING,
    "text": ValueType.STRING,
    "duration": ValueType.STRING,
    "int": ValueType.INTEGER,
    "int8": ValueType.INTEGER,
    "int16": ValueType.INTEGER,
    "int32": ValueType.INTEGER,
    "int64": ValueType.INTEGER,
    "uint": ValueType.INTEGER,
    "uint8": ValueType.INTEGER,
    "uint16": ValueType.INTEGER,
    "uint32": ValueType.INTEGER,
    "uint64": ValueType.INTEGER,
    "integer": ValueType.INTEGER,
    "integer range": ValueType.INTEGER,
    # C integer types as a program's own option tables print them (openssl's `-iter +int`,
    # `-days intmax`, `-serial nonneg`): `+int` a positive int, `nonneg` one not below zero
    "+int": ValueType.INTEGER,
    "ulong": ValueType.INTEGER,
    "intmax": ValueType.INTEGER,
    "uintmax": ValueType.INTEGER,
    "nonneg": ValueType.INTEGER,
    "float": ValueType.NUMBER,
    "float32": ValueType.NUMBER,
    "float64": ValueType.NUMBER,
    "float range": ValueType.NUMBER,
    "decimal": ValueType.NUMBER,
    "number": ValueType.NUMBER,
    "path": ValueType.PATH,
    "file": ValueType.PATH,
    "filename": ValueType.PATH,
    "dir": ValueType.PATH,
    "directory": ValueType.PATH,
    "uuid": ValueType.STRING,
    "json": ValueType.JSON,
}

_ARRAY_WORDS: dict[str, ValueType] = {
    "strings": ValueType.STRING,
    "stringarray": ValueType.STRING,
    "stringslice": ValueType.STRING,
    "list": ValueType.STRING,
    "ints": ValueType.INTEGER,
    "int32slice": ValueType.INTEGER,
    "int64slice": ValueType.INTEGER,
    "uints": ValueType.INTEGER,
    "float32slice": ValueType.NUMBER,
    "float64slice": ValueType.NUMBER,
    "durations": ValueType.STRING,
    "stringtostring": ValueType.STRING,
    "stringtoint": ValueType.STRING,
    "map": ValueType.STRING,
}

_PLACEHOLDER_WORDS: dict[str, ValueType] = {
    "n": ValueType.INTEGER,
    "num": ValueType.INTEGER,
    "count": ValueType.INTEGER,
    "int": ValueType.INTEGER,
    "integer": ValueType.INTEGER,
    "jobs": ValueType.INTEGER,
    "seconds": ValueType.NUMBER,  # a time in seconds may be fractional (`0.5`); `after n seconds` says integer
    "secs": ValueType.NUMBER,
    "sec": ValueType.NUMBER,  # pip's `--timeout <sec>` (default 180.0 seconds): a float
    "years": ValueType.INTEGER,
    "days": ValueType.INTEGER,
    "hours": ValueType.INTEGER,
    "minutes": ValueType.INTEGER,
    "float": ValueType.NUMBER,
    "number": ValueType.NUMBER,
    "file": ValueType.PATH,
    "files": ValueType.PATH,
    "filename": ValueType.PATH,
    "path": ValueType.PATH,
    "paths": ValueType.PATH,
    "dir": ValueType.PATH,
    "directory": ValueType.PATH,
    "infile": ValueType.PATH,  # `-in infile`, `-out outfile`: the file read or written
    "outfile": ValueType.PATH,
    "indir": ValueType.PATH,
    "outdir": ValueType.PATH,
    "json": ValueType.JSON,
}


@dataclass(frozen=True)
class Typing:
    """What a type word or placeholder says about a value."""

    value_type: ValueType
    repeatable: bool = False
    choices: tuple[str, ...] | None = None


def type_word(word: str) -> Typing:
    """A cobra-style type word (`string`, `[]string`, `stringArray`, `duration`, `filter`)."""
    bare = word.strip().lower()
    if bare.startswith("[]"):
        inner = type_word(word.strip()[2:])
        return Typing(inner.value_type, repeatable=True)
    if bare in _SCALAR_WORDS:
        return Typing(_SCALAR_WORDS[bare])
    if bare in _ARRAY_WORDS:
        return Typing(_ARRAY_WORDS[bare], repeatable=True)
    if bare.endswith("slice") and bare != "slice":  # pflag's `ipNetSlice`, `durationSlice`
        return Typing(type_word(word.strip()[:-5]).value_type, repeatable=True)
    if choices := choice_list(word):
        return Typing(ValueType.CHOICE, choices=choices)
    if re.search(r"(^|[-_])(file|path|dir|directory)$", bare):  # a backquoted name like `pem-file`
        return Typing(ValueType.PATH)
    return Typing(ValueType.UNKNOWN)


_RANGE_BOUNDS = re.compile(r"\s+\[[\w.+-]*\s*[<>]=?\s*[\w.+-]*(?:\s*[<>]=?\s*[\w.+-]+)?\]$")
"""The bounds rich-click prints after a range type (`INTEGER RANGE [1<=x<=3]`, `FLOAT RANGE
[x>=0]`): the value's limits, not part of its type word."""


def without_bounds(name: str) -> str:
    """`INTEGER RANGE [1<=x<=3]` → `INTEGER RANGE`: a range type's shown bounds left out, so the
    type word it declares is read (any other name is returned as it is)."""
    bare = _RANGE_BOUNDS.sub("", name.strip())
    return bare if bare != name.strip() and is_type_phrase(bare) else name


@dataclass(frozen=True)
class Bounds:
    """The limits a range type shows (`[1<=x<=3]`, `[x>=0]`, `[0<x<1]`)."""

    minimum: int | float | None = None
    maximum: int | float | None = None
    exclusive_minimum: bool = False
    exclusive_maximum: bool = False


_BOUND_NUMBER = r"-?\d+(?:\.\d+)?"
_SHOWN_BOUNDS = re.compile(
    rf"\[(?:(?P<low>{_BOUND_NUMBER})(?P<low_op><=?))?x(?:(?P<high_op><=?)(?P<high>{_BOUND_NUMBER})"
    rf"|(?P<ge>>=?)(?P<floor>{_BOUND_NUMBER}))?\]$"
)


def range_bounds(name: str) -> Bounds | None:
    """The bounds rich-click shows after a range type (`INTEGER RANGE [1<=x<=3]`), or None."""
    if without_bounds(name) == name:
        return None
    match = _SHOWN_BOUNDS.search(name.strip().replace(" ", ""))
    if match is None:
        return None

    def number(text: str) -> int | float:
        return float(text) if "." in text else int(text)

    if match["floor"] is not None:  # `[x>=0]`, `[x>0]`
        return Bounds(minimum=number(match["floor"]), exclusive_minimum=match["ge"] == ">")
    if match["low"] is None and match["high"] is None:
        return None
    return Bounds(
        minimum=number(match["low"]) if match["low"] is not None else None,
        maximum=number(match["high"]) if match["high"] is not None else None,
        exclusive_minimum=match["low_op"] == "<",
        exclusive_maximum=match["high_op"] == "<",
    )


_BARE_CHOICES = re.compile(r"[a-z][a-z0-9.-]*(?:\|[a-z][a-z0-9.-]*)+")
"""Values joined by `|` with no bracket around them, each a lower-case word (`errors|warnings`)."""


def placeholder(name: str) -> Typing:
    """A placeholder name (`<N>`, `FILE`, `{a,b}`, `[json|yaml]`, `<KEY=VALUE|PATH>`)."""
    name = without_bounds(name)
    if union := numeric_union(name):
        return Typing(union)  # `INT | FLOAT`: type words, not values to choose from
    if choices := choice_list(name):
        return Typing(ValueType.CHOICE, choices=choices)
    if _BARE_CHOICES.fullmatch(name.strip()):
        # a placeholder that is the values themselves, unbracketed (`--fatal errors|warnings`):
        # lower-case words, as a metavar never is, so each is a value to choose
        return Typing(ValueType.CHOICE, choices=tuple(name.strip().split("|")))
    if listed := re.fullmatch(r"<?list\[(\w+)\]>?", name.strip(), re.IGNORECASE):
        return Typing(placeholder(listed.group(1)).value_type, repeatable=True)
    bare = re.sub(r"[<>\[\]]", "", name).strip().lower()
    if bare in _SCALAR_WORDS and bare not in ("text", "string", "str"):
        return Typing(_SCALAR_WORDS[bare])
    if bare in _PLACEHOLDER_WORDS:
        return Typing(_PLACEHOLDER_WORDS[bare])
    if re.search(r"(^|[-_])(file|path|dir|directory)$", bare):
        return Typing(ValueType.PATH)
    if counted_name(name.strip().strip("<>").lower()) or _counted_words(name):
        return Typing(ValueType.INTEGER)
    return Typing(ValueType.STRING)


def _counted_words(name: str) -> bool:
    """Words in angle brackets, one space apart, whose head word names a count (`<port number>`,
    `<number of workers>`): a closing `number` is left out when a word before it names the
    thing numbered (`<port number>` is a port, a whole number; `<version number>` is a
    version, which may be `1.2.3`). A bound word alone makes no count here (`<max request
    rate>` may be `2/s`): only the head decides."""
    spaced = re.fullmatch(r"<([A-Za-z][A-Za-z0-9]*(?: [A-Za-z][A-Za-z0-9]*)+)>", name.strip())
    if spaced is None:
        return False
    words = spaced.group(1).lower().split()
    if words[-1] == "number":
        words = words[:-1]
    head = next(
        (words[i - 1] for i in range(1, len(words)) if words[i] in _PREPOSITIONS), words[-1]
    )
    return head in _COUNT_HEADS


_COUNT_HEADS = frozenset(
    {
        "lines",
        "length",
        "len",
        "limit",
        "count",
        "num",
        "number",
        "n",
        "depth",
        "width",
        "height",
        "port",
        "jobs",
        "workers",
        "threads",
        "processes",
        "retries",
        "years",
        "days",
        "hours",
        "minutes",
    }
)
"""Head words of a compound placeholder that name a whole number (`SKIP_LINES`, `LINE_LENGTH`,
`FIELD_SIZE_LIMIT`). `SIZE`, `LEVEL`, `MODE` and `MULTIPLIER` are not among them: sizes take
units (`16K`), levels and modes are often names, multipliers fractions."""
_PREPOSITIONS = frozenset({"after", "before", "between", "per", "of", "in", "for", "to"})


def counted_name(name: str) -> bool:
    """A placeholder spelled as words (`SKIP_LINES`, `LINES_AFTER_IMPORTS`, `MAX_REDIRECTS`)
    whose head word names a count or a bound: argparse's metavar made from the option's name.
    The head is the last word, or the word before a preposition (`LINES_AFTER_IMPORTS`); a
    `MAX_`/`MIN_` prefix bounds a count; a `NO_` prefix names what gets none. A name with other punctuation (`MIN[-MAX]`,
    `RUNTIME[:PATH]`) is a format, never a number."""
    if not re.fullmatch(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*", name):
        return False
    words = re.split(r"[_-]", name)
    if words[0] == "no":
        return False  # isort's `NO_LINES_BEFORE`: the sections that get none
    if len(words) > 1 and words[0] in ("max", "min"):
        return True
    head = next(
        (words[i - 1] for i in range(1, len(words)) if words[i] in _PREPOSITIONS), words[-1]
    )
    return head in _COUNT_HEADS


def is_type_phrase(text: str) -> bool:
    """A type word of several words (click's `INTEGER RANGE`, `FLOAT RANGE`): one value, not
    one placeholder per word."""
    bare = " ".join(text.split()).lower()
    return bare in _SCALAR_WORDS or bare in _ARRAY_WORDS


def numeric_union(name: str) -> ValueType | None:
    """A placeholder that is a union of number type words (`INT | FLOAT`, `<int|float>`): the
    CLI takes any of them, so the widest (`NUMBER` when one of them is fractional). A union
    with any other word (`[json|yaml]`, `INT|auto`) is no declared type: it may list values."""
    bare = re.sub(r"[<>\[\]]", "", without_bounds(name)).strip().lower()
    parts = [part.strip() for part in bare.split("|")]
    if len(parts) < 2:
        return None
    types = {_SCALAR_WORDS.get(part) for part in parts}
    if not types <= {ValueType.INTEGER, ValueType.NUMBER}:
        return None
    return ValueType.NUMBER if ValueType.NUMBER in types else ValueType.INTEGER


def declared_type(name: str) -> ValueType | None:
    """The type a placeholder that is a type word declares (`INTEGER`, `<int>`, `FLOAT`,
    `INTEGER RANGE`, a union of them: `INT | FLOAT`): the CLI said it, so no description
    overrides it. `NUMBER` is not one: as a placeholder it often counts (`downloading NUMBER
    files`)."""
    if union := numeric_union(name):
        return union
    bare = re.sub(r"[<>\[\]]", "", without_bounds(name)).strip().lower()
    if bare in _SCALAR_WORDS and bare not in (
        "path",
        "file",
        "filename",
        "dir",
        "directory",
        "uuid",
        "number",
    ):
        return _SCALAR_WORDS[bare]
    return None


def choice_list(text: str) -> tuple[str, ...] | None:
    """`{a,b,c}` or `[a|b|c]` or `<a|b|c>` as choices; None when it is not a plain list."""
    text = text.strip()
    match = re.fullmatch(r"\{([^{}]+)\}|\[([^\[\]]+)\]|<([^<>]+)>|\(([^()]+)\)", text)
    if not match:
        return None
    inner = next(group for group in match.groups() if group is not None)
    separator = "|" if "|" in inner else ","
    if separator == "," and match.group(1) is None:
        return None  # `[a,b]` and `<a,b>` are not choice lists; `{a,b}` is (argparse)
    items = [item.strip() for item in inner.split(separator)]
    if len(items) < 2:
        return None  # one name in braces is a placeholder (GNU sed's `{script-only-if-no-other-script}`)
    if any(not re.fullmatch(r"[\w.+:/@-]+", item) for item in items):
        return None
    return tuple(items)


def sole_choice(text: str, default: str | None, *, braces_list: bool = False) -> list[str] | None:
    """argparse's `{builtin}` (one choice in braces) when the shown default is that choice:
    the one value the CLI offers (virtualenv's `--discovery {builtin}  … (default: builtin)`).
    Without that default, one name in braces is a placeholder (GNU sed's
    `{script-only-if-no-other-script}`), unless the style spells only choices in braces
    (`braces_list`, argparse: `choices=["false"]` prints `--envs-generation {false}`)."""
    match = re.fullmatch(r"\{([\w.+:/@-]+)\}", text.strip())
    if match is None:
        return None
    if not braces_list and (default is None or default.strip().strip("\"'") != match.group(1)):
        return None
    return [match.group(1)]
