"""Round 29's classes (docs/loaders.md, "Round 29"; docs/crawler.md): help texts of Python CLIs
from PyPI whose layouts the rules had not met.

The help texts are made up (a CLI named `streamr`); the expected names are read off each text
by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.document import normalize, read_document
from workbench.loaders.help.fetch import _problem
from workbench.loaders.help.run import HelpCall
from workbench.loaders.help.shortness import example_options

GROUPS_AT_THE_ROWS_INDENT = """usage: streamr [OPTIONS] <URL>

Stream options:
  --retry-max COUNT
    Stop retrying after COUNT attempts.

  --mux-subtitles
    Mux the available subtitles into the output stream.


  HLS options:
    --hls-live-edge SEGMENTS
    Number of segments from the live position to begin streaming.

    Default is 3.

    --hls-live-restart
    Skip to the beginning of a live stream.


  DASH options:
    --dash-reload-attempts ATTEMPTS
    The maximum number of attempts.


HTTP options:
  --http-proxy HTTP_PROXY
    A HTTP proxy to use for all HTTP requests.
"""

COLON_LINE_IN_A_DESCRIPTION = """usage: streamr [OPTIONS] <URL>

Options:
  --player PATH
    The player to run.

  Examples:
    streamr --player mpv URL
  --title TITLE
    The window's title.
"""


def _parsed(text: str):
    return parser_for(detect_style(text))(text, ["streamr"])


def test_a_group_title_at_its_sections_row_indent_heads_the_deeper_rows_under_it():
    expected = re.findall(r"(?m)^ +--([a-z-]+)", GROUPS_AT_THE_ROWS_INDENT)
    assert len(expected) == 6
    parsed = _parsed(GROUPS_AT_THE_ROWS_INDENT)
    assert [f.key for f in parsed.flags] == expected
    by_key = {f.key: f for f in parsed.flags}
    assert "Mux the available subtitles" in by_key["mux-subtitles"].help
    assert "HLS" not in by_key["mux-subtitles"].help  # the title is no description text
    assert by_key["hls-live-edge"].help.startswith("Number of segments")


def test_a_colon_line_over_no_deeper_option_row_stays_description_text():
    parsed = _parsed(COLON_LINE_IN_A_DESCRIPTION)
    assert [f.key for f in parsed.flags] == ["player", "title"]
    assert "Examples:" in {f.key: f for f in parsed.flags}["player"].help


TRACEBACK_AFTER_WARNINGS = """/venv/lib/python3.11/site-packages/scanr/auth.py:5: FooDeprecationWarning: foo is deprecated
  from foo.errors import ExpiredTokenError
Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/httpx/_transports/default.py", line 101, in map
    yield
httpcore.ConnectError: [Errno -2] Name or service not known

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/venv/bin/scanr", line 8, in <module>
    sys.exit(cli())
httpx.ConnectError: [Errno -2] Name or service not known
"""

HELP_MENTIONING_A_TRACEBACK = """Usage: scanr [OPTIONS]

  Prints, on a crash, the lines starting:

Traceback (most recent call last):

Options:
  --debug  Show the whole traceback.
ValueError: shown as an example
"""


def test_a_traceback_after_the_warnings_a_program_printed_first_is_no_help():
    call = HelpCall(("scanr", "auth", "--help"), stderr=TRACEBACK_AFTER_WARNINGS, exit_code=1)
    problem = _problem(call, ["auth"], [])
    assert problem is not None and "Python traceback" in problem
    assert "httpx.ConnectError" in problem


def test_a_help_with_a_usage_line_that_shows_a_traceback_is_still_help():
    call = HelpCall(("scanr", "--help"), stdout=HELP_MENTIONING_A_TRACEBACK, exit_code=0)
    assert _problem(call, [], []) is None


CASE_INSENSITIVE_EXAMPLE = """Usage: testr [options] paths

Options:
    --suitestatlevel level  How many levels to show.
 -L --loglevel level        Threshold level for logging.

Examples:

# Options are case-insensitive.
$ testr --SuiteStatLevel 2 --LogLevel DEBUG tests/
$ testr --frobnicate tests/
"""


def test_an_examples_option_differing_from_a_row_only_by_case_is_that_option():
    held = {"--suitestatlevel", "--loglevel", "-L"}
    assert re.search(r"--SuiteStatLevel", CASE_INSENSITIVE_EXAMPLE)
    assert example_options(CASE_INSENSITIVE_EXAMPLE, "testr", held, set()) == ["--frobnicate"]


W = 70


def _panel(title: str, rows: list[str]) -> list[str]:
    return [
        f"╭─ {title} " + "─" * (W - len(title) - 5) + "╮",
        *(f"│ {row.ljust(W - 4)} │" for row in rows),
        "╰" + "─" * (W - 2) + "╯",
    ]


def _table(title: str, rows: list[tuple[str, str]]) -> list[str]:
    left, right = 20, W - 25
    out = [
        title.center(W),
        f"┏{'━' * left}┳{'━' * right}┓",
        f"┃{' ' * left}┃{' ' * right}┃",
        f"┡{'━' * left}╇{'━' * right}┩",
    ]
    for number, (term, text) in enumerate(rows):
        if number:
            out.append(f"├{'─' * left}┼{'─' * right}┤")
        out.append(f"│ {term.ljust(left - 2)} │ {text.ljust(right - 2)} │")
        out.append(f"│{' ' * left}│ {'See the manual.'.ljust(right - 2)} │")
    out.append(f"└{'─' * left}┴{'─' * right}┘")
    return out


RICH_TABLE = "\n".join(
    [
        "",
        " Usage: scanr [OPTIONS] COMMAND [ARGS]...",
        "",
        *_panel("Commands", ["", "scan          Scans a project directory.", ""]),
        *_panel(
            "Beta Commands",
            [
                "",
                "These commands are experimental and may change.",
                "",
                "codebase      Manage your codebase integration.",
                "",
                "firewall      Manage the firewall.",
                "",
            ],
        ),
        "",
        *_table(
            "Options",
            [
                ("--stage STAGE", "Assign a lifecycle stage."),
                ("-k, --key KEY", "The API key for the scans."),
                ("--debug", "Enable debug mode."),
            ],
        ),
        "",
    ]
)


def test_a_rich_table_of_heavy_head_is_a_section_under_its_centred_title():
    commands = re.findall(r"(?m)^│ ([a-z]+) {2,}", RICH_TABLE)
    spellings = re.findall(r"(?m)^│ (?:-\w, )?--([a-z]+)", RICH_TABLE)
    assert commands == ["scan", "codebase", "firewall"] and spellings == ["stage", "key", "debug"]
    titles = [s.title for s in read_document(RICH_TABLE).sections]
    assert titles == ["Commands", "Beta Commands", "Options"]
    assert "┃" not in normalize(RICH_TABLE) and "│" not in normalize(RICH_TABLE)
    parsed = _parsed(RICH_TABLE)
    assert [c.name for c in parsed.subcommands] == commands  # the table ends the panel's rows
    by_key = {f.key: f for f in parsed.flags}
    assert list(by_key) == spellings
    assert by_key["key"].short == "k" and by_key["stage"].kind.value == "value"
    assert by_key["stage"].help.startswith("Assign a lifecycle stage.")


def test_a_table_of_another_border_stays_text():
    text = "Usage: scanr [OPTIONS]\n\n┌──────┬──────┐\n│ a    │ b    │\n└──────┴──────┘\n"
    assert "│ a" in normalize(text)


LABELLED_CHOICES = """Usage: taskr tabcompletion [options]

Options:
  -s ARG, --shell=ARG  Completion code for SHELL. [default: bash] choices: bash, zsh (config: shell)
  --format=ARG         Output format. Other choices: see the manual, or json.
"""


def test_a_sentence_labelled_choices_lists_the_values():
    listed = re.search(r"choices: ([a-z]+), ([a-z]+) \(", LABELLED_CHOICES)
    assert listed is not None
    by_key = {f.key: f for f in _parsed(LABELLED_CHOICES).flags}
    assert by_key["shell"].choices == list(listed.groups())
    assert not by_key["format"].choices  # `Other choices: see …` lists no single words


NAMES_A_FILENAME = """Usage: apprun run [OPTIONS] FILE

Options:
  --screenshot-filename NAME  The filename for the screenshot
  --title NAME                The name of the window
"""


def test_a_description_opening_with_the_filename_for_names_a_path():
    by_key = {f.key: f for f in _parsed(NAMES_A_FILENAME).flags}
    assert by_key["screenshot-filename"].value_type.value == "path"
    assert by_key["title"].value_type.value == "string"
