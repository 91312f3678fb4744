"""The loaders are exact on real click/typer/argparse CLIs installed next to us, not only on our samples.

Each console script is loaded the way a user names it (its path), then compared with the
object its entry point loads (for `main()` functions, the parser captured at parse_args).
"""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

import pytest
from loader_expectations import check_argparse_tree, check_click_tree

from workbench.loaders import introspect, load
from workbench.model.config import Loader

pytestmark = [pytest.mark.live, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

SCRIPTS = [
    ("uvicorn", Loader.CLICK),  # click command, many options, envvars, choices
    ("hypothesis", Loader.CLICK),  # click group
    ("httpx2", Loader.CLICK),  # click, tuple options (nargs=2)
    ("mcp", Loader.TYPER),  # typer app with subcommands
    ("typer", Loader.TYPER),  # typer's own CLI
    ("pytest", Loader.ARGPARSE),  # argparse built inside main(): captured at parse_args
    ("pygmentize", Loader.ARGPARSE),  # argparse: nargs='*', nargs=2, mutually exclusive groups
    ("jsonschema", Loader.ARGPARSE),
    ("markdown-it", Loader.ARGPARSE),
]


def _entry(name: str) -> importlib.metadata.EntryPoint:
    found = list(importlib.metadata.entry_points(group="console_scripts", name=name))
    script = Path(sys.executable).parent / name
    if not found or not script.is_file():
        pytest.skip(f"{name} is not installed here")
    return found[0]


@pytest.mark.parametrize(("name", "loader"), SCRIPTS)
def test_installed_console_script_is_read_exactly(name: str, loader: Loader) -> None:
    entry = _entry(name)
    loaded = load(str(Path(sys.executable).parent / name))
    assert loaded.source.loader is loader
    assert loaded.tree.root.name == name
    assert loaded.tree.cli_version == entry.dist.version
    obj = introspect.resolve_cli_object(entry.load(), name, argv0=name)
    exact = _exact_part(loaded.tree)
    if loader is Loader.ARGPARSE:
        seen = check_argparse_tree(exact, obj)
    else:
        if loader is Loader.TYPER:
            import typer.main

            obj = typer.main.get_command(obj) if type(obj).__name__ == "Typer" else obj
        seen = check_click_tree(exact, obj)
    assert seen == sum(1 for _ in exact.walk())


def _exact_part(tree):
    """The tree without what the second witness took from help (`from_help`): what the
    framework's objects hold. (pytest run where an ini sets `addopts` parses those words first
    and is captured there, before its plugins add their options; help then shows them.)"""
    exact = tree.model_copy(deep=True)
    for command in list(exact.walk()):
        command.flags = [f for f in command.flags if not f.from_help]
        command.subcommands = [c for c in command.subcommands if not c.from_help]
    return exact


def test_an_optparse_console_script_is_read_exactly_without_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """pip uses optparse: calling its main under capture must not print or act; it is read at
    the parser whose help fires, each command's parser materialized."""
    _entry("pip")
    monkeypatch.setenv(
        "XDG_CACHE_HOME", str(tmp_path)
    )  # the help crawler's cache (the second witness)
    loaded = load(str(Path(sys.executable).parent / "pip"))
    assert loaded.source.loader is Loader.OPTPARSE
    assert loaded.tree.find("pip install") is not None
    assert capsys.readouterr() == ("", "")  # its main ran under capture and printed nothing here
