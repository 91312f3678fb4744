"""Evidence for a help-parsed option's value type and kind beyond its placeholder's name: what
its description and its shown default say.

The placeholder decides first (`types.placeholder`: `N`, `SKIP_LINES`, `SECONDS`). Then:

- a type word the CLI printed (`INTEGER`, `FLOAT`, `<int>`) is final;
- a numeric type read from a *name* yields to a description that shows the value takes more
  than a number (`e.g. 16K or 4.2M`, `or "infinite"`, `Passing 'notset' ...`): a string the
  CLI accepts is better than an integer schema that refuses a valid value;
- a placeholder that says nothing (`VALUE`, `MODE`, a bare `...`, one the formatter cut to fit
  its column, `TIM..`) becomes an integer when the description's
  opening sentence counts with it (`Number of retries`, `how many`) or the description lists
  its values as numbers (`- 0: no interactivity. - 1: ask ...`), and an integer or number when
  the shown default is one (`(default: 4)`, `(default: 0.5)`); a manual page's later sentences
  speak of other things (`If regexp is a number, …`);
- `or a range` beside a numeric name makes the value a string (`2.0-3.5`);
- `NUMBER` is a number, and an integer when it counts things (`downloading NUMBER files`);
- a shown default that is a number in quotes (`(default: "100")`) is a string the CLI keeps: the
  value stays a string, whatever the placeholder's name or the wording counts; so is one that
  is a word (`<n>` … `(default: "warn")`): the name's number is not what the CLI takes;
- a time in seconds (a placeholder so named, or a description saying the value is `in
  seconds`) is a number (fractions allowed) unless the text counts them with a letter (`after n
  seconds`, `X seconds after`); a whole default (`(default: 0)`) is no such sign: a number schema takes `0` and `0.5`;
- values listed by their letter (`(s)witch, (i)gnore, (w)ipe, (b)ackup, (a)bort`, pip) are
  choices: the letters;
- the description naming the value an integer (`non-negative integer`) makes one, naming it a
  path (`a path containing …`) a path, and an example of N whole numbers types an N-word value;
- `listed_choices` is the one reader of a value set the description lists (`Must be …`, a
  style's own wording, `One of …`, `Choices available: …`, `among: …`, `Choose between a/b/c.`,
  traitlets' `Choices: any of [0, 'INFO']`, `(choices: …)` quoted
  or not, quoted lists, a bracketed list holding the default); `opens_the_list` hears a description saying a placeholder's list is not all
  (`Run '…' to list available …`, `Comma-separated`).

A switch (an option that shows no value) counts when its default is a number (`increase
verbosity (default: 2)`) or its description shows it doubled (`-ii for MEDIUM`).
"""

from __future__ import annotations

import re

from workbench.loaders.help.types import declared_type
from workbench.model.tree import ValueType

_NUMERIC = (ValueType.INTEGER, ValueType.NUMBER)

_UNIT_SUFFIX = re.compile(r"(?<![\w.-])\d+(?:\.\d+)?[KMGTkmgt](?:i?B)?(?![\w-])")
"""A number with a size unit in an example (`16K`, `4.2M`, `128K`): the value is not a bare number."""
_WORD_ALTERNATIVE = re.compile(
    r"(?:\bor|\b[Pp]ass(?:ing)?|\b[Uu]se|\b[Dd]efault,?|\b[Ee]ither|\b[Ss]et to)\s+[\"'`][A-Za-z][\w-]*[\"'`]"
    r"|[\"'`][A-Za-z][\w-]*[\"'`]\s+(?:uses|means|disables|enables|picks|selects)\b"
)
"""A word offered as a value next to the number (`or "infinite"`, `Passing 'notset'`,
`'auto' uses the number of CPU cores`, `The default, "auto", ...`)."""
_QUOTED_NUMBER = re.compile(r"\"-?\d+(?:\.\d+)?\"|'-?\d+(?:\.\d+)?'")
"""vsce's `-p, --pagesize [value]  Number of results to return (default: "100")`: a number shown
in quotes is the CLI printing a string (commander and yargs quote string defaults, never
numbers), so the value is text, whatever a name or the wording suggests."""
_COUNTS = re.compile(r"(?i)\bnumber of\b|\bhow many\b")
_NAMES_A_PATH = re.compile(
    r"(?i)^(?:an?\s+|the\s+)?(?:path|directory|folder|file\s?name)\s+"
    r"(?:to|of|for|containing|where|in which)\b"
)
"""virtualenv's `--extra-search-dir d [d ...]  a path containing wheels …`: a description that
opens by naming the value a path (`Path to …`, `Directory where …`, textual's `--screenshot-filename
NAME  The filename for the screenshot`)."""
_SAYS_INTEGER = re.compile(
    r"(?i)(?<!interpreted as )\b(?:an?|non-?negative|positive|negative|whole)\s+(?:integer|whole number)\b"
)
"""commitizen's `Specify non-negative integer for dev release.`: the description names the value
an integer (`a positive integer`, `an integer`). What is *interpreted as* an integer is another
thing (scrapy's `--getint SETTING  print setting value, interpreted as an integer`: the value
names a setting, whose value is read so); git-lfs' `Specify the … size as an integer` still
names the value."""
_COUNTED_SECONDS = re.compile(r"(?<![\w'])[nNxX]\s+sec(?:ond)?s\b")
"""`after n seconds`, `Quits …, X seconds after the run is finished`: the text counts the seconds
with a letter standing for the value, a whole number. Without it a time in seconds is a
number: a number schema takes every whole value too, while a wrong integer refuses `0.5`."""
_IN_SECONDS = re.compile(r"(?i)(?:^|[\s,(])in seconds\b")
"""optparse's `-i INTERVAL, --interval=INTERVAL  Minimum time, in seconds, between each stack
sample`: a value measured in seconds, which a placeholder that says nothing does not tell."""
_ENUMERATED = re.compile(r"(?:^|\s)- (\d+): ")
"""codespell's `- 0: no interactivity. - 1: ask for confirmation.`: values listed as numbers."""
_COMBINED = re.compile(r"(?i)\bbitmask\b|\bcombined\b|\bsum of\b|\badd(?:ed)? together\b")
_SAYS_NOTHING = ("text", "string", "str")
_WORD_DEFAULT = re.compile(r"([\"'`]?)([A-Za-z][\w-]*)\1")
_NO_DEFAULT = ("none", "null", "nil", "undefined", "unset", "false", "true")
_NO_BOUND = ("infinite", "infinity", "inf", "unlimited", "unbounded")


def _word_default(default: str | None) -> bool:
    """A shown default that is a word (`"warn"`, `auto`): the value a placeholder named as a
    number (`<n>`) is not one. `none`, `null` or a state (`false`) say only that no number is
    set; `infinite`, `unlimited` how the number's absence is read (`-p n … (default: infinite)`)."""
    match = _WORD_DEFAULT.fullmatch((default or "").strip())
    return match is not None and match.group(2).lower() not in (*_NO_DEFAULT, *_NO_BOUND)


_OR_A_RANGE = re.compile(r"(?i)\bor an? (?:range|interval)\b")
"""gallery-dl's `--sleep SECONDS  … This can be either a constant value or a range (e.g. 2.7 or
2.0-3.5)`: the value may be a span of two numbers, which no number schema takes."""


def accepts_words(description: str) -> bool:
    """The description shows a value that is not a bare number (`16K`, `or "infinite"`, `or a
    range`)."""
    return bool(
        _UNIT_SUFFIX.search(description)
        or _WORD_ALTERNATIVE.search(description)
        or _OR_A_RANGE.search(description)
    )


def settle_value_type(
    value_type: ValueType, *, metavar: str | None, description: str, default: str | None
) -> ValueType:
    """The value type once the description and the shown default are heard (rules above).
    `value_type` is what the placeholder's name said; paths, JSON and choices stay."""
    if metavar is None or value_type not in (ValueType.STRING, *_NUMERIC):
        return value_type
    if declared_type(metavar) is not None:
        return value_type
    if metavar.strip("<>").lower() in _SAYS_NOTHING:
        return value_type  # click's `TEXT`: the CLI declared a string
    if _QUOTED_NUMBER.fullmatch((default or "").strip()):
        return ValueType.STRING  # `(default: "100")`: the CLI keeps the value as text
    if value_type in _NUMERIC and _word_default(default):
        return ValueType.STRING  # `-l, --loglevel <n>  … (default: "warn")`: no number
    words = accepts_words(description)
    default = (default or "").strip()
    if value_type is ValueType.STRING and (stated := stated_unit_type(metavar, description)):
        return stated  # `SIZE is in Mega-Bytes, default chunk size is 15MB`: a bare count of MB
    if value_type in _NUMERIC and words:
        return ValueType.STRING
    if (
        value_type is ValueType.NUMBER
        and re.search(r"(?i)sec", metavar)
        and _COUNTED_SECONDS.search(description)
    ):
        return ValueType.INTEGER  # `after n seconds`: the text counts them with a letter
    if value_type is ValueType.NUMBER and _counted_by(metavar, description):
        return ValueType.INTEGER  # `NUMBER` in `downloading NUMBER files` counts files
    if (
        value_type is not ValueType.STRING
        or words
        or not re.fullmatch(r"<?[A-Za-z][\w-]*>?|\.\.\.|…|(?:[A-Za-z][\w-]*)?\.\.", metavar.strip())
    ):
        return value_type
    if _NAMES_A_PATH.search(description):
        return ValueType.PATH
    opening = opening_sentence(description)  # a long text's later sentences speak of other things
    if _IN_SECONDS.search(opening):  # `Minimum time, in seconds, between …`
        return ValueType.INTEGER if _COUNTED_SECONDS.search(opening) else ValueType.NUMBER
    if (
        _COUNTS.search(opening)
        or _SAYS_INTEGER.search(opening)
        or len(enumerated(description)) >= 2
    ):
        return ValueType.INTEGER
    if re.fullmatch(r"-?\d+", default):
        return ValueType.INTEGER
    if re.fullmatch(r"-?\d+\.\d+", default):
        return ValueType.NUMBER
    return value_type


_SENTENCE_END = re.compile(r"(?<=[a-z0-9)\]'\"`])[.?!]\s+(?=[A-Z])")


def opening_sentence(description: str) -> str:
    """The description's first sentence: the one that says what the value is. A manual page's
    long description goes on to other things (GNU parallel's `--header regexp  Use regexp as
    header. … If regexp is a number, it is a fixed number of lines.`), so its wording counts,
    times and integers speak of the value only there."""
    return _SENTENCE_END.split(description.strip(), maxsplit=1)[0]


_BYTE_UNIT = r"(?:(?:kilo|mega|giga|tera)-?)?bytes|[KMGT]i?B"


def stated_unit_type(metavar: str, description: str) -> ValueType | None:
    """The type of a value whose description names the placeholder and the unit it is counted
    in (s3cmd's `--multipart-chunk-size-mb=SIZE  … SIZE is in Mega-Bytes, default chunk size is
    15MB, minimum allowed chunk size is 5MB`): a whole number of bytes, kilobytes or megabytes,
    an integer. The sentence names the value itself, so the sizes written with their unit beside
    it (`15MB`) are that unit spelled out, not examples of a value taking a suffix; a text that
    only says a rate or size is measured `in bytes` without naming the placeholder (yt-dlp's
    `--limit-rate RATE  … in bytes per second, e.g. 50K or 4.2M`) states nothing of the kind."""
    word = metavar.strip("<>")
    if not re.fullmatch(r"[A-Za-z][\w-]*", word):
        return None
    stated = re.search(
        rf"(?<![\w-]){re.escape(word)}\s+is\s+(?:given\s+|measured\s+|expressed\s+)?in\s+(?:{_BYTE_UNIT})(?![\w-])",
        description,
        re.IGNORECASE,
    )
    return ValueType.INTEGER if stated else None


def _counted_by(metavar: str, description: str) -> bool:
    """The placeholder counts something in the description (`downloading NUMBER files`)."""
    word = metavar.strip("<>")
    return bool(
        re.search(rf"\b{re.escape(word)}\s+[a-z]{{2,}}[^s\W]s\b", description)
    )  # `files`, not `address`


def enumerated(description: str) -> list[str]:
    """The numbers a description lists as its values (`- 0: ... - 1: ...`), in order."""
    return _ENUMERATED.findall(description)


def enumerated_choices(description: str) -> list[str] | None:
    """The listed numbers as the value's choices, unless the text says they combine (a bitmask
    accepts every sum, not only the listed values)."""
    values = enumerated(description)
    if len(values) < 2 or _COMBINED.search(description):
        return None
    return values


_OPENED = re.compile(
    r"(?i)\bcomma[- ]separated\b|\b(?:run|see|use) [`'\"]?[\w -]+[`'\"]? to (?:list|see|show) (?:the )?available\b"
)
"""A list the text says is not all there is: `Run 'hf jobs hardware' to list available flavors`
(the values live elsewhere and change), `Comma-separated or repeated, e.g. --status
running,scheduling` (one value holds several)."""


def opens_the_list(description: str) -> bool:
    """The description says the placeholder's list of values is not the set the CLI accepts
    (the values are listed by another command, or several join in one word), so a closed
    schema would refuse valid calls."""
    return bool(_OPENED.search(description))


def example_integers(description: str, count: int) -> bool:
    """An example in the description gives the `count` words of a value as whole numbers
    (autopep8's `--line-range line line … (e.g. 1 99)`)."""
    example = re.search(r"\be\.g\.,?\s+((?:-?\d+\b\s*){2,})(?![\w.:-])", description)
    return example is not None and len(example.group(1).split()) == count


_SWITCH_STATES = frozenset(
    {
        *("true", "false", "on", "off", "yes", "no", "enabled", "disabled"),
        *("none", "null", "unset", "auto", "auto-detect", "autodetect", "automatic"),
    }
)
"""Defaults a switch may show: a state, not a value given to it."""


def default_names_a_value(default: str | None, name: str | None) -> bool:
    """A bare row's shown default that no switch has (`(default .)`, `(default localhost)`,
    `(default: 'packageManager' field in package.json)`): one word, or a quoted literal first
    (a phrase, `(default is hexadecimal)`, `(default on TTY)`, says what happens unless the
    switch is given); not a state (`true`, `off`, `auto`), no number (a switch's count), not the
    option's own name or its `no-` form (`[default: no-debug]`). The option is given that
    value when it is not given one: it takes a value."""
    written = (default or "").strip()
    if re.search(r"\s", written) and written[:1] not in "'\"`":
        return False
    literal = written.strip("'\"`").strip()
    if not literal or literal.lower() in _SWITCH_STATES or re.fullmatch(r"-?\d+(\.\d+)?", literal):
        return False
    return not (name and literal.lower() in (name.lower(), f"no-{name.lower()}"))


def counts_by_default(default: str | None) -> bool:
    """A switch whose shown default is a number counts its occurrences (`(default: 2)`)."""
    return bool(default and re.fullmatch(r"\d+", default.strip()))


def shown_doubled(short: str | None, description: str) -> bool:
    """The description spells the switch doubled (`-ii for MEDIUM`, `-vv`), given several
    times (`multiple -v result in more verbose messages`) or once as the first of its levels
    (httpie's `For the level one (with single `-v`/`--verbose`) …`): it counts."""
    if not short:
        return False
    letter = re.escape(short)
    return bool(
        re.search(
            rf"(?<![\w-])-{letter}{letter}+\b|\b(?:multiple|several|more|single) [`'\"]?-{letter}\b",
            description,
        )
    )


_REPEATS = re.compile(
    r"\b(?:repeatable(?! (?!and\b)[a-z])|repeat(?:ed)? for more|option is additive|(?:can|may) be used additively|multiple allowed"
    r"|(?:may|can) be (?:given|repeated|used|specified|passed|supplied|provided) "
    r"(?:more than once|multiple times|several times|up to \d+ times)"
    r"|(?:may|can) be repeated(?! \w)|each time it is (?:repeated|given|used)"
    r"|(?:use|specify|give|pass|supply) (?:it |the (?:--?[\w-]+ )?(?:option|flag) |--?[\w-]+ )?(?:multiple|several) times"
    r"|multiple values allowed|can specify multiple(?! \w)|(?:specify|provide|give|pass) (?:it )?twice"
    r"|repeat(?: the (?:flag|option)| it| this (?:flag|option))? (?:for|to) (?:\w+ )?(?:multiple|several|more)"
    r"|if (?:used|given|specified) (?:multiple|several) times|by repeating (?:it|the (?:argument|option|flag))"
    # (`Multiple rules can be specified with commas`: one value holding several, no repeat)
    r"|(?:multiple|several) (?:--?[\w-]+ )?(?:options|flags|values|settings|items|entries) (?:are allowed|(?:can|may) be (?:provided|given|specified|passed|supplied))(?! with| separated| by)"
    r"|multiple (?:values )?(?:are accepted|(?:can|may) be (?:set|given|passed))(?! with| separated| by)"
    r"|multiple \w+ (?:can|may) be (?:passed|given|set)(?! with| separated| by))\b",
    re.IGNORECASE,
)


def says_repeatable(description: str) -> bool:
    """The description says the option may be given several times (`Can be supplied multiple
    times`, `(can be used additively)`, `Repeat the flag for multiple ports`, `(can be repeated)`, `Provide twice to ...`,
    `can be forced by repeating the argument`, `use the -p option multiple times`,
    `Multiple -c options are allowed.`, `Multiple settings can be provided.`, `Multiple values
    are accepted.`, `Multiple can be set.`, `Multiple plugins can be passed as separate …`):
    a switch then counts, a value repeats."""
    return bool(_REPEATS.search(description))


def prose_choices(opening: str) -> re.Pattern[str]:
    """A closed list of values a description states after `opening` (a regex): `a, b, or c.`
    (a style's own wording, `FlagStyle.closed_lists`, read by `listed_choices`)."""
    return re.compile(
        rf"(?:{opening})((?:\"[\w.-]+\"|[\w.-]+)(?:, (?:or )?(?:\"[\w.-]+\"|[\w.-]+))+)\.(?:\s|$)"
    )


_MUST_BE = prose_choices(r"\bMust be (?:one of:? )?")
"""`Must be "none", "server", or "client".`: a closed list of values in plain English."""

_WORD = r"[\w-]+(?:\.[\w-]+)*"
"""One value: `tls1.2`, `only-if-needed`; never the stop that ends the sentence."""
_QUOTED = rf"(?:\"{_WORD}\"|'{_WORD}')"
_ITEM = rf"(?:{_QUOTED}(?:/{_QUOTED})*|{_WORD})(?:\s+\([^()]*\))?"
_JOIN = r"(?:,\s+(?:or\s+)?|\s+or\s+|\|)"
_LISTED = re.compile(
    rf"(?:(?:^|[.:]\s+)(?:[Oo]ne of|(?:Supported|Valid|Possible) values(?: are)?:?|(?:Choices|Values) available:)"
    rf"|\bamong:)\s+"
    rf"({_ITEM}(?:{_JOIN}{_ITEM})+)(?:\.(?:\s|$)|$)"
)
"""A sentence listing every value: yt-dlp's `One of "never", "always", or "multi_video" (default; …).`,
`One of never (do nothing), warn (…), force (…)`, coverage's `Supported values are: USR1, USR2.`,
s3cmd's `Choices available: bulk, standard, expedited` (optparse's `choices=` spelled out),
pip's `Select the output format among: columns (default), freeze, or json.`, docutils' `one of
"dash" (em-dash prefix), "parentheses"/"parens", or "none".` (a quoted value and its other
spellings). Each item is one word, optionally explained in parentheses; a list with anything
else in it (`an IP block in CIDR notation`, `or a comma-list of them`) is open, so no choices."""
_CHOOSE_BETWEEN = re.compile(
    rf"(?:^|[.:]\s+)(?:Choose|Pick|Select) (?:between|from|one of):?\s+({_WORD}(?:/{_WORD}){{2,}})"
    rf"(?:\.(?:\s|$)|$)"
)
"""locust's `--loglevel <level>  Choose between DEBUG/INFO/WARNING/ERROR/CRITICAL. Default is
INFO.`: a sentence asking for one of three or more words joined by slashes, nothing else in it."""

_SLASHED_AT_END = re.compile(r"\(([a-z][\w-]*(?:/[a-z][\w-]*){2,})\)\.?$")
"""pytest's `--tb=style  Traceback print mode (auto/long/short/line/native/no)`: the
description closes on a parenthesis of three or more lower-case words joined by slashes and
nothing else, the values (two, `(relative/absolute)`, may be prose's either-or)."""

_EITHER = re.compile(rf"(?:^|\s)-\s+either:\s+({_ITEM}(?:{_JOIN}{_ITEM})+)(?=\s+-\s|\.?\s*$)")
"""A clause set off by dashes that gives every value (`… cache - either: metadata or content -
default: metadata`, `- either: off, warn, error, 0, 1, or 2`): optionator's enum options."""
_QUOTED_ITEM = rf"{_QUOTED}(?:/{_QUOTED})*(?:\s+\([^()]*\))?"
_QUOTED_AFTER_COLON = re.compile(
    rf":\s+({_QUOTED_ITEM}(?:{_JOIN}{_QUOTED_ITEM}){{2,}})\s*(?:\.(?:\s|$)|$)"
)
"""Docutils' `… at or higher than <level>: "info" or "1", "warning"/"2" (default), "error"/"3",
"severe"/"4", "none"/"5"`: three or more values, every one quoted, after a colon to the end of
the sentence (a quote marks a literal value; an unquoted list after a colon may be prose)."""
_ADDS_TO_OTHERS = re.compile(
    r"\b(?:also|in addition|additionally|as well|besides|other than|e\.g\.|for example"
    r"|for instance|such as|including)\b",
    re.IGNORECASE,
)
"""The clause before a colon says the values after it add to others, or are examples (`NB: in
addition to the extensions listed above, you can also use these: 'clj', 'coco', …`)."""


def _closed_quoted_list(description: str) -> re.Match[str] | None:
    """A quoted list after a colon (`_QUOTED_AFTER_COLON`), unless the clause that introduces
    it, from the sentence's start to the colon, says it adds to other values or gives examples:
    then the option takes more than the list, and no choices are stated."""
    match = _QUOTED_AFTER_COLON.search(description)
    if match is None:
        return None
    clause = re.split(r"[.!?;]\s+", description[: match.start()])[-1]
    return None if _ADDS_TO_OTHERS.search(clause) else match


_DECLARED_CHOICES = re.compile(
    rf"\(choices:\s+({_QUOTED}(?:,\s+{_QUOTED})*)|\(choices:\s+({_WORD}(?:,\s+{_WORD})+)\)"
)
"""commander's `.choices()`, shown as `(choices: "json", "yaml", default: "json")`, and the
same words unquoted when the parenthesis holds nothing else (pip-audit's argparse formatter:
`(choices: columns, json, cyclonedx-json, markdown) (default: columns)`)."""
_CHOICES_LABEL = re.compile(
    rf"(?:^|[.\]]\s+)[Cc]hoices:\s+({_WORD}(?:,\s+{_WORD})+)(?=\s*(?:\(|\.(?:\s|$)|$))"
)
"""A sentence of its own labelled `choices:` listing single words (doit's `Completion code for
SHELL. [default: bash] choices: bash, zsh (config: shell)`), ended by the sentence, the text
or a parenthesis."""
_DEFINED = re.compile(rf"(?:^|[.:\]]\s+)({_QUOTED})\s+-\s+\S")
"""pip's `[default: only-if-needed]. "eager" - dependencies are upgraded … "only-if-needed" -
are upgraded only when …`: each value quoted at a sentence's start and defined after a dash."""
_LITERAL = r"(?:'[^'\s,\[\]]+'|\"[^\"\s,\[\]]+\"|-?\d+(?:\.\d+)?)"
_LITERAL_LIST = re.compile(
    rf"(?:^|\s)Choices:\s+(?:any of\s+)?\[({_LITERAL}(?:,\s*{_LITERAL})+)\]"
    rf"(?:\s+\(case-insensitive\))?(?:\s+or\s+None)?(?=\s|$)"
)
"""traitlets' `--log-level=<Enum>  … Choices: any of [0, 10, 20, 'DEBUG', 'INFO']` (an `Enum`'s
values written as a literal list, each quoted string or number one value; `(case-insensitive)`
and `or None` after it say how they match and that the setting may be unset)."""
_BRACKETED = re.compile(rf"\[({_WORD}(?:,\s*{_WORD})+)\]")
"""pip's `Specify whether the progress bar should be used [on, off] (default: on)`: a bracketed
list inside the description, read as the values only when the shown default is one of them."""


_LETTERED_ITEM = r"\(([A-Za-z])\)[a-z]+"
_LETTERED = re.compile(
    rf"(?<![\w(]){_LETTERED_ITEM}(?:(?:,\s+(?:or\s+)?|\s+or\s+){_LETTERED_ITEM}){{2,}}(?![\w(])"
)
"""pip's `(s)witch, (i)gnore, (w)ipe, (b)ackup, (a)bort`: each value is the letter in parentheses,
the word around it says what it means. Three or more, one list."""


def lettered_choices(description: str) -> list[str] | None:
    """The letters a `(s)witch, (i)gnore, (a)bort` list offers as the values, or None."""
    match = _LETTERED.search(description)
    if match is None:
        return None
    letters = re.findall(r"\(([A-Za-z])\)", match.group(0))
    return letters if len(set(letters)) == len(letters) else None


def listed_choices(
    description: str, *, openings: tuple[re.Pattern[str], ...] = (), default: str | None = None
) -> list[str] | None:
    """The values the description lists as the only ones, or None: the one reader of a listed
    value set. `Must be a, b, or c.` and a style's own wordings (`openings`, made by
    `prose_choices`: git's `optional modes: a, b.`) first, then the letters of `(s)witch,
    (i)gnore, (a)bort`, a sentence `One of …` / `… among: …`, a quoted list after a colon,
    and, holding the shown `default`, a bracketed list or values defined one by one (`"eager" -
    …`)."""
    for pattern in (_MUST_BE, *openings):
        if match := pattern.search(description):
            return [c.strip().strip('"') for c in re.split(r",\s*(?:or\s+)?", match.group(1))]
    if declared := _DECLARED_CHOICES.search(description):
        return _items(declared.group(1) or declared.group(2))
    if labelled := _CHOICES_LABEL.search(description):
        return _items(labelled.group(1))
    if letters := lettered_choices(description):
        return letters
    if literal := _LITERAL_LIST.search(description):  # traitlets' `Choices: any of [0, 'INFO']`
        return list(dict.fromkeys(v.strip("'\"") for v in re.split(r",\s*", literal.group(1))))
    if (
        match := _LISTED.search(description)
        or _closed_quoted_list(description)
        or _EITHER.search(description)
    ):
        return _items(match.group(1))
    if match := _CHOOSE_BETWEEN.search(description) or _SLASHED_AT_END.search(description):
        return match.group(1).split("/")
    if default is not None:
        shown = default.strip().strip("\"'")
        for bracket in _BRACKETED.finditer(description):
            items = [item.strip() for item in bracket.group(1).split(",")]
            if shown in items:
                return items
        defined = list(dict.fromkeys(q.strip("\"'") for q in _DEFINED.findall(description)))
        if len(defined) >= 2 and shown in defined:
            return defined
    return None


def _items(listing: str) -> list[str]:
    """The values of a matched list, each spelling of `"a"/"b"` apart, explanations left out."""
    bare = re.sub(r"\s+\([^()]*\)", "", listing)  # the explanations, `(do nothing)`
    items = re.findall(rf"(?:^|{_JOIN}|/)({_QUOTED}|{_WORD})", bare)
    return [item.strip("\"'") for item in items]
