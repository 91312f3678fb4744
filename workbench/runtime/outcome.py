"""What a client gets for one call (`CallOutcome`), and how a CLI run becomes one.

Text content = stdout, then stderr under a `stderr:` heading when there is any, then a note for
truncation, a timeout or a non-zero exit code. Structured content = `{exit_code, stdout, stderr,
truncated, duration_ms}` (the tools' outputSchema) whenever the CLI ran.

A tool with `output = "json"` (SPEC §5a) gets its parsed stdout as structured content instead
(`json_outcome`), checked against its `output_schema` when the user gave one; stdout that is
not JSON, or not what that schema declares, makes an `isError` result that says so in one
sentence and keeps the output. A failed call (non-zero exit, timeout) carries no structured
content then: the MCP client checks structured content only on results that are not errors.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from workbench.model.schema import no_retrieval
from workbench.model.shaping import parse_json_output
from workbench.model.surface_types import Tool
from workbench.runtime.execute import Execution
from workbench.runtime.validate import linear_time_validator


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
        return CallOutcome(
            text=execution.start_error, is_error=True, duration_ms=execution.duration_ms, argv=argv
        )
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


def json_outcome(outcome: CallOutcome, tool: Tool) -> CallOutcome:
    """`outcome` of an `output = "json"` tool: structured content = the parsed stdout (CPU work
    on up to `max_output_bytes`: call it off the event loop)."""
    if outcome.is_error or outcome.structured is None:
        return dataclasses.replace(outcome, structured=None)
    stdout = outcome.structured["stdout"]
    problem = None
    if outcome.structured["truncated"]:
        problem = (
            "the command's output was cut at the output cap, so it is not whole JSON; raise "
            "max_output_bytes for this command"
        )
        value = None
    else:
        value, problem = parse_json_output(stdout, tool.binding.json_wrap)
    if problem is None and tool.binding.output_checked:
        problem = _schema_problem(value, tool)
    if problem is not None:
        return dataclasses.replace(
            outcome,
            structured=None,
            is_error=True,
            text=f"{outcome.text}\n\n[{problem[0].upper()}{problem[1:]}.]",
        )
    return dataclasses.replace(outcome, structured=value)


def _schema_problem(value: Any, tool: Tool) -> str | None:
    # lazy: with jsonschema, only when a schema's references are resolved
    import referencing

    validator = linear_time_validator()(
        tool.output_schema or {},
        registry=referencing.Registry(retrieve=no_retrieval),  # type: ignore[call-arg]  # attrs field the stub omits
    )
    try:
        error = next(iter(validator.iter_errors(value)), None)
    except Exception:  # an unresolvable `$ref`: build_surface refuses those
        return "the command's output could not be checked against its output schema"
    if error is None:
        return None
    where = "/".join(str(part) for part in error.absolute_path)
    return (
        "the command's output does not match its output schema"
        + (f" at `{where}`" if where else "")
        + f": {error.message}"
    )
