"""Shaping a tool (SPEC §5a): the checks and derived pieces of tool and property renames, pinned
values, defaults, required-ness and JSON output, used by `build_input_schema` and the surface
builder. Pure: jsonschema validates, nothing is fetched.

Every problem is one sentence naming the config key (`commands."x y".flags.output.value`) and
what is allowed; the `SurfaceError` carries the key path so a caller holding the file adds the line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from workbench.model.config_errors import key_path as dotted
from workbench.model.memo import memoized
from workbench.model.surface_types import JsonWrap, SurfaceError

PROPERTY_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
"""The input property names model APIs accept (Anthropic's rejects the whole list otherwise)."""

TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

DEFAULT_JSON_OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "The command's JSON output: an object as the command printed it; any other JSON "
    "value (an array, a string, a number) under the key `result`.",
}
"""The `outputSchema` of an `output = "json"` tool without `output_schema`."""


def check_tool_name(name: Any, path: str) -> str:
    """A `[commands."<path>"] name`, checked against the MCP tool-name rule."""
    if not isinstance(name, str) or not TOOL_NAME.match(name):
        raise SurfaceError(
            f"{dotted(('commands', path, 'name'))} = {_show(name)} is not a valid tool name; use 1 to 64 "
            'letters, digits, `_` or `-` (e.g. "list_resources")',
            key_path=("commands", path, "name"),
        )
    return name


def check_property_name(name: str, where: tuple[str | int, ...]) -> str:
    """A flag's `name`, checked against the property-name rule."""
    if not PROPERTY_NAME.match(name):
        raise SurfaceError(
            f"{dotted(where)} = {_show(name)} is not a valid property name; use 1 to 64 letters, digits, "
            '`_`, `.` or `-` (e.g. "diff")',
            key_path=where,
        )
    return name


def value_problem(value: Any, schema: dict[str, Any], prop: str) -> str | None:
    """Why `value` is not valid under the property schema `schema` (served as property `prop`,
    so a `$ref` resolves as in the tool's schema), or None."""
    return _value_problem(
        json.dumps(value, sort_keys=True), json.dumps(schema, sort_keys=True), prop
    )


@memoized(2048)
def _value_problem(value_json: str, schema_json: str, prop: str) -> str | None:
    # lazy: with jsonschema, only when a schema's references are resolved
    # lazy: jsonschema (~30 ms) only when a schema is checked, off serve's and open's start
    import referencing
    from jsonschema import Draft202012Validator

    # lazy: schema imports this module at its top (a cycle)
    from workbench.model.schema import no_retrieval, word_rule

    schema = json.loads(schema_json)
    wrapper = {"type": "object", "properties": {prop: schema}}
    validator = Draft202012Validator(wrapper, registry=referencing.Registry(retrieve=no_retrieval))  # type: ignore[call-arg]  # attrs field the stub omits
    try:
        error = next(
            iter(
                sorted(
                    validator.iter_errors({prop: json.loads(value_json)}),
                    key=lambda e: len(list(e.absolute_path)),
                )
            ),
            None,
        )
    except Exception:  # a `$ref` that resolves nowhere: the override check names it
        return None
    if error is None:
        return None
    if error.validator == "pattern":
        rule = word_rule(error.validator_value)
        if rule is not None:
            refused, dash = rule
            chars = ", ".join(f"`{c}`" for c in refused)
            return (
                f"a value written as its own word may not start with {chars}"
                + (" (but a negative number)" if dash else "")
                + ": the CLI would read it as an option or a file of more arguments"
            )
    return f"{error.message}; {allowed(error.schema)}"


def allowed(schema: Any) -> str:
    """What a schema allows, in a few words (for the fix of a bad pin or default)."""
    if not isinstance(schema, dict):
        return "see the flag's schema"
    if "enum" in schema:
        return "allowed: " + ", ".join(json.dumps(v) for v in schema["enum"])
    kind = schema.get("type")
    bounds = [
        f"{word} {schema[key]}"
        for key, word in (
            ("minimum", "≥"),
            ("maximum", "≤"),
            ("exclusiveMinimum", ">"),
            ("exclusiveMaximum", "<"),
        )
        if key in schema
    ]
    if kind == "array":
        return "allowed: a list" + (
            f" of {allowed(schema['items'])[len('allowed: ') :]}"
            if isinstance(schema.get("items"), dict)
            else ""
        )
    if kind:
        return f"allowed: {'an' if str(kind)[0] in 'aeiou' else 'a'} {kind}" + (
            f" {' and '.join(bounds)}" if bounds else ""
        )
    return "see the flag's schema (`mcp-workbench tools` shows it)"


def check_value(
    value: Any, schema: dict[str, Any], *, prop: str, where: tuple[str | int, ...], what: str
) -> None:
    """`value` (a pin or default, `what` says which) valid under `schema`, else SurfaceError."""
    problem = value_problem(value, schema, prop)
    if problem:
        raise SurfaceError(
            f"{dotted(where)} = {_show(value)} is not a valid {what}: {problem}", key_path=where
        )


def json_output(
    user_schema: dict[str, Any] | None, path: str, *, tool: str
) -> tuple[dict[str, Any], JsonWrap]:
    """The `outputSchema` of an `output = "json"` command and its binding's `json_wrap`.

    Without a user schema: `DEFAULT_JSON_OUTPUT_SCHEMA` (any object; other values wrapped). With
    one whose root declares `"type": "object"`: served as is, the output unwrapped. With any other
    (an array, a string): served under `result`, the output always wrapped."""
    if user_schema is None:
        return DEFAULT_JSON_OUTPUT_SCHEMA, "non-object"
    where = ("commands", path, "output_schema")
    # lazy: schema imports this module at its top (a cycle)
    from workbench.model.schema import _pattern_problem, _schema_problem

    text = json.dumps(user_schema, sort_keys=True)
    problem = _schema_problem(text)
    wrapped = user_schema.get("type") != "object"
    if problem is None and ("$ref" in text or "$dynamicRef" in text):
        problem = _root_reference_problem(text, wrapped)
    if problem is None and "pattern" in text:
        problem = _pattern_problem(text)
    if problem:
        raise SurfaceError(
            f"tool `{tool}`: {dotted(where)} is not a usable JSON Schema (draft 2020-12): "
            f"{problem}; fix it",
            key_path=where,
        )
    if not wrapped:
        return user_schema, "never"
    return (
        {
            "type": "object",
            "properties": {"result": user_schema},
            "required": ["result"],
            "additionalProperties": False,
        },
        "always",
    )


def _root_reference_problem(schema_json: str, wrapped: bool) -> str | None:
    """A `$ref` of a user output schema that does not resolve inside the schema as served."""
    # lazy: schema imports this module at its top (a cycle)
    from workbench.model.schema import _reference_problem

    if wrapped:
        return _reference_problem(schema_json, "result")
    # lazy: with jsonschema, only when a schema's references are resolved
    import referencing
    from referencing.jsonschema import DRAFT202012

    # lazy: schema imports this module at its top (a cycle)
    from workbench.model.schema import no_retrieval

    schema = json.loads(schema_json)
    base = "urn:mcp-workbench:tool-output-schema"
    registry = (
        referencing.Registry(retrieve=no_retrieval)  # type: ignore[call-arg]  # attrs field the stub omits
        .with_resource(base, DRAFT202012.create_resource(schema))
        .crawl()
    )
    resolver = registry.resolver(base)
    for ref in _refs(schema):
        try:
            resolver.lookup(ref)
        except Exception:
            return f"`$ref` {json.dumps(ref)} does not resolve inside the schema, and schemas are never fetched"
    return None


def _refs(node: Any) -> list[str]:
    found: list[str] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key in ("$ref", "$dynamicRef"):
                if isinstance(item.get(key), str):
                    found.append(item[key])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def parse_json_output(stdout: str, wrap: str) -> tuple[Any, str | None]:
    """(structured content, None), or (None, why stdout is not JSON) for an `output = "json"` call."""
    try:
        value = json.loads(stdout)
    except (ValueError, RecursionError) as error:
        where = (
            f" (line {error.lineno}, column {error.colno}: {error.msg})"
            if isinstance(error, json.JSONDecodeError)
            else ""
        )
        return None, f"the command's output is not JSON{where}"
    if wrap == "always" or (wrap == "non-object" and not isinstance(value, dict)):
        return {"result": value}, None
    if not isinstance(value, dict):
        return (
            None,
            "the command's output is JSON but not an object, which its output schema declares",
        )
    return value, None


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
