"""Lua argparse's help texts (docs/crawler.md, "Round 36"): an option printed one spelling a
line, right-aligned, on a made-up text in that layout (a CLI named `lint`).

The expected spellings are read off the text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for

HELP = """\
Usage: lint [-h] [-q] [-j <jobs>] [--ignore <patt> [<patt>] ...] <file> ...

Check Lua files.

Arguments:
   file                  List of files to check.

Options:
   -h, --help            Show this help message and exit.
   -q, --quiet           Suppress output for files without warnings.
       -j <jobs>,        Check <jobs> files in parallel (default: 1).
   --jobs <jobs>         Parallel checking needs LuaLanes.
   --ignore <patt> [<patt>] ...,
         -i <patt> [<patt>] ...
                         Filter out warnings matching these patterns.
   --no-color            Do not color the output.
"""


def test_lua_argparse_texts_are_told_apart_from_clap():
    assert detect_style(HELP) == "lua-argparse"


def test_an_option_printed_one_spelling_a_line_is_one_flag_with_every_spelling():
    parsed = parser_for("lua-argparse")(HELP, ["lint"])
    flags = {f.name: f for f in parsed.flags}
    options = HELP.split("Options:", 1)[1]
    longs = set(re.findall(r"(?<![\w-])--([\w-]+)", options)) - {"help"}
    assert set(flags) == longs
    assert flags["jobs"].short == "j" and flags["jobs"].kind.value == "value"
    assert flags["ignore"].short == "i"
    assert "parallel" in flags["jobs"].help and "LuaLanes" in flags["jobs"].help
