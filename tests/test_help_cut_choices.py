"""A boxed table's list of values cut to fit its column (docs/crawler.md, "Round 40").

rich-click 1.9 prints each option's choices in a column of its own width; a list with no space
to break at is cut there (`[auto|esp8266|…|es` over `p32h2|…]`) and carried on at the same
column on the rows below, beside the description's own wrapped lines. The fixture is esptool
5.6.0's root `--help` (its Options panel, as recorded); the expected choices are read off the
text by a regex, never by the code under test.
"""

from __future__ import annotations

from pathlib import Path

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import ValueType

FIXTURE = Path(__file__).parent / "fixtures" / "help" / "rich_click_esptool_5_6_root_options.txt"


def _choices_in_text(text: str, option: str) -> list[str]:
    """The option's bracketed list, its cut pieces taken from the same column below it."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if f"│ {option} " in line)
    column = lines[start].index("[")
    pieces = [lines[start][column:].split("  ")[0]]
    for line in lines[start + 1 :]:
        piece = line[column:].split("  ")[0]
        if not piece.strip() or "]" in pieces[-1]:
            break
        pieces.append(piece)
    return "".join(pieces).strip("[]").split("|")


def test_a_list_of_values_cut_to_fit_its_column_is_read_whole():
    text = FIXTURE.read_text()
    parsed = parser_for(detect_style(text))(text, ["esptool"])
    by_key = {f.key: f for f in parsed.flags}
    for option in ("--chip", "--before", "--after"):
        expected = _choices_in_text(text, option)
        assert len(expected) >= 4
        flag = by_key[option.removeprefix("--")]
        assert flag.value_type is ValueType.CHOICE, option
        assert list(flag.choices) == expected, option
    assert by_key["chip"].short == "c"
    # the description beside the cut pieces is still the description, whole
    assert "finished." in by_key["after"].help
    # a list that fits its column is unchanged
    assert list(by_key["override-vddsdio"].choices) == ["1.8V", "1.9V", "OFF"]
