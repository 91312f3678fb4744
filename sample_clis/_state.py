"""Where the sample CLIs keep their state, and how they read and write it (JSON files).

The folder is `$WORKBENCH_SAMPLE_HOME/<cli>`; without the variable, the user's data dir
(`$XDG_DATA_HOME`, default `~/.local/share`) + `mcp-workbench-samples/<cli>`.
Writes are atomic (temp file + os.replace) so an interrupted call never leaves half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

HOME_ENV = "WORKBENCH_SAMPLE_HOME"


def state_dir(cli: str) -> Path:
    """The folder holding `cli`'s state, created on first use."""
    base = os.environ.get(HOME_ENV)
    if base:
        root = Path(base)
    else:
        data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        root = Path(data_home) / "mcp-workbench-samples"
    folder = root / cli
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def read_json(path: Path, default: Any) -> Any:
    """The JSON stored at `path`, or `default` when the file does not exist yet."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return default


def write_json(path: Path, data: Any) -> None:
    """Store `data` at `path` atomically."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2, sort_keys=True)
        handle.write("\n")
    os.replace(tmp, path)
