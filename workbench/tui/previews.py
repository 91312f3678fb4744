"""What the previews and the status line show, computed from the one surface function.

Two passes per edit, both in worker threads:

- `compute_quick` (what must follow an edit within ~100 ms): the surface (incrementally, see
  `incremental.py`), each command's status, the token cost, the prompt, and this tool's JSON.
- `compute_full` (what may take longer on a big CLI): a full `build_surface`, the tool list
  exactly as `mcp-workbench tools` prints it, the `mcp.toml` text from `dump_config`, its diff
  against the baseline, and lint. It is authoritative and replaces the quick result.

Pure Python (no Textual): every text comes from the model's `build_surface` and `dump_config`.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from workbench.model.config import Config
from workbench.model.errors import WorkbenchError
from workbench.model.findings import Finding, finding, findings_text
from workbench.model.superseded import Check, stop_if
from workbench.model.tools_json import json_text, tool_json, tools_json
from workbench.model.tree import CommandTree
from workbench.tui.incremental import update_surface

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
        if self.detail.startswith(
            words
        ):  # "deprecated in config", not "deprecated: deprecated in config"
            return self.detail
        return f"{words}: {self.detail}" if self.detail and self.reason != "excluded" else words


@dataclass
class QuickPreviews:
    """The surface right after an edit, and what follows from it cheaply."""

    surface: Any | None
    """The Surface, or None when the config cannot produce one (see `error`)."""
    error: str | None
    statuses: dict[str, CommandStatus] = field(default_factory=dict)
    prompt: str = ""
    tokens: int | None = 0
    """Prompt plus tools; None until counted (the first pass on opening leaves it to the full one)."""
    token_label: str = ""
    dirty: bool = False
    """Whether the choices differ from the baseline's (the full pass compares the text)."""
    _tool_texts: dict[str, str] = field(default_factory=dict)

    @property
    def tool_count(self) -> int:
        return len(self.surface.tools) if self.surface is not None else 0

    def tool_text(self, command_path: str) -> str | None:
        """The JSON of the tool of `command_path` as served, or None when it is not a tool."""
        if command_path in self._tool_texts:
            return self._tool_texts[command_path]
        status = self.statuses.get(command_path)
        tool = (
            self.surface.tool(status.tool)
            if (self.surface is not None and status and status.tool)
            else None
        )
        text = tool_text(tool) if tool is not None else None
        if text is not None:
            self._tool_texts[command_path] = text
        return text


@dataclass
class FullPreviews:
    """Everything else, from a full build: authoritative for its generation."""

    quick: QuickPreviews
    toml: str
    diff: str
    dirty: bool
    tools_json: str = ""
    findings: list[Any] = field(default_factory=list)
    lint_text: str = ""
    warnings: tuple[str, ...] = ()
    baseline_text: str = ""
    """The text the diff and the unsaved marker compared with."""
    connect_text: str = ""
    """What the model sees at connect (SPEC §5b): the cost then beside the full cost, and the list."""
    connect_tokens: tuple[int, int] | None = None
    """(tokens at connect, tokens of every tool), when known."""
    _by_command: dict[str, list[Any]] | None = None

    def findings_of(self, command_path: str) -> list[Any]:
        """The findings about one command (the inspector shows them on every edit: indexed
        once per pass, not filtered out of thousands each time)."""
        if self._by_command is None:
            by_command: dict[str, list[Any]] = {}
            for found in self.findings:
                by_command.setdefault(getattr(found, "command", ""), []).append(found)
            self._by_command = by_command
        return self._by_command.get(command_path, [])


tools_text = tools_json
"""The tool list exactly as `mcp-workbench tools` prints it (the one producer)."""

tool_text = tool_json
"""One tool in the same form."""


def statuses_of(
    surface: Any, finding_counts: Mapping[str, int] | None = None
) -> dict[str, CommandStatus]:
    counts = finding_counts or {}
    statuses: dict[str, CommandStatus] = {}
    for tool in surface.tools:
        statuses[tool.command_str] = CommandStatus(
            tool=tool.name, findings=counts.get(tool.command_str, 0)
        )
    for exclusion in surface.exclusions:
        statuses.setdefault(
            exclusion.path,
            CommandStatus(
                reason=exclusion.reason,
                detail=exclusion.detail,
                findings=counts.get(exclusion.path, 0),
            ),
        )
    return statuses


def statuses_of_selection(selection: Any) -> dict[str, CommandStatus]:
    """What `statuses_of` gives the surface that `selection` (`select_tools`) decides, before
    any tool is built (no findings yet): the tree's marks on opening."""
    statuses = {path: CommandStatus(tool=name) for path, name in selection.tools.items()}
    for exclusion in selection.exclusions:
        statuses.setdefault(
            exclusion.path, CommandStatus(reason=exclusion.reason, detail=exclusion.detail)
        )
    return statuses


def quick_from_surface(
    surface: Any,
    dirty: bool,
    finding_counts: Mapping[str, int] | None = None,
    statuses: dict[str, CommandStatus] | None = None,
    tokens: bool = True,
) -> QuickPreviews:
    return QuickPreviews(
        surface=surface,
        error=None,
        statuses=statuses if statuses is not None else statuses_of(surface, finding_counts),
        prompt=surface.prompt,
        tokens=_total_tokens(surface) if tokens else None,
        token_label=_token_label() if tokens else "",
        dirty=dirty,  # no label: no vocabulary loaded
    )


def _total_tokens(surface: Any) -> int | None:
    """Prompt plus tools, or None while some are not counted yet (a tool is never 0 tokens:
    an uncounted one is a tool of the first, uncounted build that an edit reused)."""
    counts = [t.tokens for t in surface.tools]
    if not surface.prompt_tokens or not all(counts):
        return None
    return surface.prompt_tokens + sum(counts)


def statuses_after(
    previous: Any,
    surface: Any,
    statuses: dict[str, CommandStatus],
    decided: set[str],
    finding_counts: Mapping[str, int] | None = None,
) -> dict[str, CommandStatus]:
    """`statuses` (of `previous`) with the commands in `decided` redone from `surface`, which
    reused every other tool of `previous` (the same objects): an edit to one command costs
    its own subtree, not a pass over every tool's status."""
    counts = finding_counts or {}
    updated = {path: status for path, status in statuses.items() if path not in decided}
    reused = {id(t) for t in previous.tools}
    for tool in surface.tools:
        if id(tool) not in reused:
            path = tool.command_str
            updated[path] = CommandStatus(tool=tool.name, findings=counts.get(path, 0))
    for exclusion in surface.exclusions:
        if exclusion.path in decided:
            updated.setdefault(
                exclusion.path,
                CommandStatus(
                    reason=exclusion.reason,
                    detail=exclusion.detail,
                    findings=counts.get(exclusion.path, 0),
                ),
            )
    return updated


def compute_quick(
    previous: Any | None,
    tree: CommandTree,
    config: Config,
    changed: set[str] | None,
    dirty: bool,
    finding_counts: Mapping[str, int] | None = None,
    statuses: dict[str, CommandStatus] | None = None,
) -> QuickPreviews:
    """The surface after an edit to `changed` commands (None: rebuild fully). With the
    `statuses` of `previous`, only the changed commands' statuses are redone. A first build
    (no `previous`) leaves token counts to the full pass, so the tree's marks paint sooner."""
    from workbench.model.surface import build_surface  # the surface rules: off the TUI's import

    try:
        if previous is None:
            surface = build_surface(tree, config, token_counts=False)
            return quick_from_surface(surface, dirty, finding_counts, tokens=False)
        surface = update_surface(previous, tree, config, changed)
    except WorkbenchError as error:
        return QuickPreviews(surface=None, error=str(error), dirty=dirty)
    if surface is previous and statuses is not None:
        return quick_from_surface(surface, dirty, finding_counts, statuses=statuses)
    if statuses is not None and changed:
        decided = {
            c.path_str
            for path in changed
            if (top := tree.find(path)) is not None
            for c in top.walk()
        }
        if len(decided) < max(1, len(statuses) // 4):
            return quick_from_surface(
                surface,
                dirty,
                finding_counts,
                statuses=statuses_after(previous, surface, statuses, decided, finding_counts),
            )
    return quick_from_surface(surface, dirty, finding_counts)


def compute_full(
    tree: CommandTree,
    config: Config,
    saved_text: str | Config,
    saved_label: str = "saved",
    superseded: Check | None = None,
) -> FullPreviews:
    """Full build, tool list, mcp.toml, diff and lint for (tree, config); `saved_text` is the
    baseline text, or the baseline config to dump. It asks `superseded` between its steps and
    inside the surface build and the lint (before each command and each tool), and raises
    `Superseded` when a later edit came: a key pressed during a full pass (a thread sharing the
    interpreter with the UI) then shares it for a fraction of a millisecond of the pass's work,
    not for the rest of a pass whose result would be dropped."""
    from workbench.model.config_file import dump_config  # the TOML writer: off the TUI's import
    from workbench.model.surface import build_surface  # the surface rules: off the TUI's import

    def step() -> None:
        stop_if(superseded)

    if isinstance(saved_text, Config):
        saved_text = dump_config(saved_text)
    try:
        toml = dump_config(config)
    except WorkbenchError as error:
        toml = f"# save would fail: {error}\n"
    step()
    diff = diff_text(saved_text, toml, saved_label, "unsaved")
    dirty = toml != saved_text
    step()
    try:
        surface = build_surface(tree, config, superseded=superseded)
    except WorkbenchError as error:
        return FullPreviews(
            quick=QuickPreviews(surface=None, error=str(error), dirty=dirty),
            toml=toml,
            diff=diff,
            dirty=dirty,
            baseline_text=saved_text,
        )
    step()
    findings = _lint(surface, tree, config, superseded)
    counts = _findings_per_command(findings, surface)
    step()
    tools = tools_text(surface)
    step()
    return FullPreviews(
        quick=quick_from_surface(surface, dirty, counts),
        toml=toml,
        diff=diff,
        dirty=dirty,
        tools_json=tools,
        findings=findings,
        lint_text=_lint_text(findings),
        warnings=tuple(surface.warnings),
        baseline_text=saved_text,
        **connect_preview(surface, config),
    )


DIFF_CONTEXT = 3
"""Unchanged lines around each change in the Diff tab (as `diff -u`)."""


def diff_text(before: str, after: str, fromfile: str, tofile: str) -> str:
    """The unified diff of two texts, as `difflib.unified_diff` writes it, computed on the lines
    between their common head and tail only: an edit changes a few lines of a 1,000-command
    mcp.toml, and matching all ~30,000 lines took ~40 ms of the full pass in one call that
    nothing could interrupt (it is ~1 ms this way)."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    head = 0
    for head, (a, b) in enumerate(zip(old, new)):  # noqa: B007 (the index is the result)
        if a != b:
            break
    else:
        head = min(len(old), len(new))
    tail = 0
    limit = min(len(old), len(new)) - head
    while tail < limit and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    # The matcher sees the changed middle with its context lines; its line numbers are shifted
    # back to the whole texts'.
    start = max(0, head - DIFF_CONTEXT)
    old_end, new_end = len(old) - tail, len(new) - tail
    old_part = old[start : min(len(old), old_end + DIFF_CONTEXT)]
    new_part = new[start : min(len(new), new_end + DIFF_CONTEXT)]
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, old_part, new_part)
    for group in matcher.get_grouped_opcodes(DIFF_CONTEXT):
        if not out:
            out += [f"--- {fromfile}\n", f"+++ {tofile}\n"]
        first, last = group[0], group[-1]
        old_range = _unified_range(start + first[1], start + last[2])
        new_range = _unified_range(start + first[3], start + last[4])
        out.append(f"@@ -{old_range} +{new_range} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [" " + line for line in old_part[i1:i2]]
                continue
            if tag in ("replace", "delete"):
                out += ["-" + line for line in old_part[i1:i2]]
            if tag in ("replace", "insert"):
                out += ["+" + line for line in new_part[j1:j2]]
    return "".join(out)


def _unified_range(start: int, stop: int) -> str:
    """A hunk's line range as `diff -u` writes it (difflib's own rule)."""
    length = stop - start
    if length == 1:
        return f"{start + 1}"
    return f"{start if not length else start + 1},{length}"


def connect_preview(surface: Any, config: Config) -> dict[str, Any]:
    """The Connect tab: `connect_view` (the exposure model: the tools served at connect and
    their tokens beside the full cost)."""
    from workbench.model.exposure import (
        connect_view,  # the search index and tokenizer: full pass only
    )

    view = connect_view(surface)
    tools = [t.to_mcp() if hasattr(t, "to_mcp") else t for t in view.tools]
    at_connect, full = int(view.tokens), int(view.full_tokens)
    share = f" ({at_connect / full:.0%} of it)" if full else ""
    head = (
        f"// At connect: {len(tools)} tools, {at_connect:,} tokens{share}; every tool: "
        f"{len(surface.tools)} tools, {full:,} tokens ({config.tools.exposure} exposure)\n"
    )
    return {"connect_text": head + json_text(tools), "connect_tokens": (at_connect, full)}


class FindingCounts(Mapping[str, int]):
    """Findings per command path, read from the last statuses shown (a view, not a copy: an
    edit looks up the few commands it rebuilds, and copying 1,000 counts cost more)."""

    def __init__(self, statuses: dict[str, CommandStatus]) -> None:
        self.statuses = statuses

    def __getitem__(self, path: str) -> int:
        status = self.statuses.get(path)
        if status is None or not status.findings:
            raise KeyError(path)
        return status.findings

    def __iter__(self) -> Iterator[str]:
        return (path for path, status in self.statuses.items() if status.findings)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def finding_counts(statuses: dict[str, CommandStatus]) -> Mapping[str, int]:
    return FindingCounts(statuses)


def _token_label() -> str:
    from workbench.model.tokens import TOKENIZER_LABEL  # tiktoken's vocabulary: off the TUI's start

    return TOKENIZER_LABEL


def _lint(
    surface: Any, tree: CommandTree, config: Config, superseded: Check | None = None
) -> list[Finding]:
    """The surface's findings; a config the lint cannot read is itself a finding (WB001, as in
    `check`), never an empty list that would read as "all clean"."""
    from workbench.model.lint import lint  # the lint rules and tokenizer: off the TUI's start

    try:
        return list(lint(surface, tree, config, superseded=superseded))
    except WorkbenchError as error:
        return [finding("WB001", "config", str(error), "Change the config as the message says.")]


def _findings_per_command(findings: list[Finding], surface: Any) -> dict[str, int]:
    """Count findings per command path (the finding's `command`, else its tool's)."""
    by_tool = {t.name: t.command_str for t in surface.tools}
    counts: dict[str, int] = {}
    for found in findings:
        path = found.command or by_tool.get(found.subject, "")
        if path:
            counts[path] = counts.get(path, 0) + 1
    return counts


def _lint_text(findings: list[Finding]) -> str:
    """Findings as `check` lists them (the surface's warnings are among them, WB003)."""
    return findings_text(findings)
