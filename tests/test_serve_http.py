"""`mcp-workbench serve CONFIG --http` with the SDK client in both eras, and who gets in:
a bad Host gets 421, a missing or wrong bearer token 401, a non-loopback bind without a token
is refused. Real server subprocesses on free ports (`--http 0`, the bound port is logged).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from workbench.cli import main

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "probe", "version": "0"},
    },
}
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


@pytest.fixture
def anyio_backend():
    return "asyncio"


@contextlib.contextmanager
def http_server(config: Path, tmp_path: Path, *extra: str, address: str = "0"):
    """A running `serve --http ADDRESS` subprocess; yields a loopback /mcp URL to reach it;
    SIGTERM and a clean exit after."""
    log = tmp_path / f"serve-{time.monotonic_ns()}.log"
    with log.open("w") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "workbench.cli",
                "serve",
                str(config),
                "--http",
                address,
                *extra,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=sink,
            env={"PATH": "/usr/bin:/bin", "WORKBENCH_SAMPLE_HOME": str(tmp_path / "home")},
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


@pytest.fixture(scope="module")
def served(sample_config, tmp_path_factory):
    """`served("deployctl")` → the URL of a plain `serve --http 0` of that sample, started once
    per module (each test still opens its own client)."""
    with contextlib.ExitStack() as stack:
        urls: dict[str, str] = {}

        def get(sample: str) -> str:
            if sample not in urls:
                folder = tmp_path_factory.mktemp(f"http-{sample}")
                urls[sample] = stack.enter_context(http_server(sample_config(sample), folder))
            return urls[sample]

        yield get


def printed(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


CALLS = {
    "deployctl": (
        "deployctl_deploy",
        {"services": ["web"], "tag": "--v9", "env": "prod", "dry-run": True},
        "would deploy web@--v9 to prod",
    ),
    "notes": ("notes_add", {"title": "-x 'quoted' $(x)"}, "added note "),
    "pkgtool": (
        "pkgtool_search",
        {"term": "http", "limit": 1},
        "requests\t2.32.3\tHTTP for humans",
    ),
}


@pytest.mark.anyio
@pytest.mark.parametrize("sample", ["deployctl", "notes", "pkgtool"])
async def test_list_and_call_over_http_in_both_eras(sample, sample_config, served):
    expected_tools = json.loads(printed("tools", str(sample_config(sample))))
    name, arguments, words = CALLS[sample]
    url = served(sample)
    for mode in ("legacy", "auto"):
        async with Client(url, mode=mode, read_timeout_seconds=30) as client:
            listed = (await client.list_tools()).tools
            assert [
                t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed
            ] == expected_tools
            result = await client.call_tool(name, arguments)
            assert result.is_error is False, result.content[0].text
            assert words in result.content[0].text


def test_a_bad_host_header_gets_421_and_a_bad_origin_403(served):
    url = served("deployctl")
    port = url.rsplit(":", 1)[1].split("/")[0]
    bad_host = httpx2.post(url, json=INITIALIZE, headers={**MCP_HEADERS, "host": "evil.example"})
    assert bad_host.status_code == 421
    bad_origin = httpx2.post(
        url, json=INITIALIZE, headers={**MCP_HEADERS, "origin": "http://evil.example"}
    )
    assert bad_origin.status_code == 403
    good = httpx2.post(url, json=INITIALIZE, headers={**MCP_HEADERS, "host": f"localhost:{port}"})
    assert good.status_code == 200


@pytest.mark.anyio
async def test_with_a_token_every_request_needs_it_even_on_all_interfaces(sample_config, tmp_path):
    with http_server(
        sample_config("deployctl"), tmp_path, "--token", "s3cret-token", address="0.0.0.0:0"
    ) as url:
        assert httpx2.post(url, json=INITIALIZE, headers=MCP_HEADERS).status_code == 401
        wrong = {**MCP_HEADERS, "authorization": "Bearer s3cret-tokeN"}
        response = httpx2.post(url, json=INITIALIZE, headers=wrong)
        assert response.status_code == 401
        assert response.headers["www-authenticate"].startswith("Bearer")
        assert "s3cret" not in response.text
        http = create_mcp_http_client(headers={"Authorization": "Bearer s3cret-token"})
        async with Client(streamable_http_client(url, http_client=http), mode="legacy") as client:
            assert len((await client.list_tools()).tools) == 8
        evil_host = {**MCP_HEADERS, "authorization": "Bearer s3cret-token", "host": "evil.example"}
        assert (
            httpx2.post(url, json=INITIALIZE, headers=evil_host).status_code == 421
        )  # still rebinding-protected


def test_a_non_loopback_bind_without_a_token_is_refused(sample_config, capsys):
    config = str(sample_config("deployctl"))
    capsys.readouterr()  # the fixture's first export prints its own line
    assert main(["serve", config, "--http", "0.0.0.0:0"]) == 2
    assert capsys.readouterr().err == (
        "mcp-workbench: refusing to serve on 0.0.0.0 without --token: anyone who can reach it could "
        "run the CLI; add --token SECRET or bind to 127.0.0.1.\n"
    )


@pytest.mark.parametrize("address", ["abc", "host:", "127.0.0.1:70000"])
def test_a_bad_http_address_is_one_sentence(address, sample_config, capsys):
    config = str(sample_config("deployctl"))
    capsys.readouterr()  # the fixture's first export prints its own line
    assert main(["serve", config, "--http", address]) == 2
    assert capsys.readouterr().err == (
        f"mcp-workbench: --http {address!r}: give a port (0-65535) as PORT or HOST:PORT, e.g. --http 8765.\n"
    )


def test_a_bad_http_address_is_refused_before_the_sdk_loads(sample_config):
    """A mistyped --http gets its sentence without loading the MCP SDK (most of serve's start-up):
    on a busy machine that start-up took longer than the user (and the tests) would wait."""
    probe = (
        "import sys; from workbench.cli import main; code = main(['serve', sys.argv[1], '--http', '[::1']); "
        "print(code, sorted(name for name in sys.modules if name == 'mcp' or name.startswith('mcp.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(sample_config("deployctl"))],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.split(" ", 1) == ["2", "[]\n"], done.stdout + done.stderr
    assert "the address is malformed" in done.stderr


def test_a_port_in_use_is_one_sentence(sample_config, capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", str(sample_config("deployctl")), "--http", str(port)]) == 2
    assert capsys.readouterr().err == (
        f"mcp-workbench: cannot listen on 127.0.0.1:{port}: address already in use; "
        "pick another port, or --http 0 for a free one.\n"
    )


# -- issue 14 item 10: scheme case, exact Origin, slow headers, the printed URL, bad brackets -----


def test_the_bearer_scheme_is_matched_in_any_case(sample_config, tmp_path):
    with http_server(sample_config("deployctl"), tmp_path, "--token", "s3cret-token") as url:
        for scheme in ("bearer", "BEARER", "Bearer", "bEaReR"):
            response = httpx2.post(
                url,
                json=INITIALIZE,
                headers={**MCP_HEADERS, "authorization": f"{scheme} s3cret-token"},
            )
            assert response.status_code == 200, scheme
        for wrong in (
            "Basic s3cret-token",
            "Bearers3cret-token",
            "s3cret-token",
            "bearer s3cret-tokenX",
        ):
            response = httpx2.post(
                url, json=INITIALIZE, headers={**MCP_HEADERS, "authorization": wrong}
            )
            assert response.status_code == 401, wrong


def test_an_origin_must_name_the_served_port_or_be_allowed(sample_config, tmp_path):
    with http_server(
        sample_config("deployctl"), tmp_path, "--allow-origin", "http://localhost:3000"
    ) as url:
        port = int(url.rsplit(":", 1)[1].split("/")[0])

        def status(origin: str) -> int:
            return httpx2.post(
                url, json=INITIALIZE, headers={**MCP_HEADERS, "origin": origin}
            ).status_code

        assert status(f"http://127.0.0.1:{port}") == 200
        assert status(f"http://localhost:{port}") == 200
        assert status("http://localhost:3000") == 200  # listed with --allow-origin
        assert status(f"http://127.0.0.1:{port + 1}") == 403  # another local web app
        assert status("http://localhost:3001") == 403
        assert status("http://127.0.0.1") == 403
        assert status("null") == 403
        assert (
            httpx2.post(url, json=INITIALIZE, headers=MCP_HEADERS).status_code == 200
        )  # no Origin: not a browser


def test_a_bad_allow_origin_is_one_sentence(sample_config, capsys):
    config = str(sample_config("deployctl"))
    capsys.readouterr()  # the fixture's first export prints its own line
    assert main(["serve", config, "--http", "0", "--allow-origin", "localhost:3000/x"]) == 2
    assert capsys.readouterr().err == (
        "mcp-workbench: --allow-origin 'localhost:3000/x': give an origin as a browser sends it, "
        "scheme://host[:port] with no path, e.g. --allow-origin http://localhost:3000.\n"
    )


def test_a_connection_sending_its_headers_slowly_is_closed(served):
    import socket

    from workbench.runtime.transport import HEADER_READ_TIMEOUT_S

    url = served("deployctl")
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    silent = socket.create_connection(("127.0.0.1", port))
    trickle = socket.create_connection(("127.0.0.1", port))
    started = time.monotonic()
    deadline = started + HEADER_READ_TIMEOUT_S + 15
    trickle.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    closed: dict[str, float] = {}
    for sock in (silent, trickle):
        sock.settimeout(0.5)
    while len(closed) < 2 and time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            trickle.sendall(
                b"X-Slow: a\r\n"
            )  # one header line every half second, never the blank line
        for name, sock in (("silent", silent), ("trickle", trickle)):
            if name in closed:
                continue
            try:
                if sock.recv(65536) == b"":
                    closed[name] = time.monotonic() - started
            except TimeoutError:
                pass
            except OSError:
                closed[name] = time.monotonic() - started
    silent.close()
    trickle.close()
    assert set(closed) == {"silent", "trickle"}, closed
    assert all(
        HEADER_READ_TIMEOUT_S - 1 <= after <= HEADER_READ_TIMEOUT_S + 10
        for after in closed.values()
    ), closed
    assert (
        httpx2.post(url, json=INITIALIZE, headers=MCP_HEADERS).status_code == 200
    )  # still serving


def test_the_bound_url_is_printed_even_at_log_level_warning(sample_config, tmp_path):
    # the fixture waits for the printed URL; with `--http 0` it is the only way to find the port
    with http_server(sample_config("deployctl"), tmp_path, "--log-level", "warning") as url:
        assert httpx2.post(url, json=INITIALIZE, headers=MCP_HEADERS).status_code == 200
    log = next(tmp_path.glob("serve-*.log")).read_text()
    assert re.search(
        r"^mcp-workbench serve: serving MCP on http://127\.0\.0\.1:\d+/mcp$", log, re.M
    ), log
    assert " INFO " not in log


@pytest.mark.parametrize("address", ["[::1", "[::1]", "::1:8765", "[::1]8765", "[localhost]:80"])
def test_a_malformed_address_gets_a_sentence_about_it(address, sample_config):
    # a subprocess: a server that wrongly starts on such an address is stopped by the timeout
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench.cli",
            "serve",
            str(sample_config("deployctl")),
            "--http",
            address,
        ],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2
    err = result.stderr
    assert err.startswith(f"mcp-workbench: --http {address!r}: ")
    assert "[::1]:8765" in err and "refusing" not in err and err.count("\n") == 1
