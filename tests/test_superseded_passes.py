"""A full pass a later edit supersedes stops within one step of its work (a command of the
surface build, a tool of the lint), and the Diff tab's diff is computed on the changed lines
only yet reads as `diff -u` (workbench/model/superseded.py, tui/previews.py)."""

from __future__ import annotations

import difflib
import random
import re

import pytest

from workbench.loaders import load
from workbench.model.config_file import config_from_loaded, dump_config
from workbench.model.lint import lint
from workbench.model.superseded import Superseded
from workbench.model.surface import build_surface
from workbench.tui.previews import compute_full, diff_text
from workbench.tui.workspace import Workspace, copy_choices


@pytest.fixture(scope="module")
def deployctl():
    loaded = load("sample_clis.deployctl:cli")
    return loaded.tree, config_from_loaded(loaded)


class Countdown:
    """A `superseded` check that says so from its `after`-th question on, counting them."""

    def __init__(self, after: int | None = None) -> None:
        self.after, self.asked = after, 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.after is not None and self.asked >= self.after


def test_the_surface_build_asks_before_every_command_and_stops_at_once(deployctl):
    tree, config = deployctl
    never = Countdown()
    whole = build_surface(tree, config, superseded=never)
    commands = sum(1 for _ in tree.walk())
    assert never.asked >= commands  # a question per command (and per token count)
    assert whole == build_surface(tree, config)  # asking changes nothing
    soon = Countdown(after=3)
    with pytest.raises(Superseded):
        build_surface(tree, config, superseded=soon)
    assert soon.asked == 3  # stopped at the question that said so, not at the end


def test_the_lint_asks_before_every_tool_and_stops_at_once(deployctl):
    tree, config = deployctl
    surface = build_surface(tree, config)
    never = Countdown()
    assert lint(surface, tree, config, superseded=never) == lint(surface, tree, config)
    assert never.asked >= len(surface.tools)
    soon = Countdown(after=2)
    with pytest.raises(Superseded):
        lint(surface, tree, config, superseded=soon)
    assert soon.asked == 2


def test_a_full_pass_superseded_inside_its_surface_build_stops_there(deployctl):
    """The TUI's full pass passes its check down: superseded after its first steps, it raises
    from inside the build instead of finishing the build, the lint and the tool list."""
    tree, config = deployctl
    baseline = dump_config(config)
    never = Countdown()
    compute_full(tree, config, baseline, superseded=never)
    inside = Countdown(after=4)  # past the steps before the build: its 2nd command
    with pytest.raises(Superseded):
        compute_full(tree, config, baseline, superseded=inside)
    assert inside.asked == 4 < never.asked


HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n")


def apply_unified(before: str, diff: str) -> str:
    """`patch` for one file, written here from the format's definition (not from the code under
    test): context and removed lines must match `before`, and the result is returned."""
    if not diff:
        return before
    old = before.splitlines(keepends=True)
    lines = diff.splitlines(keepends=True)
    assert lines[0].startswith("--- ") and lines[1].startswith("+++ ")
    out: list[str] = []
    at, index = 0, 2
    while index < len(lines):
        match = HUNK.fullmatch(lines[index])
        assert match, lines[index]
        start, count = int(match[1]), 1 if match[2] is None else int(match[2])
        begin = start - 1 if count else start
        out += old[at:begin]
        at, index = begin, index + 1
        while index < len(lines) and not lines[index].startswith("@@"):
            tag, text = lines[index][0], lines[index][1:]
            if tag in " -":
                assert old[at] == text
                at += 1
            if tag in " +":
                out.append(text)
            index += 1
    return "".join(out + old[at:])


def test_the_diff_of_an_edit_holds_the_changes_difflib_finds(deployctl, tmp_path):
    """Edits of a real config: the same header, and the same added and removed lines as
    `difflib.unified_diff` over the whole files finds, and it turns one file into the other.
    (Where an added block could go on either side of an identical line, a blank line, the two
    may place it one line apart: both are correct diffs.)"""
    tree, config = deployctl
    workspace = Workspace.create(tree, copy_choices(config), tmp_path / "mcp.toml")
    before = dump_config(workspace.config)
    workspace.set_included("deployctl status", False)
    workspace.set_description("deployctl deploy", "Ship a build.")
    workspace.set_prefix("dc")
    after = dump_config(workspace.config)
    assert before != after
    for old, new in ((before, after), (after, before), (before, before), ("", after)):
        expected = list(
            difflib.unified_diff(
                old.splitlines(keepends=True),
                new.splitlines(keepends=True),
                fromfile="mcp.toml (on disk)",
                tofile="unsaved",
            )
        )
        got = diff_text(old, new, "mcp.toml (on disk)", "unsaved")
        assert got.splitlines(keepends=True)[:2] == expected[:2]
        for sign in "+-":
            assert sorted(
                line for line in got.splitlines(keepends=True)[2:] if line[0] == sign
            ) == sorted(line for line in expected[2:] if line[0] == sign)
        assert apply_unified(old, got) == new


def test_the_diff_turns_the_old_text_into_the_new_one():
    """Random edits of texts with many repeated lines (where two correct diffs may differ):
    the diff, applied as `patch` would, always gives the new text."""
    chooser = random.Random(13)
    for _ in range(500):
        old = [f"line {chooser.randint(0, 6)}\n" for _ in range(chooser.randint(0, 40))]
        new = list(old)
        for _ in range(chooser.randint(0, 4)):
            at = chooser.randint(0, len(new))
            action = chooser.choice(["insert", "delete", "replace"])
            if action == "insert":
                new.insert(at, f"line {chooser.randint(0, 9)}\n")
            elif at < len(new):
                if action == "delete":
                    del new[at]
                else:
                    new[at] = f"changed {chooser.randint(0, 3)}\n"
        before, after = "".join(old), "".join(new)
        assert apply_unified(before, diff_text(before, after, "a", "b")) == after
