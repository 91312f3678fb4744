"""The product's environment variables: one prefix, `MCP_WORKBENCH_`, read through `setting`.

Two switches were first released as `WORKBENCH_TOKENIZER` and `WORKBENCH_TOML_CACHE`; users may
have set them, so the old spelling is still read (the new one wins) and a deprecation note is
logged once per process.
"""

from __future__ import annotations

import logging
import os

PREFIX = "MCP_WORKBENCH_"
_DEPRECATED_PREFIX = "WORKBENCH_"
_noted: set[str] = set()

log = logging.getLogger("workbench")


def setting(name: str) -> str:
    """`MCP_WORKBENCH_<name>` from the environment, else the deprecated `WORKBENCH_<name>`, else ""."""
    value = os.environ.get(PREFIX + name)
    if value is not None:
        return value
    old = os.environ.get(_DEPRECATED_PREFIX + name)
    if old is None:
        return ""
    if name not in _noted:
        _noted.add(name)
        log.warning("%s%s is deprecated; set %s%s instead", _DEPRECATED_PREFIX, name, PREFIX, name)
    return old
