"""Token counts for what a client sees: tool definitions and the rendered prompt (SPEC §9).

`count_tokens(text)` is the one function every other part uses. It is exact when a real
tokenizer that works fully offline is installed, and otherwise a documented estimate;
`TOKENIZER_LABEL` says which, and every place that shows a count shows the label with it.
"""

from __future__ import annotations

import math
import re

TOKENIZER_LABEL = "estimate (~4 chars/token)"
"""What produced the counts, shown next to every token figure."""

IS_ESTIMATE = True
"""True when counts come from the heuristic below rather than a real tokenizer."""

_WORDS = re.compile(r"[A-Za-z]+|[0-9]+|[^\sA-Za-z0-9]", re.ASCII)


def count_tokens(text: str) -> int:
    """How many tokens `text` costs a model (an estimate unless a tokenizer is installed)."""
    if not text:
        return 0
    return _estimate(text)


def _estimate(text: str) -> int:
    """BPE-like estimate: long words split every ~4 letters, each symbol is one token."""
    total = 0
    for piece in _WORDS.findall(text):
        if piece[0].isalpha():
            total += math.ceil(len(piece) / 4.5) if len(piece) > 4 else 1
        elif piece[0].isdigit():
            total += math.ceil(len(piece) / 3)
        else:
            total += 1
    return max(total, 1)
