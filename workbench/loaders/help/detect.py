"""The registry of help styles, and which style a text is written in.

Each style lives in its own module, which owns its rules (`RULES`), its parser (`parse`) and the
marks it leaves in a help text (`SIGNS`: pattern and weight, cobra's `Available Commands:`,
clap's `Print help`, click's `Show this message and exit.`, …). `REGISTRY` below lists every
style once, in tie-break order; adding a style is one module and one line here.

Detection scores each text for every style's signs; the highest score wins, ties go to the style
the parent command was written in (else the earlier in `REGISTRY`), and a text with no clear
sign is read by the generic parser.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from workbench.loaders.help import (
    app_cmd,
    argparse_style,
    clap,
    cleo,
    click_style,
    clidocs,
    clipanion,
    cobra,
    commander,
    generic,
    gnu,
    kingpin,
    lua_argparse,
    npm_style,
    optparse_applicative,
    plumbum,
    thor,
    typed_lines,
    yargs,
)
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import ParsedHelp


@dataclass(frozen=True)
class Style:
    """One help style: its name, the marks that identify it, its rules and its parser."""

    name: str
    signs: tuple[tuple[str, int], ...]
    rules: Rules
    """Also what a fuller listing the style's help points to is read with."""
    parse: Callable[[str, list[str]], ParsedHelp] | None = None
    """A parser of its own; None: the shared engine with `rules` (most styles need no more)."""

    def read(self, text: str, path: list[str]) -> ParsedHelp:
        """One help text of the command at `path`, read in this style."""
        return (
            self.parse(text, path)
            if self.parse is not None
            else generic.parse(text, path, self.rules)
        )


_OVERSTRIKE = re.compile(r".\x08")

REGISTRY: tuple[Style, ...] = (
    Style("cobra", cobra.SIGNS, cobra.RULES),
    Style("clap", clap.SIGNS, clap.RULES),
    Style("click", click_style.SIGNS, click_style.RULES),
    Style("argparse", argparse_style.SIGNS, argparse_style.RULES),
    Style("cleo", cleo.SIGNS, cleo.RULES, cleo.parse),
    Style("optparse-applicative", optparse_applicative.SIGNS, optparse_applicative.RULES),
    Style("commander", commander.SIGNS, commander.RULES),
    Style("yargs", yargs.SIGNS, yargs.RULES),
    Style("kingpin", kingpin.SIGNS, kingpin.RULES),
    Style("gnu", gnu.SIGNS, gnu.RULES),
    Style("typed-lines", typed_lines.SIGNS, typed_lines.RULES),
    Style("npm", npm_style.SIGNS, npm_style.RULES),
    Style("clipanion", clipanion.SIGNS, clipanion.RULES, clipanion.parse),
    Style("thor", thor.SIGNS, thor.RULES),
    Style("plumbum", plumbum.SIGNS, plumbum.RULES),
    Style("app-cmd", app_cmd.SIGNS, app_cmd.RULES),
    Style("lua-argparse", lua_argparse.SIGNS, lua_argparse.RULES),
    Style("clidocs", clidocs.SIGNS, clidocs.RULES, clidocs.parse),
    Style("generic", (), generic.GENERIC),
)
"""Every style, in tie-break order; `generic` (no signs) reads what no other style claims."""

_BY_NAME = {style.name: style for style in REGISTRY}
STYLES = tuple(_BY_NAME)


def detect_style(text: str, *, prefer: str | None = None) -> str:
    """The style `text` is written in (one of `STYLES`); `prefer` wins ties. Overstrike (a
    page groff rendered for a terminal, `N\bNA\bAM\bME\bE`) is read as the letters it prints."""
    text = _OVERSTRIKE.sub("", text) if "\x08" in text else text
    scores = {style.name: _score(text, style.signs) for style in REGISTRY if style.signs}
    best = max(scores.values())
    if best < 2:
        return prefer if prefer in scores and scores[prefer] > 0 else "generic"
    leaders = [name for name, score in scores.items() if score == best]
    return prefer if prefer in leaders else leaders[0]


def _score(text: str, signs: tuple[tuple[str, int], ...]) -> int:
    return sum(weight for pattern, weight in signs if re.search(pattern, text, re.MULTILINE))


def parser_for(style: str) -> Callable[[str, list[str]], ParsedHelp]:
    """The `parse(text, path)` function of a style."""
    return _BY_NAME[style].read


def rules_for(style: str) -> Rules:
    """The `Rules` a style reads with (for listings a pointer led to)."""
    return _BY_NAME[style].rules
