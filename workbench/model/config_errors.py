"""Where a config problem is and how to say it: pydantic validation errors → one sentence with
the file, the line, the TOML key path and the fix (a did-you-mean for unknown keys).

`find_line` is a light scan of table headers and `key =` lines, good enough to point a user at
the key; it is also used for surface errors that carry a `key_path`.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from workbench.model.config import Config

_NUMBER_UNION = ("int", "float")
"""The member tags pydantic adds to the location of an `int | float` field's problems."""


def explain(error: ValidationError, text: str, source: str) -> str:
    """One sentence for the first problem pydantic found: file, line, key path, fix."""
    return _sentence(error, text, source)


def edit_problem(error: ValidationError) -> str:
    """One sentence for a value an editor (the TUI) tried to set and the model refused: the key,
    what is wrong, the fix; no file or line, since nothing is written yet."""
    return _sentence(error, "", None)


def assignment_problem(section: BaseModel, key: str, value: Any) -> str | None:
    """Why `key = value` cannot be set on `section` (its `edit_problem` sentence), or None.
    Validates on a copy, so a form can say it before anything is applied."""
    try:
        setattr(section.model_copy(), key, value)
    except ValidationError as error:
        return edit_problem(error)
    return None


def _sentence(error: ValidationError, text: str, source: str | None) -> str:
    """The one sentence, `source: ...` with the line when the problem is in a file."""
    problems = error.errors()
    problem = problems[0]
    loc = tuple(problem["loc"])
    if loc and loc[-1] in _NUMBER_UNION and len(problems) > 1:
        # a number kept as typed (`int | float`) fails once per member: the float's word is the
        # user's ("should be a number"), and the member is no key of the file
        problem = next(
            (p for p in problems if tuple(p["loc"])[:-1] == loc[:-1] and p["loc"][-1] == "float"),
            problem,
        )
        loc = loc[:-1]
    # pydantic marks a problem with a table's key (not its value) by a trailing "[key]"
    about_name = bool(loc) and loc[-1] == "[key]"
    if about_name:
        loc = loc[:-1]
    key = key_path(loc)
    if source is None:
        return _edit_sentence(problem, key, about_name)
    line = find_line(text, loc)
    where = f"{source}" + (f" line {line}" if line else "")
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
        return f"{where}: unknown key `{name}` in {parent}; {hint}" + (
            f" (allowed there: {', '.join(allowed)})" if allowed else ""
        )
    if problem["type"] == "missing":
        return f"{where}: `{key}` is required; add it"
    if problem["type"] == "greater_than":
        return (
            f"{where}: `{key}` is {_shown(problem.get('input'))}, but must be above {_number(problem['ctx']['gt'])}; "
            "set a larger value, or remove the key for the default"
        )
    if problem["type"] == "value_error":
        reason = str(problem["ctx"]["error"])
        if about_name:
            return f"{where}: the name `{key}` {reason}; rename it"
        return f"{where}: `{key}` {reason}; fix the value"
    expected = _EXPECTED.get(problem["type"])
    what = f"should be {expected}" if expected else _lower(problem["msg"])
    return f"{where}: `{key}` {what}; fix the value"


def _edit_sentence(problem: Any, key: str, about_name: bool) -> str:
    """The sentence for a refused edit: what the file's sentence says, with an editor's fix."""
    if problem["type"] == "greater_than":
        return (
            f"`{key}` must be above {_number(problem['ctx']['gt'])}, not {_shown(problem.get('input'))}; "
            "set a larger value, or clear it for the default"
        )
    if problem["type"] == "value_error":
        reason = str(problem["ctx"]["error"])
        return (
            f"the name `{key}` {reason}; rename it"
            if about_name
            else f"`{key}` {reason}; fix the value"
        )
    expected = _EXPECTED.get(problem["type"])
    what = f"should be {expected}" if expected else _lower(problem["msg"])
    return f"`{key}` {what}; fix the value"


def _number(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _shown(value: Any) -> str:
    return (
        _number(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool)
        else repr(value)
    )


_EXPECTED = {
    "model_type": "a table",
    "model_attributes_type": "a table",
    "dict_type": "a table",
    "list_type": "an array",
    "string_type": "a string",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
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
            text = text if _BARE_KEY.match(text) else _quoted_key(text)
            out += ("." if out else "") + text
    return out


def _quoted_key(text: str) -> str:
    """A TOML basic-string key, control characters escaped (a NUL is shown as `\\u0000`)."""
    out = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c >= " " and c != "\x7f" else f"\\u{ord(c):04x}" for c in out) + '"'


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


def _field(model: type[BaseModel], key: str) -> FieldInfo | None:
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
