"""Merge one server entry into a host's existing config file text, keeping everything else.

JSON and JSONC files are edited in place (`jsonc.set_member`): other servers, other keys, key
order, indentation and (in JSONC files) comments stay byte for byte. Codex's TOML gets its
`[mcp_servers.NAME]` table (and its sub-tables) replaced, or appended, with every other line
kept, comments included. Each result is parsed again and checked before it is returned.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from workbench.clients import jsonc
from workbench.clients.hosts import Host
from workbench.clients.render import render
from workbench.model.errors import WorkbenchError

_TABLE_HEADER = re.compile(r"^\s*\[")


def merged_text(host: Host, existing: str, name: str, entry: dict[str, Any], where: str) -> str:
    """`existing` (the host file's text, maybe empty) with `name`'s entry set to `entry`."""
    if host.format == "toml":
        return _merged_toml(host, existing, name, entry, where)
    if host.format == "yaml":
        raise WorkbenchError(
            f"{host.title}'s {where} is YAML, which mcp-workbench does not edit; paste the "
            f"printed entry under `{host.top_key}:` in it (drop --write)."
        )
    _check_json(host, existing, where)
    try:
        return jsonc.set_member(existing, host.top_key, name, entry)
    except jsonc.JsoncError as error:
        raise WorkbenchError(
            f"{where} cannot take the entry (line {error.line}: {error}); fix it or pass "
            "another --path. Nothing was written."
        ) from None


def _check_json(host: Host, text: str, where: str) -> None:
    """Refuse what the host itself could not read, before touching it."""
    if host.format == "json" and text.strip():
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            hint = (
                " (comments are not allowed in this host's file)"
                if jsonc.has_comments(text)
                else ""
            )
            raise WorkbenchError(
                f"{where} is not valid JSON (line {error.lineno}: {error.msg}){hint}; fix it "
                "or pass another --path. Nothing was written."
            ) from None
    else:
        try:
            data = jsonc.parse(text)
        except jsonc.JsoncError as error:
            raise WorkbenchError(
                f"{where} is not valid JSON with comments (line {error.line}: {error}); fix "
                "it or pass another --path. Nothing was written."
            ) from None
    if not isinstance(data, dict):
        raise WorkbenchError(
            f"{where} does not hold a JSON object; fix it or pass another --path. "
            "Nothing was written."
        )
    if not isinstance(data.get(host.top_key, {}), dict):
        raise WorkbenchError(
            f'"{host.top_key}" in {where} is not an object; fix it or pass another --path. '
            "Nothing was written."
        )


def _header_path(line: str) -> list[str] | None:
    """The key path of a TOML table header line (`[a."b c"]` → ["a", "b c"]), else None."""
    if not _TABLE_HEADER.match(line):
        return None
    try:
        data = tomllib.loads(line)
    except tomllib.TOMLDecodeError:
        return None  # an array or inline table value that starts a line, not a header
    path: list[str] = []
    while isinstance(data, dict) and len(data) == 1:
        key, data = next(iter(data.items()))
        path.append(key)
        if isinstance(data, list):
            break
    return path


def _merged_toml(host: Host, existing: str, name: str, entry: dict[str, Any], where: str) -> str:
    try:
        tomllib.loads(existing)
    except tomllib.TOMLDecodeError as error:
        raise WorkbenchError(
            f"{where} is not valid TOML ({error}); fix it or pass another --path. "
            "Nothing was written."
        ) from None
    lines = existing.splitlines(keepends=True)
    ours = [host.top_key, name]
    blocks: list[tuple[int, int]] = []
    start = None
    for index, line in enumerate(lines):
        path = _header_path(line)
        if path is None:
            continue
        if start is not None:
            blocks.append((start, index))
            start = None
        if path[:2] == ours:
            start = index
    if start is not None:
        blocks.append((start, len(lines)))
    snippet = render(host, name, entry)
    kept: list[str] = []
    cursor = 0
    inserted = False
    for begin, end in blocks:
        while end > begin + 1 and (
            not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")
        ):
            end -= 1  # comments just above the next table belong to it
        kept.extend(lines[cursor:begin])
        if not inserted:
            kept.append(snippet)
            inserted = True
        cursor = end
    kept.extend(lines[cursor:])
    text = "".join(kept)
    if not inserted:
        if text and not text.endswith("\n"):
            text += "\n"
        text += ("\n" if text.strip() else "") + snippet
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        data = {}
    if data.get(host.top_key, {}).get(name) != entry:
        raise WorkbenchError(
            f"{where} defines `{host.top_key}.{name}` in a form mcp-workbench does not edit "
            "(an inline table or dotted keys); remove that entry by hand and run again. "
            "Nothing was written."
        )
    return text
