"""A help whose own rows offer the rest of it (docs/crawler.md, "A short load says so"): an
option that shows the advanced or full help says this one lists only part of the options.

The help texts are made up (a program named `probr`); the expected values are read off them
by hand.
"""

from __future__ import annotations

from workbench.loaders.help.shortness import says_partial

BASIC_HELP = """Usage: probr [options]

Options:
  -h, --help            Show basic help message and exit
  -hh                   Show advanced help message and exit
  -u URL, --url=URL     Target URL
"""


def test_a_row_offering_the_advanced_help_says_this_one_is_partial():
    assert says_partial(BASIC_HELP) == "-hh Show advanced help message and exit"


def test_a_plain_help_row_says_nothing_of_the_kind():
    text = BASIC_HELP.replace("  -hh                   Show advanced help message and exit\n", "")
    text = text.replace("Show basic help message", "Show this help message")
    assert says_partial(text) is None
