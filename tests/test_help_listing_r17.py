"""Command listings of round 17's held-out set that the crawler read wrong (docs/loaders.md,
"Round 17", classes 1, 2 and 3): commands grouped under headings of their own beside
`Commands:` (a click group with a custom group formatter), a root help with no usage line
whose commands sit under colon-less group headings (argparse after dispatch), and a
rich-click options panel whose title names commands.

Fixtures are the real help outputs recorded for the corpus: modal 1.6.4 `--help` and
`environment --help` (tests/corpus/recordings/modal.json), conan 2.34.0 `run --help`
(conan.json), rich-codex 1.4.0 `--help` (rich-codex.json). Expected values are read off
the texts by hand.
"""

from __future__ import annotations

from help_support import parsed

from workbench.model.tree import FlagKind, ValueType

# ------------------------------------------ class 1: commands under headings of their own


def _commands(result) -> list[str]:
    return [command.name for command in result.subcommands]


def test_commands_under_headings_beside_commands_are_commands():
    # `Commands:` (run … curl), then `Compute:` / `  app        Manage deployed and running
    # Apps.`, `Storage:`, `Configuration:`, `Observability:`: one listing in five groups
    result = parsed("modal_1_6_root.txt", ["modal"])
    assert _commands(result) == [
        *("run", "serve", "deploy", "shell", "curl"),
        *("app", "container", "endpoint", "function", "server"),
        *("image", "dict", "secret", "queue", "volume"),
        *("workspace", "environment", "profile", "config", "token", "skills", "setup"),
        *("billing", "changelog", "dashboard"),
    ]
    summaries = {command.name: command.summary for command in result.subcommands}
    assert summaries["app"] == "Manage deployed and running Apps."
    assert summaries["dashboard"] == "Open the Modal Dashboard in a web browser."


def test_a_group_with_no_commands_heading_lists_its_groups_rows():
    # `modal environment --help`: only `Management:` (five rows) and `Inspection:` (one row,
    # a command all the same: the help lists commands under another heading)
    result = parsed("modal_1_6_environment.txt", ["modal", "environment"])
    assert _commands(result) == ["list", "create", "update", "delete", "roles", "billing"]


def test_aligned_rows_of_an_arguments_section_stay_arguments():
    # `usage: conan run … [path] command` names a `command`, and `positional arguments:`
    # holds two aligned lowercase rows: the program's positionals, not subcommands
    result = parsed("conan_2_34_run.txt", ["conan", "run"])
    assert result.subcommands == []
    assert [p.name for p in result.positionals] == ["path", "command"]


# ------------------------------------------- class 3: an options panel titled by commands


def test_an_options_panel_whose_title_names_commands_holds_options():
    # rich-click: `╭─ Running commands ─…` over `│ --timeout  INTEGER  [env var: TIMEOUT]
    # Maximum run time …│`: its rows are option rows, so its options are the command's
    result = parsed("rich_codex_1_4_root.txt", ["rich-codex"])
    flags = {flag.key: flag for flag in result.flags}
    for name in (
        *("timeout", "working-dir", "before-command", "after-command", "extra-env"),
        *("no-dedupe", "use-pty"),
    ):
        assert name in flags, name
    assert flags["timeout"].value_type is ValueType.INTEGER
    assert flags["use-pty"].kind is FlagKind.BOOLEAN
    assert result.subcommands == []
    assert len(result.flags) == 39  # the seven panels' rows, `--help` left out
