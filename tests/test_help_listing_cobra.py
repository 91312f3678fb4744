"""cobra's completion engine as a second listing of a help crawl (issue 12, SPEC §4).

Fixtures are real answers of gh 2.23.0 and rclone 1.60.1 (Debian), recorded in
`tests/corpus/recordings/` by `tests/corpus/tools/record.py`; the crawls below replay them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import install_replay, recording_path  # noqa: E402

from workbench.loaders.help.cobra_complete import WITNESS, command_rows, flag_rows, read_rows  # noqa: E402
from workbench.loaders.help.crawl import crawl  # noqa: E402
from workbench.model.coverage import coverage_line  # noqa: E402
from workbench.model.lint_coverage import coverage_findings  # noqa: E402


def _recorded(cli: str, args: list[str]) -> dict:
    calls = json.loads(recording_path(cli).read_text(encoding="utf-8"))["calls"]
    return next(c for c in calls if c["args"] == args)


def test_a_flag_answer_pairs_each_shorthand_with_its_long_name():
    answer = _recorded("gh", ["__complete", "pr", "list", "-"])["stdout"]
    flags = {f.name or f.short: f for f in flag_rows(answer)}
    assert flags["author"].short == "A" and flags["author"].help == "Filter by author"
    assert (
        flags["repo"].short == "R"
    )  # the inherited persistent flag, listed with the command's own
    assert flags["web"].short == "w" and "A" not in flags  # no shorthand is a flag of its own


def test_a_command_answer_lists_names_with_their_summaries():
    answer = _recorded("gh", ["__complete", "release", ""])["stdout"]
    assert ("delete-asset", "Delete an asset from a release") in command_rows(answer)


def test_an_answer_without_the_directive_line_is_no_witness():
    # what gh prints when `__complete` is put after the command path: an error and a usage, exit 1
    error = (
        'unknown command "__complete" for "gh release"\n\nUsage:  gh release <command> [flags]\n'
    )
    assert read_rows(error) is None and flag_rows(error) is None and command_rows(error) is None
    assert read_rows("") is None
    assert read_rows("create\tCreate a new release\n") is None  # cut before its `:4`


def test_a_replayed_gh_crawl_takes_the_commands_only_the_engine_lists(tmp_path):
    tree = crawl(str(install_replay("gh", tmp_path)), name="gh", use_cache=False, timeout_s=120)
    # a row gh's help table hides from the parser (`delete-asset:` overflows its column)
    command = tree.find("gh release delete-asset")
    assert command is not None and command.listed_by == WITNESS
    assert command.flags, "its own help was crawled"  # `--yes`
    # `set-default: Configure …`: a name as wide as its column, one space before its summary,
    # is the help's own row (docs/crawler.md, "Round 17: command listings")
    command = tree.find("gh repo set-default")
    assert command is not None and command.listed_by is None and command.flags  # `--view`
    assert (
        tree.find("gh co") is None
    )  # the engine lists the alias `co`; its help is `pr checkout`'s
    witness = next(w for w in tree.coverage.listings if w.witness == WITNESS)
    assert (
        witness.taken.commands == 1 and "gh release delete-asset (command)" in witness.taken_names
    )
    assert witness.unconfirmed == ["gh co"]
    line = coverage_line(tree)
    assert "cobra __complete" in line and "gh release delete-asset" in line
    assert any(
        f.code == "WB414" and "gh release delete-asset" in f.message
        for f in coverage_findings(tree)
    )


def test_flags_only_the_engine_lists_are_taken_as_guesses(tmp_path):
    # rclone 1.60.1 without its `rclone help flags` page: the global flags only the engine lists
    data = json.loads(recording_path("rclone").read_text(encoding="utf-8"))
    data["calls"] = [c for c in data["calls"] if c["args"] != ["help", "flags"]]
    recording = tmp_path / "rclone.json"
    recording.write_text(json.dumps(data), encoding="utf-8")
    exe = install_replay("rclone", tmp_path, recording=recording)
    tree = crawl(str(exe), name="rclone", use_cache=False, timeout_s=120)
    bwlimit = next(f for f in tree.root.flags if f.name == "bwlimit")
    assert bwlimit.listed_by == WITNESS and bwlimit.kind_guessed and bwlimit.kind == "value"
    assert bwlimit.help.startswith("Bandwidth limit")
    copy = tree.find("rclone copy")
    assert not any(
        f.name == "bwlimit" for f in copy.flags
    )  # a persistent flag stays on the root that holds it
    witness = next(w for w in tree.coverage.listings if w.witness == WITNESS)
    assert witness.taken.flags > 300
