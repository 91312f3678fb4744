"""Properties of build_surface on arbitrary command trees: every tool a client receives has a
valid name and a valid draft 2020-12 object schema, and its binding covers exactly the schema's
properties in order; whatever cannot be served is a one-sentence SurfaceError instead."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from workbench.model.config import Config
from workbench.model.surface import build_surface
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import Command, CommandTree, Flag, FlagKind, Positional, ValueType

segment = st.text("abcdefgh-_.: é", min_size=1, max_size=10)
flag_names = st.text("abcdefgh-", min_size=1, max_size=8)
values = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text("abc", max_size=3))

flags = st.builds(
    Flag,
    name=st.one_of(st.none(), flag_names),
    short=st.sampled_from(["a", "b", "n", "v"]),
    help=st.text(max_size=20),
    kind=st.sampled_from(list(FlagKind)),
    value_type=st.sampled_from(list(ValueType)),
    choices=st.one_of(
        st.none(), st.lists(st.text("0123abc", min_size=1, max_size=3), min_size=1, max_size=3)
    ),
    default=values,
    required=st.booleans(),
    repeatable=st.booleans(),
    negatable=st.booleans(),
    hidden=st.booleans(),
    env_var=st.one_of(st.none(), st.just("TOKEN")),
    metavar=st.one_of(st.none(), st.sampled_from(["KEY=VALUE", "N", "{a,b}"])),
    inherited_from=st.one_of(st.none(), st.just("root")),
)
positionals = st.builds(
    Positional,
    name=st.text("ABCab_-.", min_size=1, max_size=6),
    value_type=st.sampled_from(list(ValueType)),
    required=st.booleans(),
    variadic=st.booleans(),
    default=values,
)


def commands(path: list[str], depth: int):
    children = (
        st.just([])
        if depth >= 2
        else st.lists(segment, max_size=3, unique=True).flatmap(
            lambda names: st.tuples(*[commands([*path, n], depth + 1) for n in names]).map(list)
        )
    )
    return st.builds(
        Command,
        path=st.just(path),
        help=st.text(max_size=20),
        runnable=st.booleans(),
        hidden=st.booleans().filter(lambda h: not h or depth > 0),
        flags=st.lists(flags, max_size=4),
        positionals=st.lists(positionals, max_size=2),
        subcommands=children,
    )


TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(commands(["cli"], 0))
def test_every_served_tool_is_well_formed(root):
    try:
        surface = build_surface(CommandTree(root=root), Config())
    except SurfaceError as error:
        assert "both become tool" in str(error)
        assert "\n" not in str(error)
        return
    for tool in surface.tools:
        assert TOOL_NAME.match(tool.name)
        schema = tool.input_schema
        Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert [a.property for a in tool.binding.args] == list(schema["properties"])
        assert set(schema.get("required", [])) <= set(schema["properties"])
        levels = [a.level for a in tool.binding.args if a.source == "flag"]
        assert levels == sorted(levels) and all(
            1 <= lv <= len(tool.binding.command_path) for lv in levels
        )
    assert [t.name for t in surface.tools] == sorted(t.name for t in surface.tools)
