"""The selectors as editable TOML, and which commands each one claims (no Textual here).

The editor shows `[[selectors]]` exactly as mcp.toml stores them; what the user types is read
with tomllib and validated with the config model, so the errors are the config's own (unknown
key, wrong type), in one sentence. Claims are computed with the surface's compiled selectors
(`workbench.model.selectors`), first match wins, over the commands the surface says passed the
filters, so the list agrees with the tool list.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

import tomli_w
from pydantic import ValidationError

from workbench.model.config import Config, Selector
from workbench.model.selectors import CompiledSelector, glob


class SelectorsInputError(ValueError):
    """The typed text is not a valid list of selectors."""


def selectors_text(config: Config) -> str:
    """`[[selectors]]` tables as mcp.toml writes them (empty text when there are none)."""
    if not config.selectors:
        return ""
    data = [
        s.model_dump(mode="json", exclude_defaults=True, exclude_none=True)
        for s in config.selectors
    ]
    return tomli_w.dumps({"selectors": data})


def parse_selectors(text: str) -> list[Selector]:
    """The selectors the text describes; empty text means none (every command passes)."""
    if not text.strip():
        return []
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SelectorsInputError(f"Not valid TOML: {error}.") from None
    extra = sorted(set(data) - {"selectors"})
    if extra:
        raise SelectorsInputError(f"Only [[selectors]] tables belong here, not `{extra[0]}`.")
    items = data.get("selectors", [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise SelectorsInputError("Write each selector as a [[selectors]] table.")
    selectors = []
    for number, item in enumerate(items, 1):
        try:
            selectors.append(Selector.model_validate(item))
        except ValidationError as error:
            problem = error.errors()[0]
            where = ".".join(str(p) for p in problem["loc"]) or "the table"
            raise SelectorsInputError(f"Selector {number}: `{where}`: {problem['msg']}.") from None
    return selectors


@dataclass(frozen=True)
class Claims:
    """Per selector, the commands it claims; and the commands none claims."""

    claimed: list[list[str]]
    unclaimed: list[str]


def claims(config: Config, statuses: dict[str, Any]) -> Claims:
    """Which selector claims which command, given the surface's command statuses."""
    compiled = [CompiledSelector.compile(n, s) for n, s in enumerate(config.selectors, 1)]
    claimed: list[list[str]] = [[] for _ in compiled]
    unclaimed: list[str] = []
    for path, status in statuses.items():
        if not (status.exposed or status.reason == "selector"):
            continue  # filtered before selectors are asked
        index = next((i for i, s in enumerate(compiled) if s.commands.match(path)), None)
        if index is None:
            unclaimed.append(path)
        else:
            claimed[index].append(path)
    return Claims([sorted(c) for c in claimed], sorted(unclaimed))


def claims_text(config: Config, statuses: dict[str, Any]) -> str:
    """The claims as the Selectors tab shows them."""
    if not config.selectors:
        return (
            "No selectors: every command that passes the filters becomes a tool.\n\n"
            "Add one above to choose, first match wins, e.g.\n\n"
            '[[selectors]]\ncommands = ["mycli deploy*", "mycli status"]\nexclude_flags = ["token"]\n'
        )
    result = claims(config, statuses)
    lines = []
    for number, (selector, paths) in enumerate(zip(config.selectors, result.claimed), 1):
        lines.append(f"selector {number}: {', '.join(selector.commands) or '(no patterns)'}")
        lines.append(f"  claims {len(paths)}" + (":" if paths else ": nothing"))
        lines.extend(f"    {path}" for path in paths)
    lines.append(f"no selector claims {len(result.unclaimed)}" + (":" if result.unclaimed else ""))
    lines.extend(f"    {path}" for path in result.unclaimed)
    return "\n".join(lines) + "\n"


# --- the selectors editor's form (one selector's patterns as comma-separated fields) ---------

PATTERN_FIELDS = (
    ("commands", "command globs", "deployctl deploy*, deployctl status"),
    ("include_flags", "only these flags (empty: all)", "env, tag"),
    ("exclude_flags", "never these flags", "token"),
    ("include_inherited_flags", "only these inherited flags (empty: all)", "verbose"),
    ("exclude_inherited_flags", "never these inherited flags", "config"),
)
"""Each pattern list of a selector: its key, what the form calls it, an example."""

OPTIONAL_FIELDS = {"include_flags", "include_inherited_flags"}
"""Lists where "empty" means "no restriction" (None), not "nothing"."""


def field_text(selector: Selector, key: str) -> str:
    """One pattern list of `selector` as the form shows it (comma-separated)."""
    return ", ".join(getattr(selector, key) or [])


def selector_from_fields(values: dict[str, str]) -> Selector:
    """The selector the form's fields describe; a field is comma- or line-separated patterns."""
    data: dict[str, Any] = {}
    for key, _label, _example in PATTERN_FIELDS:
        patterns = [
            p.strip() for p in values.get(key, "").replace("\n", ",").split(",") if p.strip()
        ]
        if patterns or key not in OPTIONAL_FIELDS:
            data[key] = patterns
    if not data["commands"]:
        raise SelectorsInputError(
            "Give the selector at least one command glob, such as `mycli deploy*`."
        )
    try:
        return Selector.model_validate(data)
    except ValidationError as error:
        raise SelectorsInputError(f"Not a valid selector: {error.errors()[0]['msg']}.") from None


def selector_label(number: int, selector: Selector, claimed: int) -> str:
    """One row of the editor's ordered list."""
    return f"{number}. {', '.join(selector.commands) or '(no patterns)'}  → {claimed} command{'s' * (claimed != 1)}"


def selector_warnings(tree: Any, selector: Selector, claimed: list[str]) -> list[str]:
    """What an added or changed selector does that its author would not expect, one sentence
    each: it claims no command at all (lint's WB805: earlier selectors take every command its
    globs match), or one of its flag patterns matches no flag of the commands it claims."""
    if not claimed:
        return [
            "it claims no command: earlier selectors take every command its globs match (WB805), "
            "so it changes nothing; move it up or change its globs"
        ]
    own: set[str] = set()
    inherited: set[str] = set()
    for path in claimed:
        command = tree.find(path)
        if command is None:
            continue
        for flag in command.flags:
            (inherited if flag.inherited_from else own).add(flag.key)
        for ancestor in tree.ancestors(command):
            inherited.update(flag.key for flag in ancestor.flags)
    warnings = []
    for key, label, _example in PATTERN_FIELDS[1:]:
        names = inherited if "inherited" in key else own
        for pattern in getattr(selector, key) or []:
            if not any(glob(pattern).match(name) for name in names):
                warnings.append(f"`{pattern}` ({label}) matches no flag of the commands it claims")
    return warnings
