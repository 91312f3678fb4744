"""Over stdio every line gets an answer (issue 14, item 7): lines the SDK's stdio reader used to
drop silently (an integer of 5,000 digits, a lone surrogate escape, nesting 5,000 deep, invalid
JSON, a batch) now get a JSON-RPC error response, with the request's id when it can be found
(else null), and a log line on stderr; the two that docs/runtime.md promises an `isError` result
for (a huge integer, an unpaired surrogate in a tool's arguments) get exactly that. After each,
the server keeps serving: a ping and a real call are answered.

A real pipe: `python -m workbench.cli serve` as a subprocess, raw lines written to its stdin,
raw answers read from its stdout.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

DEPLOY = {"services": ["api"], "tag": "v1"}


def call(ident: int, arguments_json: str) -> str:
    return (
        '{"jsonrpc": "2.0", "id": ' + str(ident) + ', "method": "tools/call", '
        '"params": {"name": "deployctl_deploy", "arguments": ' + arguments_json + "}}"
    )


BAD_LINES = [
    # (label, line, (what must come back: "isError" or an error code, the id, words of the text))
    (
        "integer of 5,000 digits",
        call(10, '{"services": ["api"], "tag": "v1", "replicas": %s}' % ("9" * 5000)),
        ("isError", 10, "digits"),
    ),
    (
        "lone surrogate escape",
        call(11, '{"services": ["api"], "tag": "\\ud800"}'),
        ("isError", 11, "unpaired surrogate"),
    ),
    (
        "nesting 5,000 deep",
        call(12, '{{"services": {}"api"{}, "tag": "v1"}}'.format("[" * 5000, "]" * 5000)),
        (-32700, 12, "nests too deeply"),
    ),
    (
        "invalid JSON",
        '{"jsonrpc": "2.0", "id": 13, "method": "ping", ',
        (-32700, 13, "not valid JSON"),
    ),
    ("not JSON at all", "hello there", (-32700, None, "not valid JSON")),
    (
        "a batch",
        '[{"jsonrpc": "2.0", "id": 14, "method": "ping"}]',
        (-32600, None, "Batches (a JSON array of messages) are not supported"),
    ),
    ("no JSON-RPC message", '{"id": 15, "hello": "world"}', (-32600, 15, "not a JSON-RPC 2.0")),
    (
        "integer of 200,000 digits",
        call(16, '{"services": ["api"], "tag": "v1", "replicas": %s}' % ("7" * 200_000)),
        (-32600, 16, "more than 100,000 digits"),
    ),
]


@pytest.fixture
def server(sample_config, tmp_path):
    log = tmp_path / "stderr.log"
    with log.open("w") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "workbench.cli",
                "serve",
                str(sample_config("deployctl")),
                "--log-level",
                "info",
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=sink,
            text=True,
            env={"PATH": "/usr/bin:/bin", "WORKBENCH_SAMPLE_HOME": str(tmp_path)},
        )

    def exchange(line: str) -> dict:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    exchange.log = log
    try:
        answer = exchange(
            json.dumps(
                {
                    "jsonrpc": "2.0",
                    "id": 1,
                    "method": "initialize",
                    "params": {
                        "protocolVersion": "2025-11-25",
                        "capabilities": {},
                        "clientInfo": {"name": "raw", "version": "0"},
                    },
                }
            )
        )
        assert "result" in answer, answer
        process.stdin.write(
            json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n"
        )
        yield exchange
    finally:
        process.stdin.close()
        try:
            assert process.wait(timeout=30) == 0
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


@pytest.mark.parametrize(
    ("label", "line", "expected"), BAD_LINES, ids=[label for label, _, _ in BAD_LINES]
)
def test_every_line_gets_an_answer_and_the_server_keeps_serving(server, label, line, expected):
    kind, ident, words = expected
    answer = server(line)
    assert answer.get("id") == ident, answer
    if kind == "isError":
        assert answer["result"]["isError"] is True, answer
        assert words in answer["result"]["content"][0]["text"]
    else:
        assert answer["error"]["code"] == kind, answer
        assert words in answer["error"]["message"]
        assert "Traceback" not in answer["error"]["message"]
        assert "stdio: refused a line" in server.log.read_text()
    assert server('{"jsonrpc": "2.0", "id": 99, "method": "ping"}') == {
        "jsonrpc": "2.0",
        "id": 99,
        "result": {},
    }
    good = server(call(100, json.dumps({**DEPLOY, "dry-run": True})))
    assert good["id"] == 100 and "result" in good, good
