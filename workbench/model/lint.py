"""Lint (SPEC §9): what is wrong or risky about a tool surface, each with a stable code and a fix.

`lint(surface, tree, config)` is a pure function: it reads the built surface, the command tree
it came from and the config, and returns `Finding`s sorted by code then subject, without the
codes `[lint] disable` silences. `check` prints them, the TUI shows them; errors fail `check`,
`--strict` makes warnings fail too, infos never do. Every code is listed in `RULES` and
documented in docs/lint.md; codes never change meaning once published.

The config-key checks (`WB8xx`: keys that point at nothing in the tree) live here too, because
drift (workbench.model.drift) reuses them against the live CLI.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from enum import StrEnum
from fnmatch import fnmatchcase
from typing import Any, Iterable

from workbench.model.config import REST_ENTRY, Config
from workbench.model.surface_types import Surface, Tool
from workbench.model.tokens import count_tokens, tokenizer_label
from workbench.model.tree import Command, CommandTree, ValueType


class Severity(StrEnum):
    ERROR = "error"  # fails `check`
    WARNING = "warning"  # fails `check --strict`
    INFO = "info"  # shown, never fails


@dataclass(frozen=True)
class Finding:
    """One problem: its stable code, how bad it is, what it is about, what is wrong, the fix."""

    code: str
    severity: Severity
    subject: str
    """The tool name, command path or config key the finding is about."""
    message: str
    fix: str

    def to_data(self) -> dict[str, str]:
        return {k: str(v) for k, v in asdict(self).items()}

    def __str__(self) -> str:
        return f"{self.code} {self.severity}: {self.subject}: {self.message} Fix: {self.fix}"


RULES: dict[str, tuple[Severity, str]] = {
    "WB001": (Severity.ERROR, "the config cannot produce a surface"),
    "WB002": (Severity.WARNING, "`[lint] disable` names an unknown code"),
    "WB003": (Severity.WARNING, "the surface builder reported a problem"),
    "WB101": (Severity.ERROR, "tool name is not a valid MCP tool name"),
    "WB102": (Severity.ERROR, "two tools have the same name"),
    "WB103": (Severity.WARNING, "two tool names differ only in case or `-`/`_`"),
    "WB104": (Severity.ERROR, "tool name longer than `[lint] name_limit`"),
    "WB105": (Severity.WARNING, "tool name leaves less than 20 characters for a client's prefix"),
    "WB106": (Severity.ERROR, "Claude Code's `mcp__<server>__<tool>` name exceeds 64 characters"),
    "WB201": (Severity.ERROR, "tool has no description"),
    "WB202": (Severity.WARNING, "tool description is very long"),
    "WB203": (Severity.INFO, "input property has no description"),
    "WB301": (Severity.ERROR, "destructive-sounding command not annotated `destructive`"),
    "WB302": (Severity.WARNING, "read-style command not annotated `read_only`"),
    "WB303": (Severity.ERROR, "command annotated both `read_only` and `destructive`"),
    "WB401": (Severity.WARNING, "flag of unknown type without a type or schema override"),
    "WB501": (Severity.ERROR, "more than 128 tools"),
    "WB601": (Severity.ERROR, "prompt + tool list above the token budget"),
    "WB801": (Severity.ERROR, "`[commands]` key names no command"),
    "WB802": (Severity.ERROR, "flag override names no flag or argument of its command"),
    "WB803": (Severity.ERROR, "`prompt.tool_order` names no tool"),
    "WB804": (Severity.ERROR, "selector pattern matches no command"),
    "WB805": (Severity.ERROR, "selector claims no command (earlier selectors take them all)"),
}
"""Every lint code: its severity and what it means (drift codes are in workbench.model.drift)."""

MAX_TOOLS = 128
"""Clients that cap the tool list (e.g. OpenAI-compatible hosts) refuse more than this."""
CLIENT_PREFIX_ROOM = 20
"""Room a client needs for its own `mcp__<server>__` prefix within the 64-character limit."""
MCP_NAME_LIMIT = 64
LONG_DESCRIPTION_CHARS = 2000
"""A description longer than this (about 500 tokens) is flagged as very long."""

_COVERED_WARNING = re.compile(r'^\[commands\.|^selector \d+: command pattern ".*" matches no command;')
"""Surface warnings that a WB8xx rule reports itself (with a code and a fix), so not twice."""
_VALID_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_GENERIC_DESCRIPTION = re.compile(r"^Execute the .+ command\.?$")
DESTRUCTIVE_WORDS = frozenset({
    "delete", "del", "rm", "rmdir", "remove", "destroy", "drop", "purge", "kill", "reset",
    "wipe", "erase", "truncate", "prune", "uninstall", "revoke", "terminate", "shred", "nuke",
    "clear", "clean", "flush", "evict", "expunge", "undeploy", "teardown", "overwrite", "unset",
})
READ_WORDS = frozenset({
    "list", "ls", "get", "show", "status", "describe", "info", "view", "inspect", "search",
    "find", "cat", "logs", "log", "diff", "history", "whoami", "stats", "read", "query",
    "count", "tail", "head", "lookup", "print", "version", "ping", "health", "top", "tree",
})


def lint(surface: Surface, tree: CommandTree, config: Config) -> list[Finding]:
    """Every finding about `surface` (built from `tree` and `config`), minus disabled codes."""
    findings: list[Finding] = []
    findings += unknown_disabled_codes(config)
    findings += [
        Finding("WB003", Severity.WARNING, "surface", warning, "Follow the advice in the message.")
        for warning in surface.warnings
        if not _COVERED_WARNING.match(warning)
    ]
    findings += _name_findings(surface.tools, config, surface.server_name)
    for tool in surface.tools:
        command = tree.find(tool.binding.command_path)
        findings += _description_findings(tool)
        findings += _annotation_findings(tool, config)
        if command is not None:
            findings += _unknown_type_findings(tool, command, tree, config)
    findings += _size_findings(surface, config)
    findings += dangling_keys(tree, config, {t.name for t in surface.tools})
    return finalize(findings, config)


def finalize(findings: Iterable[Finding], config: Config) -> list[Finding]:
    """`findings` without the disabled codes, sorted by code then subject (a stable order)."""
    disabled = {code.upper() for code in config.lint.disable}
    return sorted((f for f in findings if f.code not in disabled), key=lambda f: (f.code, f.subject))


def unknown_disabled_codes(config: Config) -> list[Finding]:
    from workbench.model.drift import DRIFT_RULES

    known = RULES.keys() | DRIFT_RULES.keys()
    return [
        _finding("WB002", "lint.disable", f"`{code}` is not a finding code, so it silences nothing.",
                 "Remove it from `[lint] disable` or correct it (see docs/lint.md for the codes).")
        for code in config.lint.disable
        if code.upper() not in known
    ]


def _finding(code: str, subject: str, message: str, fix: str) -> Finding:
    return Finding(code, RULES[code][0], subject, message, fix)


# --- names -------------------------------------------------------------------------------------


def _name_findings(tools: tuple[Tool, ...], config: Config, server: str) -> list[Finding]:
    findings: list[Finding] = []
    by_name: dict[str, list[Tool]] = {}
    by_folded: dict[str, list[Tool]] = {}
    limit = config.lint.name_limit
    for tool in tools:
        by_name.setdefault(tool.name, []).append(tool)
        by_folded.setdefault(tool.name.lower().replace("-", "_"), []).append(tool)
        where = f"`{tool.name}` (command `{tool.command_str}`)"
        if not _VALID_NAME.match(tool.name):
            findings.append(_finding(
                "WB101", tool.name,
                f"{where} is not 1-64 letters, digits, `_` or `-`, so clients reject the tool list.",
                "Set a `[tools] prefix` without such characters, or exclude the command."))
            continue
        if len(tool.name) > limit:
            findings.append(_finding(
                "WB104", tool.name,
                f"{where} has {len(tool.name)} characters, more than `[lint] name_limit` = {limit}.",
                'Set a shorter `[tools] prefix` (prefix = "" drops it) or raise `name_limit`.'))
        room = MCP_NAME_LIMIT - len(tool.name)
        full = f"mcp__{server}__{tool.name}"
        if len(full) > MCP_NAME_LIMIT:
            findings.append(_finding(
                "WB106", tool.name,
                f"Claude Code names {where} `{full}`, {len(full)} characters, over the 64 the model "
                "API accepts, so the tool cannot be used there.",
                'Set a shorter `[tools] prefix` (prefix = "" drops it) or a shorter `[server] name`.'))
        elif room < CLIENT_PREFIX_ROOM:
            findings.append(_finding(
                "WB105", tool.name,
                f"{where} leaves {room} characters of the 64 for a client's prefix "
                f"(Claude Code shows `mcp__{server}__{tool.name}`); keep at least {CLIENT_PREFIX_ROOM}.",
                'Set a shorter `[tools] prefix` (prefix = "" drops it).'))
    for name, same in by_name.items():
        if len(same) > 1:
            commands = " and ".join(f"`{t.command_str}`" for t in same)
            findings.append(_finding(
                "WB102", name, f"Commands {commands} both become the tool `{name}`.",
                "Exclude one of them or change `[tools] prefix` so the names differ."))
    for same in by_folded.values():
        names = sorted({t.name for t in same})
        if len(names) > 1:
            findings.append(_finding(
                "WB103", names[0],
                f"Tools {', '.join(f'`{n}`' for n in names)} differ only in case or `-`/`_`, "
                "which clients that normalize names treat as one.",
                "Exclude one of the commands or rename through `[tools] prefix`."))
    return findings


# --- descriptions ------------------------------------------------------------------------------


def _description_findings(tool: Tool) -> list[Finding]:
    findings: list[Finding] = []
    description = tool.description.strip()
    key = f'[commands."{tool.command_str}"]'
    if not description or _GENERIC_DESCRIPTION.match(description):
        findings.append(_finding(
            "WB201", tool.name,
            f"`{tool.name}` has no description of its own, so the model must guess what it does.",
            f"Add help text to the command in the CLI, or set `description` under {key}."))
    elif len(description) > LONG_DESCRIPTION_CHARS:
        findings.append(_finding(
            "WB202", tool.name,
            f"The description of `{tool.name}` has {len(description)} characters "
            f"(over {LONG_DESCRIPTION_CHARS}); every call pays for it in context.",
            f'Set `description_mode = "short"` or a shorter `description` under {key}.'))
    for name, schema in (tool.input_schema.get("properties") or {}).items():
        if isinstance(schema, dict) and not str(schema.get("description", "")).strip():
            findings.append(_finding(
                "WB203", f"{tool.name}.{name}",
                f"Property `{name}` of `{tool.name}` has no description.",
                f'Add help text to it in the CLI, or set `description` under '
                f'[commands."{tool.command_str}".flags.{_toml_key(name)}].'))
    return findings


# --- annotations -------------------------------------------------------------------------------


def _words(tool: Tool) -> set[str]:
    """The words of the command's path below the root (`secrets drop-all` → secrets, drop, all)."""
    return {w for segment in tool.binding.command_path[1:] for w in re.split(r"[-_.:]", segment.lower()) if w}


def _annotation_findings(tool: Tool, config: Config) -> list[Finding]:
    choices = config.command(tool.command_str)
    key = f'[commands."{tool.command_str}"]'
    words = _words(tool)
    if choices.read_only and choices.destructive:
        return [_finding(
            "WB303", tool.command_str,
            f"`{tool.command_str}` is marked both `read_only` and `destructive`; clients ignore "
            "`destructive` on read-only tools.",
            f"Keep only the true one under {key}.")]
    destructive = sorted(words & DESTRUCTIVE_WORDS)
    if destructive:
        if choices.destructive is None:
            return [_finding(
                "WB301", tool.command_str,
                f"`{tool.command_str}` sounds destructive (`{destructive[0]}`) but is not annotated, "
                "so the prompt does not tell the model to confirm it with the user.",
                f"Set `destructive = true` under {key} (or `destructive = false` if it is safe).")]
        return []
    read = sorted(words & READ_WORDS)
    if read and choices.read_only is None and not choices.destructive:
        return [_finding(
            "WB302", tool.command_str,
            f"`{tool.command_str}` looks read-only (`{read[0]}`) but is not annotated, so clients "
            "may ask the user before every call.",
            f"Set `read_only = true` under {key} (or `read_only = false` if it changes state).")]
    return []


# --- types -------------------------------------------------------------------------------------


def _unknown_type_findings(tool: Tool, command: Command, tree: CommandTree, config: Config) -> list[Finding]:
    """Properties served as plain strings because the help text named a type we cannot map."""
    findings: list[Finding] = []
    overrides = config.command(command.path_str).flags
    declared = {flag.spelling: flag for node in [*tree.ancestors(command), command] for flag in node.flags}
    for arg in tool.binding.args:
        if arg.value_type is not ValueType.UNKNOWN:
            continue
        flag = declared.get(arg.spelling) if arg.source == "flag" else None
        keys = {arg.property} | ({flag.key} if flag else set())
        override = next((overrides[k] for k in keys if k in overrides), None)
        if override is not None and (override.schema_ is not None or override.type is not None):
            continue
        shown = arg.spelling if arg.source == "flag" else arg.property
        type_name = f" (`{flag.type_name}`)" if flag and flag.type_name else ""
        key = flag.key if flag else arg.property
        findings.append(_finding(
            "WB401", f"{tool.name}.{arg.property}",
            f"`{shown}` of `{command.path_str}` has a type the help text did not make clear"
            f"{type_name}, so it is served as a plain string.",
            f'Set `type = "..."` or `schema = {{...}}` under '
            f'[commands."{command.path_str}".flags.{_toml_key(key)}].'))
    return findings


# --- size and tokens ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TokenReport:
    """Token costs of what a client loads: each tool, the tool list, the prompt, the total."""

    per_tool: dict[str, int]
    tools: int
    prompt: int
    total: int
    tokenizer: str

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


def tool_tokens(tool: Tool) -> int:
    """Tokens of the tool as served: name, description and schemas, in the wire JSON shape."""
    return tool.tokens or count_tokens(json.dumps(tool.to_mcp(), ensure_ascii=False, separators=(",", ":")))


def measure_tokens(surface: Surface) -> TokenReport:
    per_tool = {tool.name: tool_tokens(tool) for tool in surface.tools}
    prompt = surface.prompt_tokens or count_tokens(surface.prompt)
    tools = sum(per_tool.values())
    return TokenReport(per_tool, tools, prompt, tools + prompt, tokenizer_label())


def _size_findings(surface: Surface, config: Config) -> list[Finding]:
    findings: list[Finding] = []
    if len(surface.tools) > MAX_TOOLS:
        findings.append(_finding(
            "WB501", "tools",
            f"The surface has {len(surface.tools)} tools; clients cap the list at {MAX_TOOLS} "
            "and models choose worse among many.",
            "Narrow it with `[[selectors]]` or `exclude = true` on commands the agent does not need."))
    report = measure_tokens(surface)
    budget = config.lint.token_budget
    if report.total > budget:
        biggest = sorted(report.per_tool.items(), key=lambda item: -item[1])[:3]
        top = ", ".join(f"`{name}` {count}" for name, count in biggest)
        findings.append(_finding(
            "WB601", "tokens",
            f"Prompt + tool list cost {report.total} tokens ({report.tokenizer}), over the "
            f"budget of {budget}" + (f"; largest tools: {top}." if top else "."),
            'Expose fewer tools or flags, use `description_mode = "short"`, or raise '
            "`[lint] token_budget`."))
    return findings


# --- config keys that point at nothing ---------------------------------------------------------


def dangling_keys(tree: CommandTree, config: Config, tool_names: set[str] | None = None) -> list[Finding]:
    """Config keys that name nothing in `tree` (and `tool_order` names not in `tool_names`)."""
    findings: list[Finding] = []
    paths = [command.path_str for command in tree.walk()]
    for path, choices in config.commands.items():
        command = tree.find(path)
        if command is None:
            near = _closest(path, paths)
            findings.append(_finding(
                "WB801", f'commands."{path}"',
                f"`[commands.\"{path}\"]` names no command of `{tree.root.name}`"
                + (f" (did you mean `{near}`?)." if near else "."),
                "Rename the key to an existing command path, or remove the section."))
            continue
        valid = argument_keys(tree, command)
        for key in choices.flags:
            if key not in valid:
                near = _closest(key, sorted(valid))
                findings.append(_finding(
                    "WB802", f'commands."{path}".flags.{_toml_key(key)}',
                    f"`{key}` is not a flag or argument of `{path}`"
                    + (f" (did you mean `{near}`?)." if near else "."),
                    "Rename the key to an existing flag, or remove the override."))
    if tool_names is not None:
        for entry in config.prompt.tool_order or []:
            if entry != REST_ENTRY and entry not in tool_names:
                near = _closest(entry, sorted(tool_names))
                findings.append(_finding(
                    "WB803", f"prompt.tool_order.{entry}",
                    f"`prompt.tool_order` lists `{entry}`, which is not a tool"
                    + (f" (did you mean `{near}`?)." if near else "."),
                    "Remove it from `tool_order` or correct the name."))
    findings += _selector_findings(paths, config)
    return findings


def argument_keys(tree: CommandTree, command: Command) -> set[str]:
    """Keys a flag override of `command` may use: its and its ancestors' flag keys, its
    positionals' names as written and as property names."""
    from workbench.model.naming import snake_case

    keys = {flag.key for node in [*tree.ancestors(command), command] for flag in node.flags}
    for positional in command.positionals:
        keys |= {positional.name, snake_case(positional.name), f"{snake_case(positional.name)}_arg"}
    return keys


def _selector_findings(paths: list[str], config: Config) -> list[Finding]:
    findings: list[Finding] = []
    claims = [0] * len(config.selectors)
    for path in paths:
        for index, selector in enumerate(config.selectors):
            if any(fnmatchcase(path, pattern) for pattern in selector.commands):
                claims[index] += 1
                break
    for index, selector in enumerate(config.selectors):
        dead = [p for p in selector.commands if not any(fnmatchcase(path, p) for path in paths)]
        for pattern in dead:
            near = _closest(pattern, paths)
            findings.append(_finding(
                "WB804", f"selectors[{index}] {pattern}",
                f"Selector {index + 1}'s pattern `{pattern}` matches no command"
                + (f" (did you mean `{near}`?)." if near else "."),
                "Correct the pattern (globs on the space-joined path, e.g. `tool sub *`) or remove it."))
        if claims[index] == 0 and len(dead) < len(selector.commands):
            findings.append(_finding(
                "WB805", f"selectors[{index}]",
                f"Selector {index + 1} claims no command: the selectors before it match "
                "everything its patterns match (first match wins).",
                "Move it before the broader selector, or remove it."))
    return findings


def _closest(word: str, candidates: Iterable[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.75)
    return found[0] if found else None


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)
