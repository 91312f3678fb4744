"""Tool arguments checked against the tool's input schema, with messages a model can act on.

The low-level MCP server does not validate `arguments`; we do, with one Draft 2020-12 validator
per tool, built once (on the tool's first call; `jsonschema` is imported then too, off the
server's startup path). A failure lists each problem, the expected fields with the required ones
marked, the allowed values of an enum, and `did you mean` for a key within two edits of a
field (SPEC §8). The schema itself is never changed.

The work one request can cause is bounded (SPEC §11.7): arguments with more than
MAX_ARGUMENT_VALUES values, nested deeper than MAX_ARGUMENT_DEPTH or holding more text than a
command line can carry are refused with a sentence before validation; `did you mean` looks at
no more than MAX_PROBLEMS unknown keys, none longer than MAX_NEAR_MISS_LENGTH, with RapidFuzz's
bounded edit distance (C++); every value shown is cut before it is rendered.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from workbench.model.memo import memoized
from workbench.model.schema import linear_time_regex, no_retrieval, word_rule

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

MAX_PROBLEMS = 10
"""Problems listed per call; more are summarised as a count."""

NEAR_MISS_DISTANCE = 2
"""A key within this many edits of an expected field gets a `did you mean` suggestion."""

MAX_NEAR_MISS_LENGTH = 128
"""A name or key longer than this gets no `did you mean` (no field or tool is that long)."""

MAX_CANDIDATES = 100_000
"""At most this many names are compared for one `did you mean`."""

MAX_NEAR_NAMES = 25
"""At most this many near names are kept (the nearest; RapidFuzz picks them in C++)."""

MAX_ARGUMENT_VALUES = 10_000
"""Values (objects, arrays, strings, numbers…) one call's arguments may hold: about 0.15 s of
validation on a busy machine, far more than any command line takes."""

MAX_ARGUMENT_DEPTH = 64
"""How deeply one call's arguments may nest."""

MAX_ARGUMENT_TEXT = 4 * 1024 * 1024
"""Characters of text (strings and keys) one call's arguments may hold: twice the largest
command line Linux accepts by default, so nothing a CLI could receive is refused."""

_VALUE_PREVIEW = 60


class ArgumentChecker:
    """Validates one tool's arguments; build once per tool, call per request."""

    def __init__(self, tool_name: str, schema: dict[str, Any]) -> None:
        import referencing  # with jsonschema ~30 ms: not at import

        self.tool_name = tool_name
        # a registry that retrieves nothing: a `$ref` outside the schema fails, never fetches
        self._validator = _linear_time_validator()(
            schema,
            registry=referencing.Registry(retrieve=no_retrieval),  # type: ignore[call-arg]  # attrs field
        )
        properties = schema.get("properties")
        self._fields = list(properties) if isinstance(properties, dict) else []
        self._required = [name for name in schema.get("required", []) if isinstance(name, str)]

    def problems(self, arguments: Any) -> str | None:
        """None when `arguments` is valid, else the instructive message for the client."""
        too_large = size_problem(arguments)
        if too_large is not None:
            return f"Invalid arguments for `{self.tool_name}`: {too_large}"
        try:
            errors = sorted(self._validator.iter_errors(arguments), key=_error_order)
        except ValueError:  # jsonschema cannot print an integer of more than 4300 digits
            return (
                f"Invalid arguments for `{self.tool_name}`: a number has too many digits to check.\n"
                f"Expected fields: {self.expected_fields()}."
            )
        except (
            Exception
        ) as error:  # a `$ref` that resolves nowhere (a Surface not made by build_surface)
            if not _unresolvable(error):
                raise
            return (
                f"The schema of `{self.tool_name}` has a `$ref` that does not resolve inside it, so no "
                "arguments can be checked; fix the tool's schema override (`mcp-workbench check` names it)."
            )
        if not errors:
            return None
        lines: list[str] = []
        for found in errors:
            lines.extend(self._describe(found, arguments))
        unique = list(dict.fromkeys(lines))
        shown = unique[:MAX_PROBLEMS]
        if len(unique) > MAX_PROBLEMS:
            shown.append(f"…and {len(unique) - MAX_PROBLEMS} more problems")
        message = [f"Invalid arguments for `{self.tool_name}`:"]
        message.extend(f"- {line}" for line in shown)
        message.append(f"Expected fields: {self.expected_fields()}.")
        return "\n".join(message)

    def expected_fields(self) -> str:
        """`name` (required), `other`, … in schema order; `(none)` for a tool without inputs."""
        if not self._fields:
            return "(none)"
        return ", ".join(
            f"`{name}` (required)" if name in self._required else f"`{name}`"
            for name in self._fields
        )

    def _describe(self, error: ValidationError, arguments: Any) -> list[str]:
        where = _where(error)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = _property_names(error.schema)
            extras = [key for key in error.instance if key not in allowed]
            shown = extras if len(extras) <= MAX_PROBLEMS else extras[: MAX_PROBLEMS - 1]
            lines = [self._unknown_key(key, allowed, top=not error.absolute_path) for key in shown]
            if len(extras) > len(shown):
                lines.append(
                    f"{len(extras) - len(shown)} more unknown {'fields' if not error.absolute_path else 'keys'}"
                    f"{_in(where)}"
                )
            return lines
        if error.validator == "required" and isinstance(error.instance, dict):
            missing = [name for name in error.validator_value if name not in error.instance]
            return [f"missing required field `{name}`{_in(where)}" for name in missing]
        if error.validator == "enum":
            allowed_values = ", ".join(_preview(value) for value in error.validator_value)
            return [
                f"{_at(where)}{_preview(error.instance)} is not allowed; allowed values: {allowed_values}"
            ]
        if error.validator == "type" and not error.absolute_path:
            return ["arguments must be a JSON object"]
        rule = word_rule(error.validator_value) if error.validator == "pattern" else None
        if rule is not None and isinstance(error.instance, str):
            return [
                f"{_at(where)}{_preview(error.instance)} {_word_rule_text(error.instance, *rule)}"
            ]
        return [f"{_at(where)}{_short_message(error)}"]

    def _unknown_key(self, key: str, allowed: list[str], *, top: bool) -> str:
        suggestion = closest(key, allowed, NEAR_MISS_DISTANCE)
        half = (_VALUE_PREVIEW - 3) // 2
        shown = key if len(key) <= _VALUE_PREVIEW else key[:half] + "..." + key[-half:]
        line = f"unknown field `{shown}`" if top else f"unknown key `{shown}`"
        if suggestion is not None:
            line += f"; did you mean `{suggestion}`?"
        return line


def closest(word: str, candidates: list[str], limit: int) -> str | None:
    """The candidate nearest to `word` within `limit` edits (first one on a tie), else None."""
    near = near_names(word, candidates, limit)
    return near[0][1] if near else None


def near_names(word: str, candidates: list[str], limit: int) -> list[tuple[int, str]]:
    """(distance, candidate) for the MAX_NEAR_NAMES candidates nearest to `word` within `limit`
    edits, nearest first (then by name). Bounded: nothing for a `word` longer than
    MAX_NEAR_MISS_LENGTH, at most MAX_CANDIDATES compared, a C++ edit distance that stops at
    `limit` (RapidFuzz), and no candidate whose length alone puts it out of reach."""
    if len(word) > MAX_NEAR_MISS_LENGTH or limit < 0:
        return []
    # lazy: rapidfuzz only for a did-you-mean on a refused call
    from rapidfuzz.distance import Levenshtein
    from rapidfuzz.process import extract

    nearest = extract(
        word,
        candidates[:MAX_CANDIDATES],
        scorer=Levenshtein.distance,
        score_cutoff=limit,
        limit=MAX_NEAR_NAMES,
    )
    return sorted((int(distance), name) for name, distance, _ in nearest)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    # lazy: rapidfuzz only for a did-you-mean on a refused call
    from rapidfuzz.distance import Levenshtein

    return Levenshtein.distance(a, b)


def size_problem(arguments: Any) -> str | None:
    """A sentence when `arguments` hold more than one call may cost to check (values, nesting,
    text), else None. Walks iteratively and stops at the first bound crossed, so a hostile
    request costs at most MAX_ARGUMENT_VALUES steps here."""
    stack = [(arguments, 1)]
    values, text = 1, 0
    too_many = (
        f"the arguments hold more than {MAX_ARGUMENT_VALUES:,} values; no command line needs that "
        "many, send fewer."
    )
    while stack:
        value, depth = stack.pop()
        if depth > MAX_ARGUMENT_DEPTH:
            return f"the arguments nest more than {MAX_ARGUMENT_DEPTH} levels deep; send flatter values."
        if isinstance(value, str):
            text += len(value)
        elif isinstance(value, (dict, list)):
            values += len(value)  # counted before anything is walked: a million items cost nothing
            if values > MAX_ARGUMENT_VALUES:
                return too_many
            if isinstance(value, dict):
                text += sum(len(key) for key in value if isinstance(key, str))
                stack.extend((item, depth + 1) for item in value.values())
            else:
                stack.extend((item, depth + 1) for item in value)
        if text > MAX_ARGUMENT_TEXT:
            return (
                f"the arguments hold more than {MAX_ARGUMENT_TEXT:,} characters of text, more than a "
                "command line can carry; send shorter values."
            )
    return None


def linear_time_validator() -> Any:
    """The Draft 2020-12 validator class whose patterns run in linear time (for output schemas too)."""
    return _linear_time_validator()


@memoized(1)
def _linear_time_validator() -> Any:
    """Draft 2020-12 with every regular expression matched by RE2, in time linear in the input:
    `pattern`, `patternProperties` and the `additionalProperties` check that consults them
    (jsonschema's own use Python's backtracking `re`, where `(a+)+$` and 26 characters of the
    model's input take seconds). A pattern RE2 cannot run (build_surface refuses those in
    overrides) matches nothing and says why."""
    # lazy: jsonschema (~30 ms) only when a schema is checked, off serve's and open's start
    from jsonschema import Draft202012Validator, validators
    from jsonschema.exceptions import ValidationError

    def pattern(validator: Any, regex: str, instance: Any, schema: Any) -> Any:
        if validator.is_type(instance, "string") and not _search(regex, instance):
            yield ValidationError(f"{_preview(instance)} does not match {regex!r}")

    def pattern_properties(
        validator: Any, patterns: dict[str, Any], instance: Any, schema: Any
    ) -> Any:
        if not validator.is_type(instance, "object"):
            return
        for regex, subschema in patterns.items():
            for key, value in instance.items():
                if _search(regex, key):
                    yield from validator.descend(value, subschema, path=key, schema_path=regex)

    def additional_properties(validator: Any, allowed: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        known = schema.get("properties", {})
        patterns = list(schema.get("patternProperties", {}))
        extras = [
            key
            for key in instance
            if key not in known and not any(_search(regex, key) for regex in patterns)
        ]
        if validator.is_type(allowed, "object"):
            for extra in extras:
                yield from validator.descend(instance[extra], allowed, path=extra)
        elif not allowed and extras:
            yield ValidationError(
                f"Additional properties are not allowed ({len(extras)} unexpected)"
            )

    return validators.extend(
        Draft202012Validator,
        {
            "pattern": pattern,
            "patternProperties": pattern_properties,
            "additionalProperties": additional_properties,
        },
    )


@memoized(4096)
def _regex(pattern: str) -> Any:
    return linear_time_regex(pattern)


def _search(pattern: str, text: str) -> bool:
    compiled = _regex(pattern)
    if compiled is None:
        return False
    try:
        return compiled.search(text) is not None
    except UnicodeEncodeError:  # an unpaired surrogate: argv refuses it with its own sentence
        return True


def _unresolvable(error: BaseException | None) -> bool:
    """Whether `error` (or what caused it) is a reference that could not be resolved."""
    # lazy: with jsonschema, only when a schema's references are resolved
    from referencing.exceptions import Unresolvable

    seen = 0
    while error is not None and seen < 5:
        if isinstance(error, Unresolvable) or type(error).__name__ == "_WrappedReferencingError":
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


def _word_rule_text(value: str, refused: str, dash: bool) -> str:
    """Why a value that stands as its own word on the command line was refused."""
    first = value[:1]
    if first and first != "-" and first in refused:
        return (
            f"cannot start with `{first}`: the CLI reads a word starting with `{first}` as a file of "
            "more arguments"
        )
    return (
        "cannot start with `-` (a negative number may): it is its own word after its flag, so the "
        "CLI would read it as an option"
    )


def _error_order(error: ValidationError) -> tuple[str, str]:
    return ("/".join(str(part) for part in error.absolute_path), str(error.validator))


def _where(error: ValidationError) -> str:
    path = list(error.absolute_path)
    if not path:
        return ""
    text = str(path[0])
    for part in path[1:]:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def _at(where: str) -> str:
    return f"`{where}`: " if where else ""


def _in(where: str) -> str:
    return f" in `{where}`" if where else ""


def _property_names(schema: Any) -> list[str]:
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return list(properties) if isinstance(properties, dict) else []


def _preview(value: Any) -> str:
    """`value` as JSON, cut to _VALUE_PREVIEW characters; a big value is cut before rendering
    (strings sliced, containers to their first items), so the cost stays small."""
    try:
        text = json.dumps(_cut(value, 3), ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):  # e.g. an integer of more than 4300 digits
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= _VALUE_PREVIEW else text[: _VALUE_PREVIEW - 3] + "..."


def _cut(value: Any, depth: int) -> Any:
    """Enough of `value` to show its first _VALUE_PREVIEW characters (or a marker past `depth`)."""
    if isinstance(value, str):
        return value[: _VALUE_PREVIEW + 1]
    if isinstance(value, list):
        return (
            [_cut(item, depth - 1) for item in value[: _VALUE_PREVIEW // 2]]
            if depth > 0
            else ["..."]
        )
    if isinstance(value, dict):
        items = (
            list(value.items())[: _VALUE_PREVIEW // 4]
            if len(value) > _VALUE_PREVIEW // 4
            else value.items()
        )
        return (
            {str(k)[: _VALUE_PREVIEW + 1]: _cut(v, depth - 1) for k, v in items}
            if depth > 0
            else {"...": "..."}
        )
    return value


def _short_message(error: ValidationError) -> str:
    """jsonschema's message with the offending value as JSON, as the client sent it (`true`,
    `null`, `"3"`, not Python's `True`, `None`, `'3'`), and shortened (it may be huge)."""
    try:
        rendered = repr(error.instance)
        message: str = error.message
    except (ValueError, RecursionError):
        return f"{_preview(error.instance)} does not fit the schema (`{error.validator}`)"
    if rendered in message:
        message = message.replace(rendered, _preview(error.instance), 1)
    return message if len(message) <= 300 else message[:297] + "..."
