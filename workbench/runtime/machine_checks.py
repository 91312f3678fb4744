"""What only this machine can tell about a config: `[runtime] cwd` is not a folder (WB705),
`[source] command`'s program is gone (WB706) or PATH now finds another one (WB707).

Used by `check` and by the TUI's runtime editor, so both say the same sentence. It reads this
machine's file system and PATH, so it lives with the code that runs the CLI here, not in the pure
model (whose lint depends on the config and tree alone).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from workbench.model.config import Config
from workbench.model.findings import Finding, finding


def machine_findings(config: Config, config_dir: Path, *, executable: bool) -> list[Finding]:
    """What only this machine can tell: `[runtime] cwd` missing (WB705) and, when the CLI is
    expected here (drift is checked), `[source] command` not runnable (WB706)."""
    findings: list[Finding] = []
    cwd = config_dir / config.runtime.cwd
    if not cwd.is_dir():
        findings.append(
            finding(
                "WB705",
                "runtime.cwd",
                f'`cwd = "{config.runtime.cwd}"` is {cwd}, which is not a folder, so no call can start.',
                "Point `[runtime] cwd` at an existing folder (relative to the config file).",
            )
        )
    if executable and config.source.command:
        findings.extend(program_findings(config.source.command[0], config.source.target))
    return findings


def program_findings(program: str, target: str) -> list[Finding]:
    """WB706 when `[source] command`'s program is gone (naming where `target` is now, if anywhere),
    WB707 when it exists but the typed name `target` now finds another program on PATH."""
    found = (
        (os.access(program, os.X_OK) and Path(program).is_file())
        if os.sep in program
        else shutil.which(program)
    )
    # Only a typed command name can have moved; module:attr and path targets have no PATH lookup.
    now = shutil.which(target) if target and os.sep not in target and ":" not in target else None
    now = os.path.abspath(now) if now else None
    if not found:
        where = f" `{target}` is now {now}." if now else ""
        fix = (
            f'Set `[source] command` to start with "{now}" (or re-export the CLI).'
            if now
            else "Install the CLI, or fix `[source] command` (an absolute path is safest)."
        )
        return [
            finding(
                "WB706",
                "source.command",
                f"`{program}` (the first word of `[source] command`) is not an executable "
                f"file or a command on PATH here, so every call fails.{where}",
                fix,
            )
        ]
    if now and os.path.isabs(program) and not _same_file(program, now):
        return [
            finding(
                "WB707",
                "source.command",
                f"`[source] command` runs {program}, but `{target}` on PATH is now {now}; the "
                "server keeps running the old one.",
                f'If {now} is the CLI to serve, set `[source] command` to start with "{now}" and '
                "check drift again; otherwise ignore or disable WB707.",
            )
        ]
    return []


def _same_file(left: str, right: str) -> bool:
    try:
        return os.path.samefile(left, right)
    except OSError:
        return False
