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


def test_commands_listed_as_a_title_over_an_indented_usage_line_are_read():
    # s3cmd 2.4.0's `--help`: `Commands:` / `  Make bucket` / `      s3cmd mb s3://BUCKET`
    text = (FIXTURES / "optparse_s3cmd_commands.txt").read_text()
    parsed = parser_for(detect_style(text))(text, ["s3cmd"])
    by_name = {c.name: c for c in parsed.subcommands}
    assert {"mb", "rb", "ls", "la", "put", "get", "del", "rm"} <= set(by_name)
    assert by_name["mb"].summary == "Make bucket"
    assert by_name["rm"].summary == "Delete file from bucket (alias for del)"
    # the title's words are no commands, and the usage's arguments are no names
    assert not {"Make", "Remove", "s3://BUCKET", "FILE"} & set(by_name)
