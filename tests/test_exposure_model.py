"""Search exposure in the model (SPEC §5b): resolved `load`, the connect view and its cost, the
two discovery tools' names, and the prompt's guidance sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from workbench.model.config import Config
from workbench.model.exposure import connect_view, listed_tools
from workbench.model.surface import build_surface
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import CommandTree

TREES = Path(__file__).parent / "fixtures" / "trees"


@pytest.fixture(scope="module")
def gh() -> CommandTree:
    return CommandTree.model_validate(json.loads((TREES / "gh.json").read_text()))


def _names(tools) -> list[str]:
    return [t["name"] for t in tools]


def _paths(tree: CommandTree) -> list[str]:
    return [c.path_str for c in tree.root.walk() if c.runnable and len(c.path) > 1]


def test_all_exposure_lists_every_tool_as_served(gh):
    surface = build_surface(gh, Config())
    view = connect_view(surface)
    assert list(view.tools) == surface.tools_list()
    assert view.tokens == view.full_tokens == sum(t.tokens for t in surface.tools)


def test_search_exposure_lists_always_tools_then_the_two_discovery_tools(gh):
    first = _paths(gh)[0]
    config = Config.model_validate(
        {"tools": {"exposure": "search"}, "commands": {first: {"load": "always"}}}
    )
    surface = build_surface(gh, config)
    view = connect_view(surface)
    always = [t.name for t in surface.tools if t.command_str == first]
    assert _names(view.tools) == [*always, "gh_find_tools", "gh_run_tool"]
    assert view.tokens < view.full_tokens
    find = view.tools[-2]
    assert find["inputSchema"]["required"] == ["query"]
    assert set(find["inputSchema"]["properties"]) == {"query", "limit"}
    run = view.tools[-1]
    assert set(run["inputSchema"]["properties"]) == {"name", "arguments"}
    assert run["inputSchema"]["properties"]["arguments"]["type"] == "object"


def test_load_resolution_command_over_selector_over_deferred(gh):
    paths = _paths(gh)
    a, b = paths[0], paths[1]
    config = Config.model_validate(
        {
            "tools": {"exposure": "search"},
            "selectors": [{"commands": [a, b], "load": "always"}, {"commands": ["*"]}],
            "commands": {b: {"load": "deferred"}},
        }
    )
    surface = build_surface(gh, config)
    loads = {t.command_str: t.load for t in surface.tools}
    assert loads[a] == "always"  # the claiming selector's
    assert loads[b] == "deferred"  # the command's own wins
    assert all(loads[p] == "deferred" for p in paths[2:])  # the default
    activated = [t.name for t in surface.tools if t.command_str == paths[2]]
    assert set(activated) <= set(_names(listed_tools(surface, activated)))


def test_a_cli_tool_named_like_a_discovery_tool_is_an_error_naming_both(gh):
    clash = gh.root.subcommands[0].model_copy(
        update={
            "name": "find-tools",
            "path": ["gh", "find-tools"],
            "subcommands": [],
            "runnable": True,
        }
    )
    tree = gh.model_copy(
        update={"root": gh.root.model_copy(update={"subcommands": [*gh.root.subcommands, clash]})}
    )
    assert any(t.name == "gh_find-tools" for t in build_surface(tree, Config()).tools)
    # `find-tools` and `find_tools` are different names; the prefix makes them meet
    config = Config.model_validate({"tools": {"exposure": "search"}})
    tree.root.subcommands[-1] = clash.model_copy(
        update={"name": "find_tools", "path": ["gh", "find_tools"]}
    )
    with pytest.raises(SurfaceError) as raised:
        build_surface(tree, config)
    assert "gh find_tools" in str(raised.value) and "`gh_find_tools`" in str(raised.value)
    assert build_surface(tree, Config())  # all exposure has no such tool: no clash


def test_a_prefix_too_long_for_the_discovery_tools_is_an_error(gh):
    config = Config.model_validate({"tools": {"exposure": "search", "prefix": "p" * 56}})
    with pytest.raises(SurfaceError, match="find_tools"):
        build_surface(gh, config)


def test_guidance_explains_the_two_tools_only_in_search_mode(gh):
    plain = build_surface(gh, Config())
    search = build_surface(gh, Config.model_validate({"tools": {"exposure": "search"}}))
    assert "gh_find_tools" not in plain.prompt
    sentence = [line for line in search.prompt.splitlines() if "gh_find_tools" in line]
    assert len(sentence) == 1 and "gh_run_tool" in sentence[0]
