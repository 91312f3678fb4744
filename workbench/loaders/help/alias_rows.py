"""Option rows that are another option's alias (`--del  an alias for --delete-during`), folded
into the option they name (its `aliases`), so one option is one flag that knows every spelling.

A row whose whole description says it is the same as one other option — `same as --x`,
`alias for --x`, `An alias for -n/--length`, `a synonym for -x, for compatibility with …`,
`equivalent to --x (-X)`, `Deprecated alias for --x (inverse: --no-x)`, or a sentence `This
flag is now an alias for --x.` — becomes aliases of that option when both are of the same kind
(switch, count or value, taking as many words). Nothing else is: a preset value (`same as --format=posix`), several
options (`same as --partial --progress`), a difference (`same as --exclude but ignores case`),
or an option the same help does not list keeps its row as a flag of its own.
"""

from __future__ import annotations

import re

from workbench.model.tree import Flag, drop_shared_aliases

_SPELLED = r"['\"`]?--?[A-Za-z0-9?][\w?-]*(?:\[?=[^\s'\"`]+\]?)?['\"`]?"
_SAYS_ALIAS = (
    r"(?:(?:now|just|simply|only)\s+)?(?:(?:a|an)\s+)?(?:(?:deprecated|obsolete|old)\s+)?"
    r"(?:same\s+as|alias\s+(?:for|of|to)|synonym\s+(?:for|of)|equivalent\s+to|identical\s+to)"
    rf"\s+(?:the\s+)?(?P<target>{_SPELLED}(?:(?:,\s*|/){_SPELLED})*)(?:\s+option)?"
    r"(?:\s*\((?P<aside>[^()]*)\))?"
)
_WHOLE = re.compile(
    rf"^\s*(?:\(?deprecated\)?[:.,]?\s+)?(?:(?:this|it)(?:\s+(?:flag|option))?\s+is\s+)?"
    rf"{_SAYS_ALIAS}\s*(?:[.;]?\s*$|,\s+for\s+compatibility\b[^.;]*[.;]?\s*$)",
    re.IGNORECASE,
)
"""A description that is nothing but `same as --x`: the row is that option's alias."""
_SENTENCE = re.compile(
    rf"(?:^|(?<=[.!]\s))(?:this|it)(?:\s+(?:flag|option))?\s+is\s+{_SAYS_ALIAS}\s*\.(?:\s|$)",
    re.IGNORECASE,
)
"""A sentence of a longer description saying the row itself is another option's alias
(`DEPRECATED. Use --no-unicode instead. This flag is now an alias for --no-unicode.`)."""
_ASIDE = re.compile(
    rf"^(?:inverse:\s*{_SPELLED}|deprecated|default|{_SPELLED}(?:,\s*{_SPELLED})*)$", re.I
)
"""What a parenthesis after the target may say: its other spellings (`(-D)`), its off form
(`(inverse: --no-x)`), `deprecated` or `default`; anything else (`(but slower)`) makes it no
alias."""


def fold_alias_rows(flags: list[Flag]) -> list[Flag]:
    """`flags` with every row that is another one's alias folded into that one (its spellings
    become the other's `aliases`, after the ones it has), in order; then no spelling held twice
    (`drop_shared_aliases`)."""
    kept = list(flags)
    for row in flags:
        target = _target(row, kept)
        if target is None:
            continue
        own = set(target.spellings) | target.primary_spellings()
        target.aliases = (*target.aliases, *(s for s in row.spellings if s not in own))
        kept.remove(row)
    drop_shared_aliases(kept)
    return kept


def _target(row: Flag, flags: list[Flag]) -> Flag | None:
    """The flag `row`'s description says it is the same as, when that flag is listed here and
    takes the command line as `row` does."""
    said = _WHOLE.match(row.help) or _SENTENCE.search(row.help)
    if said is None or row.negatable:
        return None  # a `--[no-]x` row's off form could not be an alias of the other's
    aside = (said.group("aside") or "").strip()
    if aside and not _ASIDE.match(aside):
        return None
    names = [_bare(s, row) for s in re.split(r",\s*|/", said.group("target"))]
    if not aside.lower().startswith(("inverse", "deprecated", "default")):
        names += [_bare(s, row) for s in re.split(r",\s*", aside) if s]
    if any(name is None for name in names):
        return None  # `same as --format=posix`: a preset value, not a second spelling
    matches = [f for f in flags if f is not row and set(names) <= set(f.spellings)]
    if len(matches) != 1:
        return None
    target = matches[0]
    if (target.kind, target.nargs) != (row.kind, row.nargs):
        return None  # `-a  same as --binary-files`: a switch is no spelling of a valued option
    return target


def _bare(spelled: str, row: Flag) -> str | None:
    """`--replace=R` → `--replace` when `R` is the row's own placeholder (`-I R  same as
    --replace=R`); None for any other value (a preset); quotes removed."""
    spelled = spelled.strip("'\"`")
    name, _, value = spelled.replace("[=", "=").rstrip("]").partition("=")
    if not value:
        return name
    placeholder = (row.metavar or "").strip("<>[]").lower()
    return name if placeholder and value.strip("<>").lower() == placeholder else None
