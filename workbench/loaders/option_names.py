"""An option's several spellings, as the click, argparse and optparse loaders read them.

A framework lets one option be declared with many strings (`"-q", "--quiet", "--silent"`;
argparse `"-o", "--out", "--output"`): the first long one names the flag, the first short letter
is its `short`, and every other string is an alias (`Flag.aliases`, in declared order). This
module owns that split's last step and the rule that a spelling names one option per command.

Standard library only: `loaders/foreign.py` ships this file, with the loaders, into another
Python environment (see `SHIPPED_FILES` there).
"""

from __future__ import annotations

from typing import Any


def other_spellings(declared: list[str], primary: set[str]) -> list[str]:
    """The strings of `declared` (in order, each once) that are option spellings (one or two
    dashes, then a name) and not in `primary`: the flag's aliases. Prefixes the tree cannot
    spell (`+w`, `/debug`) are left out, as the loaders leave such options out."""
    aliases: list[str] = []
    for spelled in declared:
        name = spelled.lstrip("-")
        if (
            not spelled.startswith("-")
            or not name
            or len(spelled) - len(name) > 2
            or any(c.isspace() or c == "=" for c in spelled)
        ):
            continue
        if spelled not in primary and spelled not in aliases:
            aliases.append(spelled)
    return aliases


def primary_spellings(flag: dict[str, Any]) -> set[str]:
    """How a flag's data writes its name and short letter (`--quiet`, `-q`), with the off form
    of a negatable one (`--no-color`); as `Flag.primary_spellings` does."""
    spelled = set()
    name = flag.get("name")
    if name:
        single = bool(flag.get("single_dash"))
        spelled.add(f"-{name}" if single else f"--{name}")
        if flag.get("negatable") and not single:
            spelled.add(f"--no-{name}")
    if flag.get("short"):
        spelled.add(f"-{flag['short']}")
    return spelled


def _spelling(flag: dict[str, Any]) -> str:
    if flag.get("name"):
        return ("-" if flag.get("single_dash") else "--") + flag["name"]
    return f"-{flag.get('short')}"


def drop_shared_aliases(flags: list[dict[str, Any]], where: str, notes: list[str]) -> None:
    """Remove each alias that another flag of the same command also spells (click does not
    refuse two options sharing a string; the tree holds a spelling on one flag only): it stays
    with the flag it names, or with the first that declared it, and a note says so."""
    owner: dict[str, int] = {}
    for index, flag in enumerate(flags):
        for spelled in primary_spellings(flag):
            owner.setdefault(spelled, index)
    for index, flag in enumerate(flags):
        kept = []
        for alias in flag.get("aliases") or []:
            holder = owner.setdefault(alias, index)
            if holder == index:
                kept.append(alias)
                continue
            notes.append(
                f"{where}: {alias} is declared by two options; it is kept as the spelling of "
                f"{_spelling(flags[holder])} only"
            )
        if flag.get("aliases"):
            flag["aliases"] = kept
