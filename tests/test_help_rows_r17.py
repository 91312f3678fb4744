"""Option rows and value types of round 17's held-out Python set that the crawler read wrong
(docs/loaders.md, "Round 17", class 4): an argparse row with two long spellings, each with its
metavar, and a third-party completion file listing the subcommands' options at the top
(ansible-vault).

Fixtures are the real help outputs recorded for the corpus: ansible-core 2.19's
`ansible-vault view --help` (tests/corpus/recordings/ansible-vault.json), locust 2.47's and
pyinstrument 5.1's `--help` (locust.json, pyinstrument.json); the crawl tests replay the
ansible-vault recording whole. Expected values are read off the texts by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from help_support import flags_of, parsed

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import install_man_replay, install_replay, recorded_completions  # noqa: E402

from workbench.loaders.help.crawl import crawl  # noqa: E402
from workbench.model.tree import FlagKind  # noqa: E402


def _replayed(cli: str, folder: Path):
    return crawl(
        str(install_replay(cli, folder)),
        name=cli,
        use_cache=False,
        timeout_s=120,
        man=str(install_man_replay(cli, folder)),
        completions=recorded_completions(cli),
    )


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
    tree = _replayed("ansible-vault", tmp_path)
    commands = {c.name: c for c in tree.root.subcommands}
    for name in ("create", "decrypt", "edit", "view", "encrypt", "encrypt_string", "rekey"):
        flag = next(f for f in commands[name].flags if f.name == "vault-password-file")
        assert flag.kind is FlagKind.VALUE, name
        assert "--vault-pass-file" in flag.aliases, name


def test_a_file_listing_the_subcommands_options_at_the_top_raises_no_alarm(tmp_path):
    # fish's third-party file lists `--vault-id`, `--vault-password-file`, `--ask-vault-pass`,
    # `--new-vault-id` … under `# generic options`, with no condition: the subcommands' options
    # that the help shows where they belong, so they are no sign that the load is short
    tree = _replayed("ansible-vault", tmp_path)
    assert tree.coverage is None or not tree.coverage.short_signs
