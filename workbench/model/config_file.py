"""`mcp.toml` on disk (SPEC §7): read with tomllib, validate with pydantic, write with tomli-w.

- Errors are one sentence naming the file, the line (where the key has one), the key path and
  the fix; an unknown key gets a did-you-mean from the keys allowed there (`config_errors`).
- Output is deterministic: sections in the order version, source, server, tools, runtime, env,
  selectors, commands (sorted by path), prompt, lint, snapshot; unset (None) values omitted
  (TOML has no null); per-command, selector and prompt entries only hold what differs from the
  defaults. A file this module wrote loads and saves back byte for byte.
- `save_config` is atomic (`model.atomic.write_text_atomic`).
"""

from __future__ import annotations

import fnmatch
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import BaseModel, ValidationError

from workbench.model.atomic import write_text_atomic
from workbench.model.config import (
    CommandConfig,
    Config,
    DescriptionMode,
    Selector,
    ServerConfig,
    ToolsConfig,
)
from workbench.model.config_errors import explain, key_path
from workbench.model.errors import ConfigError
from workbench.model.gc_pause import collector_paused
from workbench.model.snapshot_text import snapshot_text
from workbench.model.toml_cache import parse_toml
from workbench.model.tree import CommandTree

FULL_SECTIONS = ("source", "server", "tools", "runtime")
"""Written with every key (defaults included), so the file shows the knobs."""


# -- reading ---------------------------------------------------------------------------------


def load_config(path: str | os.PathLike[str]) -> Config:
    """Read and validate the config at `path`. Raises ConfigError (one sentence)."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(
            f"config file {file} does not exist; create one with `mcp-workbench export TARGET -o {file}`"
        ) from None
    except IsADirectoryError:
        raise ConfigError(
            f"{file} is a folder, not a config file; pass the path of an mcp.toml"
        ) from None
    except UnicodeDecodeError:
        raise ConfigError(
            f"{file} is not UTF-8 text, so it cannot be an mcp.toml; pass the right file"
        ) from None
    except OSError as error:
        raise ConfigError(
            f"cannot read config file {file} ({error.strerror}); check the path and permissions"
        ) from None
    return parse_config(text, source=str(file))


def parse_config(text: str, *, source: str = "mcp.toml") -> Config:
    """Validate the TOML `text`; `source` names the file in errors."""
    try:
        with collector_paused():  # a big [snapshot] reads in linear time (workbench.model.gc_pause)
            data = parse_toml(text)  # tomllib.loads, cached by text for big files
            config = Config.model_validate(data)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source} is not valid TOML: {error}; fix the syntax there") from None
    except ValidationError as error:
        raise ConfigError(explain(error, text, source)) from None
    return config


def require_snapshot(config: Config, source: str = "the config") -> CommandTree:
    """The config's command tree; a config without `[snapshot]` cannot list tools."""
    if config.snapshot is None:
        raise ConfigError(
            f"{source} has no [snapshot] (the command tree), so it cannot be served; "
            f"re-create it with `mcp-workbench export TARGET -o {source}`"
        )
    return config.snapshot


# -- writing ---------------------------------------------------------------------------------


def config_data(config: Config, *, snapshot: bool = True) -> dict[str, Any]:
    """The config as plain TOML-ready data, in the file's section order, None omitted
    (`snapshot=False` leaves the command tree out)."""
    data: dict[str, Any] = {"version": config.version}
    for name in FULL_SECTIONS:
        data[name] = getattr(config, name).model_dump(by_alias=True, exclude_none=True)
    if config.env:
        data["env"] = dict(config.env)
    if config.selectors:
        data["selectors"] = [_changed(s) for s in config.selectors]
    commands = {}
    for path in sorted(config.commands):
        entry = _changed(config.commands[path])
        if entry.get("flags"):
            entry["flags"] = {k: v for k, v in entry["flags"].items() if v}
        if not entry.get("flags"):
            entry.pop("flags", None)
        if entry:
            commands[path] = entry
    if commands:
        data["commands"] = commands
    prompt = _changed(config.prompt)
    if prompt:
        data["prompt"] = prompt
    data["lint"] = config.lint.model_dump(by_alias=True, exclude_none=True)
    if snapshot and config.snapshot is not None:
        data["snapshot"] = config.snapshot.to_data()
    return data


def _changed(model: BaseModel) -> dict[str, Any]:
    # python mode, not json: json mode would turn an `inf` in a schema override into null
    return model.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True)


def dump_config(config: Config) -> str:
    """The TOML text of `config`, exactly as `save_config` writes it.

    The choices are validated once more before writing, so the text is what a later load gives
    back. The snapshot is
    already validated tree data and is written as it is (re-validating thousands of commands
    on every TUI preview would cost more than everything else).
    """
    try:
        normalized = Config.model_validate(config_data(config, snapshot=False))
    except ValidationError as error:
        raise ConfigError(explain(error, "", "the config")) from None
    data = config_data(normalized, snapshot=False)
    _check_no_null(data, ())
    text = tomli_w.dumps(data, multiline_strings=True)
    if config.snapshot is not None:
        # The snapshot is the last table, after [lint]: appended, the text is what one dump of
        # the whole would be. The TUI dumps after every edit, and the tree never changes.
        text += "\n" + snapshot_text(config.snapshot, _snapshot_toml)
    return text


def _snapshot_toml(tree: CommandTree) -> str:
    """The `[snapshot]` table's TOML text (written once per tree: `model/snapshot_text.py`)."""
    data = {"snapshot": _without_null_keys(tree.to_data())}
    _check_no_null(data, ())
    return tomli_w.dumps(data, multiline_strings=True)


def _without_null_keys(value: Any) -> Any:
    """`value` without dict entries whose value is None: JSON-mode dumps turn a float infinity
    (a loader's odd default) into None after None-exclusion has already run."""
    if isinstance(value, dict):
        return {k: _without_null_keys(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_null_keys(v) for v in value]
    return value


def _check_no_null(value: Any, loc: tuple[Any, ...]) -> None:
    if value is None:
        raise ConfigError(
            f"`{key_path(loc)}` holds a null value, which TOML cannot store; remove it or use a real value"
        )
    if isinstance(value, dict):
        for key, item in value.items():
            _check_no_null(item, (*loc, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_no_null(item, (*loc, index))


def save_config(config: Config, path: str | os.PathLike[str]) -> None:
    """Write `config` to `path` atomically (`model.atomic`): a crash never leaves half a file,
    a failure no temp file, and an existing file keeps its permissions."""
    file = Path(path)
    text = dump_config(config)
    try:
        write_text_atomic(file, text)
    except OSError as error:
        raise ConfigError(
            f"cannot write {file} ({error.strerror}); check that the folder exists and is writable"
        ) from None


# -- a first config from a loaded CLI ----------------------------------------------------------


def config_from_loaded(
    loaded: Any,
    *,
    name: str | None = None,
    prefix: str | None = None,
    select: list[str] | None = None,
    exclude: list[str] | None = None,
    description_mode: str | DescriptionMode | None = None,
    config_path: str | os.PathLike[str] | None = None,
) -> Config:
    """A new config for a freshly loaded CLI (`loaded.tree`, `loaded.source`).

    `name` is the MCP server name (default: the root command's name); `select` becomes one
    selector claiming those command globs; `exclude` marks every command whose path matches
    one of those globs as excluded; the tree goes into `[snapshot]`. `config_path` is where
    the config will be written: when the CLI must run in another folder (`loaded.run_from`, a
    module importable only from where it was loaded), `[runtime] cwd` points there from it.
    """
    tree: CommandTree = loaded.tree
    root_name = tree.root.name
    server_name = name or root_name
    source = loaded.source.model_copy()
    if source.cli_version is None and tree.cli_version:
        source.cli_version = tree.cli_version
    config = Config(
        source=source,
        server=ServerConfig(
            name=server_name,
            version=tree.cli_version or source.cli_version or "0.0.0",
            title=server_name[:1].upper() + server_name[1:],
        ),
        tools=ToolsConfig(
            prefix=prefix,
            description_mode=DescriptionMode(description_mode or DescriptionMode.LONG),
        ),
        selectors=[Selector(commands=list(select))] if select else [],
        snapshot=tree,
    )
    apply_excludes(config, tree, exclude or [])
    run_from = getattr(loaded, "run_from", None)
    if run_from and config_path is not None:
        config_dir = Path(config_path).absolute().parent
        if os.path.realpath(run_from) != os.path.realpath(config_dir):
            shared = os.path.commonpath([os.path.abspath(run_from), str(config_dir)])
            relative = shared != os.path.dirname(shared)  # more in common than the file system root
            config.runtime.cwd = Path(
                os.path.relpath(run_from, config_dir) if relative else run_from
            ).as_posix()
    return config


def apply_excludes(config: Config, tree: CommandTree, patterns: list[str]) -> list[str]:
    """Mark every command whose path matches one of the globs `exclude = true`; returns the
    patterns that matched no command (the caller warns about them)."""
    compiled = [(p, re.compile(fnmatch.translate(p))) for p in patterns]
    matched: set[str] = set()
    for command in tree.walk():
        path = command.path_str
        for pattern, regex in compiled:
            if regex.match(path):
                matched.add(pattern)
                entry = config.commands.get(path) or CommandConfig()
                entry.exclude = True
                config.commands[path] = entry
    return [p for p in patterns if p not in matched]
