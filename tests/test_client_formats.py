"""Each host's entry, pinned against the shape its own documentation shows (written here by hand
from the pages cited in docs/clients.md, never produced by our code): stdio, `--http`,
`--project`, `--print-command`, and `--write` keeping comments (JSONC) and other tables (TOML)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from workbench.commands.client_config import workbench_executable
from workbench.model.config import Config, ServerConfig, SourceConfig
from workbench.model.config_file import save_config
from workbench.model.tree import Command, CommandTree

WB = workbench_executable()[0]
ENV = {"PATH": "/opt/tools/bin", "LOG_FORMAT": "json"}
ENV_ARGS = ["--env", "PATH=/opt/tools/bin", "--env", "LOG_FORMAT=json"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder holding mcp.toml for a one-command CLI (`shipit status`)."""
    tree = CommandTree(
        root=Command(
            path=["shipit"],
            runnable=False,
            subcommands=[Command(path=["shipit", "status"], help="Show status.")],
        )
    )
    config = Config(
        source=SourceConfig(command=["shipit"], loader="help", target="shipit"),
        server=ServerConfig(name="shipit", version="1.0"),
        snapshot=tree,
    )
    folder = tmp_path / "repo"
    (folder / "ops").mkdir(parents=True)
    save_config(config, folder / "ops" / "mcp.toml")
    return folder


def run(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench.cli", "client-config", "ops/mcp.toml", *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
    )


def ok(project: Path, *args: str) -> str:
    result = run(project, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def refused(project: Path, *args: str) -> str:
    result = run(project, *args)
    assert result.returncode == 2, result.stdout
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    return result.stderr


def _stdio(cfg: str) -> dict:
    return {"command": WB, "args": ["serve", cfg], "env": ENV}


def expected_stdio(client: str, cfg: str) -> dict:
    """The documented stdio shapes, by hand."""
    plain = {"command": WB, "args": ["serve", cfg], "env": ENV}
    typed = {"type": "stdio", "command": WB, "args": ["serve", cfg], "env": ENV}
    return {
        # modelcontextprotocol.io/quickstart/user: mcpServers.NAME {command, args, env}
        "claude-desktop": {"mcpServers": {"shipit": plain}},
        # code.claude.com/docs/en/mcp: .mcp.json mcpServers.NAME {type: "stdio", command, args, env}
        "claude-code": {"mcpServers": {"shipit": typed}},
        # cursor.com/docs/context/mcp: mcpServers.NAME {command, args, env}
        "cursor": {"mcpServers": {"shipit": plain}},
        # code.visualstudio.com/docs/copilot/reference/mcp-configuration: servers.NAME {type, command, args, env}
        "vscode": {"servers": {"shipit": typed}},
        # gemini-cli docs/tools/mcp-server.md: mcpServers.NAME {command, args, env}
        "gemini-cli": {"mcpServers": {"shipit": plain}},
        # docs.windsurf.com/windsurf/cascade/mcp: mcpServers.NAME {command, args, env}
        "windsurf": {"mcpServers": {"shipit": plain}},
        # zed.dev/docs/ai/mcp: context_servers.NAME {command, args, env}
        "zed": {"context_servers": {"shipit": plain}},
        "mcp-json": {"mcpServers": {"shipit": plain}},
    }[client]


JSON_HOSTS = [
    "claude-desktop",
    "claude-code",
    "cursor",
    "vscode",
    "gemini-cli",
    "windsurf",
    "zed",
    "mcp-json",
]


@pytest.mark.parametrize("client", JSON_HOSTS)
def test_stdio_entry_has_the_documented_shape(project, client):
    cfg = str((project / "ops" / "mcp.toml").absolute())
    assert json.loads(ok(project, "--client", client, *ENV_ARGS)) == expected_stdio(client, cfg)


def test_codex_entry_is_its_documented_toml_table(project):
    cfg = str((project / "ops" / "mcp.toml").absolute())
    text = ok(project, "--client", "codex", *ENV_ARGS)
    # developers.openai.com/codex/mcp: [mcp_servers.NAME] command, args, env
    assert tomllib.loads(text) == {
        "mcp_servers": {"shipit": {"command": WB, "args": ["serve", cfg], "env": ENV}}
    }
    assert text.startswith("[mcp_servers.shipit]\n")


def test_goose_entry_is_its_documented_yaml(project):
    cfg = str((project / "ops" / "mcp.toml").absolute())
    # block.github.io/goose/docs/guides/config-files: extensions.NAME {name, type: stdio, cmd, args,
    # enabled, timeout, envs}
    assert ok(project, "--client", "goose", *ENV_ARGS) == (
        "extensions:\n"
        "  shipit:\n"
        '    name: "shipit"\n'
        '    type: "stdio"\n'
        f"    cmd: {json.dumps(WB)}\n"
        "    args:\n"
        '      - "serve"\n'
        f"      - {json.dumps(cfg)}\n"
        "    enabled: true\n"
        "    timeout: 300\n"
        "    envs:\n"
        '      PATH: "/opt/tools/bin"\n'
        '      LOG_FORMAT: "json"\n'
    )


URL = "http://127.0.0.1:8765/mcp"
AUTH = {"Authorization": "Bearer s3cret"}


@pytest.mark.parametrize(
    "client, expected",
    [
        ("claude-code", {"mcpServers": {"shipit": {"type": "http", "url": URL, "headers": AUTH}}}),
        ("cursor", {"mcpServers": {"shipit": {"url": URL, "headers": AUTH}}}),
        ("vscode", {"servers": {"shipit": {"type": "http", "url": URL, "headers": AUTH}}}),
        ("gemini-cli", {"mcpServers": {"shipit": {"httpUrl": URL, "headers": AUTH}}}),
        ("windsurf", {"mcpServers": {"shipit": {"serverUrl": URL, "headers": AUTH}}}),
        ("zed", {"context_servers": {"shipit": {"url": URL, "headers": AUTH}}}),
        ("mcp-json", {"mcpServers": {"shipit": {"url": URL, "headers": AUTH}}}),
    ],
)
def test_http_entry_has_the_documented_shape(project, client, expected):
    # a bare http://HOST:PORT gets serve's /mcp path
    assert (
        json.loads(
            ok(project, "--client", client, "--http", "http://127.0.0.1:8765", "--token", "s3cret")
        )
        == expected
    )


def test_http_entries_of_codex_and_goose(project):
    codex = tomllib.loads(ok(project, "--client", "codex", "--http", URL, "--token", "s3cret"))
    assert codex == {"mcp_servers": {"shipit": {"url": URL, "http_headers": AUTH}}}
    assert ok(project, "--client", "goose", "--http", URL) == (
        'extensions:\n  shipit:\n    name: "shipit"\n    type: "streamable_http"\n'
        f'    uri: "{URL}"\n    enabled: true\n    timeout: 300\n'
    )


def test_http_is_refused_where_the_host_file_cannot_name_a_url(project):
    assert "Claude Desktop" in refused(project, "--client", "claude-desktop", "--http", URL)
    assert "not an http(s) URL" in refused(
        project, "--client", "cursor", "--http", "127.0.0.1:8765"
    )
    assert "--env" in refused(project, "--client", "cursor", "--http", URL, "--env", "A=1")


@pytest.mark.parametrize(
    "client, expected",
    [
        (
            "claude-code",
            [
                "claude",
                "mcp",
                "add-json",
                "--scope",
                "user",
                "shipit",
                {"type": "stdio", "command": WB, "args": ["serve", "CFG"], "env": ENV},
            ],
        ),
        (
            "vscode",
            [
                "code",
                "--add-mcp",
                {
                    "name": "shipit",
                    "type": "stdio",
                    "command": WB,
                    "args": ["serve", "CFG"],
                    "env": ENV,
                },
            ],
        ),
        (
            "gemini-cli",
            [
                "gemini",
                "mcp",
                "add",
                "--scope",
                "user",
                "--env",
                "PATH=/opt/tools/bin",
                "--env",
                "LOG_FORMAT=json",
                "shipit",
                WB,
                "serve",
                "CFG",
            ],
        ),
        (
            "codex",
            [
                "codex",
                "mcp",
                "add",
                "shipit",
                "--env",
                "PATH=/opt/tools/bin",
                "--env",
                "LOG_FORMAT=json",
                "--",
                WB,
                "serve",
                "CFG",
            ],
        ),
    ],
)
def test_print_command_is_the_hosts_documented_command_line(project, client, expected):
    cfg = str((project / "ops" / "mcp.toml").absolute())
    words = shlex.split(ok(project, "--client", client, *ENV_ARGS, "--print-command"))
    decoded = [json.loads(w) if w.startswith("{") else w for w in words]
    want = [w if not isinstance(w, dict) else {**w, "args": ["serve", cfg]} for w in expected]
    assert decoded == [cfg if w == "CFG" else w for w in want]


def test_print_command_for_http(project):
    words = shlex.split(ok(project, "--client", "claude-code", "--http", URL, "--print-command"))
    assert words[:6] == ["claude", "mcp", "add-json", "--scope", "user", "shipit"]
    assert json.loads(words[6]) == {"type": "http", "url": URL}
    assert shlex.split(ok(project, "--client", "codex", "--http", URL, "--print-command")) == [
        "codex",
        "mcp",
        "add",
        "shipit",
        "--url",
        URL,
    ]
    assert shlex.split(
        ok(project, "--client", "gemini-cli", "--http", URL, "--token", "t", "--print-command")
    ) == [
        "gemini",
        "mcp",
        "add",
        "--scope",
        "user",
        "--transport",
        "http",
        "--header",
        "Authorization: Bearer t",
        "shipit",
        URL,
    ]
    assert "not set up by a command line" in refused(
        project, "--client", "cursor", "--print-command"
    )
    assert "cannot send a header" in refused(
        project, "--client", "codex", "--http", URL, "--token", "t", "--print-command"
    )


@pytest.mark.parametrize(
    "client, expected",
    [
        (
            "vscode",
            {
                "servers": {
                    "shipit": {
                        "type": "stdio",
                        "command": "mcp-workbench",
                        "args": ["serve", "${workspaceFolder}/ops/mcp.toml"],
                    }
                }
            },
        ),
        (
            "cursor",
            {
                "mcpServers": {
                    "shipit": {
                        "command": "mcp-workbench",
                        "args": ["serve", "${workspaceFolder}/ops/mcp.toml"],
                    }
                }
            },
        ),
        (
            "claude-code",
            {
                "mcpServers": {
                    "shipit": {
                        "type": "stdio",
                        "command": "mcp-workbench",
                        "args": ["serve", "ops/mcp.toml"],
                    }
                }
            },
        ),
        (
            "gemini-cli",
            {
                "mcpServers": {
                    "shipit": {"command": "mcp-workbench", "args": ["serve", "ops/mcp.toml"]}
                }
            },
        ),
        (
            "mcp-json",
            {
                "mcpServers": {
                    "shipit": {"command": "mcp-workbench", "args": ["serve", "ops/mcp.toml"]}
                }
            },
        ),
    ],
)
def test_project_entries_hold_no_path_of_this_machine(project, client, expected):
    assert json.loads(ok(project, "--client", client, "--project")) == expected


def test_project_mode_is_refused_for_hosts_without_project_files(project):
    for client in ("claude-desktop", "goose", "windsurf", "zed"):
        assert "--project" in refused(project, "--client", client, "--project")
    assert "committed file" in refused(
        project, "--client", "vscode", "--project", "--http", URL, "--token", "t"
    )


def test_project_write_goes_to_each_hosts_project_file(project):
    for client, relative in [
        ("claude-code", ".mcp.json"),
        ("vscode", ".vscode/mcp.json"),
        ("cursor", ".cursor/mcp.json"),
        ("gemini-cli", ".gemini/settings.json"),
        ("codex", ".codex/config.toml"),
    ]:
        ok(project, "--client", client, "--project", "--write")
        assert (project / relative).is_file(), client
    assert tomllib.loads((project / ".codex" / "config.toml").read_text()) == {
        "mcp_servers": {"shipit": {"command": "mcp-workbench", "args": ["serve", "ops/mcp.toml"]}}
    }


def test_env_file_and_env_flags(project):
    (project / "server.env").write_text(
        "# for the server\nexport LOG_FORMAT='text'\nREGION=eu-west-1\n\n"
    )
    entry = json.loads(
        ok(
            project,
            "--client",
            "claude-code",
            "--env-file",
            "server.env",
            "--env",
            "LOG_FORMAT=json",
        )
    )
    assert entry["mcpServers"]["shipit"]["env"] == {"LOG_FORMAT": "json", "REGION": "eu-west-1"}
    (project / "bad.env").write_text("REGION=eu\n1X=2\n")
    assert "bad.env, line 2" in refused(project, "--client", "claude-code", "--env-file", "bad.env")
    assert "--env" in refused(project, "--client", "claude-code", "--env", "NOEQUALS")


VSCODE_WITH_COMMENTS = """\
// Servers for this repository (see the team wiki)
{
    "inputs": [],
    "servers": {
        /* the linter */
        "lint": {
            "type": "stdio",
            "command": "lintd", // from brew
        },
    },
}
"""

VSCODE_AFTER_WRITE = """\
// Servers for this repository (see the team wiki)
{
    "inputs": [],
    "servers": {
        /* the linter */
        "lint": {
            "type": "stdio",
            "command": "lintd", // from brew
        },
        "shipit": {
            "type": "stdio",
            "command": "mcp-workbench",
            "args": [
                "serve",
                "${workspaceFolder}/ops/mcp.toml"
            ]
        }
    },
}
"""


def test_write_keeps_the_comments_of_a_vscode_file(project):
    target = project / ".vscode" / "mcp.json"
    target.parent.mkdir()
    target.write_text(VSCODE_WITH_COMMENTS)
    ok(project, "--client", "vscode", "--project", "--write")
    assert target.read_text() == VSCODE_AFTER_WRITE
    (backup,) = target.parent.glob("mcp.json.bak-*")
    assert backup.read_text() == VSCODE_WITH_COMMENTS
    ok(
        project, "--client", "vscode", "--project", "--write"
    )  # again: replaced in place, not duplicated
    assert target.read_text() == VSCODE_AFTER_WRITE


def test_write_refuses_comments_where_the_host_does_not_allow_them(project, tmp_path):
    target = tmp_path / "claude_desktop_config.json"
    target.write_text('{\n  // mine\n  "mcpServers": {}\n}\n')
    message = refused(project, "--client", "claude-desktop", "--write", "--path", str(target))
    assert "comments are not allowed" in message and "Nothing was written" in message
    assert target.read_text() == '{\n  // mine\n  "mcpServers": {}\n}\n'


def test_write_into_a_codex_config_keeps_its_other_tables_and_comments(project, tmp_path):
    target = tmp_path / "config.toml"
    original = (
        '# my codex settings\nmodel = "o3"\n\n[mcp_servers.docs]\nurl = "https://docs.example/mcp"\n\n'
        '[mcp_servers.shipit]\ncommand = "old"\n\n[mcp_servers.shipit.env]\nA = "1"\n\n'
        '# kept: the profile below\n[profiles.fast]\nmodel = "o4-mini"\n'
    )
    target.write_text(original)
    ok(project, "--client", "codex", "--write", "--path", str(target), *ENV_ARGS)
    text = target.read_text()
    data = tomllib.loads(text)
    cfg = str((project / "ops" / "mcp.toml").absolute())
    assert data["mcp_servers"] == {
        "docs": {"url": "https://docs.example/mcp"},
        "shipit": {"command": WB, "args": ["serve", cfg], "env": ENV},
    }
    assert data["model"] == "o3" and data["profiles"] == {"fast": {"model": "o4-mini"}}
    assert (
        text.startswith("# my codex settings\n")
        and "# kept: the profile below\n[profiles.fast]" in text
    )


def test_goose_and_generic_files_are_not_guessed(project):
    assert "YAML" in refused(
        project, "--client", "goose", "--write", "--path", str(project / "config.yaml")
    )
    assert "--path" in refused(project, "--client", "mcp-json", "--write")


def test_project_mode_warns_when_the_config_itself_holds_a_machine_path(project):
    from workbench.model.config_file import load_config

    path = project / "ops" / "mcp.toml"
    config = load_config(path)
    config.source.command = ["/home/me/.local/bin/shipit"]
    save_config(config, path)
    result = run(project, "--client", "vscode", "--project")
    assert result.returncode == 0
    assert "warning: [source] command starts with /home/me/.local/bin/shipit" in result.stderr
    assert (
        run(project, "--client", "vscode").stderr == ""
    )  # a user-scope entry may hold this machine's paths
