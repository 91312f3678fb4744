"""`mcp-workbench serve CONFIG [--http [HOST:]PORT] [--token T] [--allow-origin O]… [--log-level L] [--watch]`:
serve a config (with `--watch`, follow its saved changes: `runtime/watch.py`).

Reads only the config (no loaders, no Textual, no pygments): the surface comes from its
`[snapshot]`, the CLI is run from `[source] command`. Logs go to stderr; stdout is the wire.
"""

from __future__ import annotations

import argparse
import functools
import logging
import os
import sys
from pathlib import Path

from workbench import children
from workbench.model.errors import ConfigError, WorkbenchError
from workbench.runtime.workers import (
    MAX_WORKERS,
    inherited_listener,
    inherited_token,
    serve_workers,
    worker_number,
)

LOG_LEVELS = ("debug", "info", "warning", "error")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the mcp.toml to serve")
    parser.add_argument(
        "--http",
        metavar="[HOST:]PORT",
        help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST defaults to "
        "127.0.0.1; PORT 0 picks a free one and logs it)",
    )
    parser.add_argument(
        "--token",
        metavar="T",
        help="require `Authorization: Bearer T` on every HTTP request (needed for a non-loopback "
        "HOST; default from $MCP_WORKBENCH_TOKEN)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="also accept browser requests from ORIGIN (scheme://host[:port], e.g. http://localhost:3000); "
        "repeatable; by default only the served host and port are accepted",
    )
    parser.add_argument(
        "--log-level", choices=LOG_LEVELS, help="stderr log level (default: [server] log_level)"
    )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="reload CONFIG when it is saved and tell connected clients the tool list changed; a save "
        "that does not load is logged and the previous tools kept (see docs/runtime.md, watch)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="with --http: N processes answering on the one port (2025-11-25 sessions are then stateless; "
        "see docs/runtime.md, scale-out)",
    )
    parser.add_argument(
        "--instance",
        metavar="NAME",
        help="with --http: prefix the session ids this process issues with NAME. so a load balancer can "
        "route a 2025-11-25 session back to it",
    )


def run(args: argparse.Namespace) -> int:
    # lazy: the runtime only once serving starts; `serve --help` and argument errors stay instant
    import anyio

    token = args.token or inherited_token() or os.environ.get("MCP_WORKBENCH_TOKEN") or None
    address = None
    if args.http is not None:
        # lazy: the runtime only once serving starts; `serve --help` and argument errors stay instant
        from workbench.runtime.http_guard import check_bind, parse_http_address, parse_origin

        address = parse_http_address(args.http)
        check_bind(address[0], token)
        origins = tuple(parse_origin(origin) for origin in args.allow_origin)
    elif args.allow_origin:
        raise ConfigError("--allow-origin only applies to HTTP; add --http [HOST:]PORT, or drop it")
    _check_scale_out(args)
    # lazy: the SDK, jsonschema and the server load only once the arguments are known to be good,
    # so a mistyped flag gets its sentence at once, even on a busy machine
    from workbench.model.surface import surface_from_file
    from workbench.runtime.calls import ToolRunner
    from workbench.runtime.server import build_server
    from workbench.runtime.transport import serve_http, serve_stdio

    config_path = Path(args.config)
    # The same path as `tools` and `prompt`; token counts are never served, so none are made.
    config, surface = surface_from_file(config_path, token_counts=False)
    level = args.log_level or config.server.log_level

    worker = worker_number()
    _configure_logging(level, worker)
    if address is not None and args.workers > 1:
        return serve_workers(
            config_path.resolve(),
            *address,
            token,
            level,
            args.workers,
            extra_args=("--watch",) if args.watch else (),
        )
    for warning in surface.warnings:
        logging.getLogger("workbench.serve").warning("%s", warning)
    runner = ToolRunner(config, surface, config_path.resolve().parent)
    watch = None
    if args.watch:
        # lazy: the runtime (mcp, anyio) only once serving starts; `serve --help` stays instant
        # lazy: the runtime only once serving starts; `serve --help` stays instant
        from workbench.runtime.server import LiveSurface, served_surface
        from workbench.runtime.watch import ConfigWatch, ListChangedAnnouncer

        live, announcer = LiveSurface(served_surface(surface, runner)), ListChangedAnnouncer()
        server = build_server(config, surface, runner=runner, live=live, announcer=announcer)
        watch = ConfigWatch(config_path, live, announcer, server)
    else:
        server = build_server(config, surface, runner=runner)

    # The server starts processes only for calls: every orphan re-parented to it is a call's.
    children.become_subreaper()
    children.own_every_child()
    if address is None:
        serving = functools.partial(serve_stdio, server, runner)
    else:
        listener = inherited_listener()
        serving = functools.partial(
            serve_http,
            server,
            runner,
            *address,
            token,
            level,
            listener=listener,
            stateless=listener is not None,
            instance=args.instance,
            allow_origins=origins,
        )
    anyio.run(serving if watch is None else functools.partial(_serve_watching, serving, watch))
    return 0


async def _serve_watching(serving, watch) -> None:
    """Serve while `watch` follows the config; the watch ends with the serving."""
    # lazy: the runtime only once serving starts; `serve --help` and argument errors stay instant
    import anyio

    async with anyio.create_task_group() as group:
        group.start_soon(watch.run)
        await serving()
        group.cancel_scope.cancel()


def _check_scale_out(args: argparse.Namespace) -> None:
    if (args.workers != 1 or args.instance is not None) and args.http is None:
        raise WorkbenchError(
            "--workers and --instance are for HTTP serving; add --http [HOST:]PORT."
        )
    if not 1 <= args.workers <= MAX_WORKERS:
        raise WorkbenchError(
            f"--workers {args.workers}: give a number of processes from 1 to {MAX_WORKERS}."
        )
    if args.instance is not None:
        # lazy: only a scale-out instance (`--instance`) routes sessions
        from workbench.runtime.session_route import INSTANCE_NAME

        if not INSTANCE_NAME.match(args.instance):
            raise WorkbenchError(
                f"--instance {args.instance!r}: use 1-32 letters, digits, _ or -, e.g. --instance a."
            )
        if args.workers > 1:
            raise WorkbenchError(
                "--instance routes stateful sessions to one process, but --workers serves "
                "them statelessly; drop one of them."
            )


def _configure_logging(level: str, worker: str | None = None) -> None:
    name = f"mcp-workbench serve[worker {worker}]" if worker else "mcp-workbench serve"
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, level.upper()),
        format=f"{name}: %(levelname)s %(name)s: %(message)s",
    )
