"""A third-party client end to end: the MCP Inspector CLI (npm, pinned to 2.12.0) lists and
calls tools of a sample through `serve`, over stdio and over HTTP.

`.ci/run` installs it into .ci/node; when npm is present but the install is missing this test
installs it the same way. It is skipped only when npm itself is absent.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_serve_http import http_server, printed

INSPECTOR_VERSION = "2.12.0"
PREFIX = Path(__file__).resolve().parent.parent / ".ci" / "node"
BINARY = PREFIX / "node_modules" / ".bin" / "mcp-inspector"


@pytest.fixture(scope="module")
def inspector() -> Path:
    if not BINARY.exists():  # a test installs nothing: .ci/run does, where npm exists
        pytest.skip(
            f"the MCP Inspector CLI is not at {BINARY}; install it as .ci/run does: npm install "
            f"--prefix .ci/node @modelcontextprotocol/inspector@{INSPECTOR_VERSION}"
        )
    version = subprocess.run([str(BINARY), "--version"], capture_output=True, text=True, timeout=60)
    assert INSPECTOR_VERSION in version.stdout
    return BINARY


def run_inspector(inspector: Path, tmp_path: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "MCP_CATALOG_PATH": str(tmp_path / "catalog.json"),
        "WORKBENCH_SAMPLE_HOME": str(tmp_path / "home"),
    }
    return subprocess.run(
        [str(inspector), "--cli", *argv], capture_output=True, text=True, timeout=120, env=env
    )


def test_inspector_lists_exactly_what_tools_prints_over_stdio(inspector, sample_config, tmp_path):
    config = sample_config("notes")
    done = run_inspector(
        inspector,
        tmp_path,
        sys.executable,
        "-m",
        "workbench.cli",
        "serve",
        str(config),
        "--method",
        "tools/list",
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["tools"] == json.loads(printed("tools", str(config)))


def test_inspector_calls_a_tool_with_a_hostile_value_over_stdio(inspector, sample_config, tmp_path):
    done = run_inspector(
        inspector,
        tmp_path,
        "-e",
        f"WORKBENCH_SAMPLE_HOME={tmp_path / 'home'}",
        sys.executable,
        "-m",
        "workbench.cli",
        "serve",
        str(sample_config("deployctl")),
        "--method",
        "tools/call",
        "--tool-name",
        "deployctl_secrets_set",
        "--tool-arg",
        "name=db",
        "--tool-arg",
        "value=--x=y -rf $(id)",
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["isError"] is False
    assert result["content"][0]["text"] == "stored db in vault default"
    stored = json.loads((tmp_path / "home" / "deployctl" / "secrets.json").read_text())
    assert stored == {"default": {"db": "--x=y -rf $(id)"}}


def test_inspector_calls_over_http(inspector, sample_config, tmp_path):
    with http_server(sample_config("pkgtool"), tmp_path) as url:
        done = run_inspector(
            inspector,
            tmp_path,
            url,
            "--method",
            "tools/call",
            "--tool-name",
            "pkgtool_search",
            "--tool-arg",
            "term=domain",
        )
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        assert result["content"][0]["text"] == "idna\t3.10\tInternationalized domain names"
        assert result["structuredContent"]["exit_code"] == 0
