"""The event-loop watch of `serve`: a warning on stderr whenever the loop ran work without a break
for longer than SPEC §11.7 allows (50 ms), so an operator sees a request that holds the server.

A task wakes every TICK_S and reads the CPU time of the loop's thread (`time.thread_time`):
what the loop thread ran since the previous wake-up is the work that kept every other request
waiting. CPU time, not wall time, so a busy machine that takes the CPU away from the whole
process (nothing the server could change) is not reported, and a worker thread (argument
checks run there) is not counted.
"""

from __future__ import annotations

import logging
import time

import anyio

log = logging.getLogger("workbench.serve")

BUSY_LIMIT_MS = 50.0
"""Loop-thread CPU between two wake-ups above which a warning is logged (SPEC §11.7)."""

TICK_S = 0.025
"""How often the watch wakes up (40 times a second: negligible CPU)."""


async def watch_event_loop(limit_ms: float = BUSY_LIMIT_MS, tick_s: float = TICK_S) -> None:
    """Run until cancelled; log a warning for every stretch of loop work above `limit_ms`."""
    before = time.thread_time()
    while True:
        await anyio.sleep(tick_s)
        now = time.thread_time()
        busy_ms = (now - before) * 1000.0
        before = now
        if busy_ms > limit_ms:
            log.warning(
                "the event loop was busy for %.0f ms without a break (more than %.0f ms); "
                "other requests waited that long",
                busy_ms,
                limit_ms,
            )
