"""`mcp-workbench export` on real CLIs (docker, kubectl, git, cargo; each skipped when absent):
the crawled tree goes through the real entry point to a config whose tool list (`tools`) has the
commands and flags the CLI's help shows (checked by hand). A fresh cache folder per test, so
the crawl really runs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

CASES = {
    "docker": ("docker_container_ls", {"all", "filter", "format", "last", "quiet"}),
    "kubectl": ("kubectl_get", {"all-namespaces", "chunk-size", "output", "selector", "watch"}),
    "git": ("git_commit", {"all", "amend", "message", "file", "signoff"}),
    "cargo": ("cargo_build", {"release", "jobs", "features", "manifest-path", "message-format"}),
}


def workbench(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    entry = Path(sys.executable).parent / "mcp-workbench"
    return subprocess.run([str(entry), *args], capture_output=True, text=True, env=env, timeout=180)


@pytest.mark.parametrize("program", sorted(CASES))
def test_export_then_tools_lists_the_commands_and_flags_of_the_help(program, tmp_path):
    if shutil.which(program) is None:
        pytest.skip(f"{program} is not installed here")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    config = tmp_path / "mcp.toml"
    exported = workbench("export", program, "-o", str(config), env=env)
    assert exported.returncode == 0, exported.stderr
    assert "Traceback" not in exported.stderr
    listed = workbench("tools", str(config), env=env)
    assert listed.returncode == 0, listed.stderr
    tools = {tool["name"]: tool for tool in json.loads(listed.stdout)}
    tool_name, flags = CASES[program]
    assert tool_name in tools
    assert flags <= set(tools[tool_name]["inputSchema"]["properties"])
    assert not any(name.endswith(("_help", "_completion")) for name in tools)
