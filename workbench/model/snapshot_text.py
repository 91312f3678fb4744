"""The `[snapshot]` table's TOML text, kept by its tree, so a dump after an edit does not write
the unchanged tree again.

Writing a big snapshot with tomli_w (pure Python) was most of a config's dump (1,000 commands:
~90 of 100 ms), and the TUI dumps after every edit while the tree never changes in a session.

Invariant: the key is the tree's whole JSON text (pydantic-core, the same data the TOML is
written from), so a text is reused only for a tree with exactly the same data, and a tree
changed in place gets a new key and its own text. The text must be the one a single dump of
the whole config would write (the snapshot is the last table, so appending it is that dump).
At most `KEPT` texts are kept; a lock guards the table (the TUI dumps on worker threads).

Guarded by `tests/test_bench_fixes.py`: `test_dumping_reuses_the_snapshot_text_and_writes_the_same_bytes`
and `test_a_changed_tree_gets_its_own_snapshot_text`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from workbench.model.tree import CommandTree

KEPT = 4
"""Snapshot texts kept (a session has one tree; tests and `export` runs a few)."""

_TEXTS: dict[str, str] = {}
_LOCK = threading.Lock()


def snapshot_text(tree: CommandTree, render: Callable[[CommandTree], str]) -> str:
    """`render(tree)`, or the text it gave before for a tree with exactly the same data."""
    key = tree.model_dump_json(exclude_defaults=True, exclude_none=True)
    text = _TEXTS.get(key)
    if text is None:
        text = render(tree)
        with _LOCK:
            while len(_TEXTS) >= KEPT:
                _TEXTS.pop(next(iter(_TEXTS)))
            _TEXTS[key] = text
    return text
