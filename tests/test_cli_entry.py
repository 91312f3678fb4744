"""The installed `mcp-workbench` console script: help works; a TARGET it cannot load is one sentence, exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import workbench

SCRIPT = Path(sys.executable).parent / "mcp-workbench"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
    )


def test_help_names_every_subcommand() -> None:
    done = run("--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: mcp-workbench")
    for sub in ("serve", "tools", "prompt", "export", "check", "client-config"):
        assert f"  {sub} " in done.stdout
    assert run("--version").stdout.strip() == f"mcp-workbench {workbench.__version__}"


@pytest.mark.parametrize(
    ("target", "mentions"),
    [
        ("BAD", "BAD is not a command on PATH"),
        ("nope_pkg_xyz:cli", "cannot import module nope_pkg_xyz"),
        ("json:dumps", "json:dumps needs arguments (obj)"),
        ("./no/such/tool", "./no/such/tool is not a file"),
    ],
)
def test_unloadable_target_is_one_sentence_and_exit_2(
    target: str, mentions: str, tmp_path: Path
) -> None:
    done = run("export", target, "-o", str(tmp_path / "mcp.toml"), cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stdout == ""
    errors = [line for line in done.stderr.splitlines() if mentions in line]
    assert len(errors) == 1 and errors[0].startswith("mcp-workbench: ")
    assert not (tmp_path / "mcp.toml").exists()


def test_a_loadable_target_exports(tmp_path: Path) -> None:
    done = run("export", "sample_clis.pkgtool:main", "-o", str(tmp_path / "mcp.toml"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "mcp.toml").read_text()
    assert 'loader = "argparse"' in text and 'target = "sample_clis.pkgtool:main"' in text
