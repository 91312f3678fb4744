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
    assert (
        [c.name for c in _parsed(SUBPARSERS, ["vault"]).subcommands] == expected == ["get", "set"]
    )


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


# ---------------------------------------------------------------- plumbum's cli.Application

PLUMBUM_ROOT = """vault 2.1.0

Keep secrets in a folder.

Usage:
    vault [SWITCHES] [SUBCOMMAND [SWITCHES]] args...

Meta-switches:
    -h, --help                      Prints this help message and quits
    --help-all                      Prints help messages of all sub-commands and quits
    -v, --version                   Prints the program's version and quits

Switches:
    --color VALUE:{auto, always, never}  When to use colours; the default is auto

Sub-commands:
    seal                            Seal a folder; see 'vault seal --help' for more info
    open                            Open a sealed folder; see 'vault open --help' for more info
"""

PLUMBUM_SEAL = """vault seal 2.1.0

Seal a folder.

Usage:
    vault seal [SWITCHES] source_dir [key_file=key.txt]

Meta-switches:
    -h, --help                      Prints this help message and quits
    --help-all                      Prints help messages of all sub-commands and quits
    -v, --version                   Prints the program's version and quits

Switches:
    -r, --rounds VALUE:int          Rounds of hashing; the default is 3
    -t, --timeout SECONDS:float     Give up after this long
    -k, --keyring PATH:ExistingFile  Read keys from this file
    -n, --name VALUE:str            A name for the seal
    -s, --strength LEVEL:{low, high}  How hard to seal; the default is high
    -q, --quiet                     Print nothing
"""


def _typed_rows(text: str) -> dict[str, str]:
    return dict(re.findall(r"(?m)^ {4}(?:-\w, )?--([\w-]+) [A-Z]+:(\S+(?: \w+\})?)", text))


def test_plumbum_is_its_own_style():
    assert detect_style(PLUMBUM_ROOT) == "plumbum"
    assert detect_style(PLUMBUM_SEAL) == "plumbum"


def test_plumbum_s_typed_placeholders_type_the_value():
    typed = _typed_rows(PLUMBUM_SEAL)
    assert set(typed) == {"rounds", "timeout", "keyring", "name", "strength"}
    flags = _flags(PLUMBUM_SEAL, ["vault", "seal"])
    expected = {"int": ValueType.INTEGER, "float": ValueType.NUMBER, "str": ValueType.STRING}
    expected["ExistingFile"] = ValueType.PATH
    for name, kind in typed.items():
        flag = flags[name]
        assert flag.kind is FlagKind.VALUE, name
        if kind.startswith("{"):
            assert flag.value_type is ValueType.CHOICE, name
            assert flag.choices == [v.strip() for v in kind.strip("{}").split(",")]
        else:
            assert flag.value_type is expected[kind], name
            assert flag.choices is None
    assert flags["quiet"].kind is FlagKind.BOOLEAN
    # the description column is where it was: no description lost its first word
    assert flags["keyring"].help == "Read keys from this file"


def test_plumbum_s_usage_names_the_positionals_not_the_switches_slot():
    positionals = _parsed(PLUMBUM_SEAL, ["vault", "seal"]).positionals
    assert [(p.name, p.required) for p in positionals] == [
        ("source_dir", True),
        ("key_file", False),
    ]


def test_a_help_all_listing_gives_the_command_only_its_own_part():
    from workbench.loaders.help.pointers import own_part

    help_all = PLUMBUM_ROOT + "\n" + PLUMBUM_SEAL
    root = _parsed(PLUMBUM_ROOT, ["vault"])
    assert [c.name for c in root.subcommands] == ["seal", "open"]
    own = own_part(help_all, root, ["vault"])
    assert own.startswith(PLUMBUM_ROOT.rstrip("\n"))
    assert "--rounds" not in own and "vault seal [SWITCHES]" not in own
    # a listing naming no subcommand's usage is kept whole
    assert own_part(PLUMBUM_ROOT, root, ["vault"]) == PLUMBUM_ROOT


# ---------------------------------------------------------------- a task runner's core options

TASK_RUNNER = """Usage: runit [--core-opts] task1 [--task1-opts] ... taskN [--taskN-opts]

Core options:

  --no-dedupe                        Disable task deduplication.
  -c STRING, --collection=STRING     Specify collection name to load.
  -d, --debug                        Enable debug output.
  -D INT, --list-depth=INT           Only show the first INT levels.
  -i, --identity                     Path to runtime SSH identity (key) file.
                                     May be given multiple times.
  -v, --verbose                      Be louder. May be given multiple times.
  -w, --warn-only                    Warn, instead of failing.
"""


def test_a_repeating_bare_row_naming_what_it_is_given_is_a_repeatable_value_not_a_count():
    flags = _flags(TASK_RUNNER, ["runit"])
    identity = flags["identity"]
    assert identity.kind is FlagKind.VALUE and identity.repeatable and identity.kind_guessed
    # a row saying only that it repeats still counts
    assert flags["verbose"].kind is FlagKind.COUNT


def test_group_placeholders_in_the_usage_are_no_unread_option_names():
    parsed = _parsed(TASK_RUNNER, ["runit"])
    placeholders = re.findall(r"\[(--[\w-]+)\]", TASK_RUNNER.splitlines()[0])
    assert placeholders == ["--core-opts", "--task1-opts", "--taskN-opts"]
    assert not set(placeholders) & set(parsed.unread)
    # a usage-only option that is not a group placeholder is still reported
    other = _parsed(TASK_RUNNER.replace("[--core-opts]", "[--core-opts] [--dry]", 1), ["runit"])
    assert "--dry" in other.unread


# ---------------------------------------------------------------- a quoted list that adds to others

OPEN_QUOTED_LIST = """usage: stamp [-h] [--to FORMAT] [--level LEVEL]

options:
  -h, --help      show this help message and exit
  --to FORMAT     The destination format, or a file extension. In addition to the
                  extensions above, you can also use these: 'clj', 'cpp', 'go', 'rs'
  --level LEVEL   Report at or above this level: 'info', 'warning', 'error'
"""


def test_a_quoted_list_after_a_clause_saying_it_adds_to_others_is_no_choice_list():
    flags = _flags(OPEN_QUOTED_LIST, ["stamp"])
    assert flags["to"].value_type is ValueType.STRING and flags["to"].choices is None
    # the same list after a colon with nothing saying so is the closed list, as before
    level = flags["level"]
    assert level.value_type is ValueType.CHOICE
    assert level.choices == re.findall(r"'(\w+)'", OPEN_QUOTED_LIST.splitlines()[-1])


def test_a_listing_that_is_a_subcommand_s_own_help_is_read_whole():
    from workbench.loaders.help.pointers import own_part

    root = _parsed(PLUMBUM_ROOT, ["vault"])
    # `vault seal --help` as a listing (its usage names `vault seal`, no root usage before it)
    assert own_part(PLUMBUM_SEAL, root, ["vault"]) == PLUMBUM_SEAL
