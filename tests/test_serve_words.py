"""How values become command-line words, end to end through `serve` over stdio (issue 14, items 1
and 9): git itself with its hand-parsed `-C DIR` and `-c NAME=VALUE` (short-only options written
as two words), and a real argparse CLI with `fromfile_prefix_chars="@"`, where a value starting
with `@` would make argparse read a file of arguments (even after `--`) and must be refused.

Each test writes an `mcp.toml` by hand (a command tree as the help crawler or the argparse loader
records it), starts `python -m workbench.cli serve` as a subprocess and drives it with the MCP
SDK's `Client`.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

from workbench.model.config import Config, Loader, SourceConfig
from workbench.model.config_file import save_config
from workbench.model.tree import Command, CommandTree, Flag, FlagKind, Positional, ValueType

FIXTURES = Path(__file__).parent / "fixtures" / "runtime"


@pytest.fixture
def anyio_backend():
    return "asyncio"


def serve(config: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "workbench.cli", "serve", str(config)]
    )


def git_tree() -> CommandTree:
    """git as the help crawler sees it: `-C <path>` and `-c <name>=<value>` are short-only
    options of the root, parsed by git's own hand-written loop."""
    root = Command(
        path=["git"],
        runnable=False,
        flags=[
            Flag(short="C", value_type=ValueType.PATH, help="Run as if git was started in <path>."),
            Flag(short="c", repeatable=True, help="Pass a configuration parameter <name>=<value>."),
        ],
        subcommands=[
            Command(
                path=["git", "status"],
                short_help="Show the working tree status",
                flags=[
                    Flag(
                        name="short",
                        short="s",
                        kind=FlagKind.BOOLEAN,
                        help="Give the output in the short-format.",
                    )
                ],
            ),
            Command(
                path=["git", "config"],
                short_help="Get repository or global options",
                flags=[
                    Flag(name="get", kind=FlagKind.BOOLEAN, help="Get the value for a given key.")
                ],
                positionals=[Positional(name="name", help="The key.")],
            ),
        ],
    )
    return CommandTree(root=root, cli_version="2")


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_git_dash_C_and_dash_c_work_through_serve(mode, tmp_path):
    """`git -C <repo> status` and `git -c user.name=... config --get user.name`: attached
    (`-C/tmp/repo`) git rejects with `unknown option`, exit 129 (issue 14, item 9)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "some repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "untracked-file.txt").write_text("x\n")
    config = tmp_path / "mcp.toml"
    save_config(
        Config(
            source=SourceConfig(command=["git"], loader=Loader.HELP, target="git"),
            snapshot=git_tree(),
        ),
        config,
    )
    async with Client(serve(config), mode=mode) as client:
        status = await client.call_tool("git_status", {"C": str(repo), "short": True})
        assert not status.is_error, status.content[0].text
        assert status.structured_content["exit_code"] == 0
        assert "?? untracked-file.txt" in status.structured_content["stdout"]
        configured = await client.call_tool(
            "git_config",
            {"C": str(repo), "c": ["user.name=Bob -C Example"], "get": True, "name": "user.name"},
        )
        assert not configured.is_error, configured.content[0].text
        assert configured.structured_content["stdout"] == "Bob -C Example\n"
        refused = await client.call_tool("git_status", {"C": "--exec-path=/tmp"})
        assert refused.is_error
        assert refused.structured_content is None
        assert "cannot start with `-`" in refused.content[0].text


def atfiles_config(tmp_path: Path) -> Path:
    """An mcp.toml for tests/fixtures/runtime/atfiles.py, run as a script in `tmp_path`, where
    `args.txt` holds the injection of issue 14 and `secret.env` a secret."""
    sys.path.insert(0, str(FIXTURES))
    try:
        import atfiles

        from workbench.loaders import load

        tree = load("atfiles:build_parser", name="atfiles").tree
    finally:
        sys.path.remove(str(FIXTURES))
    parser = atfiles.build_parser()
    tree.root.fromfile_prefix_chars = (
        parser.fromfile_prefix_chars
    )  # what the argparse loader records
    subparsers = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for command in tree.root.subcommands:
        command.fromfile_prefix_chars = subparsers.choices[command.name].fromfile_prefix_chars or ""
    (tmp_path / "args.txt").write_text("--force\n--msg=INJECTED\nrealname\n")
    (tmp_path / "secret.env").write_text("SECRET_API_KEY=hunter2\n")
    config = tmp_path / "mcp.toml"
    save_config(
        Config(
            source=SourceConfig(
                command=[sys.executable, str(FIXTURES / "atfiles.py")],
                loader=Loader.ARGPARSE,
                target="atfiles:build_parser",
            ),
            snapshot=tree,
        ),
        config,
    )
    return config


@pytest.mark.anyio
async def test_an_at_file_word_is_refused_and_the_model_sees_the_rule(tmp_path):
    """`{"name": "@args.txt"}` once parsed as `force=True, msg="INJECTED"`; `-p @secret.env`
    arrived as the secret. Now both are refused before anything runs, with the reason, and the
    schema's `pattern` tells the model beforehand; `--msg=@x` (glued) stays plain data."""
    config = atfiles_config(tmp_path)
    async with Client(serve(config), mode="legacy") as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        name_schema = tools["atfiles_run"].input_schema["properties"]["name"]
        assert name_schema["pattern"] == "^([^@+]|$)"
        assert (
            tools["atfiles_run"].input_schema["properties"]["p"]["pattern"].startswith("^([^-@]|$)")
        )
        for arguments in (
            {"name": "@args.txt"},
            {"name": "x", "rest": ["-y", "@secret.env"]},
            {"name": "x", "p": "@secret.env"},
            {"name": "x", "pair": ["a", "+args.txt"]},
        ):
            result = await client.call_tool("atfiles_run", arguments)
            text = result.content[0].text
            assert result.is_error, arguments
            assert result.structured_content is None, "the CLI never ran"
            assert (
                "as a file of more arguments" in text
                and "INJECTED" not in text
                and "hunter2" not in text
            )
        ran = await client.call_tool(
            "atfiles_run", {"name": "realname", "msg": "@x", "label": ["+x"], "rest": ["-y", "a@b"]}
        )
        assert not ran.is_error, ran.content[0].text
        out = ran.structured_content["stdout"]
        assert (
            "'msg': '@x'" in out
            and "'label': ['+x']" in out
            and "'force': False" in out
            and "'rest': ['-y', 'a@b']" in out
        )
        shown = await client.call_tool("atfiles_show", {"what": "+plain", "w": "+w"})
        assert not shown.is_error, (
            "`show` has no fromfile characters of its own: only the root's `@`"
        )
        assert "'what': '+plain'" in shown.structured_content["stdout"]
