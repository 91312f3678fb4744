"""Search exposure at run time (SPEC §5b): the tool search index, and which tools each client
connection has activated.

`ToolSearch` ranks every tool of a surface against a few words with Okapi BM25 (k1 = 1.2,
b = 0.75), over one bag of terms per tool: its name's words (weight 3), its input property
names (weight 2) and its description (weight 1). Terms are lower-cased words, camelCase and
`_`/`-` split, with a short list of English stop words dropped and a light suffix stripper
(`scaling`, `scales`, `scaled` and `scale` are one term). It is a short implementation of our
own rather than `rank-bm25`/`bm25s`: ~60 lines, no dependency (bm25s pulls numpy and scipy onto
serve's start-up path), an inverted index so a query touches only the tools that share a term
with it, and bounded work per query (at most MAX_QUERY_TERMS terms of MAX_QUERY_CHARS text).
Ties keep the surface's order. docs/exposure.md has the measured top-1/top-3.

`Activations` remembers, per client connection (the SDK's connection-scoped session object),
the tools `find_tools` answered, so that connection's next `tools/list` includes them. A
connection that goes away takes its set with it (a weak reference). What the protocol eras
allow is in docs/runtime.md ("Search exposure").
"""

from __future__ import annotations

import math
import re
import weakref
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from workbench.model.surface_types import Tool

K1 = 1.2
B = 0.75
NAME_WEIGHT, PROPERTY_WEIGHT, DESCRIPTION_WEIGHT = 3, 2, 1

MAX_QUERY_CHARS = 1_000
MAX_QUERY_TERMS = 32
"""A query's text beyond this is ignored (a query is a few words; this bounds the work)."""

STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "how",
        "i",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "them",
        "this",
        "to",
        "with",
        "you",
        "your",
    ]
)

_WORD = re.compile(r"[A-Za-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SUFFIXES = ("ing", "ies", "es", "ed", "s")


def stem(word: str) -> str:
    """`word` without a plural or verb ending and a final `e` (`deployments` → `deployment`,
    `scaling`/`scaled`/`scale` → `scal`); words of three letters or fewer stay whole."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def terms(text: str) -> list[str]:
    """The search terms of `text`, in order (repeats kept: they are term frequency)."""
    words = _WORD.findall(_CAMEL.sub(" ", text))
    return [stem(w) for w in (w.lower() for w in words) if w not in STOP_WORDS]


class ToolSearch:
    """BM25 over a surface's tools, built once per surface (a few ms per 1,000 tools)."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        self.tools = tuple(tools)
        self._postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        lengths: list[float] = []
        # a property most tools have (a CLI's global options, inherited by every command: rclone's
        # 500 `--copy-links`, `--delete-before`…) tells no tool apart, and its words in every bag
        # would take the weight out of the same words in names (`copy`, `delete`): left out
        shared = _shared_properties(self.tools)
        for index, tool in enumerate(self.tools):
            counts: dict[str, float] = defaultdict(float)
            for weight, words in self._fields(tool, shared):
                for term in words:
                    counts[term] += weight
            for term, count in counts.items():
                self._postings[term].append((index, count))
            lengths.append(sum(counts.values()))
        self._lengths = lengths
        average = sum(lengths) / len(lengths) if lengths else 1.0
        self._norms = [K1 * (1 - B + B * length / (average or 1.0)) for length in lengths]
        count = len(self.tools)
        self._idf = {
            term: math.log(1 + (count - len(p) + 0.5) / (len(p) + 0.5))
            for term, p in self._postings.items()
        }

    @staticmethod
    def _fields(
        tool: Tool, shared: frozenset[str] = frozenset()
    ) -> Iterable[tuple[int, list[str]]]:
        properties = tool.input_schema.get("properties")
        names = (
            " ".join(p for p in properties if p not in shared)
            if isinstance(properties, dict)
            else ""
        )
        yield NAME_WEIGHT, terms(tool.name.replace("_", " ").replace("-", " "))
        yield PROPERTY_WEIGHT, terms(names.replace("_", " ").replace("-", " "))
        yield DESCRIPTION_WEIGHT, terms(tool.description)

    def search(self, query: str, limit: int) -> list[Tool]:
        """The `limit` best tools for `query`, best first; only tools sharing a term with it."""
        wanted = list(dict.fromkeys(terms(query[:MAX_QUERY_CHARS])))[:MAX_QUERY_TERMS]
        scores: dict[int, float] = defaultdict(float)
        for term in wanted:
            idf = self._idf.get(term)
            if idf is None:
                continue
            for index, frequency in self._postings[term]:
                scores[index] += idf * frequency * (K1 + 1) / (frequency + self._norms[index])
        best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]
        return [self.tools[index] for index, _score in best]


def _shared_properties(tools: Sequence[Tool]) -> frozenset[str]:
    """Property names more than half of the tools have (none when there are fewer than 4 tools)."""
    if len(tools) < 4:
        return frozenset()
    counts: dict[str, int] = defaultdict(int)
    for tool in tools:
        properties = tool.input_schema.get("properties")
        if isinstance(properties, dict):
            for name in properties:
                counts[name] += 1
    return frozenset(name for name, count in counts.items() if count * 2 > len(tools))


class Activations:
    """The tools each client connection has activated through `find_tools`."""

    def __init__(self) -> None:
        self._by_connection: weakref.WeakKeyDictionary[Any, set[str]] = weakref.WeakKeyDictionary()

    def of(self, connection: Any) -> frozenset[str]:
        return frozenset(self._by_connection.get(connection, ()))

    def add(self, connection: Any, names: Iterable[str]) -> bool:
        """Activate `names` for `connection`; True when at least one was not active yet."""
        active = self._by_connection.setdefault(connection, set())
        before = len(active)
        active.update(names)
        return len(active) > before

    def carry_over(self, previous: Activations, existing: set[str]) -> None:
        """Take `previous`'s activations (a reload's old surface) for the tools in `existing`."""
        for connection, names in list(previous._by_connection.items()):
            kept = names & existing
            if kept:
                self._by_connection[connection] = set(kept)
