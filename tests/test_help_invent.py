"""Property: whatever a help text says, the parsers never invent a flag or a command.

Every parsed flag's spellings and every listed command's name must appear in the text, and
no text makes a parser raise.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from workbench.loaders.help.detect import STYLES, parser_for

FIXTURES = Path(__file__).parent / "fixtures" / "help"
FRAGMENTS = [
    line for path in sorted(FIXTURES.glob("*.txt")) for line in path.read_text().splitlines()
]
NOISE = [
    "",
    "  ",
    "Options:",
    "Commands:",
    "usage: x [-h]",
    "  -",
    "  --",
    "[",
    "]",
    "{a,b}",
    "<X>...",
    "\t",
    "│ * │",
    "╭─ Options ─╮",
]

lines = st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(NOISE), st.text(max_size=40))
texts = st.lists(lines, max_size=30).map("\n".join)


@settings(max_examples=150, deadline=None)
@given(text=texts, style=st.sampled_from(STYLES))
@example(text="  -PS/PA/PU/PY[portlist]: TCP SYN/ACK, UDP or SCTP discovery", style="gnu")
@example(text="  --[no]follow                  Follow symlinks.  Default is off.", style="cobra")
def test_parsers_never_invent_flags_or_commands(text, style):
    parsed = parser_for(style)(text, ["tool", "sub"])
    # as a terminal shows it: `X<backspace>Y` overstrikes X with Y (man's bold and underline),
    # so `00<backspace>1` reads "01"; a name must be in the text as shown
    text = re.sub(r".\x08", "", text)
    for flag in parsed.flags + parsed.inherited:
        if flag.name:
            # `-PS/PA/PU/PY[portlist]` (nmap) spells four options: a name joined by a slash to a
            # dashed spelling is written in the text too
            slash_joined = rf"-\w[\w-]*(?:/\w[\w-]*)*/{re.escape(flag.name)}"
            # `--[no-]follow` and `--[no]follow` (rows16) spell `follow` with its negation
            assert re.search(
                rf"-{re.escape(flag.name)}|\[no-?\]{re.escape(flag.name)}|{slash_joined}", text
            ), flag
        if flag.short:
            assert f"-{flag.short}" in text or re.search(rf"\[-\w*{re.escape(flag.short)}", text), (
                flag
            )
    for command in parsed.subcommands:
        assert command.name in text
        assert all(alias in text for alias in command.aliases)
    for positional in parsed.positionals:
        assert positional.name in text or positional.name == "choice"
