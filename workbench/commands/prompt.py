"""`mcp-workbench prompt CONFIG`: print the rendered system prompt exactly as `serve` sends it
as the MCP `instructions`. Warnings go to stderr."""

from __future__ import annotations

import argparse
import sys

from workbench.model.surface import surface_from_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the mcp.toml to read")


def run(args: argparse.Namespace) -> int:
    _config, surface = surface_from_file(args.config)
    for warning in surface.warnings:
        print(f"mcp-workbench: warning: {warning}", file=sys.stderr)
    if surface.prompt:
        print(surface.prompt)
    return 0
