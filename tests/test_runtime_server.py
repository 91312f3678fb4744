"""The server's boundaries: what cannot be served stops it at startup with the tool's name, and a
crash inside a handler reaches the client only as a generic message (the details go to the log).
Also: the schemas serve no longer meta-validates are valid whatever the overrides, and a repeated
`tools/list` gives the same answer without the SDK re-validating the whole list.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from mcp import Client, MCPError

from workbench.model.config import CommandConfig, Config, FlagConfig, SourceConfig
from workbench.model.surface import RESULT_SCHEMA, build_surface
from workbench.model.surface_types import Surface, Tool, ToolBinding
from workbench.runtime.calls import ToolRunner
from workbench.runtime.server import INTERNAL_ERROR_TEXT, ServeError, build_server

OBJECT = {"type": "object", "properties": {}, "additionalProperties": False}


@pytest.fixture
def anyio_backend():
    return "asyncio"


def surface_of(*tools: Tool) -> Surface:
    return Surface(tools=tools, prompt="Use the tools.", server_name="demo", server_version="1.0")


def tool(name: str = "demo_run", schema: dict | None = None, output: dict | None = None) -> Tool:
    return Tool(
        name=name,
        description="Run it.",
        input_schema=OBJECT if schema is None else schema,
        binding=ToolBinding(("demo", "run"), ()),
        output_schema=output,
    )


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (
            tool(schema={"type": "string"}),
            'tool `demo_run`: its inputSchema must be a JSON Schema object with "type": "object" at the root.',
        ),
        (
            tool(output={"type": "array"}),
            "tool `demo_run`: its outputSchema must be a JSON Schema object",
        ),
        (tool(name="demo.run"), "tool name 'demo.run' must match ^[A-Za-z0-9_-]{1,64}$"),
    ],
)
def test_what_cannot_be_served_stops_startup_naming_the_tool(bad, message):
    with pytest.raises(ServeError) as error:
        build_server(Config(), surface_of(bad))
    assert str(error.value).startswith(message)


def test_two_tools_with_one_name_stop_startup():
    with pytest.raises(ServeError, match="two tools are named `demo_run`"):
        build_server(Config(), surface_of(tool(), tool()))


def test_a_schema_override_that_is_not_json_schema_stops_serve_naming_the_tool(
    sample_config, tmp_path, capsys
):
    """serve does not meta-validate schemas itself (docs/runtime.md): the only schemas a user
    writes are overrides, and build_surface, on serve's path, checks those against Draft 2020-12."""
    from workbench.cli import main

    config = tmp_path / "mcp.toml"
    config.write_text(
        sample_config("deployctl").read_text(encoding="utf-8")
        + '\n[commands."deployctl deploy".flags.replicas]\nschema = { type = "integr" }\n',
        encoding="utf-8",
    )
    capsys.readouterr()  # what exporting the sample printed
    assert main(["serve", str(config)]) == 2
    error = capsys.readouterr().err
    assert (
        "tool `deployctl_deploy`, flag `replicas`: the schema override is not valid JSON Schema"
        in error
    )
    assert len(error.strip().splitlines()) == 1


OVERRIDES = st.one_of(
    st.builds(
        FlagConfig,
        type=st.sampled_from(["string", "integer", "number", "boolean", "array", "object"]),
    ),
    st.builds(FlagConfig, description=st.text(max_size=12)),
    st.builds(FlagConfig, exclude=st.just(True)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), sample=st.sampled_from(["deployctl", "notes", "pkgtool"]))
def test_every_schema_served_is_valid_draft_2020_12_whatever_the_overrides(
    sample_tree, sample, data
):
    """What replaces serve's per-tool metaschema check: build_surface's derived schemas (here
    with `type`, description and exclude overrides on any flag or positional) are valid Draft
    2020-12 (tests/test_surface_properties.py covers arbitrary trees without overrides), and
    the one outputSchema is."""
    tree = sample_tree(sample)
    plain = build_surface(tree, Config())
    commands = {}
    for served in plain.tools:
        keys = [a.property for a in served.binding.args]
        chosen = data.draw(st.lists(st.sampled_from(keys), unique=True, max_size=4)) if keys else []
        flags = {key: data.draw(OVERRIDES) for key in chosen}
        if flags:
            commands[served.command_str] = CommandConfig(flags=flags)
    surface = build_surface(tree, Config(commands=commands))
    for served in surface.tools:
        Draft202012Validator.check_schema(served.input_schema)
    Draft202012Validator.check_schema(RESULT_SCHEMA)
    build_server(Config(), surface)  # and serve accepts them


class CrashingRunner(ToolRunner):
    async def call(self, name, arguments, *, env=None):
        raise RuntimeError("secret path /home/alice/.token in the crash")


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_crash_in_a_call_is_logged_and_the_client_gets_a_generic_message(mode, caplog):
    config = Config(source=SourceConfig(command=["demo"]))
    surface = surface_of(tool())
    server = build_server(config, surface, runner=CrashingRunner(config, surface, Path(".")))
    with caplog.at_level(logging.ERROR, logger="workbench.serve"):
        async with Client(server, mode=mode) as client:
            result = await client.call_tool("demo_run", {})
            assert result.is_error
            assert result.content[0].text == INTERNAL_ERROR_TEXT
            assert "secret" not in result.model_dump_json()
            with pytest.raises(MCPError) as unknown:
                await client.call_tool("nope", {})
            assert unknown.value.code == -32602
    assert "secret path" in caplog.text  # the details are in the server's log


class SlowRunner(ToolRunner):
    async def call(self, name, arguments, *, env=None):
        import anyio

        from workbench.runtime.calls import CallOutcome

        await anyio.sleep(0.55)
        return CallOutcome(
            text="done",
            is_error=False,
            structured={
                "exit_code": 0,
                "stdout": "done",
                "stderr": "",
                "truncated": False,
                "duration_ms": 550,
            },
        )


@pytest.mark.anyio
async def test_a_long_call_reports_progress_when_asked(monkeypatch):
    import workbench.runtime.server as server_module

    monkeypatch.setattr(server_module, "PROGRESS_EVERY_S", 0.1)
    config = Config(source=SourceConfig(command=["demo"]))
    surface = surface_of(tool())
    server = build_server(config, surface, runner=SlowRunner(config, surface, Path(".")))
    reported: list[tuple[float, str | None]] = []

    async def on_progress(progress, total, message):
        reported.append((progress, message))

    async with Client(server, mode="legacy") as client:
        result = await client.call_tool("demo_run", {}, progress_callback=on_progress)
    assert result.content[0].text == "done"
    assert len(reported) >= 3
    progress = [p for p, _ in reported]
    assert all(a < b for a, b in zip(progress, progress[1:]))  # MCP requires it to increase
    assert reported[0][1] == "running for 0 s"


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_repeated_tools_list_is_the_same_answer_without_revalidating_the_tools(
    mode, monkeypatch
):
    from mcp.server.runner import ServerRunner

    validated: list[int] = []
    serialize = ServerRunner._serialize

    def counting(self, method, version, result):
        if method == "tools/list":
            validated.append(len(result.tools))
        return serialize(self, method, version, result)

    monkeypatch.setattr(ServerRunner, "_serialize", counting)
    surface = surface_of(*(tool(f"demo_run{n}", output=RESULT_SCHEMA) for n in range(5)))
    server = build_server(Config(source=SourceConfig(command=["demo"])), surface)
    async with Client(server, mode=mode) as client:
        answers = [await client.list_tools(cache_mode="refresh") for _ in range(3)]
    assert answers[0] == answers[1] == answers[2]
    assert [
        t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in answers[2].tools
    ] == surface.tools_list()
    assert validated == [
        5,
        0,
        0,
    ]  # the SDK validated and dumped the tools once; later answers reuse that
