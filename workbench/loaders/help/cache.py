"""The crawl cache: a crawled tree stored per executable version, so reopening is instant.

Keyed by the executable's real path, size and mtime, its `--version` output, the crawl
options and a digest of the crawler's own source; stored as JSON under the user's cache directory
(`$XDG_CACHE_HOME/mcp-workbench/help/`, else `~/.cache/mcp-workbench/help/`). Best effort:
an unreadable or unwritable cache is a miss, never an error.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from workbench.model.atomic import write_text_atomic


@functools.lru_cache(maxsize=1)
def crawler_fingerprint() -> str:
    """A digest of the crawler's own source: any change to how help is read or parsed makes
    older cached trees misses, so a cached tree always equals a fresh crawl (`check` relies on it)."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def default_cache_dir() -> Path:
    """Where crawled trees are kept."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mcp-workbench" / "help"


def executable_identity(executable: str, version_output: str, **options: Any) -> dict[str, Any]:
    """Everything a crawl result depends on, as plain data."""
    real = os.path.realpath(executable)
    stat = os.stat(real)
    return {
        "crawler": crawler_fingerprint(),
        "path": real,
        "size": stat.st_size,
        "mtime_ns": stat.st_mtime_ns,
        "version": version_output,
        "options": options,
    }


def cache_key(identity: dict[str, Any]) -> str:
    """A file-name-safe digest of an identity."""
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:40]


def load_cached(key: str, directory: Path | None = None) -> dict[str, Any] | None:
    """The stored tree data for `key`, or None."""
    path = (directory or default_cache_dir()) / f"{key}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def store_cached(key: str, data: dict[str, Any], directory: Path | None = None) -> None:
    """Store tree data for `key` atomically (temp file + rename); failures are ignored."""
    directory = directory or default_cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        write_text_atomic(
            directory / f"{key}.json", json.dumps(data, sort_keys=True), durable=False
        )
    except OSError:
        pass
