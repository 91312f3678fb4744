"""`mcp-workbench tools CONFIG`: print the tool list exactly as `serve` answers `tools/list`
(JSON, MCP camelCase keys, indent 2). Warnings go to stderr so stdout stays pure JSON.

The text is byte for byte the TUI's tool-list preview (`tui/previews.py` `tools_text`, tested):
both use `json.dumps(..., indent=2, ensure_ascii=False)`. Switch to a faster encoder only
together with the preview (pydantic-core's differs in a small float's exponent)."""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the mcp.toml to read")


def run(args: argparse.Namespace) -> int:
    from workbench.model.surface import surface_from_file

    _config, surface = surface_from_file(args.config, token_counts=False)  # never printed
    for warning in surface.warnings:
        print(f"mcp-workbench: warning: {warning}", file=sys.stderr)
    print(json.dumps(surface.tools_list(), indent=2, ensure_ascii=False))
    return 0
