"""Command listings of round 17's held-out set that the crawler read wrong (docs/loaders.md,
"Round 17", classes 1, 2 and 3): commands grouped under headings of their own beside
`Commands:` (a click group with a custom group formatter), a root help with no usage line
whose commands sit under colon-less group headings (argparse after dispatch), and a
rich-click options panel whose title names commands.

Fixtures are the real help outputs recorded for the corpus: modal 1.6.4 `--help` and
`environment --help` (tests/corpus/recordings/modal.json), conan 2.34.0 `--help`,
`run --help`, `build --help` and `audit provider --help` (conan.json), rich-codex 1.4.0
`--help` (rich-codex.json). Expected values are read off the texts by hand.
"""

from __future__ import annotations

import re
import sys

from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help.fetch import fetch_help
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


# ------------------------- class 2: no usage line, commands under colon-less group headings


def _printing(folder, text: str):
    """A program that prints `text` for any arguments, as conan prints its root help."""
    script = folder / "conan"
    script.write_text(f"#!{sys.executable}\nprint({text!r}, end='')\n")
    script.chmod(0o755)
    return str(script)


_CONAN_ROWS = re.compile(r"(?m)^([a-z][\w-]*) +\S")
"""A flush-left row of conan's root help: what the expected command names are read by."""


def test_colon_less_group_headings_over_flush_left_rows_list_commands():
    # `Consumer commands` / `cache      Perform file operations …` (flush left, a wrapped
    # summary indented), `Creator commands`, `Security commands`; no usage line, no options,
    # then `Type "conan <command> -h" for help`
    text = (FIXTURES / "conan_2_34_root.txt").read_text()
    result = parsed("conan_2_34_root.txt", ["conan"])
    assert _commands(result) == _CONAN_ROWS.findall(text)
    assert len(result.subcommands) == 28  # 16 consumer, 10 creator and 2 security commands
    summaries = {command.name: command.summary for command in result.subcommands}
    assert summaries["list"] == (
        "List existing recipes, revisions, or packages in the cache (by default) or the remotes."
    )
    # `export-pkg Create a package …`: the name fills its column, one space before the summary
    assert summaries["export-pkg"] == "Create a package directly from pre-compiled binaries."


def test_a_help_of_colon_less_command_groups_is_read_not_refused(tmp_path):
    # the crawl failed: "printed text with no usage line, options or commands"
    text = (FIXTURES / "conan_2_34_root.txt").read_text()
    fetched = fetch_help(_printing(tmp_path, text), [], [], 60)
    assert fetched.text == text, fetched.problem


def test_a_choice_positional_before_another_positional_is_no_subcommand_block():
    # `usage: … {add,list,auth,remove} [name]` over `positional arguments:` /
    # `  {add,list,auth,remove}` / `    Action to perform …`: an argument with choices
    # (a subparsers action prints `{a,b} ...`); it gave four invented commands
    result = parsed("conan_2_34_audit_provider.txt", ["conan", "audit", "provider"])
    assert result.subcommands == []
    assert len(result.positionals) == 2


def test_a_colon_inside_an_option_name_is_part_of_it():
    # `-pr:b PROFILE_BUILD, --profile:build PROFILE_BUILD`, `-o:h OPTIONS_HOST, --options:host`
    # were not read at all (12 options per command that takes profiles)
    flags = flags_of(parsed("conan_2_34_build.txt", ["conan", "build"]))
    for context in ("build", "host", "all"):
        for name in ("profile", "options", "settings", "conf"):
            flag = flags[f"{name}:{context}"]
            assert flag.kind is FlagKind.VALUE, flag.key
            assert flag.metavar == f"{name.upper()}_{context.upper()}", flag.key
    assert "profile" in flags and flags["profile"].short is None  # `-pr PROFILE, --profile`
