"""Positionals a help says are options too (docs/crawler.md, "Round 37"): python-fire's
`NOTES  You can also use flags syntax for POSITIONAL ARGUMENTS`, met on sahi and alpaca_eval.

The help text is made up (a CLI named `det`) in the shape fire 0.7 prints; the expected names
are read off the text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind

EVALUATE = """NAME
    det evaluate - Evaluate detection results and compute metrics.

SYNOPSIS
    det evaluate DATASET_JSON_PATH RESULT_JSON_PATH <flags> [EXTRA_PATHS]...

POSITIONAL ARGUMENTS
    DATASET_JSON_PATH
        Type: 'str'
        File path for the dataset JSON file.
    RESULT_JSON_PATH
        Type: 'str'
        File path for the result JSON file.
    EXTRA_PATHS
        Type: str
        More result files.

FLAGS
    -o, --out_dir=OUT_DIR
        Type: Optional['str | None']
        Default: None
        Directory to save evaluation results.
    -c, --classwise=CLASSWISE
        Type: 'bool'
        Default: False
        If True, evaluate AP for each class separately.

NOTES
    You can also use flags syntax for POSITIONAL ARGUMENTS
"""


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
