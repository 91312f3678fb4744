"""Parsed mcp.toml data, cached by the file's exact text, so a big `[snapshot]` is parsed once.

`tomllib` is pure Python: a generated 1,000-command config (750 KB) takes ~140 ms of CPU to
parse, the largest single cost of `serve`'s start on it, paid again on every start. The same
data read back as JSON takes ~10 ms. So `parse_toml(text)` keeps what `tomllib.loads` returned
for a large text as JSON, under the SHA-256 of that text (and the Python version, whose
`tomllib` produced it): a key that can only match the same bytes, whatever our code does with
the data afterwards, so the cache never needs invalidating.

- Only texts of at least `MIN_CACHED_CHARS` use it: a small file parses faster than the cache's
  file I/O. Only plain JSON data is stored (a TOML date or time would not round-trip).
- Where: `$XDG_CACHE_HOME/mcp-workbench/toml/` (else `~/.cache/...`); `MCP_WORKBENCH_TOML_CACHE=off`
  turns it off. At most `MAX_ENTRIES` files are kept (oldest removed first).
- Best effort: an unreadable, unwritable or corrupt cache is a miss, never an error. Invalid
  TOML is never cached, so its error message always comes from `tomllib`.

Invariant: `parse_toml(text) == tomllib.loads(text)` for every text, cached or not (the key can
only match the same bytes under the same Python; only JSON-exact data is stored).

Why it lives in the pure model although it touches the disk: its result depends on the text
alone, never on what the disk holds (a miss, a corrupt or a missing entry all parse afresh), so
reading a config stays a function of the file's bytes; unlike `runtime/machine_checks.py`,
whose answers depend on this machine (its folders, its PATH). `model/config_file.py` is its
only caller, and the model may not import the runtime.

Guarded by `tests/test_bench_fixes.py` (`test_a_big_config_is_parsed_once_then_read_from_the_cache`,
`test_a_corrupt_cache_entry_is_a_miss`, `test_a_big_invalid_config_gets_tomllibs_error_and_is_not_cached`,
`test_small_configs_do_not_touch_the_cache`).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from workbench.model.atomic import write_text_atomic
from workbench.model.env_settings import setting

MIN_CACHED_CHARS = 64_000
MAX_ENTRIES = 32


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mcp-workbench" / "toml"


def parse_toml(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`, from the cache when this exact text was parsed before."""
    if len(text) < MIN_CACHED_CHARS or setting("TOML_CACHE").lower() == "off":
        return tomllib.loads(text)
    key = hashlib.sha256(
        f"{sys.version_info[:3]}\0{text}".encode("utf-8", "surrogatepass")
    ).hexdigest()
    path = cache_dir() / f"{key}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            return data
    except (OSError, ValueError):
        pass
    data = tomllib.loads(text)  # raises TOMLDecodeError for the caller, as without a cache
    if _plain(data):
        _store(path, data)
    return data


def _plain(value: Any) -> bool:
    """True when `value` survives a JSON round trip unchanged (no dates, times, NaN)."""
    if isinstance(value, dict):
        return all(_plain(v) for v in value.values())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, float):
        return not math.isnan(value)
    return value is None or isinstance(value, (str, int, bool))


def _store(path: Path, data: dict[str, Any]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(
            path, json.dumps(data, ensure_ascii=False, separators=(",", ":")), durable=False
        )
        _prune(path.parent)
    except OSError:
        pass


def _prune(folder: Path) -> None:
    entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for stale in entries[MAX_ENTRIES:]:
        stale.unlink(missing_ok=True)
