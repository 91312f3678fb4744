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
"""

from __future__ import annotations

import re

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
