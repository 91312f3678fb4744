"""Selectors (SPEC §5.2), compiled once per build: which selector claims a command (first match
wins) and which of its flags it keeps, remembering which patterns ever matched so the surface
can warn about patterns that match nothing."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from typing import Any

from workbench.model.config import Selector
from workbench.model.memo import memoized


@memoized(4096)
def glob(pattern: str) -> re.Pattern[str]:
    """A shell glob compiled once (and kept across TUI rebuilds)."""
    return re.compile(fnmatch.translate(pattern))


@dataclass
class Patterns:
    """Globs compiled once, remembering which ever matched (for 'matches nothing' warnings)."""

    texts: list[str]
    compiled: list[re.Pattern[str]] = field(init=False)
    used: list[bool] = field(init=False)

    def __post_init__(self) -> None:
        self.compiled = [glob(p) for p in self.texts]
        self.used = [False] * len(self.texts)

    def match(self, text: str) -> bool:
        hit = False
        for index, pattern in enumerate(self.compiled):
            if pattern.match(text):
                self.used[index] = True
                hit = True
        return hit

    def unused(self) -> list[str]:
        return [t for t, u in zip(self.texts, self.used) if not u]


@dataclass
class CompiledSelector:
    """One `[[selectors]]` entry, numbered from 1 as the user counts them."""

    number: int
    commands: Patterns
    include: Patterns | None
    exclude: Patterns
    include_inherited: Patterns | None
    exclude_inherited: Patterns
    pins: dict[str, tuple[Any, tuple[str | int, ...]]] = field(default_factory=dict)
    """The selector's `pin`, key → (value, its key path `("selectors", index, "pin", key)`)."""
    claimed: int = 0
    decided: dict[tuple[str, bool], bool] = field(default_factory=dict)
    """Memo of `keeps`: the same flag keys recur on thousands of commands."""

    @classmethod
    def compile(cls, number: int, selector: Selector) -> CompiledSelector:
        def optional(texts: list[str] | None) -> Patterns | None:
            return None if texts is None else Patterns(texts)

        return cls(
            number=number,
            commands=Patterns(selector.commands),
            include=optional(selector.include_flags),
            exclude=Patterns(selector.exclude_flags),
            include_inherited=optional(selector.include_inherited_flags),
            exclude_inherited=Patterns(selector.exclude_inherited_flags),
            pins={
                key: (value, ("selectors", number - 1, "pin", key))
                for key, value in selector.pin.items()
            },
        )

    def keeps(self, key: str, inherited: bool) -> bool:
        decided = self.decided.get((key, inherited))
        if decided is None:
            include = self.include_inherited if inherited else self.include
            exclude = self.exclude_inherited if inherited else self.exclude
            decided = (include is None or include.match(key)) and not exclude.match(key)
            self.decided[(key, inherited)] = decided
        return decided

    def flag_patterns(self) -> list[tuple[str, Patterns]]:
        named = [
            ("include_flags", self.include),
            ("exclude_flags", self.exclude),
            ("include_inherited_flags", self.include_inherited),
            ("exclude_inherited_flags", self.exclude_inherited),
        ]
        return [(label, p) for label, p in named if p is not None]
