"""The text of a host entry in the host's own format: JSON, Codex's TOML table, Goose's YAML."""

from __future__ import annotations

import json
import re
from typing import Any

from workbench.clients.hosts import Host

_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def document(host: Host, name: str, entry: dict[str, Any]) -> dict[str, Any]:
    """The smallest config file that adds the server: `{top_key: {name: entry}}`."""
    return {host.top_key: {name: entry}}


def render(host: Host, name: str, entry: dict[str, Any]) -> str:
    """What `client-config` prints: the smallest file (or section) holding the entry."""
    if host.format == "toml":
        # lazy: tomli-w only when TOML is written, not on every start
        import tomli_w

        return tomli_w.dumps(document(host, name, entry))
    if host.format == "yaml":
        return yaml_text(document(host, name, entry))
    return json.dumps(document(host, name, entry), indent=2, ensure_ascii=False) + "\n"


def yaml_text(value: dict[str, Any], indent: str = "") -> str:
    """Block-style YAML for nested dicts of strings, numbers, booleans and string lists. Strings
    are written as JSON strings, which YAML reads as double-quoted scalars, so no value is ever
    mistaken for a number, a boolean or a comment."""
    lines: list[str] = []
    for key, item in value.items():
        label = key if _PLAIN_KEY.match(key) else json.dumps(key)
        if isinstance(item, dict):
            lines.append(f"{indent}{label}:" + (" {}" if not item else ""))
            if item:
                lines.append(yaml_text(item, indent + "  ").rstrip("\n"))
        elif isinstance(item, list):
            lines.append(f"{indent}{label}:" + (" []" if not item else ""))
            lines.extend(f"{indent}  - {_scalar(element)}" for element in item)
        else:
            lines.append(f"{indent}{label}: {_scalar(item)}")
    return "\n".join(lines) + "\n"


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    return json.dumps(str(value))
