"""HTTP load on loopback: a fixed number of clients × calls against `serve --http`, 1 process
against 2 (`--workers 2`), then it stops.

Each client is the Python SDK's `Client` in the 2026-07-28 era (the one every worker can answer),
connected before the clock starts; each makes its calls one after the other, all clients at once.
The figure is the wall time of the whole batch (lower is better; calls/s and p99 latency per call
are in the notes). The CLI is `/bin/echo`, so the figure is the server's own cost, not a CLI's.
The load generator runs on the same machine (2 cores here): what it spends, the server cannot.
"""

from __future__ import annotations

import contextlib
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

from bench.context import Context, workbench_argv
from bench.measure import Row, median

TOOL = "loadtest_status"


def _config(ctx: Context) -> Path:
    from workbench.model.config import Config, ServerConfig, SourceConfig
    from workbench.model.config_file import save_config
    from workbench.model.tree import Command, CommandTree

    path = ctx.workdir / "http-load.toml"
    if not path.exists():
        tree = CommandTree(
            root=Command(
                path=["loadtest"],
                runnable=False,
                subcommands=[Command(path=["loadtest", "status"], help="Say status.")],
            )
        )
        save_config(
            Config(
                source=SourceConfig(command=["/bin/echo"], loader="help", target="echo"),
                server=ServerConfig(name="loadtest", version="1.0"),
                snapshot=tree,
            ),
            path,
        )
    return path


class _Server:
    """`serve --http 127.0.0.1:0 [--workers N]` at the default log level (as users run it: one
    info line per call, which both sides pay alike)."""

    def __init__(self, config: Path, workers: int) -> None:
        argv = workbench_argv("serve", str(config), "--http", "127.0.0.1:0")
        if workers > 1:
            argv += ["--workers", str(workers)]
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stderr:
            self.lines.append(line)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _batch(url: str, clients: int, calls: int) -> tuple[float, list[float]]:
    """(wall seconds of the batch, each call's latency) for `clients` × `calls`."""
    import anyio
    from mcp import Client

    latencies: list[float] = []

    async def main() -> float:
        async with contextlib.AsyncExitStack() as stack:
            connected = [
                await stack.enter_async_context(Client(url, mode="auto", read_timeout_seconds=120))
                for _ in range(clients)
            ]
            for client in connected:  # warm: each process's first call builds its validator
                await client.call_tool(TOOL, {})

            async def run(client) -> None:
                for _ in range(calls):
                    started = time.perf_counter()
                    result = await client.call_tool(TOOL, {})
                    latencies.append(time.perf_counter() - started)
                    if result.is_error:
                        raise RuntimeError(f"{TOOL} failed: {result.content[0].text[:200]}")

            started = time.perf_counter()
            async with anyio.create_task_group() as group:
                for client in connected:
                    group.start_soon(run, client)
            return time.perf_counter() - started

    return anyio.run(main), latencies


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]


def _wait_ready(server: _Server, url: str) -> None:
    """Until the port accepts a connection (the socket is bound and listening before any worker
    starts, and a worker that is not yet up takes no connection from the shared queue)."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    deadline = time.monotonic() + 120
    while True:
        if server.process.poll() is not None:
            raise RuntimeError("serve exited: " + "".join(server.lines)[-500:])
        try:
            socket.create_connection((parts.hostname, parts.port), timeout=2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("serve --http did not listen within 120 s") from None
            time.sleep(0.05)


def _address(server: _Server) -> str:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        match = re.search(r"http://127\.0\.0\.1:(\d+)/mcp", "".join(server.lines))
        if match:
            return f"http://127.0.0.1:{match.group(1)}/mcp"
        if server.process.poll() is not None:
            break
        time.sleep(0.02)
    raise RuntimeError("serve --http never logged its address: " + "".join(server.lines)[-500:])


def run(ctx: Context) -> Row:
    clients, calls = (8, 10) if ctx.quick else (20, 50)
    config = _config(ctx)
    figures: dict[int, list[tuple[float, list[float]]]] = {1: [], 2: []}
    servers = {}
    try:
        for workers in (1, 2):
            servers[workers] = _Server(config, workers)
        urls = {w: _address(s) for w, s in servers.items()}
        for workers, server in servers.items():
            _wait_ready(server, urls[workers])
        for _ in range(max(1, ctx.repeat)):
            for workers in (1, 2):  # turn about, so load bursts hit both alike
                figures[workers].append(_batch(urls[workers], clients, calls))
    finally:
        for server in servers.values():
            server.stop()
    walls = {w: median([wall for wall, _ in runs]) for w, runs in figures.items()}
    notes = []
    for workers in (1, 2):
        latencies = [value for _, run_latencies in figures[workers] for value in run_latencies]
        rate = clients * calls / walls[workers]
        notes.append(
            f"{workers} process{'es' if workers > 1 else ''}: {rate:.0f} calls/s, "
            f"p50 {median(latencies) * 1000:.0f} ms, p99 {_p99(latencies) * 1000:.0f} ms"
        )
    notes.append(
        f"{clients} clients × {calls} calls, 2026-07-28 era, CLI /bin/echo, load generator on the same cores"
    )
    return Row(
        f"HTTP load, {clients} clients × {calls} calls: `serve --http --workers 2`",
        "one `serve --http` process",
        1.0,
        "s",
        walls[2],
        walls[1],
        len(figures[1]),
        notes=notes,
    )
