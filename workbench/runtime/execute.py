"""Run one CLI invocation: its own process group, stdin closed, output capped, always reaped.

`run_cli(argv, ...)` starts the process with `start_new_session=True` (so the CLI and anything
it spawns share one process group), reads stdout and stderr incrementally, keeps at most
`max_output_bytes` of each (the rest is read and discarded, so the child never blocks on a full
pipe and our memory stays flat), and on timeout, cancellation, or return kills the whole group:
SIGTERM, then SIGKILL after a short grace. Descendants that left the group (a daemon that
double-forked and called `setsid()`) are found and killed by `workbench.children` when the call
ends (this process is a child subreaper). No shell is ever involved.
"""

from __future__ import annotations

import errno
import logging
import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import anyio
from anyio.abc import ByteReceiveStream, Process

from workbench import children

log = logging.getLogger(__name__)

KILL_GRACE_S = 0.5
"""Between SIGTERM and SIGKILL for a call's process group."""

DRAIN_GRACE_S = 1.0
"""After the CLI exits, how long we keep reading pipes still held open by its leftovers."""


@dataclass(frozen=True)
class Execution:
    """What one run produced."""

    exit_code: int | None
    """The CLI's exit status; negative for a signal; None when it never started."""
    stdout: str
    stderr: str
    truncated: bool
    duration_ms: int
    timed_out: bool = False
    start_error: str | None = None
    """Why the CLI could not be started, as one sentence; None when it started."""


class ProcessGroups:
    """The process groups of the calls in flight, so a shutting-down server can kill them all."""

    def __init__(self) -> None:
        self._live: set[int] = set()

    def add(self, pgid: int) -> None:
        self._live.add(pgid)

    def discard(self, pgid: int) -> None:
        self._live.discard(pgid)

    def __len__(self) -> int:
        return len(self._live)

    async def terminate_all(self) -> None:
        """SIGTERM every live group, wait up to the grace, SIGKILL what is left (server shutdown)."""
        for pgid in list(self._live):
            _signal_group(pgid, signal.SIGTERM)
        with anyio.move_on_after(KILL_GRACE_S):
            while any(_signal_group(pgid, 0) for pgid in list(self._live)):
                await anyio.sleep(0.02)
        for pgid in list(self._live):
            _signal_group(pgid, signal.SIGKILL)
        # what the calls detached from their groups; the calls' own cleanup may never run (exit)
        children.kill_every_run()


class _Capture:
    """One pipe's kept bytes, up to a cap; the rest is counted and dropped."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.chunks: list[bytes] = []
        self.kept = 0
        self.dropped = 0
        self.done = anyio.Event()

    def take(self, chunk: bytes) -> None:
        room = self.cap - self.kept
        if room > 0:
            kept = chunk[:room]
            self.chunks.append(kept)
            self.kept += len(kept)
        self.dropped += max(0, len(chunk) - max(room, 0))

    def text(self) -> str:
        return b"".join(self.chunks).decode("utf-8", errors="replace")


async def run_cli(
    argv: list[str],
    *,
    cwd: Path,
    env: dict[str, str],
    timeout_s: float,
    max_output_bytes: int,
    groups: ProcessGroups | None = None,
) -> Execution:
    """Run `argv` once and return what it did; never raises for the CLI's own failures."""
    started = time.monotonic()
    if not cwd.is_dir():
        return _not_started(
            started, f"the working directory {cwd} does not exist; fix [runtime] cwd"
        )
    run = children.Run()
    try:
        process = await anyio.open_process(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=run.env(env),
            start_new_session=True,
        )
    except OSError as error:
        run.finished()
        return _not_started(started, _start_failure(argv[0], error))
    except ValueError:  # a NUL byte in argv or env
        run.finished()
        return _not_started(
            started,
            f"cannot start `{argv[0]}`: its command line or environment contains a NUL byte",
        )
    except BaseException:  # cancelled while starting: the run is over before it began
        run.finished()
        raise
    run.started(process.pid)
    pgid = process.pid
    if groups is not None:
        groups.add(pgid)
    out, err = _Capture(max_output_bytes), _Capture(max_output_bytes)
    timed_out = False
    cancelled = False
    try:
        async with anyio.create_task_group() as readers:
            readers.start_soon(_drain, process.stdout, out)
            readers.start_soon(_drain, process.stderr, err)
            with anyio.move_on_after(timeout_s) as deadline:
                await process.wait()
            timed_out = deadline.cancelled_caught
            if not timed_out:
                with anyio.move_on_after(DRAIN_GRACE_S):
                    await out.done.wait()
                    await err.done.wait()
            with anyio.CancelScope(shield=True):
                await _kill_group(pgid, process)
            readers.cancel_scope.cancel()
    except anyio.get_cancelled_exc_class():
        cancelled = True
        raise
    finally:
        with anyio.CancelScope(shield=True):
            await _kill_group(pgid, process)
            if groups is not None:
                groups.discard(pgid)
            await process.aclose()
            if cancelled:
                run.finish_soon()  # the canceller waits for this call to end, not for the sweep
            else:
                # a /proc scan, off the event loop; done before returning, so the call's
                # detached descendants are gone when its answer is
                await anyio.to_thread.run_sync(run.finished)
    return Execution(
        exit_code=process.returncode,
        stdout=out.text(),
        stderr=err.text(),
        truncated=bool(out.dropped or err.dropped),
        duration_ms=_elapsed_ms(started),
        timed_out=timed_out,
    )


async def _drain(stream: ByteReceiveStream | None, capture: _Capture) -> None:
    try:
        if stream is None:
            return
        async for chunk in stream:
            capture.take(chunk)
    except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
        pass
    finally:
        capture.done.set()


async def _kill_group(pgid: int, process: Process) -> None:
    """SIGTERM the group, wait up to the grace for it to be gone, then SIGKILL what is left."""
    if not _signal_group(pgid, signal.SIGTERM):
        return
    with anyio.move_on_after(KILL_GRACE_S):
        await process.wait()
        while _signal_group(pgid, 0):
            await anyio.sleep(0.02)
        return
    _signal_group(pgid, signal.SIGKILL)
    with anyio.move_on_after(KILL_GRACE_S):
        await process.wait()


def _signal_group(pgid: int, signum: int) -> bool:
    """Send `signum` to the group; False when no process of the group is left."""
    try:
        os.killpg(pgid, signum)
    except ProcessLookupError:
        return False
    except PermissionError:
        return False
    return True


def _start_failure(program: str, error: OSError) -> str:
    if error.errno == errno.ENOENT:
        return f"cannot start `{program}`: no such program; is it installed and on PATH?"
    if error.errno == errno.EACCES:
        return f"cannot start `{program}`: permission denied; is it executable?"
    if error.errno == errno.ENOEXEC:
        return f"cannot start `{program}`: not an executable format"
    reason = os.strerror(error.errno) if error.errno else type(error).__name__
    return f"cannot start `{program}`: {reason}"


def _not_started(started: float, reason: str) -> Execution:
    return Execution(
        exit_code=None,
        stdout="",
        stderr="",
        truncated=False,
        duration_ms=_elapsed_ms(started),
        start_error=reason,
    )


def _elapsed_ms(started: float) -> int:
    return int(round((time.monotonic() - started) * 1000))
