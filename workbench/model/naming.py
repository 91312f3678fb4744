"""Tool names (SPEC §5.3) and schema property names (§5.5): how a command path or a
positional's metavar becomes a name a client accepts.

A tool name is the prefix (default: the root command's name) plus the rest of the path, joined
by `_`, with every character outside `[A-Za-z0-9_-]` replaced by `_`. Collisions are checked by
the surface, which knows both commands; here a name that cannot fit 64 characters is refused.
A property name is a flag's key or a positional's metavar made to fit `^[A-Za-z0-9_.-]{1,64}$`,
the property keys model APIs accept (Anthropic's rejects the whole tool list otherwise), by the
same rule: other characters become `_`.
"""

from __future__ import annotations

import re

from workbench.model.surface_types import SurfaceError

MAX_TOOL_NAME = 64
"""MCP clients reject tool names longer than this (`^[A-Za-z0-9_-]{1,64}$`)."""

TOOL_NAME_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
"""The one tool-name rule: lint (WB4xx), serve's start-up check and the TUI all use it."""

ENV_NAME_PATTERN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
"""A portable environment variable name (what a POSIX shell accepts): the rule for the names the
CLI's maintainer writes (`[env]`, the env editor, the client env file)."""

CALL_ENV_NAME_PATTERN = re.compile(r"^[A-Z_][A-Z0-9_]*$")
"""Names a client may set per call (`_meta "workbench/env"`). Narrower than ENV_NAME_PATTERN on
purpose: these come from the agent, not the maintainer, and capitals only keep a call from
setting a lower-case twin of a variable the CLI reads (`path` beside `PATH`)."""
_NOT_NAME_CHAR = re.compile(r"[^A-Za-z0-9_-]")
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NOT_SNAKE_CHAR = re.compile(r"[^a-z0-9]+")


MAX_PROPERTY_NAME = 64
"""Model APIs reject input property names longer than this (`^[A-Za-z0-9_.-]{1,64}$`)."""

_NOT_PROPERTY_CHAR = re.compile(r"[^A-Za-z0-9_.-]")


def sanitize(text: str) -> str:
    """`text` with every character a tool name may not contain replaced by `_`."""
    return _NOT_NAME_CHAR.sub("_", text)


def property_name(key: str) -> str:
    """A flag's key as an input property name: verbatim when it fits `^[A-Za-z0-9_.-]{1,64}$`
    (`dry-run`, `n`), else with every other character replaced by `_` (`über` → `_ber`,
    `x:y` → `x_y`), cut to 64."""
    name = _NOT_PROPERTY_CHAR.sub("_", key)[:MAX_PROPERTY_NAME]
    return name or "flag"


def tool_name(prefix: str, path: list[str] | tuple[str, ...]) -> str:
    """The tool name of the command at `path` under `prefix`.

    The root command itself is named by the prefix alone; an empty prefix drops it (and its
    separator), so `prefix = ""` turns `deployctl secrets set` into `secrets_set`.
    """
    parts = ([prefix] if prefix else []) + list(path[1:])
    if not parts:
        parts = [path[0]]
    name = sanitize("_".join(parts))
    if len(name) > MAX_TOOL_NAME:
        raise SurfaceError(
            f"the tool name for `{' '.join(path)}` would be `{name}`, {len(name)} characters, "
            f"more than the {MAX_TOOL_NAME} MCP allows; set a shorter [tools] prefix "
            '(prefix = "" drops it) or exclude the command'
        )
    return name


def snake_case(text: str) -> str:
    """A positional's metavar as a property name: `FILE` → `file`, `source-dir` → `source_dir`,
    `fileName` → `file_name`, `FILE...` → `file`; `arg` when nothing is left."""
    text = _CAMEL_BOUNDARY.sub("_", text.strip())
    name = _NOT_SNAKE_CHAR.sub("_", text.lower()).strip("_")
    if not name:
        return "arg"
    if name[0].isdigit():
        name = f"arg_{name}"
    return name[: MAX_PROPERTY_NAME - 5].rstrip("_")  # room for a clash suffix (`_arg9`)


def unique_name(base: str, taken: set[str], suffix: str) -> str:
    """`base` if free, else `base_<suffix>`, then `base_<suffix>2`, `base_<suffix>3`…; the
    result is added to `taken`. Deterministic: the same inputs in the same order give the
    same names."""
    name = base
    counter = 1
    while name in taken:
        name = f"{base}_{suffix}" + (str(counter) if counter > 1 else "")
        counter += 1
    taken.add(name)
    return name
