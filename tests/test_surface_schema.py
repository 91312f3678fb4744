"""SPEC §5.5 on the sample CLIs: every flag/positional mapping, overrides, schema checks, and the
argv bindings the runtime relies on (order, level, naming, json encoding)."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from workbench.model.config import CommandConfig, Config, FlagConfig
from workbench.model.surface import RESULT_SCHEMA, build_surface
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import Command, CommandTree, Flag, Positional, ValueType


def deploy_tool(sample_tree, **choices):
    config = (
        Config(commands={"deployctl deploy": CommandConfig(**choices)}) if choices else Config()
    )
    return build_surface(sample_tree("deployctl"), config).tool("deployctl_deploy")


def test_deploy_properties_follow_the_mapping(sample_tree):
    schema = deploy_tool(sample_tree).input_schema
    p = schema["properties"]
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert schema["required"] == ["tag", "services"]
    assert p["env"]["enum"] == ["dev", "staging", "prod"] and p["env"]["default"] == "dev"  # choice
    assert p["verbose"]["type"] == "integer" and p["verbose"]["minimum"] == 0  # count
    assert p["json"]["type"] == "boolean"
    assert p["replicas"]["type"] == "integer" and p["replicas"]["default"] == 1
    assert p["timeout"]["type"] == "number"
    assert p["label"]["type"] == "array" and p["label"]["items"] == {"type": "string"}  # repeatable
    assert p["wait"] == {
        "type": "boolean",
        "description": "Wait until the rollout is healthy.",
        "default": True,
    }
    assert p["dry-run"]["default"] is False  # long name verbatim
    assert p["services"]["type"] == "array" and p["services"]["minItems"] == 1  # variadic, required
    assert "env var: DEPLOYCTL_TOKEN" in p["token"]["description"]
    assert "format: KEY=VALUE" in p["label"]["description"]
    assert "a file system path" in p["config"]["description"]


def test_bindings_list_root_flags_then_each_level_then_positionals(sample_tree):
    surface = build_surface(sample_tree("deployctl"), Config())
    tool = surface.tool("deployctl_secrets_set")
    args = [(a.property, a.source, a.level) for a in tool.binding.args]
    assert args == [
        ("env", "flag", 1),
        ("verbose", "flag", 1),
        ("config", "flag", 1),
        ("json", "flag", 1),
        ("vault", "flag", 2),
        ("overwrite", "flag", 3),
        ("name", "positional", 3),
        ("value", "positional", 3),
    ]
    assert tool.binding.command_path == ("deployctl", "secrets", "set")
    assert list(tool.input_schema["properties"]) == [a[0] for a in args]
    wait = next(a for a in surface.tool("deployctl_deploy").binding.args if a.property == "wait")
    assert wait.negatable and wait.default is True and wait.spelling == "--wait"


def test_every_sample_schema_is_valid_draft_2020_12_with_the_result_schema(sample_tree):
    for name in ("deployctl", "notes", "pkgtool"):
        for tool in build_surface(sample_tree(name), Config()).tools:
            Draft202012Validator.check_schema(tool.input_schema)
            assert tool.output_schema == RESULT_SCHEMA
            assert tool.to_mcp()["outputSchema"]["required"] == [
                "exit_code",
                "stdout",
                "stderr",
                "truncated",
                "duration_ms",
            ]


def test_schema_override_replaces_the_derived_schema_wholesale(sample_tree):
    override = {"type": "integer", "minimum": 1, "maximum": 50}
    tool = deploy_tool(sample_tree, flags={"replicas": FlagConfig(schema=override)})
    assert tool.input_schema["properties"]["replicas"] == override


def test_type_override_changes_only_the_coarse_type(sample_tree):
    tool = deploy_tool(
        sample_tree,
        flags={
            "tag": FlagConfig(type="array"),
            "replicas": FlagConfig(type="string"),
            "label": FlagConfig(type="integer"),
        },
    )
    p = tool.input_schema["properties"]
    assert p["tag"] == {
        "type": "array",
        "items": {"type": "string"},
        "description": "Image tag to roll out (e.g. v1.2.3).",
    }
    assert p["replicas"]["type"] == "string" and "default" not in p["replicas"]
    assert p["label"]["type"] == "array" and p["label"]["items"] == {"type": "integer"}
    tag = next(a for a in tool.binding.args if a.property == "tag")
    assert tag.json_encoded  # an array given to a flag that takes one value travels as JSON


def test_flag_description_override_keeps_the_hints(sample_tree):
    tool = deploy_tool(sample_tree, flags={"token": FlagConfig(description="Never pass this.")})
    assert (
        tool.input_schema["properties"]["token"]["description"]
        == "Never pass this. (env var: DEPLOYCTL_TOKEN)"
    )


def test_an_invalid_schema_override_names_the_tool_and_the_flag(sample_tree):
    with pytest.raises(SurfaceError) as caught:
        deploy_tool(sample_tree, flags={"replicas": FlagConfig(schema={"type": "integr"})})
    message = str(caught.value)
    assert "tool `deployctl_deploy`, flag `replicas`" in message
    assert "not valid JSON Schema" in message
    assert '[commands."deployctl deploy".flags.replicas].schema' in message
    with pytest.raises(SurfaceError, match="flag `tag`: the schema override must be a table"):
        deploy_tool(sample_tree, flags={"tag": FlagConfig.model_construct(schema_=[1])})


def test_positional_names_are_snake_case_and_clashes_get_a_recorded_suffix():
    tree = CommandTree(
        root=Command(
            path=["t"],
            flags=[Flag(name="name")],
            positionals=[
                Positional(name="NAME"),
                Positional(name="sourceDir"),
                Positional(name="FILE...", variadic=True, required=False),
            ],
        )
    )
    tool = build_surface(tree, Config()).tool("t")
    assert list(tool.input_schema["properties"]) == ["name", "name_arg", "source_dir", "file"]
    positional = [(a.property, a.spelling) for a in tool.binding.args if a.source == "positional"]
    assert positional == [("name_arg", "NAME"), ("source_dir", "sourceDir"), ("file", "FILE...")]
    assert "minItems" not in tool.input_schema["properties"]["file"]


def test_json_values_are_marked_for_json_encoding():
    tree = CommandTree(
        root=Command(
            path=["t"],
            flags=[
                Flag(name="payload", value_type=ValueType.JSON),
                Flag(name="spec", value_type=ValueType.JSON),
                Flag(name="plain"),
            ],
        )
    )
    config = Config(
        commands={"t": CommandConfig(flags={"spec": FlagConfig(schema={"type": "object"})})}
    )
    tool = build_surface(tree, config).tool("t")
    encoded = {a.property: a.json_encoded for a in tool.binding.args}
    assert encoded == {"payload": True, "spec": True, "plain": False}
    assert tool.input_schema["properties"]["payload"] == {"description": "A JSON value"}


def test_typed_choices_become_typed_enums():
    tree = CommandTree(
        root=Command(
            path=["t"],
            flags=[
                Flag(name="level", value_type=ValueType.INTEGER, choices=["1", "2", "3"]),
            ],
        )
    )
    level = build_surface(tree, Config()).tool("t").input_schema["properties"]["level"]
    assert level == {"type": "integer", "enum": [1, 2, 3]}


def test_exclusive_groups_become_a_description_note(sample_tree):
    tool = build_surface(sample_tree("pkgtool"), Config()).tool("pkgtool_install")
    assert tool.description.endswith("Give at most one of: `user`, `system`.")
    assert "oneOf" not in str(tool.input_schema)


def test_ranges_become_bounds_and_a_clamping_range_none():
    tree = CommandTree(
        root=Command(
            path=["t"],
            flags=[
                Flag(name="depth", value_type=ValueType.INTEGER, minimum=0, maximum=9),
                Flag(
                    name="ratio",
                    value_type=ValueType.NUMBER,
                    minimum=0,
                    maximum=1,
                    exclusive_minimum=True,
                    exclusive_maximum=True,
                ),
                Flag(
                    name="clamped", value_type=ValueType.INTEGER
                ),  # the loader records no bounds for clamp=True
                Flag(name="sizes", value_type=ValueType.INTEGER, minimum=1, repeatable=True),
            ],
            positionals=[Positional(name="COUNT", value_type=ValueType.INTEGER, maximum=100)],
        )
    )
    properties = build_surface(tree, Config()).tool("t").input_schema["properties"]
    assert properties["depth"] == {"type": "integer", "minimum": 0, "maximum": 9}
    assert properties["ratio"] == {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}
    assert properties["clamped"] == {"type": "integer"}
    assert properties["sizes"] == {"type": "array", "items": {"type": "integer", "minimum": 1}}
    assert properties["count"] == {"type": "integer", "maximum": 100}


def test_flags_taking_several_words_are_arrays_of_exactly_that_many():
    from workbench.model.schema import NOT_AN_OPTION

    tree = CommandTree(
        root=Command(
            path=["t"],
            flags=[
                Flag(name="point", value_type=ValueType.NUMBER, nargs=2),
                Flag(name="pair", nargs=2, item_types=[ValueType.STRING, ValueType.INTEGER]),
                Flag(name="tags", nargs="+"),
                Flag(name="opt", nargs="*", value_type=ValueType.CHOICE, choices=["a", "b"]),
                Flag(name="span", nargs=2, repeatable=True),
            ],
        )
    )
    tool = build_surface(tree, Config()).tool("t")
    properties = tool.input_schema["properties"]
    word = {"type": "string", "pattern": NOT_AN_OPTION}
    assert properties["point"] == {
        "type": "array",
        "items": {"type": "number"},
        "minItems": 2,
        "maxItems": 2,
    }
    assert properties["pair"] == {
        "type": "array",
        "prefixItems": [word, {"type": "integer"}],
        "minItems": 2,
        "maxItems": 2,
    }
    assert properties["tags"] == {"type": "array", "items": word, "minItems": 1}
    assert properties["opt"] == {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}
    assert properties["span"] == {
        "type": "array",
        "items": {"type": "array", "items": word, "minItems": 2, "maxItems": 2},
    }
    assert {a.property: a.nargs for a in tool.binding.args} == {
        "point": 2,
        "pair": 2,
        "tags": "+",
        "opt": "*",
        "span": 2,
    }
    assert not any(a.json_encoded for a in tool.binding.args)
    Draft202012Validator.check_schema(tool.input_schema)
    valid = Draft202012Validator(tool.input_schema)
    assert valid.is_valid(
        {"point": [-1.5, 2], "pair": ["-3", 4], "tags": ["a", "-2.5"], "span": [["x", "y"]]}
    )
    assert not valid.is_valid({"tags": ["-x"]}) and not valid.is_valid({"pair": ["--", 1]})
    assert not valid.is_valid({"point": [1]}) and not valid.is_valid({"tags": []})


def test_unset_new_fields_leave_the_tree_data_unchanged():
    flag = Flag(name="plain")
    assert flag.model_dump(exclude_defaults=True, exclude_none=True) == {"name": "plain"}
    assert Positional(name="X").model_dump(exclude_defaults=True, exclude_none=True) == {
        "name": "X"
    }
