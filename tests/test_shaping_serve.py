"""SPEC §5a through the real MCP SDK client over stdio, on a spawned `mcp-workbench serve`.

The CLI is tests/fixtures/shaping/echoctl.py, which prints what click parsed as JSON: a renamed
tool with a renamed property, a selector pin, a command pin, a config default and fixed words
at two levels must reach it exactly; a JSON command's `structuredContent` must validate against
its `outputSchema` (checked here with jsonschema); a JSON command printing text is an `isError`
result that says so. `tools/list` equals `mcp-workbench tools` and `build_surface` on the same
config (invariant 1, with every shaping key in use).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import jsonschema
import pytest
from mcp import Client, StdioServerParameters

from workbench.cli import main
from workbench.model.config import Config
from workbench.model.config_file import save_config
from workbench.model.surface import surface_from_file

FIXTURE = Path(__file__).parent / "fixtures" / "shaping" / "echoctl.py"

OUTPUT_SCHEMA = {
    "type": "object",
    "properties": {
        "context": {"type": "string"},
        "kind": {"type": ["string", "null"]},
        "names": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["context", "kind", "names"],
}

SHAPING = {
    "selectors": [{"commands": ["echoctl *"], "pin": {"context": "staging"}}],
    "commands": {
        "echoctl": {"args": ["--color=never"]},
        "echoctl get": {
            "name": "fetch_items",
            "args": ["--no-pager"],
            "output": "json",
            "output_schema": OUTPUT_SCHEMA,
            "timeout_s": 20,
            "env": {"ECHOCTL_UNUSED": "1"},
            "flags": {
                "kind": {"name": "resource"},
                "output": {"value": "json"},
                "limit": {"default": 5},
                "no-pager": {"exclude": True},
            },
        },
        "echoctl list": {"output": "json"},
        "echoctl raw": {"output": "json"},
    },
}


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
def shaped_config(tmp_path, monkeypatch) -> Path:
    from workbench.loaders import load

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    tree = load("echoctl:cli", name="echoctl").tree
    config = Config.model_validate(
        {
            **SHAPING,
            "source": {
                "command": [sys.executable, str(FIXTURE)],
                "loader": "click",
                "target": "echoctl:cli",
            },
        }
    )
    config.snapshot = tree
    path = tmp_path / "mcp.toml"
    save_config(config, path)
    return path


def printed(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def wire(tool) -> dict:
    return tool.model_dump(mode="json", by_alias=True, exclude_none=True)


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_shaped_tools_run_exactly_what_the_config_says(shaped_config, mode):
    _, surface = surface_from_file(shaped_config)
    expected = json.loads(printed("tools", str(shaped_config)))
    assert expected == surface.tools_list()  # invariant 1: previews (build_surface) = `tools`
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "workbench.cli", "serve", str(shaped_config)]
    )
    async with Client(params, mode=mode, read_timeout_seconds=30) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        assert [wire(t) for t in listed.values()] == expected  # = tools/list
        fetch = listed["fetch_items"]
        properties = fetch.input_schema["properties"]
        assert "resource" in properties and "kind" not in properties
        assert not {"output", "context", "no-pager"} & set(
            properties
        )  # pinned or excluded: not the model's
        assert properties["limit"]["default"] == 5

        result = await client.call_tool("fetch_items", {"resource": "pods", "names": ["-a", "b"]})
        assert result.is_error is False, result.content[0].text
        parsed = {
            "context": "staging",
            "color": "never",
            "kind": "pods",
            "output": "json",
            "limit": 5,
            "no_pager": True,
            "names": ["-a", "b"],
        }
        assert result.structured_content == parsed
        assert json.loads(result.content[0].text) == parsed  # the text is kept
        jsonschema.validate(result.structured_content, fetch.output_schema)

        given = await client.call_tool("fetch_items", {"resource": "svc", "limit": 2})
        assert given.structured_content["limit"] == 2 and given.structured_content["names"] == []

        refused = await client.call_tool("fetch_items", {"output": "text"})
        assert refused.is_error and "output" in refused.content[0].text

        listing = await client.call_tool("echoctl_list", {})
        assert listing.is_error is False, listing.content[0].text
        assert listing.structured_content == {"result": [{"name": "a"}, {"name": "b"}]}
        jsonschema.validate(listing.structured_content, listed["echoctl_list"].output_schema)

        raw = await client.call_tool("echoctl_raw", {})
        assert raw.is_error is True
        assert raw.structured_content is None
        text = raw.content[0].text
        assert text.startswith("this is not json")
        assert "[The command's output is not JSON (line 1, column 1: Expecting value).]" in text


def test_a_bad_shaping_value_is_one_sentence_with_its_line_and_exit_2(shaped_config, capsys):
    text = shaped_config.read_text()
    bad = text.replace('value = "json"', 'value = "yaml"')
    assert bad != text
    shaped_config.write_text(bad)
    line = next(n for n, row in enumerate(bad.splitlines(), 1) if row.startswith('value = "yaml"'))
    assert main(["serve", str(shaped_config)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "Traceback" not in err
    assert f"mcp.toml line {line}: " in err, err
    assert 'commands."echoctl get".flags.output.value = "yaml" is not a valid pinned value' in err
    assert '"text", "json"' in err
