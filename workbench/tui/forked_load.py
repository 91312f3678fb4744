"""Loading a CLI TARGET in a forked child while the TUI imports, so the two run on two cores.

Opening a 2,000-command click CLI is two halves of about equal CPU: importing the TUI (Textual,
our widgets) and loading the TARGET (importing the CLI, reading its command objects, building
the tree). In one process they cannot overlap (one interpreter lock); in two they can.
`ForkedLoad.start` forks before the TUI's imports (Linux only, where `os.fork` is the ordinary
way to start a process and nothing else runs yet in ours); the child runs the same
`workbench.loaders.load` the app would and sends back, over a pipe, its progress lines and the
loaded CLI as JSON, the tree as one line read with pydantic-core's JSON parser
(`CommandTree.model_validate_json`). The app's loading worker waits for it
(`ForkedLoad.opened`) where it would otherwise load in process (`loading.open_workspace`).

What the user meets is the same either way (tests/test_tui_forked_load.py): an equal tree and
config, the same progress lines, the same one-sentence errors (a child that dies without an
answer is one sentence too), and no process left behind: `close` ends and reaps the child on
every way out of `mcp-workbench [TARGET]`, also when the user quits while it loads.
The child's standard streams are /dev/null: it must not read the terminal the TUI reads, nor
write over the TUI's screen. It forks only when a core is to spare (`worth_forking`: on a
saturated machine the second process is extra CPU that no idle core absorbs);
`MCP_WORKBENCH_FORKED_LOAD=off` always loads in process, `=on` always forks.

No Textual here, and nothing heavy at import: this module is imported before the TUI's.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

from workbench.model.errors import LoadError, WorkbenchError
from workbench.tui.loading import Opened, OpenRequest, opened_from_loaded, unexpected_failure

SWITCH = "MCP_WORKBENCH_FORKED_LOAD"


def forking_allowed() -> bool:
    """Linux, and not turned off: elsewhere `fork` is unsafe (macOS) or absent (Windows)."""
    return (
        sys.platform.startswith("linux")
        and hasattr(os, "fork")
        and os.environ.get(SWITCH, "").lower() not in ("off", "0", "no")
    )


SPARE_CORE = 0.5
"""How much of a core must have been idle (the cores this process may run on, less the
1-minute load average) for the child to run beside the TUI's imports rather than queue behind
other work: on a saturated machine the child's own start (its process, the JSON both ways)
is extra CPU that no idle core absorbs, and opening measured ~10% slower forked
(docs/performance.md, *Opening the TUI*)."""


def worth_forking() -> bool:
    """Fork for this open: allowed, and a core to spare (or `MCP_WORKBENCH_FORKED_LOAD=on`)."""
    if not forking_allowed():
        return False
    if os.environ.get(SWITCH, "").lower() in ("on", "1", "yes"):
        return True
    try:
        cores = len(os.sched_getaffinity(0))
        return os.getloadavg()[0] <= cores - 1 + (1 - SPARE_CORE)
    except (AttributeError, OSError):
        return False


class ForkedLoad:
    """One TARGET loading in a child process; `opened()` is its result in this process."""

    def __init__(self, request: OpenRequest, pid: int, answers: IO[str]) -> None:
        self.request = request
        self.pid = pid
        self.answers = answers
        self.reaped = False
        self.cancelled = False
        """`close` ended the child before it answered (the user quit while it loaded)."""
        self._reaping = threading.Lock()
        """`close` (the UI thread) and `opened` (the loading worker) may reap at once: the pid
        is signalled only while it is surely still ours."""
        self.child_cpu_s: float | None = None
        """The child's CPU time (user + system), once reaped: for bench/profile_open.py."""

    @classmethod
    def start(cls, request: OpenRequest) -> ForkedLoad | None:
        """Fork a child loading `request`; None when it should load in process (a config to
        reopen, or no fork here)."""
        if request.is_config or not forking_allowed():
            return None
        # Both processes need the model (pydantic and its classes, ~150 ms to import): imported
        # once before the fork, the child shares it instead of importing it again.
        import workbench.model.config  # noqa: F401
        import workbench.model.tree  # noqa: F401

        readable, writable = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(readable)
            os.close(writable)
            return None
        if pid == 0:  # the child: load, answer, and leave without running the parent's code
            status = 1
            try:
                os.close(readable)
                _quiet_standard_streams()
                with open(writable, "w", encoding="utf-8") as out:
                    _answer(request, out)
                status = 0
            finally:
                os._exit(status)
        os.close(writable)
        return cls(request, pid, open(readable, encoding="utf-8"))

    def opened(self, progress: Callable[[str], None] | None = None) -> Opened:
        """The child's answer as the session to open (blocks until it has answered): what
        `open_workspace` would have returned, or its one-sentence LoadError."""
        from workbench.loaders import LoadedCLI
        from workbench.model.config import SourceConfig
        from workbench.model.tree import CommandTree

        report = progress or (lambda _text: None)
        header: dict[str, Any] | None = None
        tree_json: str | None = None
        with self.answers:
            for line in self.answers:
                if header is not None:
                    tree_json = line
                    break
                answer = json.loads(line)
                if "progress" in answer:
                    report(answer["progress"])
                elif "error" in answer:
                    self._reap()
                    raise LoadError(answer["error"])
                else:
                    header = answer["loaded"]
        status = self._reap()
        if header is None or tree_json is None:
            raise LoadError(
                f"could not open {self.request.label}: the process loading it ended without an "
                f"answer ({_exit_reason(status)}); run it again, or set {SWITCH}=off to load it "
                "in the workbench's own process"
            )
        report("Building the tool surface…")
        loaded = LoadedCLI(
            CommandTree.model_validate_json(tree_json),
            SourceConfig.model_validate(header["source"]),
            header["run_from"],
        )
        return opened_from_loaded(self.request, loaded)

    def close(self) -> None:
        """End the child if it is still loading, and reap it (idempotent). A loading worker
        waiting for its answer then gets none, and `cancelled` says why."""
        with self._reaping:
            if not self.reaped:
                self.cancelled = True
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.pid, signal.SIGKILL)
                self._reap_locked()

    def _reap(self) -> int | None:
        """Wait for the child to end; its wait status (None when already reaped)."""
        with self._reaping:
            return self._reap_locked()

    def _reap_locked(self) -> int | None:
        if self.reaped:
            return None
        self.reaped = True
        try:
            _pid, status, usage = os.wait4(self.pid, 0)
        except ChildProcessError:
            return None
        self.child_cpu_s = usage.ru_utime + usage.ru_stime
        return status


def _quiet_standard_streams() -> None:
    """The child's stdin, stdout and stderr on /dev/null (the terminal is the TUI's)."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)


def _answer(request: OpenRequest, out: IO[str]) -> None:
    """In the child: load `request` as `open_workspace` would, writing JSON lines to `out`:
    `{"progress": text}` as it goes, then `{"error": sentence}`, or `{"loaded": {source,
    run_from}}` followed by the tree as one line of JSON."""

    def report(text: str) -> None:
        out.write(json.dumps({"progress": text}) + "\n")
        out.flush()

    try:
        from workbench.loaders import load

        report(f"Loading {request.label}…")
        loaded = load(request.label, name=request.name, command=request.command, progress=report)
        header = {"source": loaded.source.model_dump(mode="json"), "run_from": loaded.run_from}
        tree_json = loaded.tree.model_dump_json(exclude_defaults=True)
    except WorkbenchError as error:
        out.write(json.dumps({"error": str(error)}) + "\n")
        return
    except Exception as error:  # never a traceback for the user: the in-process load's sentence
        out.write(json.dumps({"error": unexpected_failure(request, error)}) + "\n")
        return
    out.write(json.dumps({"loaded": header}) + "\n")
    out.write(tree_json + "\n")


def _exit_reason(status: int | None) -> str:
    if status is None:
        return "its status is unknown"
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"
