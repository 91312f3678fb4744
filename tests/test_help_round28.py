"""Rules of round 28 (a fresh held-out set of native Debian programs, docs/loaders.md "Round 28"),
each on a made-up help text or manual page in the layout that showed it."""

from __future__ import annotations

from workbench.loaders.help.assemble import CrawledCommand
from workbench.loaders.help.crawl import short_signs
from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.fetch import Fetched
from workbench.loaders.help.manpage import read_page

# long name first, its short letter beside it; actions spelled as options under `Commands:`
# with a line of prose above them; `[!]` marking the options a `!` may negate
_LONG_FIRST_HELP = """\
netgate v1.2

Usage: netgate -[AD] chain rule-specification [options]
       netgate -h (print this help information)

Commands:
Either long or short options are allowed.
  --add     -A chain\t\tAdd to chain
  --drop    -D chain\t\tDrop from chain
  --show    -S [chain [rulenum]]
\t\t\t\tShow the rules of a chain
  --remove-chain
            -X [chain]\t\tRemove a chain
  --move-chain
            -M old-chain new-chain
\t\t\t\tMove a chain

Options:
[!] --proto\t-p proto\tprotocol: by number or name
[!] --from\t-f address[/mask]
\t\t\t\tsource
  --quiet\t-q\t\tno output
  --table\t-t table\ttable to use (default: `main')
  --loud\t-l\t\tall output
  --plain\t-P\t\tno colours
  --line-numbers\t\tprint line numbers
"""


def _parsed(text: str, program: str):
    return parser_for(detect_style(text))(text, [program])


def test_a_long_name_beside_its_short_letter_is_one_option():
    flags = {f.spelling: f for f in _parsed(_LONG_FIRST_HELP, "netgate").flags}
    for long, short, kind in (
        ("--quiet", "q", "boolean"),
        ("--loud", "l", "boolean"),
        ("--plain", "P", "boolean"),
        ("--table", "t", "value"),
    ):
        assert long in flags and flags[long].short == short, long
        assert flags[long].kind.value == kind, long
    assert not any(spelling in flags for spelling in ("-q", "-l", "-P", "-t"))
    assert flags["--table"].help.startswith("table to use")
    assert "--line-numbers" in flags and flags["--line-numbers"].short is None


def test_a_long_name_alone_over_a_deeper_line_with_its_short_letter_is_one_row():
    flags = {f.spelling: f for f in _parsed(_LONG_FIRST_HELP, "netgate").flags}
    assert flags["--remove-chain"].short == "X"
    assert flags["--remove-chain"].help == "Remove a chain"
    assert flags["--move-chain"].short == "M" and flags["--move-chain"].help == "Move a chain"


def test_rows_marked_negatable_with_a_bang_are_the_options_rows():
    flags = {f.spelling: f for f in _parsed(_LONG_FIRST_HELP, "netgate").flags}
    assert flags["--proto"].short == "p" and flags["--proto"].help.startswith("protocol")
    assert flags["--from"].short == "f" and flags["--from"].help == "source"
    assert "[!]" not in flags["--plain"].help + flags["--line-numbers"].help


def test_options_under_a_commands_heading_and_a_line_of_prose_are_options_not_commands():
    parsed = _parsed(_LONG_FIRST_HELP, "netgate")
    flags = {f.spelling: f for f in parsed.flags}
    assert not parsed.subcommands
    assert flags["--add"].short == "A" and flags["--add"].kind.value == "value"
    assert flags["--show"].short == "S" and flags["--show"].help == "Show the rules of a chain"
    root = CrawledCommand(
        [], None, [], fetched=Fetched(_LONG_FIRST_HELP, ("netgate", "--help")), parsed=parsed
    )
    assert not any("Commands:" in sign for sign in short_signs(root, "netgate"))


def test_one_long_name_beside_a_short_one_is_left_as_it_was():
    # a lone row of that shape may be a long option whose description opens with another's
    # letter: the rule waits for two such rows
    text = "Usage: tool [options]\n\nOptions:\n  --fast    -q is implied\n  --slow    Go slowly\n"
    flags = {f.spelling: f for f in _parsed(text, "tool").flags}
    assert flags["--fast"].short is None


_PAGE = """\
NETCARD(8)                  System Manager's Manual                  NETCARD(8)

NAME
       netcard - query or control network driver and hardware settings

SYNOPSIS
       netcard devname

       netcard -a|--show-pause devname

OPTIONS
       -h --help
              Shows a short help message.

       -a --show-pause
              Queries the specified Ethernet device for pause parameter information.

       -k --show-features --show-offload
              Queries the specified network device for the state of its features.

       -n -u --show-nfc --show-ntuple
              Retrieves receive network flow classification options or rules.

       --debug N
              Turns on debugging messages.
"""


def test_a_page_term_of_spellings_one_space_apart_is_one_option():
    flags = {f.name: f for f in read_page(_PAGE, "netcard").flags if f.name}
    assert flags["show-pause"].short == "a" and flags["show-pause"].kind == "boolean"
    assert flags["show-features"].short == "k"
    assert "--show-offload" in flags["show-features"].aliases
    assert flags["show-nfc"].short == "n"
    assert {"-u", "--show-ntuple"} <= set(flags["show-nfc"].aliases)
    assert flags["debug"].kind == "value"  # a placeholder, not a spelling
