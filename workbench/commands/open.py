"""`mcp-workbench [TARGET]`: open the workbench TUI on a CLI or an existing mcp.toml."""

from __future__ import annotations

import argparse

from workbench.tui.forked_load import (
    ForkedLoad,
    worth_forking,
)  # no Textual: plain Python, like loading.py
from workbench.tui.loading import (  # no Textual: loading.py is plain Python
    DEFAULT_TARGET,
    StartUpCollectorPause,
    check_request,
    request_of,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target",
        nargs="?",
        default=None,
        metavar="TARGET",
        help="a command on PATH, a path to an executable, module:attr, or an mcp.toml "
        f"(default: the bundled sample, {DEFAULT_TARGET})",
    )
    parser.add_argument("--name", help="the root command's name (first path segment, tool prefix)")
    parser.add_argument(
        "--command", help="how to run the CLI, a shell-style string (never run by a shell)"
    )
    parser.add_argument(
        "-o",
        "--output",
        default="mcp.toml",
        help="where save writes for a CLI TARGET (default: mcp.toml); an mcp.toml TARGET is saved in place",
    )


def run(args: argparse.Namespace) -> int:
    # Before the TUI's imports, which are the first half of opening's allocations.
    collector = StartUpCollectorPause()
    forked_load = None
    try:
        request = request_of(args)
        check_request(request)
        # The TARGET loads in a child while this process imports the TUI, when a core is free.
        forked_load = ForkedLoad.start(request) if worth_forking() else None
        # lazy: Textual only when the TUI opens (cli.py imports this module for --help)
        from workbench.tui.app import run_app

        return run_app(args, collector, forked_load)
    finally:
        if forked_load is not None:
            forked_load.close()  # ended and reaped on every way out, also a quit while loading
        collector.resume()
