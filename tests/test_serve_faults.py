"""Faults survived through the real server (stdio, SDK client): a CLI that hangs, floods, fails
or cannot be found; a client that cancels mid-call; SIGTERM with calls in flight; eight calls
against `max_concurrency = 4`. The CLI is tests/fixtures/runtime/faultcli.py, loaded with the
real argparse loader and exported like any other CLI.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from workbench.loaders import load
from workbench.model.config_file import config_from_loaded, save_config

FIXTURES = Path(__file__).parent / "fixtures" / "runtime"
FAULTCLI = FIXTURES / "faultcli.py"


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
def faultcli_config(tmp_path_factory) -> Path:
    sys.path.insert(0, str(FIXTURES))
    try:
        loaded = load("faultcli:build_parser", command=shlex.join([sys.executable, str(FAULTCLI)]))
    finally:
        sys.path.remove(str(FIXTURES))
    config = config_from_loaded(loaded)
    config.runtime.timeout_s = 2
    config.runtime.max_concurrency = 4
    config.runtime.max_output_bytes = 1_000_000
    path = tmp_path_factory.mktemp("faultcli") / "mcp.toml"
    save_config(config, path)
    return path


def serve(config: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "workbench.cli", "serve", str(config)]
    )


def alive(pid: int) -> bool:
    """True while `pid` runs (a zombie waiting to be reaped counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def peak_rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


async def pids_in(pidfile: Path) -> list[int]:
    with anyio.fail_after(15):
        while not (pidfile.exists() and pidfile.read_text().endswith("\n")):
            await anyio.sleep(0.05)
    return [int(p) for p in pidfile.read_text().split()]


async def gone(pids: list[int], within: float = 5) -> bool:
    with anyio.move_on_after(within):
        while any(alive(pid) for pid in pids):
            await anyio.sleep(0.05)
        return True
    return False


@pytest.mark.anyio
async def test_hang_flood_fail_and_cancel_are_survived(faultcli_config, tmp_path):
    async with Client(serve(faultcli_config), mode="legacy", read_timeout_seconds=30) as client:
        echo = await client.call_tool("faultcli_echo", {"words": ["hi"]})
        server_pid = json.loads(echo.content[0].text)["ppid"]
        rss_before = peak_rss_kib(server_pid)

        # hangs: the timeout kills the CLI and its child
        pidfile = tmp_path / "hang.pids"
        hung = await client.call_tool("faultcli_hang", {"pidfile": str(pidfile)})
        assert hung.is_error
        assert (
            "[timed out after 2 s; the command and its children were killed]"
            in hung.content[0].text
        )
        assert hung.structured_content["exit_code"] < 0
        assert await gone(await pids_in(pidfile))

        # floods 128 MiB: capped, and the server's peak memory stays flat
        flood = await client.call_tool("faultcli_flood", {"mb": 128})
        assert flood.is_error is False
        assert flood.structured_content["truncated"] is True
        assert len(flood.structured_content["stdout"].encode()) == 1_000_000
        assert "[output truncated: each stream is capped at 1000000 bytes]" in flood.content[0].text
        growth_mib = (peak_rss_kib(server_pid) - rss_before) / 1024
        assert growth_mib < 40, f"server peak RSS grew {growth_mib:.0f} MiB for a 128 MiB flood"

        # fails: isError with stderr
        failed = await client.call_tool("faultcli_fail", {})
        assert failed.is_error
        assert failed.structured_content["exit_code"] == 3
        assert "stderr:\nboom: the widget is broken" in failed.content[0].text

        # the client cancels mid-call: the CLI and its child are killed, the server keeps serving
        pidfile = tmp_path / "cancel.pids"
        async with anyio.create_task_group() as group:

            async def call_then_abandon() -> None:
                with anyio.CancelScope() as scope:
                    group_scope.append(scope)
                    await client.call_tool("faultcli_hang", {"pidfile": str(pidfile)})

            group_scope: list[anyio.CancelScope] = []
            group.start_soon(call_then_abandon)
            pids = await pids_in(pidfile)
            started = time.monotonic()
            group_scope[0].cancel()
        assert await gone(pids, within=1.9)  # well before the 2 s timeout would have fired
        assert time.monotonic() - started < 1.9
        again = await client.call_tool("faultcli_echo", {"words": ["still", "here"]})
        assert json.loads(again.content[0].text)["argv"] == ["still", "here"]


@pytest.mark.anyio
async def test_eight_calls_with_max_concurrency_four_come_back_in_two_waves(
    faultcli_config, tmp_path
):
    log = tmp_path / "naps.log"
    results = []
    async with Client(serve(faultcli_config), mode="auto", read_timeout_seconds=30) as client:

        async def nap() -> None:
            results.append(
                await client.call_tool("faultcli_nap", {"seconds": 1.5, "log": str(log)})
            )

        async with anyio.create_task_group() as group:
            for _ in range(8):
                group.start_soon(nap)
    assert [r.is_error for r in results] == [False] * 8
    assert all(r.content[0].text == "rested" for r in results)
    events = sorted(
        (float(t), kind) for kind, t in (line.split() for line in log.read_text().splitlines())
    )
    running = peak = 0
    for _, kind in events:
        running += 1 if kind == "start" else -1
        peak = max(peak, running)
    assert peak == 4
    starts = [t for t, kind in events if kind == "start"]
    first_end = min(t for t, kind in events if kind == "end")
    assert sum(1 for t in starts if t < first_end) == 4  # the second wave waited for a free slot


@pytest.mark.anyio
@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_stop_signal_with_calls_in_flight_kills_children_and_exits(
    stop_signal, faultcli_config, tmp_path
):
    pidfiles = [tmp_path / f"hang{i}.pids" for i in range(2)]
    with anyio.fail_after(30):
        async with Client(serve(faultcli_config), mode="legacy", read_timeout_seconds=30) as client:
            async with anyio.create_task_group() as group:

                async def hang(pidfile: Path) -> None:
                    try:
                        await client.call_tool("faultcli_hang", {"pidfile": str(pidfile)})
                    except Exception:
                        pass  # the server is going away mid-call

                for pidfile in pidfiles:
                    group.start_soon(hang, pidfile)
                pids = [pid for pidfile in pidfiles for pid in await pids_in(pidfile)]
                server_pid = parent_of(pids[0])
                os.kill(server_pid, stop_signal)
                assert await gone(pids, within=1.9)  # before the 2 s call timeout could do it
                assert await gone([server_pid], within=5)
                group.cancel_scope.cancel()


@pytest.mark.anyio
async def test_a_cli_that_cannot_be_found_is_an_error_with_the_reason(faultcli_config, tmp_path):
    text = faultcli_config.read_text().replace(
        json.dumps(sys.executable), '"/nonexistent/bin/faultcli"', 1
    )
    broken = tmp_path / "mcp.toml"
    broken.write_text(text)
    async with Client(serve(broken), mode="legacy", read_timeout_seconds=30) as client:
        result = await client.call_tool("faultcli_fail", {})
    assert result.is_error
    assert result.content[0].text == (
        "cannot start `/nonexistent/bin/faultcli`: no such program; is it installed and on PATH?"
    )


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_over_http_a_cancel_and_then_sigterm_kill_the_calls(mode, faultcli_config, tmp_path):
    from test_serve_http import http_server

    with http_server(faultcli_config, tmp_path) as url:
        async with Client(url, mode=mode, read_timeout_seconds=30) as client:
            cancelled = tmp_path / "cancelled.pids"
            with anyio.fail_after(20):
                async with anyio.create_task_group() as group:
                    group.start_soon(client.call_tool, "faultcli_hang", {"pidfile": str(cancelled)})
                    pids = await pids_in(cancelled)
                    group.cancel_scope.cancel()
            assert await gone(pids, within=1.9)  # killed by the cancel, not by the 2 s timeout

            in_flight = tmp_path / "in-flight.pids"
            async with anyio.create_task_group() as group:

                async def hang() -> None:
                    with contextlib.suppress(Exception):
                        await client.call_tool("faultcli_hang", {"pidfile": str(in_flight)})

                group.start_soon(hang)
                pids = await pids_in(in_flight)
                os.kill(parent_of(pids[0]), signal.SIGTERM)
                assert await gone(pids, within=1.9)
                group.cancel_scope.cancel()


def test_a_host_that_closes_stdin_mid_call_leaves_no_process(faultcli_config, tmp_path):
    """A desktop host quitting: stdin closes while a call runs; the server exits, the CLI dies,
    and nothing but JSON-RPC ever reached stdout."""
    import subprocess

    server = subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "serve", str(faultcli_config)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )

    def send(message: dict) -> None:
        server.stdin.write((json.dumps(message) + "\n").encode())
        server.stdin.flush()

    pidfile = tmp_path / "eof.pids"
    send(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "0"},
            },
        }
    )
    first = server.stdout.readline()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "faultcli_hang", "arguments": {"pidfile": str(pidfile)}},
        }
    )
    pids = anyio.run(pids_in, pidfile)
    server.stdin.close()
    assert anyio.run(gone, pids, 1.9)  # by the server's shutdown, before the 2 s timeout
    assert server.wait(timeout=10) == 0
    for line in [first, *server.stdout.read().splitlines()]:
        assert json.loads(line)["jsonrpc"] == "2.0"


# -- no process left behind, even one that detached itself (issue 14 item 8, SPEC §11.8) ---------

DAEMONIZER = FIXTURES / "daemonizer.py"


@pytest.fixture(scope="module")
def daemonizer_config(tmp_path_factory) -> Path:
    sys.path.insert(0, str(FIXTURES))
    try:
        loaded = load(
            "daemonizer:build_parser", command=shlex.join([sys.executable, str(DAEMONIZER)])
        )
    finally:
        sys.path.remove(str(FIXTURES))
    config = config_from_loaded(loaded)
    config.runtime.timeout_s = 30
    path = tmp_path_factory.mktemp("daemonizer") / "mcp.toml"
    save_config(config, path)
    return path


@pytest.mark.anyio
@pytest.mark.parametrize("clear_env", [False, True])
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_daemon_started_by_a_call_is_gone_when_the_call_returns(
    mode, clear_env, daemonizer_config, tmp_path
):
    pidfile = tmp_path / "daemon.pid"
    async with Client(serve(daemonizer_config), mode=mode, read_timeout_seconds=30) as client:
        arguments = {"pidfile": str(pidfile), **({"clear-env": True} if clear_env else {})}
        result = await client.call_tool("daemonizer_spawn", arguments)
        assert result.is_error is False, result.content[0].text
        assert "spawned" in result.content[0].text
        [daemon] = await pids_in(pidfile)
        # the daemon left the call's process group and session: only the subreaper sweep reaches it
        assert await gone([daemon], within=5), f"daemon {daemon} still running"
        again = await client.call_tool(
            "daemonizer_spawn", {"pidfile": str(tmp_path / "second.pid")}
        )
        assert again.is_error is False
        assert await gone(await pids_in(tmp_path / "second.pid"), within=5)


@pytest.fixture(scope="module")
def slow_faultcli_config(faultcli_config, tmp_path_factory) -> Path:
    """faultcli with a 30 s timeout, so a kill within a few seconds is not the timeout's."""
    text = faultcli_config.read_text(encoding="utf-8")
    assert "timeout_s = 2\n" in text
    path = tmp_path_factory.mktemp("slow-faultcli") / "mcp.toml"
    path.write_text(text.replace("timeout_s = 2\n", "timeout_s = 30\n", 1), encoding="utf-8")
    return path


def test_an_http_legacy_client_that_disconnects_mid_call_kills_the_cli(
    slow_faultcli_config, tmp_path
):
    """2025-11-25 era over HTTP: the client drops the connection of its tools/call (no cancel
    notification); the CLI must die then, not when `timeout_s` (30 s) runs out."""
    import httpx2
    from test_serve_http import INITIALIZE, MCP_HEADERS, http_server

    with http_server(slow_faultcli_config, tmp_path) as url:
        with httpx2.Client(timeout=30) as http:
            opened = http.post(url, json=INITIALIZE, headers=MCP_HEADERS)
            assert opened.status_code == 200
            session = {
                **MCP_HEADERS,
                "mcp-session-id": opened.headers["mcp-session-id"],
                "mcp-protocol-version": "2025-11-25",
            }
            http.post(
                url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=session
            )
        pidfile = tmp_path / "dropped.pids"
        call = {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "faultcli_hang", "arguments": {"pidfile": str(pidfile)}},
        }
        with httpx2.Client(timeout=30) as http:  # its own connection, closed mid-call
            with http.stream("POST", url, json=call, headers=session) as response:
                assert response.status_code == 200
                pids = anyio.run(pids_in, pidfile)
                assert all(alive(pid) for pid in pids)
        started = time.monotonic()
        assert anyio.run(gone, pids, 5), "the CLI outlived its client's connection"
        assert time.monotonic() - started < 5
