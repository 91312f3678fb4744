"""Complete loads that reported signs of shortness (docs/loaders.md, "False alarms"): each sign
came from a row the crawler read short or from a completion file's slip, and each rule here
removes that cause while a load that is short still says so.

Fixtures are real help texts recorded for the corpus: rake 13.0.6's `--help`
(tests/corpus/recordings/rake.json); the crawl tests replay the corpus recordings whole.
Expected values are read off the texts by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from help_support import flags_of, parsed

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import crawl_recording  # noqa: E402

from workbench.model.tree import FlagKind  # noqa: E402

# ------------------------------------------- spellings wrapped in the left column (Ruby)


def test_spellings_wrapped_to_the_next_line_of_the_left_column_are_the_rows():
    # Ruby OptionParser: `    -R, --rakelibdir RAKELIBDIR,     Auto-import any .rake files …`
    # over `        --rakelib`: the third spelling went on to the next line of the left column
    flags = flags_of(parsed("ruby_rake_13_help.txt", ["rake"]))
    flag = flags["rakelibdir"]
    assert (flag.short, flag.kind, flag.metavar) == ("R", FlagKind.VALUE, "RAKELIBDIR")
    assert flag.aliases == ("--rakelib",)
    assert flag.help.startswith("Auto-import any .rake files in RAKELIBDIR.")
    assert "rakelib" not in flags
    # the rows around it are read as before
    assert flags["require"].short == "r" and flags["silent"].short == "s"
    assert flags["no-system"].aliases == ("--nosystem",)


def test_a_row_read_whole_leaves_no_spelling_unread(tmp_path):
    # the sign was `1 option name in the help that no flag holds (-R)`
    tree = crawl_recording("rake", tmp_path)
    assert tree.coverage is None or not tree.coverage.short_signs
