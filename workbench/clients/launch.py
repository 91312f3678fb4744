"""How a host starts `mcp-workbench serve` for one config: this installation's executable by
its absolute path, the config's absolute path, and (for desktop hosts) the PATH the CLI needs.

`client-config` and the TUI's Serve screen both build their entries here, so the snippet the
TUI shows is exactly what `client-config` prints.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from workbench.clients.hosts import HOSTS, Launch, entry_for
from workbench.clients.render import render


def workbench_executable() -> list[str]:
    """The `mcp-workbench` of the running installation, as an absolute path (or the interpreter
    running the package when no script is installed)."""
    script = "mcp-workbench.exe" if os.name == "nt" else "mcp-workbench"
    candidates = [
        Path(sysconfig.get_path("scripts")) / script,
        Path(sys.executable).parent / script,
    ]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return [str(candidate.absolute())]
    found = shutil.which("mcp-workbench")
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "workbench.cli"]


def serve_launch(config_path: Path) -> tuple[str, list[str]]:
    """(command, args) that serve the config: this installation's executable, absolute."""
    executable = workbench_executable()
    return executable[0], [*executable[1:], "serve", str(config_path.absolute())]


def serve_argv(config_path: Path) -> list[str]:
    """The same as one argv (the command line to show)."""
    command, args = serve_launch(config_path)
    return [command, *args]


def cli_search_path(config, config_dir: Path) -> str:
    """The PATH a desktop host should give the server: the CLI's own folder (its sibling tools,
    an `env python` shebang), this `mcp-workbench`'s folder, then the PATH this process runs
    with, where the CLI works now. Only absolute folders, each once."""
    folders: list[str] = []
    program = config.source.command[0] if config.source.command else ""
    if program:
        if os.path.isabs(program):
            folders.append(os.path.dirname(program))
        elif os.sep in program:
            folders.append(
                os.path.dirname(os.path.abspath(config_dir / config.runtime.cwd / program))
            )
        elif found := shutil.which(program):
            folders.append(os.path.dirname(os.path.abspath(found)))
    folders.append(os.path.dirname(workbench_executable()[0]))
    folders.extend(os.environ.get("PATH", "").split(os.pathsep))
    return os.pathsep.join(dict.fromkeys(f for f in folders if f and os.path.isabs(f)))


def server_name(config, config_path: Path) -> str:
    """The key the host lists this server under: `[server] name`, else the CLI's name."""
    if config.server.name:
        return config.server.name
    if config.snapshot is not None:
        return config.snapshot.root.name
    return config_path.stem


def host_snippet(config, config_path: Path, client: str) -> tuple[str, str]:
    """(text, language) of `client`'s stdio entry for this config, as `client-config` prints it
    without options; language is `json`, `toml` or `yaml`."""
    host = HOSTS[client]
    name = server_name(config, config_path)
    env = (
        {"PATH": cli_search_path(config, config_path.resolve().parent)} if host.minimal_path else {}
    )
    entry = entry_for(host, name, Launch(*serve_launch(config_path), env))
    return render(host, name, entry), "json" if host.format in ("json", "jsonc") else host.format
