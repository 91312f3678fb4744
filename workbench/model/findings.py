"""Findings: the one shape every lint and drift result takes, and the table of lint codes.

A `Finding` has a stable code (`WB` + three digits), a severity, the subject it is about (a tool
name, command path or config key), what is wrong, and the fix in one sentence. `RULES` lists
every lint code with its severity and meaning (drift codes: workbench.model.drift); a code never
changes meaning once published, new rules get new codes. Documented in docs/lint.md.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from enum import StrEnum

from workbench.model.config import Config


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
    command: str = ""
    """The space-joined path of the command it is about, or "" when it is about the config as a
    whole (the TUI marks that command in its tree)."""

    def to_data(self) -> dict[str, str]:
        return {k: str(v) for k, v in asdict(self).items()}

    def __str__(self) -> str:
        return f"{self.code} {self.severity}: {self.subject}: {self.message} Fix: {self.fix}"

    @classmethod
    def from_data(cls, data: dict[str, str]) -> Finding:
        """The finding `to_data` wrote (the `--json` report's rows)."""
        return cls(
            data["code"],
            Severity(data["severity"]),
            data["subject"],
            data["message"],
            data.get("fix", ""),
            data.get("command", ""),
        )


# -- the one text form of findings: `check`'s report, the TUI's lint preview and its list ------


def finding_lines(found: Finding, indent: str = "  ") -> list[str]:
    """A finding as `check` lists it: code, severity and subject, then the message and the fix
    below (an info on one line: infos never fail, so they stay short in CI logs)."""
    head = f"{indent}{found.code} {found.severity:<7} {found.subject}"
    if found.severity == Severity.INFO:
        return [f"{head}: {found.message}"]
    lines = [head, f"{indent}    {found.message}"]
    if found.fix:
        lines.append(f"{indent}    fix: {found.fix}")
    return lines


def findings_text(findings: Iterable[Finding]) -> str:
    """Every finding in `check`'s form, or a sentence saying there are none."""
    lines = [line for found in findings for line in finding_lines(found, indent="")]
    return "\n".join(lines) + "\n" if lines else "No findings.\n"


def finding_row(found: Finding) -> str:
    """A finding on one line (a list row): code, severity, subject, message and fix."""
    fix = f"  Fix: {found.fix}" if found.fix else ""
    return f"{found.code} {found.severity} · {found.subject}: {found.message}{fix}"


RULES: dict[str, tuple[Severity, str]] = {
    "WB001": (Severity.ERROR, "the config cannot produce a surface"),
    "WB002": (Severity.WARNING, "`[lint] disable` names an unknown code"),
    "WB003": (Severity.WARNING, "the surface builder reported a problem"),
    "WB004": (Severity.WARNING, "a `[lint]` setting is out of range"),
    "WB101": (Severity.ERROR, "tool name is not a valid MCP tool name"),
    "WB102": (Severity.ERROR, "two tools have the same name"),
    "WB103": (Severity.WARNING, "two tool names differ only in case or `-`/`_`"),
    "WB104": (Severity.ERROR, "tool name longer than `[lint] name_limit`"),
    "WB105": (Severity.WARNING, "tool name leaves less than 20 characters for a client's prefix"),
    "WB106": (Severity.ERROR, "Claude Code's `mcp__<server>__<tool>` name exceeds 64 characters"),
    "WB107": (Severity.WARNING, "server name has characters clients cannot use in tool prefixes"),
    "WB201": (Severity.ERROR, "tool has no description"),
    "WB202": (Severity.WARNING, "tool description is very long"),
    "WB203": (Severity.INFO, "input property has no description"),
    "WB301": (Severity.ERROR, "destructive-sounding command not annotated `destructive`"),
    "WB302": (Severity.WARNING, "read-style command not annotated `read_only`"),
    "WB303": (Severity.ERROR, "command annotated both `read_only` and `destructive`"),
    "WB401": (Severity.WARNING, "flag of unknown type without a type or schema override"),
    "WB402": (Severity.ERROR, "a required flag or argument is not in the tool's schema"),
    "WB403": (
        Severity.WARNING,
        "a required flag is not in the schema; the CLI may read it from an env var",
    ),
    "WB404": (Severity.INFO, "the loader could not read part of the CLI exactly (a loader note)"),
    "WB405": (
        Severity.WARNING,
        "a flag's kind (switch or value) was guessed: its help printed no type",
    ),
    "WB406": (Severity.WARNING, "a schema pattern that needs backtracking (nested repetition)"),
    "WB407": (
        Severity.WARNING,
        "a selector's `pin` names a flag that some commands it claims do not have",
    ),
    "WB408": (
        Severity.WARNING,
        'an `output = "json"` command printed output that is not JSON (try-it)',
    ),
    "WB409": (Severity.WARNING, '`output_schema` set on a command whose `output` is not "json"'),
    "WB410": (Severity.INFO, "the exact loader and the CLI's help disagree on a command"),
    "WB411": (
        Severity.WARNING,
        "the exact loader missed more than 3% of what the CLI's help shows",
    ),
    "WB412": (Severity.WARNING, "a help-only load shows its own signs of being short"),
    "WB413": (
        Severity.WARNING,
        "the help text lacked more than 3% of what the CLI's other listings show",
    ),
    "WB414": (
        Severity.INFO,
        "the help text lacked a few commands or flags the CLI's other listings show",
    ),
    "WB415": (
        Severity.INFO,
        "a flag's number type was guessed: its help printed no type word",
    ),
    "WB501": (Severity.ERROR, "more than 128 tools listed at connect"),
    "WB502": (
        Severity.INFO,
        "many tools or a costly tool list in `all` exposure: search exposure suggested",
    ),
    "WB601": (Severity.ERROR, "prompt + tool list above the token budget"),
    "WB701": (
        Severity.ERROR,
        "`[runtime]` limit that stops every call (timeout, output cap, concurrency)",
    ),
    "WB702": (Severity.ERROR, "`[source] command` is empty: serve has nothing to run"),
    "WB703": (Severity.WARNING, "`[env]` variable name that is not portable"),
    "WB704": (Severity.WARNING, "`[env]` value that looks like a secret, stored in mcp.toml"),
    "WB705": (Severity.ERROR, "`[runtime] cwd` does not exist"),
    "WB706": (Severity.ERROR, "`[source] command` names an executable that cannot be found"),
    "WB707": (
        Severity.WARNING,
        "`[source] command` names an executable other than the one `target` finds on PATH now",
    ),
    "WB801": (Severity.ERROR, "`[commands]` key names no command"),
    "WB802": (Severity.ERROR, "flag override names no flag or argument of its command"),
    "WB803": (Severity.ERROR, "`prompt.tool_order` names no tool"),
    "WB804": (Severity.ERROR, "selector pattern matches no command"),
    "WB805": (Severity.ERROR, "selector claims no command (earlier selectors take them all)"),
}
"""Every lint code: its severity and what it means (drift codes are in workbench.model.drift)."""


def finding(code: str, subject: str, message: str, fix: str) -> Finding:
    """A lint finding with the severity `RULES` gives `code`."""
    return Finding(code, RULES[code][0], subject, message, fix)


_COMMAND_KEY = re.compile(r'^commands\."([^"]+)"')


def with_commands(
    findings: Iterable[Finding], tools: dict[str, str], paths: set[str]
) -> list[Finding]:
    """`findings` with `command` filled in from their subject: a tool name or `tool.property`
    (via `tools`, name → command path), a command path, `path --flag`, or a `[commands."path"]` key."""
    result = []
    for found in findings:
        command = found.command or _command_of(found.subject, tools, paths)
        result.append(replace(found, command=command) if command != found.command else found)
    return result


def _command_of(subject: str, tools: dict[str, str], paths: set[str]) -> str:
    if subject in tools:
        return tools[subject]
    if subject.split(".", 1)[0] in tools:
        return tools[subject.split(".", 1)[0]]
    if subject in paths:
        return subject
    keyed = _COMMAND_KEY.match(subject)
    if keyed:
        return keyed.group(1)
    words = subject.split(" ")
    return next(
        (" ".join(words[:n]) for n in range(len(words) - 1, 0, -1) if " ".join(words[:n]) in paths),
        "",
    )


def finalize(findings: Iterable[Finding], config: Config) -> list[Finding]:
    """`findings` without the codes `[lint] disable` silences, sorted by code then subject."""
    disabled = {code.upper() for code in config.lint.disable}
    return sorted(
        (f for f in findings if f.code not in disabled), key=lambda f: (f.code, f.subject)
    )


def closest(word: str, candidates: Iterable[str], *, cutoff: float = 0.75) -> str | None:
    """The candidate `word` was most likely meant to be, for a did-you-mean (findings ask for a
    close match; the surface's and prompt's errors, stopping a build, accept a looser one)."""
    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=cutoff)
    return found[0] if found else None


def did_you_mean(word: str, candidates: Iterable[str], *, cutoff: float = 0.75) -> str:
    """` (did you mean `x`?)` for the closest candidate, or "": the one way every message of the
    model suggests a name."""
    near = closest(word, candidates, cutoff=cutoff)
    return f" (did you mean `{near}`?)" if near else ""


def toml_key(key: str) -> str:
    """`key` as written in a TOML dotted key (quoted when it needs to be)."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)
