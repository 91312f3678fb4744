"""A cobra program with a help template of its own (git-lfs prints a manual, no `Available
Commands:`) is still crawled with cobra's completion engine: the executable's bytes say cobra
(`links_cobra`), so `__complete` is asked at the root. Live on the real programs; each skips
cleanly when absent."""

from __future__ import annotations

import os
import shutil
import sys

import pytest

from workbench.loaders.help.cobra_complete import links_cobra
from workbench.loaders.help.crawl import crawl


def _program(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


def test_a_go_program_built_with_cobra_is_recognised_from_its_bytes():
    assert links_cobra(_program("git-lfs"))


def test_a_go_program_without_cobra_is_not():
    assert not links_cobra(_program("go"))  # Go's own tool: flag-based, no cobra


def test_other_executables_and_files_are_not(tmp_path):
    script = tmp_path / "cli"
    script.write_text("#!/bin/sh\necho github.com/spf13/cobra .go.buildinfo\n")
    script.chmod(0o755)
    assert not links_cobra(str(script))  # a script naming cobra is no Go program
    assert not links_cobra(os.path.realpath(sys.executable))  # an ELF program, not Go
    assert not links_cobra(str(tmp_path / "missing"))
    truncated = tmp_path / "truncated"
    truncated.write_bytes(b"\x7fELF\x02\x01\x01" + b"\0" * 20)
    assert not links_cobra(str(truncated))


def test_git_lfs_custom_help_template_loads_its_commands_from_the_engine():
    tree = crawl(_program("git-lfs"), use_cache=False)
    names = {command.path[-1] for command in tree.root.subcommands}
    # from `git-lfs --help`'s manual: `git lfs checkout:`, `git lfs track:`, … (none read before)
    assert {"checkout", "clone", "fetch", "track", "pull", "push", "status"} <= names
    track = next(c for c in tree.root.subcommands if c.path[-1] == "track")
    assert "json" in {flag.name for flag in track.flags}  # `git lfs track --json`
    assert tree.coverage is not None and any(
        listing.witness == "cobra __complete" for listing in tree.coverage.listings
    )  # the load says where the commands came from


FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "help")


def test_a_commands_section_with_no_command_read_says_the_load_is_short(tmp_path):
    # git-lfs 3.3.0's own `--help` (a manual: `Commands` underlined, `git lfs checkout:` rows),
    # printed by a script, so no engine answers: the load must say its commands are missing
    with open(os.path.join(FIXTURES, "git_lfs_root.txt"), encoding="utf-8") as file:
        text = file.read()
    cli = tmp_path / "git-lfs"
    cli.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"if sys.argv[1:] in (['--help'], ['-h'], ['help']):\n    sys.stdout.write({text!r})\n"
        "else:\n    sys.exit('unknown command')\n"
    )
    cli.chmod(0o755)
    tree = crawl(str(cli), use_cache=False, man="/bin/false", completions=lambda path, names: [])
    assert tree.root.subcommands == []  # the layout is not read: not the point here
    assert tree.coverage is not None
    assert any("“Commands” section but no command was read" in s for s in tree.coverage.short_signs)
