"""The try-it form as plain Python (no Textual): which typed field each input-schema property
gets, and the value a field's text makes (one sentence naming the field when it cannot).

Kinds: `boolean` (a switch), `enum` (a select), `integer` / `number` (a validated input),
`array` (a list editor: one item per line), `string` (an input), and `json` for the rest
(objects, unions), typed as JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from workbench.tui.try_args import ArgumentsInputError

SCALARS = ("string", "integer", "number", "boolean")


@dataclass(frozen=True)
class FormField:
    """One property of the tool's input schema, as the form edits it."""

    name: str
    kind: str
    required: bool = False
    description: str = ""
    choices: tuple[Any, ...] = ()
    default: Any = None
    item_kind: str = "string"
    """For arrays: the items' kind (`string`, `integer`, `number`, `boolean`, `enum`)."""
    item_choices: tuple[Any, ...] = field(default=())

    @property
    def label(self) -> str:
        return f"{self.name}{' *' if self.required else ''}"


def _type(schema: dict[str, Any]) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):
        kinds = [k for k in kind if k != "null"]
        kind = kinds[0] if len(kinds) == 1 else None
    return kind if isinstance(kind, str) else None


def form_fields(schema: dict[str, Any]) -> list[FormField]:
    """The form for a tool's input schema: required properties first, then the others, each in
    schema order."""
    required = set(schema.get("required", []))
    fields = []
    for name, prop in (schema.get("properties") or {}).items():
        prop = prop if isinstance(prop, dict) else {}
        kind = _type(prop)
        common = {
            "name": name,
            "required": name in required,
            "description": str(prop.get("description", "")),
            "default": prop.get("default"),
        }
        if prop.get("enum") and all(isinstance(c, (str, int, float)) for c in prop["enum"]):
            fields.append(FormField(kind="enum", choices=tuple(prop["enum"]), **common))
        elif kind in SCALARS:
            fields.append(FormField(kind=kind, **common))
        elif kind == "array" and isinstance(prop.get("items"), dict):
            items = prop["items"]
            item_kind = "enum" if items.get("enum") else (_type(items) or "")
            if item_kind in (*SCALARS, "enum"):
                fields.append(
                    FormField(
                        kind="array",
                        item_kind=item_kind,
                        item_choices=tuple(items.get("enum") or ()),
                        **common,
                    )
                )
            else:
                fields.append(FormField(kind="json", **common))
        else:
            fields.append(FormField(kind="json", **common))
    return sorted(fields, key=lambda f: not f.required)


def _scalar(text: str, kind: str, where: str, choices: tuple[Any, ...] = ()) -> Any:
    if kind == "integer":
        try:
            return int(text)
        except ValueError:
            raise ArgumentsInputError(f"{where}: `{text}` is not a whole number.") from None
    if kind == "number":
        try:
            return float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:
            raise ArgumentsInputError(f"{where}: `{text}` is not a number.") from None
    if kind == "boolean":
        if text.lower() in ("true", "yes", "1"):
            return True
        if text.lower() in ("false", "no", "0"):
            return False
        raise ArgumentsInputError(f"{where}: `{text}` is not true or false.")
    if kind == "enum" and choices and text not in [str(c) for c in choices]:
        raise ArgumentsInputError(
            f"{where}: `{text}` is not one of {', '.join(map(str, choices))}."
        )
    if kind == "enum":
        return next((c for c in choices if str(c) == text), text)
    return text


def field_value(spec: FormField, raw: Any) -> Any:
    """The argument value for what the field holds, or None when the field is left empty (the
    argument is then not sent). Switches give a bool; selects the chosen value or None."""
    where = f"`{spec.name}`"
    if spec.kind == "boolean":
        return (
            None if raw is None or (raw == bool(spec.default) and not spec.required) else bool(raw)
        )
    if spec.kind == "enum":
        return None if raw is None or (raw == spec.default and not spec.required) else raw
    text = str(raw or "")
    if not text.strip():
        return None
    if spec.kind in ("integer", "number", "string"):
        return _scalar(text.strip(), spec.kind, where) if spec.kind != "string" else text
    if spec.kind == "array":
        items = [line.strip() for line in text.splitlines() if line.strip()]
        return [
            _scalar(item, spec.item_kind, f"{where}, item {n}", spec.item_choices)
            for n, item in enumerate(items, 1)
        ]
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ArgumentsInputError(f"{where}: not valid JSON ({error.msg}).") from None


def form_arguments(specs: list[FormField], raws: dict[str, Any]) -> dict[str, Any]:
    """The arguments object the form's fields make (empty fields are left out)."""
    arguments = {}
    for spec in specs:
        value = field_value(spec, raws.get(spec.name))
        if value is not None:
            arguments[spec.name] = value
    return arguments
