"""The crawler's rules for the help-text classes issue 12 lists, each pinned on a real capture.

Every fixture here is a CLI's own output, captured on a Debian 12 machine (rclone 1.60, restic
0.14, git 2.39, jq 1.6, curl 7.88, …) with the crawler's environment (`NO_COLOR=1 TERM=dumb
COLUMNS=200`); the expected values were read off the text by hand.
"""

from __future__ import annotations

import pytest
from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help.detect import STYLES, detect_style, parser_for
from workbench.model.tree import FlagKind, ValueType


def commands_of(result) -> dict:
    return {command.name: command for command in result.subcommands}


# cobra pads names to the longest and then prints one space


def test_cobra_longest_command_name_followed_by_one_space_is_listed():
    commands = commands_of(parsed("cobra_rclone_root.txt", ["rclone"]))
    assert "genautocomplete" in commands
    assert commands["genautocomplete"].summary == "Output completion script for a given shell."
    assert len(commands) == 52  # every row of `Available Commands:`, none invented
    assert "gendocs" in commands and "version" in commands


def test_cobra_one_space_rows_in_a_second_cli():
    commands = commands_of(parsed("cobra_restic_root.txt", ["restic"]))
    assert commands["rebuild-index"].summary == "Build a new index"
    assert commands["self-update"].summary == "Update the restic binary"


# optional positionals


def test_a_positional_is_required_only_when_every_usage_form_requires_it():
    result = parsed("git_diff_forms.txt", ["git", "diff"])
    assert [(p.name, p.required, p.variadic) for p in result.positionals] == [
        ("commit", False, False),
        ("path", False, True),
    ]
    checkout = parsed("git_checkout.txt", ["git", "checkout"])
    assert [(p.name, p.required) for p in checkout.positionals] == [("branch", False)]


def test_an_optional_path_list_after_an_optional_separator():
    result = parsed("git_log.txt", ["git", "log"])
    assert [(p.name, p.required, p.variadic) for p in result.positionals] == [
        ("revision-range", False, False),
        ("path", False, True),
    ]


# several placeholder words: the option takes that many words


def test_a_placeholder_of_several_words_takes_exactly_that_many():
    flags = flags_of(parsed("jq_options.txt", ["jq"]))
    assert (flags["arg"].kind, flags["arg"].nargs, flags["arg"].metavar) == (
        FlagKind.VALUE,
        2,
        "a v",
    )
    assert flags["rawfile"].nargs == 2 and flags["slurpfile"].nargs == 2
    assert flags["tab"].kind is FlagKind.BOOLEAN and flags["tab"].nargs is None
    assert flags["args"].kind is FlagKind.BOOLEAN  # `--args  remaining arguments are …`


def test_click_two_word_type_is_one_value():
    flags = flags_of(parsed("click_hello.txt", ["hello"]))
    assert flags["count"].nargs is None and flags["count"].value_type is ValueType.INTEGER


def test_several_words_end_to_end_through_the_surface_and_argv():
    """What the model is offered for `--arg a v` and the words the CLI then receives."""
    from workbench.model.config import Config
    from workbench.model.surface import build_surface
    from workbench.model.tree import Command, CommandTree
    from workbench.runtime.argv import build_argv

    result = parsed("jq_options.txt", ["jq"])
    tree = CommandTree(
        root=Command(path=["jq"], flags=result.flags, positionals=result.positionals)
    )
    tool = build_surface(tree, Config()).tools[0]
    schema = tool.input_schema["properties"]["arg"]
    assert (schema["type"], schema["minItems"], schema["maxItems"]) == ("array", 2, 2)
    argv = build_argv(tool.binding, ["jq"], {"jq_filter": ".", "arg": ["name", "va lue"]})
    assert argv == ["jq", "--arg", "name", "va lue", "."]


# pointers to the full listing


def pointers(name: str, path: list[str]):
    from workbench.loaders.help.pointers import listing_pointers

    text = (FIXTURES / name).read_text()
    return listing_pointers(text, parser_for(detect_style(text))(text, path), path)


def with_listing(name: str, listing: str, path: list[str]):
    from workbench.loaders.help.detect import rules_for
    from workbench.loaders.help.generic import parse_listing
    from workbench.loaders.help.pointers import merge_listing

    result = parsed(name, path)
    text = (FIXTURES / listing).read_text()
    merge_listing(
        result, parse_listing(text, path, rules_for(detect_style(text, prefer=result.style)))
    )
    return result


def test_pointers_to_the_full_listing_are_found_and_guides_are_not():
    assert pointers("git_root.txt", ["git"]) == [
        ["help", "-a"]
    ]  # not `help -g` (guides), not `help <command>`
    assert pointers("curl_short_help.txt", ["curl"]) == [["--help", "all"]]  # not `--help category`
    assert pointers("cargo_root.txt", ["cargo"]) == [["--list"]]
    assert pointers("cobra_rclone_root.txt", ["rclone"]) == [
        ["help", "flags"]
    ]  # not `help backends`
    assert pointers("cobra_restic_root.txt", ["restic"]) == []
    assert pointers("gh_root.txt", ["gh"]) == []
    assert pointers("cobra_kubectl_root.txt", ["kubectl"]) == [
        ["options"]
    ]  # "a list of global command-line options"
    assert pointers("docker_ls.txt", ["docker", "container", "ls"]) == []
    assert (
        pointers("cobra_rclone_help.txt", ["rclone", "help"]) == []
    )  # the root's global flags are the root's


def test_kubectl_options_adds_the_global_flags_to_the_root():
    flags = flags_of(
        with_listing("cobra_kubectl_root.txt", "cobra_kubectl_options.txt", ["kubectl"])
    )
    assert len(flags) == 27
    assert (flags["namespace"].short, flags["namespace"].kind) == ("n", FlagKind.VALUE)
    assert (
        flags["as-group"].repeatable and flags["insecure-skip-tls-verify"].kind is FlagKind.BOOLEAN
    )
    assert flags["v"].value_type is ValueType.INTEGER and flags["v"].default == 0


def test_git_help_all_adds_every_command_and_no_concept_guide():
    commands = commands_of(with_listing("git_root.txt", "git_help_all.txt", ["git"]))
    assert {"remote", "stash", "worktree", "svn", "send-email", "rev-parse", "cat-file"} <= set(
        commands
    )
    assert (
        len(commands) == 145
    )  # the 144 rows of the eight command sections, plus `help` from `git -h`
    assert not {"attributes", "revisions", "format-pack", "protocol-v2"} & set(commands)


def test_cargo_list_adds_installed_commands_and_alias_rows_become_aliases():
    commands = commands_of(with_listing("cargo_root.txt", "cargo_list.txt", ["cargo"]))
    assert {"add", "fmt", "clippy", "tree", "vendor", "yank"} <= set(commands)
    assert {"b", "c", "d", "r", "t", "rm"}.isdisjoint(commands)
    assert "b" in commands["build"].aliases and "rm" in commands["remove"].aliases


def test_curl_help_all_adds_every_option():
    flags = flags_of(with_listing("curl_short_help.txt", "curl_help_all.txt", ["curl"]))
    assert len(flags) > 200
    assert flags["compressed"].kind is FlagKind.BOOLEAN
    assert flags["connect-timeout"].kind is FlagKind.VALUE
    assert flags["data"].short == "d"  # the short help's own entry stands


def test_rclone_help_flags_adds_the_global_flags_to_the_root():
    flags = flags_of(
        with_listing("cobra_rclone_root.txt", "cobra_rclone_help_flags.txt", ["rclone"])
    )
    assert flags["checkers"].value_type is ValueType.INTEGER and flags["checkers"].default == 8
    assert flags["checksum"].short == "c" and flags["checksum"].kind is FlagKind.BOOLEAN


def test_crawl_follows_a_pointer_to_the_full_listing(tmp_path):
    """A real subprocess that prints git's short help for `-h` and its full list for `help -a`."""
    import sys

    from workbench.loaders.help import crawl

    fake = tmp_path / "git"
    fake.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        f"texts = {{('-h',): {str(FIXTURES / 'git_root.txt')!r}, ('help', '-a'): {str(FIXTURES / 'git_help_all.txt')!r}}}\n"
        "args = tuple(sys.argv[1:])\n"
        "if args in texts:\n"
        "    sys.stdout.write(open(texts[args]).read())\n"
        "else:\n"
        "    sys.exit(129)\n"
    )
    fake.chmod(0o755)
    tree = crawl(str(fake), max_depth=0, use_cache=False)
    names = [command.path[-1] for command in tree.root.subcommands]
    assert names[:3] == ["clone", "init", "add"]  # `git -h`'s order first
    assert {"remote", "stash", "svn"} <= set(names) and "attributes" not in names
    assert any(
        note.startswith("git: `git help -a` lists ") and "more commands" in note
        for note in tree.notes
    )


# git's usage blocks: one form per subcommand


def test_git_or_forms_name_the_subcommands():
    result = parsed("git_remote.txt", ["git", "remote"])
    commands = commands_of(result)
    assert list(commands) == [
        "add",
        "rename",
        "remove",
        "set-head",
        "show",
        "prune",
        "update",
        "set-branches",
        "get-url",
        "set-url",
    ]
    assert result.runnable  # `git remote [-v | --verbose]` is a form of its own
    assert commands["add"].arguments.endswith("<name> <url>")
    assert flags_of(result)["verbose"].short == "v"


def test_git_or_forms_with_an_optional_default_subcommand_and_a_word_list():
    stash = parsed("git_stash.txt", ["git", "stash"])
    assert {"list", "show", "push", "save", "pop"} <= set(commands_of(stash))
    assert stash.flags == []  # the forms' options are the subcommands', not `git stash`'s
    assert stash.runnable  # `git stash [push …]`: push is what it runs by default
    sparse = parsed("git_sparse_checkout.txt", ["git", "sparse-checkout"])
    assert list(commands_of(sparse)) == ["init", "list", "set", "add", "reapply", "disable"]
    assert not sparse.runnable
    reflog = parsed("git_reflog.txt", ["git", "reflog"])
    assert list(commands_of(reflog)) == ["show", "expire", "delete", "exists"]
    assert reflog.positionals == []  # `[show]` is the default subcommand, not a positional


def test_one_form_per_subcommand_is_not_read_from_gnu_alternatives():
    assert parsed("git_bisect.txt", ["git", "bisect"]).subcommands == []
    assert parsed("gnu_ls.txt", ["ls"]).subcommands == []
    assert (
        parsed("git_log.txt", ["git", "log"]).subcommands == []
    )  # `or: git show …` is another command


# option rows flush left, long name first, under a heading without a colon


def test_flush_left_long_first_rows_under_a_heading_without_colon():
    result = parsed("rsync_flush_left.txt", ["rsync"])
    flags = flags_of(result)
    # the 154 rows less `--help, -h`, `--no-OPTION` and the three that are another's alias
    assert len(flags) == 149 and flags["delete-during"].aliases == ("--del",)
    assert (flags["verbose"].short, flags["verbose"].kind) == ("v", FlagKind.BOOLEAN)
    assert flags["info"].kind is FlagKind.VALUE and flags["info"].metavar == "FLAGS"
    assert flags["ipv6"].short == "6"
    assert flags["stderr"].default == "errors"
    assert "no-OPTION" not in flags and "help" not in flags
    assert "daemon-mode" not in flags["version"].help  # the closing prose is not a description


def test_usage_forms_continued_with_or_and_no_colon():
    result = parsed("rsync_flush_left.txt", ["rsync"])
    assert len(result.usage) == 7 and result.usage[1].startswith("rsync [OPTION]... SRC")


# commander


def test_commander_commands_after_an_ascii_banner_in_an_indented_help():
    result = parsed("commander_pm2_banner.txt", ["pm2"])
    commands = commands_of(result)
    assert len(commands) == 80  # every row of `Commands:` but the `*` catch-all
    assert commands["dashboard"].aliases == ["dash"] and commands["serve"].aliases == ["expose"]
    assert commands["start"].arguments == "[name|namespace|file|ecosystem|id...]"
    assert not result.runnable or result.flags  # the root reads its options too
    flags = flags_of(result)
    assert flags["name"].short == "n" and flags["name"].kind is FlagKind.VALUE
    # commander hands the program the word as typed: `<number>` names the value but does not
    # type it (pm2 takes `-i max`; docs/crawler.md, "Round 18: kinds and types …")
    assert flags["instances"].kind is FlagKind.VALUE
    assert flags["instances"].value_type is ValueType.STRING


def test_commander_alias_in_the_listing_and_in_the_command_usage():
    root = commands_of(parsed("commander_nest_root.txt", ["nest"]))
    assert root["new"].aliases == ["n"] and root["generate"].aliases == ["g"]
    assert "help" in root  # after the schematics table inside `Commands:`
    assert not {"application", "class", "name"} & set(root)  # the table's rows are no commands
    new = parsed("commander_nest_new.txt", ["nest", "new"])
    assert new.aliases == ["n"]
    assert [(p.name, p.required) for p in new.positionals] == [("name", False)]
    assert new.notes == []
    generate = parsed("commander_nest_generate.txt", ["nest", "generate"])
    assert [(p.name, p.required) for p in generate.positionals] == [
        ("schematic", True),
        ("name", False),
        ("path", False),
    ]


def test_commander_x_and_no_x_are_one_negatable_switch():
    flags = flags_of(parsed("commander_nest_generate.txt", ["nest", "generate"]))
    assert flags["spec"].negatable and flags["spec"].kind is FlagKind.BOOLEAN
    assert "no-spec" not in flags and "no-flat" not in flags
    assert flags["spec-file-suffix"].kind is FlagKind.VALUE
    new = flags_of(parsed("commander_nest_new.txt", ["nest", "new"]))
    assert new["observe"].negatable and "no-observe" not in new
    assert new["strict"].default is True and not new["strict"].negatable


# yargs without type labels


def test_yargs_unlabelled_kinds_are_decided_by_evidence_and_marked_as_guesses():
    result = parsed("yargs_localtunnel.txt", ["lt"])
    flags = flags_of(result)
    kinds = {key: (flag.kind, flag.kind_guessed) for key, flag in flags.items()}
    assert kinds["port"] == (FlagKind.VALUE, False)  # `Usage: lt --port [num]` shows its value
    assert flags["port"].value_type is ValueType.INTEGER
    assert kinds["host"] == (FlagKind.VALUE, False)  # `[default: "https://localtunnel.me"]`
    assert kinds["subdomain"] == (FlagKind.VALUE, True)  # "Request this subdomain"
    assert kinds["local-cert"] == (FlagKind.VALUE, True)  # "Path to certificate PEM file …"
    assert kinds["open"] == (FlagKind.BOOLEAN, True)  # "Opens the tunnel URL in your browser"
    assert kinds["local-https"] == (FlagKind.BOOLEAN, False)  # `[boolean]`
    assert result.positionals == []  # `[num]` is --port's value


def test_yargs_labelled_types_are_no_guesses():
    flags = flags_of(parsed("yargs.txt", ["serve.js"]))
    assert not any(flag.kind_guessed for flag in flags.values())
    assert flags["port"].kind is FlagKind.VALUE and flags["verbose"].kind is FlagKind.BOOLEAN


def test_a_guessed_kind_is_a_lint_finding_and_a_type_override_settles_it():
    from workbench.model.config import CommandConfig, Config, FlagConfig
    from workbench.model.lint import lint
    from workbench.model.surface import build_surface
    from workbench.model.tree import Command, CommandTree
    from workbench.runtime.argv import build_argv

    result = parsed("yargs_localtunnel.txt", ["lt"])
    tree = CommandTree(
        root=Command(path=["lt"], flags=result.flags, positionals=result.positionals)
    )
    findings = [f for f in lint(build_surface(tree, Config()), tree, Config()) if f.code == "WB405"]
    assert {f.subject for f in findings} == {
        "lt.subdomain",
        "lt.local-host",
        "lt.local-cert",
        "lt.local-key",
        "lt.local-ca",
        "lt.open",
    }
    opened = next(f for f in findings if f.subject == "lt.open")
    assert (
        "switch" in opened.message
        and 'type = "string"' in opened.fix
        and '[commands."lt".flags.open]' in opened.fix
    )

    config = Config(
        commands={
            "lt": CommandConfig(
                flags={"open": FlagConfig(type="string"), "subdomain": FlagConfig(type="string")}
            )
        }
    )
    surface = build_surface(tree, config)
    assert {f.subject for f in lint(surface, tree, config) if f.code == "WB405"} == {
        "lt.local-host",
        "lt.local-cert",
        "lt.local-key",
        "lt.local-ca",
    }
    tool = surface.tools[0]
    assert tool.input_schema["properties"]["open"]["type"] == "string"
    assert build_argv(tool.binding, ["lt"], {"port": 8000, "open": "firefox"}) == [
        "lt",
        "--port=8000",
        "--open=firefox",
    ]


# two entries per row, sub-headings and multi-letter shorts


def test_two_option_entries_side_by_side_on_one_row():
    result = parsed("zip_side_by_side.txt", ["zip"])
    flags = flags_of(result)
    assert {
        "f",
        "u",
        "d",
        "m",
        "r",
        "j",
        "0",
        "1",
        "9",
        "@",
        "A",
        "J",
        "T",
        "X",
        "y",
        "e",
        "n",
    } <= set(flags)
    assert flags["u"].help == "update: only changed or new files"  # not the left entry's text
    assert flags["f"].help == "freshen: only changed files"
    assert (
        flags["n"].kind is FlagKind.VALUE and flags["n"].metavar == "suffixes"
    )  # `[-n suffixes]` in the usage
    assert result.usage[0].startswith(
        "zip [-options]"
    )  # the form under `… Usage:`, without the prose
    assert "default action" in result.description
    assert (
        flags["h2"].spelling == "-h2"
    )  # `-h2  show more help`: a single-dash long option, served as spelled


def test_a_prose_heading_inside_a_commands_section_ends_the_rows():
    commands = commands_of(parsed("click_sqlfluff_examples.txt", ["sqlfluff"]))
    assert list(commands) == [
        "dialects",
        "fix",
        "format",
        "lint",
        "parse",
        "render",
        "rules",
        "version",
    ]


def test_a_multi_letter_single_dash_spelling_does_not_hide_the_long_name():
    flags = flags_of(parsed("click_kedro_new.txt", ["kedro", "new"]))
    assert "telemetry" in flags and "tc" not in flags
    assert flags["telemetry"].choices == ["yes", "no", "y", "n"]


def test_capitalised_parts_of_a_long_name_are_a_family_placeholder():
    flags = flags_of(parsed("gnu_diff_placeholder_names.txt", ["diff"]))
    assert "GTYPE-group-format" not in flags and "LTYPE-line-format" not in flags
    assert flags["line-format"].kind is FlagKind.VALUE and flags["ifdef"].short == "D"


def test_a_reply_that_is_another_programs_usage_and_an_error_is_no_help(tmp_path):
    """`hugo mod get --help` runs `go get` and prints go's usage, then its own error (exit 255)."""
    import sys

    from workbench.loaders.help.fetch import fetch_help

    fake = tmp_path / "hugo"
    fake.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"sys.stdout.write(open({str(FIXTURES / 'cobra_hugo_mod_get_runs_go.txt')!r}).read())\nsys.exit(255)\n"
    )
    fake.chmod(0o755)
    fetched = fetch_help(str(fake), ["mod", "get"], [], 10)
    assert fetched.text is None and "another program's usage" in fetched.problem


# prose, example and output blocks never yield flags or commands

INVENTION_CASES = [
    (
        "cobra_rclone_lsd_output_rows.txt",
        ["rclone", "lsd"],
    ),  # `      -1 2016-10-17 17:41:53        -1 1000files`
    (
        "cobra_rclone_rc_example_lines.txt",
        ["rclone", "rc"],
    ),  # `    -a value -a value2`, `    -o key=value -o key2`
    (
        "cobra_rclone_serve_docker_prose.txt",
        ["rclone", "serve", "docker"],
    ),  # `files - you can't extend them …`
]


@pytest.mark.parametrize(("fixture", "path"), INVENTION_CASES)
@pytest.mark.parametrize("style", STYLES)
def test_examples_output_rows_and_prose_yield_nothing_in_any_style(fixture, path, style):
    result = parser_for(style)((FIXTURES / fixture).read_text(), path)
    assert result.subcommands == []
    assert not {"1", "a", "o", "files", "-1"} & {flag.key for flag in result.flags}


def test_cobra_reads_the_real_flags_under_the_prose():
    rc = flags_of(parsed("cobra_rclone_rc_example_lines.txt", ["rclone", "rc"]))
    assert rc["arg"].short == "a" and rc["arg"].repeatable and rc["opt"].short == "o"
    docker = parsed("cobra_rclone_serve_docker_prose.txt", ["rclone", "serve", "docker"])
    assert "files - you can't extend them" in docker.description  # kept as the description it is
    assert len(docker.flags) == 49 and docker.subcommands == []
    assert [
        p.name for p in parsed("cobra_rclone_lsd_output_rows.txt", ["rclone", "lsd"]).positionals
    ] == ["remote:path"]


def test_a_spelling_listed_twice_with_commas_is_one_entry_not_an_example():
    flags = flags_of(parsed("gnu_sort_spellings_listed.txt", ["sort"]))
    assert flags["check"].short == "c"  # `-c, --check, --check=diagnose-first`
