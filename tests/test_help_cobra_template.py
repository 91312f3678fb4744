"""A cobra program with a help template of its own, read through cobra's completion engine
(issue 12, round 15): git-lfs 3.3.0 (Debian bookworm), whose every `--help` is a manual page.

The crawls replay git-lfs's real answers, recorded in `tests/corpus/recordings/git-lfs.json` by
`tests/corpus/tools/record.py` (`links_cobra` recorded too: the replay is a script, so the crawl
is told what the real program's bytes said). What each test expects is what `git-lfs
__complete … ""` and `git-lfs __complete … -` list, and what the manual says (its `=== INFO`
options are `git lfs migrate info`'s; the program rejects `git lfs migrate --above`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import install_replay, recording_path  # noqa: E402

from workbench.loaders.help.cobra_complete import names_subcommands  # noqa: E402
from workbench.loaders.help.crawl import crawl  # noqa: E402
from workbench.loaders.help.fetch import fetch_help  # noqa: E402
from workbench.loaders.help.modes import mode_parts  # noqa: E402


def _recorded(args: list[str]) -> str:
    calls = json.loads(recording_path("git-lfs").read_text(encoding="utf-8"))["calls"]
    return next(c for c in calls if c["args"] == args)["stdout"]


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    folder = tmp_path_factory.mktemp("git-lfs")
    return crawl(
        str(install_replay("git-lfs", folder)),
        name="git-lfs",
        use_cache=False,
        timeout_s=120,
        man="/bin/false",
        completions=lambda path, names: [],
        cobra_program=lambda executable: True,
    )


def test_commands_the_engine_lists_whose_help_has_no_usage_line_are_kept(tree):
    # `git lfs env` then a sentence; `Sorry, no usage text found for "version"`: no usage line,
    # but the program's own engine lists them and the reply names them
    for path in ("env", "clean", "dedup", "post-commit", "standalone-file", "version"):
        assert tree.find(f"git-lfs {path}") is not None, path
    assert tree.find("git-lfs dedup").flags  # `--test`, from the engine


def test_a_reply_without_usage_is_still_refused_when_no_engine_listed_it(tmp_path):
    cli = tmp_path / "tool"
    cli.write_text(f"#!{sys.executable}\nprint('git lfs env')\nprint()\nprint('Display it.')\n")
    cli.chmod(0o755)
    assert fetch_help(str(cli), ["env"], [], 10).text is None
    assert fetch_help(str(cli), ["env"], [], 10, engine_listed=True).text is not None
    assert fetch_help(str(cli), ["other"], [], 10, engine_listed=True).text is None  # not named


def test_groups_whose_help_names_subcommands_are_asked_for_them(tree):
    # `git lfs logs clear` / `git lfs ext list [<name>...]` / `git lfs migrate <mode> [options]`
    # in the usage forms, cobra's own `completion` command: the engine lists their subcommands
    for path in (
        "logs clear",
        "logs boomtown",
        "ext list",
        "migrate info",
        "migrate import",
        "migrate export",
        "completion bash",
        "completion zsh",
    ):
        assert tree.find(f"git-lfs {path}") is not None, path


def test_usage_forms_that_name_no_subcommand_are_not_asked():
    checkout = _recorded(["checkout", "--help"])
    assert not names_subcommands(checkout, ["checkout"])  # `[<glob-pattern>...]`, `--to <file>`
    assert names_subcommands(_recorded(["logs", "--help"]), ["logs"])
    assert names_subcommands(_recorded(["migrate", "--help"]), ["migrate"])
    assert not names_subcommands("git lfs logs <file>\n\nShow a log.\n", ["logs"])
    assert not names_subcommands("Show the logs clear and simple.\n", ["logs"])  # a sentence
    # cobra's own template lists a group's subcommands in rows; its usage's lower-case words are
    # positionals (rclone's `Usage:` / `  rclone config delete name [flags]`)
    assert not names_subcommands(
        "Usage:\n  rclone config delete name [flags]\n", ["config", "delete"]
    )
    assert not names_subcommands("rclone link will create, retrieve or remove a\nlink.\n", ["link"])


def test_options_under_a_mode_head_are_that_modes_own(tree):
    def names(path: str) -> set[str]:
        command = tree.find(path)
        assert command is not None, path
        return {f.name or f.short or "" for f in command.flags}

    migrate = names("git-lfs migrate")
    assert {"include", "exclude", "everything", "yes"} <= migrate  # under `Options:`: its own
    assert not {"above", "top", "pointers", "no-rewrite", "remote", "object-map"} & migrate
    assert {"above", "top", "unit", "pointers", "fixup"} <= names("git-lfs migrate info")
    assert {"above", "no-rewrite", "m", "verbose"} <= names("git-lfs migrate import")
    assert {"remote", "object-map", "verbose"} <= names("git-lfs migrate export")
    info = tree.find("git-lfs migrate info")
    assert info is not None
    top = next(f for f in info.flags if f.name == "top")
    assert not top.kind_guessed  # read from the manual's `--top=<n>:` row, not the engine's guess


def test_mode_heads_run_to_the_next_underlined_heading():
    text = _recorded(["migrate", "--help"])
    words = [word for word, _, _ in mode_parts(text)]
    assert words[:4] == ["info", "import", "import", "export"]
    lines = text.split("\n")
    end = next(end for word, _, end in mode_parts(text) if word == "export")
    assert lines[end].startswith("Include and exclude")  # underlined with `---`


def test_cobras_own_template_asks_no_leaf_for_subcommands(tmp_path, monkeypatch):
    # rclone's usage names positionals in lower case (`rclone config delete name [flags]`) and
    # its descriptions start with the command (`rclone link will create …`): asking those
    # leaves `__complete PATH ""` would run rclone's own completion functions. The recording
    # holds every call the crawl should make; any other is written to the misses file.
    misses = tmp_path / "misses.jsonl"
    monkeypatch.setenv("CORPUS_REPLAY_MISSES", str(misses))
    crawl(
        str(install_replay("rclone", tmp_path)),
        name="rclone",
        use_cache=False,
        timeout_s=120,
        man="/bin/false",
        completions=lambda path, names: [],
    )
    asked = (
        [json.loads(line)[1] for line in misses.read_text().splitlines()] if misses.exists() else []
    )
    assert not [args for args in asked if args[:1] == ["__complete"] and args[-1] == ""]
