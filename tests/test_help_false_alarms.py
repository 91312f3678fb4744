"""Complete loads that reported signs of shortness (docs/loaders.md, "False alarms"): each sign
came from a row the crawler read short or from a completion file's slip, and each rule here
removes that cause while a load that is short still says so.

Fixtures are real help texts recorded for the corpus: rake 13.0.6's `--help`
(tests/corpus/recordings/rake.json); the crawl tests replay the corpus recordings whole (rake;
msgfmt 0.21 and grep 3.8 with fish 3.6's third-party completion files).
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


# ------------------------------------- a third-party file's slip for a name the help shows


def test_a_third_party_files_misspelling_of_a_shown_option_is_no_sign(tmp_path):
    # fish 3.6's msgfmt.fish: `complete -c msgfmt -l chack-header -d "Verify presence and
    # contents of the header entry"`; msgfmt's help shows `--check-header` (gettext 0.21)
    tree = crawl_recording("msgfmt", tmp_path)
    assert any(f.name == "check-header" for f in tree.root.flags)
    assert tree.coverage is None or not tree.coverage.short_signs


def test_names_no_shown_option_is_a_slip_of_still_speak(tmp_path):
    # grep 3.8 with fish's grep.fish: `--mmap` (refused since grep 2.x) and `--unix-byte-offsets`
    # (accepted, obsolete, in neither the help nor the page) are within one letter of no name
    # the help shows, so the load still says it may be short
    tree = crawl_recording("grep", tmp_path)
    (sign,) = [s for s in tree.coverage.short_signs if "fish completion" in s]
    assert "--mmap" in sign and "--unix-byte-offsets" in sign
