"""`mcp-workbench tools CONFIG`: print the tool list exactly as `serve` answers `tools/list`
(JSON, MCP camelCase keys, indent 2). Warnings go to stderr so stdout stays pure JSON.

The text comes from `model/tools_json.py`, the producer the TUI's tool-list preview uses too."""

from __future__ import annotations

import argparse
import sys

from workbench.model.surface import surface_from_file
from workbench.model.tools_json import tools_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the mcp.toml to read")


def run(args: argparse.Namespace) -> int:
    _config, surface = surface_from_file(args.config, token_counts=False)  # never printed
    for warning in surface.warnings:
        print(f"mcp-workbench: warning: {warning}", file=sys.stderr)
    sys.stdout.write(tools_json(surface))
    return 0
