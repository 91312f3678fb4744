"""`mcp-workbench serve CONFIG [--http [HOST:]PORT] [--token T] [--allow-origin O]… [--log-level L]`:
serve a config.

Reads only the config (no loaders, no Textual, no pygments): the surface comes from its
`[snapshot]`, the CLI is run from `[source] command`. Logs go to stderr; stdout is the wire.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

LOG_LEVELS = ("debug", "info", "warning", "error")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the mcp.toml to serve")
    parser.add_argument(
        "--http", metavar="[HOST:]PORT",
        help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST defaults to "
        "127.0.0.1; PORT 0 picks a free one and logs it)",
    )
    parser.add_argument(
        "--token", metavar="T",
        help="require `Authorization: Bearer T` on every HTTP request (needed for a non-loopback "
        "HOST; default from $MCP_WORKBENCH_TOKEN)",
    )
    parser.add_argument(
        "--allow-origin", action="append", default=[], metavar="ORIGIN",
        help="also accept browser requests from ORIGIN (scheme://host[:port], e.g. http://localhost:3000); "
        "repeatable; by default only the served host and port are accepted",
    )
    parser.add_argument("--log-level", choices=LOG_LEVELS, help="stderr log level (default: [server] log_level)")


def run(args: argparse.Namespace) -> int:
    import anyio

    from workbench.model.surface import surface_from_file
    from workbench.runtime.calls import ToolRunner
    from workbench.runtime.server import build_server
    from workbench.runtime.transport import serve_http, serve_stdio

    token = args.token or os.environ.get("MCP_WORKBENCH_TOKEN") or None
    address = None
    if args.http is not None:
        from workbench.runtime.http_guard import check_bind, parse_http_address, parse_origin

        address = parse_http_address(args.http)
        check_bind(address[0], token)
        origins = tuple(parse_origin(origin) for origin in args.allow_origin)
    elif args.allow_origin:
        from workbench.model.errors import ConfigError

        raise ConfigError("--allow-origin only applies to HTTP; add --http [HOST:]PORT, or drop it")
    config_path = Path(args.config)
    # The same path as `tools` and `prompt`; token counts are never served, so none are made.
    config, surface = surface_from_file(config_path, token_counts=False)
    level = args.log_level or config.server.log_level
    _configure_logging(level)
    for warning in surface.warnings:
        logging.getLogger("workbench.serve").warning("%s", warning)
    runner = ToolRunner(config, surface, config_path.resolve().parent)
    server = build_server(config, surface, runner=runner)
    from workbench import children

    # The server starts processes only for calls: every orphan re-parented to it is a call's.
    children.become_subreaper()
    children.own_every_child()
    if address is None:
        anyio.run(serve_stdio, server, runner)
    else:
        anyio.run(serve_http, server, runner, *address, token, level, origins)
    return 0


def _configure_logging(level: str) -> None:
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, level.upper()),
        format="mcp-workbench serve: %(levelname)s %(name)s: %(message)s",
    )
