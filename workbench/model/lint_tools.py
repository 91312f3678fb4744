"""Lint rules about each tool as served: names, descriptions, annotations, argument types.

Pure functions of one tool (or the tool list) plus the tree and config; `workbench.model.lint`
runs them. Codes WB1xx (names), WB2xx (descriptions), WB3xx (annotations), WB4xx (arguments:
unknown types, guessed kinds, required ones the schema leaves out, patterns that need
backtracking).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from workbench.model.config import Config
from workbench.model.findings import Finding, finding, toml_key
from workbench.model.naming import TOOL_NAME_PATTERN
from workbench.model.schema import backtracking_feature, user_patterns
from workbench.model.shaping import parse_json_output
from workbench.model.surface_types import ArgBinding, Surface, Tool
from workbench.model.tree import Command, CommandTree, Flag, ValueType

SEARCH_SUGGESTED_TOOLS = 40
"""In `all` exposure, more tools than this suggest search exposure (WB502): hosts and model
vendors report tool choice degrading from a few dozen tools on."""
SEARCH_SUGGESTED_SHARE = 0.5
"""In `all` exposure, a tool list costing more than this share of `[lint] token_budget`
suggests search exposure (WB502)."""

CLIENT_PREFIX_ROOM = 20
"""Room a client needs for its own `mcp__<server>__` prefix within the 64-character limit."""
MCP_NAME_LIMIT = 64
LONG_DESCRIPTION_CHARS = 2000
"""A description longer than this (about 500 tokens) is flagged as very long."""

_GENERIC_DESCRIPTION = re.compile(r"^Execute the .+ command\.?$")
DESTRUCTIVE_WORDS = frozenset(
    {
        "delete",
        "del",
        "rm",
        "rmdir",
        "remove",
        "destroy",
        "drop",
        "purge",
        "kill",
        "reset",
        "wipe",
        "erase",
        "truncate",
        "prune",
        "uninstall",
        "revoke",
        "terminate",
        "shred",
        "nuke",
        "clear",
        "clean",
        "flush",
        "evict",
        "expunge",
        "undeploy",
        "teardown",
        "overwrite",
        "unset",
    }
)
READ_WORDS = frozenset(
    {
        "list",
        "ls",
        "get",
        "show",
        "status",
        "describe",
        "info",
        "view",
        "inspect",
        "search",
        "find",
        "cat",
        "logs",
        "log",
        "diff",
        "history",
        "whoami",
        "stats",
        "read",
        "query",
        "count",
        "tail",
        "head",
        "lookup",
        "print",
        "version",
        "ping",
        "health",
        "top",
        "tree",
    }
)


def name_findings(tools: tuple[Tool, ...], config: Config, server: str) -> list[Finding]:
    """WB101-WB107: names clients reject, collide on, or cannot fit behind their own prefix."""
    findings: list[Finding] = []
    if not TOOL_NAME_PATTERN.match(server):
        findings.append(
            finding(
                "WB107",
                "server.name",
                f"The server name `{server}` has characters other than letters, digits, `_` and `-`; "
                "clients build tool prefixes from it (`mcp__<server>__`) and may rename or reject it.",
                "Set `[server] name` to letters, digits, `_` and `-` only.",
            )
        )
    by_name: dict[str, list[Tool]] = {}
    by_folded: dict[str, list[Tool]] = {}
    limit = config.lint.name_limit
    for tool in tools:
        by_name.setdefault(tool.name, []).append(tool)
        by_folded.setdefault(tool.name.lower().replace("-", "_"), []).append(tool)
        where = f"`{tool.name}` (command `{tool.command_str}`)"
        if not TOOL_NAME_PATTERN.match(tool.name):
            findings.append(
                finding(
                    "WB101",
                    tool.name,
                    f"{where} is not 1-64 letters, digits, `_` or `-`, so clients reject the tool list.",
                    "Set a `[tools] prefix` without such characters, or exclude the command.",
                )
            )
            continue
        if len(tool.name) > limit:
            findings.append(
                finding(
                    "WB104",
                    tool.name,
                    f"{where} has {len(tool.name)} characters, more than `[lint] name_limit` = {limit}.",
                    'Set a shorter `[tools] prefix` (prefix = "" drops it) or raise `name_limit`.',
                )
            )
        room = MCP_NAME_LIMIT - len(tool.name)
        full = f"mcp__{server}__{tool.name}"
        if len(full) > MCP_NAME_LIMIT:
            findings.append(
                finding(
                    "WB106",
                    tool.name,
                    f"Claude Code names {where} `{full}`, {len(full)} characters, over the 64 the model "
                    "API accepts, so the tool cannot be used there.",
                    'Set a shorter `[tools] prefix` (prefix = "" drops it) or a shorter `[server] name`.',
                )
            )
        elif room < CLIENT_PREFIX_ROOM:
            findings.append(
                finding(
                    "WB105",
                    tool.name,
                    f"{where} leaves {room} characters of the 64 for a client's prefix "
                    f"(Claude Code shows `mcp__{server}__{tool.name}`); keep at least {CLIENT_PREFIX_ROOM}.",
                    'Set a shorter `[tools] prefix` (prefix = "" drops it).',
                )
            )
    for name, same in by_name.items():
        if len(same) > 1:
            commands = " and ".join(f"`{t.command_str}`" for t in same)
            findings.append(
                finding(
                    "WB102",
                    name,
                    f"Commands {commands} both become the tool `{name}`.",
                    "Exclude one of them or change `[tools] prefix` so the names differ.",
                )
            )
    for same in by_folded.values():
        names = sorted({t.name for t in same})
        if len(names) > 1:
            findings.append(
                finding(
                    "WB103",
                    names[0],
                    f"Tools {', '.join(f'`{n}`' for n in names)} differ only in case or `-`/`_`, "
                    "which clients that normalize names treat as one.",
                    "Exclude one of the commands or rename through `[tools] prefix`.",
                )
            )
    return findings


def description_findings(tool: Tool) -> list[Finding]:
    """WB201-WB203: a missing or very long description, properties without one."""
    findings: list[Finding] = []
    description = tool.description.strip()
    key = f'[commands."{tool.command_str}"]'
    if not description or _GENERIC_DESCRIPTION.match(description):
        findings.append(
            finding(
                "WB201",
                tool.name,
                f"`{tool.name}` has no description of its own, so the model must guess what it does.",
                f"Add help text to the command in the CLI, or set `description` under {key}.",
            )
        )
    elif len(description) > LONG_DESCRIPTION_CHARS:
        findings.append(
            finding(
                "WB202",
                tool.name,
                f"The description of `{tool.name}` has {len(description)} characters "
                f"(over {LONG_DESCRIPTION_CHARS}); every call pays for it in context.",
                f'Set `description_mode = "short"` or a shorter `description` under {key}.',
            )
        )
    for name, schema in (tool.input_schema.get("properties") or {}).items():
        if isinstance(schema, dict) and not str(schema.get("description", "")).strip():
            findings.append(
                finding(
                    "WB203",
                    f"{tool.name}.{name}",
                    f"Property `{name}` of `{tool.name}` has no description.",
                    f"Add help text to it in the CLI, or set `description` under "
                    f'[commands."{tool.command_str}".flags.{toml_key(name)}].',
                )
            )
    return findings


def _words(tool: Tool) -> set[str]:
    """The words of the command's path below the root (`secrets drop-all` → secrets, drop, all)."""
    return {
        w
        for segment in tool.binding.command_path[1:]
        for w in re.split(r"[-_.:]", segment.lower())
        if w
    }


def annotation_findings(tool: Tool, config: Config) -> list[Finding]:
    """WB301-WB303: what the command's name says it does against what the config declares."""
    choices = config.command(tool.command_str)
    key = f'[commands."{tool.command_str}"]'
    words = _words(tool)
    if choices.read_only and choices.destructive:
        return [
            finding(
                "WB303",
                tool.command_str,
                f"`{tool.command_str}` is marked both `read_only` and `destructive`; clients ignore "
                "`destructive` on read-only tools.",
                f"Keep only the true one under {key}.",
            )
        ]
    destructive = sorted(words & DESTRUCTIVE_WORDS)
    if destructive:
        if choices.destructive is None:
            return [
                finding(
                    "WB301",
                    tool.command_str,
                    f"`{tool.command_str}` sounds destructive (`{destructive[0]}`) but is not annotated, "
                    "so the prompt does not tell the model to confirm it with the user.",
                    f"Set `destructive = true` under {key} (or `destructive = false` if it is safe).",
                )
            ]
        return []
    read = sorted(words & READ_WORDS)
    if read and choices.read_only is None and not choices.destructive:
        return [
            finding(
                "WB302",
                tool.command_str,
                f"`{tool.command_str}` looks read-only (`{read[0]}`) but is not annotated, so clients "
                "may ask the user before every call.",
                f"Set `read_only = true` under {key} (or `read_only = false` if it changes state).",
            )
        ]
    return []


def _declared_flags(tree: CommandTree, command: Command) -> dict[str, Flag]:
    """The flags a command's tool can bind, by spelling: its own and its ancestors'."""
    return {
        flag.spelling: flag for node in [*tree.ancestors(command), command] for flag in node.flags
    }


def _typed_by_config(config: Config, command: Command, prop: str, flag: Flag | None) -> bool:
    """The config states the type (`type` or `schema`) of this property or flag: lint leaves it."""
    overrides = config.command(command.path_str).flags
    keys = [prop, *([flag.key] if flag else [])]
    override = next((overrides[key] for key in keys if key in overrides), None)
    return override is not None and (override.type is not None or override.schema_ is not None)


def unknown_type_findings(
    tool: Tool, command: Command, tree: CommandTree, config: Config
) -> list[Finding]:
    """Properties served as plain strings because the help text named a type we cannot map."""
    findings: list[Finding] = []
    declared = _declared_flags(tree, command)
    for arg in tool.binding.args:
        if arg.value_type is not ValueType.UNKNOWN:
            continue
        flag = declared.get(arg.spelling) if arg.source == "flag" else None
        if _typed_by_config(config, command, arg.property, flag):
            continue
        shown = arg.spelling if arg.source == "flag" else arg.property
        type_name = f" (`{flag.type_name}`)" if flag and flag.type_name else ""
        key = flag.key if flag else arg.property
        findings.append(
            finding(
                "WB401",
                f"{tool.name}.{arg.property}",
                f"`{shown}` of `{command.path_str}` has a type the help text did not make clear"
                f"{type_name}, so it is served as a plain string.",
                f'Set `type = "..."` or `schema = {{...}}` under '
                f'[commands."{command.path_str}".flags.{toml_key(key)}].',
            )
        )
    return findings


def _unconfirmed(
    tool: Tool,
    command: Command,
    tree: CommandTree,
    config: Config,
    guessed: Callable[[Flag], bool],
) -> list[tuple[ArgBinding, Flag]]:
    """The tool's flag properties whose flag carries a guess (`guessed`) that the config does
    not settle with a `type` or `schema`."""
    declared = _declared_flags(tree, command)
    found = []
    for arg in tool.binding.args:
        flag = declared.get(arg.spelling) if arg.source == "flag" else None
        if (
            flag is not None
            and guessed(flag)
            and not _typed_by_config(config, command, arg.property, flag)
        ):
            found.append((arg, flag))
    return found


def guessed_kind_findings(
    tool: Tool, command: Command, tree: CommandTree, config: Config
) -> list[Finding]:
    """WB405: flags whose help printed no type, so switch-or-value was guessed (`kind_guessed`)."""
    findings: list[Finding] = []
    for arg, flag in _unconfirmed(tool, command, tree, config, lambda f: f.kind_guessed):
        served = (
            "a switch (true/false)" if arg.kind.value == "boolean" else "an option taking a value"
        )
        other = '"string"' if arg.kind.value == "boolean" else '"boolean"'
        findings.append(
            finding(
                "WB405",
                f"{tool.name}.{arg.property}",
                f"`{arg.spelling}` of `{command.path_str}` is served as {served}, but its help text printed no "
                "type: that was guessed from its description.",
                f"Check the CLI, then set `type = {other}` (or keep it with `type = "
                f'"{"boolean" if arg.kind.value == "boolean" else "string"}"`) under '
                f'[commands."{command.path_str}".flags.{toml_key(flag.key)}].',
            )
        )
    return findings


def guessed_type_findings(
    tool: Tool, command: Command, tree: CommandTree, config: Config
) -> list[Finding]:
    """WB415: flags served as numbers although their help printed no type word: the number was
    read from the placeholder's name, the description or the default (`type_guessed`)."""
    findings: list[Finding] = []
    for arg, flag in _unconfirmed(tool, command, tree, config, lambda f: f.type_guessed):
        if arg.value_type not in (ValueType.INTEGER, ValueType.NUMBER):
            continue
        served = arg.value_type.value
        shown = f" `{flag.metavar}`" if flag.metavar else ""
        findings.append(
            finding(
                "WB415",
                f"{tool.name}.{arg.property}",
                f"`{arg.spelling}`{shown} of `{command.path_str}` is served as {'an' if served == 'integer' else 'a'} "
                f"{served}, but its help text printed no type: that was read from its placeholder, "
                "description or default, and a program that converts nothing also takes other "
                "words (`10k`).",
                f'Check the CLI, then set `type = "string"` to pass any word (or confirm with '
                f'`type = "{served}"`) under [commands."{command.path_str}".flags.{toml_key(flag.key)}], '
                "or pick the type in the TUI's flag editor.",
            )
        )
    return findings


def required_argument_findings(
    tool: Tool, command: Command, tree: CommandTree, config: Config
) -> list[Finding]:
    """Required flags and positionals (without a default) that the tool's schema leaves out, so
    the CLI rejects every call (WB402), unless it can read the flag from an env var (WB403)."""
    findings: list[Finding] = []
    exposed = {(arg.source, arg.spelling) for arg in tool.binding.args}
    key = f'[commands."{command.path_str}"]'
    seen: set[str] = set()
    for node in [
        command,
        *reversed(tree.ancestors(command)),
    ]:  # a local flag shadows an inherited one
        for flag in node.flags:
            if flag.spelling in seen:
                continue
            seen.add(flag.spelling)
            if not flag.required or flag.default is not None or ("flag", flag.spelling) in exposed:
                continue
            if flag.env_var and flag.env_var in config.env:
                continue
            subject = f"{tool.name}.{flag.key}"
            if flag.env_var:
                findings.append(
                    finding(
                        "WB403",
                        subject,
                        f"`{flag.spelling}` is required by `{command.path_str}` but not in the schema of "
                        f"`{tool.name}`; calls work only if ${flag.env_var} is set where the server runs.",
                        f"Set {flag.env_var} in [env] or in the client entry's env, or stop excluding the flag.",
                    )
                )
                continue
            findings.append(
                finding(
                    "WB402",
                    subject,
                    f"`{flag.spelling}` is required by `{command.path_str}` but not in the schema of "
                    f"`{tool.name}`, so the CLI rejects every call.",
                    f"Stop excluding it (selector flag patterns, or `exclude` under "
                    f"{key[:-1]}.flags.{toml_key(flag.key)}]), or exclude the command.",
                )
            )
    for positional in command.positionals:
        if (
            positional.required
            and positional.default is None
            and ("positional", positional.name) not in exposed
        ):
            findings.append(
                finding(
                    "WB402",
                    f"{tool.name}.{positional.name}",
                    f"The argument `{positional.name}` is required by `{command.path_str}` but not in the "
                    f"schema of `{tool.name}`, so the CLI rejects every call.",
                    f"Stop excluding it under {key}, or exclude the command.",
                )
            )
    return findings


def pattern_findings(tool: Tool) -> list[Finding]:
    """WB406: a `pattern` in a property's schema that a backtracking engine can take exponential
    time on (nested repetition such as `(a+)+`). The server matches patterns with RE2, in linear
    time, but a client that checks arguments itself may hang on the model's crafted input."""
    findings: list[Finding] = []
    properties = tool.input_schema.get("properties", {})
    for prop, schema in properties.items() if isinstance(properties, dict) else ():
        for pattern in user_patterns(schema):
            what = backtracking_feature(pattern)
            if what is not None:
                findings.append(
                    finding(
                        "WB406",
                        f"{tool.name}.{prop}",
                        f"The pattern {pattern!r} of `{prop}` has {what}: the server matches it in linear "
                        "time, but a client or tool that checks arguments with a backtracking engine can "
                        "take exponential time on crafted input.",
                        "Rewrite it without nested repetition, e.g. `^a+$` instead of `^(a+)+$`.",
                    )
                )
    return findings


def output_not_json_hint(tool_name: str, stdout: str, *, command: str = "") -> Finding | None:
    """WB408 when a try-it run of an `output = "json"` tool printed `stdout` that does not parse
    as JSON (every such call would be an error for the model); None when it parses."""
    _, problem = parse_json_output(stdout, "non-object")
    if problem is None:
        return None
    key = f'[commands."{command}"]' if command else "the command's table"
    why = problem.replace("the command's output", "its output", 1)
    found = finding(
        "WB408",
        tool_name,
        f'`{tool_name}` is served with output = "json", but {why}, '
        "so every such call is an error for the model.",
        f'Pin the flag that makes it print JSON (e.g. `value = "json"` under its `--output` flag), or set '
        f'output = "text" in {key}.',
    )
    return dataclasses.replace(found, command=command) if command else found


def output_schema_findings(tool: Tool, config: Config) -> list[Finding]:
    """WB409: an `output_schema` that nothing uses, since the command's output is text."""
    choices = config.commands.get(tool.command_str)
    if choices is None or choices.output_schema is None or choices.output == "json":
        return []
    return [
        finding(
            "WB409",
            f'commands."{tool.command_str}".output_schema',
            f'`{tool.name}` has an output_schema but output = "text", so the schema is never used.',
            f'Set output = "json" under [commands."{tool.command_str}"], or remove output_schema.',
        )
    ]


def exposure_findings(surface: Surface, config: Config, tool_tokens: int) -> list[Finding]:
    """WB502: in `all` exposure, a surface whose tool count or tool-list cost (`tool_tokens`)
    is large enough that listing only a few tools plus a search tool serves the model better."""
    if surface.exposure != "all":
        return []
    count, budget = len(surface.tools), config.lint.token_budget
    too_many = count > SEARCH_SUGGESTED_TOOLS
    too_costly = budget > 0 and tool_tokens > SEARCH_SUGGESTED_SHARE * budget
    if not (too_many or too_costly):
        return []
    why = []
    if too_many:
        why.append(f"{count} tools (more than {SEARCH_SUGGESTED_TOOLS})")
    if too_costly:
        why.append(
            f"a tool list of {tool_tokens} tokens ({tool_tokens / budget:.0%} of the {budget}-token budget)"
        )
    return [
        finding(
            "WB502",
            "tools",
            f"Every client loads {' and '.join(why)} before the first question.",
            '`[tools] exposure = "search"` lists only the `load = "always"` tools plus a search tool '
            'and a call tool; mark the few everyday commands `load = "always"` (docs/exposure.md).',
        )
    ]
