"""`mcp.toml` on disk (SPEC §7): read with tomllib, validate with pydantic, write with tomli-w.

- Errors are one sentence naming the file, the line (where the key has one), the key path and
  the fix; an unknown key gets a did-you-mean from the keys allowed there.
- Output is deterministic: sections in the order version, source, server, tools, runtime, env,
  selectors, commands (sorted by path), prompt, lint, snapshot; unset (None) values omitted
  (TOML has no null); per-command, selector and prompt entries only hold what differs from the
  defaults. A file this module wrote loads and saves back byte for byte.
- `save_config` is atomic (temp file in the same folder + `os.replace`).
"""

from __future__ import annotations

import difflib
import fnmatch
import os
import re
import stat
import tempfile
import tomllib
import types
import typing
from pathlib import Path
from typing import Any, Iterable

import tomli_w
from pydantic import BaseModel, ValidationError

from workbench.model.config import (
    CommandConfig,
    Config,
    DescriptionMode,
    Selector,
    ServerConfig,
    ToolsConfig,
)
from workbench.model.errors import ConfigError
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
        raise ConfigError(f"{file} is a folder, not a config file; pass the path of an mcp.toml") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{file} is not UTF-8 text, so it cannot be an mcp.toml; pass the right file") from None
    except OSError as error:
        raise ConfigError(f"cannot read config file {file} ({error.strerror}); check the path and permissions") from None
    return parse_config(text, source=str(file))


def parse_config(text: str, *, source: str = "mcp.toml") -> Config:
    """Validate the TOML `text`; `source` names the file in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source} is not valid TOML: {error}; fix the syntax there") from None
    try:
        return Config.model_validate(data)
    except ValidationError as error:
        raise ConfigError(explain(error, text, source)) from None


def require_snapshot(config: Config, source: str = "the config") -> CommandTree:
    """The config's command tree; a config without `[snapshot]` cannot list tools."""
    if config.snapshot is None:
        raise ConfigError(
            f"{source} has no [snapshot] (the command tree), so it cannot be served; "
            f"re-create it with `mcp-workbench export TARGET -o {source}`"
        )
    return config.snapshot


def explain(error: ValidationError, text: str, source: str) -> str:
    """One sentence for the first problem pydantic found: file, line, key path, fix."""
    problem = error.errors()[0]
    loc = tuple(problem["loc"])
    line = find_line(text, loc)
    where = f"{source}" + (f" line {line}" if line else "")
    key = key_path(loc)
    if loc and loc[0] == "snapshot":
        return (
            f"{where}: the [snapshot] is damaged at `{key}` ({_lower(problem['msg'])}); "
            f"re-create it with `mcp-workbench export {source} --refresh`"
        )
    if problem["type"] == "extra_forbidden":
        allowed = allowed_keys(loc[:-1])
        name = str(loc[-1])
        close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
        hint = f"did you mean `{close[0]}`?" if close else "remove it"
        parent = key_path(loc[:-1]) or "the top level"
        return (
            f"{where}: unknown key `{name}` in {parent}; {hint}"
            + (f" (allowed there: {', '.join(allowed)})" if allowed else "")
        )
    if problem["type"] == "missing":
        return f"{where}: `{key}` is required; add it"
    expected = _EXPECTED.get(problem["type"])
    what = f"should be {expected}" if expected else _lower(problem["msg"])
    return f"{where}: `{key}` {what}; fix the value"


_EXPECTED = {
    "model_type": "a table", "model_attributes_type": "a table", "dict_type": "a table",
    "list_type": "an array", "string_type": "a string", "bool_type": "true or false",
    "bool_parsing": "true or false", "int_type": "a whole number", "int_parsing": "a whole number",
    "int_from_float": "a whole number", "float_type": "a number", "float_parsing": "a number",
}
"""Plain words for pydantic's error types (its own messages name Python classes)."""


def _lower(message: str) -> str:
    return message[:1].lower() + message[1:]


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def key_path(loc: Iterable[Any]) -> str:
    """A pydantic location as a TOML key path: `commands."deployctl status".read_only`,
    `selectors[1].commands` (array entries counted from 1)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            text = str(part)
            text = text if _BARE_KEY.match(text) else '"' + text.replace('"', '\\"') + '"'
            out += ("." if out else "") + text
    return out


def allowed_keys(loc: tuple[Any, ...]) -> list[str]:
    """The keys the table at `loc` accepts (aliases where a field has one)."""
    annotation: Any = Config
    for part in loc:
        annotation = _strip_optional(annotation)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            field = _field(annotation, str(part))
            if field is None:
                return []
            annotation = field.annotation
        elif typing.get_origin(annotation) in (dict, list):
            annotation = typing.get_args(annotation)[-1]
        else:
            return []
    annotation = _strip_optional(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [f.alias or name for name, f in annotation.model_fields.items()]
    return []


def _field(model: type[BaseModel], key: str):
    for name, field in model.model_fields.items():
        if key in (name, field.alias):
            return field
    return None


def _strip_optional(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


_KEY_PART = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*\]\]?")
_ASSIGN = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")
_SPLIT_PART = re.compile(_KEY_PART)


def _parts(dotted: str) -> list[str]:
    parts = []
    for raw in _SPLIT_PART.findall(dotted):
        if raw[0] == '"':
            parts.append(raw[1:-1].encode().decode("unicode_escape") if "\\" in raw else raw[1:-1])
        elif raw[0] == "'":
            parts.append(raw[1:-1])
        else:
            parts.append(raw)
    return parts


def find_line(text: str, loc: tuple[Any, ...]) -> int | None:
    """The 1-based line where the key at `loc` (or its nearest enclosing table) is written,
    or None. A light scan of headers and `key =` lines; good enough to point a user there."""
    target = list(loc)
    while target:
        line = _find_exact(text, target)
        if line:
            return line
        target = target[:-1]
    return None


def _find_exact(text: str, target: list[Any]) -> int | None:
    table: list[Any] = []
    counts: dict[tuple[str, ...], int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            parts = _parts(header.group(2))
            if header.group(1) == "[[":
                key = tuple(parts)
                counts[key] = counts.get(key, -1) + 1
                table = [*parts, counts[key]]
                # nested arrays of tables restart their count under a new parent
                for other in list(counts):
                    if len(other) > len(key) and other[: len(key)] == key:
                        del counts[other]
            else:
                table = parts
            if table == target or (header.group(1) == "[[" and table[:-1] == target):
                return number
            continue
        assign = _ASSIGN.match(line)
        if assign and [*table, *_parts(assign.group(1))] == target:
            return number
    return None


# -- writing ---------------------------------------------------------------------------------


def config_data(config: Config) -> dict[str, Any]:
    """The config as plain TOML-ready data, in the file's section order, None omitted."""
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
    if config.snapshot is not None:
        data["snapshot"] = config.snapshot.to_data()
    return data


def _changed(model: BaseModel) -> dict[str, Any]:
    # python mode, not json: json mode would turn an `inf` in a schema override into null
    return model.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True)


def dump_config(config: Config) -> str:
    """The TOML text of `config`, exactly as `save_config` writes it.

    The data is validated once more before writing, so the text is what a later load gives
    back (e.g. `timeout_s = 60` is written as the float `60.0` it loads as).
    """
    try:
        normalized = Config.model_validate(config_data(config))
    except ValidationError as error:
        raise ConfigError(explain(error, "", "the config")) from None
    data = config_data(normalized)
    _check_no_null(data, ())
    return tomli_w.dumps(data, multiline_strings=True)


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
    """Write `config` to `path` atomically: a temp file in the same folder, then `os.replace`,
    so a crash never leaves half a file. An existing file keeps its permissions."""
    file = Path(path)
    text = dump_config(config)
    folder = file.parent if str(file.parent) else Path(".")
    try:
        mode = stat.S_IMODE(file.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    except OSError as error:
        raise ConfigError(f"cannot write {file} ({error.strerror}); check the path") from None
    try:
        handle = tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", newline="\n", dir=folder, prefix=f".{file.name}.", suffix=".tmp",
            delete=False,
        )
    except OSError as error:
        raise ConfigError(f"cannot write {file} ({error.strerror}); check that the folder exists and is writable") from None
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, mode)
        os.replace(handle.name, file)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise


# -- a first config from a loaded CLI ----------------------------------------------------------


def config_from_loaded(
    loaded: Any,
    *,
    name: str | None = None,
    prefix: str | None = None,
    select: list[str] | None = None,
    exclude: list[str] | None = None,
    description_mode: str | DescriptionMode | None = None,
) -> Config:
    """A new config for a freshly loaded CLI (`loaded.tree`, `loaded.source`).

    `name` is the MCP server name (default: the root command's name); `select` becomes one
    selector claiming those command globs; `exclude` marks every command whose path matches
    one of those globs as excluded; the tree goes into `[snapshot]`.
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
