"""The `mcp-workbench` entry point: parse the command line, dispatch, turn errors into one sentence.

Each subcommand lives in `workbench.commands.<module>` with `add_arguments(parser)` and
`run(args) -> int`, imported only when chosen so `serve` never pays for Textual or loaders.
A first argument that is not a subcommand is a TARGET for the TUI.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from workbench import __version__
from workbench.model.errors import WorkbenchError

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("serve", "serve CONFIG over MCP (stdio, or streamable HTTP with --http)"),
    "tools": ("tools", "print the tool list exactly as serve answers tools/list (JSON)"),
    "prompt": ("prompt", "print the rendered system prompt exactly as served"),
    "export": ("export", "load TARGET headless, apply options, write a config"),
    "check": ("check", "lint the config and detect drift against the live CLI (for CI)"),
    "client-config": ("client_config", "print (or --write) an MCP client's entry for this server"),
}


def _top_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mcp-workbench",
        description="Design the MCP tool surface of a command-line tool, preview it, export "
        "mcp.toml and serve it.",
        epilog="subcommands:\n"
        + "\n".join(f"  {name:<14} {text}" for name, (_, text) in SUBCOMMANDS.items())
        + "\n\nRun `mcp-workbench SUBCOMMAND --help` for a subcommand's options.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version())
    _command_module("open").add_arguments(parser)
    return parser


def _version() -> str:
    return f"mcp-workbench {__version__}"


def _command_module(module: str):
    return importlib.import_module(f"workbench.commands.{module}")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)

    if argv and argv[0] in SUBCOMMANDS:
        name = argv[0]
        module_name, text = SUBCOMMANDS[name]
        parser = argparse.ArgumentParser(prog=f"mcp-workbench {name}", description=text)
        module = _command_module(module_name)
        module.add_arguments(parser)
        args_list = argv[1:]
    else:
        parser = _top_parser()
        module = _command_module("open")
        args_list = argv
    args = parser.parse_args(args_list)
    try:
        return int(module.run(args) or 0)
    except WorkbenchError as error:
        print(f"mcp-workbench: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `mcp-workbench tools x.toml | head`: the reader left; Python would otherwise print a
        # traceback while flushing stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
