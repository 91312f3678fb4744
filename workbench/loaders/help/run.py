"""One help call: run the CLI with a help argument and capture what it prints.

No shell, stdin closed, its own process group (a timeout kills the whole group), and an
environment that asks for plain, wide, uncoloured, unpaged text. Never raises for what the
CLI does: a missing executable, a hang, a crash or a flood all come back as a `HelpCall`.

A call that printed nothing at all and exited 0 is asked once more with a pseudo-terminal as
its stdin (stdout and stderr still pipes; same timeout, environment and reaping): some programs
read their input from stdin when it is not a terminal and print help only for a person at one
(clean-css-cli's `--help` waits for CSS on a pipe). Nothing is ever written to that terminal, so
a program that waits for input there ends at the timeout like any hang.

The help is read from stdout, or from stderr when stdout is empty or names no usage where
stderr does (a program that logs to stdout before printing its help to stderr).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
from dataclasses import dataclass

from workbench import children

_USAGE_LINE = re.compile(r"(?im)^[ \t]*usage:")
"""A line opening a usage (`Usage: cmp [options]`): the stream that holds the help."""

MAX_HELP_BYTES = 2_000_000
"""A help text longer than this is cut: no real help is this long, a flood must not hang us."""

HELP_ENV = {
    "NO_COLOR": "1",
    "TERM": "dumb",
    "COLUMNS": "200",
    "LINES": "50",
    "PAGER": "cat",
    "MANPAGER": "cat",
    "GIT_PAGER": "cat",
    "CLICOLOR": "0",
    "CLICOLOR_FORCE": "0",
    "FORCE_COLOR": "0",
    "PY_COLORS": "0",
    "_TYPER_STANDARD_TRACEBACK": "1",
    "LC_ALL": "C.UTF-8",
    "LANG": "C.UTF-8",
}
"""Set on top of the user's environment for every help call."""


@dataclass(frozen=True)
class HelpCall:
    """What one invocation printed, and how it ended."""

    argv: tuple[str, ...]
    stdout: str = ""
    stderr: str = ""
    exit_code: int | None = None
    timed_out: bool = False
    error: str | None = None
    """Why the CLI could not be started, when it could not."""

    @property
    def text(self) -> str:
        """The help text: stdout, or stderr when the CLI printed its help there. A stdout that
        names no usage beside a stderr that does held the program's log lines, not its help
        (`cmp_main:…: CMP info: using section(s) 'cmp' …` over a help on stderr)."""
        if not self.stdout.strip():
            return self.stderr
        if _USAGE_LINE.search(self.stderr) and not _USAGE_LINE.search(self.stdout):
            return self.stderr
        return self.stdout


def help_env() -> dict[str, str]:
    """The environment every help call runs with."""
    env = dict(os.environ)
    env.update(HELP_ENV)
    return env


def run_help(
    argv: list[str] | tuple[str, ...], timeout_s: float, *, cwd: str | None = None
) -> HelpCall:
    """Run `argv` (never through a shell, in `cwd`) and return what it printed within `timeout_s`."""
    call = _run_once(tuple(argv), timeout_s, cwd=cwd, terminal_stdin=False)
    if call.exit_code == 0 and not (call.stdout.strip() or call.stderr.strip()):
        return _run_once(call.argv, timeout_s, cwd=cwd, terminal_stdin=True)
    return call


def _run_once(
    argv: tuple[str, ...], timeout_s: float, *, cwd: str | None, terminal_stdin: bool
) -> HelpCall:
    terminal = _open_terminal() if terminal_stdin else None
    try:
        return _spawn(argv, timeout_s, cwd=cwd, stdin=terminal[1] if terminal else None)
    finally:
        if terminal:
            for fd in terminal:
                os.close(fd)


def _open_terminal() -> tuple[int, int] | None:
    """A pseudo-terminal's (controller, terminal) descriptors, or None where there is none."""
    try:
        return os.openpty()
    except (OSError, AttributeError):
        return None


def _spawn(
    argv: tuple[str, ...], timeout_s: float, *, cwd: str | None, stdin: int | None
) -> HelpCall:
    run = children.Run()  # a CLI that starts a daemon on --help leaves nothing running
    try:
        process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL if stdin is None else stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=run.env(help_env()),
            cwd=cwd,
            start_new_session=True,
        )
    except OSError as error:
        run.finished()
        return HelpCall(argv, error=error.strerror or type(error).__name__)
    except BaseException:
        run.finished()
        raise
    run.started(process.pid)
    readers = [_CappedReader(process.stdout, process), _CappedReader(process.stderr, process)]
    try:
        process.wait(timeout=timeout_s)
        timed_out = False
    except subprocess.TimeoutExpired:
        _kill_group(process)
        process.wait()
        timed_out = True
    _kill_group(process)  # what it left in its group
    run.finished()  # and what detached from it
    # Every writer of the pipes is gone now, so the readers reach EOF; on a busy machine a
    # reader thread can still be seconds behind, and a short join here once handed on a
    # silently cut help text (a crawl of one recording then differed between runs). Wait as
    # long as the call itself may take; a reader still not done makes the call timed out.
    for reader in readers:
        reader.join(timeout=max(2.0, timeout_s))
    cut = any(reader.is_alive() for reader in readers)
    timed_out = timed_out or cut
    flooded = any(reader.flooded for reader in readers)
    return HelpCall(
        argv,
        stdout=readers[0].text(),
        stderr=readers[1].text(),
        exit_code=None if (timed_out or flooded) else process.returncode,
        timed_out=timed_out,
        error=f"it printed more than {MAX_HELP_BYTES} bytes" if flooded else None,
    )


class _CappedReader(threading.Thread):
    """Drains one pipe in the background, keeping at most MAX_HELP_BYTES of it."""

    def __init__(self, pipe, process: subprocess.Popen) -> None:
        super().__init__(daemon=True)
        self._pipe = pipe
        self._process = process
        self._chunks: list[bytes] = []
        self._size = 0
        self.flooded = False
        self.start()

    def run(self) -> None:
        with self._pipe:
            while chunk := self._pipe.read1(65536):
                if self._size < MAX_HELP_BYTES:
                    self._chunks.append(chunk)
                self._size += len(chunk)
                if self._size > MAX_HELP_BYTES and not self.flooded:
                    self.flooded = True
                    _kill_group(self._process)

    def text(self) -> str:
        return b"".join(self._chunks)[:MAX_HELP_BYTES].decode("utf-8", errors="replace")


def _kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()
