"""Drift (SPEC §9): how the live CLI differs from the `[snapshot]` a config was curated against.

`drift(snapshot, live, config, surface)` is a pure comparison. It reports commands, flags and
positionals added, removed or changed (kind, type, choices, default, required, repeatable,
negatable, hidden, deprecated, runnable), a changed CLI version, and config keys that pointed at
something in the snapshot but point at nothing in the live CLI (`[commands]` keys, flag keys,
`prompt.tool_order` names, selector patterns). Every result is a `Finding` with a stable `WB9xx`
code and severity error: any drift fails `check` until it is reviewed and the snapshot refreshed.
"""

from __future__ import annotations

from typing import Any

from workbench.model.config import REST_ENTRY, Config
from workbench.model.findings import Finding, Severity, with_commands
from workbench.model.lint_config import dangling_keys
from workbench.model.surface_types import Surface
from workbench.model.tree import Command, CommandTree, Flag, Positional

DRIFT_RULES: dict[str, str] = {
    "WB901": "command added to the CLI",
    "WB902": "command removed from the CLI",
    "WB903": "command changed (runnable, hidden or deprecated)",
    "WB911": "flag added",
    "WB912": "flag removed",
    "WB913": "flag changed (kind, type, choices, default, required, ...)",
    "WB921": "positional argument added",
    "WB922": "positional argument removed",
    "WB923": "positional argument changed (type, choices, default, required, variadic)",
    "WB931": "CLI version changed",
    "WB941": "`[commands]` key now names no command",
    "WB942": "flag override now names no flag or argument",
    "WB943": "`prompt.tool_order` entry's command is gone",
    "WB944": "selector pattern now matches no command",
    "WB945": "selector now claims no command",
}
"""Every drift code and what it means; all are errors."""

REFRESH = (
    "Review the change, then run `mcp-workbench export CONFIG --refresh` to update the snapshot."
)

_COMMAND_FIELDS = ("runnable", "hidden", "deprecated")
_BOUNDS = ("minimum", "maximum", "exclusive_minimum", "exclusive_maximum")
_FLAG_FIELDS = (
    "kind",
    "value_type",
    "choices",
    "default",
    "required",
    "repeatable",
    "negatable",
    "hidden",
    "deprecated",
    "nargs",
    "item_types",
    *_BOUNDS,
)
_POSITIONAL_FIELDS = ("value_type", "choices", "default", "required", "variadic", *_BOUNDS)
_NOW_DANGLING = {"WB801": "WB941", "WB802": "WB942", "WB804": "WB944", "WB805": "WB945"}


def drift(
    snapshot: CommandTree, live: CommandTree, config: Config, surface: Surface | None = None
) -> list[Finding]:
    """Every difference between `snapshot` and `live` that matters to `config`, sorted by code."""
    findings: list[Finding] = []
    findings += _version_findings(snapshot, live, config)
    findings += _tree_findings(snapshot, live)
    findings += _newly_dangling(snapshot, live, config)
    tools: dict[str, str] = {}
    if surface is not None:
        findings += _tool_order_findings(live, config, surface)
        tools = {tool.name: tool.command_str for tool in surface.tools}
    paths = {c.path_str for c in snapshot.walk()} | {c.path_str for c in live.walk()}
    return sorted(with_commands(findings, tools, paths), key=lambda f: (f.code, f.subject))


def _finding(code: str, subject: str, message: str, fix: str = REFRESH) -> Finding:
    return Finding(code, Severity.ERROR, subject, message, fix)


def _version_findings(snapshot: CommandTree, live: CommandTree, config: Config) -> list[Finding]:
    recorded = config.source.cli_version or snapshot.cli_version
    if recorded and live.cli_version and recorded != live.cli_version:
        return [
            _finding(
                "WB931",
                "cli_version",
                f"The CLI reports version {live.cli_version}; the snapshot was taken "
                f"from {recorded}.",
            )
        ]
    return []


def _tree_findings(snapshot: CommandTree, live: CommandTree) -> list[Finding]:
    findings: list[Finding] = []
    before = {c.path_str: c for c in snapshot.walk()}
    after = {c.path_str: c for c in live.walk()}
    for path in after.keys() - before.keys():
        findings.append(_finding("WB901", path, f"The CLI has a new command `{path}`."))
    for path in before.keys() - after.keys():
        findings.append(_finding("WB902", path, f"The CLI no longer has the command `{path}`."))
    for path in before.keys() & after.keys():
        old, new = before[path], after[path]
        changes = _changes(old, new, _COMMAND_FIELDS)
        if changes:
            findings.append(_finding("WB903", path, f"`{path}` changed: {changes}."))
        findings += _flag_findings(old, new)
        findings += _positional_findings(old, new)
    return findings


def _flag_findings(old: Command, new: Command) -> list[Finding]:
    return _member_findings(
        old.path_str,
        "flag",
        ("WB911", "WB912", "WB913"),
        _FLAG_FIELDS,
        {f.key: f for f in old.flags},
        {f.key: f for f in new.flags},
        lambda flag: flag.spelling,
    )


def _positional_findings(old: Command, new: Command) -> list[Finding]:
    return _member_findings(
        old.path_str,
        "argument",
        ("WB921", "WB922", "WB923"),
        _POSITIONAL_FIELDS,
        {p.name: p for p in old.positionals},
        {p.name: p for p in new.positionals},
        lambda positional: positional.name,
    )


def _member_findings(
    path: str,
    noun: str,
    codes: tuple[str, str, str],
    fields: tuple[str, ...],
    before: dict[str, Flag | Positional],
    after: dict[str, Flag | Positional],
    label: Any,
) -> list[Finding]:
    """Added, removed and changed flags (or positionals) of one command, by key."""
    added, removed, changed = codes
    findings: list[Finding] = []
    for key in after.keys() - before.keys():
        shown = label(after[key])
        findings.append(_finding(added, f"{path} {shown}", f"`{path}` has a new {noun} `{shown}`."))
    for key in before.keys() - after.keys():
        shown = label(before[key])
        findings.append(
            _finding(removed, f"{path} {shown}", f"`{path}` no longer has the {noun} `{shown}`.")
        )
    for key in before.keys() & after.keys():
        changes = _changes(before[key], after[key], fields)
        if changes:
            shown = label(after[key])
            findings.append(
                _finding(
                    changed,
                    f"{path} {shown}",
                    f"The {noun} `{shown}` of `{path}` changed: {changes}.",
                )
            )
    return findings


def _changes(old: Any, new: Any, fields: tuple[str, ...]) -> str:
    """`field a → b; …` for each field that differs, in the order of `fields`."""
    parts = []
    for field in fields:
        a, b = getattr(old, field), getattr(new, field)
        if a != b:
            parts.append(f"{field.replace('_', ' ')} {_show(a)} → {_show(b)}")
    return "; ".join(parts)


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def _newly_dangling(snapshot: CommandTree, live: CommandTree, config: Config) -> list[Finding]:
    """Config keys that named something in the snapshot and name nothing in the live CLI."""
    already = {(f.code, f.subject) for f in dangling_keys(snapshot, config)}
    findings = []
    for found in dangling_keys(live, config):
        if found.code in _NOW_DANGLING and (found.code, found.subject) not in already:
            findings.append(
                _finding(
                    _NOW_DANGLING[found.code],
                    found.subject,
                    f"In the live CLI: {found.message}",
                    found.fix,
                )
            )
    return findings


def _tool_order_findings(live: CommandTree, config: Config, surface: Surface) -> list[Finding]:
    findings = []
    for entry in config.prompt.tool_order or []:
        tool = surface.tool(entry) if entry != REST_ENTRY else None
        if tool is not None and live.find(tool.binding.command_path) is None:
            findings.append(
                _finding(
                    "WB943",
                    f"prompt.tool_order.{entry}",
                    f"`prompt.tool_order` lists `{entry}`, whose command `{tool.command_str}` the live "
                    "CLI no longer has.",
                    "Remove it from `tool_order`, then refresh the snapshot with "
                    "`mcp-workbench export CONFIG --refresh`.",
                )
            )
    return findings
