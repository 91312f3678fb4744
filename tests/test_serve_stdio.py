"""`mcp-workbench serve` over stdio, driven by the MCP SDK's `Client` in both protocol eras.

Each test starts the real server as a subprocess on a config written by the real `export`, and
calls the real sample CLIs. Invariants: tools/list equals `mcp-workbench tools` (SPEC §11.1),
`instructions` equals `mcp-workbench prompt`, export → serve → call needs no other file (§11.2).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import Client, MCPError, StdioServerParameters

from workbench.cli import main


@pytest.fixture
def anyio_backend():
    return "asyncio"


def serve(config: Path, home: Path, *extra: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "workbench.cli", "serve", str(config), *extra],
        env={"WORKBENCH_SAMPLE_HOME": str(home)},
    )


def printed(*argv: str) -> str:
    """What an `mcp-workbench` subcommand prints on stdout."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def wire(tool) -> dict:
    return tool.model_dump(mode="json", by_alias=True, exclude_none=True)


# What a user would check after each call: (tool, arguments, words the text must contain).
SCRIPTS = {
    "deployctl": [
        (
            "deployctl_deploy",
            {
                "services": ["api", "-rf"],
                "tag": "v1.2.3",
                "replicas": 2,
                "label": ["team=infra"],
                "env": "staging",
            },
            [
                "deployed api@v1.2.3 to staging (revision 1, 2 replicas",
                "deployed -rf@v1.2.3 to staging",
            ],
        ),
        ("deployctl_status", {"env": "staging"}, ["api\tv1.2.3\trev 1\t2 replicas", "-rf\tv1.2.3"]),
        (
            "deployctl_secrets_set",
            {"name": "db", "value": "--x=y $(id)", "vault": "ops"},
            ["stored db in vault ops"],
        ),
        (
            "deployctl_secrets_get",
            {"name": "db", "vault": "ops", "reveal": True},
            ["db=--x=y $(id)"],
        ),
    ],
    "notes": [
        (
            "notes_add",
            {
                "title": "buy milk",
                "body": "-- two litres",
                "tag": ["home"],
                "kind": "todo",
                "pinned": True,
            },
            ["added note 1"],
        ),
        (
            "notes_list",
            {"json": True},
            ['"title": "buy milk"', '"body": "-- two litres"', '"kind": "todo"'],
        ),
        (
            "notes_tag_add",
            {"id": 1, "tags": ["urgent", "--force"]},
            ["note 1 tags: --force, home, urgent"],
        ),
    ],
    "pkgtool": [
        (
            "pkgtool_install",
            {"package": ["requests"], "with": ["socks"], "channel": "beta"},
            ["installed requests-2.33.0b1 urllib3-2.3.0b2 idna-3.11b1 (user, beta)"],
        ),
        (
            "pkgtool_list",
            {"format": "json"},
            ['"name": "requests"', '"extras": ["socks"]', '"name": "idna"'],
        ),
        (
            "pkgtool_info",
            {"package": "requests", "field": ["version", "channel"]},
            ["version: 2.33.0b1\nchannel: beta"],
        ),
    ],
}


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
@pytest.mark.parametrize("sample", ["deployctl", "notes", "pkgtool"])
async def test_list_and_call_every_sample(sample, mode, sample_config, tmp_path):
    config = sample_config(sample)
    expected_tools = json.loads(printed("tools", str(config)))
    expected_prompt = printed("prompt", str(config)).rstrip("\n")
    async with Client(serve(config, tmp_path), mode=mode, read_timeout_seconds=30) as client:
        assert client.server_info.name == sample
        assert client.instructions == expected_prompt
        listed = (await client.list_tools()).tools
        assert [wire(t) for t in listed] == expected_tools
        script = (
            SCRIPTS[sample] if mode == "legacy" else SCRIPTS[sample][:1]
        )  # the era changes no call
        for name, arguments, words in script:
            result = await client.call_tool(name, arguments)
            text = result.content[0].text
            assert result.is_error is False, text
            for word in words:
                assert word in text
            assert result.structured_content["exit_code"] == 0
            assert result.structured_content["stdout"].rstrip("\n") == text
        if mode == "auto":
            for (
                tool
            ) in listed:  # every exposed tool reaches its CLI (which may refuse the dummy values)
                result = await client.call_tool(tool.name, minimal_arguments(tool.input_schema))
                ran = result.structured_content
                assert ran is not None, f"{tool.name} did not run: {result.content[0].text}"
                assert result.is_error is (ran["exit_code"] != 0), result.content[0].text
                assert "Traceback" not in ran["stderr"], f"{tool.name}: {ran['stderr']}"


def minimal_arguments(schema: dict) -> dict:
    """The required properties only, each with a plain value of its type."""

    def value(prop: dict):
        if "enum" in prop:
            return prop["enum"][0]
        kind = prop.get("type")
        if kind == "array":
            return [value(prop.get("items", {}))]
        return {"integer": 1, "number": 1, "boolean": True}.get(kind, "x")

    return {name: value(schema["properties"][name]) for name in schema.get("required", [])}


@pytest.mark.anyio
async def test_mistakes_get_instructive_answers(sample_config, tmp_path):
    async with Client(
        serve(sample_config("deployctl"), tmp_path), mode="legacy", read_timeout_seconds=30
    ) as client:
        with pytest.raises(MCPError) as unknown:
            await client.call_tool("deployctl_deplyo", {})
        assert unknown.value.code == -32602
        assert "did you mean `deployctl_deploy`?" in unknown.value.message

        bad = await client.call_tool(
            "deployctl_deploy", {"services": ["api"], "tga": "v1", "strategy": "yolo"}
        )
        assert bad.is_error
        text = bad.content[0].text
        assert "unknown field `tga`; did you mean `tag`?" in text
        assert 'allowed values: "rolling", "blue-green", "canary"' in text
        assert "`tag` (required)" in text

        failed = await client.call_tool("deployctl_status", {"service": "ghost"})
        assert failed.is_error
        assert failed.structured_content["exit_code"] == 1
        assert "stderr:\nError: ghost is not deployed in dev" in failed.content[0].text

        bad_env = await client.call_tool(
            "deployctl_status", {}, meta={"workbench/env": {"lower": "x"}}
        )
        assert (
            bad_env.is_error
            and "per-call env name 'lower' is not allowed" in bad_env.content[0].text
        )

        with_env = await client.call_tool(
            "deployctl_helpers_render-config",
            {"verbose": 1},
            meta={"workbench/env": {"DEPLOYCTL_CONFIG": "/etc/x.toml"}},
        )
        assert (
            "DEPLOYCTL_CONFIG=/etc/x.toml" in with_env.content[0].text
        )  # per-call env reached the CLI


def test_serve_imports_no_textual_loaders_pygments_or_jsonschema(sample_config, tmp_path):
    """Start-up cost: jsonschema (~30 ms with its dependencies) waits for the first call."""
    probe = (
        "import sys; from workbench.cli import main; rc = main(['serve', sys.argv[1]]);"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'pygments', 'rich', 'jsonschema')"
        " or m.startswith(('workbench.loaders', 'workbench.tui', 'sample_clis')));"
        "sys.stderr.write(f'RC={rc} BAD={bad}')"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(sample_config("deployctl"))],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout == ""  # stdout is the wire: nothing else may reach it
    assert "RC=0 BAD=[]" in done.stderr


def test_a_config_that_cannot_be_served_is_one_sentence(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "workbench.cli", "serve", str(tmp_path / "missing.toml")],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("mcp-workbench: ") and "missing.toml" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_repeated_tools_list_is_byte_identical_and_the_sdk_checks_still_apply(
    sample_config, tmp_path
):
    """The tools/list cache (runtime/server.py) on the wire a desktop host speaks: every answer
    equals the first byte for byte (whatever the params), and a request the SDK rejects (before
    initialize, malformed params) is still rejected once the cache is filled."""
    process = subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "serve", str(sample_config("deployctl"))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "WORKBENCH_SAMPLE_HOME": str(tmp_path)},
    )

    def ask(request_id: int, method: str, params: dict | None = None) -> bytes:
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        process.stdin.write(json.dumps(message).encode() + b"\n")
        process.stdin.flush()
        return process.stdout.readline().replace(b'"id":%d,' % request_id, b'"id":0,')

    try:
        rejected = b'{"jsonrpc":"2.0","id":0,"error":{"code":-32602,"message":"Invalid request parameters","data":""}}\n'
        assert ask(1, "tools/list") == rejected  # before initialize
        ask(
            2,
            "initialize",
            {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "test", "version": "1"},
            },
        )
        process.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        answers = [
            ask(10 + n, "tools/list", params)
            for n, params in enumerate(
                [None, None, {}, {"cursor": "x"}, {"_meta": {"progressToken": 1}}]
            )
        ]
        assert len(set(answers)) == 1
        listed = json.loads(answers[0])["result"]["tools"]
        assert listed == json.loads(printed("tools", str(sample_config("deployctl"))))
        assert ask(20, "tools/list", {"cursor": 5}) == rejected
    finally:
        process.stdin.close()
        process.wait(timeout=30)
