"""Option rows, value types and positionals of round 17's held-out Python set that the crawler
read wrong (docs/loaders.md, "Round 17", classes 4 to 7): an argparse row with two long
spellings, each with its metavar, and a third-party completion file listing the subcommands'
options at the top (ansible-vault); types and choices only the placeholder's words or the
description tell (locust, pyinstrument); an option repeatable only in prose (pyinstrument); a
positional spelled with an optional suffix (ansible-galaxy).

Fixtures are the real help outputs recorded for the corpus: ansible-core 2.19's
`ansible-vault view --help` and `ansible-galaxy role info --help`
(tests/corpus/recordings/ansible-vault.json, ansible-galaxy.json), locust 2.47's and
pyinstrument 5.1's `--help` (locust.json, pyinstrument.json); the crawl tests replay the
ansible-vault recording whole. Expected values are read off the texts by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from help_support import flags_of, parsed

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import crawl_recording  # noqa: E402

from workbench.model.tree import FlagKind, ValueType  # noqa: E402

# ------------------------------------------- class 4: two long spellings, each with its metavar


def test_two_long_spellings_each_with_its_metavar_are_one_value_option():
    # `  --vault-password-file VAULT_PASSWORD_FILES, --vault-pass-file VAULT_PASSWORD_FILES`,
    # the description (`vault password file`) on the next line: the metavar after the first
    # spelling is no description, the second spelling is an alias of the same option
    flags = flags_of(parsed("ansible_vault_2_19_view.txt", ["ansible-vault", "view"]))
    flag = flags["vault-password-file"]
    assert flag.kind is FlagKind.VALUE
    assert flag.metavar == "VAULT_PASSWORD_FILES"
    assert flag.aliases == ("--vault-pass-file",)
    assert flag.help == "vault password file"
    assert "vault-pass-file" not in flags
    # the rows around it are read as before
    assert flags["ask-vault-password"].aliases == ("--ask-vault-pass",)
    assert flags["vault-id"].kind is FlagKind.VALUE and flags["vault-id"].repeatable


def test_every_command_reads_the_row(tmp_path):
    tree = crawl_recording("ansible-vault", tmp_path)
    commands = {c.name: c for c in tree.root.subcommands}
    for name in ("create", "decrypt", "edit", "view", "encrypt", "encrypt_string", "rekey"):
        flag = next(f for f in commands[name].flags if f.name == "vault-password-file")
        assert flag.kind is FlagKind.VALUE, name
        assert "--vault-pass-file" in flag.aliases, name


def test_a_file_listing_the_subcommands_options_at_the_top_raises_no_alarm(tmp_path):
    # fish's third-party file lists `--vault-id`, `--vault-password-file`, `--ask-vault-pass`,
    # `--new-vault-id` … under `# generic options`, with no condition: the subcommands' options
    # that the help shows where they belong, so they are no sign that the load is short
    tree = crawl_recording("ansible-vault", tmp_path)
    assert tree.coverage is None or not tree.coverage.short_signs


# ---------------------------------------------- class 5: types only the words tell


def test_a_placeholder_of_words_naming_a_port_is_an_integer():
    # `--web-port <port number>, -P <port number>`, `--master-port <port number>`: a port is a
    # whole number; `<time string>` (`--run-time`, `e.g. (300s, 20m, 3h …)`) stays a string
    flags = flags_of(parsed("locust_2_47_help.txt", ["locust"]))
    for name in ("web-port", "master-port", "master-bind-port"):
        assert flags[name].value_type is ValueType.INTEGER, name
    assert flags["run-time"].value_type is ValueType.STRING


def test_a_version_number_is_no_integer():
    from workbench.loaders.help.types import placeholder

    # `1.2.3` is a version number: the closing `number` names what is numbered, not the value
    assert placeholder("<version number>").value_type is ValueType.STRING
    assert placeholder("<port number>").value_type is ValueType.INTEGER
    # curl's `--rate <max request rate>` takes `2/s`: a bound word alone makes no count
    assert placeholder("<max request rate>").value_type is ValueType.STRING


def test_seconds_counted_with_a_letter_are_whole():
    # `--autoquit <seconds>  Quits Locust entirely, X seconds after the run is finished.`
    flags = flags_of(parsed("locust_2_47_help.txt", ["locust"]))
    assert flags["autoquit"].value_type is ValueType.INTEGER
    # `-s <number>, --stop-timeout <number>  Number of seconds to wait …`: not counted with a
    # letter, so a number (a number schema refuses no whole value)
    assert flags["stop-timeout"].value_type is ValueType.NUMBER


def test_a_value_the_description_measures_in_seconds_is_a_number():
    # optparse's `-i INTERVAL, --interval=INTERVAL  Minimum time, in seconds, between each
    # stack sample.`: INTERVAL says nothing; the description gives the unit
    flags = flags_of(parsed("pyinstrument_5_1_help.txt", ["pyinstrument"]))
    assert flags["interval"].value_type is ValueType.NUMBER


def test_choose_between_words_joined_by_slashes_is_the_value_set():
    # `--loglevel <level>, -L <level>  Choose between DEBUG/INFO/WARNING/ERROR/CRITICAL.`
    flags = flags_of(parsed("locust_2_47_help.txt", ["locust"]))
    assert flags["loglevel"].value_type is ValueType.CHOICE
    assert flags["loglevel"].choices == ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


# ---------------------------------------------- class 6: repeatable in prose


def test_use_the_option_multiple_times_makes_it_repeatable():
    # `-p RENDER_OPTION, --render-option=RENDER_OPTION  … To pass multiple options, use the -p
    # option multiple times.`
    flags = flags_of(parsed("pyinstrument_5_1_help.txt", ["pyinstrument"]))
    assert flags["render-option"].kind is FlagKind.VALUE
    assert flags["render-option"].repeatable
    assert not flags["interval"].repeatable


# ---------------------------------------------- class 7: a positional with an optional suffix


def test_a_positional_spelled_with_an_optional_suffix_is_read():
    # usage `… [--offline] role_name[,version] [role_name[,version] ...]`, row
    # `role_name[,version]   role`: one argument (a name, optionally `,version`), one or more
    result = parsed("ansible_galaxy_2_19_role_info.txt", ["ansible-galaxy", "role", "info"])
    (positional,) = result.positionals
    assert positional.name == "role_name[,version]"
    assert positional.required and positional.variadic
    assert positional.help == "role"
