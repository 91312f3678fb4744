"""Flags read from a usage synopsis (`usage: tool [-46AaC] [-B bind_interface] [-p port]`).

`synopsis_flags` reads every flag there, for help texts that list no options (a usage
synopsis is all they show): `[-abc]` (a cluster of switches), `-x`, `[-x value]`,
`[-x <value>]`, `-u<mode>` and `-S[<keyid>]` (attached values), `--long`, `--[no-]long`,
`--long=<v>`, `--long <v>`, `--long[=<v>]`, and `|` alternatives (`[-v | --version]` is one
flag, as is a slash between the two spellings, `tool -v/--version`). A value is taken only when the bracket (or alternative) ends right after it, so
positionals are never read as values. `values_from_usage` gives a value to flags an options
list shows bare when the synopsis names one (`[--omit <dev|optional|peer>]`).
"""

from __future__ import annotations

import re

from workbench.loaders.help.types import choice_list, placeholder
from workbench.model.tree import Flag, FlagKind, ValueType

_FLAG = re.compile(
    r"(?<![\w<\[=-])(?P<open>\[ ?)?(?P<dashes>--?)(?P<no>\[no-\])?(?P<name>[A-Za-z0-9][\w-]*)"
    r"(?P<attached>\[=?<[^<>]+>\]|=<[^<>]+>|=[A-Za-z][\w-]*|\[=[^\[\]]+\]|<[^<>]+>|\[<[^<>]+>\])?"
)
_VALUE = re.compile(
    r"\s+((?:<[^<>]+>|\[[^\[\]\s]+\]|\{[^{}\s]+\}|[=:@/.]|[A-Za-z_][\w:@./=-]*)+)(?=\s*[\]|])"
)
_CLUSTER_MARKS = re.compile(r"[#?]*")
"""Option characters getopt takes that are no word characters, closing a cluster of switches
(tcpdump's `[-AbdDefhHIJKlLnNOpqStuUvxX#]`: `-#` is a switch, `#` ended the name before)."""
_ENDS_AN_ALTERNATIVE = re.compile(r"\s*[|\]]")
"""What follows a cluster of digits (`-12345 |`, `-12345]`): a number is no option name, so a
word of digits that an alternative or the bracket ends (perlcritic's Pod usage `[-12345 |
--brutal | …]`) is one switch per digit, as `[-123456789]` is in a cluster that ends the
bracket."""
_PAIR = re.compile(r"\[-([A-Za-z0-9]) \| --([\w-]+)\]|(?<![\w-])-([A-Za-z0-9])/--([\w-]+)\b")
"""`[-v | --version]` or `-v/--version`: two spellings of one option."""
_ROW_WORD = re.compile(r"(?m)^[ \t]+-([A-Za-z][\w-]+)(?=[ \t]|$)")
"""A single-dash word starting an indented row of the help (`   -old use old-style digest`)."""
_PLACEHOLDER_WORD = re.compile(r"(?=[A-Z0-9_]*(?:_|([A-Z]).*\1))[A-Z][A-Z0-9_]+")
"""A single-dash word of capitals that repeats a letter or holds `_` (`-OPTIONS`,
`-MORE_OPTIONS`: Perl's Getopt::Std usage line) names options in general: a cluster of
switches (`[-HLP]`, `[-46AaC]`) spells each letter once."""


def synopsis_flags(forms: list[str], text: str = "") -> list[Flag]:
    """The flags the usage forms name, in order of appearance, each once. `text`, the whole
    help, tells a bracketed word of one dash that its rows spell as one option (`[-old]` over
    `   -old use old-style digest`) from a cluster of switches (`[-46AaC]`)."""
    flags: dict[str, Flag] = {}
    words = set(_ROW_WORD.findall(text)) | {"help", "version", "usage"}
    for form in forms:
        for match in _FLAG.finditer(form):
            end = match.end()
            name = match.group("name")
            attached = match.group("attached")
            single = match.group("dashes") == "-"
            if single and _PLACEHOLDER_WORD.fullmatch(name) and not attached:
                continue  # `[-OPTIONS [-MORE_OPTIONS]]`: a word standing for options, as -NUM
            if form.startswith("*", end):
                continue  # `[--cloud*]`: the options whose names start so, no flag
            closing = _CLUSTER_MARKS.match(form, end) if single and not attached else None
            marks = closing.group() if closing else ""
            if (
                single
                and len(name + marks) > 1
                and match.group("open")
                and form[end + len(marks) : end + len(marks) + len(match.group("open"))]
                in ("]", " ]")
                and not attached
                and name not in words
            ) or (
                single
                and name.isdigit()
                and len(name) > 1
                and _ENDS_AN_ALTERNATIVE.match(form, end)
            ):  # `[ -rvDCNR ]` (groff's spacing) too; `[-12345 | --brutal]`: digits cluster too
                for letter in name + marks:  # `[-46AaC]`, `[-AbdD#]`: a cluster of switches
                    flags.setdefault(letter, Flag(short=letter, kind=FlagKind.BOOLEAN))
                continue
            value = attached.strip("[]=<>") if attached else None
            if value is None and (following := _VALUE.match(form, end)):
                value = following.group(1)
            flag = Flag(
                name=None if single and len(name) == 1 else name,
                short=name if single and len(name) == 1 else None,
                single_dash=single and len(name) > 1,  # `-maxdepth`: spelled as the usage does
            )
            flag.negatable = bool(match.group("no"))
            if value is None:
                flag.kind = FlagKind.BOOLEAN
            else:
                flag.kind = FlagKind.VALUE
                metavar = value[1:-1] if re.fullmatch(r"<[^<>]+>", value) else value
                flag.metavar = metavar
                if choices := choice_list(value):
                    flag.value_type, flag.choices = ValueType.CHOICE, list(choices)
                else:
                    flag.value_type = placeholder(metavar).value_type
            flags.setdefault(flag.key, flag)
        for pair in _PAIR.finditer(form):  # `[-v | --version]`: one flag, two spellings
            short, long = (group for group in pair.groups() if group is not None)
            if (
                long[0].lower() == short.lower()
                and short in flags
                and long in flags
                and flags[short].kind is flags[long].kind
            ):
                del flags[short]
                flags[long].short = short
    return list(flags.values())


def values_from_usage(flags: list[Flag], text: str) -> None:
    """Flags listed without a value whose bracketed usage shows one (`[--omit <dev|peer>]`).

    Some help texts name the value only in the usage synopsis; without this those
    flags would read as booleans.
    """
    for flag in flags:
        if flag.kind is not FlagKind.BOOLEAN or not (flag.name or flag.short):
            continue
        if flag.name:
            spelled = re.escape(f"--{flag.name}")
            match = re.search(
                rf"\[(?:-\w\|)?{spelled}[ =](<[^<>]+>|\{{[^{{}}]+\}}|[A-Z][A-Z0-9_-]*)(?=[\]\s])",
                text,
            )
        else:  # `[-n suffixes]`, `[-b bind_address]`: a short option and its value alone in brackets
            spelled = re.escape(f"-{flag.short}")
            match = re.search(rf"\[{spelled} (<[^<>]+>|[A-Za-z][\w:@.-]*)\]", text)
        if not match:
            continue
        value = match.group(1)
        flag.kind = FlagKind.VALUE
        flag.default = None  # the switch's implied `false` is no value's default
        flag.metavar = value.strip("<>")
        choices = choice_list(value)
        if choices:
            flag.value_type, flag.choices = ValueType.CHOICE, list(choices)
        else:
            flag.value_type = placeholder(value).value_type
        flag.repeatable = (
            re.search(rf"\[{spelled}[ =]{re.escape(value)} \.\.\.\]", text) is not None
        )
