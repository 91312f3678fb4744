"""Serve a built server over stdio or streamable HTTP, and stop cleanly on SIGTERM/SIGINT.

On a signal, the CLIs still running are killed first (SIGTERM to each call's process group,
SIGKILL after a short grace), then the server stops and the process exits. HTTP is stateful with
SSE responses (so a client's cancel reaches the call), bound to loopback unless told otherwise.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
from typing import Any, Iterator

import anyio
import uvicorn
from mcp.server import Server

from workbench.runtime.calls import ToolRunner
from workbench.runtime.http_guard import BearerTokenMiddleware, check_bind, security_settings

log = logging.getLogger("workbench.serve")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def serve_stdio(server: Server, runner: ToolRunner) -> None:
    """Serve one client over this process's stdin/stdout until EOF or a stop signal."""
    from mcp.server.stdio import stdio_server

    stopped_by: list[int] = []
    async with stdio_server() as (read_stream, write_stream):
        async with anyio.create_task_group() as group:
            group.start_soon(_stop_on_signal, runner, group.cancel_scope.cancel, stopped_by)
            log.info("serving %d tools over stdio", len(runner.surface.tools))
            await server.run(read_stream, write_stream, server.create_initialization_options())
            group.cancel_scope.cancel()
        if stopped_by:
            # The SDK's stdin reader is a thread blocked until EOF; nothing is left to clean up.
            _exit_now()


async def serve_http(
    server: Server, runner: ToolRunner, host: str, port: int, token: str | None, log_level: str = "info"
) -> None:
    """Serve streamable HTTP at http://HOST:PORT/mcp until a stop signal."""
    check_bind(host, token)
    app: Any = server.streamable_http_app(
        stateless_http=False, json_response=False, host=host, transport_security=security_settings(host)
    )
    if token:
        app = BearerTokenMiddleware(app, token)
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, log_config=None,
        access_log=False, lifespan="on", timeout_graceful_shutdown=2,
    )
    http = _SignalFreeServer(config)

    def stop() -> None:
        http.should_exit = True

    async with anyio.create_task_group() as group:
        group.start_soon(_stop_on_signal, runner, stop, [])
        group.start_soon(_announce, http, host)
        await http.serve()
        group.cancel_scope.cancel()


class _SignalFreeServer(uvicorn.Server):
    """uvicorn's Server without its own signal handlers (ours kill the CLIs first)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def _announce(http: Any, host: str) -> None:
    """Log the real address once bound (`--http 0` picks a free port)."""
    while not http.started:
        await anyio.sleep(0.02)
    port = http.servers[0].sockets[0].getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    log.info("serving MCP on http://%s:%d/mcp", shown, port)


async def _stop_on_signal(runner: ToolRunner, stop: Any, stopped_by: list[int]) -> None:
    with anyio.open_signal_receiver(*STOP_SIGNALS) as signals:
        async for signum in signals:
            log.info("received %s: killing %d running calls, then exiting", signal.Signals(signum).name, len(runner.groups))
            stopped_by.append(signum)
            with anyio.CancelScope(shield=True):
                await runner.groups.terminate_all()
            stop()
            return


def _exit_now() -> None:
    logging.shutdown()
    sys.stderr.flush()
    os._exit(0)
