"""Round 22's listing class (docs/loaders.md, "Round 22"): a command listing laid out as a grid
of names with no summaries.

The fixture is the real output recorded for the corpus: openssl 3.0.19's `openssl help`
(tests/corpus/recordings/openssl.json). Expected values are read off the text by a regex over
the fixture, never by the code under test.
"""

from __future__ import annotations

import re

from help_support import FIXTURES, parsed

from workbench.loaders.help.document import Section
from workbench.loaders.help.listing import command_entries

GRID = "grid_listing_openssl_help.txt"


def _grid_names(text: str) -> list[str]:
    """Every word of the rows under the three headings, read off the text: a row is a line of
    names (no heading ends `commands` or `details)`)."""
    names = []
    for line in text.splitlines():
        if not line.strip() or line.endswith(":") or re.search(r"commands\b", line):
            continue
        names += line.split()
    return names


def test_every_name_of_a_grid_listing_is_a_command():
    text = (FIXTURES / GRID).read_text()
    expected = _grid_names(text)
    assert len(expected) == 151 and "ciphers" in expected and "sha256" in expected
    loaded = [c.name for c in parsed(GRID, ["openssl"]).subcommands]
    assert loaded == expected


def test_a_names_row_is_no_summary_of_its_first_name():
    loaded = {c.name: c.summary for c in parsed(GRID, ["openssl"]).subcommands}
    assert loaded["asn1parse"] == "" and loaded["ca"] == ""


def test_a_two_column_listing_of_one_word_summaries_is_no_grid():
    section = Section("Commands", ["  build    Build", "  list     List", "  run      Run"])
    assert [(c.name, c.summary) for c in command_entries(section)] == [
        ("build", "Build"),
        ("list", "List"),
        ("run", "Run"),
    ]


def test_a_sentence_laid_out_in_columns_is_no_grid():
    section = Section(
        "Commands", ["  see the  manual for  more of it", "  and the  page of    each one"]
    )
    names = [c.name for c in command_entries(section)]
    assert "manual" not in names and "page" not in names


def test_rows_of_one_sentence_each_aligned_word_for_word_are_no_grid():
    # cobra's `completion --help` (hugo 0.111): the same sentence on every row, so its words
    # start at the same columns; one space after a word is no grid's gutter
    section = Section(
        "Available Commands",
        [
            "  bash        Generate the autocompletion script for bash",
            "  fish        Generate the autocompletion script for fish",
            "  zsh         Generate the autocompletion script for zsh",
        ],
    )
    assert [c.name for c in command_entries(section)] == ["bash", "fish", "zsh"]
