"""zsh completion files that give each subcommand its own `_arguments` in a `case` branch
(issue 12, round 15): the specs of a branch are that subcommand's options, not the root's and
not lost.

The fixture is cargo 1.95's shipped `_cargo` (rustup installs it in the toolchain's
`share/zsh/site-functions`), copied verbatim: `case $state in args) case ${words[1]} in add)
_arguments … ;; build | b) _arguments -s -S $common $parallel … ;;`, with specs in arrays
(`common=( … )`, `parallel=( "${jobs[@]}" … )`) and scalars (`msgfmt='--message-format=[…]'`).
What each test expects is read off that file by eye.
"""

from __future__ import annotations

import sys
from pathlib import Path

from workbench.loaders.help.completions import CompletionFile, read_zsh
from workbench.loaders.help.crawl import crawl

CARGO = (Path(__file__).parent / "fixtures" / "help" / "zsh_cargo_case_branches").read_text(
    encoding="utf-8"
)


def _options(text: str) -> dict[tuple[str, ...], dict[str, object]]:
    placed: dict[tuple[str, ...], dict[str, object]] = {}
    for option in read_zsh(text).options:
        placed.setdefault(option.path, {})[option.flag.key] = option.flag
    return placed


def test_specs_in_a_branch_of_a_case_on_the_words_are_that_subcommands_own():
    placed = _options(CARGO)
    build = placed[("build",)]  # `build | b)`: the name first, the alias after
    assert {"release", "all-targets", "package", "ignore-rust-version"} <= build.keys()
    assert {"jobs", "keep-going"} <= build.keys()  # `$parallel` = `"${jobs[@]}"` + its own
    assert {"message-format", "manifest-path", "target-dir"} <= build.keys()  # `$msgfmt` etc.
    assert {"verbose", "quiet", "locked"} <= build.keys()  # `$common`: cargo build --locked
    assert "release" not in placed[("add",)] and "dry-run" in placed[("add",)]
    assert ("b",) not in placed  # an alias of `build`, not a command of its own
    clean = placed[("clean",)]
    assert "doc" in clean and "all-targets" not in clean


def test_the_root_keeps_only_its_own_specs():
    root = _options(CARGO)[()]
    assert {"list", "explain", "verbose", "offline"} <= root.keys()
    assert not {"release", "dry-run", "all-targets"} & root.keys()  # subcommands' options


def test_a_branch_of_a_case_on_anything_else_is_not_read():
    text = (
        "#compdef tool\n"
        "_arguments '--top[root option]' '*:: :->args'\n"
        "case $service in\n"
        "  run)\n"
        "    _arguments '--fast[not a subcommand option: $service is no command word]'\n"
        "    ;;\n"
        "esac\n"
        "case $words[1] in\n"
        "  (run)\n"
        "    _arguments '--quick[run quickly]'\n"
        "    ;;\n"
        "  *)\n"
        "    _arguments '--any[default branch]'\n"
        "    ;;\n"
        "esac\n"
    )
    placed = _options(text)
    assert placed[()].keys() == {"top"}
    assert placed[("run",)].keys() == {"quick"}  # clap's `(run)` pattern form too
    assert not any("fast" in flags or "any" in flags for flags in placed.values())


def test_nested_branches_give_deeper_paths():
    # the shape clap's zsh generator writes: `case $line[1] in (remote) … case $line[1] in (add)`
    text = (
        "_arguments '-v[verbose]' ':: :_tool_commands' '*::: :->tool'\n"
        "case $state in\n"
        "(tool)\n"
        "  case $line[1] in\n"
        "    (remote)\n"
        "_arguments '--all[every remote]' ':: :_tool__remote_commands' '*::: :->remote'\n"
        "      case $state in\n"
        "      (remote)\n"
        "        case $line[1] in\n"
        "          (add)\n"
        "_arguments '--fetch[fetch it]' ':name:'\n"
        "          ;;\n"
        "        esac\n"
        "      ;;\n"
        "      esac\n"
        "    ;;\n"
        "  esac\n"
        ";;\n"
        "esac\n"
    )
    placed = _options(text)
    assert placed[("remote",)].keys() == {"all"}
    assert placed[("remote", "add")].keys() == {"fetch"}


def test_a_crawl_takes_a_subcommands_options_from_the_programs_own_zsh_file(tmp_path):
    # a program whose help shows `build` without `--keep-going`; its own `_cargo` lists it there
    root_help = (
        "Usage: cargo [OPTIONS] [COMMAND]\n\nOptions:\n"
        "  -V, --version  Print version info and exit\n      --list  List installed commands\n"
        "  -v, --verbose  Use verbose output\n  -q, --quiet  Do not print cargo log messages\n"
        "      --offline  Run without accessing the network\n  -h, --help  Print help\n\n"
        "Commands:\n    build, b    Compile the current package\n"
    )
    build_help = (
        "Compile a local package\n\nUsage: cargo build [OPTIONS]\n\nOptions:\n"
        "      --release  Build artifacts in release mode\n  -h, --help  Print help\n"
    )
    cli = tmp_path / "cargo"
    cli.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"if sys.argv[1:] in (['--help'],):\n    sys.stdout.write({root_help!r})\n"
        f"elif sys.argv[1:] == ['build', '--help']:\n    sys.stdout.write({build_help!r})\n"
        "else:\n    sys.exit('error: unknown')\n"
    )
    cli.chmod(0o755)
    own = CompletionFile(str(tmp_path / "_cargo"), "zsh", CARGO, True, "the program's own")
    tree = crawl(str(cli), use_cache=False, man="/bin/false", completions=lambda path, names: [own])
    build = tree.find("cargo build")
    assert build is not None
    names = {f.name for f in build.flags}
    assert {"release", "keep-going", "all-targets"} <= names
    assert "keep-going" not in {f.name for f in tree.root.flags}
