"""What kind of thing a TARGET string names, before anything is loaded (SPEC §2, §4).

`module:attr` → a Python import target; a path or a name on PATH → an executable, with its
shebang interpreter when it is a Python script; a name that is only a console script of this
environment (its `bin/` not on PATH) → that script. Pure standard library, no imports of the CLI.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

_MODULE_TARGET = re.compile(
    r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$"
)


@dataclass(frozen=True)
class Executable:
    """A program to run: where it is, what the user calls it, and its Python interpreter if any."""

    path: str
    """Absolute path of the file."""
    name: str
    """The name a user types (the file's name)."""
    run_as: str
    """What goes first in `source.command`: the name when found on PATH, else the path."""
    python: str | None
    """The interpreter of its `#!` line when it is a Python script."""


def is_module_target(target: str) -> bool:
    """`package.module:attr` (attr may be dotted), and not an existing file."""
    return bool(_MODULE_TARGET.match(target)) and not os.path.exists(target)


def find_executable(target: str) -> Executable | None:
    """The executable `target` names (a path, or a command on PATH), or None."""
    if os.sep in target or (os.altsep and os.altsep in target) or target.startswith("."):
        path = Path(target).expanduser()
        if not path.is_file():
            return None
        absolute = os.path.abspath(path)  # not resolved: some programs dispatch on their argv[0]
        return Executable(absolute, path.name, absolute, python_shebang(absolute))
    found = shutil.which(target)
    if found is None:
        return None
    return Executable(os.path.abspath(found), target, target, python_shebang(found))


def script_in_this_environment(name: str) -> str | None:
    """`<this interpreter's bin>/<name>` when it exists (a console script whose bin is not on PATH)."""
    candidate = Path(sys.executable).parent / name
    return str(candidate) if candidate.is_file() and os.access(candidate, os.X_OK) else None


def python_shebang(path: str) -> str | None:
    """The Python interpreter named by the file's `#!` line (first word, or after `env`), or None."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(512)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    words = first[2:].decode("utf-8", "replace").split()
    if words and os.path.basename(words[0]) == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
    if not words:
        return None
    interpreter = words[0]
    if not re.match(r"^(pypy|python)[\d.]*$", os.path.basename(interpreter)):
        return None
    if not os.path.isabs(interpreter):
        interpreter = shutil.which(interpreter) or interpreter
    return interpreter


def is_this_interpreter(interpreter: str) -> bool:
    """Whether `interpreter` runs with this process's environment (same venv or same binary)."""
    ours = Path(sys.executable)
    theirs = Path(interpreter)
    if theirs.parent == ours.parent and theirs.name.startswith(("python", "pypy")):
        return True
    try:
        return os.path.realpath(theirs) == os.path.realpath(ours) and sys.prefix == sys.base_prefix
    except OSError:
        return False
