"""Serve a built server over stdio or streamable HTTP, and stop cleanly on SIGTERM/SIGINT.

On a signal, the CLIs still running are killed first (SIGTERM to each call's process group,
SIGKILL after a short grace), then the server stops and the process exits. HTTP is stateful with
SSE responses (so a client's cancel reaches the call), bound to loopback unless told otherwise.
Both transports run the event-loop watch (`loop_watch`), which logs any stretch of loop work
above 50 ms.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
from collections.abc import Iterator
from typing import Any

import anyio
import uvicorn
from mcp.server import Server
from uvicorn.protocols.http.h11_impl import H11Protocol

from workbench.runtime.calls import ToolRunner
from workbench.runtime.http_guard import (
    BearerTokenMiddleware,
    BindError,
    check_bind,
    security_settings,
)
from workbench.runtime.loop_watch import watch_event_loop
from workbench.runtime.stdio_wire import stdio_streams

log = logging.getLogger("workbench.serve")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def serve_stdio(server: Server, runner: ToolRunner) -> None:
    """Serve one client over this process's stdin/stdout until EOF or a stop signal. Every line
    gets an answer, a line the SDK's own parser refuses too (`stdio_wire`)."""
    stopped_by: list[int] = []
    async with stdio_streams() as (read_stream, write_stream):
        async with anyio.create_task_group() as group:
            group.start_soon(_stop_on_signal, runner, group.cancel_scope.cancel, stopped_by)
            group.start_soon(watch_event_loop)
            log.info("serving %d tools over stdio", len(runner.surface.tools))
            await server.run(read_stream, write_stream, server.create_initialization_options())
            group.cancel_scope.cancel()
        if stopped_by:
            # The stdin reader is a thread blocked until EOF; nothing is left to clean up.
            _exit_now()


HEADER_READ_TIMEOUT_S = 10.0
"""A connection must send a whole request head (request line and headers) within this long of
its first byte, or of connecting; else it is closed (a slow-header client holds nothing)."""

KEEP_ALIVE_TIMEOUT_S = 5
"""An idle keep-alive connection is closed after this long without a new request."""


async def serve_http(
    server: Server,
    runner: ToolRunner,
    host: str,
    port: int,
    token: str | None,
    log_level: str = "info",
    allow_origins: tuple[str, ...] = (),
    *,
    listener: socket.socket | None = None,
    stateless: bool = False,
    instance: str | None = None,
) -> None:
    """Serve streamable HTTP at http://HOST:PORT/mcp until a stop signal (PORT 0: a free one).
    A worker of `--workers` passes its inherited `listener` and serves legacy sessions
    `stateless`ly; `instance` prefixes session ids for a routing balancer (runtime/workers.py)."""
    check_bind(host, token)
    listener = listener or listen(host, port)
    bound = listener.getsockname()[1]
    app: Any = server.streamable_http_app(
        stateless_http=stateless,
        json_response=False,
        host=host,
        transport_security=security_settings(host, bound, allow_origins),
    )
    if instance:
        # lazy: only a scale-out instance (`--instance`) routes sessions
        from workbench.runtime.session_route import SessionPrefixMiddleware

        app = SessionPrefixMiddleware(app, instance)
    if token:
        app = BearerTokenMiddleware(app, token)
    config = uvicorn.Config(
        app,
        log_level=log_level,
        log_config=None,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
        http=HeaderTimeoutH11Protocol,
        timeout_keep_alive=KEEP_ALIVE_TIMEOUT_S,
    )
    http = _SignalFreeServer(config)

    def stop() -> None:
        http.should_exit = True

    # Printed whatever the log level: with --http 0 it is the only way to learn the port.
    print(
        f"mcp-workbench serve: serving MCP on http://{f'[{host}]' if ':' in host else host}:{bound}/mcp",
        file=sys.stderr,
        flush=True,
    )
    async with anyio.create_task_group() as group:
        group.start_soon(_stop_on_signal, runner, stop, [])
        group.start_soon(watch_event_loop)
        await http.serve(sockets=[listener])
        group.cancel_scope.cancel()


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on HOST:PORT, or BindError saying why not."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        listener = socket.socket(family, socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise BindError(
            f"cannot listen on {host}:{port}: {_reason(error)}; check the --http host."
        ) from None
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(128)
    except OSError as error:
        listener.close()
        raise BindError(
            f"cannot listen on {host}:{port}: {_reason(error)}; pick another port, or --http 0 for a free one."
        ) from None
    return listener


def _reason(error: Exception) -> str:
    if isinstance(error, socket.gaierror):
        return "no such host"
    if isinstance(error, OSError) and error.errno:
        return os.strerror(error.errno).lower()
    return "the address is not valid"


class HeaderTimeoutH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, plus a deadline for the request head: uvicorn times out only idle
    keep-alive connections, so a client sending its headers a byte at a time (or nothing after
    connecting) would hold a connection forever."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._head_deadline: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._arm_head_deadline()

    def data_received(self, data: bytes) -> None:
        if self._awaiting_head():
            self._arm_head_deadline()
        super().data_received(data)
        if not self._awaiting_head():
            self._cancel_head_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_deadline()
        super().connection_lost(exc)

    def _awaiting_head(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm_head_deadline(self) -> None:
        if self._head_deadline is None:
            self._head_deadline = self.loop.call_later(HEADER_READ_TIMEOUT_S, self._head_too_slow)

    def _cancel_head_deadline(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _head_too_slow(self) -> None:
        self._head_deadline = None
        if self._awaiting_head() and not self.transport.is_closing():
            log.info(
                "closing a connection that sent no complete request head within %g s",
                HEADER_READ_TIMEOUT_S,
            )
            self.transport.close()


class _SignalFreeServer(uvicorn.Server):
    """uvicorn's Server without its own signal handlers (ours kill the CLIs first)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def _stop_on_signal(runner: ToolRunner, stop: Any, stopped_by: list[int]) -> None:
    with anyio.open_signal_receiver(*STOP_SIGNALS) as signals:
        async for signum in signals:
            log.info(
                "received %s: killing %d running calls, then exiting",
                signal.Signals(signum).name,
                len(runner.groups),
            )
            stopped_by.append(signum)
            with anyio.CancelScope(shield=True):
                await runner.groups.terminate_all()
            stop()
            return


def _exit_now() -> None:
    logging.shutdown()
    sys.stderr.flush()
    os._exit(0)
