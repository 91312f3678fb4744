"""The CLI's absolute path in `[source] command`: `export` records it for a command typed by name
(keeping the name as `target`), and `check` says when that path is gone or the name now finds
another program."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from workbench.model.config_file import load_config

HELP_SCRIPT = textwrap.dedent("""\
    #!/bin/sh
    if [ "$1" = "--help" ]; then
      echo "Usage: shipit [OPTIONS]"
      echo
      echo "Options:"
      echo "  --fast  Go fast."
      echo "  --help  Show this message and exit."
      exit 0
    fi
    echo "shipped $*"
""")


def _tool(folder: Path, name: str = "shipit") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(HELP_SCRIPT)
    path.chmod(0o755)
    return path


def workbench(*args: str, cwd: Path, path: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": path, "XDG_CACHE_HOME": str(cwd / "cache")}
    return subprocess.run(
        [sys.executable, "-m", "workbench.cli", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def exported(tmp_path: Path) -> tuple[Path, Path]:
    """`export shipit` with shipit found on PATH: (the config, the tool)."""
    tool = _tool(tmp_path / "bin")
    result = workbench(
        "export",
        "shipit",
        "-o",
        "mcp.toml",
        cwd=tmp_path,
        path=f"{tool.parent}{os.pathsep}{os.environ['PATH']}",
    )
    assert result.returncode == 0, result.stderr
    return tmp_path / "mcp.toml", tool


def test_export_of_a_command_typed_by_name_records_its_absolute_path(exported):
    config_path, tool = exported
    config = load_config(config_path)
    assert config.source.command == [str(tool)]
    assert config.source.target == "shipit"
    assert config.source.loader.value == "help"


def check_json(config_path: Path, path: str) -> tuple[int, dict]:
    result = workbench("check", str(config_path), "--json", cwd=config_path.parent, path=path)
    assert result.returncode in (0, 1), result.stderr
    return result.returncode, json.loads(result.stdout)


def test_check_names_where_a_cli_went_when_its_recorded_path_is_gone(exported, tmp_path):
    config_path, tool = exported
    tool.unlink()
    moved = _tool(tmp_path / "newbin")
    code, report = check_json(config_path, f"{moved.parent}{os.pathsep}{os.environ['PATH']}")
    assert code == 1
    (gone,) = [f for f in report["lint"] if f["code"] == "WB706"]
    assert str(moved) in gone["message"] and str(moved) in gone["fix"]


def test_check_warns_when_the_typed_name_now_finds_another_program(exported, tmp_path):
    config_path, tool = exported
    other = _tool(tmp_path / "newbin")
    code, report = check_json(
        config_path, f"{other.parent}{os.pathsep}{tool.parent}{os.pathsep}{os.environ['PATH']}"
    )
    (moved,) = [f for f in report["lint"] if f["code"] == "WB707"]
    assert moved["severity"] == "warning"
    assert str(tool) in moved["message"] and str(other) in moved["message"]
    code, report = check_json(config_path, f"{tool.parent}{os.pathsep}{os.environ['PATH']}")
    assert [f for f in report["lint"] if f["code"] in ("WB706", "WB707")] == []
