"""The one way the product replaces a file: `write_text_atomic`.

Every writer (mcp.toml, client configs, the settings file, the help and TOML caches) goes through
it, so all of them keep the same promises: a reader sees the old content or the new, never half
of either; a failed write leaves no temp file behind; an existing file keeps its permission bits
(a new one gets the usual 0o666 less the umask, not mkstemp's 0o600).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_text_atomic(
    path: str | os.PathLike[str],
    text: str,
    *,
    durable: bool = True,
    new_file_mode: int | None = None,
) -> None:
    """Replace the content of `path` with `text` (UTF-8, `\\n` line ends) in one step: a temp
    file in the same folder, flushed, then renamed over `path`. With `durable` the data and the
    rename are fsynced, so a power cut keeps one version whole; caches pass False (a lost cache
    entry is only a miss). A new file gets `new_file_mode` when given (0o600 for a file that may
    hold secrets), else 0o666 less the umask. Raises OSError; on failure the temp file is removed."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    mode = _mode_for(target, new_file_mode)
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    if durable:
        _sync_folder(folder)


def _mode_for(target: Path, new_file_mode: int | None) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        if new_file_mode is not None:
            return new_file_mode
        umask = os.umask(0)  # reading the umask means setting it; put it straight back
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); where a folder cannot be opened, skip it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
