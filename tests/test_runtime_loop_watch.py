"""The event-loop watch (`workbench/runtime/loop_watch.py`) reports loop work above 50 ms and
stays quiet otherwise; `tests/test_serve_busy.py` relies on it inside a real server."""

from __future__ import annotations

import logging
import time

import anyio
import pytest

from workbench.runtime.loop_watch import watch_event_loop


@pytest.fixture
def anyio_backend():
    return "asyncio"


def spin(cpu_seconds: float) -> None:
    """Hold the loop with CPU work (not a sleep: the watch counts the loop thread's CPU)."""
    started = time.thread_time()
    while time.thread_time() - started < cpu_seconds:
        pass


@pytest.mark.anyio
async def test_a_blocked_loop_is_reported_and_short_work_is_not(caplog):
    caplog.set_level(logging.WARNING, logger="workbench.serve")
    async with anyio.create_task_group() as group:
        group.start_soon(watch_event_loop, 50.0, 0.01)
        await anyio.sleep(0.05)
        for _ in range(5):
            spin(0.005)
            await anyio.sleep(0.02)
        assert not caplog.records
        spin(0.12)
        await anyio.sleep(0.05)
        group.cancel_scope.cancel()
    [record] = caplog.records
    assert "the event loop was busy for" in record.getMessage()
    assert int(record.getMessage().split("busy for ")[1].split(" ms")[0]) >= 110
