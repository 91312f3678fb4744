"""Option rows of round 21's held-out set that the crawler read wrong (docs/loaders.md,
"Round 21", class 1): a manual page whose terms set their spellings wide apart
(perltidy(1): `       -i=n,  --indent-columns=n`, two spaces after the comma).

Fixture: the real manual page recorded for the corpus, perltidy 20220613's perltidy(1)
(tests/corpus/recordings/perltidy.json, `"man"`). Expected values are read off the page by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from workbench.loaders.help.manpage import read_page
from workbench.model.tree import FlagKind

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import recording_path  # noqa: E402


def _perltidy_page() -> str:
    recording = json.loads(recording_path("perltidy").read_text(encoding="utf-8"))
    return recording["man"][0]["stdout"]


def test_spellings_set_apart_by_a_comma_and_two_spaces_are_one_term():
    # `       -i=n,  --indent-columns=n` over `           Use n columns per indentation level
    # (default n=4).`; `       -anl,  --add-newlines`; `       -ast,   --assert-tidy`
    flags = {flag.key: flag for flag in read_page(_perltidy_page(), "perltidy").flags}
    indent = flags["indent-columns"]
    assert indent.short == "i" and indent.kind is FlagKind.VALUE
    assert indent.help.startswith("Use n columns per indentation level")
    assert flags["add-newlines"].kind is FlagKind.BOOLEAN
    assert flags["assert-tidy"].kind is FlagKind.BOOLEAN
    assert flags["maximum-line-length"].short == "l"
    # `       -gnu, --gnu-style` over `-gnu gives an approximation …`: a sentence below its
    # term, not a spelling
    assert flags["gnu-style"].help.startswith("-gnu gives an approximation")
    assert len(flags) >= 120  # 34 while the two spaces ended the term
