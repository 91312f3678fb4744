"""Process hygiene for every path that starts a CLI: a call leaves no process behind, even one
that detached itself (SPEC §11.8).

A CLI runs in its own process group, and each path kills that group when the CLI is done. A
process that double-forks and calls `setsid()` leaves the group, so that kill cannot reach it.
To find such processes:

- On Linux this process becomes a *child subreaper* (`prctl(PR_SET_CHILD_SUBREAPER)`): a
  descendant whose parent dies is re-parented to us instead of to init, so it shows up as one
  of our own children.
- Every run's environment carries `MCP_WORKBENCH_RUN=<our pid>-<n>`, which descendants inherit.
  When a run ends, `Run.finished()` kills (SIGKILL) and reaps each child of ours that is not a
  live run's process and whose environment names a run of ours that is over, and repeats until
  none is left (killing one re-parents its own children to us).
- A process that also cleared its environment carries no mark. In a process that starts
  children only through `Run` (the server: `own_every_child()`), such unmarked children, and
  zombies of exited orphans, are killed and reaped as soon as no run is live; elsewhere (the
  TUI, `export`) they are left alone, since they may belong to code that does not use `Run`.

Stdlib only, no imports from the rest of the package, so both `runtime/` and the crawler
(`loaders/help/`) use it. Never waits for a pid it did not find as an unregistered child of
ours, so the asyncio and `subprocess` child watchers keep their own processes.
"""

from __future__ import annotations

import ctypes
import errno
import itertools
import os
import signal
import sys
import threading
import time

MARK_VARIABLE = "MCP_WORKBENCH_RUN"
"""The environment variable naming the run a process descends from."""

_PR_SET_CHILD_SUBREAPER = 36
_MAX_ROUNDS = 50
"""Sweeps per run end: each round kills one generation of re-parented descendants."""

_lock = threading.Lock()
"""Guards the registry below (runs start and end in many threads: crawler workers, anyio's)."""
_sweep_lock = threading.Lock()
_counter = itertools.count(1)
_issued = 0
"""How many marks have been handed out (the last mark's number); guarded by `_lock`."""
_live_marks: set[str] = set()
_live_pids: set[int] = set()
_subreaper: bool | None = None
_exclusive = False


def become_subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux); True when it is.
    Idempotent and cheap after the first call."""
    global _subreaper
    with _lock:
        if _subreaper is None:
            _subreaper = _set_subreaper()
        return _subreaper


def _set_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def own_every_child() -> None:
    """Declare that this process starts children only through `Run` (the server), so unmarked
    orphans and zombies may be killed and reaped too when no run is live."""
    global _exclusive
    _exclusive = True


class Run:
    """One CLI invocation's bookkeeping: the mark its environment carries, its process, and the
    sweep when it is over. Create it before spawning, so its descendants are never mistaken for
    leftovers of another run."""

    def __init__(self) -> None:
        global _issued
        become_subreaper()
        self._pid: int | None = None
        with _lock:
            _issued = next(_counter)
            self.mark = f"{os.getpid()}-{_issued}"
            _live_marks.add(self.mark)

    def env(self, env: dict[str, str]) -> dict[str, str]:
        """`env` plus this run's mark."""
        return {**env, MARK_VARIABLE: self.mark}

    def started(self, pid: int) -> None:
        """The run's own process: never touched by a sweep while the run is live."""
        self._pid = pid
        with _lock:
            _live_pids.add(pid)

    def finished(self) -> list[int]:
        """The run is over (its process group already killed): kill and reap what it left.
        Blocking but short (a /proc scan per round); returns the pids killed."""
        self._forget()
        return sweep()

    def finish_soon(self) -> None:
        """`finished()` in a background thread, for a caller that must not wait (a cancelled
        call: nobody waits for its answer, but its canceller waits for it to end)."""
        self._forget()
        threading.Thread(target=sweep, name="mcp-workbench sweep", daemon=True).start()

    def _forget(self) -> None:
        with _lock:
            _live_marks.discard(self.mark)
            if self._pid is not None:
                _live_pids.discard(self._pid)


def kill_every_run() -> list[int]:
    """Server shutdown: forget every run as live (their groups are already killed) and sweep,
    so no detached descendant outlives the server."""
    with _lock:
        _live_marks.clear()
        _live_pids.clear()
    return sweep()


def sweep() -> list[int]:
    """Kill and reap every child of ours left by a run that is over; the pids killed.
    One sweep at a time: a pid another sweep has reaped may already name another process."""
    with _sweep_lock:
        return _sweep()


def _sweep() -> list[int]:
    me = os.getpid()
    prefix = f"{me}-"
    killed: list[int] = []
    for _ in range(_MAX_ROUNDS):
        with _lock:
            live_pids = set(_live_pids)
            live_marks = set(_live_marks)
            issued = _issued
        # A run may start while /proc is scanned: its mark is newer than `issued`, so it is
        # never taken for a finished one (a mark, once over, never becomes live again).
        found = []
        unmarked = []
        for pid, _state in _children_of(me):
            if pid in live_pids:
                continue
            mark = _mark_of(pid)
            if mark is not None and mark.startswith(prefix):
                if mark not in live_marks and _number_of(mark) <= issued:
                    found.append(pid)
            elif _exclusive and not live_marks:
                unmarked.append(pid)  # unmarked, or a zombie (no environment left to read)
        with _lock:
            if unmarked and _issued == issued:
                # no run started since the snapshot, so none of these is a run's own process
                # caught between fork and exec (when it still has our environment, unmarked)
                found.extend(unmarked)
        if not found:
            break
        for pid in found:
            _kill(pid)
        for pid in found:
            _reap(pid)
        killed.extend(found)
    return killed


def _children_of(parent: int) -> list[tuple[int, str]]:
    """(pid, state) of every process whose parent is `parent`, from /proc (raw reads: this runs
    once per call, and ~1-2 ms for a few hundred processes)."""
    out: list[tuple[int, str]] = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    for name in names:
        if not name.isdigit():
            continue
        try:
            fd = os.open(f"/proc/{name}/stat", os.O_RDONLY)
            try:
                stat = os.read(fd, 512)
            finally:
                os.close(fd)
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses
        end = stat.rfind(b")")
        fields = stat[end + 2 : end + 40].split(b" ", 2)
        if len(fields) > 1 and fields[1].isdigit() and int(fields[1]) == parent:
            out.append((int(name), fields[0].decode("ascii", "replace")))
    return out


def _number_of(mark: str) -> int:
    """The run number in a mark of ours (`<pid>-<n>`)."""
    tail = mark.rpartition("-")[2]
    return int(tail) if tail.isdigit() else 0


def _mark_of(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            environ = handle.read()
    except OSError:
        return None
    key = MARK_VARIABLE.encode() + b"="
    for entry in environ.split(b"\0"):
        if entry.startswith(key):
            return entry[len(key) :].decode("ascii", "replace")
    return None


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _reap(pid: int) -> None:
    """Wait for `pid` (our child, just sent SIGKILL) so it leaves no zombie; gives up after
    REAP_WAIT_S (a process stuck in the kernel dies later and stays a zombie until the next sweep)."""
    deadline = time.monotonic() + REAP_WAIT_S
    delay = 0.001
    while True:
        try:
            done, _status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return
        except OSError as error:
            if error.errno == errno.EINTR:
                continue
            return
        if done or time.monotonic() > deadline:
            return
        time.sleep(delay)
        delay = min(delay * 2, 0.05)


REAP_WAIT_S = 2.0
