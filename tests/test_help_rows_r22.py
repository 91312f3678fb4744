"""Round 22's row classes (docs/loaders.md, "Round 22"): options listed under an `Arguments:`
heading, and option rows whose placeholder is a braced name on a man page.

Fixtures are real: vim 9.0's `vim --help` (tests/fixtures/help/vim_tab_rows_help.txt, as
recorded in tests/corpus/recordings/vim.json) and the vim(1) page `man -S 1:8 vim` rendered for
the corpus (that recording's `"man"`). Expected values are read off the text by a regex over
the fixture, never by the code under test.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import recording_path  # noqa: E402
from help_support import FIXTURES, flags_of, parsed  # noqa: E402

from workbench.loaders.help.manpage import read_page  # noqa: E402
from workbench.model.tree import FlagKind  # noqa: E402

VIM = "vim_tab_rows_help.txt"
_ROW = re.compile(r"^ {3}(--?[A-Za-z][\w-]*)( <\w+>)?\t+(\S+ \S+)")


def _rows(text: str) -> dict[str, bool]:
    """Each option row's first spelling under `Arguments:` and whether it shows a `<value>`,
    read off the text (the first row of a spelling is the one kept; `-L  Same as -r` is an
    alias of `-r`, folded into it)."""
    rows: dict[str, bool] = {}
    for line in text.splitlines():
        if (match := _ROW.match(line)) and match.group(3) != "Same as":
            rows.setdefault(match.group(1).lstrip("-"), bool(match.group(2)))
    return rows


def test_an_arguments_section_of_option_rows_lists_options():
    text = (FIXTURES / VIM).read_text()
    rows = _rows(text)
    assert len(rows) >= 30 and rows["c"] and rows["cmd"] and not rows["v"]
    flags = flags_of(parsed(VIM, ["vim"]))
    for key, takes_value in rows.items():
        if key in ("h", "help"):
            continue
        assert key in flags, key
        assert (flags[key].kind is FlagKind.VALUE) is takes_value, key
    # the `--` and `+<lnum>` rows are no options, and nothing is left to read as a positional
    assert "" not in flags and not any(k.startswith("+") for k in flags)


def test_a_section_of_positionals_is_still_read_as_positionals():
    text = "Usage: prog [OPTIONS] <FILE>\n\nArguments:\n  <FILE>  The input\n  [OUT]   Where\n"
    result = parsed_text(text)
    assert not result.flags


def parsed_text(text: str):
    from workbench.loaders.help.detect import detect_style, parser_for

    return parser_for(detect_style(text))(text, ["prog"])


def _vim_page() -> str:
    return json.loads(recording_path("vim").read_text(encoding="utf-8"))["man"][0]["stdout"]


def test_a_braced_placeholder_on_a_page_row_is_a_value():
    page_text = _vim_page()
    text = page_text[page_text.index("\nOPTIONS\n") : page_text.index("\nON-LINE HELP\n")]
    braced = set(re.findall(r"(?m)^ {7}--?([A-Za-z][\w-]*) \{\w+\}", text))
    # a spelling with a switch row of its own too (`-r` and `-r {file}`) is left out: the page
    # documents two uses of one letter, and the first row read is the one kept
    braced -= set(re.findall(r"(?m)^ {7}--?([A-Za-z][\w-]*)(?: {2,}|$)", text))
    assert {"cmd", "startuptime", "u", "i"} <= braced
    page = {f.name or f.short: f for f in read_page(page_text, "vim").flags}
    for key in braced:
        assert key in page and page[key].kind is FlagKind.VALUE, key
