"""Round 26's classes (docs/loaders.md, "Round 26"; docs/crawler.md): help texts of popular node
CLIs whose layouts the rules had not met.

The help texts are made up (a CLI named `bundlr`); the expected names are read off each text by
a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.document import normalize, read_document

RULE = "─" * 60

UNDERLINED = f"""
⬡ bundlr
{RULE}
Bundles the modules of a web application.

Usage: bundlr [entries...] [options] | bundlr [command] [options]

Options
{RULE}
  -c, --config <path...>       Provide the path of a configuration file.
  --mode <value>               Enable production optimizations.
  -w, --watch                  Rebuild on file change.

Global options
{RULE}
  --color                      Enable colors on console.
  -h, --help [verbose]         Display help for commands and options.

Commands
{RULE}
  build|bundle|b [entries...]  Run bundlr (default command, can be omitted).
  info|i [options]             Outputs information about your system.
  serve|s [entries...]         Run the development server.

{RULE}
Run 'bundlr --help=verbose' to see all available commands and options.
"""

RULE_ALONE = f"""usage: bundlr [options]

Bundles the modules of a web application.
{RULE}
Commands are read from the configuration file, never from the command line.

Options:
  --mode <value>  Enable production optimizations.
"""


def _parsed(text: str):
    return parser_for(detect_style(text))(text, ["bundlr"])


def test_a_title_underlined_by_a_rule_is_its_sections_heading():
    titles = [s.title for s in read_document(UNDERLINED).sections]
    assert titles == ["Options", "Global options", "Commands"]
    assert "─" not in normalize(UNDERLINED)


def test_the_commands_under_an_underlined_heading_are_read_with_their_options():
    expected = re.findall(r"(?m)^  ([a-z]+)\|", UNDERLINED)
    assert expected == ["build", "info", "serve"]
    parsed = _parsed(UNDERLINED)
    assert [c.name for c in parsed.subcommands] == expected
    keys = {f.key for f in parsed.flags}
    assert {"config", "mode", "watch", "color"} <= keys


def test_a_rule_under_a_sentence_or_a_banner_is_no_heading():
    sections = read_document(RULE_ALONE).sections
    assert [s.title for s in sections] == ["Options"]
    assert _parsed(RULE_ALONE).subcommands == []
    assert not any(s.title.startswith("⬡") for s in read_document(UNDERLINED).sections)


EXPANDABLE = """bundlr/2.0.0

Usage:
  $ bundlr [...files]

For more info, run any command with the `--help` flag:
  $ bundlr run --help
  $ bundlr --help --expand-help

Options:
  --api [port]      Specify the server port. Use '--help --api' for more info.
  --cache           Enable the cache. Use '--help --cache' for more info.
  --pool <pool>     Specify the pool (see '--help --threads'; 'bundlr --help all' lists more).
  -h, --help        Display this message
"""


def _pointers(text: str, path: list[str]) -> list[list[str]]:
    from workbench.loaders.help.pointers import listing_pointers

    return listing_pointers(text, parser_for(detect_style(text))(text, path), path)


def test_an_example_after_a_prompt_asking_for_the_expanded_help_is_a_pointer():
    assert ["--help", "--expand-help"] in _pointers(EXPANDABLE, ["bundlr"])
    assert ["run", "--help"] not in _pointers(EXPANDABLE, ["bundlr"])


def test_a_quoted_help_of_one_of_the_commands_own_options_is_a_pointer_and_no_other_is():
    pointers = _pointers(EXPANDABLE, ["bundlr"])
    for name in re.findall(r"'--help (--[a-z]+)' for more info", EXPANDABLE):
        assert ["--help", name] in pointers
    assert ["--help", "--threads"] not in pointers  # no option of this command
    assert ["--help", "all"] in pointers  # the older grammar still holds


REPEATS = """Usage: bundlr [options] [file/dir/glob ...]

Options:
  --ignore-path <path>     Path to a file with patterns describing files to ignore.
                           Multiple values are accepted.
  --plugin <path>          Add a plugin. Multiple plugins can be passed as separate `--plugin`s.
  --ignore-pattern <glob>  A pattern of files to ignore. Multiple can be set.
  --rules <list>           Narrow the rules. Multiple rules can be given with commas.
  --stdin-filepath <path>  Path to the file to pretend that stdin comes from.
"""


def test_a_description_saying_multiple_values_are_accepted_makes_the_value_repeat():
    flags = {f.key: f for f in _parsed(REPEATS).flags}
    rows = re.split(r"(?m)^  (?=--)", REPEATS.split("Options:\n")[1])
    said = [
        r.split()[0][2:]
        for r in rows
        if re.search(r"Multiple (?:values are accepted|\w+ can be|can be)", r) and "commas" not in r
    ]
    assert said == ["ignore-path", "plugin", "ignore-pattern"]
    assert all(flags[name].repeatable for name in said)
    assert not flags["rules"].repeatable  # one value holding several, joined by commas
    assert not flags["stdin-filepath"].repeatable


def test_an_example_asking_for_help_names_no_missing_option():
    from workbench.loaders.help.shortness import example_options

    text = "Examples:\n  $ bundlr --help --expand-help\n  $ bundlr --frobnicate\n"
    assert example_options(text, "bundlr", set(), set()) == ["--frobnicate"]
