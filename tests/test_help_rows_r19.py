"""Option rows of round 19's held-out set that the crawler read wrong (docs/loaders.md,
"Round 19", classes 2, 3 and 4): a short and a long spelling with no comma between them
(stat), a lower-case positional row opening an options section (msgfmt), and option names
with a `+`, a placeholder or an attached bracket (as).

Fixtures are the real help outputs recorded for the corpus: GNU coreutils 9.1's `stat --help`
(tests/corpus/recordings/stat.json), GNU gettext's `msgfmt --help` (msgfmt.json), GNU
binutils' x86 `as --help` (as.json); older fixtures for the rules' edges: xgettext's and
objdump's `--help`. Expected values are read off the texts by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from help_support import flags_of, parsed

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.manpage import read_page
from workbench.model.tree import FlagKind

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import recording_path  # noqa: E402

# ---------------------------------------------------------------- class 2: no comma between


def test_a_short_and_a_long_spelling_with_no_comma_between_are_one_option():
    # `  -c  --format=FORMAT   use the specified FORMAT instead of the default;` /
    # `      --printf=FORMAT   like --format, but interpret backslash escapes,`
    flags = flags_of(parsed("gnu_stat.txt", ["stat"]))
    assert "c" not in flags
    assert flags["format"].short == "c"
    assert flags["format"].kind is FlagKind.VALUE and flags["format"].metavar == "FORMAT"
    assert flags["format"].help.startswith("use the specified FORMAT instead of the default;")
    assert "--printf" not in flags["format"].help
    # the next row, at the description column's left, is an option of its own
    assert flags["printf"].short is None
    assert flags["printf"].kind is FlagKind.VALUE and flags["printf"].metavar == "FORMAT"
    assert flags["printf"].help.startswith("like --format, but interpret backslash escapes")


def test_a_short_and_two_long_spellings_with_no_commas_are_one_option():
    # GNU patch 2.7: `  -s  --quiet  --silent  Work silently unless an error occurs.`,
    # `  -l  --ignore-whitespace  Ignore white space changes between patch and input.`,
    # `  -p NUM  --strip=NUM  Strip NUM leading components from file names.`
    flags = flags_of(parsed("gnu_patch.txt", ["patch"]))
    assert flags["quiet"].short == "s" and flags["quiet"].aliases == ("--silent",)
    assert flags["quiet"].help == "Work silently unless an error occurs."
    assert flags["ignore-whitespace"].short == "l"
    assert flags["ignore-whitespace"].kind is FlagKind.BOOLEAN
    assert flags["strip"].short == "p" and flags["strip"].metavar == "NUM"
    assert flags["fuzz"].short == "F" and flags["fuzz"].metavar == "LINES"
    assert flags["fuzz"].help.startswith("Set the fuzz factor")
    assert not any(flag.name is None for flag in flags.values())


def test_a_man_page_term_of_spellings_joined_by_or_is_one_option():
    # patch(1): `       -x num  or  --debug=num` over `          Set internal debugging …`,
    # `       -c  or  --context`, `       -s  or  --silent  or  --quiet`
    page = json.loads(recording_path("patch").read_text(encoding="utf-8"))["man"][0]["stdout"]
    flags = {flag.key: flag for flag in read_page(page, "patch").flags}
    assert flags["debug"].short == "x" and flags["debug"].kind is FlagKind.VALUE
    assert flags["debug"].metavar == "num"
    assert flags["debug"].help.startswith("Set internal debugging flags")
    assert flags["context"].short == "c" and flags["context"].kind is FlagKind.BOOLEAN
    assert flags["directory"].short == "d" and flags["directory"].metavar == "dir"
    assert flags["silent"].short == "s" and "--quiet" in flags["silent"].aliases
    assert not flags["silent"].help.startswith("or")
    assert not any(flag.name is None for flag in flags.values() if (flag.short or "") in "cdxs")


def test_the_pair_without_a_comma_is_read_in_any_options_row():
    # as: `  -W  --no-warn           suppress warnings` beside `  --warn  don't suppress warnings`
    flags = flags_of(parsed("gnu_as.txt", ["as"]))
    assert flags["no-warn"].short == "W" and flags["no-warn"].kind is FlagKind.BOOLEAN
    assert flags["no-warn"].help == "suppress warnings"
    assert flags["warn"].short is None


def test_a_description_that_opens_with_a_long_name_in_a_sentence_stays_the_shorts():
    # the long name is the pair's only when its own description follows two spaces on
    text = (
        "Usage: tool [OPTION]... FILE...\n\n"
        "  -q  --quiet is implied by --batch\n"
        "  -v, --verbose   say more\n"
        "  -x              --verbose without the colours\n"
    )
    result = parser_for(detect_style(text))(text, ["tool"])
    flags = flags_of(result)
    assert flags["q"].name is None and flags["q"].help.startswith("--quiet is implied")
    assert flags["x"].name is None and flags["x"].help.startswith("--verbose without")
    assert "quiet" not in flags


# ---------------------------------------------------------------- class 3: a positional row first


def test_an_options_section_opening_with_a_lowercase_repeated_positional_keeps_its_options():
    # `Input file location:` / `  filename.po ...             input files` /
    # `  -D, --directory=DIRECTORY   add DIRECTORY to list for input files search`
    flags = flags_of(parsed("gnu_msgfmt.txt", ["msgfmt"]))
    assert flags["directory"].short == "D"
    assert flags["directory"].kind is FlagKind.VALUE
    assert flags["directory"].metavar == "DIRECTORY"
    assert not any(key.startswith("filename") for key in flags)


def test_the_capitals_positional_row_still_heads_its_options():
    # round 16's xgettext: `  INPUTFILE ...               input files` over `-f, --files-from=FILE`
    flags = flags_of(parsed("gnu_xgettext.txt", ["xgettext"]))
    assert flags["files-from"].short == "f" and flags["directory"].short == "D"


# ---------------------------------------------------------------- class 4: `+`, `<N>`, `[…]`


def test_a_trailing_plus_is_part_of_a_long_name():
    # `  --gstabs                generate STABS debugging information` /
    # `  --gstabs+               generate STABS debug info with GNU extensions`
    flags = flags_of(parsed("gnu_as.txt", ["as"]))
    assert flags["gstabs"].help == "generate STABS debugging information"
    assert flags["gstabs+"].help == "generate STABS debug info with GNU extensions"
    assert flags["gstabs+"].kind is FlagKind.BOOLEAN
    assert flags["gstabs+"].primary_spellings() == {"--gstabs+"}


def test_a_family_named_by_a_placeholder_is_reported_as_written_not_invented():
    # `  --gdwarf-<N>            generate DWARF<N> debugging information. 2 <= <N> <= 5`
    result = parsed("gnu_as.txt", ["as"])
    flags = flags_of(result)
    assert not any(key in ("gdwarf-", "gdwarf", "gdwarf-<N>", "gdwarf-N") for key in flags)
    assert "gdwarf-sections" in flags and "gdwarf-cie-version" in flags
    assert result.unread == ["--gdwarf-<N>"]


def test_an_attached_optional_value_with_listed_letters_makes_one_switch_per_letter():
    # `  -a[sub-option...]	  turn on listings` / `Sub-options [default hls]:` /
    # `c      omit false conditionals` … `s      include symbols` / `=FILE  list to FILE …`
    flags = flags_of(parsed("gnu_as.txt", ["as"]))
    listing = flags["a"]
    assert listing.kind is FlagKind.BOOLEAN  # never `-a VALUE`: as would assemble VALUE
    assert listing.metavar is None
    assert listing.help.startswith("turn on listings")
    expected = {
        "c": "omit false conditionals",
        "d": "omit debugging directives",
        "g": "include general info",
        "h": "include high-level source",
        "l": "include assembly",
        "m": "include macro expansions",
        "n": "omit forms processing",
        "s": "include symbols",
    }
    for letter, text in expected.items():
        flag = flags[f"a{letter}"]
        assert flag.primary_spellings() == {f"-a{letter}"}, letter
        assert flag.kind is FlagKind.BOOLEAN, letter
        assert flag.help == f"turn on listings: {text}", letter
    # `=FILE  list to FILE` is no letter: no `-a=` option
    assert not any(key.startswith("a=") for key in flags)


def test_a_short_letter_with_an_attached_optional_value_and_a_long_form_keeps_the_value():
    # xgettext: `-m[STRING], --msgstr-prefix[=STRING]`: the long form writes the value
    flags = flags_of(parsed("gnu_xgettext.txt", ["xgettext"]))
    assert flags["msgstr-prefix"].short == "m"
    assert flags["msgstr-prefix"].kind is FlagKind.VALUE
    assert flags["msgstr-prefix"].metavar == "STRING"


def test_a_short_letter_with_a_bracketed_list_of_values_keeps_the_value():
    # objdump: `-U[d|l|i|x|e|h]`: the closed list of a required value, which may be its own word
    flags = flags_of(parsed("gnu_objdump.txt", ["objdump"]))
    assert flags["U"].kind is FlagKind.VALUE
    assert set(flags["U"].choices or []) == {"d", "l", "i", "x", "e", "h"}
