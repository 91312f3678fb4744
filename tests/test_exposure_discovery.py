"""The find_tools ranking (runtime/discovery.py) on its own: terms, bounds, and the second query
set (rclone) next to the first (hf, served in tests/test_exposure_serve.py)."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import pytest

from workbench.model.config import Config
from workbench.model.surface import build_surface
from workbench.runtime.discovery import MAX_QUERY_TERMS, ToolSearch, stem, terms

FIXTURES = Path(__file__).parent / "fixtures" / "exposure"


def test_terms_split_names_and_fold_word_endings():
    assert terms("scaleToZero my-endpoint_now") == ["scal", "zero", "endpoint", "now"]
    assert {stem(w) for w in ("scale", "scaling", "scaled", "scales")} == {"scal"}
    assert stem("deployments") == "deployment" and stem("policies") == "policy"
    assert terms("the a of") == []


def _crawled(cli: str):
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    with tempfile.TemporaryDirectory(prefix=f"exposure-{cli}-") as folder:
        return crawl(
            str(install_replay(cli, Path(folder))), name=cli, use_cache=False, timeout_s=120
        )


@pytest.mark.parametrize("cli, top1_floor", [("hf", 0.9), ("rclone", 0.8)])
def test_hand_written_queries_find_their_tool(cli, top1_floor):
    queries = json.loads((FIXTURES / f"{cli}_queries.json").read_text())["queries"]
    index = ToolSearch(build_surface(_crawled(cli), Config(), token_counts=False).tools)
    ranked = {query: [t.name for t in index.search(query, 3)] for query, _ in queries}
    top1 = sum(ranked[q][:1] == [wanted] for q, wanted in queries)
    top3 = sum(wanted in ranked[q] for q, wanted in queries)
    assert top1 >= top1_floor * len(queries), ranked
    assert top3 == len(queries), ranked


def test_a_query_is_bounded_and_ties_keep_the_surface_order():
    from bench.generate import generated_tree

    tools = build_surface(generated_tree(2000), Config(), token_counts=False).tools
    index = ToolSearch(tools)
    assert [t.name for t in index.search("target", 3)] == [
        t.name for t in tools[:3]
    ]  # every tool ties
    assert index.search("nothing-like-this", 5) == []
    flood = " ".join(f"word{i}" for i in range(100_000)) + " target"
    started = time.process_time()
    index.search(
        flood, 5
    )  # the flood's terms past MAX_QUERY_TERMS (and chars past the cap) are ignored
    assert time.process_time() - started < 0.5
    assert len(set(terms(flood[:1000]))) > MAX_QUERY_TERMS
