"""The man pages of subcommands as a listing of their options (issue 12, SPEC §4).

Fixtures are real: pages this machine's `man -S 1:8 NAME` rendered with the help calls'
environment (`tests/fixtures/listings/man_git-*.txt`, git 2.39; the corpus recordings' pages of
gh, hugo and restic, recorded by `tools/record.py --man`) and the help git printed for the same
commands (`git_*_help.txt`). The live tests use the installed git and its pages, and skip
cleanly when either is absent.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import install_man_replay, install_replay, recording_path  # noqa: E402

from workbench.loaders.help.assemble import CrawledCommand  # noqa: E402
from workbench.loaders.help.crawl import crawl  # noqa: E402
from workbench.loaders.help.detect import detect_style, parser_for  # noqa: E402
from workbench.loaders.help.manpage import (  # noqa: E402
    WITNESS,
    consult_command_pages,
    consult_manual,
    pages_present,
    read_manual,
    read_page,
)
from workbench.loaders.help.parsed import ParsedHelp  # noqa: E402
from workbench.model.lint_coverage import coverage_findings  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "listings"


def _fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def _recorded_page(cli: str, page: str) -> str:
    calls = json.loads(recording_path(cli).read_text(encoding="utf-8"))["man"]
    return next(c["stdout"] for c in calls if c["args"][-1] == page)


def _parsed(text: str, path: list[str]) -> ParsedHelp:
    return parser_for(detect_style(text))(text, path)


def _man_recording(tmp_path: Path, pages: dict[str, str]) -> Path:
    """A recording holding `pages` as `man -S 1:8 NAME` rendered them, for the man replay."""
    recording = tmp_path / "pages.json"
    calls = [
        {"args": ["-S", "1:8", name], "stdout": text, "stderr": "", "exit_code": 0}
        for name, text in pages.items()
    ]
    recording.write_text(json.dumps({"calls": [], "man": calls}), encoding="utf-8")
    return recording


def test_a_subcommands_page_is_read_as_that_commands_own():
    commit = read_page(_fixture("man_git-commit.txt"), "git-commit")  # GIT-COMMIT(1)
    assert commit is not None and "allow-empty" in {f.name for f in commit.flags}
    backup = read_page(_recorded_page("restic", "restic-backup"), "restic-backup")
    assert backup is not None and "exclude-file" in {
        f.name for f in backup.flags
    }  # `restic backup(1)`
    assert read_page(_fixture("man_git-commit.txt"), "git-worktree") is None  # another command's


def test_a_generated_pages_default_shown_as_a_value_is_a_switch():
    # cobra's generated pages print a switch with its default: `-h, --help[=false]`
    server = read_page(_recorded_page("hugo", "hugo-server"), "hugo-server")
    flags = {f.name: f for f in server.flags}
    assert flags["disableLiveReload"].kind == "boolean"
    assert flags["baseURL"].kind == "value"  # `-b, --baseURL=""`


def test_pages_present_finds_with_one_lookup_which_commands_have_a_page(tmp_path):
    man = install_man_replay("restic", tmp_path)
    assert pages_present(["restic-backup", "restic-nosuch", "restic-cache"], 60, man=str(man)) == {
        "restic-backup",
        "restic-cache",
    }


def test_options_only_a_subcommands_page_lists_are_taken_on_that_command(tmp_path):
    root = CrawledCommand([], None, [], parsed=ParsedHelp(style="git"))
    commit = CrawledCommand(
        ["commit"], None, [], parsed=_parsed(_fixture("git_commit_help.txt"), ["git", "commit"])
    )
    root.children.append(commit)
    man = install_man_replay(
        "git", tmp_path, _man_recording(tmp_path, {"git-commit": _fixture("man_git-commit.txt")})
    )
    consult_command_pages(root, "git", 60, man=str(man))
    taken = {f.name: f for f in commit.listing_flags}
    assert set(taken) >= {"allow-empty", "allow-empty-message"}  # on the page, not in `-h`
    assert taken["allow-empty"].listed_by == WITNESS and taken["allow-empty"].kind == "boolean"
    assert "message" not in taken  # the help shows it: not taken twice
    assert commit.listing_seen[WITNESS][1] > 20


def test_a_group_page_gives_each_option_to_the_subcommand_its_synopsis_names():
    # git-worktree(1) documents its subcommands' options under its own OPTIONS; its synopsis
    # says whose each is: `git worktree add [-f] … [-b <new-branch>]`, `prune [-n] [-v] [--expire …]`
    group = CrawledCommand(["worktree"], None, [], parsed=ParsedHelp(style="git"))
    children = {
        name: CrawledCommand(["worktree", name], None, [], parsed=ParsedHelp(style="git"))
        for name in ("add", "list", "lock", "prune", "remove")
    }
    group.children.extend(children.values())
    consult_manual(read_page(_fixture("man_git-worktree.txt"), "git-worktree"), group, "git")
    names = {name: {f.name or f.short for f in c.listing_flags} for name, c in children.items()}
    assert group.listing_flags == []  # none of them is `git worktree`'s own
    assert {"b", "lock", "reason", "checkout"} <= names["add"]
    assert {"porcelain", "z"} <= names["list"] and "b" not in names["list"]
    assert names["lock"] == {"reason"}
    assert "expire" in names["prune"] and "expire" not in names["add"]


def test_a_page_whose_synopsis_names_subcommands_the_help_did_not_list_gives_nothing():
    # `git bisect <subcommand> <options>`: its options are `start`'s, a command not crawled here
    bisect = CrawledCommand(
        ["bisect"], None, [], parsed=ParsedHelp(style="git")
    )  # a help with no subcommands read
    consult_manual(read_page(_fixture("man_git-bisect.txt"), "git-bisect"), bisect, "git")
    assert bisect.listing_flags == []


def test_a_replayed_crawl_reads_every_commands_page_and_takes_nothing_its_help_shows(tmp_path):
    tree = crawl(
        str(install_replay("restic", tmp_path)),
        name="restic",
        use_cache=False,
        timeout_s=120,
        man=str(install_man_replay("restic", tmp_path)),
    )
    witness = next(w for w in tree.coverage.listings if w.witness == WITNESS)
    # Debian's restic pages all head `restic backup(1)`; their NAME lines say whose each is
    root_page = read_page(_recorded_page("restic", "restic"), "restic")
    assert root_page is not None
    assert witness.seen.flags > len(root_page.flags) + 100  # the commands' pages were read
    assert witness.taken_names == []  # restic's help shows every option its pages list
    assert not coverage_findings(tree)


# ---------------------------------------------------------------- live: the installed git


def _git_pages() -> str:
    git, man = shutil.which("git"), shutil.which("man")
    if git is None or man is None:
        pytest.skip("git or man is not installed")
    found = subprocess.run(
        [man, "-w", "-S", "1:8", "git-commit", "git-worktree"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    if len(found.stdout.split()) < 2:
        pytest.skip("git's manual pages are not installed")
    return git


def test_live_git_commits_page_adds_what_its_help_leaves_out(tmp_path):
    git = _git_pages()
    help_text = subprocess.run(
        [git, "commit", "-h"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
    )
    root = CrawledCommand([], None, [], parsed=ParsedHelp(style="git"))
    commit = CrawledCommand(
        ["commit"],
        None,
        [],
        parsed=_parsed(help_text.stdout or help_text.stderr, ["git", "commit"]),
    )
    root.children.append(commit)
    consult_command_pages(root, "git", 30)
    shown = {f.name for f in commit.parsed.flags}
    taken = {f.name for f in commit.listing_flags}
    assert taken and not taken & shown
    assert "allow-empty" in taken or "allow-empty" in shown
    assert all(f.listed_by == WITNESS for f in commit.listing_flags)


def test_live_git_pages_are_looked_up_once_and_only_real_ones_read():
    _git_pages()
    assert pages_present(["git-remote", "git-worktree", "git-no-such-command"], 30) == {
        "git-remote",
        "git-worktree",
    }
    assert read_manual("git-remote", 30) is not None
    assert read_manual("git-no-such-command", 30) is None
