"""Listings that are not commands: a leaf's `--list` prints the values of its positional
(round 15's celery `control --list`), while real pointers (`cargo --list`) stay followed."""

from __future__ import annotations

from help_support import FIXTURES

from workbench.loaders.help.detect import detect_style, parser_for


def pointers(name: str, path: list[str]) -> list[list[str]]:
    from workbench.loaders.help.pointers import listing_pointers

    text = (FIXTURES / name).read_text()
    return listing_pointers(text, parser_for(detect_style(text))(text, path), path)


def test_a_leaf_list_option_of_its_positional_values_is_not_a_pointer():
    # `Usage: celery control [OPTIONS] COMMAND` and `--list  List available control commands
    # and exit.`: the listing is COMMAND's values (`add_consumer <queue> …`), not subcommands
    assert pointers("click_celery_control_leaf.txt", ["celery", "control"]) == []


def test_a_list_option_of_a_command_with_subcommands_stays_a_pointer():
    assert pointers("cargo_root.txt", ["cargo"]) == [["--list"]]
