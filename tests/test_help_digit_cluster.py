"""A usage word of digits in an alternative is a cluster of digit switches (docs/crawler.md,
"Round 36"), on a made-up Pod usage in perlcritic's layout (a CLI named `critter`).

The expected switches are read off the usage by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.synopsis import synopsis_flags

USAGE = "critter [-123 | --gentle | --harsh] [--theme rule] {FILE | DIRECTORY}"


def test_a_word_of_digits_an_alternative_ends_is_one_switch_per_digit():
    flags = synopsis_flags([USAGE])
    digits = re.search(r"\[-(\d+) \|", USAGE)
    assert digits is not None
    shorts = {f.short for f in flags if f.short}
    assert shorts == set(digits.group(1))
    assert all(f.name != digits.group(1) for f in flags)
    assert {f.name for f in flags if f.name} == {"gentle", "harsh", "theme"}
