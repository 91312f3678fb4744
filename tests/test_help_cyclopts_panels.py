"""cyclopts's boxed parameter rows (docs/crawler.md, "Round 37"): one column holds a row's
names one space apart, `--port -p INT`, and a parameter taken by position or by name opens with
its positional name, `SERVER-SPEC --server-spec`.

The help text is made up (a CLI named `srv`) in the shape cyclopts 5 prints; the expected names
are read off the text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind, ValueType

CYCLOPTS_RUN = """Usage: srv run [OPTIONS] [ARGS...]

Run a server or connect to a remote one.

╭─ Arguments ──────────────────────────────────────────────────────────────────╮
│ SERVER_ARGS                                                                  │
╰──────────────────────────────────────────────────────────────────────────────╯
╭─ Parameters ─────────────────────────────────────────────────────────────────╮
│ SERVER-SPEC --server-spec  Python file, object specification, or URL          │
│ --transport -t CHOICE      Transport protocol to use [choices: stdio, http]   │
│ --host STR                 Host to bind to (default: 127.0.0.1)               │
│ --port -p INT              Port to bind to (default: 8000)                    │
│ --no-banner                Don't show the server banner [default: False]      │
│ --reload --no-reload       Restart on changes [default: False]                │
│ --with STR...              Additional packages to install                     │
│ --project PATH             Run within the given project directory             │
╰──────────────────────────────────────────────────────────────────────────────╯
╭─ Commands ───────────────────────────────────────────────────────────────────╮
│ --help (-h)  Display this message and exit.                                  │
╰──────────────────────────────────────────────────────────────────────────────╯
"""


def _parsed(text: str, name: str):
    return parser_for(detect_style(text))(text, [name])


def test_a_cyclopts_row_of_names_in_one_column_is_read():
    parameters = CYCLOPTS_RUN.split("Parameters")[1].split("╰")[0]
    expected = re.findall(r"(?m)^│ (?:[A-Z-]+ )?--([a-z-]+)", parameters)
    assert len(expected) == 8
    parsed = _parsed(CYCLOPTS_RUN, "run")
    by_key = {f.key: f for f in parsed.flags}
    assert sorted(by_key) == sorted(e for e in expected if e != "no-reload")
    assert by_key["transport"].short == "t"
    assert by_key["port"].short == "p"
    assert by_key["port"].value_type is ValueType.INTEGER
    assert by_key["server-spec"].kind is FlagKind.VALUE  # its positional name is the value's
    assert by_key["host"].kind is FlagKind.VALUE
    assert by_key["no-banner"].kind is FlagKind.BOOLEAN
    assert by_key["reload"].negatable
    assert by_key["project"].value_type is ValueType.PATH
    assert "help" not in by_key and "h" not in by_key
