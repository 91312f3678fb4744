"""Tool arguments checked against the tool's input schema, with messages a model can act on.

The low-level MCP server does not validate `arguments`; we do, with one Draft 2020-12 validator
per tool, built once (on the tool's first call; `jsonschema` is imported then too, off the
server's startup path). A failure lists each problem, the expected fields with the required ones
marked, the allowed values of an enum, and `did you mean` for a key within two edits of a
field (SPEC §8). The schema itself is never changed.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from workbench.model.schema import word_rule

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

MAX_PROBLEMS = 10
"""Problems listed per call; more are summarised as a count."""

NEAR_MISS_DISTANCE = 2
"""A key within this many edits of an expected field gets a `did you mean` suggestion."""

_VALUE_PREVIEW = 60


class ArgumentChecker:
    """Validates one tool's arguments; build once per tool, call per request."""

    def __init__(self, tool_name: str, schema: dict[str, Any]) -> None:
        from jsonschema import Draft202012Validator  # ~30 ms with its dependencies: not at import

        self.tool_name = tool_name
        self._validator = Draft202012Validator(schema)
        properties = schema.get("properties")
        self._fields = list(properties) if isinstance(properties, dict) else []
        self._required = [name for name in schema.get("required", []) if isinstance(name, str)]

    def problems(self, arguments: Any) -> str | None:
        """None when `arguments` is valid, else the instructive message for the client."""
        try:
            errors = sorted(self._validator.iter_errors(arguments), key=_error_order)
        except ValueError:  # jsonschema cannot print an integer of more than 4300 digits
            return (f"Invalid arguments for `{self.tool_name}`: a number has too many digits to check.\n"
                    f"Expected fields: {self.expected_fields()}.")
        if not errors:
            return None
        lines = []
        for error in errors:
            lines.extend(self._describe(error, arguments))
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
            f"`{name}` (required)" if name in self._required else f"`{name}`" for name in self._fields
        )

    def _describe(self, error: ValidationError, arguments: Any) -> list[str]:
        where = _where(error)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = _property_names(error.schema)
            extras = [key for key in error.instance if key not in allowed]
            return [self._unknown_key(key, allowed, top=not error.absolute_path) for key in extras]
        if error.validator == "required" and isinstance(error.instance, dict):
            missing = [name for name in error.validator_value if name not in error.instance]
            return [f"missing required field `{name}`{_in(where)}" for name in missing]
        if error.validator == "enum":
            allowed_values = ", ".join(_preview(value) for value in error.validator_value)
            return [f"{_at(where)}{_preview(error.instance)} is not allowed; allowed values: {allowed_values}"]
        if error.validator == "type" and not error.absolute_path:
            return ["arguments must be a JSON object"]
        rule = word_rule(error.validator_value) if error.validator == "pattern" else None
        if rule is not None and isinstance(error.instance, str):
            return [f"{_at(where)}{_preview(error.instance)} {_word_rule_text(error.instance, *rule)}"]
        return [f"{_at(where)}{_short_message(error)}"]

    def _unknown_key(self, key: str, allowed: list[str], *, top: bool) -> str:
        suggestion = closest(key, allowed, NEAR_MISS_DISTANCE)
        line = f"unknown field `{key}`" if top else f"unknown key `{key}`"
        if suggestion is not None:
            line += f"; did you mean `{suggestion}`?"
        return line


def closest(word: str, candidates: list[str], limit: int) -> str | None:
    """The candidate nearest to `word` within `limit` edits (first one on a tie), else None."""
    best: tuple[int, str] | None = None
    for candidate in candidates:
        distance = edit_distance(word, candidate)
        if distance <= limit and (best is None or distance < best[0]):
            best = (distance, candidate)
    return best[1] if best else None


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def _word_rule_text(value: str, refused: str, dash: bool) -> str:
    """Why a value that stands as its own word on the command line was refused."""
    first = value[:1]
    if first and first != "-" and first in refused:
        return (f"cannot start with `{first}`: the CLI reads a word starting with `{first}` as a file of "
                "more arguments")
    return ("cannot start with `-` (a negative number may): it is its own word after its flag, so the "
            "CLI would read it as an option")


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
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):  # e.g. an integer of more than 4300 digits
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= _VALUE_PREVIEW else text[: _VALUE_PREVIEW - 3] + "..."


def _short_message(error: ValidationError) -> str:
    """jsonschema's message with the offending value as JSON, as the client sent it (`true`,
    `null`, `"3"`, not Python's `True`, `None`, `'3'`), and shortened (it may be huge)."""
    try:
        rendered = repr(error.instance)
        message = error.message
    except (ValueError, RecursionError):
        return f"{_preview(error.instance)} does not fit the schema (`{error.validator}`)"
    if rendered in message:
        message = message.replace(rendered, _preview(error.instance), 1)
    return message if len(message) <= 300 else message[:297] + "..."
