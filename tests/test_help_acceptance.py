"""The help crawler against real CLIs' help texts: what measuring it on a dozen installed CLIs
found wrong, each pinned by a trimmed capture under `tests/fixtures/help/`, plus live crawls
that skip when the CLI is not installed.

Each fixture is the CLI's own output (trimmed): GNU tar's argp (`-?`, one-space columns),
grep's two-line `--color[=WHEN],` term, sed's `{script-only-if-no-other-script}`, cleo's
`list` output and command help (poetry), tsc's flush-left entries with `type:` lines,
prettier's `Defaults to x.`, httpie's prose defaults, pip's "repeatable installs", npm's
values and switches named only in the synopsis, closed value lists in prose (git's
`optional modes: a, b.`, kubectl's `Must be "a", "b", or "c".`), git bisect's
`[help|start|…]`, and nl's value tables (`STYLE is one of:`) that are no commands.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from help_support import flags_of, parsed

from workbench.loaders.help import crawl
from workbench.model.tree import FlagKind, ValueType


def test_tar_argp_help_with_a_question_mark_short_and_one_space_columns():
    result = parsed("tar_argp.txt", ["tar"])
    flags = flags_of(result)
    assert flags["catenate"].short == "A" and flags["catenate"].kind is FlagKind.BOOLEAN
    assert flags["exclude-caches-under"].kind is FlagKind.BOOLEAN
    assert flags["exclude-caches-under"].help.startswith("exclude everything under")
    assert (
        flags["exclude-tag-all"].kind is FlagKind.VALUE
        and flags["exclude-tag-all"].value_type is ValueType.PATH
    )
    assert flags["ignore-command-error"].kind is FlagKind.BOOLEAN
    assert flags["no-ignore-command-error"].kind is FlagKind.BOOLEAN
    assert flags["checkpoint"].kind is FlagKind.VALUE
    assert "help" not in flags and "?" not in flags  # `-?, --help` is the help flag
    assert [p.name for p in result.positionals] == ["FILE"]


def test_grep_two_line_term_and_the_num_placeholder():
    flags = flags_of(parsed("grep_color.txt", ["grep"]))
    assert flags["color"].kind is FlagKind.VALUE and flags["color"].metavar == "WHEN"
    assert "highlight" in flags["color"].help
    assert "NUM" not in flags  # `-NUM` is `grep -5`, not a flag named NUM
    assert flags["context"].short == "C" and flags["context"].value_type is ValueType.INTEGER
    assert flags["binary"].short == "U"


def test_sed_one_braced_name_is_a_placeholder_not_a_choice():
    result = parsed("sed_braces.txt", ["sed"])
    first = result.positionals[0]
    assert first.name == "script-only-if-no-other-script"
    assert first.choices is None and first.value_type is not ValueType.CHOICE
    assert set(flags_of(result)) >= {"quiet", "expression", "file"}


def test_cleo_root_listing_groups_namespaced_rows():
    result = parsed("cleo_list.txt", ["poetry"])
    assert result.style == "cleo"
    assert [c.name for c in result.subcommands] == ["about", "add", "build", "version", "cache"]
    assert result.runnable
    assert result.positionals == []
    assert flags_of(result)["verbose"].kind is FlagKind.COUNT


def test_cleo_namespace_listing_names_its_commands():
    result = parsed("cleo_list_namespace.txt", ["poetry", "cache"])
    assert [(c.name, c.summary) for c in result.subcommands] == [
        ("clear", "Clear Poetry's caches."),
        ("list", "List Poetry's caches."),
    ]
    assert not result.runnable


def test_cleo_command_help():
    result = parsed("cleo_add.txt", ["poetry", "add"])
    assert result.style == "cleo"
    flags = flags_of(result)
    assert flags["group"].default == "main" and flags["group"].short == "G"
    assert flags["extras"].repeatable  # `(multiple values allowed)`
    assert flags["dev"].kind is FlagKind.BOOLEAN
    assert flags["verbose"].kind is FlagKind.COUNT
    assert [(p.name, p.required, p.variadic) for p in result.positionals] == [("name", True, True)]
    assert result.subcommands == []  # the `Help:` prose (`- A single name`) is no option either
    assert "single" not in flags


def test_tsc_flush_left_entries_and_type_lines():
    result = parsed("tsc_flushleft.txt", ["tsc"])
    flags = flags_of(result)
    assert list(flags) == ["watch", "project", "pretty", "target", "module", "outDir"]
    assert flags["watch"].kind is FlagKind.BOOLEAN and flags["watch"].short == "w"
    assert flags["pretty"].kind is FlagKind.BOOLEAN and flags["pretty"].default is True
    assert flags["target"].choices[-1] == "esnext" and flags["target"].default == "es2025"
    assert flags["module"].value_type is ValueType.CHOICE and flags["module"].default is None
    assert flags["outDir"].kind is FlagKind.VALUE  # no `type: boolean` among typed entries
    assert result.subcommands == []  # `tsc app.ts` rows are examples, not subcommands


def test_prettier_defaults_to_sentence():
    flags = flags_of(parsed("prettier_defaults.txt", ["prettier"]))
    assert (
        flags["arrow-parens"].choices == ["always", "avoid"]
        and flags["arrow-parens"].default == "always"
    )
    assert (
        flags["print-width"].value_type is ValueType.INTEGER and flags["print-width"].default == 80
    )
    assert flags["bracket-same-line"].default is False
    assert "Defaults to" not in flags["print-width"].help


def test_httpie_prose_is_no_default():
    flags = flags_of(parsed("httpie_prose_defaults.txt", ["http"]))
    assert flags["style"].default is None
    assert flags["style"].short == "s"
    assert (
        flags["max-headers"].default == 0 and flags["max-headers"].value_type is ValueType.INTEGER
    )


def test_pip_repeatable_as_an_adjective_is_no_count():
    flags = flags_of(parsed("pip_repeatable_prose.txt", ["pip", "install"]))
    assert flags["require-hashes"].kind is FlagKind.BOOLEAN
    assert flags["progress-bar"].default == "on"


def test_npm_values_named_in_the_synopsis_have_no_false_default():
    flags = flags_of(parsed("npm_synopsis_values.txt", ["npm", "install"]))
    assert flags["install-strategy"].kind is FlagKind.VALUE
    assert flags["install-strategy"].choices == ["hoisted", "nested", "shallow", "linked"]
    assert flags["install-strategy"].default is None
    assert flags["save"].default is False


def test_npm_spellings_only_the_option_synopsis_shows_are_switches():
    flags = flags_of(parsed("npm_synopsis_values.txt", ["npm", "install"]))
    assert {"save-prod", "save-dev", "save-optional", "save-peer", "save-bundle"} <= set(flags)
    assert flags["save-dev"].kind is FlagKind.BOOLEAN
    assert flags["save"].negatable  # `--no-save`
    assert "no-save" not in flags


def test_closed_value_lists_in_the_description():
    git = flags_of(parsed("git_commit.txt", ["git", "commit"]))["untracked-files"]
    assert (git.choices, git.default) == (["all", "normal", "no"], "all")
    kubectl = flags_of(parsed("kubectl_dry_run.txt", ["kubectl", "scale"]))["dry-run"]
    assert (kubectl.choices, kubectl.default) == (["none", "server", "client"], "none")


def test_gnu_value_tables_are_no_commands():
    result = parsed("nl_value_lists.txt", ["nl"])
    assert (
        result.subcommands == []
    )  # `STYLE is one of:  a  number all lines`, no COMMAND in the usage
    assert flags_of(result)["body-numbering"].metavar == "STYLE"
    git = parsed("git_root.txt", ["git"])
    assert {"clone", "init"} <= {c.name for c in git.subcommands}  # git names `<command>`


def test_git_bisect_literal_alternatives_are_choices():
    result = parsed("git_bisect.txt", ["git", "bisect"])
    assert [p.name for p in result.positionals] == ["choice"]
    assert result.positionals[0].choices[:3] == ["help", "start", "bad"]
    assert not result.positionals[0].required


# Live crawls: quick, depth-limited, skipped when the CLI is not installed.


def _installed(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


@pytest.mark.parametrize("name", ["tar", "grep", "sed"])
def test_live_gnu_tools(name, tmp_path):
    tree = crawl(_installed(name), use_cache=False, max_depth=0, cache_dir=tmp_path)
    keys = {f.key for f in tree.root.flags}
    assert len(keys) > 10
    assert "help" not in keys and not tree.notes


def test_live_poetry_lists_namespaces(tmp_path):
    exe = _installed("poetry")
    tree = crawl(exe, use_cache=False, max_depth=0, cache_dir=tmp_path, timeout_s=30)
    names = {c.name for c in tree.root.subcommands}
    assert {"add", "install", "cache", "env"} <= names  # from `poetry list`; `--help` shows none
    assert any(f.key == "verbose" and f.kind is FlagKind.COUNT for f in tree.root.flags)


def test_live_cargo_build(tmp_path):
    exe = _installed("cargo")
    tree = crawl(exe, use_cache=False, max_depth=0, cache_dir=tmp_path)
    names = {c.name for c in tree.root.subcommands}
    assert {"build", "check", "test"} <= names and "..." not in names
    verbose = next(f for f in tree.root.flags if f.key == "verbose")
    assert verbose.kind is FlagKind.COUNT


def test_live_git_bisect_positional(tmp_path):
    exe = _installed("git")
    if (
        subprocess.run(
            [exe, "bisect", "-h"], capture_output=True, text=True, check=False
        ).stdout.find("[help|start")
        < 0
    ):
        pytest.skip("this git prints another bisect usage")
    tree = crawl(exe, use_cache=False, max_depth=1, cache_dir=tmp_path)
    bisect = tree.find("git bisect")
    assert bisect is not None and bisect.positionals[0].choices
