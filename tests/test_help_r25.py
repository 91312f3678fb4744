"""Round 25's classes (docs/loaders.md, "Round 25"; docs/crawler.md, "Round 25"): popular
Python CLIs' help texts the crawler misread.

The help texts are made up (a CLI named `vault`, `fetchy`, `stamp`); the expected names are
read off each text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind, ValueType


def _parsed(text: str, path: list[str]):
    return parser_for(detect_style(text))(text, path)


def _flags(text: str, path: list[str]) -> dict:
    return {f.name: f for f in _parsed(text, path).flags}


# ---------------------------------------------------------------- argparse: an optional choice positional

OPTIONAL_CHOICE_POSITIONAL = """usage: vault [-h] [-p PATH] [--mode {password,creds}]
             [{get,set,del,diagnose}] [service] [username]

positional arguments:
  {get,set,del,diagnose}
  service
  username

options:
  -h, --help            show this help message and exit
  -p PATH, --path PATH  Path to the store
  --mode {password,creds}
                        Mode for 'get'
"""

SUBPARSERS = """usage: vault [-h] [-p PATH] {get,set} ...

positional arguments:
  {get,set}
    get                 Read a secret
    set                 Write a secret

options:
  -h, --help            show this help message and exit
  -p PATH, --path PATH  Path to the store
"""


def test_a_bracketed_choice_positional_is_a_positional_not_the_subparsers_block():
    parsed = _parsed(OPTIONAL_CHOICE_POSITIONAL, ["vault"])
    assert parsed.subcommands == []
    assert len(parsed.positionals) == 3
    assert not any(p.required for p in parsed.positionals)
    # the same block printed as argparse prints a subparsers action stays commands
    expected = re.findall(r"(?m)^ {4}([a-z]+) ", SUBPARSERS)
    assert [c.name for c in _parsed(SUBPARSERS, ["vault"]).subcommands] == expected == ["get", "set"]


# ---------------------------------------------------------------- a multi-word placeholder at the column

MULTI_WORD_PLACEHOLDER_AT_THE_COLUMN = """Usage: fetchy <URL> [OPTIONS]

Options:
  -m, --method METHOD             Request method to use.
  -p, --params <NAME VALUE> ...   Query parameters to include.
  -d, --data <NAME VALUE> ...     Form data to include.
  -u, --attach <KEY FILENAME> ... Files to upload with the request.
  --timeout FLOAT                 Timeout in seconds.
  --help                          Show this message and exit.
"""


def test_a_term_with_a_placeholder_of_several_words_one_space_before_the_column_is_a_row():
    expected = re.findall(r"(?m)^  (?:-\w, )?--([\w-]+)", MULTI_WORD_PLACEHOLDER_AT_THE_COLUMN)
    flags = _flags(MULTI_WORD_PLACEHOLDER_AT_THE_COLUMN, ["fetchy"])
    assert sorted(flags) == sorted(n for n in expected if n != "help")
    attach = flags["attach"]
    assert attach.short == "u" and attach.kind is FlagKind.VALUE
    assert attach.help.startswith("Files to upload")


# ---------------------------------------------------------------- repeatable, said of the occurrences

REPEATS_IN_WORDS = """Usage: stamp [OPTIONS] [DBNAME]

Options:
  -c, --command TEXT       run a command and exit. Multiple -c options are allowed.
  -C, --setting KEY=VALUE  settings to pass on. Multiple settings can be provided.
  -o, --output FILE        write the result to FILE.
  --help                   Show this message and exit.
"""


def test_multiple_options_allowed_or_provided_makes_a_value_repeatable():
    flags = _flags(REPEATS_IN_WORDS, ["stamp"])
    said = set(re.findall(r"(?m)^  -\w, --([\w-]+) .*Multiple", REPEATS_IN_WORDS))
    assert said == {"command", "setting"}
    assert {n for n, f in flags.items() if f.repeatable} == said
    assert flags["output"].kind is FlagKind.VALUE and not flags["output"].repeatable
