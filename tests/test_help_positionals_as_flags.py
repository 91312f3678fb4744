"""Positionals a help says are options too (docs/crawler.md, "Round 37"): python-fire's
`NOTES  You can also use flags syntax for POSITIONAL ARGUMENTS`, met on sahi and alpaca_eval.

The help text is made up (a CLI named `det`) in the shape fire 0.7 prints; the expected names
are read off the text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from help_support import FIXTURES

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind

EVALUATE = (FIXTURES / "fire_det_evaluate.txt").read_text()
"""`det evaluate --help` in the shape fire 0.7 prints (made up)."""


def test_positionals_a_help_says_are_options_are_read_as_options_too():
    listed = re.findall(r"(?m)^    ([A-Z_]+)$", EVALUATE)
    assert listed == ["DATASET_JSON_PATH", "RESULT_JSON_PATH", "EXTRA_PATHS"]
    parsed = parser_for(detect_style(EVALUATE))(EVALUATE, ["det", "evaluate"])
    by_key = {f.key: f for f in parsed.flags}
    assert {"out_dir", "classwise"} <= set(by_key)
    for name in listed[:2]:
        assert by_key[name.lower()].kind is FlagKind.VALUE
    assert "extra_paths" not in by_key  # the variadic rest has no name to be given by
    # a help that does not say so keeps its positionals positional
    plain = EVALUATE.split("NOTES")[0]
    parsed = parser_for(detect_style(plain))(plain, ["det", "evaluate"])
    assert {f.key for f in parsed.flags} == {"out_dir", "classwise"}
