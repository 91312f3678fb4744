"""Checking what the user types for the shaping keys of SPEC §5a/§5b before it is applied
(no Textual here): a tool name, a property name, a pinned or default value, fixed words, a
command's limits and env, an output schema.

Every check is the model's own rule: the tool-name pattern and the surface's names
(`naming`, `surface.tool_names`), the flag's derived or overridden schema (`schema.flag_schema`,
`retype`, `check_override`) validated with JSON Schema, the env editor's name rule. Errors are
one sentence (a `ValueError`), for inline display and for the workspace to refuse the edit.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

from workbench.model.config import CommandConfig, Config, FlagConfig
from workbench.model.config_errors import assignment_problem
from workbench.model.naming import TOOL_NAME_PATTERN, snake_case
from workbench.model.schema import check_override, flag_schema, positional_schema, retype
from workbench.model.surface import tool_names
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import Command, CommandTree, Flag
from workbench.tui.env_edit import name_problem
from workbench.tui.json_input import read_json_object

PROPERTY_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
"""The input property names model APIs accept (see `naming.property_name`)."""


def find_flag(tree: CommandTree, command: Command, key: str) -> Flag | None:
    """The flag `key` as `command`'s tool sees it: its own, else the nearest ancestor's."""
    for owner in [command, *reversed(tree.ancestors(command))]:
        found = next((f for f in owner.flags if f.key == key), None)
        if found is not None:
            return found
    return None


def flag_value_schema(
    tree: CommandTree, command: Command, key: str, choices: FlagConfig
) -> dict[str, Any] | None:
    """The schema a pinned or default value of flag (or positional) `key` must fit: the derived
    one, with the flag's `schema` or `type` override applied as the surface applies it. None when
    `key` names nothing of `command`."""
    flag = find_flag(tree, command, key)
    if flag is not None:
        schema = flag_schema(flag)
    else:
        positional = next((p for p in command.positionals if snake_case(p.name) == key), None)
        if positional is None:
            return None
        schema = positional_schema(positional)
    if choices.schema_ is not None:
        check_override(choices.schema_, tool=command.path_str, command=command.path_str, key=key)
        return choices.schema_
    if choices.type is not None:
        return retype(schema, choices.type)
    return schema


def _validation_problem(value: Any, schema: dict[str, Any]) -> str | None:
    # lazy: jsonschema (~30 ms) only when a schema is checked, off serve's and open's start
    from jsonschema import Draft202012Validator

    error = next(iter(Draft202012Validator(schema).iter_errors(value)), None)
    return None if error is None else error.message


def parse_flag_value(text: str, schema: dict[str, Any], *, what: str) -> Any:
    """The value typed for a pin or default, read the way its schema expects: verbatim for a
    string (`json` stays the word json), else as JSON (`3`, `true`, `["a", "b"]`); for a list,
    one item alone is a list of one. Raises
    ValueError with one sentence when it does not fit the flag's schema."""
    raw = text.strip()
    try:
        as_json: Any = json.loads(raw)
        parsed = True
    except ValueError:
        as_json, parsed = None, False
    kind = schema.get("type")
    wants_text = kind == "string" or (isinstance(kind, list) and "string" in kind)
    candidates = (
        ([raw] + ([as_json] if parsed else []))
        if wants_text
        else (([as_json] if parsed else []) + [raw])
    )
    candidates = [c for c in candidates if c is not None]
    if kind == "array":  # one item typed alone is a list of one (`web` for a repeatable flag)
        candidates += [[c] for c in candidates if not isinstance(c, list)]
    first_problem = None
    for candidate in candidates:
        if isinstance(candidate, dict):
            continue  # TOML has no null, and a flag's value is never a table
        problem = _validation_problem(candidate, schema)
        if problem is None:
            return candidate
        first_problem = first_problem or problem
    expected = f" (expected {kind})" if isinstance(kind, str) else ""
    raise ValueError(
        f"`{raw}` does not fit {what}'s schema{expected}: {first_problem or 'not a value'}."
    )


def check_flag_value(value: Any, schema: dict[str, Any], *, what: str) -> None:
    """Raise ValueError (one sentence) unless `value` validates against the flag's schema."""
    problem = _validation_problem(value, schema)
    if problem is not None:
        raise ValueError(f"{json.dumps(value)} does not fit {what}'s schema: {problem}.")


def value_text(value: Any) -> str:
    """How a pinned or default value is shown in its field (a string as typed, else JSON)."""
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def tool_name_problem(tree: CommandTree, config: Config, path: str, name: str) -> str | None:
    """Why `name` cannot be the tool name of `path` (one sentence), or None: the MCP pattern,
    and no other tool of the surface may already have it."""
    if not TOOL_NAME_PATTERN.match(name):
        return (
            f"`{name}` is not a tool name MCP accepts: use 1 to 64 letters, digits, `_` or `-` "
            f'([commands."{path}"] name)'
        )
    try:
        names = tool_names(tree, config)
    except SurfaceError:
        return None  # the surface already fails for another reason, which it reports itself
    other = next((p for p, n in names.items() if n == name and p != path), None)
    if other is not None:
        return f"`{name}` is already the tool name of `{other}`; choose another name for `{path}`"
    return None


def property_name_problem(name: str, taken: dict[str, str], key: str) -> str | None:
    """Why `name` cannot be the property name of flag `key`, given the other properties of its
    tool (`taken`: property name → flag key), or None."""
    if not PROPERTY_NAME.match(name):
        return f"`{name}` is not a property name model APIs accept: use 1 to 64 letters, digits, `_`, `.` or `-`"
    owner = taken.get(name)
    if owner is not None and owner != key:
        return f"`{name}` is already the property of `{owner}` in this tool; choose another name"
    return None


def parse_words(text: str) -> list[str]:
    """Fixed words typed as a command line (`--no-pager --color=never`, quotes as in a shell).
    No shell ever runs them: this only splits the text into the words."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise ValueError(
            f"the fixed words do not split into words ({error}); close the quote"
        ) from None
    return words  # a NUL in one is the model's to refuse (`EnvText`), when the workspace sets them


def words_text(words: list[str]) -> str:
    return shlex.join(words)


def parse_limit(text: str, *, key: str, kind: type) -> int | float | None:
    """A command's `timeout_s` (a number) or `max_output_bytes` (a whole number), above 0;
    empty text is None (follow `[runtime]`). "Above 0" is the model's rule, in its words."""
    cleaned = text.strip().replace("_", "")
    if not cleaned:
        return None
    try:
        value: int | float = int(cleaned) if kind is int else float(cleaned)
    except ValueError:
        whole = "a whole number" if kind is int else "a number"
        raise ValueError(f"`{key}` must be {whole} above 0, or empty to follow [runtime]") from None
    if (
        isinstance(value, float)
        and value.is_integer()
        and "." not in cleaned
        and "e" not in cleaned.lower()
    ):
        value = int(value)
    problem = assignment_problem(CommandConfig(), key, value)
    if problem is not None:
        raise ValueError(problem)
    return value


def parse_env_rows(text: str) -> dict[str, str]:
    """`NAME=value` lines (blank lines skipped) as a command's env; each name is checked with the
    env editor's rule."""
    env: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        name, sep, value = line.partition("=")
        name = name.strip()
        if not sep:
            raise ValueError(f"line {number}: write `NAME=value`")
        problem = name_problem(name)
        if problem is not None:
            raise ValueError(f"line {number}: {problem}")
        env[name] = value  # a NUL in the value is the model's to refuse (`EnvText`)
    return env


def env_text(env: dict[str, str]) -> str:
    return "\n".join(f"{name}={value}" for name, value in env.items())


def parse_output_schema(text: str) -> dict[str, Any] | None:
    """The output schema typed as JSON (empty: none), checked as draft 2020-12 JSON Schema."""
    value = read_json_object(text, what="An output schema", example='{"type": "object"}')
    return None if value is None else check_output_schema(value)


def check_output_schema(schema: dict[str, Any]) -> dict[str, Any]:
    # lazy: jsonschema (~30 ms) only when a schema is checked, off serve's and open's start
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        raise ValueError(
            f"The output schema is not valid JSON Schema (draft 2020-12): {error.message}."
        ) from None
    if schema.get("type", "object") != "object":
        raise ValueError(
            'MCP declares structured output as an object: the output schema needs "type": "object".'
        )
    return schema
