"""Python CLIs installed in another environment, read exactly by running the loaders inside
that environment's interpreter (`workbench.loaders.foreign`), and through `load()`.

The other environment is a real venv made for these tests with the system's Python, holding
a copy of click, a click tool and an argparse tool installed as console scripts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import click
import pytest

from workbench.loaders import load
from workbench.loaders.foreign import introspect
from workbench.model.errors import LoadError
from workbench.model.tree import FlagKind, ValueType

CLICK_TOOL = '''\
import click

@click.group()
@click.option("--verbose", is_flag=True, help="Say more.")
def cli(verbose):
    """Greet people from another environment."""

@cli.command()
@click.argument("name")
@click.option("--count", type=int, default=1, help="How many times.")
def hello(name, count):
    """Say hello."""
    for _ in range(count):
        click.echo(f"hello {name}")
'''

ARGPARSE_TOOL = """\
import argparse

def main():
    parser = argparse.ArgumentParser(prog="archive", description="Pack files.")
    parser.add_argument("files", nargs="+", help="Files to pack")
    parser.add_argument("--level", type=int, default=6, help="Compression level")
    args = parser.parse_args()
    raise SystemExit("the program must not run while being read")
"""


def _system_python() -> str | None:
    for candidate in ("/usr/bin/python3", shutil.which("python3")):
        if candidate and os.path.realpath(candidate) != os.path.realpath(sys.executable):
            return candidate
    return None


@pytest.fixture(scope="module")
def other_env(tmp_path_factory) -> Path:
    python = _system_python()
    if python is None:
        pytest.skip("no second Python interpreter on this machine")
    env = tmp_path_factory.mktemp("other") / "env"
    subprocess.run(
        [python, "-m", "venv", "--without-pip", str(env)], check=True, capture_output=True
    )
    site = next((env / "lib").glob("python3*/site-packages"))
    shutil.copytree(Path(click.__file__).parent, site / "click")
    (site / "greeter.py").write_text(CLICK_TOOL)
    (site / "archiver.py").write_text(ARGPARSE_TOOL)
    (site / "broken_tool.py").write_text("raise RuntimeError('cannot import me')\n")
    info = site / "tools-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tools\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[console_scripts]\ngreet = greeter:cli\narchive = archiver:main\nbroken = broken_tool:main\n"
    )
    for script, module, attr in (
        ("greet", "greeter", "cli"),
        ("archive", "archiver", "main"),
        ("broken", "broken_tool", "main"),
    ):
        path = env / "bin" / script
        path.write_text(
            f"#!{env / 'bin' / 'python'}\nimport sys\nfrom {module} import {attr}\nsys.exit({attr}())\n"
        )
        path.chmod(0o755)
    return env


def test_click_console_script_is_read_exactly_in_its_own_interpreter(other_env):
    result = introspect(str(other_env / "bin" / "python"), "greet", name="greet")
    assert result["loader"] == "click"
    root = result["tree"]["root"]
    assert root["path"] == ["greet"]
    hello = root["subcommands"][0]
    assert hello["path"] == ["greet", "hello"]
    count = next(f for f in hello["flags"] if f["name"] == "count")
    assert (count["value_type"], count["default"]) == ("integer", 1)
    assert "greeter" not in sys.modules


def test_argparse_main_is_captured_without_running_the_program(other_env):
    result = introspect(str(other_env / "bin" / "python"), "archive")
    assert result["loader"] == "argparse"
    root = result["tree"]["root"]
    files = root["positionals"][0]
    assert (files["name"], files.get("variadic")) == ("files", True)
    level = next(f for f in root["flags"] if f["name"] == "level")
    assert level["default"] == 6


def test_a_tool_that_fails_to_import_is_a_clear_load_error(other_env):
    with pytest.raises(LoadError) as error:
        introspect(str(other_env / "bin" / "python"), "broken")
    message = str(error.value)
    assert "broken" in message and "\n" not in message


def test_a_missing_interpreter_is_a_clear_load_error(tmp_path):
    with pytest.raises(LoadError, match="does not exist"):
        introspect(str(tmp_path / "no-python"), "greet")


def test_load_reads_a_script_whose_shebang_names_another_environment(other_env):
    loaded = load(str(other_env / "bin" / "greet"))
    assert loaded.source.loader.value == "click"
    assert loaded.tree.root.name == "greet"
    hello = loaded.tree.find("greet hello")
    assert [p.name for p in hello.positionals] == ["NAME"]
    assert next(f for f in loaded.tree.root.flags if f.key == "verbose").kind is FlagKind.BOOLEAN


def test_load_falls_back_to_the_crawler_when_the_other_environment_cannot_read_it(
    other_env, tmp_path
):
    script = tmp_path / "plain"
    script.write_text(
        textwrap.dedent(f"""\
        #!{other_env / "bin" / "python"}
        import argparse
        parser = argparse.ArgumentParser(prog="plain", description="A loose script.")
        parser.add_argument("--size", type=int, help="How big")
        parser.parse_args()
        """)
    )
    script.chmod(0o755)
    loaded = load(str(script))
    assert loaded.source.loader.value == "help"
    size = next(f for f in loaded.tree.root.flags if f.key == "size")
    assert (size.kind, size.metavar) == (FlagKind.VALUE, "SIZE")
    assert size.value_type is ValueType.STRING
