"""A basic help that hides its advanced options behind a doubled help letter, laid out by
optparse's option groups and cut to fit its columns (docs/crawler.md, "Session 26").

The fragments are sqlmap 1.10.10's own `-h` and `-hh` (recorded in the corpus); the expected
values are read off them by hand.
"""

from __future__ import annotations

from help_support import flags_of

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.pointers import listing_pointers
from workbench.model.tree import FlagKind, ValueType

BASIC = """Usage: python3 sqlmap [options]

Options:
  -h, --help            Show basic help message and exit
  -hh                   Show advanced help message and exit
  --version             Show program's version number and exit
  -v VERBOSE            Verbosity level: 0-6 (default 1)

  Target:
    At least one of these options has to be provided to define the target(s)

    -u URL, --url=URL   Target URL (e.g. "http://www.site.com/vuln.php?id=1")
    -g GOOGLEDORK       Process Google dork results as target URLs

[!] to see full list of options run with '-hh'
"""

ADVANCED = """Usage: python3 sqlmap [options]

Options:
  -h, --help            Show basic help message and exit
  -hh                   Show advanced help message and exit

  Request:
    These options can be used to specify how to connect to the target URL

    -A AGENT, --user..  HTTP User-Agent header value
    -H HEADER, --hea..  Extra header (e.g. "X-Forwarded-For: 127.0.0.1")
    --csrf-retries=C..  Retries for anti-CSRF token retrieval (default 0)
    --time-limit=TIM..  Run with a time limit in seconds (e.g. 3600)
    --param-exclude=..  Regexp to exclude parameters from testing (e.g. "ses")

  Detection:
    These options can be used to customize the detection phase

    --level=LEVEL       Level of tests to perform (1-5, default 1)
    --risk=RISK         Risk of tests to perform (1-3, default 1)

  Enumeration:
    These options can be used to enumerate the back-end database management system information, structure and data contained in the tables

    --users             Enumerate DBMS users
"""


def _parsed(text: str):
    return parser_for(detect_style(text))(text, ["sqlmap"])


def test_a_doubled_help_letter_offering_advanced_help_is_followed_as_spelled():
    parsed = _parsed(BASIC)
    assert listing_pointers(BASIC, parsed, ["sqlmap"]) == [["-hh"]]


def test_a_switch_named_otherwise_is_no_pointer_whatever_its_help_says():
    text = BASIC.replace("-hh    ", "-vv    ")
    assert listing_pointers(text, _parsed(text), ["sqlmap"]) == []


def test_an_option_groups_title_and_sentence_end_the_row_above():
    flags = flags_of(_parsed(BASIC))
    verbose = flags["v"]
    assert verbose.help == "Verbosity level: 0-6"
    assert verbose.default == 1 and verbose.value_type is ValueType.INTEGER
    assert {"url", "g"} <= set(flags)


def test_a_long_name_cut_to_fit_is_dropped_and_the_whole_short_names_the_option():
    flags = flags_of(_parsed(ADVANCED))
    agent, header = flags["A"], flags["H"]
    assert agent.name is None and agent.kind is FlagKind.VALUE and agent.metavar == "AGENT"
    assert header.name is None and header.metavar == "HEADER"
    assert not any(f.name in ("user", "hea") for f in flags.values())
    assert "users" in flags  # a whole long name of its own, not the cut one


def test_a_placeholder_cut_to_fit_is_typed_by_what_the_row_says():
    flags = flags_of(_parsed(ADVANCED))
    assert flags["csrf-retries"].value_type is ValueType.INTEGER  # a whole default
    assert flags["time-limit"].value_type is ValueType.NUMBER  # in seconds
    assert flags["param-exclude"].value_type is ValueType.STRING


def test_a_range_and_a_default_in_one_parenthesis_give_the_default():
    flags = flags_of(_parsed(ADVANCED))
    for name in ("level", "risk"):
        assert flags[name].default == 1, name
        assert flags[name].value_type is ValueType.INTEGER, name
    assert flags["level"].help == "Level of tests to perform (1-5)"
