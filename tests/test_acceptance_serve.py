"""Outside CLIs (tests/fixtures/acceptance/: click with nested groups and options at two levels,
typer with Annotated options) exported by the real `export`, served by the real `serve` over
stdio (both eras) and HTTP, and called by the SDK client with hostile values. Each CLI prints
what its own parser read; the test checks it is exactly what was sent. Values no command line
can carry (a count of a hundred million, a 200 KB word) are refused at once with a sentence,
and the server keeps serving.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

FIXTURES = Path(__file__).parent / "fixtures" / "acceptance"
HOSTILE = ["-rf", "--x=y", "--", "-", "$(rm -rf /)", "a\"b'c", "line1\nline2", "ünï ✓", ""]


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
def configs(tmp_path_factory) -> dict[str, Path]:
    """acc_click and acc_typer exported from their folder into a folder elsewhere."""
    folder = tmp_path_factory.mktemp("acceptance-configs")
    written = {}
    for name, target, extra in [
        ("click", "acc_click:cli", ["--exclude", "acc_click a-very-long-group-name-for-depth *"]),
        ("typer", "acc_typer:app", []),
    ]:
        path = folder / f"{name}.toml"
        done = subprocess.run(
            [sys.executable, "-m", "workbench.cli", "export", target, "-o", str(path), *extra],
            cwd=FIXTURES,
            capture_output=True,
            text=True,
            env={"PATH": "/usr/bin:/bin"},
        )
        assert done.returncode == 0, done.stderr
        written[name] = path
    return written


def received(result) -> object:
    assert not result.is_error, result.content[0].text
    return json.loads(result.structured_content["stdout"])


CLICK_CALL = (
    "acc_click_cloud-ops_copy_files",
    {
        "region": "--",
        "src": HOSTILE,
        "dest": "--x=y",
        "tag": HOSTILE,
        "profile": -3,
        "dry-run": True,
        "mode": "fast",
        "verbose": 3,
        "color": False,
    },
)
CLICK_READ = [
    {"command": "acc_click.py", "params": {"verbose": 3, "color": False, "profile": "dev"}},
    {"command": "cloud-ops", "params": {"region": "--", "profile": "inner"}},
    {
        "command": "copy.files",
        "params": {
            "profile": -3,
            "tag": HOSTILE,
            "dry_run": True,
            "mode": "fast",
            "src": HOSTILE,
            "dest": "--x=y",
        },
    },
]
TYPER_CALL = (
    "acc_typer_db_run-query",
    {
        "sql": "--",
        "params": HOSTILE,
        "config": "-c",
        "debug": True,
        "limit": 1000,
        "level": "high",
        "column": HOSTILE,
        "cache": False,
        "verbose": 2,
    },
)
TYPER_READ = {
    "root": {"config": "-c", "debug": True},
    "sql": "--",
    "params": HOSTILE,
    "limit": 1000,
    "level": "high",
    "column": HOSTILE,
    "cache": False,
    "verbose": 2,
}


async def exercise(client: Client) -> None:
    names = {tool.name for tool in (await client.list_tools()).tools}
    assert {
        "acc_click__ber-status",
        "acc_click_cloud-ops_copy_files",
        "acc_click_cloud-ops_delete",
    } == names
    assert received(await client.call_tool(*CLICK_CALL)) == CLICK_READ
    shadow = received(
        await client.call_tool(
            "acc_click__ber-status", {"force": True, "force_arg": "--force", "n": -5}
        )
    )
    assert shadow[1]["params"] == {"n": -5, "x": False, "force": True, "force_value": "--force"}
    for hostile in ({"verbose": 100_000_000}, {"force_arg": "x" * 200_000}):
        refused = await client.call_tool("acc_click__ber-status", hostile)
        assert refused.is_error and re.search("command.line", refused.content[0].text)
    again = await client.call_tool("acc_click__ber-status", {"verbose": 1})
    assert received(again)[0]["params"]["verbose"] == 1


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_stdio_both_eras_hostile_values_arrive_exactly(configs, mode):
    for name, (tool, arguments), expected in [
        ("click", CLICK_CALL, CLICK_READ),
        ("typer", TYPER_CALL, TYPER_READ),
    ]:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "workbench.cli", "serve", str(configs[name])]
        )
        async with Client(params, mode=mode) as client:
            if name == "click":
                started = time.monotonic()
                await exercise(client)
                assert time.monotonic() - started < 20
            else:
                assert received(await client.call_tool(tool, arguments)) == expected


@contextlib.contextmanager
def http_server(config: Path, log: Path):
    with log.open("w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "workbench.cli", "serve", str(config), "--http", "0"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=sink,
            env={"PATH": "/usr/bin:/bin"},
        )
    try:
        deadline = time.monotonic() + 30
        while not (found := re.search(r"serving MCP on http://[^:/]+:(\d+)/mcp", log.read_text())):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        yield f"http://127.0.0.1:{found.group(1)}/mcp"
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=15) == 0, log.read_text()


@pytest.mark.anyio
async def test_http_both_eras_hostile_values_arrive_exactly(configs, tmp_path):
    with http_server(configs["click"], tmp_path / "serve.log") as url:
        for mode in ("legacy", "auto"):
            async with Client(url, mode=mode) as client:
                await exercise(client)
