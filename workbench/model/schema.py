"""Input schemas (SPEC §5.5): a command's flags and positionals → one JSON Schema object, plus
the `ArgBinding`s that tell the runtime how each property becomes command-line words.

Derived schemas use a small fixed vocabulary and are valid by construction; user overrides
(`[commands."x".flags.y] schema = …`) are meta-validated against JSON Schema draft 2020-12,
once per distinct schema, and a bad one is an error naming the tool and the flag.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from typing import Any

from workbench.model.config import FlagConfig
from workbench.model.config_errors import key_path as dotted
from workbench.model.memo import memoized
from workbench.model.naming import property_name, snake_case, unique_name
from workbench.model.shaping import check_property_name, check_value
from workbench.model.surface_types import ArgBinding, SurfaceError
from workbench.model.tree import Flag, FlagKind, Positional, ValueType

_TRIVIAL_METAVARS = {
    "TEXT",
    "STRING",
    "STR",
    "INTEGER",
    "INT",
    "FLOAT",
    "NUMBER",
    "NUM",
    "PATH",
    "FILE",
    "FILENAME",
    "DIR",
    "DIRECTORY",
    "VALUE",
    "VAL",
    "BOOLEAN",
    "BOOL",
    "N",
    "X",
    "ARG",
}
_PY_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "array": list,
    "object": dict,
}


@dataclass(frozen=True)
class ToolFlag:
    """A flag chosen for a tool, with the level whose parser reads it."""

    flag: Flag
    level: int


def value_schema(value_type: ValueType, choices: list[str] | None) -> dict[str, Any]:
    """The schema of one value (a flag's value, one item of a repeatable flag or variadic
    positional)."""
    if choices:
        if value_type in (ValueType.INTEGER, ValueType.NUMBER):
            numbers = _as_numbers(choices, integer=value_type is ValueType.INTEGER)
            if numbers is not None:
                return {
                    "type": "integer" if value_type is ValueType.INTEGER else "number",
                    "enum": numbers,
                }
        return {"type": "string", "enum": list(choices)}
    if value_type is ValueType.INTEGER:
        return {"type": "integer"}
    if value_type is ValueType.NUMBER:
        return {"type": "number"}
    if value_type is ValueType.JSON:
        return {}
    return {"type": "string"}


NOT_AN_OPTION = r"^([^-]|$)|^-(\d+|\d*\.\d+)$"
"""The values that stand as their own word after a flag accept (the words of a flag taking
several, the value of a short-only flag, a long flag's value under `long_values = "separate"`):
anything not starting with `-`, except a negative number (argparse's own pattern for numbers
that are no option). Written without lookahead, so a linear-time engine (RE2) matches it."""

_NEGATIVE = "|^-(\\d+|\\d*\\.\\d+)$"


def word_pattern(refused_prefixes: str, *, dash: bool) -> str | None:
    """The `pattern` of a value written as its own word: it may not start with any of
    `refused_prefixes` (argparse `fromfile_prefix_chars`, which would read the word as a file of
    more arguments) nor, when `dash`, with `-` unless it is a negative number. None when
    nothing is refused."""
    chars = ("-" if dash else "") + "".join(dict.fromkeys(c for c in refused_prefixes if c != "-"))
    if not chars:
        return None
    escaped = ("-" if dash else "") + "".join("\\" + c if c in "\\]^-" else c for c in chars[dash:])
    return f"^([^{escaped}]|$)" + (_NEGATIVE if dash else "")


def word_rule(pattern: Any) -> tuple[str, bool] | None:
    """For a pattern made by `word_pattern`: (the refused leading characters, whether a negative
    number is allowed); None for any other pattern (a user's)."""
    if not isinstance(pattern, str) or not pattern.startswith("^([^"):
        return None
    dash = pattern.endswith(_NEGATIVE)
    body = pattern[len("^([^") : len(pattern) - (len(_NEGATIVE) if dash else 0)]
    if not body.endswith("]|$)"):
        return None
    chars, i, raw = [], 0, body[: -len("]|$)")]
    while i < len(raw):
        if raw[i] == "\\" and i + 1 < len(raw):
            i += 1
        chars.append(raw[i])
        i += 1
    text = "".join(chars)
    return (text, dash) if word_pattern(text.replace("-", ""), dash=dash) == pattern else None


def bounded(schema: dict[str, Any], item: Flag | Positional) -> dict[str, Any]:
    """`schema` (one numeric value, no enum) with the bounds the CLI enforces on `item`."""
    if "enum" in schema or schema.get("type") not in ("integer", "number"):
        return schema
    if item.minimum is not None:
        schema["exclusiveMinimum" if item.exclusive_minimum else "minimum"] = item.minimum
    if item.maximum is not None:
        schema["exclusiveMaximum" if item.exclusive_maximum else "maximum"] = item.maximum
    return schema


def _word_schema(schema: dict[str, Any], pattern: str | None = NOT_AN_OPTION) -> dict[str, Any]:
    """A value standing as its own word: free text gets `pattern` (it may not look like an
    option, nor start with a character the CLI treats specially)."""
    if (
        pattern
        and schema.get("type") == "string"
        and "enum" not in schema
        and "pattern" not in schema
    ):
        return {**schema, "pattern": pattern}
    return schema


def _own_words(schema: dict[str, Any], pattern: str | None) -> dict[str, Any]:
    """`schema` (one value, or an array of them for a repeatable flag or variadic positional)
    with `pattern` on its free-text values."""
    if pattern is None:
        return schema
    items = schema.get("items")
    if schema.get("type") == "array" and isinstance(items, dict):
        return {**schema, "items": _word_schema(items, pattern)}
    return _word_schema(schema, pattern)


def words_schema(flag: Flag, pattern: str | None = NOT_AN_OPTION) -> dict[str, Any]:
    """The schema of one occurrence of a flag with `nargs`: an array of its words, exactly
    `nargs` long (at least one for `+`), typed per position for a tuple of simple types."""
    item = _word_schema(bounded(value_schema(flag.value_type, flag.choices), flag), pattern)
    schema: dict[str, Any] = {"type": "array"}
    if flag.item_types and isinstance(flag.nargs, int) and len(flag.item_types) == flag.nargs:
        schema["prefixItems"] = [
            _word_schema(value_schema(t, None), pattern) for t in flag.item_types
        ]
    else:
        schema["items"] = item
    if isinstance(flag.nargs, int):
        schema["minItems"] = schema["maxItems"] = flag.nargs
    elif flag.nargs == "+":
        schema["minItems"] = 1
    return schema


def _as_numbers(choices: list[str], *, integer: bool) -> list[int | float] | None:
    try:
        return [int(c) if integer else float(c) for c in choices]
    except (TypeError, ValueError):
        return None


def _hints(
    value_type: ValueType,
    env_var: str | None = None,
    metavar: str | None = None,
    key: str = "",
    choices: list[str] | None = None,
) -> list[str]:
    hints = []
    if value_type is ValueType.PATH:
        hints.append("a file system path")
    elif value_type is ValueType.JSON:
        hints.append("a JSON value")
    if metavar and not choices and _meaningful_metavar(metavar, key):
        hints.append(f"format: {metavar}")
    elif metavar and not choices and _OPEN_LIST.fullmatch(listed := metavar.strip("[]<>{}")):
        # a list the parser does not check (`[ie7|ie8]` on a plain string): shown, not enforced
        hints.append(f"values such as: {', '.join(listed.split('|'))}")
    if env_var:
        hints.append(f"env var: {env_var}")
    return hints


_OPEN_LIST = re.compile(r"[\w.+:/@-]+(?:\|[\w.+:/@-]+)+")
"""A metavar spelled as alternatives (`ie7|ie8`, `[auto|h11]`) on a value with no choices."""


def _meaningful_metavar(metavar: str, key: str) -> bool:
    bare = metavar.strip("<>[]{}.").upper()
    if not bare or "|" in metavar or "," in metavar or "{" in metavar:
        return False
    return bare not in _TRIVIAL_METAVARS and bare.replace("-", "_") != key.upper().replace("-", "_")


def _describe(text: str, hints: list[str]) -> str:
    text = text.strip()
    if not hints:
        return text
    joined = "; ".join(hints)
    return f"{text} ({joined})" if text else joined[0].upper() + joined[1:]


def flag_schema(
    flag: Flag, description: str | None = None, *, refused_prefixes: str = ""
) -> dict[str, Any]:
    """The derived schema of `flag` (its help text replaced by `description` when given); the
    words of a flag taking several may not start with `-` nor with `refused_prefixes`."""
    if flag.kind is FlagKind.BOOLEAN:
        schema: dict[str, Any] = {"type": "boolean"}
    elif flag.kind is FlagKind.COUNT:
        schema = {"type": "integer", "minimum": 0}
    else:
        schema = (
            words_schema(flag, word_pattern(refused_prefixes, dash=True))
            if flag.nargs is not None
            else bounded(value_schema(flag.value_type, flag.choices), flag)
        )
        if flag.repeatable:
            schema = {"type": "array", "items": schema}
            if flag.required:
                schema["minItems"] = 1
    text = flag.help if description is None else description
    hints = _hints(
        flag.value_type if flag.kind is FlagKind.VALUE else ValueType.STRING,
        flag.env_var,
        flag.metavar,
        flag.key,
        flag.choices,
    )
    described = _describe(text, hints)
    if described:
        schema["description"] = described
    if flag.default is not None and _fits(flag.default, schema):
        schema["default"] = flag.default
    return schema


def positional_schema(positional: Positional, description: str | None = None) -> dict[str, Any]:
    """The derived schema of `positional`."""
    schema = bounded(value_schema(positional.value_type, positional.choices), positional)
    if positional.variadic:
        schema = {"type": "array", "items": schema}
        if positional.required:
            schema["minItems"] = 1
    text = positional.help if description is None else description
    described = _describe(text, _hints(positional.value_type))
    if described:
        schema["description"] = described
    if positional.default is not None and _fits(positional.default, schema):
        schema["default"] = positional.default
    return schema


def _fits(value: Any, schema: dict[str, Any]) -> bool:
    """A cheap check that a default matches the schema's coarse type (loaders sometimes report
    `()` or a string for a typed default)."""
    expected = schema.get("type")
    if expected is None:
        return True
    if expected in ("integer", "number") and isinstance(value, bool):
        return False
    if not isinstance(value, _PY_TYPES[expected]):
        return False
    return not ("enum" in schema and value not in schema["enum"])


def retype(schema: dict[str, Any], new_type: str) -> dict[str, Any]:
    """`schema` with only its coarse type changed (a `type = …` override).

    To `array`: the old schema becomes the item schema. From an array to a scalar type: the
    items change type (a repeatable flag stays repeatable). Constraints that belong to the old
    type (enum, bounds) are dropped; description and a still-fitting default are kept.
    """
    old_type = schema.get("type")
    if old_type == new_type:
        return schema
    if old_type == "array" and new_type != "array":
        return {**schema, "items": retype(schema.get("items", {}), new_type)}
    kept = {k: schema[k] for k in ("description",) if k in schema}
    if new_type == "array":
        item = {k: v for k, v in schema.items() if k not in ("description", "default")}
        result: dict[str, Any] = {"type": "array", "items": item or {"type": "string"}, **kept}
    else:
        result = {"type": new_type, **kept}
    if "default" in schema and _fits(schema["default"], result):
        result["default"] = schema["default"]
    return result


@memoized(4096)
def _schema_problem(schema_json: str) -> str | None:
    """Why this schema is not valid draft 2020-12 JSON Schema, or None. Cached: the TUI
    rebuilds the surface on every edit and most override schemas do not change."""
    # lazy: jsonschema (~30 ms) only when a schema is checked, off serve's and open's start
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        Draft202012Validator.check_schema(json.loads(schema_json))
    except SchemaError as error:
        where = "/".join(str(p) for p in error.absolute_path)
        return f"{error.message}" + (f" at `{where}`" if where else "")
    return None


def check_override(
    schema: Any, *, tool: str, command: str, key: str, prop: str | None = None
) -> None:
    """Raise SurfaceError unless `schema` (a per-flag override, served as property `prop` of
    the tool's input schema) is a valid JSON Schema whose every `$ref` resolves inside it."""
    where = f'[commands."{command}".flags.{_toml_key(key)}].schema'
    if not isinstance(schema, dict):
        raise SurfaceError(
            f"tool `{tool}`, flag `{key}`: the schema override must be a table (a JSON Schema "
            f"object), not {type(schema).__name__}; fix {where}",
            key_path=("commands", command, "flags", key, "schema"),
        )
    text = json.dumps(schema, sort_keys=True)
    problem = _schema_problem(text)
    if problem:
        raise SurfaceError(
            f"tool `{tool}`, flag `{key}`: the schema override is not valid JSON Schema "
            f"(draft 2020-12): {problem}; fix {where}",
            key_path=("commands", command, "flags", key, "schema"),
        )
    problem = (
        _reference_problem(text, prop or key) if "$ref" in text or "$dynamicRef" in text else None
    )
    if problem is None and ("pattern" in text or "patternProperties" in text):
        problem = _pattern_problem(text)
    if problem:
        raise SurfaceError(
            f"tool `{tool}`, flag `{key}`: {problem}; fix {where}",
            key_path=("commands", command, "flags", key, "schema"),
        )


TOOL_SCHEMA_URI = "urn:mcp-workbench:tool-input-schema"
"""The base URI a tool's input schema is resolved against: not a network address, and the
validators' registry retrieves nothing, so a `$ref` can only ever point into the schema."""


def no_retrieval(uri: str) -> Any:
    """The `retrieve` of every `referencing.Registry` we build: schemas are never fetched."""
    # lazy: with jsonschema, only when a schema's references are resolved
    from referencing.exceptions import NoSuchResource

    raise NoSuchResource(ref=uri)  # type: ignore[call-arg]  # attrs class; its stub omits ref


@memoized(1024)
def _reference_problem(schema_json: str, prop: str) -> str | None:
    """Why a `$ref`/`$dynamicRef` of this override does not resolve inside it, or None.

    References are resolved as every validator (ours, a client's) resolves them in the served
    schema: against the tool's input schema, where the override is property `prop`, so `#` is
    the tool's schema unless the override declares its own `$id`. Nothing is ever fetched."""
    # lazy: with jsonschema, only when a schema's references are resolved
    import referencing
    from referencing.exceptions import Unresolvable
    from referencing.jsonschema import DRAFT202012

    override = json.loads(schema_json)
    wrapper = {"type": "object", "properties": {prop: override}}
    empty = referencing.Registry(retrieve=no_retrieval)  # type: ignore[call-arg]  # attrs field the stub omits
    registry = empty.with_resource(TOOL_SCHEMA_URI, DRAFT202012.create_resource(wrapper)).crawl()
    inside = set(map(id, _nodes(override)))
    pending = [
        (
            override,
            registry.resolver(TOOL_SCHEMA_URI).in_subresource(DRAFT202012.create_resource(wrapper)),
        )
    ]
    while pending:
        node, resolver = pending.pop()
        if isinstance(node.get("$id"), str):
            resolver = resolver.in_subresource(DRAFT202012.create_resource(node))
        for keyword in ("$ref", "$dynamicRef"):
            ref = node.get(keyword)
            if not isinstance(ref, str):
                continue
            try:
                target = resolver.lookup(ref).contents
            except Unresolvable:
                target = None
            if target is None or id(target) not in inside:
                return _why_unresolved(keyword, ref, prop)
        pending.extend(
            (sub, resolver) for sub in DRAFT202012.subresources_of(node) if isinstance(sub, dict)
        )
    return None


def user_patterns(schema: Any) -> list[str]:
    """Every regular expression in a schema: `pattern` values and `patternProperties` keys (of
    subschemas only, by keyword: a property *named* `pattern` is no pattern)."""
    # lazy: with jsonschema, only when a schema's references are resolved
    from referencing.jsonschema import DRAFT202012

    found: list[str] = []
    pending = [schema] if isinstance(schema, dict) else []
    while pending:
        node = pending.pop()
        if isinstance(node.get("pattern"), str):
            found.append(node["pattern"])
        if isinstance(node.get("patternProperties"), dict):
            found.extend(key for key in node["patternProperties"] if isinstance(key, str))
        pending.extend(sub for sub in DRAFT202012.subresources_of(node) if isinstance(sub, dict))
    return found


def linear_time_regex(pattern: str) -> Any:
    """`pattern` compiled by RE2 (matching in time linear in the input), or None when RE2 cannot
    run it: backreferences and lookaround need backtracking, which input can make exponential."""
    # lazy: the RE2 binding only when a pattern is compiled
    import re2

    options = re2.Options()
    options.log_errors = False  # RE2 would print its reason to stderr; we say it in a sentence
    try:
        return re2.compile(pattern, options=options)
    except re2.error:
        return None


_BACKTRACKING = (
    (re.compile(r"\\[1-9]|\\k<"), "a backreference"),
    (re.compile(r"\(\?<?[=!]"), "a lookaround"),
    (
        re.compile(r"\((?:[^()\\]|\\.)*(?:[+*]|\{\d*,\d*\})\)?(?:[+*]|\{\d*,\d*\})"),
        "a repeated group holding a repetition",
    ),
)


def backtracking_feature(pattern: str) -> str | None:
    """What in `pattern` makes a backtracking engine (most clients' validators, Python's `re`)
    take exponential time on crafted input: a backreference, a lookaround, or a nested
    quantifier such as `(a+)+`; None when there is none of them."""
    for detector, what in _BACKTRACKING:
        if detector.search(pattern):
            return what
    return None


@memoized(1024)
def _pattern_problem(schema_json: str) -> str | None:
    """Why a pattern of this override cannot be served, or None: each must run in linear time
    (RE2), since the model's input is matched against it on every call."""
    schema = json.loads(schema_json)
    for pattern in user_patterns(schema):
        if linear_time_regex(pattern) is None:
            what = backtracking_feature(pattern) or "a construct RE2 does not support"
            return (
                f"the pattern {json.dumps(pattern)} uses {what}, which cannot be matched in bounded "
                "time against the model's input; rewrite it without backreferences and lookaround"
            )
    if "unevaluatedProperties" in schema_json and "patternProperties" in schema_json:
        return (
            "`unevaluatedProperties` next to `patternProperties` is matched by a backtracking engine; "
            "list the properties, or use `additionalProperties`"
        )
    return None


def _nodes(value: Any) -> list[Any]:
    """`value` and every dict and list inside it."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (dict, list)):
            found.append(item)
            stack.extend(item.values() if isinstance(item, dict) else item)
    return found


def _why_unresolved(keyword: str, ref: str, prop: str) -> str:
    if not ref.startswith("#"):
        return (
            f"`{keyword}` {json.dumps(ref)} points outside the override, and the workbench never "
            "fetches schemas; put the schema it names under the override's `$defs` and refer to it there"
        )
    return (
        f"`{keyword}` {json.dumps(ref)} does not resolve inside the override: in the served schema `#` "
        f"is the tool's input schema, where this override is `#/properties/{prop}`; write "
        f'`#/properties/{prop}/...`, or give the override its own `"$id"` (e.g. "urn:{prop}") so that '
        "`#` means the override"
    )


def _toml_key(key: str) -> str:
    return key if key.replace("-", "").replace("_", "").isalnum() and key.isascii() else f'"{key}"'


def _json_encoded(schema: dict[str, Any], value_type: ValueType, *, many: bool) -> bool:
    """Whether the runtime passes the value (each item, for repeated words) as JSON text."""
    kind = schema.get("type")
    if many and kind == "array":
        items = schema.get("items")
        kind = items.get("type") if isinstance(items, dict) else None
    if value_type is ValueType.JSON:
        return kind != "string"
    return kind in ("object", "array")


def build_input_schema(
    *,
    tool: str,
    command: str,
    depth: int,
    flags: list[ToolFlag],
    positionals: list[Positional],
    overrides: dict[str, FlagConfig],
    shared_flags: dict[tuple[int, int], tuple[dict[str, Any], ArgBinding]] | None = None,
    long_values: str = "equals",
    word_prefixes: tuple[str, ...] = (),
    pins: dict[str, tuple[Any, tuple[str | int, ...]]] | None = None,
) -> tuple[dict[str, Any], tuple[ArgBinding, ...]]:
    """The input schema and bindings of one tool.

    `flags` come in argv order (root level first, then each level down), already filtered and
    de-shadowed; positionals follow. Flags are named by key (verbatim when it is a valid
    property name, else `naming.property_name`); positionals by their
    metavar in snake_case, suffixed `_arg` (then `_arg2`…) when that name is taken. Overrides
    are keyed by flag key, or by a positional's property name.

    `shared_flags` (one dict per surface build) lets tools reuse the schema and binding of a
    flag they share without overrides (a root option appears on every tool); the shared
    schema dicts are read-only, like everything in a Surface.

    `long_values` is `[source] long_values`; `word_prefixes[level - 1]` holds the characters the
    parsers down to that level read as "a file of more arguments" (argparse
    `fromfile_prefix_chars`, an ancestor's included). A value written as its own word may not
    start with them (nor with `-`, for a flag's): the schema says so with a `pattern`, and the
    runtime refuses such a value with a sentence all the same.

    Shaping (SPEC §5a): an override's `name` renames the property (a clash with any other
    property is an error naming both); a pinned `value` (the override's, else `pins`: a
    selector's `pin`, key → (value, its key path)) takes the property out of the schema and into
    the binding; a `default` becomes the schema's `default` and the binding's `fill`; `required`
    replaces the CLI's required-ness (optional only with a default). Pins and defaults are
    validated against the property's schema as served (derived or overridden), words included.
    """
    properties: dict[str, Any] = {}
    required: list[str] = []
    bindings: list[ArgBinding] = []
    taken: set[str] = set()
    pins = pins or {}

    # natural names first (a flag's key, a positional's metavar, clash suffixes), so the keys of
    # positional overrides never depend on a rename; then each `name` replaces its item's
    items: list[tuple[str, Any, str]] = [
        (unique_name(property_name(chosen.flag.key), taken, "flag"), chosen, chosen.flag.key)
        for chosen in flags
    ]
    items += [
        (name, positional, name)
        for positional in positionals
        for name in [unique_name(snake_case(positional.name), taken, "arg")]
    ]
    owners: dict[str, str] = {}
    for natural, _item, key in items:
        override = overrides.get(key)
        if _pin_of(key, override, pins, command) is not None:
            continue  # not in the schema: its name takes no place
        name = natural
        if override is not None and override.name is not None:
            name = check_property_name(override.name, ("commands", command, "flags", key, "name"))
        if name in owners:
            renamed = key if name != natural else owners[name]
            raise SurfaceError(
                f"tool `{tool}`: property `{name}` would name both `{owners[name]}` and `{key}`; give "
                f"{dotted(('commands', command, 'flags', renamed, 'name'))} another name",
                key_path=("commands", command, "flags", renamed, "name"),
            )
        owners[name] = key

    final = {key: name for name, key in owners.items()}
    for natural, item, key in items:
        override = overrides.get(key)
        name = final.get(key, natural)
        pin = _pin_of(key, override, pins, command)
        if isinstance(item, ToolFlag):
            flag = item.flag
            shared = (
                shared_flags.get((id(flag), item.level))
                if override is None and pin is None and shared_flags is not None
                else None
            )
            if shared is not None and shared[1].property == name:
                schema, binding = shared
            else:
                schema, binding = _flag_property(
                    flag,
                    name,
                    item.level,
                    override,
                    tool=tool,
                    command=command,
                    separate=long_values == "separate",
                    prefixes=_prefixes_at(word_prefixes, item.level),
                )
                if override is None and pin is None and shared_flags is not None:
                    shared_flags[(id(flag), item.level)] = (schema, binding)
            cli_required = flag.required
            own_word = binding.value_is_own_word or binding.nargs is not None
            dash = True
        else:
            positional = item
            prefixes = _prefixes_at(word_prefixes, depth)
            schema = positional_schema(positional, override.description if override else None)
            if override is not None:
                schema = _apply_override(schema, override, tool=tool, command=command, key=name)
            if override is None or override.schema_ is None:
                schema = _own_words(schema, word_pattern(prefixes, dash=False))
            binding = ArgBinding(
                property=name,
                source="positional",
                level=depth,
                spelling=positional.name,
                kind=FlagKind.VALUE,
                value_type=positional.value_type,
                default=positional.default,
                variadic=positional.variadic,
                required=positional.required,
                json_encoded=_json_encoded(schema, positional.value_type, many=positional.variadic),
                refused_prefixes=prefixes,
            )
            cli_required = positional.required
            own_word, dash = True, False
        checked = (
            _own_words(schema, word_pattern(binding.refused_prefixes, dash=dash))
            if own_word
            else schema
        )
        if pin is not None:
            value, where = pin
            check_value(value, checked, prop=name, where=where, what="pinned value")
            bindings.append(dataclasses.replace(binding, pin=value))
            continue
        if override is not None and override.default is not None:
            check_value(
                override.default,
                checked,
                prop=name,
                where=("commands", command, "flags", key, "default"),
                what="default",
            )
            schema = {**schema, "default": override.default}
            binding = dataclasses.replace(binding, fill=override.default)
        needed = (
            cli_required if override is None or override.required is None else override.required
        )
        if cli_required and not needed and binding.fill is None:
            raise SurfaceError(
                f"{dotted(('commands', command, 'flags', key, 'required'))} = false, but the CLI needs "
                f"`{binding.spelling}`; give it a `default` (passed when the model leaves it out) or a pinned `value`",
                key_path=("commands", command, "flags", key, "required"),
            )
        properties[name] = schema
        if needed:
            required.append(name)
        bindings.append(binding)

    result: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        result["required"] = required
    result["additionalProperties"] = False
    return result, tuple(bindings)


def _pin_of(
    key: str,
    override: FlagConfig | None,
    pins: dict[str, tuple[Any, tuple[str | int, ...]]],
    command: str,
) -> tuple[Any, tuple[str | int, ...]] | None:
    """The pinned value of `key` and the key path it came from: the command's own `value` wins
    over a selector's `pin`."""
    if override is not None and override.value is not None:
        return override.value, ("commands", command, "flags", key, "value")
    return pins.get(key)


def _prefixes_at(word_prefixes: tuple[str, ...], level: int) -> str:
    """The refused leading characters of a word read by the parsers down to `level`."""
    return word_prefixes[min(level, len(word_prefixes)) - 1] if word_prefixes and level > 0 else ""


def _flag_property(
    flag: Flag,
    name: str,
    level: int,
    override: FlagConfig | None,
    *,
    tool: str,
    command: str,
    separate: bool = False,
    prefixes: str = "",
) -> tuple[dict[str, Any], ArgBinding]:
    if override is not None and override.type is not None and flag.kind_guessed:
        flag = _kind_settled(flag, override.type)
    schema = flag_schema(
        flag, override.description if override else None, refused_prefixes=prefixes
    )
    if override is not None:
        schema = _apply_override(
            schema, override, tool=tool, command=command, key=flag.key, prop=name
        )
    repeated = flag.kind is FlagKind.VALUE and flag.repeatable
    nargs = flag.nargs if flag.kind is FlagKind.VALUE else None
    own_word = (
        flag.kind is FlagKind.VALUE
        and nargs is None
        and (separate or not flag.spelling.startswith("--"))
    )
    if own_word and (override is None or override.schema_ is None):
        schema = _own_words(schema, word_pattern(prefixes, dash=True))
    words = (
        schema.get("items", {}) if repeated and isinstance(schema.get("items"), dict) else schema
    )
    binding = ArgBinding(
        property=name,
        source="flag",
        level=level,
        spelling=flag.spelling,
        kind=flag.kind,
        value_type=flag.value_type,
        negatable=flag.negatable,
        default=flag.default,
        repeatable=repeated,
        variadic=False,
        json_encoded=flag.kind is FlagKind.VALUE
        and _json_encoded(
            words if nargs is not None else schema,
            flag.value_type,
            many=repeated or nargs is not None,
        ),
        optional_value=flag.kind is FlagKind.VALUE and flag.optional_value,
        nargs=nargs,
        separate_long_value=separate and flag.kind is FlagKind.VALUE,
        refused_prefixes=prefixes if (own_word or nargs is not None) else "",
    )
    return schema, binding


_SETTLED_TYPES = {
    "string": ValueType.STRING,
    "integer": ValueType.INTEGER,
    "number": ValueType.NUMBER,
    "object": ValueType.JSON,
    "array": ValueType.STRING,
}


def _kind_settled(flag: Flag, type_word: str) -> Flag:
    """A flag whose kind the help text left to a guess (`kind_guessed`), with the kind a `type`
    override states: `boolean` a switch, anything else a value, so the argv matches the schema."""
    if type_word == "boolean":
        return flag.model_copy(
            update={
                "kind": FlagKind.BOOLEAN,
                "value_type": ValueType.STRING,
                "default": False,
                "repeatable": False,
                "kind_guessed": False,
            }
        )
    return flag.model_copy(
        update={
            "kind": FlagKind.VALUE,
            "value_type": _SETTLED_TYPES[type_word],
            "default": None,
            "repeatable": type_word == "array",
            "kind_guessed": False,
        }
    )


def _apply_override(
    schema: dict[str, Any],
    override: FlagConfig,
    *,
    tool: str,
    command: str,
    key: str,
    prop: str | None = None,
) -> dict[str, Any]:
    """The property schema after a `schema` (checked, wins) or `type` override. The root and
    the derived parts are valid by construction, so checking the override alone is enough."""
    if override.schema_ is not None:
        check_override(override.schema_, tool=tool, command=command, key=key, prop=prop)
        return override.schema_
    if override.type is not None:
        return retype(schema, override.type)
    return schema
