"""`mcp-workbench client-config CONFIG --client C [--write [--path P]]`: hook a server into a client.

Prints the JSON that adds this server to an MCP client's config file, in that client's
documented shape, with absolute paths (the installed `mcp-workbench` executable, the config):

| client           | file (default for --write)                              | shape                           |
|------------------|---------------------------------------------------------|---------------------------------|
| `claude-desktop` | `claude_desktop_config.json` in Claude's app-data folder | `mcpServers.NAME {command, args}` |
| `claude-code`    | `.mcp.json` in the current folder (project scope)       | `mcpServers.NAME {type: "stdio", command, args}` |
| `cursor`         | `~/.cursor/mcp.json`                                    | `mcpServers.NAME {command, args}` |
| `vscode`         | `.vscode/mcp.json` in the current folder                | `servers.NAME {type: "stdio", command, args}` |

`--write` merges the entry into the client's file: every other server and key is kept, the old
file is first copied to `FILE.bak-YYYYMMDDTHHMMSSZ`, and the new one replaces it atomically.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from workbench.model.errors import ConfigError, WorkbenchError

CLIENTS: dict[str, tuple[str, bool]] = {
    "claude-desktop": ("mcpServers", False),
    "claude-code": ("mcpServers", True),
    "cursor": ("mcpServers", False),
    "vscode": ("servers", True),
}
"""Each client's top-level key for servers, and whether an entry carries `"type": "stdio"`."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the mcp.toml the client should serve")
    parser.add_argument("--client", required=True, choices=sorted(CLIENTS), help="which MCP client")
    parser.add_argument("--write", action="store_true",
                        help="merge the entry into the client's config file (after a backup)")
    parser.add_argument("--path", metavar="P", type=Path,
                        help="the client config file to write (default: the client's usual file)")


def run(args: argparse.Namespace) -> int:
    from workbench.model.config_file import load_config

    config_path = Path(args.config)
    if not config_path.is_file():
        raise ConfigError(f"{config_path} does not exist or is not a file; pass the mcp.toml to serve.")
    config = load_config(config_path)
    name = server_name(config, config_path)
    document = client_document(args.client, name, serve_command(config_path))
    if args.path is not None and not args.write:
        raise WorkbenchError("--path only makes sense with --write; add --write or drop --path.")
    if not args.write:
        print(json.dumps(document, indent=2))
        return 0
    target = args.path or default_path(args.client)
    backup = merge_into(target, args.client, name, document)
    note = f" (previous file saved as {backup})" if backup else ""
    print(f"added MCP server `{name}` to {target}{note}")
    return 0


def server_name(config, config_path: Path) -> str:
    """The key the client lists this server under: `[server] name`, else the CLI's name."""
    if config.server.name:
        return config.server.name
    if config.snapshot is not None:
        return config.snapshot.root.name
    return config_path.stem


def serve_command(config_path: Path) -> list[str]:
    """argv that serves the config: the installed executable (absolute) + `serve` + config path."""
    config = str(config_path.absolute())
    return [*workbench_executable(), "serve", config]


def workbench_executable() -> list[str]:
    """The `mcp-workbench` of the running installation, as an absolute path (or the interpreter
    running the package when no script is installed)."""
    script = "mcp-workbench.exe" if os.name == "nt" else "mcp-workbench"
    candidates = [Path(sysconfig.get_path("scripts")) / script, Path(sys.executable).parent / script]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return [str(candidate.absolute())]
    found = shutil.which("mcp-workbench")
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "workbench.cli"]


def client_entry(client: str, command: list[str]) -> dict[str, Any]:
    """One server's entry in `client`'s shape."""
    _, typed = CLIENTS[client]
    entry: dict[str, Any] = {"type": "stdio"} if typed else {}
    entry["command"] = command[0]
    entry["args"] = command[1:]
    return entry


def client_document(client: str, name: str, command: list[str]) -> dict[str, Any]:
    """The smallest client config file that adds the server: `{top_key: {name: entry}}`."""
    top_key, _ = CLIENTS[client]
    return {top_key: {name: client_entry(client, command)}}


def default_path(client: str, *, home: Path | None = None, cwd: Path | None = None,
                 platform: str | None = None, environ: dict[str, str] | None = None) -> Path:
    """Where `client` reads its servers from by default (project scope for Claude Code and VS Code)."""
    home = home or Path.home()
    cwd = cwd or Path.cwd()
    platform = platform or sys.platform
    environ = os.environ if environ is None else environ
    if client == "claude-code":
        return cwd / ".mcp.json"
    if client == "vscode":
        return cwd / ".vscode" / "mcp.json"
    if client == "cursor":
        return home / ".cursor" / "mcp.json"
    if platform == "darwin":
        folder = home / "Library" / "Application Support" / "Claude"
    elif platform.startswith("win"):
        folder = Path(environ.get("APPDATA") or home / "AppData" / "Roaming") / "Claude"
    else:
        folder = Path(environ.get("XDG_CONFIG_HOME") or home / ".config") / "Claude"
    return folder / "claude_desktop_config.json"


def merge_into(target: Path, client: str, name: str, document: dict[str, Any]) -> Path | None:
    """Add the server to `target`, keeping everything else; returns the backup's path (if any)."""
    top_key, _ = CLIENTS[client]
    if target.is_symlink():  # a dotfiles-managed file: write through the link, keep the link
        target = target.resolve()
    existing = _read_client_file(target, top_key)
    servers = dict(existing.get(top_key) or {})
    servers[name] = document[top_key][name]
    merged = {**existing, top_key: servers}
    backup = _backup(target) if target.exists() else None
    _atomic_write(target, json.dumps(merged, indent=2, ensure_ascii=False) + "\n")
    return backup


def _read_client_file(target: Path, top_key: str) -> dict[str, Any]:
    if not target.exists():
        return {}
    try:
        data = json.loads(target.read_text(encoding="utf-8") or "{}")
    except (OSError, UnicodeDecodeError) as error:
        raise WorkbenchError(f"cannot read {target} ({error.__class__.__name__}); fix its permissions "
                             "or pass another --path. Nothing was written.") from None
    except json.JSONDecodeError as error:
        raise WorkbenchError(f"{target} is not valid JSON (line {error.lineno}: {error.msg}); fix it "
                             "(comments are not supported) or pass another --path. Nothing was written.") from None
    if not isinstance(data, dict):
        raise WorkbenchError(f"{target} does not hold a JSON object; fix it or pass another --path. "
                             "Nothing was written.")
    if not isinstance(data.get(top_key, {}), dict):
        raise WorkbenchError(f'"{top_key}" in {target} is not an object; fix it or pass another --path. '
                             "Nothing was written.")
    return data


def _backup(target: Path) -> Path:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    backup = target.with_name(f"{target.name}.bak-{stamp}")
    counter = 1
    while backup.exists():
        counter += 1
        backup = target.with_name(f"{target.name}.bak-{stamp}-{counter}")
    shutil.copy2(target, backup)
    return backup


def _atomic_write(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = target.stat().st_mode & 0o777 if target.exists() else None
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
