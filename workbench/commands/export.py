"""`mcp-workbench export TARGET`: load a CLI headless (or reopen an mcp.toml), apply the options,
and write the config.

With a config as TARGET the file is rewritten in place (byte-identical when nothing changed);
`--refresh` reloads its command tree from `[source]` and replaces `[snapshot]`, keeping every
choice. The config is checked by building its surface before anything is written.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from workbench.model.errors import ConfigError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target", metavar="TARGET",
        help="a command on PATH, a path to an executable, module:attr, or an existing mcp.toml",
    )
    parser.add_argument(
        "-o", "--output", metavar="PATH",
        help="where to write the config; `-` for stdout (default: mcp.toml, or TARGET itself "
        "when TARGET is a config)",
    )
    parser.add_argument("--name", help="the root command's name (first path segment, default tool prefix)")
    parser.add_argument("--command", help="how to run the CLI, a shell-style string (split, never run by a shell)")
    parser.add_argument(
        "--select", action="append", metavar="GLOB",
        help='expose only commands matching GLOB (space-joined path, e.g. "deployctl secrets *"); '
        "repeatable, all patterns form one selector",
    )
    parser.add_argument(
        "--exclude", action="append", metavar="GLOB",
        help="keep commands matching GLOB out of the tool list; repeatable",
    )
    parser.add_argument("--prefix", help='tool name prefix (default: the root command\'s name; "" for none)')
    parser.add_argument(
        "--description-mode", choices=["short", "long"],
        help="which help text becomes tool descriptions (default: long)",
    )
    parser.add_argument(
        "--refresh", action="store_true",
        help="with a config TARGET: reload the command tree from [source] and replace [snapshot]",
    )


def is_config_target(target: str) -> bool:
    """A TARGET naming an mcp.toml: any path ending in `.toml`."""
    return target.endswith(".toml")


def run(args: argparse.Namespace) -> int:
    from workbench.model.config_file import dump_config, save_config
    from workbench.model.surface import build_surface
    from workbench.model.tokens import tokenizer_label

    if is_config_target(args.target):
        config = _reopen(args)
        default_output = args.target
    else:
        if args.refresh:
            raise ConfigError(
                f"--refresh reloads an existing config, but {args.target} is not an mcp.toml; "
                "drop --refresh or pass the config file"
            )
        default_output = "mcp.toml"
        config = _fresh(args, args.output or default_output)

    surface = build_surface(config.snapshot, config)
    for warning in surface.warnings:
        print(f"mcp-workbench: warning: {warning}", file=sys.stderr)
    _print_coverage(config.snapshot)
    text = dump_config(config)
    output = args.output or default_output
    if output == "-":
        sys.stdout.write(text)
        return 0
    path = Path(output)
    unchanged = path.is_file() and path.read_bytes() == text.encode("utf-8")
    if not unchanged:
        save_config(config, path)
    total = surface.prompt_tokens + sum(t.tokens for t in surface.tools)
    print(
        f"mcp-workbench: {'kept' if unchanged else 'wrote'} {path}: {len(surface.tools)} tools, {total} tokens "
        f"({tokenizer_label()})",
        file=sys.stderr,
    )
    return 0


def _fresh(args: argparse.Namespace, output: str):
    from workbench.loaders import load
    from workbench.model.config_file import config_from_loaded

    loaded = load(args.target, name=args.name, command=args.command, progress=_progress)
    config = config_from_loaded(
        loaded, prefix=args.prefix, select=args.select,
        description_mode=args.description_mode,
        config_path=None if output == "-" else output,
    )
    if config.runtime.cwd != ".":
        _progress(f"{loaded.source.target} imports only from {loaded.run_from}, so its calls run there "
                  f"([runtime] cwd = \"{config.runtime.cwd}\")")
    _apply_exclude(config, args.exclude)
    return config


def _reopen(args: argparse.Namespace):
    from workbench.model.config import DescriptionMode, Selector
    from workbench.model.config_file import load_config, require_snapshot

    config = load_config(args.target)
    if args.name is not None or args.command is not None:
        if not args.refresh:
            raise ConfigError(
                "--name and --command only apply when loading a CLI; with a config TARGET "
                "add --refresh to reload it with them, or edit [source] in the file"
            )
    if args.refresh:
        from workbench.loaders import load

        tree = require_snapshot(config, args.target)
        command = args.command
        if command is None and config.source.command:
            command = shlex.join(config.source.command)
        loaded = load(config.source.target, name=args.name or tree.root.name, command=command,
                      progress=_progress, import_from=Path(args.target).parent / config.runtime.cwd)
        config.snapshot = loaded.tree
        if args.command is not None:
            config.source.command = list(loaded.source.command)
        config.source.cli_version = loaded.tree.cli_version or loaded.source.cli_version
    require_snapshot(config, args.target)
    if args.prefix is not None:
        config.tools.prefix = args.prefix
    if args.description_mode is not None:
        config.tools.description_mode = DescriptionMode(args.description_mode)
    if args.select:
        config.selectors.append(Selector(commands=list(args.select)))
    _apply_exclude(config, args.exclude)
    return config


def _apply_exclude(config, patterns: list[str] | None) -> None:
    from workbench.model.config_file import apply_excludes

    for pattern in apply_excludes(config, config.snapshot, patterns or []):
        print(f'mcp-workbench: warning: --exclude "{pattern}" matches no command', file=sys.stderr)


def _print_coverage(tree) -> None:
    """How complete the tree is by each witness (SPEC §4): one line, a warning when it is short."""
    from workbench.model.coverage import coverage_line

    line = coverage_line(tree)
    if line:
        print(f"mcp-workbench: {line}", file=sys.stderr)


def _progress(message: str) -> None:
    print(f"mcp-workbench: {message}", file=sys.stderr)
