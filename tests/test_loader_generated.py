"""CLIs we have never seen: hypothesis builds random click groups and argparse parsers (group options,
count/negatable/multiple flags, choices, env vars, variadic arguments, parents, exclusive groups),
and the loaders must read every one of them exactly, compared with the framework objects."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import click
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from loader_expectations import check_argparse_tree, check_click_tree

from workbench.loaders.argparse_loader import argparse_tree_data
from workbench.loaders.click_loader import click_tree_data
from workbench.loaders.introspect import recording_parsers
from workbench.model.tree import CommandTree

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
words = st.lists(
    st.from_regex(r"[a-z]{2,6}(-[a-z]{2,4})?", fullmatch=True), min_size=0, max_size=5, unique=True
)
helps = st.one_of(st.none(), st.from_regex(r"[A-Z][a-z ]{0,20}\.", fullmatch=True))
VALUE_TYPES = [str, int, float, click.Path(), click.Choice(["a", "b", "c"]), click.IntRange(0, 9)]


@st.composite
def click_option(draw: Any, name: str) -> click.Option:
    shape = draw(st.sampled_from(["value", "flag", "count", "negatable", "multiple"]))
    decls = [f"--{name}"]
    if draw(st.booleans()):
        decls.append(f"-{name[0].upper() if draw(st.booleans()) else name[0]}")
    common: dict[str, Any] = {"help": draw(helps), "hidden": draw(st.booleans())}
    if draw(st.booleans()):
        common["envvar"] = name.upper().replace("-", "_")
    if shape == "flag":
        return click.Option(decls, is_flag=True, **common)
    if shape == "count":
        return click.Option(decls, count=True, **common)
    if shape == "negatable":
        return click.Option(
            [f"--{name}/--no-{name}"] + decls[1:], default=draw(st.booleans()), **common
        )
    kind = draw(st.sampled_from(VALUE_TYPES))
    if shape == "multiple":
        return click.Option(decls, type=kind, multiple=True, **common)
    default = draw(
        st.one_of(st.none(), st.just("a") if isinstance(kind, click.Choice) else st.just(None))
    )
    return click.Option(decls, type=kind, required=draw(st.booleans()), default=default, **common)


@st.composite
def click_command(draw: Any, name: str, depth: int) -> click.Command:
    flag_names = draw(words)
    params: list[click.Parameter] = [draw(click_option(n)) for n in flag_names]
    dedupe: set[str] = set()
    for param in list(params):  # short names must be unique within one command
        for opt in [o for o in param.opts + param.secondary_opts if len(o) == 2]:
            if opt in dedupe:
                params.remove(param)
                break
            dedupe.add(opt)
    is_group = depth > 0 and draw(st.booleans())
    help_text = draw(helps)
    hidden, deprecated = draw(st.booleans()), draw(st.booleans())
    if is_group:
        group = click.Group(
            name,
            params=params,
            help=help_text,
            hidden=hidden,
            deprecated=deprecated,
            invoke_without_command=draw(st.booleans()),
        )
        for sub in draw(
            st.lists(
                st.from_regex(r"[a-z]{3,7}", fullmatch=True), min_size=1, max_size=3, unique=True
            )
        ):
            group.add_command(draw(click_command(sub, depth - 1)), sub)
        return group
    for index, nargs in enumerate(draw(st.lists(st.sampled_from([1, -1]), max_size=2))):
        required = draw(st.booleans())
        params.append(
            click.Argument(
                [f"arg{index}"],
                nargs=nargs,
                required=required,
                type=draw(st.sampled_from(VALUE_TYPES)),
            )
        )
        if nargs == -1:
            break  # one variadic argument, last
    return click.Command(
        name,
        params=params,
        help=help_text,
        hidden=hidden,
        deprecated=deprecated,
        callback=lambda **_: None,
        short_help=draw(helps),
    )


@SETTINGS
@given(click_command("gen", 2))
def test_generated_click_clis_are_read_exactly(command: click.Command) -> None:
    tree = CommandTree.from_data(click_tree_data(command, "gen"))
    assert check_click_tree(tree, command) == sum(1 for _ in tree.walk())


ACTIONS = [
    "store",
    "store_true",
    "store_false",
    "count",
    "append",
    "extend",
    "boolopt",
    "int",
    "choice",
    "path",
]


def _add_action(parser: argparse.ArgumentParser, draw: Any, name: str) -> None:
    kind = draw(st.sampled_from(ACTIONS))
    decls = [f"--{name}"]
    if draw(st.booleans()) and f"-{name[0]}" not in parser._option_string_actions:
        decls.append(f"-{name[0]}")
    extra: dict[str, Any] = {
        "help": draw(
            st.one_of(
                st.none(), st.just("Use it (default: %(default)s)."), st.just(argparse.SUPPRESS)
            )
        )
    }
    if kind == "store":
        parser.add_argument(
            *decls,
            required=draw(st.booleans()),
            default=draw(st.one_of(st.none(), st.just("x"))),
            **extra,
        )
    elif kind in ("store_true", "store_false", "count", "append", "extend"):
        parser.add_argument(*decls, action=kind, **extra)
    elif kind == "boolopt":
        parser.add_argument(
            decls[0], action=argparse.BooleanOptionalAction, default=draw(st.booleans()), **extra
        )
    elif kind == "int":
        parser.add_argument(*decls, type=int, default=draw(st.integers(0, 5)), **extra)
    elif kind == "choice":
        parser.add_argument(*decls, choices=["x", "y"], **extra)
    else:
        parser.add_argument(*decls, type=Path, **extra)


@st.composite
def argparse_cli(draw: Any) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    with recording_parsers():
        common = argparse.ArgumentParser(add_help=False)
        for name in draw(
            st.lists(st.sampled_from(["root", "quiet", "profile"]), unique=True, max_size=2)
        ):
            _add_action(common, draw, name)
        parser = argparse.ArgumentParser(prog="gen")
        for name in draw(words):
            _add_action(parser, draw, name)
        if draw(st.booleans()):
            group = parser.add_mutually_exclusive_group()
            group.add_argument("--json", action="store_true")
            group.add_argument("--yaml", action="store_true")
        sub = parser.add_subparsers(dest="cmd", required=draw(st.booleans()))
        for index, name in enumerate(
            draw(
                st.lists(
                    st.from_regex(r"[a-z]{3,6}", fullmatch=True),
                    min_size=1,
                    max_size=4,
                    unique=True,
                )
            )
        ):
            aliases = [f"{name}{index}"] if draw(st.booleans()) else []
            child = sub.add_parser(
                name,
                aliases=aliases,
                help=draw(helps),
                parents=[common] if draw(st.booleans()) else [],
            )
            for flag in draw(words):
                if f"--{flag}" not in child._option_string_actions:
                    _add_action(child, draw, flag)
            for pos, nargs in enumerate(
                draw(st.lists(st.sampled_from([None, "?", "*", "+"]), max_size=2))
            ):
                child.add_argument(
                    f"item{pos}", nargs=nargs, metavar=draw(st.sampled_from([None, f"ITEM{pos}"]))
                )
                if nargs in ("*", "+"):
                    break
    return parser, common


@SETTINGS
@given(argparse_cli())
def test_generated_argparse_clis_are_read_exactly(
    cli: tuple[argparse.ArgumentParser, argparse.ArgumentParser],
) -> None:
    parser, common = cli
    tree = CommandTree.from_data(argparse_tree_data(parser, "gen"))
    assert check_argparse_tree(tree, parser, parents=[common]) == sum(1 for _ in tree.walk())
