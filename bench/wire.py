"""A bare-bones MCP client over a child's stdin/stdout: newline-delimited JSON-RPC, nothing else.

The bench times servers from the outside, so the client must cost the same for every server
and as little as possible: no SDK client, no validation, just write a request line and read
lines until the response with that id arrives. Speaks the 2025-11-25 handshake that desktop
hosts and the MCP Inspector use.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
import time
from typing import Any

PROTOCOL_VERSION = "2025-11-25"

_RESPONSE_START = re.compile(rb'\{"jsonrpc":\s*"2.0",\s*"id":\s*(\d+),\s*"result"')
"""How the SDK starts a success response line; lets `time_request` recognise its answer
without parsing a megabyte of JSON (what a client does with the answer is not the server's time)."""


class ServerGone(RuntimeError):
    """The server closed stdout before answering; carries the tail of its stderr."""


class StdioServer:
    """One server process spoken to over its stdin/stdout."""

    def __init__(
        self, argv: list[str], *, env: dict[str, str] | None = None, cwd: str | None = None
    ) -> None:
        self.started = time.perf_counter()
        self._stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            env=env,
            cwd=cwd,
        )
        self._next_id = 0

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(
        self, method: str, params: dict[str, Any] | None = None, *, notify: bool = False
    ) -> int:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        if not notify:
            self._next_id += 1
            message["id"] = self._next_id
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()
        return self._next_id

    def receive(self, request_id: int, *, parse: bool = True) -> dict[str, Any]:
        """Read lines until the response to `request_id`; returns the whole message (or, with
        parse=False, an empty dict once a success response line with that id has been read)."""
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise ServerGone(f"the server exited before answering: {self.stderr_tail()}")
            if not parse and (start := _RESPONSE_START.match(line)) and int(start[1]) == request_id:
                return {}
            message = json.loads(line)
            if message.get("id") == request_id and ("result" in message or "error" in message):
                if "error" in message:
                    raise RuntimeError(f"the server answered an error: {message['error']}")
                return message

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.receive(self.send(method, params))["result"]

    def handshake(self) -> None:
        """initialize + initialized, written without waiting (as hosts do)."""
        self.send(
            "initialize",
            {
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "mcp-workbench-bench", "version": "1"},
            },
        )
        self.send("notifications/initialized", notify=True)

    def time_request(self, method: str, params: dict[str, Any] | None = None) -> float:
        """Seconds from writing a request to reading its whole answer."""
        started = time.perf_counter()
        self.receive(self.send(method, params), parse=False)
        return time.perf_counter() - started

    def stderr_tail(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode(errors="replace")[-2000:]

    def close(self) -> None:
        """Close stdin (a clean stop for a stdio server), then make sure the process is gone."""
        try:
            if self.process.stdin:
                self.process.stdin.close()
            self.process.wait(timeout=5)
        except (subprocess.TimeoutExpired, OSError):
            self.process.kill()
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        self._stderr.close()

    def __enter__(self) -> StdioServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def cold_start(
    argv: list[str], *, env: dict[str, str] | None = None, cpu: list[float] | None = None
) -> float:
    """Seconds from spawning `argv` until its answer to `tools/list` has been read in full.
    With `cpu`, also appends the CPU seconds the server had used by then (less sensitive to
    other processes' load than wall time, at 10 ms resolution)."""
    started = time.perf_counter()
    with StdioServer(argv, env=env) as server:
        server.handshake()
        server.receive(server.send("tools/list", {}), parse=False)
        elapsed = time.perf_counter() - started
        if cpu is not None:
            cpu.append(cpu_seconds(server.pid))
    return elapsed


def cpu_seconds(pid: int) -> float:
    """User + system CPU time process `pid` has used so far (from /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    """The resident set size of process `pid` in KiB (VmRSS from /proc)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def bench_env(**extra: str) -> dict[str, str]:
    """This process's environment plus `extra` (what a host gives the server)."""
    env = dict(os.environ)
    env.update(extra)
    return env
