"""`client-config`: each client's documented JSON shape, with absolute paths that really serve,
and `--write` merging into the client's file without losing other servers, after a backup."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from workbench.commands.client_config import default_path
from workbench.model.config import Config, ServerConfig, SourceConfig
from workbench.model.config_file import save_config
from workbench.model.tree import Command, CommandTree, Flag, FlagKind


@pytest.fixture
def config_path(tmp_path: Path) -> Path:
    """A small, valid config for the bundled deployctl sample (one read-only tool)."""
    tree = CommandTree(
        root=Command(
            path=["deployctl"],
            runnable=False,
            flags=[Flag(name="json", kind=FlagKind.BOOLEAN)],
            subcommands=[Command(path=["deployctl", "status"], help="Show what runs.")],
        ),
        cli_version="1.4.0",
    )
    config = Config(
        source=SourceConfig(
            command=[sys.executable, "-m", "sample_clis.deployctl"],
            loader="click",
            target="sample_clis.deployctl:cli",
        ),
        server=ServerConfig(name="deployctl", version="1.4.0"),
        snapshot=tree,
    )
    path = tmp_path / "project" / "mcp.toml"
    path.parent.mkdir()
    save_config(config, path)
    return path


def client_config(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench.cli", "client-config", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )


def printed(config_path: Path, client: str) -> dict:
    result = client_config(str(config_path), "--client", client, cwd=config_path.parent)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_desktop_hosts_entry_carries_the_path_the_cli_needs(config_path):
    """Desktop apps start servers with a minimal PATH: their entry gets one, led by the CLI's folder."""
    entry = printed(config_path, "claude-desktop")["mcpServers"]["deployctl"]
    assert list(entry) == ["command", "args", "env"] and list(entry["env"]) == ["PATH"]
    folders = entry["env"]["PATH"].split(os.pathsep)
    assert folders[0] == str(
        Path(sys.executable).parent
    )  # [source] command's program is this python
    assert all(os.path.isabs(folder) for folder in folders) and len(folders) == len(set(folders))
    terminal = printed(config_path, "claude-code")["mcpServers"]["deployctl"]
    assert "env" not in terminal  # a terminal host passes its own shell's PATH


def test_printed_entry_starts_a_server_a_real_client_can_list(config_path):
    from mcp import ClientSession, StdioServerParameters, stdio_client

    entry = printed(config_path, "claude-code")["mcpServers"]["deployctl"]

    async def list_tools() -> list[str]:
        params = StdioServerParameters(command=entry["command"], args=entry["args"], cwd="/")
        with anyio.fail_after(60):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return [tool.name for tool in (await session.list_tools()).tools]

    assert anyio.run(list_tools) == ["deployctl_status"]


def test_write_merges_keeps_other_servers_and_backs_up(config_path, tmp_path):
    target = tmp_path / "cursor" / "mcp.json"
    target.parent.mkdir()
    original = json.dumps(
        {
            "mcpServers": {"other": {"command": "/usr/bin/other", "args": ["--x"]}},
            "theme": "dark",
        },
        indent=4,
    )
    target.write_text(original)

    result = client_config(
        str(config_path), "--client", "cursor", "--write", "--path", str(target), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    merged = json.loads(target.read_text())
    assert merged["theme"] == "dark"
    assert merged["mcpServers"]["other"] == {"command": "/usr/bin/other", "args": ["--x"]}
    assert merged["mcpServers"]["deployctl"]["args"] == ["serve", str(config_path.absolute())]
    backups = sorted(target.parent.glob("mcp.json.bak-*"))
    assert len(backups) == 1 and backups[0].read_text() == original
    assert str(backups[0]) in result.stdout

    again = client_config(
        str(config_path), "--client", "cursor", "--write", "--path", str(target), cwd=tmp_path
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(target.read_text()) == merged
    assert len(list(target.parent.glob("mcp.json.bak-*"))) == 2
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_write_to_the_default_project_file_creates_it(config_path):
    project = config_path.parent
    result = client_config(str(config_path), "--client", "vscode", "--write", cwd=project)
    assert result.returncode == 0, result.stderr
    written = json.loads((project / ".vscode" / "mcp.json").read_text())
    assert written["servers"]["deployctl"]["type"] == "stdio"
    assert list((project / ".vscode").glob("*.bak-*")) == []


def test_unreadable_client_file_is_left_alone(config_path, tmp_path):
    target = tmp_path / ".mcp.json"
    target.write_text('{"mcpServers": {"other": {}},}')  # trailing comma
    result = client_config(
        str(config_path), "--client", "claude-code", "--write", "--path", str(target), cwd=tmp_path
    )
    assert result.returncode == 2
    assert "is not valid JSON (line 1" in result.stderr and "Nothing was written" in result.stderr
    assert "Traceback" not in result.stderr
    assert target.read_text() == '{"mcpServers": {"other": {}},}'
    assert list(tmp_path.glob(".mcp.json.bak-*")) == []


def test_missing_config_is_bad_input(tmp_path):
    result = client_config(str(tmp_path / "nope.toml"), "--client", "cursor", cwd=tmp_path)
    assert result.returncode == 2
    assert "nope.toml does not exist" in result.stderr


def test_default_client_files():
    home, cwd = Path("/home/u"), Path("/work/p")
    assert default_path("claude-code", home=home, cwd=cwd) == cwd / ".mcp.json"
    assert default_path("vscode", home=home, cwd=cwd) == cwd / ".vscode" / "mcp.json"
    assert default_path("cursor", home=home, cwd=cwd) == home / ".cursor" / "mcp.json"
    assert (
        default_path("claude-desktop", home=home, platform="darwin")
        == home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
    )
    assert (
        default_path("claude-desktop", home=home, platform="win32", environ={"APPDATA": "C:/AD"})
        == Path("C:/AD") / "Claude" / "claude_desktop_config.json"
    )
    assert (
        default_path("claude-desktop", home=home, platform="linux", environ={})
        == home / ".config" / "Claude" / "claude_desktop_config.json"
    )


def test_write_through_a_symlinked_client_file_keeps_the_link(config_path, tmp_path):
    real = tmp_path / "dotfiles" / "mcp.json"
    real.parent.mkdir()
    real.write_text('{"mcpServers": {"other": {"command": "/bin/other", "args": []}}}')
    link = tmp_path / "home" / ".cursor" / "mcp.json"
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    result = client_config(
        str(config_path), "--client", "cursor", "--write", "--path", str(link), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and link.resolve() == real
    assert set(json.loads(real.read_text())["mcpServers"]) == {"other", "deployctl"}
    assert len(list(real.parent.glob("mcp.json.bak-*"))) == 1


@pytest.mark.parametrize("client", ["claude-desktop", "vscode", "codex", "goose", "zed"])
def test_the_tui_serve_screen_shows_exactly_what_client_config_prints(config_path, client):
    from workbench.clients.launch import host_snippet
    from workbench.model.config_file import load_config

    result = client_config(str(config_path), "--client", client, cwd=config_path.parent)
    assert result.returncode == 0, result.stderr
    text, language = host_snippet(load_config(config_path), config_path, client)
    assert text == result.stdout
    assert language == {"codex": "toml", "goose": "yaml"}.get(client, "json")
