"""Search exposure served (SPEC §5b), with the real SDK client over stdio and HTTP, both eras.

The CLI is the Hugging Face Hub CLI (`hf`, 156 tools, ~100,000 tokens in full): its tree is the
help crawler's reading of its recorded help (tests/corpus/recordings/hf.json, replayed, no
network). Its calls run a stand-in program (this Python printing the argv it got), so a call
that reached the CLI shows exactly which command line it ran.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import mcp_types as types
import pytest
from mcp import Client, MCPError, StdioServerParameters
from test_serve_http import http_server

from workbench.model.config import Config, Loader, SourceConfig, ToolsConfig
from workbench.model.config_file import save_config
from workbench.model.tokens import count_tokens
from workbench.model.tree import CommandTree

QUERIES = json.loads(
    (Path(__file__).parent / "fixtures" / "exposure" / "hf_queries.json").read_text()
)["queries"]
ECHO_ARGV = [sys.executable, "-c", "import json, sys; print(json.dumps(sys.argv[1:]))"]


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
def hf_tree() -> CommandTree:
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    with tempfile.TemporaryDirectory(prefix="exposure-hf-") as folder:
        exe = install_replay("hf", Path(folder))
        return crawl(str(exe), name="hf", use_cache=False, timeout_s=120)


def write_config(tree: CommandTree, folder: Path, exposure: str, **commands: dict) -> Path:
    config = Config(
        source=SourceConfig(command=ECHO_ARGV, loader=Loader.HELP, target="hf"),
        tools=ToolsConfig(exposure=exposure),
        commands=commands,
        snapshot=tree,
    )
    path = folder / f"mcp-{exposure}.toml"
    save_config(config, path)
    return path


def stdio(config: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "workbench.cli", "serve", str(config)]
    )


def tokens_of(tools: list[types.Tool]) -> int:
    return sum(
        count_tokens(json.dumps(t.model_dump(by_alias=True, exclude_none=True))) for t in tools
    )


class Notifications:
    """Collects what the server sends unasked, so a test can await a list_changed."""

    def __init__(self) -> None:
        import anyio

        self.list_changed = anyio.Event()

    async def __call__(self, message) -> None:
        if (
            isinstance(message, types.ServerNotification)
            and isinstance(message, types.ToolListChangedNotification)
            or getattr(getattr(message, "root", message), "method", "")
            == "notifications/tools/list_changed"
        ):
            self.list_changed.set()


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_connect_list_is_a_sliver_of_the_full_list(hf_tree, tmp_path, mode):
    full_config = write_config(hf_tree, tmp_path, "all")
    search_config = write_config(hf_tree, tmp_path, "search")
    async with Client(stdio(full_config), mode=mode, read_timeout_seconds=60) as client:
        full = (await client.list_tools()).tools
    async with Client(stdio(search_config), mode=mode, read_timeout_seconds=60) as client:
        first = (await client.list_tools()).tools
    assert len(full) > 128
    assert [t.name for t in first] == ["hf_find_tools", "hf_run_tool"]
    # what the TUI previews and `check` counts (the model's connect view) is what was served
    from workbench.model.exposure import connect_view
    from workbench.model.surface import surface_from_file

    view = connect_view(surface_from_file(search_config)[1])
    assert [(t["name"], t["description"], t["inputSchema"]) for t in view.tools] == [
        (t.name, t.description, t.input_schema) for t in first
    ]
    assert tokens_of(first) <= 0.05 * tokens_of(full), (tokens_of(first), tokens_of(full))


@pytest.mark.anyio
async def test_find_tools_ranks_the_right_tool_first(hf_tree, tmp_path):
    config = write_config(hf_tree, tmp_path, "search")
    top1 = top3 = 0
    misses = []
    async with Client(stdio(config), mode="legacy", read_timeout_seconds=60) as client:
        for query, wanted in QUERIES:
            result = await client.call_tool("hf_find_tools", {"query": query, "limit": 3})
            assert not result.is_error, result.content
            names = [m["name"] for m in result.structured_content["tools"]]
            top1 += names[:1] == [wanted]
            top3 += wanted in names
            if names[:1] != [wanted]:
                misses.append((query, wanted, names))
    assert len(QUERIES) >= 20
    assert top1 >= 20 and top1 >= 0.9 * len(QUERIES), misses
    assert top3 >= top1


async def _found_then_listed_and_called(client: Client, notes: Notifications | None) -> None:
    import anyio

    result = await client.call_tool(
        "hf_find_tools", {"query": "scale an inference endpoint to zero"}
    )
    match = result.structured_content["tools"][0]
    assert match["name"] == "hf_endpoints_scale-to-zero"
    assert match["inputSchema"]["type"] == "object" and "description" in match
    if notes is not None:
        with anyio.fail_after(10):
            await notes.list_changed.wait()
    listed = [t.name for t in (await client.list_tools(cache_mode="refresh")).tools]
    assert "hf_endpoints_scale-to-zero" in listed and "hf_find_tools" in listed
    required = match["inputSchema"].get("required", [])
    arguments = {name: "my-endpoint" for name in required}
    called = await client.call_tool("hf_endpoints_scale-to-zero", arguments)
    assert not called.is_error, called.content
    assert json.loads(called.structured_content["stdout"])[:2] == ["endpoints", "scale-to-zero"]


@pytest.mark.anyio
async def test_found_tool_is_listed_and_callable_with_list_changed_over_stdio(hf_tree, tmp_path):
    config = write_config(hf_tree, tmp_path, "search")
    notes = Notifications()
    async with Client(
        stdio(config), mode="legacy", read_timeout_seconds=60, message_handler=notes
    ) as client:
        assert client.server_capabilities.tools.list_changed is True
        await _found_then_listed_and_called(client, notes)
    async with Client(
        stdio(write_config(hf_tree, tmp_path, "all")), mode="legacy", read_timeout_seconds=60
    ) as client:
        assert not client.server_capabilities.tools.list_changed  # the list never changes there


@pytest.mark.anyio
async def test_found_tool_is_listed_and_callable_with_list_changed_over_http(hf_tree, tmp_path):
    config = write_config(hf_tree, tmp_path, "search")
    notes = Notifications()
    with http_server(config, tmp_path) as url:
        async with Client(
            url, mode="legacy", read_timeout_seconds=60, message_handler=notes
        ) as client:
            await _found_then_listed_and_called(client, notes)
        # the activation belonged to that session: a new one starts from the connect list
        async with Client(url, mode="legacy", read_timeout_seconds=60) as client:
            assert [t.name for t in (await client.list_tools()).tools] == [
                "hf_find_tools",
                "hf_run_tool",
            ]


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_the_2026_era_finds_and_calls_without_a_session(hf_tree, tmp_path, transport):
    """2026-07-28: no session to activate for (docs/runtime.md); found tools are called by name."""
    config = write_config(hf_tree, tmp_path, "search")
    if transport == "stdio":
        async with Client(stdio(config), mode="auto", read_timeout_seconds=60) as client:
            await _found_then_called(client)
    else:
        with http_server(config, tmp_path) as url:
            async with Client(url, mode="auto", read_timeout_seconds=60) as client:
                await _found_then_called(client)


async def _found_then_called(client: Client) -> None:
    result = await client.call_tool("hf_find_tools", {"query": "restart a space"})
    assert result.structured_content["tools"][0]["name"] == "hf_spaces_restart"
    # no session at this era (docs/exposure.md): the list stays the connect list
    assert [t.name for t in (await client.list_tools(cache_mode="refresh")).tools] == [
        "hf_find_tools",
        "hf_run_tool",
    ]
    called = await client.call_tool("hf_spaces_restart", {"space_id": "me/space"})
    assert not called.is_error, called.content
    via_run = await client.call_tool(
        "hf_run_tool", {"name": "hf_spaces_restart", "arguments": {"space_id": "me/space"}}
    )
    assert not via_run.is_error and json.loads(via_run.structured_content["stdout"])[:2] == [
        "spaces",
        "restart",
    ]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_run_tool_calls_a_deferred_tool_with_the_same_validation(hf_tree, tmp_path, mode):
    config = write_config(hf_tree, tmp_path, "search")
    async with Client(stdio(config), mode=mode, read_timeout_seconds=60) as client:
        ran = await client.call_tool(
            "hf_run_tool", {"name": "hf_spaces_restart", "arguments": {"space_id": "me/space"}}
        )
        assert not ran.is_error, ran.content
        assert json.loads(ran.structured_content["stdout"]) == ["spaces", "restart", "me/space"]

        direct = await client.call_tool("hf_spaces_restart", {"space_idd": "me/space"})
        through = await client.call_tool(
            "hf_run_tool", {"name": "hf_spaces_restart", "arguments": {"space_idd": "me/space"}}
        )
        assert direct.is_error and through.is_error
        assert through.content[0].text == direct.content[0].text
        assert "did you mean `space_id`?" in through.content[0].text

        unknown = await client.call_tool(
            "hf_run_tool", {"name": "hf_spaces_restrat", "arguments": {}}
        )
        assert unknown.is_error and "hf_spaces_restart" in unknown.content[0].text

        bad = await client.call_tool("hf_run_tool", {"nam": "hf_spaces_restart"})
        assert bad.is_error and "did you mean `name`?" in bad.content[0].text

        with pytest.raises(MCPError):  # a direct call of an unknown name stays a protocol error
            await client.call_tool("hf_spaces_restrat", {})
