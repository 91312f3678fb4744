"""A placeholder that is its values joined by `|`, unbracketed (docs/crawler.md, "Round 40").

argparse prints a metavar as the program wrote it: pelican 4.12.0's `--fatal errors|warnings`
names the two values `--fatal` takes. The fixture is pelican's own `--help` as recorded; the
expected values are read off the text by a regex, never by the code under test.
"""

from __future__ import annotations

import re
from pathlib import Path

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import ValueType

FIXTURE = Path(__file__).parent / "fixtures" / "help" / "argparse_pelican_4_12_root.txt"


def test_unbracketed_lower_case_values_are_choices():
    text = FIXTURE.read_text()
    expected = re.search(r"(?m)^  --fatal ([a-z|]+)$", text).group(1).split("|")
    assert len(expected) == 2
    parsed = parser_for(detect_style(text))(text, ["pelican"])
    by_key = {f.key: f for f in parsed.flags}
    assert by_key["fatal"].value_type is ValueType.CHOICE
    assert list(by_key["fatal"].choices) == expected
    # a metavar in capitals stays a placeholder, braces stay argparse's choices
    assert by_key["theme-path"].value_type is not ValueType.CHOICE
    assert list(by_key["log-handler"].choices) == ["plain", "rich"]
