"""Exact loading of a Python CLI that lives in another environment (pipx, a project venv).

Runs our click/typer/argparse/optparse introspection (`introspect.py` and the loader modules it
uses, standard library only) inside the script's own interpreter: the files are copied
to a temporary folder appended to the end of that interpreter's `sys.path` by a small `-c`
bootstrap, so nothing of ours shadows the CLI's modules and nothing of the CLI is imported into
this process. The result comes back as one JSON object on stdout. Any failure is a `LoadError`
(`workbench.loaders.load` then falls back to the help crawler).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from workbench.model.errors import LoadError

SHIPPED_FILES = (
    "introspect.py",
    "argparse_loader.py",
    "click_loader.py",
    "optparse_loader.py",
    "json_default.py",
    "option_names.py",
)
"""Our files the foreign interpreter runs; each imports only the standard library, click or each other."""

DEFAULT_TIMEOUT_S = 60.0

_BOOTSTRAP = """\
import runpy, sys
folder = sys.argv[1]
sys.path.append(folder)
sys.argv = [folder + "/introspect.py"] + sys.argv[2:]
runpy.run_path(folder + "/introspect.py", run_name="__main__")
"""


def introspect(
    interpreter: str,
    target: str,
    *,
    name: str | None = None,
    progress: Callable[[str], None] | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    dispatch_names: list[str] | None = None,
) -> dict[str, Any]:
    """`introspect.describe(target, name, dispatch_names)` run by `interpreter`:
    `{"loader", "tree", "cli_version", "incomplete", ...}`.

    `target` is a console script name of that environment or a `module:attr` it can import.
    """
    if progress:
        progress(f"Reading {target} inside {interpreter}…")
    with tempfile.TemporaryDirectory(prefix="workbench-foreign-") as folder:
        here = Path(__file__).parent
        for file_name in SHIPPED_FILES:
            shutil.copyfile(here / file_name, Path(folder) / file_name)
        argv = [
            interpreter,
            "-c",
            _BOOTSTRAP,
            folder,
            target,
            *([name or ""] if name or dispatch_names else []),
            *(dispatch_names or []),
        ]
        try:
            completed = subprocess.run(
                argv,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=timeout_s,
                cwd=folder,
                env=_environment(),
            )
        except FileNotFoundError:
            raise LoadError(
                f"the interpreter {interpreter} named by {target}'s #! line does not exist; "
                "reinstall the tool or give a module:attr target"
            ) from None
        except PermissionError:
            raise LoadError(
                f"the interpreter {interpreter} named by {target}'s #! line cannot be run; "
                "check its permissions"
            ) from None
        except subprocess.TimeoutExpired:
            raise LoadError(
                f"reading {target} inside {interpreter} took longer than {timeout_s:g} s; "
                "check that importing it does not wait for input"
            ) from None
    return _result(completed, interpreter, target)


def _environment() -> dict[str, str]:
    """The user's environment without our interpreter's path settings, and no bytecode litter."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")
    }
    env.update(
        {
            "PYTHONDONTWRITEBYTECODE": "1",
            "NO_COLOR": "1",
            "TERM": "dumb",
            "PYTHONIOENCODING": "utf-8",
        }
    )
    return env


def _result(
    completed: subprocess.CompletedProcess, interpreter: str, target: str
) -> dict[str, Any]:
    stdout = completed.stdout.decode("utf-8", "replace").strip()
    try:
        result = json.loads(stdout) if stdout else None
    except ValueError:
        result = None
    if not isinstance(result, dict):
        last = next(
            iter(reversed(completed.stderr.decode("utf-8", "replace").strip().splitlines())), ""
        )
        reason = f" ({last[:200]})" if last else ""
        raise LoadError(
            f"{interpreter} could not read {target}{reason}; "
            "check that the tool runs in its own environment"
        )
    if "error" in result:
        raise LoadError(f"{target} could not be read inside {interpreter}: {result['error']}")
    if not isinstance(result.get("tree"), dict) or "loader" not in result:
        raise LoadError(
            f"{interpreter} answered for {target} without a command tree; "
            "check that its Python is 3.8 or newer"
        )
    return result
