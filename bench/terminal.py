"""A real terminal for the TUI rows: one private tmux server, one session per app run.

`Terminals()` starts a tmux server on its own socket (never the user's); `start(argv, ...)`
opens a fixed-size session (160×48) running `argv` directly (no shell) and returns a `Screen`
whose `wait_for(predicate)` polls `capture-pane` every ~10 ms and returns the time at which the
painted screen first satisfied it. This is what a user sees: the app's real driver writing
escape sequences to a real pseudo-terminal, decoded by a real terminal emulator (tmux), from
spawn or keypress to the changed screen (docs/performance.md, *TUI in a real terminal*).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
import time
from collections.abc import Callable

WIDTH, HEIGHT = 160, 48
POLL_S = 0.01


class TerminalError(RuntimeError):
    """The app never showed what was awaited (the last screen is in the message)."""


class Screen:
    """One app in one tmux session."""

    def __init__(self, terminals: Terminals, name: str, started: float) -> None:
        self.terminals = terminals
        self.name = name
        self.started = started
        """perf_counter() just before the session (and so the app) was spawned."""

    def text(self) -> str:
        """The screen as painted now (what `capture-pane` reads from tmux's own grid)."""
        return self.terminals.tmux("capture-pane", "-p", "-t", self.name)

    def dead(self) -> bool:
        return (
            self.terminals.tmux("display-message", "-p", "-t", self.name, "#{pane_dead}").strip()
            == "1"
        )

    def wait_for(self, predicate: Callable[[str], bool], limit: float = 60.0) -> float:
        """perf_counter() of the first poll whose screen satisfies `predicate`."""
        end = time.perf_counter() + limit
        while True:
            screen = self.text()
            now = time.perf_counter()
            if predicate(screen):
                return now
            if now > end or self.dead():
                state = "the app exited" if self.dead() else f"nothing after {limit:.0f} s"
                raise TerminalError(f"{self.name}: {state}; last screen:\n{screen}")
            time.sleep(POLL_S)

    def press(self, key: str) -> float:
        """Send one key (tmux key name, e.g. `x`, `Down`); returns perf_counter() just before."""
        now = time.perf_counter()
        self.terminals.tmux("send-keys", "-t", self.name, key)
        return now

    def close(self) -> None:
        self.terminals.tmux("kill-session", "-t", self.name, check=False)


class Terminals:
    """A private tmux server; `close()` (or leaving the `with`) ends it and every app in it."""

    _ids = itertools.count()

    def __init__(self) -> None:
        if shutil.which("tmux") is None:
            raise FileNotFoundError("tmux is not installed (apt-get install tmux)")
        self.socket = f"mcp-workbench-bench-{os.getpid()}-{next(self._ids)}"
        self.env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        self.env.pop("TMUX", None)
        self._names = itertools.count()
        # A server that outlives its sessions, started before anything is timed; the apps'
        # sessions keep their pane after exit so a crash's last screen can be reported.
        self.tmux(
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            "idle",
            "-x",
            str(WIDTH),
            "-y",
            str(HEIGHT),
            "cat",
        )
        self.tmux("set-option", "-g", "remain-on-exit", "on")
        self.tmux("set-option", "-g", "status", "off")

    def tmux(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            env=self.env,
            check=False,
        )
        if check and done.returncode != 0:
            raise TerminalError(f"tmux {' '.join(args[:2])} failed: {done.stderr.strip()}")
        return done.stdout

    def start(
        self, argv: list[str], env: dict[str, str] | None = None, cwd: str | None = None
    ) -> Screen:
        """Spawn `argv` in a fresh 160×48 session; the clock starts just before the spawn."""
        name = f"app{next(self._names)}"
        prefix = ["env", *(f"{k}={v}" for k, v in (env or {}).items())]
        options = ["-c", cwd] if cwd else []
        started = time.perf_counter()
        self.tmux(
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            str(WIDTH),
            "-y",
            str(HEIGHT),
            *options,
            "--",
            *prefix,
            *argv,
        )
        return Screen(self, name, started)

    def close(self) -> None:
        socket = self.tmux("display-message", "-p", "#{socket_path}", check=False).strip()
        self.tmux("kill-server", check=False)
        if socket.endswith(self.socket):
            with contextlib.suppress(OSError):
                os.unlink(socket)  # tmux leaves the socket file behind

    def __enter__(self) -> Terminals:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
