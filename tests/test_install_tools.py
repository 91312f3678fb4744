"""`pipx install .` and `uv tool install .` each give a working `mcp-workbench`: installed into
folders of this test from a clean venv that got pipx and uv from the package registry, then run
from outside the checkout (export a sample, list its tools, print a host entry, and serve that
entry to a real SDK client). Skipped where pipx/uv cannot be installed (no registry)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding pipx and uv from the registry; its bin folder."""
    venv = tmp_path_factory.mktemp("installers") / "venv"
    subprocess.run(
        [sys.base_prefix + "/bin/python3", "-m", "venv", str(venv)], check=True, timeout=600
    )
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "pipx", "uv"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode != 0:
        pytest.skip(f"pipx/uv are not installable here: {result.stderr.strip().splitlines()[-1:]}")
    return venv / "bin"


def _clean_env(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "VIRTUAL_ENV") and not key.startswith(("PIPX_", "UV_"))
    }
    env.update(extra)
    return env


def _install(tool: str, installers: Path, where: Path) -> Path:
    """Install this checkout with `tool`; the folder its `mcp-workbench` lands in."""
    bin_dir = where / "bin"
    if tool == "pipx":
        argv = [str(installers / "pipx"), "install", str(ROOT)]
        env = _clean_env(
            PIPX_HOME=str(where / "home"),
            PIPX_BIN_DIR=str(bin_dir),
            PIPX_MAN_DIR=str(where / "man"),
        )
    else:
        argv = [str(installers / "uv"), "tool", "install", str(ROOT)]
        env = _clean_env(UV_TOOL_DIR=str(where / "tools"), UV_TOOL_BIN_DIR=str(bin_dir))
    result = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return bin_dir


@pytest.mark.parametrize("tool", ["pipx", "uv"])
def test_installed_tool_exports_lists_and_serves(tool, installers, tmp_path):
    bin_dir = _install(tool, installers, tmp_path / tool)
    workbench = bin_dir / "mcp-workbench"
    assert workbench.exists()
    work = tmp_path / "work"  # outside the checkout: nothing is importable from the current folder
    work.mkdir()
    env = _clean_env(
        PATH=f"{bin_dir}{os.pathsep}/usr/bin:/bin", WORKBENCH_SAMPLE_HOME=str(tmp_path / "home")
    )

    def run(*args: str) -> str:
        result = subprocess.run(
            [str(workbench), *args], cwd=work, env=env, capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    assert run("--version").startswith("mcp-workbench ")
    run("export", "sample_clis.deployctl:cli", "-o", "mcp.toml")
    assert "deployctl_status" in [t["name"] for t in json.loads(run("tools", "mcp.toml"))]
    entry = json.loads(run("client-config", "mcp.toml", "--client", "claude-code"))["mcpServers"][
        "deployctl"
    ]
    command = Path(entry["command"])
    assert command.is_absolute() and command.name == "mcp-workbench"
    assert (
        str(ROOT) not in entry["command"]
    )  # the installed tool's own executable, not this checkout's

    async def list_tools() -> list[str]:
        from mcp import ClientSession, StdioServerParameters, stdio_client

        params = StdioServerParameters(
            command=entry["command"],
            args=entry["args"],
            cwd="/",
            env={"PATH": "/usr/bin:/bin", "WORKBENCH_SAMPLE_HOME": str(tmp_path / "home")},
        )
        with anyio.fail_after(60):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return [t.name for t in (await session.list_tools()).tools]

    assert "deployctl_status" in anyio.run(list_tools)
