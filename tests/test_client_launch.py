"""Serve started the way each host starts it: the entry `client-config` printed, parsed, spawned
exactly (command + args) with a desktop host's minimal `PATH=/usr/bin:/bin` plus the entry's own
`env`, and a tool called with the real SDK client over stdio. The CLI lives in a venv's `bin/`
that is not on that PATH, and its `ship` command runs a sibling tool by name, as real CLIs do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import anyio
import pytest

MINIMAL_PATH = "/usr/bin:/bin"

CLI = '''\
#!{python}
"""shipit: a CLI installed in a venv."""
import argparse
import subprocess


def main():
    parser = argparse.ArgumentParser(prog="shipit", description="Ship things.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("status", help="Show the status.")
    sub.add_parser("ship", help="Ship with the helper.")
    args = parser.parse_args()
    if args.command == "status":
        print("all green")
    else:
        print(subprocess.run(["shipit-helper"], capture_output=True, text=True, check=True).stdout.strip())


if __name__ == "__main__":
    main()
'''


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`export shipit` (found on PATH in a venv's bin/), as a user does after `pip install`."""
    root = tmp_path_factory.mktemp("launch")
    venv = root / "venv"
    subprocess.run(
        [sys.base_prefix + "/bin/python3", "-m", "venv", "--without-pip", str(venv)],
        check=True,
        timeout=120,
    )
    cli = venv / "bin" / "shipit"
    cli.write_text(CLI.format(python=venv / "bin" / "python"))
    helper = venv / "bin" / "shipit-helper"
    helper.write_text("#!/bin/sh\necho helper ran\n")
    for path in (cli, helper):
        path.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "XDG_CACHE_HOME": str(root / "cache"),
    }
    result = subprocess.run(
        [sys.executable, "-m", "workbench.cli", "export", "shipit", "-o", "mcp.toml"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    (root / "env").write_text(env["PATH"])
    return root / "mcp.toml"


def printed_entry(config: Path, client: str) -> dict:
    """The entry as the host reads it from the file client-config printed."""
    env = {
        **os.environ,
        "PATH": (config.parent / "env").read_text(),
    }  # the user's shell, where shipit works
    result = subprocess.run(
        [sys.executable, "-m", "workbench.cli", "client-config", str(config), "--client", client],
        cwd=config.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    if client == "codex":
        return tomllib.loads(result.stdout)["mcp_servers"]["shipit"]
    (servers,) = json.loads(result.stdout).values()
    return servers["shipit"]


async def call_tools(entry: dict, names: list[str]) -> list[tuple[bool, str]]:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=entry["command"],
        args=entry["args"],
        cwd="/",
        env={"PATH": MINIMAL_PATH, **entry.get("env", {})},
    )
    results = []
    with anyio.fail_after(60):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for name in names:
                result = await session.call_tool(name, {})
                results.append((result.is_error, result.content[0].text if result.content else ""))
    return results


DESKTOP_HOSTS = ["claude-desktop", "cursor", "windsurf", "zed"]
TERMINAL_HOSTS = ["claude-code", "vscode", "gemini-cli", "codex", "mcp-json"]


@pytest.mark.parametrize("client", DESKTOP_HOSTS)
def test_a_desktop_host_with_a_minimal_path_runs_the_cli_and_its_sibling_tools(exported, client):
    entry = printed_entry(exported, client)
    status, ship = anyio.run(call_tools, entry, ["shipit_status", "shipit_ship"])
    assert status == (False, "all green")
    assert ship == (False, "helper ran")


@pytest.mark.parametrize("client", TERMINAL_HOSTS)
def test_a_terminal_host_entry_runs_the_cli_even_with_a_minimal_path(exported, client):
    entry = printed_entry(exported, client)
    assert "env" not in entry
    (status,) = anyio.run(call_tools, entry, ["shipit_status"])
    assert status == (False, "all green")


@pytest.mark.parametrize(
    "client, file",
    [("vscode", ".vscode/mcp.json"), ("cursor", ".cursor/mcp.json"), ("claude-code", ".mcp.json")],
)
def test_a_committed_project_entry_works_in_another_clone(tmp_path, client, file):
    """`--project --write` in one checkout; a teammate's clone elsewhere, with mcp-workbench on
    PATH, starts the server from that file the way the host does (the host expands
    `${workspaceFolder}` to the clone, or starts the server in the clone's root)."""
    import shutil

    from workbench.commands.client_config import workbench_executable
    from workbench.model.config import Config, ServerConfig, SourceConfig
    from workbench.model.config_file import save_config
    from workbench.model.tree import Command, CommandTree

    repo = tmp_path / "repo"
    (repo / "ops").mkdir(parents=True)
    tree = CommandTree(root=Command(path=["echo"], runnable=True, help="Say it."))
    save_config(
        Config(
            source=SourceConfig(
                command=["echo", "from", "the", "clone"], loader="help", target="echo"
            ),
            server=ServerConfig(name="echo", version="1"),
            snapshot=tree,
        ),
        repo / "ops" / "mcp.toml",
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench.cli",
            "client-config",
            "ops/mcp.toml",
            "--client",
            client,
            "--project",
            "--write",
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr  # nothing of this machine in the config either
    clone = tmp_path / "teammate" / "checkout"
    shutil.copytree(repo, clone)
    shutil.rmtree(repo)  # nothing may point back at the first checkout
    (servers,) = json.loads((clone / file).read_text()).values()
    entry = servers["echo"]
    args = [arg.replace("${workspaceFolder}", str(clone)) for arg in entry["args"]]
    bin_dir = str(Path(workbench_executable()[0]).parent)  # the teammate installed mcp-workbench

    async def call() -> tuple[bool, str]:
        from mcp import ClientSession, StdioServerParameters, stdio_client

        params = StdioServerParameters(
            command=entry["command"],
            args=args,
            cwd=str(clone),
            env={"PATH": f"{bin_dir}:{MINIMAL_PATH}"},
        )
        with anyio.fail_after(60):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("echo", {})
                return result.is_error, result.content[0].text

    assert anyio.run(call) == (False, "from the clone")
