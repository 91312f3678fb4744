"""What a client gets for one call (`CallOutcome`), and how a CLI run becomes one.

Text content = stdout, then stderr under a `stderr:` heading when there is any, then a note for
truncation, a timeout or a non-zero exit code. Structured content = `{exit_code, stdout, stderr,
truncated, duration_ms}` (the tools' outputSchema) whenever the CLI ran.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from workbench.runtime.execute import Execution


@dataclass(frozen=True)
class CallOutcome:
    """What a client gets for one call."""

    text: str
    """The text content: stdout, then stderr under a heading when there is any, or the reason."""
    is_error: bool
    structured: dict[str, Any] | None = None
    """`{exit_code, stdout, stderr, truncated, duration_ms}` when the CLI ran; None otherwise."""
    duration_ms: int = 0
    argv: list[str] = field(default_factory=list)
    """The command line that ran (empty when none did)."""


def outcome_of(execution: Execution, argv: list[str], timeout_s: float, cap: int) -> CallOutcome:
    """The client's view of one run: text, structured result, error flag."""
    if execution.start_error is not None:
        return CallOutcome(text=execution.start_error, is_error=True, duration_ms=execution.duration_ms, argv=argv)
    exit_code = execution.exit_code if execution.exit_code is not None else -1
    structured = {
        "exit_code": exit_code,
        "stdout": execution.stdout,
        "stderr": execution.stderr,
        "truncated": execution.truncated,
        "duration_ms": execution.duration_ms,
    }
    parts = [execution.stdout] if execution.stdout else []
    if execution.stderr:
        parts.append(f"stderr:\n{execution.stderr}")
    if execution.truncated:
        parts.append(f"[output truncated: each stream is capped at {cap} bytes]")
    if execution.timed_out:
        parts.append(f"[timed out after {timeout_s:g} s; the command and its children were killed]")
    elif exit_code != 0:
        parts.append(f"[exit code {exit_code}]")
    text = "\n\n".join(part.rstrip("\n") for part in parts) or "(no output)"
    return CallOutcome(
        text=text,
        is_error=execution.timed_out or exit_code != 0,
        structured=structured,
        duration_ms=execution.duration_ms,
        argv=argv,
    )
