"""Exact loaders that see the whole program (issue 12): multi-phase argparse, parsers built after
dispatch, lazy click commands, optparse. Each fixture under tests/fixtures/clis/ is real-shaped
and does its real work (writes $FIXTURE_RAN_MARKER, exits 3) if capture ever lets it run; each
is compared with truth written here by hand, loaded as module:attr and as a console script of
another environment."""

from __future__ import annotations

import argparse
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from workbench.loaders import load
from workbench.model.config import Config, Loader
from workbench.model.surface import build_surface
from workbench.model.tree import CommandTree, ValueType
from workbench.runtime.argv import build_argv

TESTS = Path(__file__).parent


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fixtures' package importable by the CLI's own processes too (help calls run it), a
    private crawl cache, and a marker file the fixtures write if their real work ever runs."""
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")]))
    )
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    marker = tmp_path / "ran"
    monkeypatch.setenv("FIXTURE_RAN_MARKER", str(marker))
    yield marker
    assert not marker.exists(), f"capture ran the program: {marker.read_text()}"


def shape(tree: CommandTree) -> dict[str, tuple]:
    """path → (flags as (key, short, kind, type, nargs), positionals as (name, required, variadic), runnable)."""
    return {
        c.path_str: (
            [(f.key, f.short, f.kind.value, f.value_type.value, f.nargs) for f in c.flags],
            [(p.name, p.required, p.variadic) for p in c.positionals],
            c.runnable,
        )
        for c in tree.walk()
    }


FERRY = {
    "ferry": (
        [
            ("config", None, "value", "string", None),
            ("plugins", None, "value", "string", None),
            ("verbose", "v", "count", "integer", None),
        ],
        [],
        False,
    ),
    "ferry sail": ([("speed", None, "value", "integer", None)], [("port", True, False)], True),
    "ferry load": (
        [("box", None, "value", "string", None), ("label", None, "value", "string", 2)],
        [],
        True,
    ),
    "ferry dock": ([("berth", None, "value", "choice", None)], [], True),
}


def test_multi_phase_argparse_reads_the_parser_whose_help_fires_not_the_bootstrap() -> None:
    loaded = load("fixtures.clis.bootstrap_cli:main", name="ferry")
    assert loaded.source.loader is Loader.ARGPARSE
    assert shape(loaded.tree) == FERRY
    root = loaded.tree.root
    assert root.fromfile_prefix_chars == "@"
    assert root.flags[1].repeatable and root.flags[0].inherited_from == "shared options"
    assert loaded.tree.find("ferry load").short_help == "Load boxes."
    assert loaded.tree.coverage is None  # nothing in doubt: a module target is not crawled


def test_parsers_built_after_dispatch_are_grafted_as_subcommands() -> None:
    loaded = load("fixtures.clis.remainder_cli:main", name="forge")
    assert shape(loaded.tree) == {
        "forge": ([("quiet", "q", "boolean", "string", None)], [], False),
        "forge build": (
            [
                ("jobs", "j", "value", "integer", None),
                ("target", None, "value", "choice", None),
                ("define", None, "value", "string", 2),
            ],
            [("sources", False, True)],
            True,
        ),
        "forge clean": ([("all", None, "boolean", "string", None)], [], True),
    }
    build = loaded.tree.find("forge build")
    assert build.help == "Build the project." and build.flags[1].choices == ["debug", "release"]
    assert build.flags[2].repeatable and build.flags[2].metavar == "NAME VALUE"


def test_dispatch_without_choices_takes_the_names_from_help_and_what_only_help_shows() -> None:
    loaded = load("fixtures.clis.dispatch_cli:main", name="relay")
    tree = loaded.tree
    found = shape(tree)
    assert {path: found[path] for path in ("relay", "relay send")} == {
        "relay": ([("host", None, "value", "string", None)], [], False),
        "relay send": (
            [("to", None, "value", "string", None), ("priority", None, "value", "integer", None)],
            [("message", True, False)],
            True,
        ),
    }
    send, status = tree.find("relay send"), tree.find("relay status")
    # what the crawler makes of `--watch SECONDS` (its type) is the crawler's business: kinds only
    assert [(f.key, f.kind.value) for f in status.flags] == [
        ("json", "boolean"),
        ("watch", "value"),
    ]
    assert [c.path_str for c in tree.walk()] == ["relay", "relay send", "relay status"]
    assert (
        not send.from_help and send.flags[0].required
    )  # its real parser, re-run as `relay send --help`
    assert status.from_help and all(
        f.from_help for f in status.flags
    )  # parses by hand: help is all there is
    coverage = tree.coverage
    assert coverage.exact.model_dump() == {"commands": 2, "flags": 3}
    assert coverage.help.model_dump() == {"commands": 3, "flags": 5}
    assert coverage.taken_from_help.model_dump() == {"commands": 1, "flags": 2}
    (disagreement,) = coverage.disagreements
    assert disagreement.path == "relay" and disagreement.missing_in_exact == ["status (command)"]


def test_lazy_click_commands_are_materialized_and_a_placeholder_that_never_loads_is_reported() -> (
    None
):
    loaded = load("fixtures.clis.lazy_cli:cli", name="lazy")
    assert shape(loaded.tree) == {
        "lazy": ([("profile", None, "value", "string", None)], [], False),
        "lazy ghost": ([], [], False),
        "lazy ship": (
            [
                ("to", None, "value", "string", None),
                ("dry-run", None, "boolean", "string", None),
                ("retries", None, "value", "integer", None),
            ],
            [("PACKAGE", True, False)],
            True,
        ),
        "lazy status": ([("all", None, "boolean", "string", None)], [], True),
        "lazy tools": (
            [("cache-dir", None, "value", "path", None)],
            [],
            False,
        ),  # its real group's option
        "lazy tools install": (
            [("version", None, "value", "string", None)],
            [("NAME", True, False)],
            True,
        ),
        "lazy pack": (
            [("level", None, "value", "integer", None), ("meta", None, "value", "string", 2)],
            [("PATHS", False, True)],
            True,
        ),
    }
    assert loaded.tree.find("lazy ship").flags[0].required
    assert loaded.tree.find("lazy pack").flags[1].item_types == [
        ValueType.STRING,
        ValueType.INTEGER,
    ]
    assert any(n.startswith("lazy ghost: could not be materialized") for n in loaded.tree.notes)
    coverage = loaded.tree.coverage  # the placeholder is a doubt, so help was read in full
    assert coverage is not None and coverage.help_scope == "full" and coverage.help.commands == 7


def test_optparse_is_read_exactly_without_running_main() -> None:
    loaded = load("fixtures.clis.optparse_cli:main", name="convert")
    assert loaded.source.loader is Loader.OPTPARSE
    assert loaded.tree.cli_version == "2.5.0"
    assert shape(loaded.tree) == {
        "convert": (
            [
                ("version", None, "boolean", "string", None),
                ("output", "o", "value", "string", None),
                ("count", "n", "value", "integer", None),
                ("ratio", None, "value", "number", None),
                ("format", None, "value", "choice", None),
                ("quiet", "q", "boolean", "string", None),
                ("v", "v", "count", "integer", None),
                ("tag", None, "value", "string", None),
                ("size", None, "value", "integer", 2),
                ("trace", None, "boolean", "string", None),
                ("secret", None, "boolean", "string", None),
            ],
            [("FILE", True, True)],
            True,
        )
    }
    flags = {f.key: f for f in loaded.tree.root.flags}
    assert flags["output"].help == "Write into DIR [default: .]." and flags["output"].default == "."
    assert flags["count"].default == 1 and flags["format"].choices == ["png", "jpg"]
    assert flags["quiet"].default is False  # store_false: the switch --quiet is off unless given
    assert flags["tag"].repeatable and flags["secret"].hidden and flags["size"].metavar == "W H"


def test_capture_undoes_every_patch() -> None:
    import optparse

    before = (
        argparse.ArgumentParser.parse_args,
        argparse.ArgumentParser.print_help,
        argparse.ArgumentParser.error,
        argparse._HelpAction.__call__,
        optparse.OptionParser.parse_args,
        optparse.OptionParser.print_help,
        optparse.Option.take_action,
        list(sys.argv),
    )
    for target in (
        "fixtures.clis.optparse_cli:main",
        "fixtures.clis.bootstrap_cli:main",
        "fixtures.clis.remainder_cli:main",
    ):
        load(target)
    after = (
        argparse.ArgumentParser.parse_args,
        argparse.ArgumentParser.print_help,
        argparse.ArgumentParser.error,
        argparse._HelpAction.__call__,
        optparse.OptionParser.parse_args,
        optparse.OptionParser.print_help,
        optparse.Option.take_action,
        sys.argv,
    )
    assert after == before


def test_a_parse_of_words_the_program_chose_itself_is_captured_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a parse of our `--help` runs; a program parsing a list of its own (here: no help word)
    is stopped at that call, as before, so it cannot go on to its real work."""
    marker = tmp_path / "own-words"
    (tmp_path / "ownwords.py").write_text(
        textwrap.dedent(f"""
        import argparse, pathlib

        def main():
            parser = argparse.ArgumentParser(prog="ownwords")
            parser.add_argument("--level", type=int, default=1)
            parser.parse_args(["--level", "2"])
            pathlib.Path({str(marker)!r}).write_text("ran")
    """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    loaded = load("ownwords:main")
    assert not marker.exists() and [f.key for f in loaded.tree.root.flags] == ["level"]


def test_a_program_that_reads_defaults_and_shows_help_itself_is_read_at_its_widest_parser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pytest's shape: an empty parse for the defaults, a small early parse, plugins adding
    options, the full parse, and `--help` handled by the program (a store_true, no help action)."""
    marker = tmp_path / "selfhelp-ran"
    (tmp_path / "selfhelp.py").write_text(
        textwrap.dedent(f"""
        import argparse, pathlib, sys

        def parser(options):
            p = argparse.ArgumentParser(prog="selfhelp", add_help=False)
            p.add_argument("-h", "--help", action="store_true")
            for name in options:
                p.add_argument("--" + name)
            return p

        def main():
            parser(["early"]).parse_known_args([])
            parser(["early"]).parse_known_args()
            args = parser(["early", "plugin-a", "plugin-b"]).parse_args()
            if args.help:
                print("usage: selfhelp [-h] [--early EARLY] [--plugin-a A] [--plugin-b B]")
                sys.exit(0)
            pathlib.Path({str(marker)!r}).write_text("ran")
    """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    loaded = load("selfhelp:main")
    assert not marker.exists()
    assert [f.key for f in loaded.tree.root.flags] == ["help", "early", "plugin-a", "plugin-b"]


# --- several words per value, end to end ------------------------------------------------------------


def test_argparse_metavar_tuple_is_an_exact_pair_that_the_real_parser_reads_back() -> None:
    from fixtures.clis.bootstrap_cli import build_parser

    tree = load("fixtures.clis.bootstrap_cli:main", name="ferry").tree
    tool = next(
        t
        for t in build_surface(tree, Config()).tools
        if t.binding.command_path == ("ferry", "load")
    )
    schema = tool.input_schema["properties"]["label"]
    assert (schema["type"], schema["minItems"], schema["maxItems"]) == ("array", 2, 2)
    argv = build_argv(tool.binding, ["ferry"], {"label": ["env", "prod"], "box": ["a", "b"]})
    assert argv == ["ferry", "load", "--box=a", "--box=b", "--label", "env", "prod"]
    parsed = build_parser([]).parse_args(argv[1:])
    assert parsed.label == ["env", "prod"] and parsed.box == ["a", "b"]


def test_click_tuple_option_is_an_exact_pair_that_click_reads_back() -> None:
    from fixtures.clis.lazy_parts.pack import pack

    tree = load("fixtures.clis.lazy_cli:cli", name="lazy").tree
    tool = next(
        t for t in build_surface(tree, Config()).tools if t.binding.command_path == ("lazy", "pack")
    )
    schema = tool.input_schema["properties"]["meta"]
    assert (schema["type"], schema["minItems"], schema["maxItems"]) == ("array", 2, 2)
    argv = build_argv(tool.binding, ["lazy"], {"meta": ["size", 3], "paths": ["a.txt"]})
    assert argv == ["lazy", "pack", "--meta", "size", "3", "a.txt"]
    ctx = pack.make_context("pack", argv[2:])
    assert ctx.params["meta"] == ("size", 3) and ctx.params["paths"] == ("a.txt",)


# --- console scripts of another environment ------------------------------------------------------------


def _other_environment(tmp_path: Path, entry: str, name: str) -> Path:
    """A venv we do not run in (no pip, cheap), where `fixtures` and this venv's packages (click)
    are importable through a .pth file, with a console script `name` = `entry`."""
    env = tmp_path / f"env-{name}"
    subprocess.run(
        [sys.base_prefix + "/bin/python3", "-m", "venv", "--without-pip", str(env)],
        check=True,
        timeout=120,
    )
    python = env / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout.strip()
    )
    import sysconfig

    (site / "fixtures.pth").write_text(f"{TESTS}\n{sysconfig.get_paths()['purelib']}\n")
    dist = site / f"{name}-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[console_scripts]\n{name} = {entry}\n")
    module, _, attr = entry.partition(":")
    script = env / "bin" / name
    script.write_text(f"#!{python}\nimport sys\nfrom {module} import {attr}\nsys.exit({attr}())\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


@pytest.mark.parametrize(
    ("entry", "name", "truth"),
    [
        ("fixtures.clis.bootstrap_cli:main", "ferry", FERRY),
        ("fixtures.clis.remainder_cli:main", "forge", None),
        ("fixtures.clis.optparse_cli:main", "convert", None),
    ],
)
def test_console_scripts_in_another_environment_load_exactly(
    tmp_path: Path, entry: str, name: str, truth: dict | None
) -> None:
    script = _other_environment(tmp_path, entry, name)
    loaded = load(str(script))
    expected = truth or shape(load(entry, name=name).tree)
    assert shape(loaded.tree) == expected
    assert loaded.source.loader is (Loader.OPTPARSE if "optparse" in entry else Loader.ARGPARSE)
    coverage = loaded.tree.coverage  # an executable: its top-level help is read and agrees
    assert coverage is not None and coverage.help_scope == "top" and not coverage.disagreements


def test_a_dispatcher_in_another_environment_is_loaded_again_with_the_names_its_help_lists(
    tmp_path: Path,
) -> None:
    script = _other_environment(tmp_path, "fixtures.clis.dispatch_cli:main", "relay")
    loaded = load(str(script))
    assert [c.path_str for c in loaded.tree.walk()] == ["relay", "relay send", "relay status"]
    send, status = loaded.tree.find("relay send"), loaded.tree.find("relay status")
    assert not send.from_help and [f.key for f in send.flags] == [
        "to",
        "priority",
    ]  # its real parser
    assert status.from_help and loaded.tree.coverage.taken_from_help.commands == 1


def test_a_lazy_click_console_script_in_another_environment(tmp_path: Path) -> None:
    script = _other_environment(tmp_path, "fixtures.clis.lazy_cli:cli", "lazy")
    loaded = load(str(script))
    assert loaded.source.loader is Loader.CLICK
    assert shape(loaded.tree) == shape(load("fixtures.clis.lazy_cli:cli", name="lazy").tree)
    assert loaded.tree.find("lazy ship").flags[0].key == "to"
    assert loaded.tree.coverage.help_scope == "full"  # the ghost placeholder is a doubt


def test_crawl_runs_an_argv_prefix() -> None:
    from workbench.loaders.help import crawl

    tree = crawl(
        "forge", name="forge", command=[sys.executable, "-m", "fixtures.clis.remainder_cli"]
    )
    assert [c.path_str for c in tree.walk()] == ["forge", "forge build", "forge clean"]
    assert [f.key for f in tree.find("forge build").flags] == ["jobs", "target", "define"]


# --- real installed CLIs --------------------------------------------------------------------------------


def test_pip_loads_exactly_as_optparse_with_its_commands() -> None:
    """pip (optparse, dispatching by hand, parser classes overriding print_help) used to fall
    back to help; now each command's own parser is read."""
    pip = Path(sys.executable).parent / "pip"
    if not pip.is_file():
        pytest.skip("pip is not installed in this venv")
    import pip._internal.commands as commands

    loaded = load(str(pip))
    assert loaded.source.loader is Loader.OPTPARSE
    names = {c.name for c in loaded.tree.root.subcommands}
    assert set(commands.commands_dict) <= names
    install = loaded.tree.find("pip install")
    parser = commands.create_command("install").parser
    real = {opt._long_opts[0][2:] for opt in parser._get_all_options() if opt._long_opts} - {"help"}
    assert {f.name for f in install.flags if f.name} == real
    assert not install.from_help and loaded.tree.coverage.taken_from_help.commands == 0
