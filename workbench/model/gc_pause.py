"""Pausing Python's cyclic garbage collector around one big, allocation-heavy model pass.

`build_surface` on a 5,000-command CLI and reading a config with its `[snapshot]` allocate
hundreds of thousands of small objects that all stay alive. Each allocation burst triggers
collections that walk every live object (the tree included), so with the collector running
these passes cost more than linearly in the CLI's size (measured: 5,000 commands took
1.16-1.31x ten times 500; with the collector paused ~1.0x, and ~25-30% less CPU at either
size; see docs/performance.md). Nothing in these passes creates reference cycles that must be
freed mid-pass, so the collector is paused for the pass and resumed after.

Process-wide, like `gc.disable()` itself: a pass on a worker thread pauses collection for the
other threads too, for its duration only. The collector is left as it was found: a pass that
starts while another pass (or the application) already paused it does not resume it.

Invariant: the collector is on after every pass that found it on, whether the pass returned or
raised, and off after one that found it off. Guarded by `tests/test_bench_fixes.py`
(`test_building_a_surface_leaves_the_collector_on`, `test_a_failing_build_still_resumes_the_collector`,
`test_a_collector_the_application_turned_off_stays_off`, `test_a_config_that_fails_to_read_still_resumes_the_collector`).

The TUI's own trick, `gc.freeze()` of what the full pass built (`tui/screens/main.py`), is
separate: it moves long-lived objects out of the collector's view for the session.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the cyclic collector off; resume it after if it was on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
