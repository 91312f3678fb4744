"""The second witness (SPEC §4): check an exact load against what the CLI's own `--help` shows.

An exact loader reads the framework's objects; the help crawler reads what a user sees. After
an exact load this module crawls the real CLI (through the command that runs it), compares the
two trees command by command and fills `CommandTree.coverage`:

- a command or flag help shows and the exact tree lacks is taken from help, marked
  `from_help=True` (its kind and type are what the text says);
- what only the exact tree has is kept (hidden from help, usually) and listed;
- every command where they differ gets a `Disagreement` saying what was done.

How much is crawled (docs/loaders.md, "The second witness"): everything when the exact load
shows signs of incompleteness (a dispatcher, a placeholder command, a parser without a help
option, subcommands that could not be listed); else, for an executable or console script, only
the top-level help (cached by the crawler), then everything when the top level disagrees; a
module target without such signs is not crawled (it is the user's own code in the making,
the exact loader saw its objects, and its help would be generated from the same objects).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from workbench.model.coverage import count_witness, flag_counts
from workbench.model.errors import LoadError
from workbench.model.tree import (
    Command,
    CommandTree,
    Coverage,
    Disagreement,
    Flag,
    WitnessCount,
    drop_shared_aliases,
)

Crawl = Callable[..., CommandTree]
_UNREAD = re.compile(r": (help unavailable|not crawled|its \w+ help text could not be read)")
_IGNORED_FLAGS = frozenset({"help", "h", "version"})
"""Keys never compared: `--help` is left out of exact trees, `--version` is machinery."""


@dataclass
class Comparison:
    """What comparing one exact tree with one help tree found."""

    disagreements: list[Disagreement] = field(default_factory=list)
    taken: WitnessCount = field(default_factory=WitnessCount)
    missing_commands: list[str] = field(default_factory=list)
    """Top-level command names help lists that the exact tree lacks (for dispatchers)."""


def unread_paths(help_tree: CommandTree) -> set[str]:
    """Paths whose help the crawler did not read (listed by the parent only)."""
    return {note.split(":", 1)[0] for note in help_tree.notes if _UNREAD.search(note)}


def compare(
    exact: CommandTree, helped: CommandTree, *, top_only: bool = False, merge: bool = True
) -> Comparison:
    """Compare `helped` (crawled) with `exact`, taking into `exact` what only help shows when `merge`.

    `top_only`: the crawl read only the root's help, so only the root's flags and its list of
    subcommands are compared.
    """
    result = Comparison()
    unread = unread_paths(helped)
    _compare_command(exact.root, helped.root, [], result, unread, top_only, merge, depth=0)
    return result


def _compare_command(
    mine: Command,
    theirs: Command,
    ancestors: list[Command],
    result: Comparison,
    unread: set[str],
    top_only: bool,
    merge: bool,
    depth: int,
) -> None:
    missing_in_exact: list[str] = []
    missing_in_help: list[str] = []
    taken_flags = taken_commands = 0
    theirs_read = (
        theirs.path_str not in unread
    )  # a command only listed by its parent shows no flags
    if theirs_read:
        for flag in theirs.flags:
            if flag.key in _IGNORED_FLAGS or flag.hidden or _has_flag(mine, ancestors, flag):
                continue
            missing_in_exact.append(flag.spelling)
            if merge:
                mine.flags.append(_from_help(flag))
                taken_flags += 1
        for flag in mine.flags:
            if flag.hidden or flag.key in _IGNORED_FLAGS or flag.from_help:
                continue
            if not _has_flag(theirs, [], flag) and not (flag.inherited_from and ancestors):
                missing_in_help.append(flag.spelling)
        drop_shared_aliases(mine.flags)  # a taken flag never spells one of the exact flags
    if not mine.short_help and theirs.short_help:
        mine.short_help = theirs.short_help
    names = {name: sub for sub in mine.subcommands for name in (sub.name, *sub.aliases)}
    for sub in theirs.subcommands:
        own = names.get(sub.name) or next((names[a] for a in sub.aliases if a in names), None)
        if own is None:
            missing_in_exact.append(f"{sub.name} (command)")
            if depth == 0:
                result.missing_commands.append(sub.name)
            if merge:
                grafted = _graft(sub, mine.path)
                mine.subcommands.append(grafted)
                taken_commands += sum(1 for _ in grafted.walk())
                taken_flags += sum(len(c.flags) for c in grafted.walk())
            continue
        if not top_only:
            _compare_command(
                own, sub, [*ancestors, mine], result, unread, top_only, merge, depth + 1
            )
    listed = {n for sub in theirs.subcommands for n in (sub.name, *sub.aliases)}
    if theirs_read or theirs.subcommands:
        missing_in_help.extend(
            f"{sub.name} (command)"
            for sub in mine.subcommands
            if not sub.hidden
            and not sub.from_help
            and sub.name not in listed
            and not set(sub.aliases) & listed
        )
    if missing_in_exact or missing_in_help:
        result.disagreements.append(
            Disagreement(
                path=mine.path_str,
                missing_in_exact=missing_in_exact,
                missing_in_help=missing_in_help,
                resolution=_resolution(missing_in_exact, missing_in_help, merge),
            )
        )
    result.taken.flags += taken_flags
    result.taken.commands += taken_commands


def _resolution(missing_in_exact: list[str], missing_in_help: list[str], merged: bool) -> str:
    parts = []
    if missing_in_exact:
        parts.append(
            f"took {len(missing_in_exact)} from help (kinds and types as the text says)"
            if merged
            else f"help shows {len(missing_in_exact)} the exact loader lacks"
        )
    if missing_in_help:
        parts.append(f"kept {len(missing_in_help)} that help does not show")
    return "; ".join(parts)


def _has_flag(command: Command, ancestors: list[Command], flag: Flag) -> bool:
    """Whether `command` (or an ancestor, whose options click and argparse parents leave out of
    a subcommand's help) has `flag`, by any spelling either side knows (name, short letter,
    aliases), a `--no-` form, or, for a second spelling neither side kept, the same help text."""
    for owner in (command, *ancestors):
        for own in owner.flags:
            if _same_flag(own, flag):
                return True
    return False


def _same_flag(own: Flag, other: Flag) -> bool:
    if (
        own.name
        and other.name
        and (
            own.name == other.name
            or f"no-{own.name}" == other.name
            or own.name == f"no-{other.name}"
        )
    ):
        return True
    if own.short and other.short and own.short == other.short:
        return True
    if (own.aliases or other.aliases) and set(own.spellings) & set(other.spellings):
        return True  # `--silent` is one of `-q, --quiet, --silent`: matched, not missing
    if not own.name or not other.name:
        return False
    if own.kind != other.kind or not own.help or not other.help:
        return False
    mine, theirs = _words(own.help), _words(other.help)
    shorter, longer = sorted((mine, theirs), key=len)
    # help output may drop a trailing `(default: …)` the object's text has: a prefix of 16+ characters
    return (
        mine == theirs
        or len(shorter) >= 16
        and longer.startswith(shorter)
        and longer[len(shorter)] in " (["
    )


def _words(text: str) -> str:
    """Help text without its line wrapping (help output wraps it, the object does not)."""
    return " ".join(text.split())


def _from_help(flag: Flag) -> Flag:
    copy = flag.model_copy(deep=True)
    copy.from_help = True
    return copy


def _graft(command: Command, parent_path: list[str]) -> Command:
    """A help-only subtree under `parent_path`, every command and flag marked from help."""
    copy = command.model_copy(deep=True)
    for node in copy.walk():
        node.path = [*parent_path, *node.path[len(parent_path) :]]
        node.from_help = True
        for flag in node.flags:
            flag.from_help = True
    return copy


# --- the whole procedure ---------------------------------------------------------------------------


def consult_help(
    tree: CommandTree,
    *,
    run: list[str],
    signs: list[str],
    top_level_first: bool,
    crawl: Crawl,
    progress: Callable[[str], None] | None = None,
    rematerialize: Callable[[list[str]], CommandTree | None] | None = None,
) -> CommandTree:
    """Check `tree` (an exact load) against help read by running `run`, and return the tree with
    what help adds and `coverage` filled in.

    `signs`: the exact loader's reasons to doubt its tree (crawl everything when any).
    `top_level_first`: read only the root's help first (cheap, cached) and crawl the rest only
    when it disagrees. `rematerialize(names)`: load the exact tree again knowing the command
    names help lists (a dispatcher whose commands' parsers are built after dispatch).
    """
    report = progress or (lambda _text: None)
    exact_count = count_witness(tree)
    try:
        if signs or not top_level_first:
            helped = _crawl(crawl, run, tree, None)
        else:
            top = _crawl(crawl, run, tree, 0)
            at_top = compare(tree.model_copy(deep=True), top, top_only=True, merge=False)
            if not any(d.missing_in_exact for d in at_top.disagreements):  # help shows nothing more
                tree.coverage = Coverage(
                    exact=exact_count,
                    help=_top_count(top),
                    help_scope="top",
                    disagreements=at_top.disagreements,
                )
                return tree
            helped = _crawl(crawl, run, tree, None)
    except LoadError as error:
        reason = str(error).rstrip(".")
        tree.notes.append(
            f"{tree.root.name}: its help could not be read as the second witness ({reason})"
        )
        tree.coverage = Coverage(exact=exact_count, help=None)
        return tree
    if rematerialize is not None:
        first = compare(tree.model_copy(deep=True), helped, merge=False)
        if first.missing_commands:
            report(f"Loading {len(first.missing_commands)} commands {tree.root.name}'s help lists…")
            again = rematerialize(first.missing_commands)
            if again is not None:
                tree = again
                exact_count = count_witness(tree)
    found = compare(tree, helped)
    unread = unread_paths(helped)
    tree.coverage = Coverage(
        exact=exact_count,
        help=count_witness(helped, unread),
        taken_from_help=found.taken,
        disagreements=found.disagreements,
    )
    for path in sorted(unread - {tree.root.path_str}):
        taken = tree.find(path)
        if taken is not None and taken.from_help:
            tree.notes.append(
                f"{path}: only listed by its parent's help (its own help could not be read); "
                "its options are unknown"
            )
    return tree


def _crawl(crawl: Crawl, run: list[str], tree: CommandTree, max_depth: int | None) -> CommandTree:
    options = {} if max_depth is None else {"max_depth": max_depth}
    if len(run) == 1:
        return crawl(run[0], name=tree.root.name, **options)
    return crawl(run[0], name=tree.root.name, command=run, **options)


def _top_count(top: CommandTree) -> WitnessCount:
    return WitnessCount(commands=1 + len(top.root.subcommands), flags=flag_counts(top.root))
