"""Every MCP host `client-config` knows: its config file, its entry shape, and how it is set up.

One `Host` per host. Each turns a `Launch` (a server the host starts: command, args, env) or a
`Remote` (a `serve --http` URL, headers) into the entry its own documentation shows, says which
file holds it (user and project scope), whether it starts servers with a desktop app's minimal
PATH, how it finds a committed config (a `${workspaceFolder}` variable, or a path relative to the
folder it runs in) and, where the host documents one, the command line that adds the entry.
The pages each shape was checked against are in `docs/clients.md`. Pure Python: no I/O here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal


@dataclass(frozen=True)
class Launch:
    """A server the host starts itself (stdio)."""

    command: str
    args: list[str]
    env: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Remote:
    """A server already running at a URL (`serve --http`)."""

    url: str
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Places:
    """Where a host's files are on this machine (injected, so tests need no real home)."""

    home: Path
    cwd: Path
    platform: str
    environ: dict[str, str]

    def config_home(self) -> Path:
        return Path(self.environ.get("XDG_CONFIG_HOME") or self.home / ".config")

    def app_data(self) -> Path:
        return Path(self.environ.get("APPDATA") or self.home / "AppData" / "Roaming")


Format = Literal["json", "jsonc", "toml", "yaml"]
ProjectMode = Literal["variable", "relative"]


@dataclass(frozen=True)
class Host:
    name: str
    title: str
    format: Format
    """`json` hosts refuse comments; `jsonc` ones allow them (and `--write` keeps them)."""
    top_key: str
    stdio: Callable[[Launch], dict[str, Any]]
    remote: Callable[[Remote], dict[str, Any]] | None
    """None: the host's config file cannot name a URL."""
    user_file: Callable[[Places], Path] | None
    project_file: Callable[[Places], Path] | None
    project_mode: ProjectMode | None
    """How an entry in a committed file finds the config: `variable` (the host expands
    `${workspaceFolder}`), `relative` (the host starts servers in the project folder), None (no
    project scope)."""
    minimal_path: bool
    """A desktop app: started from the Dock/Start menu it passes servers a minimal PATH."""
    command_line: Callable[[str, Launch | Remote, bool], list[str]] | None = None
    """argv that adds the entry (name, server, project scope), where the host documents one."""
    docs: str = ""


def _with_env(entry: dict[str, Any], env: dict[str, str]) -> dict[str, Any]:
    if env:
        entry["env"] = dict(env)
    return entry


def _with_headers(
    entry: dict[str, Any], headers: dict[str, str], key: str = "headers"
) -> dict[str, Any]:
    if headers:
        entry[key] = dict(headers)
    return entry


def _plain(launch: Launch) -> dict[str, Any]:
    return _with_env({"command": launch.command, "args": list(launch.args)}, launch.env)


def _typed(launch: Launch) -> dict[str, Any]:
    return _with_env(
        {"type": "stdio", "command": launch.command, "args": list(launch.args)}, launch.env
    )


def _url(remote: Remote) -> dict[str, Any]:
    return _with_headers({"url": remote.url}, remote.headers)


def _typed_url(remote: Remote) -> dict[str, Any]:
    return _with_headers({"type": "http", "url": remote.url}, remote.headers)


def _claude_code_command(name: str, server: Launch | Remote, project: bool) -> list[str]:
    entry = _typed(server) if isinstance(server, Launch) else _typed_url(server)
    return [
        "claude",
        "mcp",
        "add-json",
        "--scope",
        "project" if project else "user",
        name,
        json.dumps(entry, ensure_ascii=False),
    ]


def _vscode_command(name: str, server: Launch | Remote, project: bool) -> list[str]:
    entry = _typed(server) if isinstance(server, Launch) else _typed_url(server)
    return ["code", "--add-mcp", json.dumps({"name": name, **entry}, ensure_ascii=False)]


def _gemini_command(name: str, server: Launch | Remote, project: bool) -> list[str]:
    argv = ["gemini", "mcp", "add", "--scope", "project" if project else "user"]
    if isinstance(server, Remote):
        argv += ["--transport", "http"]
        for key, value in server.headers.items():
            argv += ["--header", f"{key}: {value}"]
        return [*argv, name, server.url]
    for key, value in server.env.items():
        argv += ["--env", f"{key}={value}"]
    return [*argv, name, server.command, *server.args]


def _codex_command(name: str, server: Launch | Remote, project: bool) -> list[str]:
    if isinstance(server, Remote):
        return ["codex", "mcp", "add", name, "--url", server.url]
    argv = ["codex", "mcp", "add", name]
    for key, value in server.env.items():
        argv += ["--env", f"{key}={value}"]
    return [*argv, "--", server.command, *server.args]


def _codex_remote(remote: Remote) -> dict[str, Any]:
    return _with_headers({"url": remote.url}, remote.headers, "http_headers")


def _goose_stdio(launch: Launch, name: str = "") -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": name,
        "type": "stdio",
        "cmd": launch.command,
        "args": list(launch.args),
        "enabled": True,
        "timeout": 300,
    }
    if launch.env:
        entry["envs"] = dict(launch.env)
    return entry


def _goose_remote(remote: Remote, name: str = "") -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": name,
        "type": "streamable_http",
        "uri": remote.url,
        "enabled": True,
        "timeout": 300,
    }
    return _with_headers(entry, remote.headers)


def _claude_desktop_file(places: Places) -> Path:
    if places.platform == "darwin":
        folder = places.home / "Library" / "Application Support" / "Claude"
    elif places.platform.startswith("win"):
        folder = places.app_data() / "Claude"
    else:
        folder = places.config_home() / "Claude"
    return folder / "claude_desktop_config.json"


def _codex_file(places: Places) -> Path:
    return Path(places.environ.get("CODEX_HOME") or places.home / ".codex") / "config.toml"


def _goose_file(places: Places) -> Path:
    if places.platform.startswith("win"):
        return places.app_data() / "Block" / "goose" / "config" / "config.yaml"
    return places.config_home() / "goose" / "config.yaml"


def _zed_file(places: Places) -> Path:
    if places.platform.startswith("win"):
        return places.app_data() / "Zed" / "settings.json"
    return places.config_home() / "zed" / "settings.json"


HOSTS: dict[str, Host] = {
    host.name: host
    for host in (
        Host(
            "claude-desktop",
            "Claude Desktop",
            "json",
            "mcpServers",
            _plain,
            None,
            _claude_desktop_file,
            None,
            None,
            minimal_path=True,
            docs="https://modelcontextprotocol.io/quickstart/user",
        ),
        Host(
            "claude-code",
            "Claude Code",
            "json",
            "mcpServers",
            _typed,
            _typed_url,
            None,
            lambda p: p.cwd / ".mcp.json",
            "relative",
            minimal_path=False,
            command_line=_claude_code_command,
            docs="https://code.claude.com/docs/en/mcp",
        ),
        Host(
            "cursor",
            "Cursor",
            "json",
            "mcpServers",
            _plain,
            _url,
            lambda p: p.home / ".cursor" / "mcp.json",
            lambda p: p.cwd / ".cursor" / "mcp.json",
            "variable",
            minimal_path=True,
            docs="https://cursor.com/docs/context/mcp",
        ),
        Host(
            "vscode",
            "VS Code",
            "jsonc",
            "servers",
            _typed,
            _typed_url,
            None,
            lambda p: p.cwd / ".vscode" / "mcp.json",
            "variable",
            minimal_path=False,
            command_line=_vscode_command,
            docs="https://code.visualstudio.com/docs/copilot/reference/mcp-configuration",
        ),
        Host(
            "gemini-cli",
            "Gemini CLI",
            "jsonc",
            "mcpServers",
            _plain,
            lambda r: _with_headers({"httpUrl": r.url}, r.headers),
            lambda p: p.home / ".gemini" / "settings.json",
            lambda p: p.cwd / ".gemini" / "settings.json",
            "relative",
            minimal_path=False,
            command_line=_gemini_command,
            docs="https://google-gemini.github.io/gemini-cli/docs/tools/mcp-server.html",
        ),
        Host(
            "codex",
            "OpenAI Codex CLI",
            "toml",
            "mcp_servers",
            _plain,
            _codex_remote,
            _codex_file,
            lambda p: p.cwd / ".codex" / "config.toml",
            "relative",
            minimal_path=False,
            command_line=_codex_command,
            docs="https://developers.openai.com/codex/mcp",
        ),
        Host(
            "goose",
            "Goose",
            "yaml",
            "extensions",
            _goose_stdio,
            _goose_remote,
            _goose_file,
            None,
            None,
            minimal_path=True,
            docs="https://block.github.io/goose/docs/guides/config-files",
        ),
        Host(
            "windsurf",
            "Windsurf",
            "json",
            "mcpServers",
            _plain,
            lambda r: _with_headers({"serverUrl": r.url}, r.headers),
            lambda p: p.home / ".codeium" / "windsurf" / "mcp_config.json",
            None,
            None,
            minimal_path=True,
            docs="https://docs.windsurf.com/windsurf/cascade/mcp",
        ),
        Host(
            "zed",
            "Zed",
            "jsonc",
            "context_servers",
            _plain,
            _url,
            _zed_file,
            None,
            None,
            minimal_path=True,
            docs="https://zed.dev/docs/ai/mcp",
        ),
        Host(
            "mcp-json",
            "generic mcp.json",
            "json",
            "mcpServers",
            _plain,
            _url,
            None,
            None,
            "relative",
            minimal_path=False,
            docs="https://modelcontextprotocol.io/quickstart/user",
        ),
    )
}
"""The hosts, by the name `--client` takes."""


def entry_for(host: Host, name: str, server: Launch | Remote) -> dict[str, Any]:
    """The host's entry for this server (goose entries carry their own name too)."""
    if isinstance(server, Remote):
        if host.remote is None:
            raise ValueError(host.name)
        return _goose_remote(server, name) if host.name == "goose" else host.remote(server)
    return _goose_stdio(server, name) if host.name == "goose" else host.stdio(server)


def default_file(host: Host, places: Places, *, project: bool) -> Path | None:
    """The file `--write` edits by default: project scope when asked (or when the host has only
    that), else the user's file."""
    if project or host.user_file is None:
        return host.project_file(places) if host.project_file else None
    return host.user_file(places)
