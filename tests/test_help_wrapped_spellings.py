"""Spellings wrapped in the left column at the row's own indent (docs/crawler.md, "Spellings
wrapped to the next line of the left column"): yargs's cliui gives a row with three spellings
its first line, the description beside it, and puts the last spelling on the next line at the
row's indent; GNU's pairs split at their comma and a lone spelling's stray comma look alike and
are rows of their own.

The help texts are made up (CLIs named `checkr` and `fetchr`, in yargs's, GNU's and a Perl
program's layouts); the expected values are read off them by hand.
"""

from __future__ import annotations

from help_support import flags_of

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind

YARGS_THIRD_SPELLING_WRAPPED = """checkr [files..]

Check files with checkr

Output
  -f, --format                        Output format   [string] [default: "text"]
  -P, --printer-option,               Printer-specific options
  --printer-options                   (<k=v,[k1=v1,..]>)                 [array]
      --color                         Force-enable color output        [boolean]

Options
  -h, --help     Show help                                             [boolean]
  -V, --version  Show version number                                   [boolean]
"""


def _flags(text: str) -> dict:
    return flags_of(parser_for(detect_style(text))(text, ["checkr"]))


def test_a_spelling_wrapped_at_the_rows_indent_is_the_rows_alias():
    flags = _flags(YARGS_THIRD_SPELLING_WRAPPED)
    flag = flags["printer-option"]
    assert flag.short == "P"
    assert flag.aliases == ("--printer-options",)
    assert flag.kind is FlagKind.VALUE
    assert flag.help.startswith("Printer-specific options")
    # the continued spelling is no flag of its own, and the rows around it are read as before
    assert "printer-options" not in flags
    assert flags["format"].short == "f" and flags["color"].kind is FlagKind.BOOLEAN


def test_a_row_whose_term_does_not_end_in_a_comma_is_not_continued():
    # `-f, --format` ends without a comma: a row at the same indent after it is a row of its own
    text = YARGS_THIRD_SPELLING_WRAPPED.replace(
        "  -P, --printer-option,               Printer-specific options\n"
        "  --printer-options                   (<k=v,[k1=v1,..]>)                 [array]\n",
        "  --printer-options                   Printer-specific options           [array]\n",
    )
    flags = _flags(text)
    assert "printer-options" in flags and flags["printer-options"].aliases == ()
    assert flags["format"].aliases == ()


GNU_PAIRS_TWO_SPACES_APART = """Usage: fetchr [OPTION]... [URL]...

Logging:
  -v,  --verbose                   be verbose (this is the default)
  -nv, --no-verbose                turn off verboseness, without being quiet
  -l,  --level=NUMBER              maximum recursion depth
  -X,  --exclude-directories=LIST  list of excluded directories
"""


def test_a_gnu_pair_split_at_its_comma_is_not_continued():
    # `-v,  --verbose`: two spaces after the comma put the long spelling in the "description"
    # column; the next row, at the same indent, is a row of its own
    flags = _flags(GNU_PAIRS_TWO_SPACES_APART)
    assert flags["verbose"].short == "v" and flags["verbose"].aliases == ()
    assert flags["no-verbose"].aliases == ("-nv",)
    assert flags["level"].kind is FlagKind.VALUE and flags["level"].short == "l"
    assert flags["exclude-directories"].kind is FlagKind.VALUE


LONE_SPELLING_WITH_A_STRAY_COMMA = """Usage: checkr [options] [files]

Boolean options:
     -h,  --help            Display this help
     -?,                    Display this help
     -V,  --version         Display the version
          --norc            Don't process default rc files
"""


def test_a_lone_spelling_with_a_stray_comma_is_not_continued():
    flags = _flags(LONE_SPELLING_WITH_A_STRAY_COMMA)
    assert flags["version"].short == "V" and flags["version"].aliases == ()
    assert flags["norc"].aliases == ()
    assert not any("-V" in flag.aliases for flag in flags.values())
