"""The command tree survives tree → plain data → tree unchanged, also through JSON and TOML text."""

from __future__ import annotations

import json
import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.loaders import load
from workbench.model.tree import Command, CommandTree, Flag, FlagKind, Positional, ValueType

text = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
names = st.from_regex(r"[a-z][a-z0-9-]{0,8}", fullmatch=True)
scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    text,
)
defaults = st.one_of(
    st.none(), scalars, st.lists(st.one_of(st.integers(-100, 100), text), min_size=1, max_size=3)
)
optional_text = st.one_of(st.none(), text)

flags = st.builds(
    Flag,
    name=st.one_of(st.none(), names),
    short=st.one_of(st.none(), st.from_regex(r"[a-zA-Z]", fullmatch=True)),
    help=text,
    kind=st.sampled_from(FlagKind),
    value_type=st.sampled_from(ValueType),
    type_name=optional_text,
    choices=st.one_of(st.none(), st.lists(text, max_size=3)),
    default=defaults,
    required=st.booleans(),
    repeatable=st.booleans(),
    negatable=st.booleans(),
    single_dash=st.booleans(),
    hidden=st.booleans(),
    deprecated=st.booleans(),
    env_var=optional_text,
    metavar=optional_text,
    inherited_from=optional_text,
)
positionals = st.builds(
    Positional,
    name=names,
    help=text,
    value_type=st.sampled_from(ValueType),
    type_name=optional_text,
    choices=st.one_of(st.none(), st.lists(text, max_size=3)),
    default=defaults,
    required=st.booleans(),
    variadic=st.booleans(),
)


def _command(path: list[str], depth: int) -> st.SearchStrategy[Command]:
    children = (
        st.lists(names, max_size=3, unique=True).flatmap(
            lambda segs: st.tuples(*[_command(path + [s], depth - 1) for s in segs]).map(list)
        )
        if depth > 0
        else st.just([])
    )
    return st.builds(
        Command,
        path=st.just(path),
        short_help=text,
        help=text,
        examples=text,
        aliases=st.lists(names, max_size=2),
        hidden=st.booleans(),
        deprecated=st.booleans(),
        runnable=st.booleans(),
        flags=st.lists(flags, max_size=3),
        positionals=st.lists(positionals, max_size=2),
        subcommands=children,
        exclusive_groups=st.lists(st.lists(names, min_size=2, max_size=3), max_size=2),
    )


trees = st.builds(
    CommandTree,
    root=names.flatmap(lambda root: _command([root], 2)),
    cli_version=optional_text,
    notes=st.lists(text, max_size=2),
)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(trees)
def test_tree_to_data_and_back_is_lossless(tree: CommandTree) -> None:
    assert CommandTree.from_data(tree.to_data()) == tree


@SETTINGS
@given(trees)
def test_tree_survives_json_and_toml_text(tree: CommandTree) -> None:
    data = tree.to_data()
    assert CommandTree.from_data(json.loads(json.dumps(data))) == tree
    assert (
        CommandTree.from_data(tomllib.loads(tomli_w.dumps({"snapshot": data}))["snapshot"]) == tree
    )


def test_loaded_sample_trees_round_trip_through_toml() -> None:
    for target in (
        "sample_clis.deployctl:cli",
        "sample_clis.notes:app",
        "sample_clis.pkgtool:build_parser",
    ):
        tree = load(target).tree
        assert CommandTree.from_data(tomllib.loads(tomli_w.dumps(tree.to_data()))) == tree, target
