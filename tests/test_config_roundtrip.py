"""Invariant 2 (SPEC §11), as a property: for any config, what `dump_config` writes loads back
to the same config and saves to the same bytes (odd characters, multi-line text, nested
schema overrides, every section)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.model.config import (
    CommandConfig,
    Config,
    FlagConfig,
    PromptConfig,
    PromptSection,
    RuntimeConfig,
    Selector,
    ServerConfig,
    ToolsConfig,
)
from workbench.model.config_file import dump_config, parse_config
from workbench.model.tree import Command, CommandTree, Flag, Positional

text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
names = st.text("abcdefghij-_ .\"'é", min_size=1, max_size=12)
scalars = st.one_of(st.booleans(), st.integers(-(10**6), 10**6), st.floats(allow_nan=False), text)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(names, inner, max_size=3)),
    max_leaves=8,
)

flag_configs = st.builds(
    FlagConfig,
    schema=st.one_of(st.none(), st.dictionaries(names, json_values, max_size=3)),
    type=st.sampled_from([None, "string", "integer", "array"]),
    exclude=st.booleans(),
    description=st.one_of(st.none(), text),
)
command_configs = st.builds(
    CommandConfig,
    exclude=st.booleans(),
    deprecated=st.booleans(),
    description=st.one_of(st.none(), text),
    title=st.one_of(st.none(), text),
    read_only=st.sampled_from([None, True, False]),
    destructive=st.sampled_from([None, True, False]),
    flags=st.dictionaries(names, flag_configs, max_size=2),
)
selectors = st.builds(
    Selector,
    commands=st.lists(names, max_size=3),
    include_flags=st.one_of(st.none(), st.lists(names, max_size=2)),
    exclude_inherited_flags=st.lists(names, max_size=2),
)
prompts = st.builds(
    PromptConfig,
    persona=text,
    identity=st.one_of(st.none(), text),
    tool_order=st.one_of(st.none(), st.lists(names, max_size=3)),
    variables=st.dictionaries(names, text, max_size=2),
    sections=st.lists(
        st.builds(PromptSection, name=names, order=st.integers(-500, 500), text=text), max_size=2
    ),
)
trees = st.builds(
    lambda help_text, default, choices: CommandTree(
        root=Command(
            path=["cli"],
            help=help_text,
            flags=[Flag(name="opt", default=default, choices=choices)],
            positionals=[Positional(name="FILE", help=help_text)],
            subcommands=[Command(path=["cli", "sub"], short_help=help_text)],
        ),
        cli_version="1.0",
    ),
    text,
    st.one_of(st.none(), scalars),
    st.one_of(st.none(), st.lists(text, max_size=3)),
)
configs = st.builds(
    Config,
    server=st.builds(ServerConfig, name=text, version=text, title=st.one_of(st.none(), text)),
    tools=st.builds(ToolsConfig, prefix=st.one_of(st.none(), text)),
    runtime=st.builds(RuntimeConfig, timeout_s=st.floats(0.1, 1e6), cwd=text),
    env=st.dictionaries(
        names, text.filter(lambda value: "\x00" not in value), max_size=3
    ),  # NUL: refused
    selectors=st.lists(selectors, max_size=2),
    commands=st.dictionaries(names, command_configs, max_size=3),
    prompt=prompts,
    snapshot=st.one_of(st.none(), trees),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs)
def test_what_is_written_loads_back_and_saves_byte_for_byte(config):
    written = dump_config(config)
    reloaded = parse_config(written)
    assert dump_config(reloaded) == written
    assert parse_config(dump_config(reloaded)) == reloaded
