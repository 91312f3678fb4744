"""The server's boundaries: what cannot be served stops it at startup with the tool's name, and a
crash inside a handler reaches the client only as a generic message (the details go to the log).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from mcp import Client, MCPError

from workbench.model.config import Config, SourceConfig
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
    return Tool(name=name, description="Run it.", input_schema=OBJECT if schema is None else schema,
                binding=ToolBinding(("demo", "run"), ()), output_schema=output)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (tool(schema={"type": "string"}),
         'tool `demo_run`: its inputSchema must be a JSON Schema object with "type": "object" at the root.'),
        (tool(schema={"type": "object", "properties": {"n": {"type": "integer", "minimum": "one"}}}),
         "tool `demo_run`: its inputSchema is not valid JSON Schema at properties/n/minimum"),
        (tool(output={"type": "array"}), "tool `demo_run`: its outputSchema must be a JSON Schema object"),
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
        return CallOutcome(text="done", is_error=False, structured={
            "exit_code": 0, "stdout": "done", "stderr": "", "truncated": False, "duration_ms": 550})


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
