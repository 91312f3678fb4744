"""`--env K=V` and `--env-file FILE`: the environment a host passes to the server it starts.

An env file has one `NAME=value` a line (`export ` before the name is allowed), `#` comment
lines and blank lines; a value in matching single or double quotes loses them. Nothing is
expanded or executed. Names must be portable (`[A-Za-z_][A-Za-z0-9_]*`).
"""

from __future__ import annotations

from pathlib import Path

from workbench.model.errors import WorkbenchError
from workbench.model.naming import ENV_NAME_PATTERN


def parse_assignment(text: str, where: str) -> tuple[str, str]:
    """`NAME=value` → (NAME, value); WorkbenchError naming `where` otherwise."""
    name, equals, value = text.partition("=")
    name = name.strip()
    if name.startswith("export "):
        name = name[len("export ") :].strip()
    if not equals or not ENV_NAME_PATTERN.match(name):
        raise WorkbenchError(
            f"{where}: {text.strip()!r} is not NAME=value with a name of letters, digits "
            "and _ (not starting with a digit); write it as NAME=value."
        )
    if "\0" in value:
        raise WorkbenchError(f"{where}: the value of {name} contains a NUL character; remove it.")
    return name, value


def read_env_file(path: Path) -> dict[str, str]:
    """The assignments of an env file, in order (a later one wins)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise WorkbenchError(
            f"--env-file {path}: cannot read it ({error.__class__.__name__}); pass a readable "
            "UTF-8 file of NAME=value lines."
        ) from None
    env: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        name, value = parse_assignment(stripped, f"--env-file {path}, line {number}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        env[name] = value
    return env
