"""Kinds and types the crawler got wrong on round 14's held-out set, and its false alarms
(docs/loaders.md, "Round 14"): each rule on a fixture of the real CLI's help."""

from __future__ import annotations

from help_support import flags_of, parsed

from workbench.model.tree import FlagKind


def test_a_rich_click_switch_with_its_off_form_after_a_bare_slash_is_a_negatable_switch():
    # bump-my-version 1.2 (rich-click): `│ --allow-dirty/--no-allow-dirty      Don't abort …`,
    # nothing in the metavar column; `--no-configured-files` is a row of its own
    flags = flags_of(parsed("rich_click_bump_my_version_bump.txt", ["bump-my-version", "bump"]))
    for name in ("allow-dirty", "regex", "ignore-missing-files", "commit", "tag", "sign-tags"):
        assert flags[name].kind is FlagKind.BOOLEAN, name
        assert flags[name].negatable, name
        assert flags[name].metavar is None, name
    assert flags["no-configured-files"].kind is FlagKind.BOOLEAN
    assert not flags["no-configured-files"].negatable
    assert flags["tag-name"].kind is FlagKind.VALUE  # a value option beside them stays one
    assert flags["dry-run"].kind is FlagKind.BOOLEAN and flags["dry-run"].short == "n"
