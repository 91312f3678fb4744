"""What the preview tabs show, computed in one pass from the one surface function.

`compute_previews(tree, config, saved_text)` calls B's `build_surface` and `dump_config` (never
re-deriving anything) and turns them into texts: the tool list exactly as `mcp-workbench tools`
prints it, the prompt, the `mcp.toml` save would write, a diff against the baseline, lint
findings, plus each command's status for the tree. Pure Python: it runs in a worker thread.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from typing import Any

from workbench.model.config import Config
from workbench.model.errors import WorkbenchError
from workbench.model.tree import CommandTree

REASON_WORDS = {
    "hidden": "hidden by the CLI",
    "deprecated": "deprecated",
    "not-runnable": "group only (no action of its own)",
    "safety-filter": "safety filter",
    "selector": "no selector claims it",
    "excluded": "excluded by you",
}
SHORT_REASONS = {
    "hidden": "hidden",
    "deprecated": "deprecated",
    "not-runnable": "group",
    "safety-filter": "safety filter",
    "selector": "no selector",
    "excluded": "excluded",
}


@dataclass(frozen=True)
class CommandStatus:
    """How one command fares in the surface: a tool name, or why it is filtered."""

    tool: str | None = None
    reason: str | None = None
    detail: str = ""
    findings: int = 0

    @property
    def exposed(self) -> bool:
        return self.tool is not None

    @property
    def short_why(self) -> str:
        """One or two words for the tree (`group`, `excluded`)."""
        return SHORT_REASONS.get(self.reason or "", self.reason or "")

    @property
    def why(self) -> str:
        """The reason in the user's words (`safety filter: help`)."""
        words = REASON_WORDS.get(self.reason or "", self.reason or "")
        return f"{words}: {self.detail}" if self.detail and self.reason != "excluded" else words


@dataclass
class Previews:
    """Everything the previews and the status line show for one state of the config."""

    surface: Any | None
    """The Surface, or None when the config cannot produce one (see `error`)."""
    error: str | None
    toml: str
    diff: str
    dirty: bool
    tools_json: str = ""
    prompt: str = ""
    tool_json: dict[str, str] = field(default_factory=dict)
    """Per command path, the JSON of its tool as served."""
    statuses: dict[str, CommandStatus] = field(default_factory=dict)
    findings: list[Any] = field(default_factory=list)
    lint_text: str = ""
    tokens: int = 0
    token_label: str = ""

    @property
    def tool_count(self) -> int:
        return len(self.surface.tools) if self.surface is not None else 0


def tools_text(surface: Any) -> str:
    """The tool list as `mcp-workbench tools` prints it."""
    try:
        from workbench.commands.tools import format_tools  # B's printer, when it exposes one
    except ImportError:
        return json.dumps(surface.tools_list(), indent=2, ensure_ascii=False) + "\n"
    return format_tools(surface)


def tool_text(tool: Any) -> str:
    return json.dumps(tool.to_mcp(), indent=2, ensure_ascii=False) + "\n"


def compute_previews(tree: CommandTree, config: Config, saved_text: str, saved_label: str = "saved") -> Previews:
    """Build the surface for (tree, config) and every text the previews show."""
    from workbench.model.config_file import dump_config

    toml = dump_config(config)
    diff = "".join(difflib.unified_diff(saved_text.splitlines(keepends=True), toml.splitlines(keepends=True),
                                        fromfile=saved_label, tofile="unsaved"))
    previews = Previews(surface=None, error=None, toml=toml, diff=diff, dirty=toml != saved_text)
    try:
        from workbench.model.surface import build_surface

        surface = build_surface(tree, config)
    except WorkbenchError as error:
        previews.error = str(error)
        return previews
    previews.surface = surface
    previews.tools_json = tools_text(surface)
    previews.prompt = surface.prompt
    statuses: dict[str, CommandStatus] = {}
    for tool in surface.tools:
        path = tool.command_str
        previews.tool_json[path] = tool_text(tool)
        statuses[path] = CommandStatus(tool=tool.name)
    for exclusion in surface.exclusions:
        statuses.setdefault(exclusion.path, CommandStatus(reason=exclusion.reason, detail=exclusion.detail))
    previews.tokens = surface.prompt_tokens + sum(t.tokens for t in surface.tools)
    previews.token_label = _token_label()
    previews.findings = _lint(surface, tree, config)
    counts = _findings_per_command(previews.findings, surface)
    for path, count in counts.items():
        status = statuses.get(path, CommandStatus())
        statuses[path] = CommandStatus(status.tool, status.reason, status.detail, count)
    previews.statuses = statuses
    previews.lint_text = _lint_text(previews.findings)
    return previews


def _token_label() -> str:
    try:
        from workbench.model.tokens import TOKENIZER_LABEL
    except ImportError:
        return "estimate"
    return TOKENIZER_LABEL


def _lint(surface: Any, tree: CommandTree, config: Config) -> list[Any]:
    try:
        from workbench.model.lint import lint
    except ImportError:
        return []
    try:
        return list(lint(surface, tree, config))
    except WorkbenchError:
        return []


def _findings_per_command(findings: list[Any], surface: Any) -> dict[str, int]:
    """Count findings whose subject is a command path or a tool name, per command path."""
    by_tool = {t.name: t.command_str for t in surface.tools}
    counts: dict[str, int] = {}
    for finding in findings:
        subject = str(getattr(finding, "subject", "") or "")
        path = by_tool.get(subject, subject)
        if path:
            counts[path] = counts.get(path, 0) + 1
    return counts


def _lint_text(findings: list[Any]) -> str:
    if not findings:
        return "No findings.\n"
    lines = []
    for f in findings:
        severity = str(getattr(f, "severity", ""))
        lines.append(f"{severity:<8} {getattr(f, 'code', '')}  {getattr(f, 'subject', '')}\n"
                     f"         {getattr(f, 'message', '')}\n")
        fix = getattr(f, "fix", "")
        if fix:
            lines.append(f"         fix: {fix}\n")
    return "".join(lines)
