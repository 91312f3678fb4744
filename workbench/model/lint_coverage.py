"""Lint rules on how complete the tree is (the two witnesses, SPEC §4).

WB410 (info): a command where the exact loader and the CLI's help disagree, with what was done.
WB412 (warning): a help-only load shows its own signs of being short (`coverage.short_signs`:
help that says it shows part of its options, overrides or rows it names that no flag holds,
commands or listings that could not be read).
WB413 (warning) / WB414 (info, when it is at most `coverage.SHORT_THRESHOLD` of the tree): a
help-only load took from another listing of the CLI (cobra's completion engine, the man page,
the program's own shell completion file) commands or flags its help text lacked, named; a
third-party completion file is never taken from, it only adds a WB412 sign.
WB411 (warning): the exact loader missed more than `coverage.SHORT_THRESHOLD` of what help shows,
so part of the tree is only as good as the help text. Pure: reads `CommandTree.coverage`.
"""

from __future__ import annotations

from workbench.model.coverage import (
    SHORT_THRESHOLD,
    is_short,
    listed_counts,
    listing_is_short,
    shortfall,
)
from workbench.model.findings import Finding, finding
from workbench.model.tree import CommandTree

_MAX_LISTED = 8


def _listed(items: list[str]) -> str:
    shown = ", ".join(f"`{item}`" for item in items[:_MAX_LISTED])
    return shown + (f" and {len(items) - _MAX_LISTED} more" if len(items) > _MAX_LISTED else "")


def coverage_findings(tree: CommandTree) -> list[Finding]:
    """WB411 when the exact load was short of help, and one WB410 per disagreeing command."""
    coverage = tree.coverage
    if coverage is None:
        return []
    findings = short_sign_findings(tree) + listing_findings(tree)
    if is_short(coverage):
        findings.append(
            finding(
                "WB411",
                tree.root.path_str,
                f"The exact loader missed {shortfall(coverage):.0%} of what the CLI's help shows (more than "
                f"{SHORT_THRESHOLD:.0%}); those commands and flags were taken from help, so their kinds and "
                "types are what the text says.",
                "Review the commands and flags marked from help (WB410), or give a `module:attr` TARGET "
                "naming the CLI's real parser or command object.",
            )
        )
    for disagreement in coverage.disagreements:
        said = []
        if disagreement.missing_in_exact:
            said.append(
                f"help shows {_listed(disagreement.missing_in_exact)}, which the exact loader lacked"
            )
        if disagreement.missing_in_help:
            said.append(
                f"the exact loader has {_listed(disagreement.missing_in_help)}, which help does not show"
            )
        fix = (
            "Check the ones taken from help in the CLI's --help; override their type or exclude them "
            "if they are wrong."
            if disagreement.missing_in_exact
            else "Nothing to do if they are hidden on purpose; exclude them if the agent should not use them."
        )
        findings.append(
            finding(
                "WB410",
                disagreement.path,
                f"The two witnesses disagree: {'; '.join(said)} ({disagreement.resolution}).",
                fix,
            )
        )
    return findings


def short_sign_findings(tree: CommandTree) -> list[Finding]:
    """WB412 when a help-only load shows its own signs of being short (`coverage.short_signs`)."""
    coverage = tree.coverage
    if coverage is None or not coverage.short_signs:
        return []
    return [
        finding(
            "WB412",
            tree.root.path_str,
            "The help-only load looks short: " + "; ".join(coverage.short_signs) + ".",
            "Give a `module:attr` TARGET naming the CLI's real parser or command object if it is a Python CLI; "
            "otherwise add the missing flags by hand (`[tools.<name>]` args) from the CLI's manual, or exclude "
            "the commands whose help could not be read.",
        )
    ]


def listing_findings(tree: CommandTree) -> list[Finding]:
    """WB413 per other listing that supplied what the help text lacked, with the names."""
    coverage = tree.coverage
    if coverage is None:
        return []
    findings = []
    severe = listing_is_short(coverage)
    for witness in coverage.listings:
        if not witness.taken_names:
            continue
        guessed = any(
            f.kind_guessed and f.listed_by == witness.witness for c in tree.walk() for f in c.flags
        )
        findings.append(
            finding(
                "WB413" if severe else "WB414",
                tree.root.path_str,
                f"The help text lacked {listed_counts(witness.taken)} that the CLI's {witness.witness} lists: "
                f"{_listed(witness.taken_names)}; they were taken from it"
                + (
                    " (the flags' kinds are guesses: it does not say which take a value)."
                    if guessed
                    else "."
                ),
                "Check them against the CLI's documentation; override a flag's type (which settles its kind) "
                "or exclude what the agent should not use.",
            )
        )
    return findings
