"""`mcp-workbench export TARGET`: load a CLI headless (or reopen an mcp.toml), apply the options,
and write the config.

With a config as TARGET the file is rewritten in place (byte-identical when nothing changed);
`--refresh` reloads its command tree from `[source]` and replaces `[snapshot]`, keeping every
choice. The config is checked by building its surface before anything is written.

`-o PATH` never silently destroys work: another mcp.toml there is replaced only with `--force`
(keeping PATH.bak), and a file that is no mcp.toml is never replaced. A `module:attr` import
that never returns is abandoned after `--load-timeout` seconds.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import sys
import threading
import tomllib
from pathlib import Path

from workbench.loaders import load
from workbench.loaders.targets import is_module_target
from workbench.model.config import DescriptionMode, Selector
from workbench.model.config_file import (
    apply_excludes,
    config_from_loaded,
    dump_config,
    load_config,
    require_snapshot,
    save_config,
)
from workbench.model.coverage import coverage_line
from workbench.model.errors import ConfigError
from workbench.model.surface import build_surface
from workbench.model.tokens import tokenizer_label


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target",
        metavar="TARGET",
        help="a command on PATH, a path to an executable, module:attr, or an existing mcp.toml",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="where to write the config; `-` for stdout (default: mcp.toml, or TARGET itself "
        "when TARGET is a config)",
    )
    parser.add_argument(
        "--name", help="the root command's name (first path segment, default tool prefix)"
    )
    parser.add_argument(
        "--command", help="how to run the CLI, a shell-style string (split, never run by a shell)"
    )
    parser.add_argument(
        "--select",
        action="append",
        metavar="GLOB",
        help='expose only commands matching GLOB (space-joined path, e.g. "deployctl secrets *"); '
        "repeatable, all patterns form one selector",
    )
    parser.add_argument(
        "--exclude",
        action="append",
        metavar="GLOB",
        help="keep commands matching GLOB out of the tool list; repeatable",
    )
    parser.add_argument(
        "--prefix", help='tool name prefix (default: the root command\'s name; "" for none)'
    )
    parser.add_argument(
        "--description-mode",
        choices=["short", "long"],
        help="which help text becomes tool descriptions (default: long)",
    )
    parser.add_argument(
        "--refresh",
        action="store_true",
        help="with a config TARGET: reload the command tree from [source] and replace [snapshot]",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace an existing mcp.toml at -o PATH (its old text is kept as PATH.bak)",
    )
    parser.add_argument(
        "--load-timeout",
        type=_positive_seconds,
        default=DEFAULT_LOAD_TIMEOUT_S,
        metavar="SECONDS",
        help=f"give up when importing a module:attr TARGET takes longer (default: {DEFAULT_LOAD_TIMEOUT_S:g})",
    )


DEFAULT_LOAD_TIMEOUT_S = 60.0
"""How long importing a `module:attr` TARGET (and building its parser) may take."""


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0, e.g. 120")
    return value


def is_config_target(target: str) -> bool:
    """A TARGET naming an mcp.toml: any path ending in `.toml`."""
    return target.endswith(".toml")


def run(args: argparse.Namespace) -> int:
    if is_config_target(args.target):
        default_output = args.target
        backup = _check_output(args.output or default_output, args, in_place=args.target)
        config = _reopen(args)
    else:
        if args.refresh:
            raise ConfigError(
                f"--refresh reloads an existing config, but {args.target} is not an mcp.toml; "
                "drop --refresh or pass the config file"
            )
        default_output = "mcp.toml"
        backup = _check_output(args.output or default_output, args, in_place=None)
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
        if backup is not None:
            _keep_backup(path, backup)
        save_config(config, path)
    total = surface.prompt_tokens + sum(t.tokens for t in surface.tools)
    print(
        f"mcp-workbench: {'kept' if unchanged else 'wrote'} {path}: {len(surface.tools)} tools, {total} tokens "
        f"({tokenizer_label()})",
        file=sys.stderr,
    )
    return 0


def _check_output(output: str, args: argparse.Namespace, *, in_place: str | None) -> Path | None:
    """Refuse, before anything is loaded, an -o PATH that export must not write: a folder, a
    missing folder, something that is not a regular file, a file that is no mcp.toml, or (without
    --force) another mcp.toml. Returns where to keep a backup of the file being replaced, if any."""
    if output == "-":
        return None
    path = Path(output)
    if (
        in_place is not None
        and path.exists()
        and Path(in_place).exists()
        and path.samefile(in_place)
    ):
        return None  # rewriting the TARGET config itself: its choices are carried over
    if path.is_dir():
        raise ConfigError(
            f"-o {output} is a folder; name the file to write, e.g. -o {path / 'mcp.toml'}"
        )
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ConfigError(
            f"-o {output}: the folder {parent} does not exist; create it first, or pick another path"
        )
    if not path.exists():
        if path.is_symlink():
            raise ConfigError(
                f"-o {output} is a dangling symbolic link; remove it, or pick another path"
            )
        return None
    if not path.is_file():
        raise ConfigError(
            f"-o {output} is not a regular file; pick another path (use -o - for stdout)"
        )
    kind = _existing_kind(path)
    if kind == "empty":
        return None
    if kind == "other":
        raise ConfigError(
            f"-o {output} already exists and is not an mcp.toml, so export will not overwrite it"
            f"{' (even with --force)' if args.force else ''}; pick another -o path, or remove the file first"
        )
    if not args.force:
        raise ConfigError(
            f"-o {output} already holds an mcp.toml; to keep its choices, reopen it with "
            f"`mcp-workbench export {output}` (add --refresh to reload the CLI), or add --force to replace "
            f"it (the old file is kept as {output}.bak)"
        )
    return path.with_name(path.name + ".bak")


def _existing_kind(path: Path) -> str:
    """`empty`, `config` (TOML with mcp.toml's top-level tables, valid or not: a damaged config
    may be replaced with --force) or `other` (notes, code, anything else)."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise ConfigError(
            f"cannot read -o {path} ({error.strerror}); check its permissions"
        ) from None
    if not raw.strip():
        return "empty"
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return "other"
    return (
        "config"
        if isinstance(data.get("snapshot"), dict) or isinstance(data.get("source"), dict)
        else "other"
    )


def _keep_backup(path: Path, backup: Path) -> None:
    try:
        shutil.copy2(path, backup)
    except OSError as error:
        raise ConfigError(
            f"cannot keep a backup of {path} as {backup} ({error.strerror}); "
            "nothing was written; check the folder's permissions"
        ) from None
    _progress(f"kept the previous {path} as {backup}")


def _load_bounded(args: argparse.Namespace, target: str, **options):
    """`load(target, ...)`, but a `module:attr` import that does not return within
    --load-timeout ends the process with a sentence (exit 2). The import runs in this thread,
    where the CLI's module expects to be (signal handlers, `__main__` checks); a watchdog thread
    gives up on it, since a Python import cannot be interrupted."""
    if not is_module_target(target):
        return load(target, progress=_progress, **options)
    limit = args.load_timeout

    def give_up() -> None:
        # fd 2 itself: the import runs with sys.stdout/sys.stderr captured
        os.write(
            2,
            (
                f"mcp-workbench: importing {target} did not finish within {limit:g} s (its import or the "
                f"code building its parser never returned); if it is only slow, raise --load-timeout\n"
            ).encode("utf-8", "replace"),
        )
        os._exit(2)

    watchdog = threading.Timer(limit, give_up)
    watchdog.daemon = True
    watchdog.start()
    try:
        return load(target, progress=_progress, **options)
    finally:
        watchdog.cancel()


def _fresh(args: argparse.Namespace, output: str):
    loaded = _load_bounded(args, args.target, name=args.name, command=args.command)
    config = config_from_loaded(
        loaded,
        prefix=args.prefix,
        select=args.select,
        description_mode=args.description_mode,
        config_path=None if output == "-" else output,
    )
    if config.runtime.cwd != ".":
        _progress(
            f"{loaded.source.target} imports only from {loaded.run_from}, so its calls run there "
            f'([runtime] cwd = "{config.runtime.cwd}")'
        )
    _apply_exclude(config, args.exclude)
    return config


def _reopen(args: argparse.Namespace):
    config = load_config(args.target)
    if (args.name is not None or args.command is not None) and not args.refresh:
        raise ConfigError(
            "--name and --command only apply when loading a CLI; with a config TARGET "
            "add --refresh to reload it with them, or edit [source] in the file"
        )
    if args.refresh:
        tree = require_snapshot(config, args.target)
        command = args.command
        if command is None and config.source.command:
            command = shlex.join(config.source.command)
        loaded = _load_bounded(
            args,
            config.source.target,
            name=args.name or tree.root.name,
            command=command,
            import_from=Path(args.target).parent / config.runtime.cwd,
        )
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
    for pattern in apply_excludes(config, config.snapshot, patterns or []):
        print(f'mcp-workbench: warning: --exclude "{pattern}" matches no command', file=sys.stderr)


def _print_coverage(tree) -> None:
    """How complete the tree is by each witness (SPEC §4): one line, a warning when it is short."""
    line = coverage_line(tree)
    if line:
        print(f"mcp-workbench: {line}", file=sys.stderr)


def _progress(message: str) -> None:
    print(f"mcp-workbench: {message}", file=sys.stderr)
