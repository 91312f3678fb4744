"""SPEC §5.3, 5.4, 5.6, 5.7 on the sample CLIs: tool names, descriptions, annotations, order,
and the errors each step raises (asserted by content)."""

from __future__ import annotations

import pytest

from workbench.model.config import CommandConfig, Config, DescriptionMode, PromptConfig, ToolsConfig
from workbench.model.surface import build_surface
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import Command, CommandTree


def tool_names(surface) -> list[str]:
    return [t.name for t in surface.tools]


# -- §5.3 names -----------------------------------------------------------------------------


def test_prefix_defaults_to_the_root_name_and_can_be_changed_or_dropped(sample_tree):
    assert "notes_tag_add" in tool_names(build_surface(sample_tree("notes"), Config()))
    renamed = build_surface(sample_tree("notes"), Config(tools=ToolsConfig(prefix="nb")))
    assert "nb_tag_add" in tool_names(renamed)
    bare = build_surface(sample_tree("notes"), Config(tools=ToolsConfig(prefix="")))
    assert "tag_add" in tool_names(bare) and "add" in tool_names(bare)
    assert bare.tool("tag_add").binding.command_path == ("notes", "tag", "add")


def test_names_are_sanitized_and_the_binding_keeps_the_real_path():
    tree = CommandTree(
        root=Command(
            path=["my.cli"],
            runnable=False,
            subcommands=[
                Command(path=["my.cli", "get:all"]),
                Command(path=["my.cli", "set-x"]),
            ],
        )
    )
    surface = build_surface(tree, Config())
    assert tool_names(surface) == ["my_cli_get_all", "my_cli_set-x"]
    assert surface.tool("my_cli_get_all").binding.command_path == ("my.cli", "get:all")


def test_two_commands_with_one_tool_name_is_an_error_naming_both():
    tree = CommandTree(
        root=Command(
            path=["t"],
            runnable=False,
            subcommands=[
                Command(path=["t", "a.b"]),
                Command(path=["t", "a_b"]),
            ],
        )
    )
    with pytest.raises(SurfaceError) as caught:
        build_surface(tree, Config())
    assert str(caught.value).startswith("commands `t a.b` and `t a_b` both become tool `t_a_b`")
    assert "exclude" in str(caught.value)


def test_a_name_longer_than_64_characters_is_an_error():
    tree = CommandTree(
        root=Command(
            path=["t"],
            runnable=False,
            subcommands=[
                Command(path=["t", "x" * 70]),
            ],
        )
    )
    with pytest.raises(SurfaceError) as caught:
        build_surface(tree, Config())
    assert f"the tool name for `t {'x' * 70}` would be" in str(caught.value)
    assert "more than the 64 MCP allows; set a shorter [tools] prefix" in str(caught.value)


# -- §5.4 descriptions ----------------------------------------------------------------------


def describe(sample_tree, tool="deployctl_deploy", **config):
    return build_surface(sample_tree("deployctl"), Config(**config)).tool(tool).description


def test_long_mode_is_the_default_and_examples_are_appended(sample_tree):
    text = describe(sample_tree)
    assert text.startswith("Deploy one or more services at a given image tag.")
    assert "\n\nExamples:\n" in text and "deployctl deploy api --tag v1.2.3" in text


def test_short_mode_globally_or_per_command(sample_tree):
    short = describe(sample_tree, tools=ToolsConfig(description_mode=DescriptionMode.SHORT))
    assert short.startswith("Deploy services to the selected environment.\n\nExamples:")
    per_command = describe(
        sample_tree,
        commands={"deployctl deploy": CommandConfig(description_mode=DescriptionMode.SHORT)},
    )
    assert per_command == short
    # per-command long beats a global short
    back = describe(
        sample_tree,
        tools=ToolsConfig(description_mode=DescriptionMode.SHORT),
        commands={"deployctl deploy": CommandConfig(description_mode=DescriptionMode.LONG)},
    )
    assert back.startswith("Deploy one or more services")


def test_full_override_is_used_verbatim(sample_tree):
    text = "Delete one secret. Ask the user before calling."
    assert (
        describe(
            sample_tree,
            "deployctl_secrets_delete",
            commands={"deployctl secrets delete": CommandConfig(description=text)},
        )
        == text
    )


def test_empty_override_is_an_error(sample_tree):
    with pytest.raises(SurfaceError) as caught:
        describe(sample_tree, commands={"deployctl deploy": CommandConfig(description="  ")})
    assert str(caught.value).startswith("the description override of `deployctl deploy` is empty")


def test_a_command_without_help_gets_the_fallback_text():
    tree = CommandTree(
        root=Command(path=["t"], runnable=False, subcommands=[Command(path=["t", "go"])])
    )
    assert build_surface(tree, Config()).tool("t_go").description == "Execute the t go command"


# -- §5.6 annotations -----------------------------------------------------------------------


def test_annotations_and_title_come_from_config(sample_tree):
    config = Config(
        commands={
            "deployctl status": CommandConfig(read_only=True, idempotent=True, title="Status"),
            "deployctl secrets delete": CommandConfig(destructive=True, open_world=False),
        }
    )
    surface = build_surface(sample_tree("deployctl"), config)
    status = surface.tool("deployctl_status").to_mcp()
    assert status["title"] == "Status"
    assert status["annotations"] == {
        "title": "Status",
        "readOnlyHint": True,
        "idempotentHint": True,
    }
    assert surface.tool("deployctl_secrets_delete").to_mcp()["annotations"] == {
        "destructiveHint": True,
        "openWorldHint": False,
    }
    assert "annotations" not in surface.tool("deployctl_deploy").to_mcp()


# -- §5.7 order -----------------------------------------------------------------------------


def test_without_tool_order_tools_are_sorted_by_name(sample_tree):
    names = tool_names(build_surface(sample_tree("pkgtool"), Config()))
    assert names == sorted(names)


def test_tool_order_puts_listed_tools_where_listed_and_the_rest_at_the_rest_entry(sample_tree):
    order = ["deployctl_status", "<unlisted-tools>", "deployctl_deploy"]
    names = tool_names(
        build_surface(sample_tree("deployctl"), Config(prompt=PromptConfig(tool_order=order)))
    )
    assert names[0] == "deployctl_status" and names[-1] == "deployctl_deploy"
    assert names[1:-1] == sorted(names[1:-1])
    assert len(names) == 8


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (
            ["deployctl_stauts", "<unlisted-tools>"],
            "prompt.tool_order names `deployctl_stauts`, which is no tool (did you mean `deployctl_status`?)",
        ),
        (["deployctl_status"], 'prompt.tool_order has no "<unlisted-tools>" entry'),
        (
            ["<unlisted-tools>", "deployctl_status", "<unlisted-tools>"],
            "prompt.tool_order lists `<unlisted-tools>` more than once",
        ),
        (
            ["deployctl_status", "deployctl_status", "<unlisted-tools>"],
            "prompt.tool_order lists `deployctl_status` more than once",
        ),
    ],
)
def test_bad_tool_order_is_an_error(sample_tree, order, message):
    with pytest.raises(SurfaceError) as caught:
        build_surface(sample_tree("deployctl"), Config(prompt=PromptConfig(tool_order=order)))
    assert str(caught.value).startswith(message)


def test_tokens_are_counted_per_tool_and_for_the_prompt(sample_tree):
    import json

    from workbench.model.tokens import count_tokens

    surface = build_surface(sample_tree("deployctl"), Config())
    for tool in surface.tools:
        assert tool.tokens == count_tokens(json.dumps(tool.to_mcp())) > 0
    assert surface.prompt_tokens == count_tokens(surface.prompt) > 0
