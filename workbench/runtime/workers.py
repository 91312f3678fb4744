"""`serve --http --workers N`: N `serve` processes answering on one port.

The supervisor binds the listening socket once and starts N worker processes that inherit it
(`pass_fds`; the kernel hands each new connection to one of the processes waiting in accept),
so the port, the bind checks and the bind errors are exactly those of a single `serve --http`.
Each worker is a whole `serve`: its own event loop, tool runner and `max_concurrency`.

Protocol eras: 2026-07-28 requests carry no session, so any worker can answer any of them. A
2025-11-25 client's session would live in one worker's memory while its next connection may be
accepted by another, so workers serve that era statelessly (each request stands alone: calls and
`tools/list` work; a client's cancel and server-to-client streams need a stateful session, for
which run separate `serve --http --instance NAME` processes behind a balancer that routes by
session, docs/runtime.md). A worker that dies stops the group, and `serve` exits with its status,
so a service manager restarts the whole. SIGTERM/SIGINT: each worker kills its CLIs, then exits.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import socket

log = logging.getLogger("workbench.serve")

LISTEN_FD_ENV = "MCP_WORKBENCH_LISTEN_FD"
"""Set in a worker's environment: the inherited listening socket's file descriptor."""
WORKER_ENV = "MCP_WORKBENCH_WORKER"
"""Set in a worker's environment: its number (1…N), shown in its log lines."""
TOKEN_ENV = "MCP_WORKBENCH_WORKER_TOKEN"
"""Set in a worker's environment: the bearer token (removed before any CLI runs)."""
MAX_WORKERS = 64
"""The most `--workers` processes one `serve` starts."""
STOP_GRACE_S = 5.0


def serve_workers(
    config_path: Path,
    host: str,
    port: int,
    token: str | None,
    log_level: str,
    workers: int,
    extra_args: tuple[str, ...] = (),
) -> int:
    """Bind HOST:PORT, run `workers` worker processes on it until a signal; their exit status.
    Each worker gets `extra_args` too (`--watch`: each one follows the config itself)."""
    # lazy: the transport loads the SDK; serve's argument checks use this module before it may
    from workbench.runtime.transport import listen

    listener = listen(host, port)
    bound = listener.getsockname()[1]
    address = f"[{host}]:{bound}" if ":" in host else f"{host}:{bound}"
    log.info("serving MCP on http://%s/mcp with %d worker processes", address, workers)
    children: list[subprocess.Popen[bytes]] = []
    stopping: list[int] = []

    def stop(signum: int, _frame: object) -> None:
        stopping.append(signum)
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    previous = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        for number in range(1, workers + 1):
            env = {**os.environ, LISTEN_FD_ENV: str(listener.fileno()), WORKER_ENV: str(number)}
            if token:  # not on the command line, where `ps` shows it; the worker pops it
                env[TOKEN_ENV] = token
            argv = [
                sys.executable,
                "-m",
                "workbench.cli",
                "serve",
                str(config_path),
                "--http",
                address,
                "--log-level",
                log_level,
                *extra_args,
            ]
            children.append(
                subprocess.Popen(
                    argv,
                    env=env,
                    pass_fds=[listener.fileno()],
                    stdin=subprocess.DEVNULL,
                    preexec_fn=_die_with_parent,
                )
            )
        listener.close()  # the workers hold it now
        return _supervise(children, stopping)
    finally:
        _stop_all(children)
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _die_with_parent() -> None:
    """In the worker before exec: a SIGTERM when the supervisor dies, even by SIGKILL, so no
    worker outlives it holding the port (Linux; elsewhere the supervisor's own stop applies)."""
    if sys.platform.startswith("linux"):
        # lazy: ctypes only on Linux, in the worker about to exec
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _supervise(children: list[subprocess.Popen[bytes]], stopping: list[int]) -> int:
    """Wait until every worker exits; the first that exits on its own stops the rest."""
    status = 0
    while any(child.poll() is None for child in children):
        for child in children:
            code = child.poll()
            if code is not None and not stopping:
                log.error(
                    "worker process %d exited with status %d; stopping the others", child.pid, code
                )
                status = code or 1
                stopping.append(0)
                for other in children:
                    if other.poll() is None:
                        other.send_signal(signal.SIGTERM)
        try:
            os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOWAIT)  # sleep until some worker exits
        except (ChildProcessError, InterruptedError):
            pass
    return status


def _stop_all(children: list[subprocess.Popen[bytes]]) -> None:
    deadline = time.monotonic() + STOP_GRACE_S
    for child in children:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    for child in children:
        try:
            child.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def inherited_listener() -> socket.socket | None:
    """In a worker: the listening socket the supervisor handed down (and its number), else None."""
    fd = os.environ.pop(LISTEN_FD_ENV, None)  # the CLIs this worker runs must not see it
    if fd is None:
        return None
    return socket.socket(fileno=int(fd))


def inherited_token() -> str | None:
    """In a worker: the supervisor's `--token`, taken out of the environment the CLIs inherit."""
    return os.environ.pop(TOKEN_ENV, None)


def worker_number() -> str | None:
    """In a worker: its number (for its log lines), else None."""
    return os.environ.pop(WORKER_ENV, None)
