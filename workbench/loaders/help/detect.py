"""Which help style a text is written in, from the marks each style leaves.

Each style scores the signs it prints (cobra's `Available Commands:` and `Global Flags:`,
clap's `Print help` and `<FILE>` placeholders, click's `Show this message and exit.`,
argparse's `show this help message and exit`, cleo's `-v|vv|vvv`, commander's `display help for
command`, yargs's `Show version number  [boolean]`, git's command headings); the highest score
wins, ties go to the style the root command was written in, and a text with no clear sign is
read by the generic parser.
"""

from __future__ import annotations

import re

STYLES = ("cobra", "clap", "click", "argparse", "cleo", "commander", "yargs", "gnu", "generic")

_SIGNS: dict[str, list[tuple[str, int]]] = {
    "cobra": [
        (r"^Available Commands:", 3),
        (r"^Global Flags:", 3),
        (r"^Flags:\s*$", 2),
        (r"^Aliases:\s*$", 2),
        (r'^Use "[^"]+ --help" for more information', 3),
        (r"^Run '[^']+ COMMAND --help' for more information", 3),
        (r"^\s+(-\w, )?--[\w-]+=[^\s:]*:\s*$", 3),
        (r"^\s+(-\w, )?--[\w-]+ (string|int|duration|strings|stringArray|stringSlice|uint|float64|list)\s{2,}", 2),
        (r"^Usage:\s*\n\s+\S", 1),
    ],
    "clap": [
        (r"\s{2,}Print help( \(see more with '--help'\))?\s*$", 3),
        (r"\s{2,}Print version\s*$", 3),
        (r"\[possible values: ", 2),
        (r"^\s+(-\w, )?--[\w-]+ <[\w-]+>", 2),
        (r"^Arguments:\s*$", 1),
        (r"^USAGE:\s*$", 1),
        (r"^SUBCOMMANDS:\s*$", 2),
        (r"\[env: [A-Z_]+=", 2),
    ],
    "click": [
        (r"Show this message and exit\.", 4),
        (r"^Usage: \S.*\[OPTIONS\]", 1),
        (r"\[ARGS\]\.\.\.", 1),
        (r"^\s+(-\w, )?--[\w-]+ (TEXT|INTEGER|FLOAT|PATH|FILENAME|BOOLEAN|DIRECTORY|FILE|INTEGER RANGE|FLOAT RANGE)\b", 2),
        (r"--[\w-]+ / --no-[\w-]+", 2),
    ],
    "argparse": [
        (r"show this help message and exit", 4),
        (r"^usage: ", 1),
        (r"^positional arguments:\s*$", 2),
        (r"^(options|optional arguments):\s*$", 2),
    ],
    "cleo": [
        (r"display help for the list command\.", 4),
        (r"^\s+-v\|vv\|vvv, --verbose", 3),
        (r"^Available commands( for the \"[^\"]+\" namespace)?:\s*$", 2),
        (r"^Description:\s*$", 1),
        (r"^Help:\s*$", 1),
    ],
    "commander": [
        (r"^\s*-h, --help\s{2,}([Dd]isplay help for command|[Oo]utput usage information)\.?\s*$", 4),
        (r"^\s*help \[command\]\s{2,}display help for command", 2),
        (r"^\s+[\w-]+(\|[\w-]+)+ \[options\]", 1),
    ],
    "yargs": [
        (r"\s{2,}Show version number\s+\[boolean\]\s*$", 4),
        (r"\s{2,}Show help\s+\[boolean\]\s*$", 4),
        (r"\s\[boolean\]\s*$", 2),
        (r"\s\[(string|number|array|count)\]", 1),
        (r"\[choices: \"", 2),
    ],
    "gnu": [
        (r"^usage: git ", 3),
        (r"These are common Git commands", 3),
        (r"Mandatory arguments to long options are mandatory", 3),
        (r"^Usage: \S+ \[OPTION\]", 3),
        (r"^\s+or:\s+\S+", 2),
        (r"Report bugs to", 1),
        (r"^\s{4}-\w, --[\w-]+(\[=<[\w-]+>\]| <[\w-]+>)?(\s{2,}|$)", 1),
    ],
}


def detect_style(text: str, *, prefer: str | None = None) -> str:
    """The style `text` is written in (one of `STYLES`); `prefer` wins ties."""
    scores = {style: _score(text, signs) for style, signs in _SIGNS.items()}
    best = max(scores.values())
    if best < 2:
        return prefer if prefer in scores and scores[prefer] > 0 else "generic"
    leaders = [style for style, score in scores.items() if score == best]
    return prefer if prefer in leaders else leaders[0]


def _score(text: str, signs: list[tuple[str, int]]) -> int:
    return sum(weight for pattern, weight in signs if re.search(pattern, text, re.MULTILINE))


def parser_for(style: str):
    """The `parse(text, path)` function of a style."""
    from workbench.loaders.help import (
        argparse_style,
        clap,
        cleo,
        click_style,
        cobra,
        commander,
        generic,
        gnu,
        yargs,
    )

    return {
        "commander": commander.parse,
        "yargs": yargs.parse,
        "cobra": cobra.parse,
        "clap": clap.parse,
        "click": click_style.parse,
        "argparse": argparse_style.parse,
        "cleo": cleo.parse,
        "gnu": gnu.parse,
        "generic": generic.parse,
    }[style]


def rules_for(style: str):
    """The `Rules` a style reads with (for listings a pointer led to)."""
    from workbench.loaders.help import (
        argparse_style,
        clap,
        cleo,
        click_style,
        cobra,
        commander,
        generic,
        gnu,
        yargs,
    )

    return {
        "commander": commander.RULES,
        "yargs": yargs.RULES,
        "cobra": cobra.RULES,
        "clap": clap.RULES,
        "click": click_style.RULES,
        "argparse": argparse_style.RULES,
        "cleo": cleo.RULES,
        "gnu": gnu.RULES,
        "generic": generic.GENERIC,
    }[style]
