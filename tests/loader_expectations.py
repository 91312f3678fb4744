"""Test support: compare a loaded CommandTree with the framework objects it came from.

The expectations are read from click's and argparse's own objects (isinstance checks on their
types and actions), never from the loader's output, so a loader that misreads a CLI fails here.
Used by the loader tests for the sample CLIs, for hand-built CLIs and for CLIs installed on
this machine.
"""

from __future__ import annotations

import argparse
import enum
import inspect
from pathlib import PurePath
from typing import Any

from workbench.model.tree import Command, CommandTree, FlagKind, ValueType

# --- click / typer ------------------------------------------------------------------------------


def _click_family(command: Any) -> Any:
    """The click module the command belongs to (click itself, or typer's fork)."""
    import importlib

    top = type(command).__mro__
    for klass in top:
        if klass.__module__.startswith("typer._click"):
            return importlib.import_module("typer._click.core")
    import click

    return click


def check_click_tree(tree: CommandTree, command: Any) -> int:
    """Assert every command, flag and positional of `command` matches the tree; returns commands seen."""
    return _check_click_command(tree, command, [tree.root.name], None)


def _check_click_command(tree: CommandTree, command: Any, path: list[str], parent_ctx: Any) -> int:
    node = tree.find(path)
    assert node is not None, f"{path} missing from the tree"
    ctx = command.context_class(command, info_name=path[-1], parent=parent_ctx)
    is_group = hasattr(command, "list_commands")
    assert node.hidden == bool(command.hidden), path
    assert node.deprecated == bool(command.deprecated), path
    assert node.runnable == (
        bool(command.invoke_without_command) if is_group else command.callback is not None
    ), path
    assert node.help == _click_text(command.help), path
    if command.short_help:
        assert node.short_help == command.short_help.strip(), path
    options = [p for p in command.params if p.param_type_name == "option"]
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    assert [f.spelling for f in node.flags] == [_click_spelling(p) for p in options], path
    for flag, param in zip(node.flags, options):
        where = f"{' '.join(path)} {flag.spelling}"
        longs = [o for o in param.opts if o.startswith("--")]
        shorts = [o for o in param.opts if len(o) == 2 and o[0] == "-" and o != "--"]
        assert flag.short == (shorts[0][1:] if shorts else None), where
        expected_kind = (
            FlagKind.COUNT if param.count else FlagKind.BOOLEAN if param.is_flag else FlagKind.VALUE
        )
        assert flag.kind == expected_kind, where
        assert flag.required == param.required, where
        assert flag.repeatable == param.multiple, where
        typer_completion = param.name in ("install_completion", "show_completion") and type(
            param
        ).__module__.startswith("typer")
        assert flag.hidden == (param.hidden or typer_completion), (
            where
        )  # docs/loaders.md: typer's shell set-up
        assert flag.deprecated == bool(getattr(param, "deprecated", False)), where
        assert flag.negatable == (bool(longs) and f"--no-{longs[0][2:]}" in param.secondary_opts), (
            where
        )
        if isinstance(param.envvar, str):
            assert flag.env_var == param.envvar, where
        if flag.kind is FlagKind.VALUE:
            _check_click_value(flag, param, where)
            assert flag.nargs == (param.nargs if param.nargs > 1 else None), where
            if flag.item_types is not None:
                assert len(flag.item_types) == param.nargs, where
        elif flag.kind is FlagKind.BOOLEAN and getattr(param, "is_bool_flag", True):
            assert flag.default == (param.default is True), where
        elif flag.kind is FlagKind.COUNT:
            assert flag.value_type is ValueType.INTEGER and flag.default == (param.default or 0), (
                where
            )
        if flag.kind is not FlagKind.VALUE:
            assert flag.nargs is None, where
    assert len(node.positionals) == len(arguments), path
    for positional, param in zip(node.positionals, arguments):
        where = f"{' '.join(path)} {param.name}"
        assert positional.required == param.required, where
        assert positional.variadic == (param.nargs != 1), where
        _check_click_value(positional, param, where)
    seen = 1
    if is_group:
        objects: dict[int, list[str]] = {}
        for name in command.list_commands(ctx):
            objects.setdefault(id(command.get_command(ctx, name)), []).append(name)
        assert [c.name for c in node.subcommands] == [names[0] for names in objects.values()], path
        for sub_node, names in zip(node.subcommands, objects.values()):
            assert sub_node.aliases == names[1:], sub_node.path
            seen += _check_click_command(
                tree, command.get_command(ctx, names[0]), path + [names[0]], ctx
            )
    return seen


def _click_text(text: str | None) -> str:
    """Help as click shows it: dedented, cut at `\\f`, without `\\b` marker lines."""
    lines = inspect.cleandoc((text or "").split("\f")[0]).splitlines()
    return "\n".join(line for line in lines if line != "\b").strip()


def _one_value_type(annotation: Any) -> Any:
    """`Optional[int]`, `list[int]` → int: the type of one value of a typer parameter."""
    import typing

    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if len(args) == 1 and typing.get_origin(annotation) is not typing.Literal:
        return _one_value_type(args[0])
    return annotation


def _click_spelling(param: Any) -> str:
    longs = [o for o in param.opts if o.startswith("--")]
    return longs[0] if longs else param.opts[0]


def _unset(value: Any) -> bool:
    return value is None or repr(value) in ("Sentinel.UNSET", "UNSET")


def _check_click_value(item: Any, param: Any, where: str) -> None:
    """Value type, choices and default of an option or argument, from click's type or typer's annotation."""
    if hasattr(param, "type_descriptor"):  # typer ≥ 0.2x keeps the annotation, not a click type
        choices = param.type_descriptor.choices
        if choices is not None:
            assert item.value_type is ValueType.CHOICE, where
            assert item.choices == [
                str(c.value) if isinstance(c, enum.Enum) else str(c) for c in choices
            ], where
        default = param.default
        if isinstance(default, enum.Enum):
            default = default.value
        info = param.type_descriptor.parameter_info
        ranged = (
            _one_value_type(param.type_descriptor.annotation) in (int, float) and not info.clamp
        )
        assert (item.minimum, item.maximum) == ((info.min, info.max) if ranged else (None, None)), (
            where
        )
    else:
        import click

        kind = param.type
        if isinstance(kind, (click.IntRange, click.FloatRange)) and not kind.clamp:
            assert (item.minimum, item.maximum) == (kind.min, kind.max), where
            assert (item.exclusive_minimum, item.exclusive_maximum) == (
                kind.min_open and kind.min is not None,
                kind.max_open and kind.max is not None,
            ), where
        else:
            assert (item.minimum, item.maximum) == (None, None), where
        if isinstance(kind, click.Choice):
            assert item.value_type is ValueType.CHOICE, where
            assert item.choices == [
                c.name if isinstance(c, enum.Enum) else str(c) for c in kind.choices
            ], where
        elif isinstance(kind, (click.types.IntParamType,)):
            assert item.value_type is ValueType.INTEGER, where
        elif isinstance(kind, click.types.FloatParamType):
            assert item.value_type is ValueType.NUMBER, where
        elif isinstance(kind, (click.Path, click.File)):
            assert item.value_type is ValueType.PATH, where
        elif isinstance(kind, click.types.StringParamType):
            assert item.value_type is ValueType.STRING, where
        default = param.default
        if isinstance(default, enum.Enum) and not _unset(default):
            default = default.name
    if _unset(default) or callable(default) or default in ((), []):
        assert item.default is None, where
    elif isinstance(default, (str, int, float, bool)):
        assert item.default == default, where
    elif isinstance(default, (list, tuple)) and all(
        isinstance(d, (str, int, float)) for d in default
    ):
        assert item.default == list(default), where


# --- argparse ----------------------------------------------------------------------------------


def check_argparse_tree(
    tree: CommandTree,
    parser: argparse.ArgumentParser,
    parents: list[argparse.ArgumentParser] | None = None,
) -> int:
    """Assert every subcommand, option and positional of `parser` matches the tree; returns commands seen.

    Options of `parents` (the parent parsers the test passed to `parents=`) must be inherited;
    without them, an Action object shared by several parsers marks a parent-parser option.
    """
    owners: dict[int, int] = {}
    if parents is not None:
        for parent in parents:
            for action in parent._actions:
                owners[id(action)] = 2
    else:
        for each in _argparse_parsers(parser):
            for action in each._actions:
                owners[id(action)] = owners.get(id(action), 0) + 1
    return _check_parser(tree, parser, [tree.root.name], owners)


def _argparse_parsers(parser: argparse.ArgumentParser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in {id(p): p for p in action.choices.values()}.values():
                yield from _argparse_parsers(child)


def _check_parser(
    tree: CommandTree, parser: argparse.ArgumentParser, path: list[str], owners: dict[int, int]
) -> int:
    node = tree.find(path)
    assert node is not None, f"{path} missing from the tree"
    options = [
        a for a in parser._actions if a.option_strings and not isinstance(a, argparse._HelpAction)
    ]
    positionals = [
        a
        for a in parser._actions
        if not a.option_strings and not isinstance(a, argparse._SubParsersAction)
    ]
    subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    own_handler = any(callable(v) for v in parser._defaults.values())
    assert node.runnable == (not subparsers or (not subparsers[0].required and own_handler)), path
    assert node.help == (parser.description or "").strip(), path
    assert [f.spelling for f in node.flags] == [_argparse_spelling(a) for a in options], path
    for flag, action in zip(node.flags, options):
        where = f"{' '.join(path)} {flag.spelling}"
        assert flag.required == bool(action.required), where
        assert flag.hidden == (action.help == argparse.SUPPRESS), where
        assert flag.repeatable == isinstance(
            action, (argparse._AppendAction, argparse._ExtendAction)
        ), where
        assert flag.negatable == isinstance(action, argparse.BooleanOptionalAction), where
        assert (flag.inherited_from is not None) == (owners.get(id(action), 0) > 1), where
        if isinstance(action, argparse._CountAction):
            assert flag.kind is FlagKind.COUNT, where
        elif action.nargs == 0:
            assert flag.kind is FlagKind.BOOLEAN, where
            if isinstance(action, argparse._StoreTrueAction):
                assert flag.default == (action.default is True), where
            if isinstance(action, argparse.BooleanOptionalAction):
                assert flag.default == (action.default is True), where
        else:
            assert flag.kind is FlagKind.VALUE, where
            _check_argparse_value(flag, action, where)
            extend = isinstance(action, argparse._ExtendAction)
            several = (
                action.nargs in ("+", "*")
                and not extend
                or isinstance(action.nargs, int)
                and (action.nargs > 1 or action.nargs == 1 and not extend)
            )
            assert flag.nargs == (action.nargs if several else None), where
        assert flag.minimum is None and flag.maximum is None, where  # argparse has no ranges
        if action.help not in (None, argparse.SUPPRESS) and "%(" not in action.help:
            assert flag.help.startswith(action.help.strip()), where  # formatters may append
    assert [p.name for p in node.positionals] == [
        a.metavar if isinstance(a.metavar, str) else a.dest for a in positionals
    ], path
    for positional, action in zip(node.positionals, positionals):
        where = f"{' '.join(path)} {positional.name}"
        assert positional.required == (action.nargs not in ("?", "*", argparse.REMAINDER)), where
        assert positional.variadic == (
            action.nargs in ("*", "+", argparse.REMAINDER)
            or (isinstance(action.nargs, int) and action.nargs > 1)
        ), where
        _check_argparse_value(positional, action, where)
    groups = [
        [_argparse_key(a) for a in g._group_actions]
        for g in parser._mutually_exclusive_groups
        if len(g._group_actions) > 1
    ]
    assert node.exclusive_groups == groups, path
    seen = 1
    for action in subparsers:
        by_parser: dict[int, list[str]] = {}
        for name, child in action.choices.items():
            by_parser.setdefault(id(child), []).append(name)
        assert [c.name for c in node.subcommands] == [names[0] for names in by_parser.values()], (
            path
        )
        for sub_node, names in zip(node.subcommands, by_parser.values()):
            assert sub_node.aliases == names[1:], sub_node.path
            seen += _check_parser(tree, action.choices[names[0]], path + [names[0]], owners)
    return seen


def _argparse_spelling(action: argparse.Action) -> str:
    longs = [o for o in action.option_strings if o.startswith("--")]
    if isinstance(action, argparse.BooleanOptionalAction):
        longs = [o for o in longs if not o.startswith("--no-")] or longs
    return longs[0] if longs else action.option_strings[0]


def _argparse_key(action: argparse.Action) -> str:
    if action.option_strings:
        return _argparse_spelling(action).lstrip("-")
    return action.metavar if isinstance(action.metavar, str) else action.dest


def _check_argparse_value(item: Any, action: argparse.Action, where: str) -> None:
    numeric = action.choices is not None and (
        action.type is int
        and all(type(c) is int for c in action.choices)
        or action.type is float
        and all(type(c) in (int, float) for c in action.choices)
    )
    if numeric:  # `type=int, choices=[1, 2]`: typed choices
        assert item.value_type is (ValueType.INTEGER if action.type is int else ValueType.NUMBER), (
            where
        )
        assert item.choices == [str(c) for c in action.choices], where
    elif action.choices is not None:
        assert item.value_type is ValueType.CHOICE, where
        assert item.choices == [str(c) for c in action.choices], where
    elif action.type is int:
        assert item.value_type is ValueType.INTEGER, where
    elif action.type is float:
        assert item.value_type is ValueType.NUMBER, where
    elif isinstance(action.type, type) and issubclass(action.type, PurePath):
        assert item.value_type is ValueType.PATH, where
    elif action.type in (None, str):
        assert item.value_type is ValueType.STRING, where
    default = action.default
    if default is None or default == argparse.SUPPRESS or default in ([], ()):
        assert item.default is None, where
    elif isinstance(default, (str, int, float)) and not isinstance(default, bool):
        expected = str(default) if action.choices is not None and not numeric else default
        assert item.default == expected, where


def find(tree: CommandTree, path: str) -> Command:
    node = tree.find(path)
    assert node is not None, path
    return node
