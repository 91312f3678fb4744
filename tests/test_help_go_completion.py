"""The completion kingpin and urfave/cli build into Go programs, as a listing of a group's
commands (round 15). Replays of promtool 2.42.0, amtool 0.25.0 and ctr 1.6.20 (Debian), recorded
in `tests/corpus/recordings/` by `tools/record.py`; runc (urfave, completion not enabled) live.
What is expected: the answers the programs gave (`ctr --generate-bash-completion` lists plugins,
version, containers, …), and that no call reaches a leaf or carries `--` (both would run the
program's own code: hooks for a leaf's arguments, the command's work after `--`)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import install_replay  # noqa: E402

from workbench.loaders.help import go_completion  # noqa: E402
from workbench.loaders.help.crawl import crawl  # noqa: E402


@pytest.mark.parametrize(("cli", "framework"), [("ctr", "urfave"), ("promtool", "kingpin")])
def test_a_groups_completion_is_asked_and_never_a_leafs(cli, framework, tmp_path, monkeypatch):
    asked: list[list[str]] = []
    real = go_completion.run_help

    def recording(argv, timeout_s, *, cwd=None):
        asked.append(list(argv[1:]))
        return real(argv, timeout_s, cwd=cwd)

    monkeypatch.setattr(go_completion, "run_help", recording)
    tree = crawl(
        str(install_replay(cli, tmp_path)),
        name=cli,
        use_cache=False,
        timeout_s=120,
        man="/bin/false",
        completions=lambda path, names: [],
    )
    assert tree.coverage is not None
    listing = next(w for w in tree.coverage.listings if w.witness == f"{framework} completion")
    assert listing.seen.commands > 0  # the answers were read as listings
    assert asked and [] in [a[:-1] for a in asked]  # the root was asked
    for argv in asked:
        assert "--" not in argv
        command = tree.find(" ".join([cli, *argv[:-1]]))
        assert command is not None and command.subcommands, argv  # a group, never a leaf


def test_an_answer_that_is_no_listing_is_no_witness(tmp_path):
    cli = tmp_path / "tool"
    cli.write_text(
        f"#!{sys.executable}\nimport sys\n"
        "print('Incorrect Usage. flag provided but not defined: -generate-bash-completion')\n"
        "print()\nprint('NAME:')\nprint('   tool - a tool')\nsys.exit(1)\n"
    )
    cli.chmod(0o755)
    assert go_completion.listed_commands(str(cli), [], "urfave", 10, None) is None


def test_a_urfave_program_without_completion_enabled_answers_no_listing():
    runc = shutil.which("runc")
    if runc is None:
        pytest.skip("runc is not installed")
    assert go_completion.listed_commands(runc, [], "urfave", 10, None) is None
