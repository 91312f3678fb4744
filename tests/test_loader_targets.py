"""`load(target)` picks the right loader for each kind of TARGET and records how to run the CLI."""

from __future__ import annotations

import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from loader_expectations import check_argparse_tree, check_click_tree

from workbench.loaders import load
from workbench.model.config import Loader
from workbench.model.errors import LoadError, WorkbenchError

VENV_BIN = Path(sys.executable).parent


def _executable(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def test_module_target_records_python_dash_m_and_that_command_runs_the_cli() -> None:
    loaded = load("sample_clis.deployctl:cli")
    assert loaded.source.command == [sys.executable, "-m", "sample_clis.deployctl"]
    assert loaded.source.target == "sample_clis.deployctl:cli"
    assert loaded.source.cli_version == "1.4.0"
    done = subprocess.run(
        [*loaded.source.command, "--version"], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0 and "1.4.0" in done.stdout


def test_name_and_command_options() -> None:
    loaded = load("sample_clis.notes:app", name="mynotes", command="notes --profile 'a b'")
    assert loaded.tree.root.name == "mynotes"
    assert all(c.path[0] == "mynotes" for c in loaded.tree.walk())
    assert loaded.source.command == ["notes", "--profile", "a b"]


def test_console_script_by_path_uses_the_in_process_loader() -> None:
    uvicorn = pytest.importorskip("uvicorn")
    import importlib.metadata

    script = VENV_BIN / "uvicorn"
    loaded = load(str(script))
    assert loaded.source.loader is Loader.CLICK
    assert loaded.tree.root.name == "uvicorn"
    assert loaded.source.command == [str(script)]
    assert loaded.tree.cli_version == importlib.metadata.version("uvicorn") == uvicorn.__version__
    (entry,) = importlib.metadata.entry_points(group="console_scripts", name="uvicorn")
    check_click_tree(loaded.tree, entry.load())


def test_console_script_by_name_when_its_bin_is_not_on_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("uvicorn")
    monkeypatch.setenv("PATH", "/nonexistent")
    loaded = load("uvicorn")
    assert loaded.source.loader is Loader.CLICK
    assert loaded.source.command == [str(VENV_BIN / "uvicorn")]
    assert loaded.source.target == "uvicorn"


def test_function_that_runs_a_click_group_is_captured_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "ran"
    (tmp_path / "launcher.py").write_text(
        textwrap.dedent(f"""
        import pathlib

        def main():
            import click

            @click.command()
            @click.option("--force", is_flag=True)
            def go(force):
                pathlib.Path({str(marker)!r}).write_text("ran")

            go()
    """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    loaded = load("launcher:main")
    assert not marker.exists()
    assert loaded.source.loader is Loader.CLICK
    assert [f.name for f in loaded.tree.root.flags] == ["force"]
    assert any("python -m launcher" in note for note in loaded.tree.notes)  # no __main__ guard


def test_a_script_of_another_environment_is_read_by_its_own_interpreter(tmp_path: Path) -> None:
    """A pipx-style tool: a venv we do not run in, with a console script of an argparse package."""
    env = tmp_path / "otherenv"
    subprocess.run(
        [sys.base_prefix + "/bin/python3", "-m", "venv", "--without-pip", str(env)],
        check=True,
        timeout=60,
    )
    python = env / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    (site / "ferry.py").write_text(
        textwrap.dedent("""
        import argparse

        def main():
            parser = argparse.ArgumentParser(prog="ferry", description="Move boxes.")
            parser.add_argument("--speed", type=int, default=3, help="knots")
            sub = parser.add_subparsers(dest="cmd", required=True)
            sail = sub.add_parser("sail", help="Sail away.")
            sail.add_argument("ports", nargs="+")
            parser.parse_args()
            raise SystemExit("the program ran")
    """)
    )
    dist = site / "ferry-3.2.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: ferry\nVersion: 3.2.1\n")
    (dist / "entry_points.txt").write_text("[console_scripts]\nferry = ferry:main\n")
    script = _executable(
        env / "bin" / "ferry", f"#!{python}\nimport sys\nfrom ferry import main\nsys.exit(main())\n"
    )
    loaded = load(str(script))
    assert loaded.source.loader is Loader.ARGPARSE
    assert loaded.source.command == [str(script)]
    assert loaded.tree.cli_version == "3.2.1"
    assert [f.name for f in loaded.tree.root.flags] == ["speed"]
    sail = loaded.tree.find("ferry sail")
    assert sail is not None and sail.short_help == "Sail away." and sail.positionals[0].variadic
    assert "ferry" not in sys.modules  # nothing of the other environment was imported here


def test_any_other_executable_goes_to_the_help_crawler(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(
        "XDG_CACHE_HOME", str(tmp_path / "cache")
    )  # the crawler caches per executable
    tool = _executable(
        tmp_path / "shipit",
        textwrap.dedent("""\
        #!/bin/sh
        echo "Usage: shipit [OPTIONS]"
        echo
        echo "Options:"
        echo "  --fast  Go fast."
        echo "  --help  Show this message and exit."
    """),
    )
    loaded = load(str(tool))
    assert loaded.source.loader is Loader.HELP
    assert loaded.tree.root.name == "shipit"
    assert loaded.source.command == [str(tool)]
    from workbench.model.coverage import coverage_line

    assert (
        coverage_line(loaded.tree) == "coverage: help only, 1 command, 1 flag"
    )  # --help is not counted


def test_an_executable_is_read_as_its_command_runs_it(tmp_path: Path) -> None:
    # `--command 'cloud storage'` loads that part of the CLI: its help is read through the
    # command, as its tools will run (`cloud storage ls …`), not the whole CLI's
    tool = _executable(
        tmp_path / "cloud",
        textwrap.dedent("""\
        #!/bin/sh
        if [ "$1" = storage ] && [ "$2" = --help ]; then
          printf 'Usage: cloud storage COMMAND\\n\\nCommands:\\n  ls   List buckets\\n'
        elif [ "$1" = storage ] && [ "$2" = ls ]; then
          printf 'Usage: cloud storage ls [OPTIONS]\\n\\nOptions:\\n  --long  Long lines\\n'
        else
          printf 'Usage: cloud COMMAND\\n\\nCommands:\\n  storage  Buckets\\n  vm  VMs\\n'
        fi
    """),
    )
    loaded = load(str(tool), command=f"{tool} storage")
    assert loaded.source.command == [str(tool), "storage"]
    assert [c.name for c in loaded.tree.root.subcommands] == ["ls"]
    assert [f.name for f in loaded.tree.root.subcommands[0].flags] == ["long"]


@pytest.mark.parametrize(
    ("target", "command", "expected"),
    [
        ("", None, "no TARGET"),
        ("surely-not-a-command-xyz", None, "surely-not-a-command-xyz is not a command on PATH"),
        ("./missing/tool", None, "./missing/tool is not a file"),
        ("nope_pkg_xyz:cli", None, "cannot import module nope_pkg_xyz"),
        ("json:nope", None, "module json has no attribute nope"),
        (
            "sample_clis.deployctl",
            None,
            "is a Python module, not a CLI object; name the object too, e.g. sample_clis.deployctl:cli",
        ),
        ("os:path", None, "not a click command, typer app, argparse or optparse parser"),
        ("sample_clis.deployctl:cli", "deployctl 'unterminated", "--command"),
        ("sample_clis.deployctl:cli", "  ", "--command is empty"),
        ("sample_clis.deployctl:cli", None, "whitespace"),
    ],
)
def test_unloadable_targets_are_one_sentence(
    target: str, command: str | None, expected: str
) -> None:
    with pytest.raises(LoadError) as caught:
        load(target, command=command, name="my tool" if expected == "whitespace" else None)
    message = str(caught.value)
    assert expected in message and "\n" not in message
    assert isinstance(caught.value, WorkbenchError)


def test_the_argparse_sample_via_main_matches_build_parser() -> None:
    from sample_clis.pkgtool import build_parser

    via_main = load("sample_clis.pkgtool:main").tree
    assert check_argparse_tree(via_main, build_parser()) == 9
    assert via_main == load("sample_clis.pkgtool:build_parser").tree


def test_environment_is_untouched_after_capture() -> None:
    import argparse

    before = (argparse.ArgumentParser.__init__, argparse.ArgumentParser.parse_args, list(sys.argv))
    load("sample_clis.pkgtool:main")
    assert (
        argparse.ArgumentParser.__init__,
        argparse.ArgumentParser.parse_args,
        sys.argv,
    ) == before


def test_module_target_imports_from_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "localtool.py").write_text(
        textwrap.dedent('''
        import click

        @click.command()
        @click.option("--dry-run/--no-dry-run", default=True)
        def cli(dry_run):
            """Local tool."""

        if __name__ == "__main__":
            cli()
    ''')
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", str(tmp_path))])
    loaded = load("localtool:cli")
    assert loaded.tree.root.name == "localtool"
    assert loaded.tree.root.flags[0].negatable and not loaded.tree.notes


def test_a_script_that_runs_its_cli_at_import_is_captured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "ran"
    (tmp_path / "unguarded.py").write_text(
        textwrap.dedent(f"""
        import argparse, pathlib

        parser = argparse.ArgumentParser(prog="unguarded")
        parser.add_argument("--level", type=int, default=1)
        args = parser.parse_args()
        pathlib.Path({str(marker)!r}).write_text("ran")
    """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    loaded = load("unguarded:parser")
    assert not marker.exists()
    assert [(f.name, f.default) for f in loaded.tree.root.flags] == [("level", 1)]


def test_a_cli_whose_framework_fails_while_read_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import click

    class Broken(click.Command):
        def get_short_help_str(self, limit: int = 45) -> str:
            raise RuntimeError("help text is generated from a missing file")

    module = type(sys)("broken_cli")
    module.cli = Broken("broken", callback=lambda: None)
    monkeypatch.setitem(sys.modules, "broken_cli", module)
    with pytest.raises(
        LoadError, match=r"reading the CLI of broken_cli:cli failed \(RuntimeError: help text"
    ) as caught:
        load("broken_cli:cli")
    assert "\n" not in str(caught.value)
