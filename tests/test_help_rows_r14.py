"""Option rows of round 14's held-out set that the crawler read wrong: docutils' optparse help
(headings underlined with `=====` / `-----`, long name first), flush-left rows under a banner
with no heading, and optional letters inside a long name (`--colo[u]r`).

Fixtures are the real `--help` outputs recorded for the corpus: docutils 0.22.4's `rst2html`
(tests/corpus/recordings/rst2html.json), htop 3.2.2 (htop.json), exa 0.10.1 (exa.json).
Expected values are read off the texts by hand (or by a regex over the fixture, never by the
parser under test).
"""

from __future__ import annotations

import re

from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.generic import underlined_headings
from workbench.model.tree import FlagKind


def test_docutils_rows_under_underlined_headings_are_all_read():
    text = (FIXTURES / "docutils_rst2html.txt").read_text()
    result = parsed("docutils_rst2html.txt", ["rst2html"])
    flags = flags_of(result)
    row_names = {
        m.group(1) for line in text.splitlines() if (m := re.match(r"--([a-z][\w-]*)", line))
    }
    assert len(row_names) == 85  # every row of every `-----`-underlined group, `--help` too
    assert set(flags) == row_names - {"help"}
    assert result.usage == ["rst2html [options] [<source> [<destination>]]"]
    assert result.description.startswith("Generate HTML documents")


def test_docutils_long_name_first_short_after():
    flags = flags_of(parsed("docutils_rst2html.txt", ["rst2html"]))
    date = flags["date"]  # `--date, -d`
    assert (date.short, date.kind) == ("d", FlagKind.BOOLEAN)
    report = flags["report"]  # `--report=<level>, -r <level>`
    assert (report.short, report.kind, report.metavar) == ("r", FlagKind.VALUE, "level")
    # `--output-path=<destination>, --output=<destination>`: the first long spelling names it
    output = flags["output-path"]
    assert (output.kind, output.metavar) == (FlagKind.VALUE, "destination")
    assert "output" not in flags
    # a row whose description starts on the next line, in a later group
    assert flags["no-footnote-backlinks"].kind is FlagKind.BOOLEAN
    assert flags["field-name-limit"].metavar == "level"


def test_underlines_make_headings_only_under_a_title_of_their_length():
    text = "Options\n=======\n--quiet  Say less.\n"
    assert underlined_headings(text) == "Options:\n--quiet  Say less.\n"
    table = "NAME    STATE\n----    -----\nweb     up\n"
    assert underlined_headings(table) == table  # a table's column rules stay text
    footer = "See the manual for the rest of the story.\n---\n"
    assert underlined_headings(footer) == footer  # a rule shorter than the line above
    row = "--verbose\n---------\n"
    assert underlined_headings(row) == row  # an option row is never a title


def test_flush_left_rows_under_a_banner_with_no_heading():
    flags = flags_of(parsed("htop_flush_left.txt", ["htop"]))
    assert set(flags) == {
        "no-color",
        "delay",
        "filter",
        "highlight-changes",
        "no-mouse",
        "pid",
        "readonly",
        "sort-key",
        "tree",
        "user",
        "no-unicode",
        "version",
    }
    no_color = flags["no-color"]  # `-C --no-color`: short and long split by a space
    assert (no_color.short, no_color.kind) == ("C", FlagKind.BOOLEAN)
    delay = flags["delay"]  # `-d --delay=DELAY`
    assert (delay.short, delay.kind, delay.metavar) == ("d", FlagKind.VALUE, "DELAY")
    assert flags["readonly"].short is None  # `   --readonly`: a long name only


def test_flush_left_lines_inside_prose_stay_prose():
    text = (
        "tool 1.0, a demo.\n"
        "Run it with\n"
        "-x  at the start of a wrapped line\n"
        "-y  and again\n"
        "to see what happens.\n"
    )
    result = parser_for(detect_style(text))(text, ["tool"])
    assert result.flags == []  # no blank line above them: a paragraph, not a table


def test_optional_letters_in_a_long_name_spell_it_both_ways():
    flags = flags_of(parsed("exa_optional_letter.txt", ["exa"]))
    color = flags["color"]  # `--colo[u]r=WHEN`
    assert (color.kind, color.metavar) == (FlagKind.VALUE, "WHEN")
    assert flags["color-scale"].kind is FlagKind.BOOLEAN  # `--colo[u]r-scale`
    assert "colo" not in flags  # never the invented name before the bracket
    assert not any("[" in key for key in flags)


def test_flush_left_one_dash_rows_leave_the_usage_line_to_speak():
    # made up in the shape of a C tool's help: one-dash rows, values glued to the letter
    text = (
        "usage: tool [-ab] [-dcs] [-ffam] [files...]\n"
        "\n"
        "-a\tshow all\n"
        "-b\tbe brief\n"
        "-dcs\tdefine a string c as s\n"
        "-ffam\tuse fam as the family\n"
    )
    result = parser_for(detect_style(text))(text, ["tool"])
    assert "dcs" not in flags_of(result) and "ffam" not in flags_of(result)


def test_flush_left_rows_after_earlier_rows_start_no_section_of_their_own():
    # made up: rows right under the usage (no blank line), then a block after a blank line
    text = (
        "Usage:  tool -L [-n name]\n"
        "        tool -D -n name\n"
        "-L              List them\n"
        "-n name         Name one\n"
        "-D              Delete one\n"
        "\n"
        "--partial       Partial decode\n"
        "--repeat N      Repeat the operation\n"
    )
    result = parser_for(detect_style(text))(text, ["tool"])
    assert {"L", "D"} <= set(flags_of(result))  # the usage's options are not traded away
