"""Schemas: no network, ever, and patterns that cannot block (SPEC §11.7; issue 14, items 3 and 6).

A `$ref` in a schema override once passed `tools` and `check`, and the first call that set the
flag made `serve` fetch the URL synchronously, with no timeout, on the event loop. Now every
`$ref` must resolve inside its override when the surface is built, so `check`, `tools` and
`serve` all refuse the config with one sentence naming the tool and the flag, and a listener
the `$ref` points at never sees a connection. A user's `pattern` is matched in linear time
(RE2), so `(a+)+$` against 30 characters costs microseconds instead of seconds.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from workbench.model.config import CommandConfig, FlagConfig
from workbench.model.config_file import load_config, save_config


class Listener:
    """A loopback TCP listener that records every connection made to it."""

    def __init__(self) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen()
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self.socket.accept()
            except OSError:
                continue
            self.connections += 1
            connection.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.socket.close()


def with_override(sample_config, tmp_path: Path, schema: dict) -> Path:
    config = load_config(sample_config("deployctl"))
    config.commands.setdefault("deployctl deploy", CommandConfig()).flags["replicas"] = (
        FlagConfig.model_validate({"schema": schema})
    )
    path = tmp_path / "mcp.toml"
    save_config(config, path)
    return path


def run(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench.cli", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def test_a_ref_to_a_listener_is_refused_by_check_tools_and_serve_and_never_fetched(
    sample_config, tmp_path
):
    listener = Listener()
    try:
        config = with_override(
            sample_config, tmp_path, {"$ref": f"http://127.0.0.1:{listener.port}/replicas.json"}
        )
        for argv in (
            ["check", str(config)],
            ["tools", str(config)],
            ["prompt", str(config)],
            ["serve", str(config)],
        ):
            done = run(*argv)
            said = (
                done.stdout + done.stderr
            )  # `check` reports it as a lint error (exit 1), the others exit 2
            assert done.returncode == (1 if argv[0] == "check" else 2), (argv, said)
            assert "Traceback" not in said
            assert "tool `deployctl_deploy`, flag `replicas`: `$ref` " in said, (argv, said)
            assert "never fetches schemas" in said
            assert 'fix [commands."deployctl deploy".flags.replicas].schema' in said
    finally:
        listener.close()
    assert listener.connections == 0


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "integer", "allOf": [{"$ref": "#/$defs/nope"}]},
        {
            "type": "integer",
            "allOf": [{"$ref": "#/$defs/small"}],
            "$defs": {"small": {"maximum": 9}},
        },
    ],
)
def test_a_ref_that_does_not_resolve_inside_the_override_is_refused(
    sample_config, tmp_path, schema
):
    """`#` is the tool's input schema once the override is served (where it is
    `#/properties/replicas`), so `#/$defs/...` names nothing unless the override has an `$id`."""
    done = run("tools", str(with_override(sample_config, tmp_path, schema)))
    assert done.returncode == 2, done.stdout
    assert "does not resolve inside the override" in done.stderr
    assert "`#/properties/replicas`" in done.stderr and '"$id"' in done.stderr


@pytest.mark.parametrize(
    "schema",
    [
        {
            "type": "integer",
            "allOf": [{"$ref": "#/properties/replicas/$defs/small"}],
            "$defs": {"small": {"maximum": 9}},
        },
        {
            "$id": "urn:replicas",
            "type": "integer",
            "allOf": [{"$ref": "#/$defs/small"}],
            "$defs": {"small": {"maximum": 9}},
        },
    ],
)
def test_a_ref_inside_the_override_is_served_and_enforced(sample_config, tmp_path, schema):
    from workbench.model.surface import surface_from_file
    from workbench.runtime.validate import ArgumentChecker

    _, surface = surface_from_file(with_override(sample_config, tmp_path, schema))
    tool = surface.tool("deployctl_deploy")
    checker = ArgumentChecker(tool.name, tool.input_schema)
    base = {"services": ["api"], "tag": "v1"}
    assert checker.problems({**base, "replicas": 3}) is None
    assert "10 is greater than the maximum of 9" in checker.problems({**base, "replicas": 10})


def test_validators_never_fetch_a_ref_even_in_a_hand_built_schema():
    """A Surface not made by build_surface bypasses the build check; its validator still cannot
    retrieve anything: the call gets a sentence, the listener no connection."""
    from workbench.runtime.validate import ArgumentChecker

    listener = Listener()
    try:
        checker = ArgumentChecker(
            "t",
            {
                "type": "object",
                "properties": {"s": {"$ref": f"http://127.0.0.1:{listener.port}/s.json"}},
            },
        )
        started = time.monotonic()
        message = checker.problems({"s": 1})
        assert time.monotonic() - started < 5
    finally:
        listener.close()
    assert listener.connections == 0
    assert message.startswith("The schema of `t` has a `$ref` that does not resolve inside it")


# -- patterns cannot block (issue 14, item 6) ----------------------------------------------------

CATASTROPHIC = "(a+)+$"
"""With Python's `re`, `"a" * 26 + "!"` against this took 4.6 s of blocking (issue 14)."""


def test_a_catastrophic_pattern_is_matched_in_linear_time_over_stdio(sample_config, tmp_path):
    """A real server over a real pipe: 40 characters against `(a+)+$` (Python's `re` would need
    years) are refused at once, the next request is answered, and the loop watch saw no stretch
    above 50 ms. The config passes `check` with a WB406 warning naming the pattern."""
    import json

    config = with_override(sample_config, tmp_path, {"type": "string", "pattern": CATASTROPHIC})
    checked = run("check", str(config))
    assert (
        "WB406" in checked.stdout
        and "(a+)+$" in checked.stdout
        and "nested repetition" in checked.stdout
    )
    requests = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {
                "name": "deployctl_deploy",
                "arguments": {"services": ["api"], "tag": "v1", "replicas": "a" * 40 + "!"},
            },
        },
        {"jsonrpc": "2.0", "id": 3, "method": "ping"},
    ]
    started = time.monotonic()
    server = subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "serve", str(config), "--log-level", "info"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        server.stdin.write("".join(json.dumps(r) + "\n" for r in requests))
        server.stdin.flush()
        answers = {}
        while 2 not in answers or 3 not in answers:
            answer = json.loads(server.stdout.readline())
            answers[answer["id"]] = answer
    finally:
        server.stdin.close()
        stderr = server.stderr.read()
        server.wait(timeout=30)
    assert answers[2]["result"]["isError"], answers[2]
    assert "does not match '(a+)+$'" in answers[2]["result"]["content"][0]["text"]
    assert answers[3]["result"] == {}
    assert "the event loop was busy" not in stderr
    assert time.monotonic() - started < 30


@pytest.mark.parametrize(
    ("pattern", "what"), [(r"^(a)\1$", "a backreference"), ("^(?!-).*", "a lookaround")]
)
def test_a_pattern_that_needs_backtracking_to_run_is_refused_at_build(
    sample_config, tmp_path, pattern, what
):
    done = run(
        "tools", str(with_override(sample_config, tmp_path, {"type": "string", "pattern": pattern}))
    )
    assert done.returncode == 2
    assert (
        f"tool `deployctl_deploy`, flag `replicas`: the pattern {json_text(pattern)} uses {what}"
        in done.stderr
    )


def json_text(value: str) -> str:
    import json

    return json.dumps(value)
