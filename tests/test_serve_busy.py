"""SPEC §11.7: no request, however crafted, holds the server's event loop (issue 14, item 2).

A real `serve` subprocess on a generated 10,000-tool config gets issue 14's hostile requests (a
2,000-character unknown tool name, which once blocked every other request for 98 s; 2,000 unknown
keys of 500 characters, a 1 MB request, once 16-28 s; ordinary typos of a tool name and of a
key, once 1.3 s each) while the test pings it, one ping after the other, until every hostile
request is answered. Two measures, both taken the way a client meets the server:

- the ping's round trip, from writing the request to reading its answer. A busy machine (two
  cores shared with other test runs) makes single round trips slow for reasons the server
  cannot change, so the test asserts on the median (within 50 ms of the same server's median
  when quiet: ~1 ms over stdio, ~30 ms over HTTP with the SDK client here) and on the slowest
  (< 1 s: before the fix one ping waited the whole 98 s or 1.3 s); the distributions are printed;
- the server's own event-loop watch (`workbench/runtime/loop_watch.py`), which logs a warning for
  every stretch of more than 50 ms of loop-thread CPU without a break. CPU time of that thread,
  not wall time, so it is immune to the machine being busy: the test asserts it logged nothing.

Over stdio the test writes raw JSON-RPC lines on the pipe (the requests are serialized before
timing starts, a lock keeps each line whole, and a ping's round trip starts once its line is in
the pipe); over HTTP the hostile requests come from a
separate process using the SDK client (tests/fixtures/runtime/hostile_http.py), the pings from
the SDK client here.
"""

from __future__ import annotations

import json
import queue
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from mcp import Client

from workbench.model.config import Config, Loader, SourceConfig
from workbench.model.config_file import save_config
from workbench.model.tree import Command, CommandTree, Flag, FlagKind, Positional, ValueType

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "runtime"))
from hostile_http import hostile_requests  # noqa: E402

GROUPS, PER_GROUP = 200, 50
TOOL = "big_g123_command-34"
PROPERTY = "name"
BUSY_WARNING = "the event loop was busy"


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
def big_config(tmp_path_factory) -> Path:
    """10,000 leaf commands in 200 groups, each with a few flags and a positional."""
    groups = []
    for g in range(GROUPS):
        leaves = [
            Command(
                path=["big", f"g{g:03d}", f"command-{c:02d}"],
                short_help=f"Do thing {c} of group {g}.",
                flags=[
                    Flag(name="name", help="A name."),
                    Flag(name="count", value_type=ValueType.INTEGER),
                    Flag(name="verbose", short="v", kind=FlagKind.BOOLEAN),
                ],
                positionals=[Positional(name="target", help="The target.")],
            )
            for c in range(PER_GROUP)
        ]
        groups.append(Command(path=["big", f"g{g:03d}"], runnable=False, subcommands=leaves))
    tree = CommandTree(root=Command(path=["big"], runnable=False, subcommands=groups))
    path = tmp_path_factory.mktemp("big") / "mcp.toml"
    save_config(
        Config(
            source=SourceConfig(command=["true"], loader=Loader.HELP, target="big"), snapshot=tree
        ),
        path,
    )
    return path


def check_answers(answers: dict[str, list[dict]]) -> None:
    """Every hostile request got the answer a client can act on."""
    assert len(answers["long-name"]) == 3 and all(a["code"] == -32602 for a in answers["long-name"])
    assert all("Unknown tool `xxxx" in a["text"] for a in answers["long-name"])
    assert len(answers["key-flood"]) == 3
    assert all(
        a["is_error"] and "1991 more unknown fields" in a["text"] for a in answers["key-flood"]
    )
    assert all(f"did you mean `{TOOL}`" in a["text"] for a in answers["tool-typo"]), answers[
        "tool-typo"
    ][0]
    assert all(a["is_error"] and "did you mean `name`?" in a["text"] for a in answers["key-typo"])


def report(label: str, quiet: list[float], pings: list[float], busy: list[str]) -> None:
    """Print the distributions; assert the loop watch stayed silent, the median ping during the
    hostile requests is within 50 ms of the quiet server's median, and no ping waited 1 s."""
    ms = sorted(p * 1000 for p in pings)
    base = statistics.median(quiet) * 1000
    print(
        f"\n{label}: quiet median {base:.1f} ms; {len(ms)} pings during hostile requests: median "
        f"{statistics.median(ms):.1f} ms, p90 {ms[int(len(ms) * 0.9)]:.1f} ms, max {ms[-1]:.1f} ms; "
        f"loop-watch warnings: {len(busy)}"
    )
    assert not busy, busy
    assert statistics.median(ms) < base + 50, ms
    assert ms[-1] < 1000, ms


class RawStdio:
    """A `serve` subprocess spoken to in raw JSON-RPC lines, with a reader thread."""

    def __init__(self, config: Path, stderr: Path) -> None:
        self._stderr = stderr.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "workbench.cli", "serve", str(config), "--log-level", "info"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
        )
        self.answers: dict[object, tuple[float, dict]] = {}
        self.arrived: queue.Queue = queue.Queue()
        self.write_lock = threading.Lock()
        self.writer: threading.Thread | None = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            message = json.loads(line)
            self.arrived.put((time.perf_counter(), message))

    def send(self, line: bytes, timeout: float = 60) -> float:
        """Write one whole line; returns when it was all in the pipe (a ping sent behind a 1 MB
        line waits for that line's bytes to go first: that is the pipe, not the server)."""
        assert self.write_lock.acquire(timeout=timeout), "the server stopped reading its stdin"
        try:
            self.process.stdin.write(line)
            self.process.stdin.flush()
            return time.perf_counter()
        finally:
            self.write_lock.release()

    def send_in_background(self, lines: list[bytes]) -> None:
        self.writer = threading.Thread(
            target=lambda: [self.send(data) for data in lines], daemon=True
        )
        self.writer.start()

    def close(self) -> None:
        """EOF ends the server; one still busy after 30 s (a failed run) is killed."""
        if self.writer is not None and self.writer.is_alive():  # it stopped reading: a failed run
            self.process.kill()
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._stderr.close()


def line(message: dict) -> bytes:
    return (json.dumps(message) + "\n").encode()


def test_hostile_requests_over_stdio_never_hold_a_ping(big_config, tmp_path):
    server = RawStdio(big_config, tmp_path / "stderr.log")
    try:
        server.send(
            line(
                {
                    "jsonrpc": "2.0",
                    "id": "init",
                    "method": "initialize",
                    "params": {
                        "protocolVersion": "2025-11-25",
                        "capabilities": {},
                        "clientInfo": {"name": "t", "version": "0"},
                    },
                }
            )
        )
        _, answer = server.arrived.get(timeout=120)  # startup of 10,000 tools
        assert answer["id"] == "init" and "result" in answer, answer
        server.send(line({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        # warm-up: the first call of a server imports jsonschema and RapidFuzz (once, ~50 ms
        # in a worker thread); the measure is about what every later request costs
        server.send(
            line(
                {
                    "jsonrpc": "2.0",
                    "id": "warm",
                    "method": "tools/call",
                    "params": {"name": TOOL, "arguments": {"nmae": 1}},
                }
            )
        )
        _, answer = server.arrived.get(timeout=60)
        assert answer["id"] == "warm" and answer["result"]["isError"], answer
        quiet = []
        for n in range(20):
            sent = server.send(line({"jsonrpc": "2.0", "id": f"q{n}", "method": "ping"}))
            arrived, answer = server.arrived.get(timeout=60)
            assert answer["id"] == f"q{n}"
            quiet.append(arrived - sent)
        hostile = [
            (
                f"h{i}",
                label,
                line(
                    {
                        "jsonrpc": "2.0",
                        "id": f"h{i}",
                        "method": "tools/call",
                        "params": {"name": name, "arguments": arguments},
                    }
                ),
            )
            for i, (label, name, arguments) in enumerate(hostile_requests(TOOL, PROPERTY))
        ]
        labels = {request_id: label for request_id, label, _ in hostile}
        pings: list[float] = []
        answers: dict[str, list[dict]] = {label: [] for label in set(labels.values())}
        deadline = time.monotonic() + 60
        server.send_in_background([data for _, _, data in hostile])
        n = 0
        while sum(map(len, answers.values())) < len(hostile) or n < 30:
            assert time.monotonic() < deadline, f"hostile requests unanswered after 60 s: {answers}"
            n += 1
            sent = server.send(
                line({"jsonrpc": "2.0", "id": f"p{n}", "method": "ping"}),
                timeout=max(0.1, deadline - time.monotonic()),
            )
            while True:
                arrived, message = server.arrived.get(timeout=max(0.1, deadline - time.monotonic()))
                if message.get("id") == f"p{n}":
                    pings.append(arrived - sent)
                    break
                label = labels[message["id"]]
                if "error" in message:
                    answers[label].append(
                        {"code": message["error"]["code"], "text": message["error"]["message"]}
                    )
                else:
                    result = message["result"]
                    answers[label].append(
                        {"is_error": result.get("isError"), "text": result["content"][0]["text"]}
                    )
        check_answers(answers)
    finally:
        server.close()
    busy = [
        entry
        for entry in (tmp_path / "stderr.log").read_text().splitlines()
        if BUSY_WARNING in entry
    ]
    report("stdio", quiet, pings, busy)


@pytest.mark.anyio
@pytest.mark.filterwarnings("ignore:ping is removed:DeprecationWarning")
async def test_hostile_requests_over_http_never_hold_a_ping(big_config, tmp_path):
    import anyio

    log = tmp_path / "serve.log"
    with log.open("w") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "workbench.cli",
                "serve",
                str(big_config),
                "--http",
                "0",
                "--log-level",
                "info",
            ],
            stdin=subprocess.DEVNULL,
            stderr=sink,
        )
    try:
        with anyio.fail_after(120):
            while not (
                found := re.search(r"serving MCP on http://[^:/]+:(\d+)/mcp", log.read_text())
            ):
                assert process.poll() is None, log.read_text()
                await anyio.sleep(
                    0.05
                )  # polling a log file for the port: there is nothing to await
        url = f"http://127.0.0.1:{found.group(1)}/mcp"
        pings: list[float] = []
        quiet: list[float] = []
        async with Client(url, mode="legacy") as client:
            await client.call_tool(TOOL, {"nmae": 1})  # warm-up, as over stdio
            for _ in range(20):
                sent = time.perf_counter()
                await client.send_ping()
                quiet.append(time.perf_counter() - sent)
            hostile = await anyio.open_process(
                [
                    sys.executable,
                    str(Path(__file__).parent / "fixtures" / "runtime" / "hostile_http.py"),
                    url,
                    TOOL,
                    PROPERTY,
                ]
            )
            async with hostile:
                output = b""

                async def collect() -> None:
                    nonlocal output
                    async for chunk in hostile.stdout:
                        output += chunk

                async with anyio.create_task_group() as group:
                    group.start_soon(collect)
                    with anyio.fail_after(60):
                        while hostile.returncode is None or len(pings) < 30:
                            sent = time.perf_counter()
                            await client.send_ping()
                            pings.append(time.perf_counter() - sent)
                            if hostile.returncode is None:
                                with anyio.move_on_after(0):
                                    await hostile.wait()
                assert hostile.returncode == 0
        answers: dict[str, list[dict]] = {}
        for entry in output.decode().splitlines():
            answer = json.loads(entry)
            answers.setdefault(answer["label"], []).append(answer)
        check_answers(answers)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    busy = [entry for entry in log.read_text().splitlines() if BUSY_WARNING in entry]
    report("http", quiet, pings, busy)
