"""Round 38's classes (docs/loaders.md, "Round 38"; docs/crawler.md): help texts of native
programs on popt, glibc argp and OCaml's cmdliner, which the rules had not met.

Each fixture is a fragment of the real text (dune 2.9.3, eu-strip 0.188, rpm 4.18.0, as
recorded in tests/corpus/recordings); the expected names are read off the text by eye.
"""

from __future__ import annotations

import json
from pathlib import Path

from workbench.loaders.help.detect import detect_style, parser_for

RECORDINGS = Path(__file__).parent / "corpus" / "recordings"

# dune build --help (cmdliner 1.0): a note in parentheses after a switch's name, and after a
# value's placeholder
NOTE_AFTER_THE_NAMES = """NAME
       dune-build - Build the given targets, or all installable targets if
       none are given.

SYNOPSIS
       dune build [OPTION]... [TARGET]...

OPTIONS
       --default-target=TARGET (absent=@@default)
           Set the default target that when none is specified to dune build.

       --diff-command=VAL
           Shell command to use to diff files. Use - to disable printing the
           diff.

       --disable-promotion (absent DUNE_DISABLE_PROMOTION env)
           Disable all promotion rules

       --display=MODE
           Control the display mode of Dune. See dune-config(5) for more
           details.

       -j JOBS
           Run no more than JOBS commands simultaneously.

       --sandbox=VAL (absent DUNE_SANDBOX env)
           Sandboxing mode to use by default.

       --store-orig-source-dir (absent DUNE_STORE_ORIG_SOURCE_DIR env)
           Store original source location in dune-package metadata
"""

# dune --help: `top` is shorter than the hanging indent, so groff sets its summary beside it
NAME_WITHIN_THE_INDENT = """NAME
       dune - composable build system for OCaml

SYNOPSIS
       dune COMMAND ...

COMMANDS
       promote
           Promote files from the last run

       rules
           Dump internal rules.

       runtest
           Run tests.

       subst
           Substitute watermarks in source files.

       top Print a list of toplevel directives for including directories and
           loading cma files.

       uninstall
           Uninstall packages.

       upgrade
           Upgrade jbuilder projects to dune

OPTIONS
       --help[=FMT] (default=auto)
           Show this help in format FMT.
"""

# dune subst --help: bullets of prose in DESCRIPTION, one of them naming git's options
BULLETS_OF_PROSE = """NAME
       dune-subst - Substitute watermarks in source files.

SYNOPSIS
       dune subst [OPTION]...

DESCRIPTION
       dune subst substitutes the variables that topkg substitutes with the
       default configuration:
       - %%NAME%%, the name of the project (from the dune-project file)
       - %%VERSION%%, output of git describe --always --dirty
       - %%VERSION_NUM%%, same as %%VERSION%% but with a potential leading
       'v' or 'V' dropped
       - %%VCS_COMMIT_ID%%, commit hash from the vcs

OPTIONS
       --build-info
           Show build information.

       --version
           Show version information.
"""

# dune --help: a usage form of the synopsis wrapped, its tail on a line of its own
WRAPPED_USAGE_TAIL = """NAME
       dune - composable build system for OCaml

SYNOPSIS       dune build [--watch]
       dune install
       dune init project NAME [PATH] [--libs=l1,l2 --ppx=p1,p2
       --inline-tests]

DESCRIPTION
       Dune is a build system designed for OCaml projects only.

OPTIONS
       --version
           Show version information.
"""

# eu-strip --help (glibc argp): a term that fills its column up to the description's, one
# space before it, and two spaces after a sentence of the description
TERM_TO_THE_COLUMN = """Usage: eu-strip [OPTION...] [FILE...]
Discard symbols from object files.

 Output selection:
  -f FILE                    Extract the removed sections into FILE
  -F FILE                    Embed name FILE instead of -f argument
  -o, --output=FILE          Place stripped output into FILE

 Output options:
  -g, -d, -S, --strip-debug  Remove all debugging symbols
      --keep-section=SECTION Keep the named section.  SECTION is an extended
                             wildcard pattern.  May be given more than once.
      --permissive           Relax a few rules to handle slightly broken ELF
                             files
  -p, --preserve-dates       Copy modified/access timestamps to the output
      --remove-comment       Remove .comment section

  -?, --help                 Give this help list
      --usage                Give a short usage message
  -V, --version              Print program version
"""


def _parsed(text: str, path: list[str]):
    return parser_for(detect_style(text))(text, path)


def _flags(text: str, path: list[str]) -> dict:
    return {f.name or f.short: f for f in _parsed(text, path).flags}


def test_a_note_in_parentheses_after_the_names_is_no_value():
    flags = _flags(NOTE_AFTER_THE_NAMES, ["dune", "build"])
    assert flags["disable-promotion"].kind.value == "boolean"
    assert flags["store-orig-source-dir"].kind.value == "boolean"
    assert flags["disable-promotion"].env_var == "DUNE_DISABLE_PROMOTION"
    assert (flags["sandbox"].kind.value, flags["sandbox"].metavar) == ("value", "VAL")
    assert flags["sandbox"].env_var == "DUNE_SANDBOX"
    assert (flags["default-target"].kind.value, flags["default-target"].metavar) == (
        "value",
        "TARGET",
    )
    assert flags["j"].kind.value == "value" and flags["diff-command"].metavar == "VAL"


def test_a_name_shorter_than_the_hanging_indent_shares_its_line_with_its_summary():
    commands = {c.name: c for c in _parsed(NAME_WITHIN_THE_INDENT, ["dune"]).subcommands}
    assert set(commands) == {"promote", "rules", "runtest", "subst", "top", "uninstall", "upgrade"}
    assert commands["top"].summary.startswith("Print a list of toplevel directives")
    assert commands["rules"].summary == "Dump internal rules."


def test_a_bullet_of_prose_names_no_flag():
    parsed = _parsed(BULLETS_OF_PROSE, ["dune", "subst"])
    flags = {f.name for f in parsed.flags}
    assert "always" not in flags and "dirty" not in flags
    assert "build-info" in flags
    assert not {"--always", "--dirty"} & set(parsed.unread)  # nor rows left unread


def test_the_tail_of_a_wrapped_usage_form_is_no_row():
    parsed = _parsed(WRAPPED_USAGE_TAIL, ["dune"])
    assert "inline-tests" not in {f.name for f in parsed.flags}
    assert "--inline-tests" not in parsed.unread


def test_a_term_up_to_the_column_before_a_description_of_two_sentences():
    flags = _flags(TERM_TO_THE_COLUMN, ["eu-strip"])
    keep = flags["keep-section"]
    assert (keep.kind.value, keep.metavar) == ("value", "SECTION")
    assert keep.help.startswith("Keep the named section.")
    assert {"output", "strip-debug", "permissive", "preserve-dates", "remove-comment"} <= set(flags)


def test_a_help_attaching_every_placeholder_keeps_its_bare_rows_switches():
    from workbench.loaders.help.manpage import (
        attaches_every_placeholder,
        read_page,
        take_placeholders,
    )

    # rpm 4.18.0: popt prints `--queryformat=QUERYFORMAT` for a value and `-f, --file` bare for a
    # query mode; rpm(8) writes the mode's operand after it (`-f, --file FILE`), which popt
    # refuses as a value (`--file=x: option does not take an argument`)
    recording = json.loads((RECORDINGS / "rpm.json").read_text())
    help_text = next(c["stdout"] for c in recording["calls"] if c["args"] == ["--help"])
    page = read_page(recording["man"][0]["stdout"], "rpm")
    assert page is not None
    on_page = {f.name: f for f in page.flags if f.name}
    assert on_page["file"].kind.value == "value"  # as the page alone reads it
    assert attaches_every_placeholder(help_text)
    help_flags = _parsed(help_text, ["rpm"]).flags
    by_name = {f.name: f for f in help_flags if f.name}
    take_placeholders(page, help_flags, help_text)
    assert by_name["file"].kind.value == by_name["whatrequires"].kind.value == "boolean"
    assert by_name["queryformat"].kind.value == "value"
    # a help that spells a value a space after its name is no such table (ncat's `-c, --sh-exec
    # <command>` beside its bare `--allow`, whose page row tells the value)
    assert not attaches_every_placeholder(
        "  -c, --sh-exec <command>    Executes the given command via /bin/sh\n"
        "      --allow                Allow only given hosts\n"
        "  -o, --output=FILE          Place output into FILE\n"
        "      --proxy=ADDR           Proxy\n      --proxy-type=TYPE      Type\n"
    )


# gphoto2 2.5.28 --help (popt): the help option's own row calls the help complete
HELP_ROW_CALLS_IT_COMPLETE = """Usage: gphoto2 [OPTION...]

Common options
  -?, --help                                 Print complete help message on
                                             program usage
      --usage                                Print short message on program
                                             usage
      --debug                                Turn on debugging
"""


def test_the_help_options_own_row_praising_the_help_says_nothing_is_missing():
    from workbench.loaders.help.shortness import says_partial

    assert says_partial(HELP_ROW_CALLS_IT_COMPLETE) is None
    # another row offering a fuller help is still a sign (`-hh  Show advanced help message`)
    assert says_partial(
        HELP_ROW_CALLS_IT_COMPLETE
        + "  -hh                                        Show advanced help message\n"
    )
