"""Where the corpus lives on disk and where its installed CLIs are found.

The live CLIs are installed by `.ci/run` beside the checkout: Python ones in
`.ci/corpus-venv` (so the test venv stays clean), npm ones under `.ci/corpus-node`, Debian
ones on PATH. `CORPUS_VENV` / `CORPUS_NODE` override the folders.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parent
REPO = CORPUS_DIR.parent.parent
TRUTH_DIR = CORPUS_DIR / "truth"
RECORDINGS_DIR = CORPUS_DIR / "recordings"


def corpus_venv_bin() -> Path:
    return Path(os.environ.get("CORPUS_VENV", REPO / ".ci" / "corpus-venv")) / "bin"


def corpus_node_bin() -> Path:
    return (
        Path(os.environ.get("CORPUS_NODE", REPO / ".ci" / "corpus-node")) / "node_modules" / ".bin"
    )


def find_executable(cli) -> str | None:
    """The installed program for a corpus entry, or None when it is not installed here."""
    name = cli.executable or cli.name
    registry = cli.install[0]
    if registry == "pypi":
        candidate = corpus_venv_bin() / name
    elif registry == "npm":
        candidate = corpus_node_bin() / name
    else:
        found = shutil.which(name)
        return found
    return str(candidate) if candidate.exists() and os.access(candidate, os.X_OK) else None
