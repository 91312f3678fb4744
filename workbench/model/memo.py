"""Remembering the answers of pure checks by their text, the one way the model and runtime
memoise (`@memoized(size)`, over `functools.lru_cache`).

The TUI rebuilds the surface on every edit, and `serve` validates every call: the same override
schema is checked, the same glob compiled, the same tool JSON tokenized, the same pattern
compiled for RE2, again and again. Each such function is `@memoized`:

- Invariant: its arguments are the whole input, as immutable text or numbers (a schema passes as
  its `json.dumps(..., sort_keys=True)` text, never as a dict), it reads nothing else (no file,
  no environment, no clock), and what it returns is immutable or never changed by a caller (a
  sentence, None, a count, a compiled pattern). So a remembered answer is the answer.
- Bounded: each cache holds at most `size` answers, least recently used dropped first.
- `clear_all()` forgets every answer (for a test that must see a first computation).

Guarded by the tests that compare an edited surface with a fresh build
(`tests/test_shaping_surface.py::test_rebuild_commands_equals_build_surface_on_shaped_configs`)
and `tests/test_memo.py` (every memoised function keeps the invariant's shape).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

FunctionT = TypeVar("FunctionT", bound=Callable[..., Any])

MEMOIZED: list[Any] = []
"""Every memoised function of the process (their caches, for `clear_all` and the tests)."""


def memoized(size: int) -> Callable[[FunctionT], FunctionT]:
    """`@memoized(size)`: remember up to `size` answers of a pure function of immutable arguments."""

    def wrap(function: FunctionT) -> FunctionT:
        cached = lru_cache(maxsize=size)(function)
        MEMOIZED.append(cached)
        return cached  # type: ignore[return-value]  # lru_cache keeps the call signature

    return wrap


def clear_all() -> None:
    """Forget every remembered answer."""
    for cached in MEMOIZED:
        cached.cache_clear()
