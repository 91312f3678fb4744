"""SPEC §11.3 and §11.4 as property tests against the sample CLIs' own parsers, in process.

For every tool of every sample (click `deployctl`, typer `notes`, argparse `pkgtool`, two
short-option-only CLIs from tests/fixtures/runtime/shortflags.py, two CLIs with ranges and
options taking several words from tests/fixtures/runtime/multiword.py, and an argparse CLI that
expands `@file` and, in a subcommand, `+file` words, tests/fixtures/runtime/atfiles.py), in
both spellings of long values (`[source] long_values = "equals"`: `--name=value`; "separate":
`--name value`), any arguments valid under the tool's schema, with hostile strings mixed in,
become argv that the CLI's parser (click `make_context` / argparse `parse_args`) reads back as
exactly those values: every given property has the value we sent (after the CLI's own type
conversion), every absent one keeps the parser's default (so no value added a flag, and no
word was expanded from a file: argparse would fail to open it), and the command path is the
tool's.
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import importlib.util
import io
import os
import re
import sys
from pathlib import Path, PurePath
from typing import Any

import click
import pytest
import typer
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import sample_clis.deployctl
import sample_clis.notes
import sample_clis.pkgtool
from workbench.model.config import Config
from workbench.model.surface import build_surface
from workbench.model.surface_types import ArgBinding, Tool
from workbench.model.tree import CommandTree, FlagKind
from workbench.runtime.argv import ArgvError, build_argv
from workbench.runtime.validate import ArgumentChecker

HOSTILE = [
    "-rf",
    "--x=y",
    "--",
    "-",
    "$(reboot)",
    "`id`",
    "'",
    '"',
    "a b",
    "--help",
    "-h",
    "--yes",
    "-y",
    "=x",
    "",
    "ünïcødé ✓",
    "; rm -rf /",
    "\\",
    "\n",
    "-1",
    "--no-wait",
    "@args.txt",
    "@/etc/passwd",
    "+more.txt",
    "a@b",
]
TEXT = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=12),
)


def _tree(target: str, name: str) -> CommandTree:
    from workbench.loaders import load

    return load(target, name=name).tree


def _fixture_module(name: str) -> Any:
    """tests/fixtures/runtime/<name>.py, importable as `name` (so `load("name:attr")` finds it)."""
    path = Path(__file__).parent / "fixtures" / "runtime" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _with_fromfile_chars(tree: CommandTree, parser: argparse.ArgumentParser) -> CommandTree:
    """`tree` with each command's `fromfile_prefix_chars` taken from the real parser (the
    argparse loader records them too; taking them from the parser keeps this test's truth its own)."""

    def visit(command, level_parser: argparse.ArgumentParser) -> None:
        command.fromfile_prefix_chars = level_parser.fromfile_prefix_chars or ""
        subparsers = next(
            (a for a in level_parser._actions if isinstance(a, argparse._SubParsersAction)), None
        )
        for sub in command.subcommands:
            visit(sub, subparsers.choices[sub.name])

    visit(tree.root, parser)
    return tree


NOTES = typer.main.get_command(sample_clis.notes.app)
SHORT = _fixture_module("shortflags")
MULTI = _fixture_module("multiword")
ATFILES = _fixture_module("atfiles")
SINGLE = _fixture_module("singledash")
SAMPLES = {
    "deployctl": (_tree("sample_clis.deployctl:cli", "deployctl"), sample_clis.deployctl.cli),
    "notes": (_tree("sample_clis.notes:app", "notes"), NOTES),
    "pkgtool": (
        _tree("sample_clis.pkgtool:build_parser", "pkgtool"),
        sample_clis.pkgtool.build_parser(),
    ),
    # short-only options (`-nVALUE`), which the samples do not have
    "shortclick": (_tree("shortflags:click_cli", "shortclick"), SHORT.click_cli),
    "shortargs": (_tree("shortflags:build_parser", "shortargs"), SHORT.build_parser()),
    # ranges and options taking several words (`--point 1 2`, `--tags a b c`)
    "multiclick": (_tree("multiword:click_cli", "multiclick"), MULTI.click_cli),
    "multiargs": (_tree("multiword:build_parser", "multiargs"), MULTI.build_parser()),
    # `@file` words at the root parser, `+file` words in `run` (issue 14, item 1)
    "atfiles": (
        _with_fromfile_chars(_tree("atfiles:build_parser", "atfiles"), ATFILES.build_parser()),
        ATFILES.build_parser(),
    ),
    # long options spelled with one dash (`-name PATTERN`, `-print`), as find's are
    "singledash": (_tree("singledash:build_parser", "singledash"), SINGLE.build_parser()),
}
LONG_VALUES = ("equals", "separate")
CASES = [
    (sample, tool)
    for long_values in LONG_VALUES
    for sample, (tree, _) in SAMPLES.items()
    for tool in build_surface(
        tree, Config.model_validate({"source": {"long_values": long_values}})
    ).tools
]
CASE_IDS = [
    f"{t.name}-{'separate' if any(a.separate_long_value for a in t.binding.args) else 'equals'}-{i}"
    for i, (_, t) in enumerate(CASES)
]


def value_strategy(schema: dict[str, Any]) -> st.SearchStrategy:
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        low = (
            schema["exclusiveMinimum"] + 1
            if "exclusiveMinimum" in schema
            else schema.get("minimum", -1000)
        )
        high = (
            schema["exclusiveMaximum"] - 1
            if "exclusiveMaximum" in schema
            else schema.get("maximum", 1000)
        )
        return st.integers(min_value=low, max_value=high)
    if kind == "number":
        return st.floats(
            min_value=schema.get("minimum", schema.get("exclusiveMinimum", -1e6)),
            max_value=schema.get("maximum", schema.get("exclusiveMaximum", 1e6)),
            exclude_min="exclusiveMinimum" in schema,
            exclude_max="exclusiveMaximum" in schema,
            allow_nan=False,
        )
    if kind == "array":
        if "prefixItems" in schema:
            return st.tuples(*map(value_strategy, schema["prefixItems"])).map(list)
        return st.lists(
            value_strategy(schema.get("items", {})),
            min_size=schema.get("minItems", 0),
            max_size=schema.get("maxItems", 4),
        )
    text = TEXT
    if "pattern" in schema:  # several words after a flag: no `-`-leading word but a negative number
        text = text.filter(lambda word: re.search(schema["pattern"], word) is not None)
    if "file system path" in schema.get("description", ""):
        # click.Path(dir_okay=False) rejects an existing folder ("/", "tests"): the CLI's own check
        return text.filter(lambda word: not os.path.isdir(word))
    return text


def arguments_strategy(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    required = set(schema.get("required", []))
    parts = {}
    for name, prop in schema["properties"].items():
        value = value_strategy(prop)
        parts[name] = value if name in required else st.one_of(st.none(), value)
    return st.fixed_dictionaries(parts).map(lambda d: {k: v for k, v in d.items() if v is not None})


def is_absent(arg: ArgBinding, value: Any) -> bool:
    return value is None or (value == [] and (arg.repeatable or arg.variadic))


# -- click / typer ---------------------------------------------------------------------------------


def click_readback(
    root: click.Command, argv: list[str]
) -> tuple[list[str], list[tuple[click.Context, click.Context]]]:
    """The command path click resolves, and per level (parsed context, defaults context)."""
    levels = []
    command, name, args, parent, path = root, argv[0], argv[1:], None, [argv[0]]
    while True:
        ctx = command.make_context(name, list(args), parent=parent)
        defaults = command.make_context(name, [], parent=parent, resilient_parsing=True)
        levels.append((ctx, defaults))
        if not hasattr(command, "list_commands"):  # typer vendors its own click: duck-type
            assert not ctx.args, f"click left words unread: {ctx.args}"
            return path, levels
        rest = [*ctx._protected_args, *ctx.args]
        name, args = rest[0], rest[1:]
        command = command.get_command(ctx, name)
        assert command is not None, f"no subcommand {name!r}"
        path.append(name)
        parent = ctx


def check_click(
    tool: Tool,
    root: click.Command,
    arguments: dict[str, Any],
    expected: dict[str, Any] | None = None,
) -> list[tuple[click.Context, click.Context]]:
    """`expected`: what the parser must read per binding property (default: `arguments`)."""
    argv = build_argv(tool.binding, [tool.binding.command_path[0]], arguments)
    arguments = arguments if expected is None else expected
    with contextlib.redirect_stderr(io.StringIO()):
        path, levels = click_readback(root, argv)
    assert tuple(path) == tool.binding.command_path
    leaf_ctx, leaf_defaults = levels[-1]
    leaf_arguments = [p for p in leaf_ctx.command.params if p.param_type_name == "argument"]
    positional_bindings = [a for a in tool.binding.args if a.source == "positional"]
    assert len(leaf_arguments) == len(positional_bindings)
    pairs = [(a, leaf_ctx, leaf_defaults, p) for a, p in zip(positional_bindings, leaf_arguments)]
    for arg in tool.binding.args:
        if arg.source == "flag":
            ctx, defaults = levels[arg.level - 1]
            pairs.append(
                (arg, ctx, defaults, next(p for p in ctx.command.params if arg.spelling in p.opts))
            )
    for arg, ctx, defaults, param in pairs:
        got = ctx.params[param.name]
        value = arguments.get(arg.property)
        if is_absent(arg, value):
            assert got == defaults.params[param.name], (
                f"{arg.property} changed without being given: {got!r}"
            )
        else:
            if (
                isinstance(getattr(param, "type", None), (click.IntRange, click.FloatRange))
                and param.type.clamp
            ):
                value = param.type.convert(value, param, ctx)  # the CLI clamps: any number is valid
            assert same(got, value), f"{arg.property}: sent {value!r}, read {got!r}"
    return levels


def same(got: Any, sent: Any) -> bool:
    """What the parser read equals what we sent, up to the CLI's own typing (enum, tuple, path)."""
    if isinstance(got, (list, tuple)) and isinstance(sent, list):
        return len(got) == len(sent) and all(same(g, s) for g, s in zip(got, sent))
    if isinstance(got, enum.Enum):
        got = got.value
    if isinstance(got, PurePath):
        return got == Path(sent)
    return got == sent


# -- argparse --------------------------------------------------------------------------------------


def argparse_parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...]
) -> list[argparse.ArgumentParser]:
    parsers = [parser]
    for segment in path[1:]:
        sub = next(a for a in parsers[-1]._actions if isinstance(a, argparse._SubParsersAction))
        parsers.append(sub.choices[segment])
    return parsers


def argparse_can_carry(tool: Tool, tree: CommandTree, arguments: dict[str, Any]) -> bool:
    """False for arguments no argv can give this parser: two members of a mutually exclusive
    group, or `--` as an option value (or any positional's but the first) on CPython < 3.13,
    whose argparse deletes it even from `--opt=--` (gh-53780; documented in docs/runtime.md)."""
    command = tree.find(tool.binding.command_path)
    for group in command.exclusive_groups:
        if sum(1 for key in group if arguments.get(key) not in (None, False, [], 0)) > 1:
            return False
    if sys.version_info < (
        3,
        13,
    ):  # and as a value of any positional but the first (the runtime refuses both)
        positionals = [a for a in tool.binding.args if a.source == "positional"]
        dropped = [a for a in tool.binding.args if a.source == "flag"] + positionals[1:]
        return not any("--" in _words(arguments.get(a.property)) for a in dropped)
    return True


def check_argparse(
    tool: Tool,
    parser: argparse.ArgumentParser,
    tree: CommandTree,
    arguments: dict[str, Any],
    expected: dict[str, Any] | None = None,
) -> argparse.Namespace:
    """`expected`: what the parser must read per binding property (default: `arguments`)."""
    argv = build_argv(tool.binding, [tool.binding.command_path[0]], arguments)
    arguments = arguments if expected is None else expected
    try:
        with contextlib.redirect_stderr(io.StringIO()) as err:
            namespace = parser.parse_args(argv[1:])
    except SystemExit:
        pytest.fail(f"argparse rejected {argv!r}: {err.getvalue()}")
    parsers = argparse_parsers(parser, tool.binding.command_path)
    leaf = parsers[-1]
    positionals = [a for a in leaf._actions if not a.option_strings]
    positional_bindings = [a for a in tool.binding.args if a.source == "positional"]
    assert len(positionals) == len(positional_bindings)
    pairs = list(zip(positional_bindings, positionals))
    for arg in tool.binding.args:
        if arg.source == "flag":
            pairs.append((arg, parsers[arg.level - 1]._option_string_actions[arg.spelling]))
    for arg, action in pairs:
        got = getattr(namespace, action.dest)
        value = arguments.get(arg.property)
        if is_absent(arg, value) or (
            arg.kind is FlagKind.BOOLEAN and value is False and not arg.negatable
        ):
            unset = (
                []
                if action.nargs == "*" and action.default is None and not action.option_strings
                else action.default
            )
            assert got == unset, f"{arg.property} changed without being given: {got!r}"
        elif isinstance(
            action, argparse._StoreConstAction
        ):  # store_true / store_false / store_const
            assert got == action.const
        else:
            assert same(got, value), f"{arg.property}: sent {value!r}, read {got!r}"
    commands = [
        getattr(namespace, a.dest)
        for p in parsers[:-1]
        for a in p._actions
        if isinstance(a, argparse._SubParsersAction)
    ]
    assert commands == list(tool.binding.command_path[1:])
    return namespace


def _words(value: Any) -> set[Any]:
    if isinstance(value, list):
        return {word for item in value for word in _words(item)}
    return {value}


# -- the properties --------------------------------------------------------------------------------


@pytest.mark.parametrize(("sample", "tool"), CASES, ids=CASE_IDS)
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_valid_arguments_read_back_exactly(sample, tool, data):
    arguments = data.draw(arguments_strategy(tool.input_schema))
    assert ArgumentChecker(tool.name, tool.input_schema).problems(arguments) is None
    tree, cli = SAMPLES[sample]
    if isinstance(cli, argparse.ArgumentParser):
        assume(argparse_can_carry(tool, tree, arguments))
        check_argparse(tool, cli, tree, arguments)
    else:
        check_click(tool, cli, arguments)


def test_every_sample_has_tools_under_test():
    assert {sample for sample, _ in CASES} == {
        "deployctl",
        "notes",
        "pkgtool",
        "shortclick",
        "shortargs",
        "multiclick",
        "multiargs",
        "atfiles",
        "singledash",
    }
    assert len(CASES) >= 2 * 20
    separate = [t for _, t in CASES if any(a.separate_long_value for a in t.binding.args)]
    assert len(separate) >= 15, "the separate spelling is exercised"
    refusing = {a.refused_prefixes for _, t in CASES for a in t.binding.args}
    assert {"@", "@+"} <= refusing, "the per-level fromfile characters reach the bindings"


def minimal_value(schema: dict[str, Any]) -> Any:
    return filled(schema, "x")


def filled(schema: dict[str, Any], text: str) -> Any:
    """A value of `schema` whose free-text words are all `text` (arrays as short as allowed, one
    item at least); numbers and enums take their smallest allowed value."""
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            return [filled(item, text) for item in schema["prefixItems"]]
        return [filled(schema.get("items", {}), text)] * max(1, schema.get("minItems", 1))
    if kind == "integer":
        return max(1, schema.get("minimum", 1), schema.get("exclusiveMinimum", 0) + 1)
    if kind == "number":
        return 0.5 if schema.get("exclusiveMaximum", 2) <= 1 else 1.5
    return {"boolean": True}.get(kind, text)


def has_text(schema: dict[str, Any]) -> bool:
    if "enum" in schema:
        return False
    if schema.get("type") == "array":
        return any(map(has_text, schema.get("prefixItems", []))) or has_text(
            schema.get("items", {})
        )
    return schema.get("type") == "string"


@pytest.mark.parametrize(("sample", "tool"), CASES, ids=CASE_IDS)
def test_hostile_strings_never_add_a_flag_or_a_command(sample, tool):
    """Every hostile value in every free-text property (alone, in arrays, as each of several words
    after a flag) reads back as data, or is refused by the schema and by argv alike."""
    schema = tool.input_schema
    checker = ArgumentChecker(tool.name, schema)
    base = {name: minimal_value(schema["properties"][name]) for name in schema.get("required", [])}
    text_properties = [name for name, prop in schema["properties"].items() if has_text(prop)]
    tree, cli = SAMPLES[sample]
    for name in text_properties:
        for hostile in HOSTILE:
            arguments = {**base, name: filled(schema["properties"][name], hostile)}
            if checker.problems(arguments) is not None:
                refused = "-" + "".join(
                    a.refused_prefixes for a in tool.binding.args if a.property == name
                )
                assert hostile[:1] and hostile[0] in refused, f"{name}: {hostile!r} refused"
                with pytest.raises(ArgvError, match="cannot take"):
                    build_argv(tool.binding, [tool.binding.command_path[0]], arguments)
            elif isinstance(cli, argparse.ArgumentParser):
                if argparse_can_carry(tool, tree, arguments):
                    check_argparse(tool, cli, tree, arguments)
            else:
                check_click(tool, cli, arguments)


def test_an_empty_open_ended_option_before_a_switch_set_false_still_ends_before_the_positionals():
    """Found by the property test: `--opt` (nargs="*") with no values, a switch set false (which
    writes no word) and a positional: the positional must not be read as one of `--opt`'s values."""
    tree, parser = SAMPLES["multiargs"]
    tool = next(t for sample, t in CASES if sample == "multiargs" and t.name.endswith("_run"))
    check_argparse(tool, parser, tree, {"opt": [], "flag": False, "files": ["$(reboot)"]})


# -- shaped tools (SPEC §5a): renamed properties, pins, defaults, fixed words ------------------------


def shaping_for(tool: Tool) -> tuple[dict[str, Any], str | None]:
    """A `[commands."<path>"]` table using every shaping key a general rule can pick for `tool`:
    its first valued flag renamed, its first flag with choices (or first switch) pinned, its
    first other optional flag given a default (its smallest valid value), and its leaf's first
    plain switch excluded and passed as a fixed word instead; plus the switch's spelling."""
    flags: dict[str, dict[str, Any]] = {}
    props = tool.input_schema["properties"]
    required = set(tool.input_schema.get("required", []))
    depth = len(tool.binding.command_path)
    key_of = {
        a.property: (a.spelling.lstrip("-") if a.source == "flag" else a.property)
        for a in tool.binding.args
    }
    flag_args = [a for a in tool.binding.args if a.source == "flag"]
    fixed = next(
        (
            a
            for a in flag_args
            if a.kind is FlagKind.BOOLEAN
            and not a.negatable
            and a.level == depth
            and a.spelling.startswith("--")
        ),
        None,
    )
    pin = next(
        (a for a in flag_args if a is not fixed and "enum" in props[a.property]), None
    ) or next((a for a in flag_args if a is not fixed and a.kind is FlagKind.BOOLEAN), None)
    if pin is not None:
        flags[key_of[pin.property]] = {
            "value": props[pin.property]["enum"][0] if "enum" in props[pin.property] else True
        }
    rename = next(
        (a for a in flag_args if a not in (fixed, pin) and a.kind is FlagKind.VALUE), None
    )
    if rename is not None:
        flags.setdefault(key_of[rename.property], {})["name"] = f"renamed_{len(rename.property)}"
    default = next(
        (
            a
            for a in tool.binding.args
            if a not in (fixed, pin)
            and a.property not in required
            and a.nargs is None
            and not a.variadic
            and props[a.property].get("type") in ("integer", "string")
            and not has_text(props[a.property]) | ("enum" in props[a.property])
        ),
        None,
    )
    if default is not None:
        flags.setdefault(key_of[default.property], {})["default"] = minimal_value(
            props[default.property]
        )
    table: dict[str, Any] = {"flags": flags}
    if fixed is not None:
        flags.setdefault(key_of[fixed.property], {})["exclude"] = True
        table["args"] = [fixed.spelling]
    return table, fixed.spelling if fixed is not None else None


def _shaped_cases() -> list[tuple[str, Tool, str | None]]:
    cases = []
    for sample, (tree, _) in SAMPLES.items():
        plain = build_surface(tree, Config()).tools
        tables = {t.command_str: shaping_for(t) for t in plain}
        config = Config.model_validate(
            {"commands": {path: table for path, (table, _) in tables.items()}}
        )
        cases += [
            (sample, tool, tables[tool.command_str][1])
            for tool in build_surface(tree, config).tools
        ]
    return cases


SHAPED = _shaped_cases()


def shaped_expectation(tool: Tool, arguments: dict[str, Any]) -> dict[str, Any]:
    """What the parser must read per binding property: the model's value, else the config's
    default; a pinned property its pin. Written from the config, not from argv's own code."""
    expected = dict(arguments)
    for arg in tool.binding.args:
        if arg.pin is not None:
            expected[arg.property] = arg.pin
        elif arg.fill is not None and arguments.get(arg.property) is None:
            expected[arg.property] = arg.fill
    return expected


def test_shaping_is_exercised():
    bindings = [a for _, t, _ in SHAPED for a in t.binding.args]
    assert sum(a.pin is not None for a in bindings) >= 10
    assert sum(a.fill is not None for a in bindings) >= 10
    assert sum(a.property.startswith("renamed_") for a in bindings) >= 10
    assert sum(fixed is not None for _, _, fixed in SHAPED) >= 5
    assert {sample for sample, _, _ in SHAPED} == set(SAMPLES)


@pytest.mark.parametrize(
    ("sample", "tool", "fixed"), SHAPED, ids=[f"{t.name}-{i}" for i, (_, t, _) in enumerate(SHAPED)]
)
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_shaped_arguments_read_back_exactly(sample, tool, fixed, data):
    """Renamed properties bind the real flag, pins are always read, defaults are read when the
    model omits the property, and the fixed word reaches the command's own parser."""
    arguments = data.draw(arguments_strategy(tool.input_schema))
    assert ArgumentChecker(tool.name, tool.input_schema).problems(arguments) is None
    expected = shaped_expectation(tool, arguments)
    tree, cli = SAMPLES[sample]
    if isinstance(cli, argparse.ArgumentParser):
        assume(argparse_can_carry(tool, tree, expected))
        namespace = check_argparse(tool, cli, tree, arguments, expected)
        if fixed is not None:
            leaf = argparse_parsers(cli, tool.binding.command_path)[-1]
            action = leaf._option_string_actions[fixed]
            assert getattr(namespace, action.dest) == action.const, f"fixed {fixed} not read"
    else:
        levels = check_click(tool, cli, arguments, expected)
        if fixed is not None:
            ctx = levels[-1][0]
            param = next(p for p in ctx.command.params if fixed in p.opts)
            assert ctx.params[param.name] is True, f"fixed {fixed} not read"
