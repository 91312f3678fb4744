"""The environment & runtime editor's logic as plain Python (no Textual): checking an `[env]`
name, the lint's secret warning for a value, reading the `[runtime]` fields typed as text, the
`cwd` folder check, and the two tables as they appear in `mcp.toml`.

The secret warning is lint's own WB704 finding (`settings_findings`) and the folder warning is
`check`'s own WB705 (`runtime.machine_checks`), so the editor says exactly what `check` would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.model.config import Config, RuntimeConfig
from workbench.model.config_errors import assignment_problem
from workbench.model.config_file import config_data
from workbench.model.naming import ENV_NAME_PATTERN

"""A portable environment variable name (what lint's WB703 asks for)."""

LIMITS: tuple[tuple[str, str, type], ...] = (
    ("timeout_s", "Timeout (seconds)", float),
    ("max_output_bytes", "Output cap (bytes)", int),
    ("max_concurrency", "Calls at once", int),
)
"""The `[runtime]` numbers: key, label, type. Each must be above 0."""

RUNTIME_KEYS = (*(key for key, _, _ in LIMITS), "cwd")
"""Every `[runtime]` key the editor sets."""


def name_problem(name: str) -> str | None:
    """Why `name` cannot be an `[env]` variable name (one sentence), or None."""
    if not name:
        return "Give the variable a name first."
    if not ENV_NAME_PATTERN.match(name):
        return (
            f"`{name}` is not a valid variable name: use letters, digits and `_`, "
            "not starting with a digit."
        )
    return None


def secret_warning(name: str, value: str) -> str | None:
    """Lint's WB704 text (message and fix) when `name` looks like a secret and has a value."""
    # lazy: lint's config rules only when a value is checked, off the TUI's open
    from workbench.model.lint_config import settings_findings

    probe = Config(env={name: value})
    found = next((f for f in settings_findings(probe) if f.code == "WB704"), None)
    return None if found is None else f"{found.code}: {found.message} Fix: {found.fix}"


def renamed(env: dict[str, str], old: str, new: str, value: str) -> dict[str, str]:
    """`env` with the entry `old` replaced by `new = value` in the same place (a name already
    used elsewhere is replaced: the names stay unique)."""
    result: dict[str, str] = {}
    for name, current in env.items():
        if name == old:
            result[new] = value
        elif name != new:
            result[name] = current
    if old not in env:
        result[new] = value
    return result


def number_problem(key: str, text: str) -> str | None:
    """Why `text` cannot be the `[runtime]` number `key` (one sentence), or None."""
    kind = dict((k, t) for k, _, t in LIMITS)[key]
    try:
        value = parse_number(key, text)
    except ValueError:
        whole = "a whole number" if kind is int else "a number"
        return f"`{key}` must be {whole} above 0, such as {1 if kind is int else 30}."
    return assignment_problem(RuntimeConfig(), key, value)  # "above 0" is the model's rule


def parse_number(key: str, text: str) -> int | float:
    """The number typed for `key` (`1_000_000` is fine); ValueError when it is not one."""
    kind = dict((k, t) for k, _, t in LIMITS)[key]
    cleaned = text.strip()
    if not cleaned:
        raise ValueError("empty")
    if kind is float:
        number = float(cleaned)
        return (
            int(number)
            if number.is_integer() and "." not in cleaned and "e" not in cleaned.lower()
            else number
        )
    return int(cleaned)


def cwd_problem(text: str) -> str | None:
    """Why `text` cannot be `[runtime] cwd`, or None (a missing folder is a warning, not this)."""
    if not text.strip():
        return "Give a folder: `.` is the config file's own folder."
    return None


def cwd_warning(cwd: str, config_dir: Path) -> str | None:
    """`check`'s WB705 text when `cwd` (relative to `config_dir`) is not a folder, else None."""
    # lazy: the machine checks only when a cwd is checked, off the TUI's open
    from workbench.runtime.machine_checks import machine_findings

    probe = Config.model_validate({"runtime": {"cwd": cwd}})
    found = next(
        (f for f in machine_findings(probe, config_dir, executable=False) if f.code == "WB705"),
        None,
    )
    return None if found is None else f"{found.code}: {found.message} Fix: {found.fix}"


@dataclass
class RuntimeForm:
    """The `[runtime]` fields as typed: the values that parse, and a sentence per field that does not."""

    values: dict[str, Any] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)


def read_runtime(texts: dict[str, str]) -> RuntimeForm:
    """Parse the typed `[runtime]` fields (key → text)."""
    form = RuntimeForm()
    for key, text in texts.items():
        problem = cwd_problem(text) if key == "cwd" else number_problem(key, text)
        if problem is not None:
            form.problems[key] = problem
        else:
            form.values[key] = text.strip() if key == "cwd" else parse_number(key, text)
    return form


def runtime_text(config: Config, key: str) -> str:
    """A `[runtime]` value as the editor shows it (`60` rather than `60.0`)."""
    value = getattr(config.runtime, key)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def tables_toml(config: Config) -> str:
    """`[runtime]` and `[env]` exactly as `mcp.toml` has them (validated as `dump_config` does)."""
    # lazy: tomli-w only when TOML is written, not on every start
    import tomli_w

    normalized = Config.model_validate(config_data(config, snapshot=False))
    data = config_data(normalized, snapshot=False)
    return tomli_w.dumps(
        {key: data[key] for key in ("runtime", "env") if key in data}, multiline_strings=True
    )
