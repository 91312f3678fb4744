"""`mcp-workbench client-config CONFIG --client HOST`: hook a server into an MCP host.

Prints the entry that adds this server to HOST's config, in the shape HOST's documentation
shows (`workbench/clients/hosts.py`; the pages are cited in `docs/clients.md`):

- stdio (default): the absolute path of this installation's `mcp-workbench` and of the config,
  so the host can start it from any folder; desktop apps (which start servers with a minimal
  PATH) also get the `PATH` the CLI needs in `env`. `--env K=V` / `--env-file FILE` add more.
- `--http URL`: an entry for a running `serve --http` (hosts whose files can name a URL).
- `--project`: an entry for a committed, project-scoped file that works in every clone
  (`mcp-workbench` from PATH, the config by `${workspaceFolder}` or relative to the project).
- `--print-command`: the host's own command line that adds the entry, where it has one.
- `--write [--path P]`: merge the entry into the host's file, keeping every other server, key
  and (in JSONC files) comment; the old file is first copied to `FILE.bak-YYYYMMDDTHHMMSSZ`, and
  the new one replaces it atomically.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from workbench.clients.edit import merged_text
from workbench.clients.envfile import parse_assignment, read_env_file
from workbench.clients.hosts import HOSTS, Launch, Places, Remote, default_file, entry_for
from workbench.clients.launch import (  # noqa: F401 (workbench_executable: for tests and callers)
    cli_search_path,
    serve_launch,
    server_name,
    workbench_executable,
)
from workbench.clients.render import render
from workbench.model.atomic import write_text_atomic
from workbench.model.config_file import load_config
from workbench.model.errors import ConfigError, WorkbenchError


def _hosts():
    return HOSTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the mcp.toml the host should serve")
    parser.add_argument("--client", required=True, choices=sorted(_hosts()), help="which MCP host")
    parser.add_argument(
        "--http",
        metavar="URL",
        help="an entry for a server already running with `serve --http` at URL "
        "(e.g. http://127.0.0.1:8765/mcp) instead of one the host starts",
    )
    parser.add_argument(
        "--token",
        metavar="T",
        help="with --http: send `Authorization: Bearer T` (the server's --token)",
    )
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="K=V",
        help="an environment variable for the server the host starts; repeatable",
    )
    parser.add_argument(
        "--env-file",
        metavar="FILE",
        type=Path,
        help="environment variables from a file of NAME=value lines (--env wins)",
    )
    parser.add_argument(
        "--project",
        action="store_true",
        help="an entry for a committed project file: mcp-workbench from PATH and the config "
        "relative to the project (the current folder)",
    )
    parser.add_argument(
        "--print-command",
        action="store_true",
        help="print the host's own command line that adds the entry (claude, code, gemini, codex)",
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help="merge the entry into the host's config file (after a backup)",
    )
    parser.add_argument(
        "--path",
        metavar="P",
        type=Path,
        help="the host config file to write (default: the host's usual file)",
    )


def run(args: argparse.Namespace) -> int:
    host = _hosts()[args.client]
    config_path = Path(args.config)
    if not config_path.is_file():
        raise ConfigError(
            f"{config_path} does not exist or is not a file; pass the mcp.toml to serve."
        )
    config = load_config(config_path)
    name = server_name(config, config_path)
    if args.path is not None and not args.write:
        raise WorkbenchError("--path only makes sense with --write; add --write or drop --path.")
    if args.write and args.print_command:
        raise WorkbenchError(
            "--write edits the host's file and --print-command prints the host's own command "
            "for that; pick one."
        )
    if args.project and host.project_mode is None:
        raise WorkbenchError(
            f"{host.title} has no project-scoped config file, so --project has nothing to "
            "write; drop --project."
        )
    server: Launch | Remote
    if args.http is not None:
        if host.remote is None:
            raise WorkbenchError(
                f"{host.title}'s config file can only start local servers, not name a URL; drop "
                "--http (add the URL in the app's own connector settings instead)."
            )
        if args.env or args.env_file:
            raise WorkbenchError(
                "--env and --env-file set the environment of a server the host starts; a server "
                "at --http URL has the environment it was started with. Drop them."
            )
        if args.token and args.project:
            raise WorkbenchError(
                "--token with --project would put the secret into a committed file; drop "
                "--token and give each user the token another way."
            )
        headers = {"Authorization": f"Bearer {args.token}"} if args.token else {}
        server = Remote(http_url(args.http), headers)
    else:
        if args.token:
            raise WorkbenchError(
                "--token is for --http entries (the server's bearer token); drop it, or add "
                "--http URL."
            )
        env = server_env(args.env, args.env_file)
        if args.project:
            server = Launch(
                "mcp-workbench", ["serve", project_reference(config_path, host.project_mode)], env
            )
            _warn_machine_paths(config)
        else:
            if host.minimal_path and "PATH" not in env:
                env = {**env, "PATH": cli_search_path(config, config_path.resolve().parent)}
            server = Launch(*serve_launch(config_path), env)
    entry = entry_for(host, name, server)
    if args.print_command:
        if host.command_line is None:
            raise WorkbenchError(
                f"{host.title} is not set up by a command line; drop --print-command and paste "
                "the printed entry, or use --write."
            )
        if args.project and host.name == "vscode":
            raise WorkbenchError(
                "`code --add-mcp` adds to your user profile, not to a project; for a project "
                "entry use --write (it edits .vscode/mcp.json)."
            )
        if host.name == "codex" and isinstance(server, Remote) and server.headers:
            raise WorkbenchError(
                "`codex mcp add --url` cannot send a header; drop --print-command and paste "
                "the printed TOML (it has the token in http_headers)."
            )
        print(shlex.join(host.command_line(name, server, args.project)))
        return 0
    if not args.write:
        sys.stdout.write(render(host, name, entry))
        return 0
    target = args.path or default_path(args.client, project=args.project)
    if target is None:
        raise WorkbenchError(
            f"{host.title} has no usual config file; pass --path FILE with --write."
        )
    backup = merge_into(target, args.client, name, entry)
    note = f" (previous file saved as {backup})" if backup else ""
    print(f"added MCP server `{name}` to {target}{note}")
    return 0


def http_url(text: str) -> str:
    """A `serve --http` URL; a bare `http://host:port` gets the `/mcp` path serve answers on."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise WorkbenchError(
            f"--http {text!r} is not an http(s) URL; give the server's address, e.g. "
            "--http http://127.0.0.1:8765/mcp."
        )
    path = parts.path if parts.path not in ("", "/") else "/mcp"
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def server_env(assignments: list[str], env_file: Path | None) -> dict[str, str]:
    """`--env-file` then `--env` (later wins)."""
    env = read_env_file(env_file) if env_file is not None else {}
    for text in assignments:
        key, value = parse_assignment(text, "--env")
        env[key] = value
    return env


def project_reference(config_path: Path, mode: str | None) -> str:
    """How a committed entry names the config: `${workspaceFolder}/REL` or `REL`, REL relative to
    the project (the current folder)."""
    root = Path.cwd().resolve()
    try:
        relative = config_path.resolve().relative_to(root)
    except ValueError:
        raise WorkbenchError(
            f"--project: {config_path} is not inside the current folder {root}; run "
            "client-config from the project's root folder."
        ) from None
    text = relative.as_posix()
    return f"${{workspaceFolder}}/{text}" if mode == "variable" else text


def _warn_machine_paths(config) -> None:
    program = config.source.command[0] if config.source.command else ""
    if os.path.isabs(program):
        print(
            f"mcp-workbench: warning: [source] command starts with {program}, a path of this machine; "
            "in a committed mcp.toml use a name every clone can run (export with --command NAME, or "
            "a path relative to the config).",
            file=sys.stderr,
        )


def default_path(
    client: str,
    *,
    home: Path | None = None,
    cwd: Path | None = None,
    platform: str | None = None,
    environ: dict[str, str] | None = None,
    project: bool = False,
) -> Path | None:
    """Where `client` reads its servers from by default (project scope for Claude Code and VS
    Code, and for the others with `project`); None when it has no usual file."""
    places = Places(
        home=home or Path.home(),
        cwd=cwd or Path.cwd(),
        platform=platform or sys.platform,
        environ=dict(os.environ if environ is None else environ),
    )
    return default_file(_hosts()[client], places, project=project)


def merge_into(target: Path, client: str, name: str, entry: dict) -> Path | None:
    """Add the server to `target`, keeping everything else; returns the backup's path (if any)."""
    if target.is_symlink():  # a dotfiles-managed file: write through the link, keep the link
        target = target.resolve()
    existing = ""
    if target.exists():
        try:
            existing = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise WorkbenchError(
                f"cannot read {target} ({error.__class__.__name__}); fix its permissions "
                "or pass another --path. Nothing was written."
            ) from None
    text = merged_text(_hosts()[client], existing, name, entry, str(target))
    backup = _backup(target) if target.exists() else None
    _atomic_write(target, text)
    return backup


def _backup(target: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    backup = target.with_name(f"{target.name}.bak-{stamp}")
    counter = 1
    while backup.exists():
        counter += 1
        backup = target.with_name(f"{target.name}.bak-{stamp}-{counter}")
    shutil.copy2(target, backup)
    return backup


def _atomic_write(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(target, text, new_file_mode=0o600)  # a client config may hold secrets (env)
