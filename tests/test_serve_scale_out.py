"""Scale-out: `serve --http --workers N` (one port, N processes), and the documented nginx
deployment of two `serve --http --instance` processes (docs/deploy/nginx-mcp-workbench.conf).

Real processes, real SDK clients over loopback HTTP, both protocol eras; which process answered
is counted from each process's own log. The nginx test is skipped without nginx (`.ci/run`
installs Debian's package when it can)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import anyio
import pytest

from workbench.model.config import Config, ServerConfig, SourceConfig
from workbench.model.config_file import save_config
from workbench.model.tree import Command, CommandTree

ROOT = Path(__file__).resolve().parents[1]
NGINX_SNIPPET = ROOT / "docs" / "deploy" / "nginx-mcp-workbench.conf"
STARTED = "Application startup complete."


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """A one-tool config whose CLI is /bin/echo (fast, always there)."""
    tree = CommandTree(
        root=Command(
            path=["shipit"],
            runnable=False,
            subcommands=[Command(path=["shipit", "status"], help="Show status.")],
        )
    )
    path = tmp_path / "mcp.toml"
    save_config(
        Config(
            source=SourceConfig(command=["/bin/echo"], loader="help", target="echo"),
            server=ServerConfig(name="shipit", version="1.0"),
            snapshot=tree,
        ),
        path,
    )
    return path


class Served:
    """A `serve` process whose stderr is collected line by line (its log)."""

    def __init__(self, *args: str) -> None:
        self.lines: list[str] = []
        self._changed = threading.Condition()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "workbench.cli", "serve", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.process.stderr:
            with self._changed:
                self.lines.append(line)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def wait_for(self, text: str, count: int = 1, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        with self._changed:
            while sum(text in line for line in self.lines) < count:
                remaining = deadline - time.monotonic()
                assert remaining > 0 and self.process.poll() is None, "".join(self.lines)
                self._changed.wait(remaining)

    def port(self) -> int:
        self.wait_for("serving MCP on http://")
        match = re.search(r"serving MCP on http://127\.0\.0\.1:(\d+)/mcp", "".join(self.lines))
        assert match, "".join(self.lines)
        return int(match.group(1))

    def count(self, pattern: str) -> int:
        return sum(bool(re.search(pattern, line)) for line in self.lines)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(timeout=30)
        self._reader.join(timeout=10)
        return code


async def _clients(url: str, modern: int, legacy: int, calls: int) -> list[str]:
    """Concurrent clients of both eras, each making `calls` calls; per call, "ok" or what went wrong."""
    from mcp import Client

    results: list[str] = []

    async def one(mode: str) -> None:
        async with Client(url, mode=mode, read_timeout_seconds=60) as client:
            for _ in range(calls):
                result = await client.call_tool("shipit_status", {})
                text = " ".join(getattr(part, "text", repr(part)) for part in result.content)
                ok = not result.is_error and text.strip() == "status"
                results.append("ok" if ok else f"{mode}: is_error={result.is_error} {text!r}")

    with anyio.fail_after(120):
        async with anyio.create_task_group() as group:
            for mode in ["auto"] * modern + ["legacy"] * legacy:
                group.start_soon(one, mode)
    return results


def test_workers_share_one_port_and_both_eras_are_answered(config):
    served = Served(str(config), "--http", "127.0.0.1:0", "--workers", "2")
    try:
        port = served.port()
        served.wait_for(STARTED, count=2)
        results = anyio.run(_clients, f"http://127.0.0.1:{port}/mcp", 8, 4, 5)
        assert results == ["ok"] * 60, "".join(served.lines)
    finally:
        assert served.stop() == 0
    per_worker = [served.count(rf"serve\[worker {n}\]: .*called shipit_status: ok") for n in (1, 2)]
    assert sum(per_worker) == 60 and min(per_worker) > 0, per_worker
    assert served.count(r"Finished server process") == 2  # both workers stopped with the group


def test_workers_need_http_and_a_sane_count(config):
    for args, message in [
        (["--workers", "2"], "add --http"),
        (["--http", "0", "--workers", "0"], "from 1 to 64"),
        (["--http", "0", "--workers", "2", "--instance", "a"], "drop one of them"),
        (["--http", "0", "--instance", "a.b"], "--instance 'a.b'"),
    ]:
        result = subprocess.run(
            [sys.executable, "-m", "workbench.cli", "serve", str(config), *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (
            result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
        )


def _logged(backends: list[Served], pattern: str, total: int, timeout: float = 30) -> list[int]:
    """Per process, how many log lines match, once `total` have been logged in all."""
    deadline = time.monotonic() + timeout
    while (
        sum(counts := [b.count(pattern) for b in backends]) < total and time.monotonic() < deadline
    ):
        time.sleep(0.02)  # the log readers run in threads; poll their count
    return counts


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _nginx_conf(folder: Path, ports: tuple[int, int], front: int) -> Path:
    """nginx's main file for a test run, including the documented snippet with this run's ports."""
    snippet = NGINX_SNIPPET.read_text()
    for documented, actual in (
        ("127.0.0.1:8001", ports[0]),
        ("127.0.0.1:8002", ports[1]),
        ("127.0.0.1:8080", front),
    ):
        assert documented in snippet
        snippet = snippet.replace(documented, f"127.0.0.1:{actual}")
    (folder / "mcp-workbench.conf").write_text(snippet)
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = folder / "nginx.conf"
    main.write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"worker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
        f"events {{ worker_connections 512; }}\nhttp {{\n    access_log off;\n{temp}\n"
        f"    include {folder / 'mcp-workbench.conf'};\n}}\n"
    )
    return main


def _wait_listening(port: int, process: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        assert process.poll() is None, "nginx exited"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert time.monotonic() < deadline, "nginx does not listen"
            time.sleep(0.02)  # poll the condition: nginx says nothing when it listens


def test_nginx_in_front_of_two_processes_serves_both_eras(config, tmp_path):
    nginx = shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None
    )
    if nginx is None:
        pytest.skip(
            "nginx is not installed (.ci/run installs Debian's package where apt-get works)"
        )
    backends = [
        Served(str(config), "--http", "127.0.0.1:0", "--instance", name) for name in ("a", "b")
    ]
    front = _free_port()
    proxy = None
    try:
        ports = (backends[0].port(), backends[1].port())
        for backend in backends:
            backend.wait_for(STARTED)
        conf = _nginx_conf(tmp_path, ports, front)
        proxy = subprocess.Popen(
            [nginx, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        _wait_listening(front, proxy)
        url = f"http://127.0.0.1:{front}/mcp"
        modern = anyio.run(_clients, url, 6, 0, 5)
        assert modern == ["ok"] * 30
        modern_calls = _logged(backends, r"called shipit_status: ok", 30)
        assert sum(modern_calls) == 30 and min(modern_calls) > 0, modern_calls  # landed on both
        legacy = anyio.run(_clients, url, 0, 6, 5)
        assert legacy == ["ok"] * 30  # every later request of a session reached its process
        sessions = _logged(backends, r"Created new transport with session ID", 6)
        assert sum(sessions) == 6 and min(sessions) > 0, sessions  # sessions opened on both
    finally:
        if proxy is not None:
            proxy.send_signal(signal.SIGQUIT)
            proxy.wait(timeout=30)
        for backend in backends:
            backend.stop()


def test_instance_names_the_session_ids_and_takes_them_back(config):
    """Without a balancer: a handshake client of an `--instance a` process gets `a.`-prefixed
    session ids (what nginx routes on) and every later request with that id is answered."""
    from mcp.server.streamable_http import MCP_SESSION_ID_HEADER

    served = Served(str(config), "--http", "127.0.0.1:0", "--instance", "a")
    try:
        port = served.port()
        served.wait_for(STARTED)
        assert anyio.run(_clients, f"http://127.0.0.1:{port}/mcp", 0, 2, 3) == ["ok"] * 6

        import json
        import urllib.request

        body = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {},
                    "clientInfo": {"name": "probe", "version": "1"},
                },
            }
        ).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/mcp",
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
            },
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            session = response.headers[MCP_SESSION_ID_HEADER]
        assert session.startswith("a.") and len(session) > 2
    finally:
        served.stop()


def test_workers_do_not_outlive_a_killed_supervisor(config):
    served = Served(str(config), "--http", "127.0.0.1:0", "--workers", "2")
    port = served.port()
    served.wait_for(STARTED, count=2)
    pids = [int(m) for m in re.findall(r"Started server process \[(\d+)\]", "".join(served.lines))]
    assert len(pids) == 2
    served.process.kill()  # SIGKILL: no chance to stop its workers itself
    served.process.wait(timeout=30)
    for pid in pids:
        deadline = time.monotonic() + 30
        while _alive(pid):
            assert time.monotonic() < deadline, f"worker {pid} outlived its supervisor"
            time.sleep(
                0.02
            )  # poll the condition: the kernel signals the worker, we wait for it to go
    with socket.socket() as probe:  # and the port is free again
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", port))


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_enforce_the_token_and_keep_it_from_the_cli(tmp_path):
    """`--workers 2 --token T`: every worker wants the token, and the CLIs they run (here
    `/usr/bin/env`, which prints its environment) never see it."""
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    tree = CommandTree(root=Command(path=["env"], runnable=True, help="Print the environment."))
    config = tmp_path / "mcp.toml"
    save_config(
        Config(
            source=SourceConfig(command=["/usr/bin/env"], loader="help", target="env"),
            server=ServerConfig(name="env", version="1.0"),
            snapshot=tree,
        ),
        config,
    )
    served = Served(
        str(config), "--http", "127.0.0.1:0", "--workers", "2", "--token", "s3cret-token"
    )
    try:
        port = served.port()
        served.wait_for(STARTED, count=2)
        url = f"http://127.0.0.1:{port}/mcp"
        for _ in range(4):  # new connections, so both workers are asked
            assert (
                httpx2.post(
                    url, json={}, headers={"Accept": "application/json, text/event-stream"}
                ).status_code
                == 401
            )

        async def printed_env() -> list[str]:
            texts = []
            for _ in range(4):
                http = create_mcp_http_client(headers={"Authorization": "Bearer s3cret-token"})
                async with Client(streamable_http_client(url, http_client=http)) as client:
                    result = await client.call_tool("env", {})
                    assert not result.is_error
                    texts.append(result.content[0].text)
            return texts

        for text in anyio.run(printed_env):
            assert (
                "PATH=" in text and "s3cret-token" not in text and "MCP_WORKBENCH_TOKEN" not in text
            )
    finally:
        assert served.stop() == 0
    assert "s3cret-token" not in "".join(served.lines)
