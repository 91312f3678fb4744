"""The argparse loader reads subparsers, actions, parents and groups exactly as argparse defines them."""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path

import pytest
from loader_expectations import check_argparse_tree, find

from workbench.loaders import load
from workbench.model.config import Loader
from workbench.model.errors import LoadError
from workbench.model.tree import FlagKind, ValueType


def test_pkgtool_matches_its_argparse_definition() -> None:
    from sample_clis.pkgtool import build_parser

    loaded = load("sample_clis.pkgtool:build_parser")
    assert loaded.source.loader is Loader.ARGPARSE
    assert (
        check_argparse_tree(loaded.tree, build_parser()) == sum(1 for _ in loaded.tree.walk()) == 9
    )


def test_pkgtool_details_users_rely_on() -> None:
    from sample_clis import pkgtool

    tree = load("sample_clis.pkgtool:build_parser").tree
    assert tree.root.name == "pkgtool" and tree.cli_version == pkgtool.__version__
    assert not tree.root.runnable and "pkgtool install requests" in tree.root.examples
    root_flags = {f.key: f for f in tree.root.flags}
    assert root_flags["verbose"].kind is FlagKind.COUNT and root_flags["verbose"].short == "v"
    assert root_flags["color"].negatable and root_flags["color"].default is True
    install = find(tree, "pkgtool install")
    assert install.aliases == ["i"] and install.short_help == "Install packages."
    assert install.help.startswith("Install one or more packages")
    flags = {f.key: f for f in install.flags}
    assert flags["with"].repeatable and flags["with"].metavar == "EXTRA"
    assert (
        flags["channel"].choices == pkgtool.CHANNELS
        and flags["channel"].help == "Release channel (default: stable)."
    )
    assert flags["no-deps"].kind is FlagKind.BOOLEAN and flags["no-deps"].default is False
    assert flags["progress"].negatable
    assert flags["root"].inherited_from and flags["quiet"].inherited_from
    assert flags["root"].value_type is ValueType.PATH
    assert flags["channel"].inherited_from is None
    assert install.exclusive_groups == [["user", "system"]]
    assert (
        install.positionals[0].name,
        install.positionals[0].required,
        install.positionals[0].variadic,
    ) == ("PACKAGE", True, True)
    patterns = find(tree, "pkgtool list").positionals[0]
    assert (patterns.required, patterns.variadic) == (False, True)
    assert find(tree, "pkgtool remove").aliases == ["rm", "uninstall"]
    assert not find(tree, "pkgtool cache").runnable
    assert find(tree, "pkgtool cache clean").runnable


def test_main_is_captured_at_parse_args_without_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "ran"
    (tmp_path / "sidecar.py").write_text(
        textwrap.dedent(f"""
        import argparse, pathlib

        def main():
            common = argparse.ArgumentParser(add_help=False)
            common.add_argument("--profile")
            parser = argparse.ArgumentParser(description="Side car.")
            sub = parser.add_subparsers(dest="cmd")
            run = sub.add_parser("run", parents=[common], help="Run it.")
            run.add_argument("jobs", nargs="*")
            args = parser.parse_args()
            pathlib.Path({str(marker)!r}).write_text("the program ran")
    """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    loaded = load("sidecar:main")
    assert not marker.exists()
    assert loaded.tree.root.name == "sidecar"  # prog was argparse's default, not the user's choice
    run = find(loaded.tree, "sidecar run")
    assert (
        run.flags[0].name == "profile" and run.flags[0].inherited_from
    )  # one child: only recording knows
    assert loaded.source.command[-2:] == ["-m", "sidecar"]


def test_exit_before_parsing_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "quitter.py").write_text("import sys\ndef main():\n    sys.exit(3)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(LoadError, match="quitter:main") as caught:
        load("quitter:main")
    assert "\n" not in str(caught.value)


def _every_action_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="every", formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--name", required=True, help="who")
    parser.add_argument("--level", type=int, choices=[1, 2, 3], default=2, help="how much")
    parser.add_argument("--scale", type=float, default=1.5)
    parser.add_argument("--out", type=argparse.FileType("w"))
    parser.add_argument("--tag", action="extend", nargs="+")
    parser.add_argument("--mode", action="store_const", const="fast")
    parser.add_argument("--hidden", help=argparse.SUPPRESS)
    parser.add_argument("--skip", default=argparse.SUPPRESS)
    parser.add_argument("-x", action="append", type=int)
    parser.add_argument("-V", "--version", action="version", version="%(prog)s 9.9")
    parser.add_argument("src", metavar="SRC")
    parser.add_argument("dst", nargs="?", default="out")
    parser.add_argument("pair", nargs=2)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true")
    group.add_argument("--yaml", action="store_true")
    return parser


def test_a_parser_with_every_action_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    parser = _every_action_parser()
    module = type(sys)("every_cli")
    module.parser = parser
    monkeypatch.setitem(sys.modules, "every_cli", module)
    tree = load("every_cli:parser").tree
    assert check_argparse_tree(tree, parser) == 1
    assert tree.root.name == "every" and tree.cli_version == "9.9"
    flags = {f.key: f for f in tree.root.flags}
    assert flags["name"].required and flags["name"].help.startswith("who")
    assert "(default: 2)" in flags["level"].help and flags["level"].choices == ["1", "2", "3"]
    assert (
        flags["level"].default == 2 and flags["level"].value_type is ValueType.INTEGER
    )  # typed choices
    assert flags["out"].value_type is ValueType.PATH
    assert flags["tag"].repeatable and flags["mode"].kind is FlagKind.BOOLEAN
    assert flags["hidden"].hidden and flags["skip"].default is None
    assert (
        flags["x"].name is None
        and flags["x"].repeatable
        and flags["x"].value_type is ValueType.INTEGER
    )
    assert flags["version"].kind is FlagKind.BOOLEAN and flags["version"].short == "V"
    assert [(p.name, p.required, p.variadic, p.default) for p in tree.root.positionals] == [
        ("SRC", True, False, None),
        ("dst", False, False, "out"),
        ("pair", True, True, None),
    ]
    assert tree.root.exclusive_groups == [["json", "yaml"]]
    assert any("pair" in n for n in tree.notes) and not any(
        "--tag" in n for n in tree.notes
    )  # extend: exact
    assert flags["tag"].nargs is None


def test_shared_actions_without_recording_are_inherited() -> None:
    from workbench.loaders.argparse_loader import argparse_tree_data
    from workbench.model.tree import CommandTree

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--root")
    parser = argparse.ArgumentParser(prog="p")
    sub = parser.add_subparsers()
    sub.add_parser("a", parents=[common]).add_argument("--only-a")
    sub.add_parser("b", parents=[common])
    tree = CommandTree.from_data(argparse_tree_data(parser, "p"))
    assert check_argparse_tree(tree, parser) == 3
    assert [(f.key, bool(f.inherited_from)) for f in find(tree, "p a").flags] == [
        ("root", True),
        ("only-a", False),
    ]


def test_optional_subcommands_with_a_handler_of_its_own_make_the_parser_runnable() -> None:
    from workbench.loaders.argparse_loader import argparse_tree_data
    from workbench.model.tree import CommandTree

    parser = argparse.ArgumentParser(prog="tool")
    parser.set_defaults(func=lambda args: None)
    parser.add_subparsers().add_parser("sub")
    strict = argparse.ArgumentParser(prog="strict")
    strict.set_defaults(func=lambda args: None)
    strict.add_subparsers(required=True).add_parser("sub")
    tree = CommandTree.from_data(argparse_tree_data(parser, "tool"))
    assert check_argparse_tree(tree, parser) == 2 and tree.root.runnable
    assert not CommandTree.from_data(argparse_tree_data(strict, "strict")).root.runnable


def test_parents_given_positionally_are_recorded() -> None:
    from workbench.loaders.argparse_loader import argparse_tree_data
    from workbench.loaders.introspect import recording_parsers
    from workbench.model.tree import CommandTree

    with recording_parsers():
        common = argparse.ArgumentParser(add_help=False)
        common.add_argument("--token")
        parser = argparse.ArgumentParser("svc", None, "Service.", None, [common])
        parser.add_argument("--mine")
    tree = CommandTree.from_data(argparse_tree_data(parser, "svc"))
    assert check_argparse_tree(tree, parser, parents=[common]) == 1
    assert [(f.key, bool(f.inherited_from)) for f in tree.root.flags] == [
        ("token", True),
        ("mine", False),
    ]
