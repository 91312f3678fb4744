"""How complete a loaded tree is, in words: the coverage line and its counts (SPEC §4).

Pure functions of a `CommandTree` and its `coverage` (filled by `workbench.loaders.witness`,
or for a help-only load by `workbench.loaders`): `count_witness` counts what one witness saw,
`coverage_line` is the one line `export`, `check` and the TUI status line show, `is_short` says
whether the exact loader missed more than `SHORT_THRESHOLD` of what help shows (then the line is
a warning and lint reports WB411).
"""

from __future__ import annotations

from workbench.model.tree import Command, CommandTree, Coverage, ListingWitness, WitnessCount

SHORT_THRESHOLD = 0.03
"""A tree whose exact loader missed more than this share of the commands or of the flags help
shows is reported as short (a warning), even though the missing ones were taken from help."""

_MACHINERY = frozenset({"help", "h", "version"})


def flag_counts(command: Command) -> int:
    """The flags of `command` a user sees in its help: not hidden, not `--help`/`--version`."""
    return sum(1 for f in command.flags if not f.hidden and f.key not in _MACHINERY)


def count_witness(tree: CommandTree, unread: set[str] | None = None) -> WitnessCount:
    """Commands (not hidden, the root included) and their visible flags; the flags of `unread`
    commands (listed but their help not read) are unknown, so not counted."""
    commands = flags = 0
    stack = [tree.root]
    while stack:
        command = stack.pop()
        if command.hidden:
            continue
        commands += 1
        if not unread or command.path_str not in unread:
            flags += flag_counts(command)
        stack.extend(command.subcommands)
    return WitnessCount(commands=commands, flags=flags)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _counts(count: WitnessCount) -> str:
    return f"{_plural(count.commands, 'command')}, {_plural(count.flags, 'flag')}"


def shortfall(coverage: Coverage) -> float:
    """The largest share of help's commands or flags the exact loader lacked (0 when unknown)."""
    if coverage.help is None or coverage.exact is None:
        return 0.0
    shares = [
        taken / seen
        for taken, seen in (
            (coverage.taken_from_help.commands, coverage.help.commands),
            (coverage.taken_from_help.flags, coverage.help.flags),
        )
        if seen
    ]
    return max(shares, default=0.0)


def is_short(coverage: Coverage | None) -> bool:
    """Whether the exact loader missed more than SHORT_THRESHOLD of what help shows."""
    return coverage is not None and shortfall(coverage) > SHORT_THRESHOLD


def listed_counts(count: WitnessCount) -> str:
    """`2 commands, 5 flags`, leaving out a kind the listing does not list (a man page: flags only)."""
    parts = [
        _plural(n, word) for n, word in ((count.commands, "command"), (count.flags, "flag")) if n
    ]
    return ", ".join(parts) or "nothing"


def listing_taken(coverage: Coverage) -> WitnessCount:
    """What a help-only tree holds only because another listing showed it."""
    return WitnessCount(
        commands=sum(w.taken.commands for w in coverage.listings),
        flags=sum(w.taken.flags for w in coverage.listings),
    )


def listing_shortfall(coverage: Coverage) -> float:
    """The largest share of the final tree's commands or flags that the help text lacked and
    another listing supplied (0 when nothing was taken)."""
    if coverage.help is None:
        return 0.0
    taken = listing_taken(coverage)
    shares = [
        part / (seen + part)
        for part, seen in (
            (taken.commands, coverage.help.commands),
            (taken.flags, coverage.help.flags),
        )
        if part
    ]
    return max(shares, default=0.0)


def listing_is_short(coverage: Coverage | None) -> bool:
    """Whether the help text lacked more than SHORT_THRESHOLD of what its listings added up to."""
    return coverage is not None and listing_shortfall(coverage) > SHORT_THRESHOLD


def listing_sentence(witness: ListingWitness, *, named: int = 4) -> str:
    """What one other listing showed and what was taken from it, with the first names taken."""
    sentence = f"{witness.witness} listed {listed_counts(witness.seen)}"
    if witness.taken.commands or witness.taken.flags:
        shown = ", ".join(witness.taken_names[:named]) + (
            ", …" if len(witness.taken_names) > named else ""
        )
        sentence += f", of which {listed_counts(witness.taken)} the help lacked (taken: {shown})"
    else:
        sentence += ", nothing the help lacked"
    return sentence  # names it listed that help did not confirm (`unconfirmed`) are no shortness: not said


def coverage_line(tree: CommandTree) -> str | None:
    """One line on how complete `tree` is by each witness; None when only one witness could run
    and there is nothing to compare (a module target whose exact load showed no doubt)."""
    coverage = tree.coverage
    if coverage is None:
        return None
    if coverage.exact is None:
        if coverage.help is None:
            return None
        unread = sum(
            1 for note in tree.notes if ": help unavailable" in note or ": not crawled" in note
        )
        line = f"coverage: help only, {_counts(coverage.help)}"
        said = [listing_sentence(witness) for witness in coverage.listings]
        if said:
            line = "; ".join([line, *said])
        if coverage.short_signs:  # the crawl's own signs (they name the unread commands too)
            return f"warning: the help-only load looks short; {line}; " + "; ".join(
                coverage.short_signs
            )
        if listing_is_short(coverage):
            line = f"warning: the help text showed less than the CLI's other listings; {line}"
        return line + (
            f"; {_plural(unread, 'command')} whose own help could not be read" if unread else ""
        )
    exact = f"exact loader {_counts(coverage.exact)}"
    if coverage.help is None:
        return f"coverage: {exact}; help could not be read as the second witness (see the notes)"
    if coverage.help_scope == "top":
        if coverage.disagreements:
            extra = coverage.disagreements[0].missing_in_help
            shown = ", ".join(extra[:4]) + (", …" if len(extra) > 4 else "")
            return (
                f"coverage: {exact}; help shows nothing more at the top level ({_counts(coverage.help)} "
                f"shown there; {len(extra)} more only the exact loader has: {shown})"
            )
        return f"coverage: {exact}; help agrees at the top level ({_counts(coverage.help)} shown there)"
    taken = coverage.taken_from_help
    parts = [f"coverage: {exact}", f"help {_counts(coverage.help)}"]
    if taken.commands or taken.flags:
        parts.append(f"taken from help: {_counts(taken)}")
    if coverage.disagreements:
        parts.append(f"{_plural(len(coverage.disagreements), 'command')} where they disagree")
    else:
        parts.append("they agree")
    line = "; ".join(parts)
    if is_short(coverage):
        line = (
            f"warning: the exact loader missed {shortfall(coverage):.0%} of what help shows "
            f"(taken from help, kinds as the text says); {line}"
        )
    return line
