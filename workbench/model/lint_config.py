"""Lint rules about the config itself: settings that cannot work (WB004, WB7xx) and keys that
point at nothing in the tree (WB8xx).

All pure. `dangling_keys(tree, config, tool_names)` runs against the snapshot for lint; drift
(workbench.model.drift) runs it against the live CLI and reports the keys that newly dangle.
Checks that need the filesystem (WB705, WB706) live in `check`.
"""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

from workbench.model.config import REST_ENTRY, Config
from workbench.model.findings import Finding, closest, did_you_mean, finding, toml_key
from workbench.model.naming import ENV_NAME_PATTERN, snake_case
from workbench.model.selectors import Patterns
from workbench.model.tree import Command, CommandTree

_SECRET_NAME = re.compile(
    r"TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_?KEY|CREDENTIAL|AUTH", re.I
)


def settings_findings(config: Config) -> list[Finding]:
    """Values in `[lint]`, `[source]` and `[env]` that cannot work or should not be there."""
    findings: list[Finding] = []
    lint = config.lint
    if lint.token_budget < 1:
        findings.append(
            finding(
                "WB004",
                "lint.token_budget",
                f"`token_budget = {lint.token_budget}` makes every surface fail the budget.",
                "Set a positive budget (the default is 20000), or remove the key.",
            )
        )
    if not 1 <= lint.name_limit <= 64:
        findings.append(
            finding(
                "WB004",
                "lint.name_limit",
                f"`name_limit = {lint.name_limit}` is outside 1-64, the range tool names can have.",
                "Set a value from 1 to 64 (the default is 64), or remove the key.",
            )
        )
    # `[runtime]` limits at 0 or below (WB701) are refused by the model itself when the config is
    # read (`RuntimeConfig`), so no reader ever gets one to lint.
    if not config.source.command:
        findings.append(
            finding(
                "WB702",
                "source.command",
                "`[source] command` is empty, so the server has no CLI to run for a call.",
                'Set it to the CLI\'s argv prefix (e.g. `command = ["mycli"]`), or re-export.',
            )
        )
    for name, value in config.env.items():
        if not ENV_NAME_PATTERN.match(name):
            findings.append(
                finding(
                    "WB703",
                    f"env.{toml_key(name)}",
                    f"`{name}` is not a portable environment variable name.",
                    "Use letters, digits and `_`, not starting with a digit.",
                )
            )
        if value and _SECRET_NAME.search(name):
            findings.append(
                finding(
                    "WB704",
                    f"env.{toml_key(name)}",
                    f"`{name}` looks like a secret, and mcp.toml is usually committed.",
                    "Remove it from [env] and set it in the environment the server runs in "
                    "(the client entry's `env`).",
                )
            )
    return findings


def dangling_keys(
    tree: CommandTree, config: Config, tool_names: set[str] | None = None
) -> list[Finding]:
    """Config keys that name nothing in `tree` (and `tool_order` names not in `tool_names`)."""
    findings: list[Finding] = []
    paths = [command.path_str for command in tree.walk()]
    for path, choices in config.commands.items():
        command = tree.find(path)
        if command is None:
            findings.append(
                finding(
                    "WB801",
                    f'commands."{path}"',
                    f'`[commands."{path}"]` names no command of `{tree.root.name}`{did_you_mean(path, paths)}.',
                    "Rename the key to an existing command path, or remove the section.",
                )
            )
            continue
        valid = argument_keys(tree, command)
        for key in choices.flags:
            if key not in valid:
                findings.append(
                    finding(
                        "WB802",
                        f'commands."{path}".flags.{toml_key(key)}',
                        f"`{key}` is not a flag or argument of `{path}`{did_you_mean(key, sorted(valid))}.",
                        "Rename the key to an existing flag, or remove the override.",
                    )
                )
    if tool_names is not None:
        for entry in config.prompt.tool_order or []:
            if entry != REST_ENTRY and entry not in tool_names:
                findings.append(
                    finding(
                        "WB803",
                        f"prompt.tool_order.{entry}",
                        f"`prompt.tool_order` lists `{entry}`, which is not a tool{did_you_mean(entry, sorted(tool_names))}.",
                        "Remove it from `tool_order` or correct the name.",
                    )
                )
    findings += _selector_findings(paths, config)
    return findings


def argument_keys(tree: CommandTree, command: Command) -> set[str]:
    """Keys a flag override of `command` may use: its and its ancestors' flag keys, its
    positionals' names as written and as property names."""
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
            findings.append(
                finding(
                    "WB804",
                    f"selectors[{index}] {pattern}",
                    f"Selector {index + 1}'s pattern `{pattern}` matches no command{did_you_mean(pattern, paths)}.",
                    "Correct the pattern (globs on the space-joined path, e.g. `tool sub *`) or remove it.",
                )
            )
        if claims[index] == 0 and len(dead) < len(selector.commands):
            findings.append(
                finding(
                    "WB805",
                    f"selectors[{index}]",
                    f"Selector {index + 1} claims no command: the selectors before it match "
                    "everything its patterns match (first match wins).",
                    "Move it before the broader selector, or remove it.",
                )
            )
    return findings


def pin_findings(tree: CommandTree, config: Config, paths: list[str]) -> list[Finding]:
    """WB407: a selector's `pin` key that some of the commands it claims (of `paths`, the tools'
    commands) have no flag or argument for; one finding per selector and key, with a did-you-mean.
    Not an error: a selector claims many commands, and the pin works on those that have it."""
    if not any(selector.pin for selector in config.selectors):
        return []
    compiled = [Patterns(selector.commands) for selector in config.selectors]
    missing: dict[tuple[int, str], list[str]] = {}
    near: dict[tuple[int, str], set[str]] = {}
    for path in paths:
        index = next((i for i, patterns in enumerate(compiled) if patterns.match(path)), None)
        if index is None or not config.selectors[index].pin:
            continue
        command = tree.find(path)
        if command is None:
            continue
        keys = argument_keys(tree, command)
        for key in config.selectors[index].pin:
            if key not in keys:
                missing.setdefault((index, key), []).append(path)
                near.setdefault((index, key), set()).update(keys)
    findings = []
    for (index, key), commands in sorted(missing.items()):
        close = closest(key, near[(index, key)])
        shown = ", ".join(f"`{c}`" for c in commands[:3]) + (
            f" and {len(commands) - 3} more" if len(commands) > 3 else ""
        )
        findings.append(
            finding(
                "WB407",
                f"selectors[{index + 1}].pin.{toml_key(key)}",
                f"selector {index + 1} pins `{key}`, which {shown} {'has' if len(commands) == 1 else 'have'} no flag "
                "or argument for, so the pin does nothing there.",
                (f"Did you mean `{close}`? " if close else "")
                + "Fix the key, or narrow the selector's commands.",
            )
        )
    return findings
