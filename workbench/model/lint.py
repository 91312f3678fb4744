"""Lint (SPEC §9): what is wrong or risky about a tool surface, each with a stable code and a fix.

`lint(surface, tree, config)` is a pure function: it reads the built surface, the command tree
it came from and the config, and returns `Finding`s sorted by code then subject, without the
codes `[lint] disable` silences. `check` prints them, the TUI shows them; errors fail `check`,
`--strict` makes warnings fail too, infos never do. The rules live in `lint_tools` (each tool)
and `lint_config` (config keys); the tool-list size and token budget are checked here, with
`measure_tokens`, the token report `check` and the TUI show. Codes: `findings.RULES`,
documented in docs/lint.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any

from workbench.model.config import Config
from workbench.model.drift import DRIFT_RULES
from workbench.model.exposure import connect_view
from workbench.model.findings import RULES, Finding, Severity, finalize, finding, with_commands
from workbench.model.lint_config import (
    argument_keys,
    dangling_keys,
    pin_findings,
    settings_findings,
)
from workbench.model.lint_coverage import coverage_findings
from workbench.model.lint_tools import (
    annotation_findings,
    description_findings,
    exposure_findings,
    guessed_kind_findings,
    guessed_type_findings,
    name_findings,
    output_schema_findings,
    pattern_findings,
    required_argument_findings,
    unknown_type_findings,
)
from workbench.model.superseded import Check, stop_if
from workbench.model.surface_types import Surface, Tool
from workbench.model.tokens import count_tokens, tokenizer_label
from workbench.model.tree import CommandTree

__all__ = [
    "RULES",
    "Finding",
    "Severity",
    "TokenReport",
    "argument_keys",
    "dangling_keys",
    "finalize",
    "lint",
    "measure_tokens",
    "tool_tokens",
]

MAX_TOOLS = 128
"""Clients that cap the tool list (e.g. OpenAI-compatible hosts) refuse more than this."""

_COVERED_WARNING = re.compile(
    r'^\[commands\.|^selector \d+: command pattern ".*" matches no command;'
)
"""Surface warnings that a WB8xx rule reports itself (with a code and a fix), so not twice."""


def lint(
    surface: Surface, tree: CommandTree, config: Config, *, superseded: Check | None = None
) -> list[Finding]:
    """Every finding about `surface` (built from `tree` and `config`), minus disabled codes.
    With `superseded`, it is asked before each tool and each whole-surface rule, and the pass
    raises `Superseded` as soon as it says so (the TUI's full pass after an edit)."""
    findings: list[Finding] = []
    findings += unknown_disabled_codes(config)
    findings += [
        Finding("WB003", Severity.WARNING, "surface", warning, "Follow the advice in the message.")
        for warning in surface.warnings
        if not _COVERED_WARNING.match(warning)
    ]
    findings += name_findings(surface.tools, config, surface.server_name)
    for tool in surface.tools:
        stop_if(superseded)
        command = tree.find(tool.binding.command_path)
        findings += description_findings(tool)
        findings += annotation_findings(tool, config)
        findings += pattern_findings(tool)
        if command is not None:
            findings += unknown_type_findings(tool, command, tree, config)
            findings += guessed_kind_findings(tool, command, tree, config)
            findings += guessed_type_findings(tool, command, tree, config)
            findings += required_argument_findings(tool, command, tree, config)
    stop_if(superseded)
    findings += _size_findings(surface, config)
    stop_if(superseded)
    findings += dangling_keys(tree, config, {t.name for t in surface.tools})
    findings += pin_findings(tree, config, [tool.command_str for tool in surface.tools])
    stop_if(superseded)
    findings += [found for tool in surface.tools for found in output_schema_findings(tool, config)]
    findings += settings_findings(config)
    findings += _note_findings(tree)
    stop_if(superseded)
    findings += coverage_findings(tree)
    stop_if(superseded)
    tools = {tool.name: tool.command_str for tool in surface.tools}
    return finalize(with_commands(findings, tools, {c.path_str for c in tree.walk()}), config)


def _note_findings(tree: CommandTree) -> list[Finding]:
    """WB404 for each note the loader left: what it could not read exactly, for review."""
    paths = {command.path_str for command in tree.walk()}
    findings = []
    for note in tree.notes:
        where, _, _ = note.partition(": ")
        findings.append(
            finding(
                "WB404",
                where if where in paths else "tree",
                f"The loader noted: {note}",
                "Check that flag or command in the CLI's help; curate it with an override or exclude it "
                "if the note matters to the agent.",
            )
        )
    return findings


def unknown_disabled_codes(config: Config) -> list[Finding]:
    """WB002 for each `[lint] disable` entry that is neither a lint nor a drift code."""
    known = RULES.keys() | DRIFT_RULES.keys()
    return [
        finding(
            "WB002",
            "lint.disable",
            f"`{code}` is not a finding code, so it silences nothing.",
            "Remove it from `[lint] disable` or correct it (see docs/lint.md for the codes).",
        )
        for code in config.lint.disable
        if code.upper() not in known
    ]


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
    """Tokens of the tool as served (name, description, schemas, annotations as JSON): the count
    build_surface recorded, else the same measure taken here."""
    return tool.tokens or count_tokens(json.dumps(tool.to_mcp()))


def measure_tokens(surface: Surface) -> TokenReport:
    """What the surface costs a client's context, by the installed tokenizer."""
    per_tool = {tool.name: tool_tokens(tool) for tool in surface.tools}
    prompt = surface.prompt_tokens or count_tokens(surface.prompt)
    tools = sum(per_tool.values())
    return TokenReport(per_tool, tools, prompt, tools + prompt, tokenizer_label())


def _size_findings(surface: Surface, config: Config) -> list[Finding]:
    """WB501 and WB601 on what a client loads at connect (in search exposure: the `always`
    tools and the two search tools, `workbench.model.exposure`), WB502 on `all` exposure."""
    findings: list[Finding] = []
    report = measure_tokens(surface)
    view = connect_view(surface) if surface.exposure == "search" else None
    listed = view.listed if view is not None else len(surface.tools)
    if listed > MAX_TOOLS:
        findings.append(
            finding(
                "WB501",
                "tools",
                f"The surface lists {listed} tools at connect; clients cap the list at {MAX_TOOLS} "
                "and models choose worse among many.",
                "Narrow it with `[[selectors]]` or `exclude = true` on commands the agent does not need"
                + (
                    ', or mark fewer commands `load = "always"`.'
                    if view is not None
                    else ', or use `[tools] exposure = "search"`.'
                ),
            )
        )
    budget = config.lint.token_budget
    total = report.total if view is None else report.prompt + view.tokens
    if total > budget:
        biggest = sorted(report.per_tool.items(), key=lambda item: -item[1])[:3]
        if view is not None:
            shown = {d["name"] for d in view.tools}
            biggest = [
                item
                for item in sorted(report.per_tool.items(), key=lambda item: -item[1])
                if item[0] in shown
            ][:3]
        top = ", ".join(f"`{name}` {count}" for name, count in biggest)
        findings.append(
            finding(
                "WB601",
                "tokens",
                f"Prompt + tool list{' at connect' if view is not None else ''} cost {total} tokens "
                f"({report.tokenizer}), over the budget of {budget}"
                + (f"; largest tools: {top}." if top else "."),
                'Expose fewer tools or flags, use `description_mode = "short"`, '
                + ("" if view is not None else 'use `[tools] exposure = "search"`, ')
                + "or raise `[lint] token_budget`.",
            )
        )
    if not findings:  # WB501 and WB601 already say it: WB502 is the early notice before either
        findings += exposure_findings(surface, config, report.tools)
    return findings
