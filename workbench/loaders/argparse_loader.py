"""Read an `argparse.ArgumentParser` into plain command-tree data, exactly as argparse sees it.

Standard library only, so it also runs inside another interpreter (see
workbench.loaders.foreign). Returns dicts shaped like `CommandTree.to_data()`.

What it records (docs/loaders.md): subparsers (with aliases and their `help=` as short help,
the subparser's description as long help), each action by its class (store_true/store_false/
store_const → boolean, count → count, append/extend → repeatable, BooleanOptionalAction →
negatable boolean, version → boolean), choices, required, defaults (SUPPRESS → none), metavar,
help with `%(default)s` and friends expanded the way `--help` shows them, `help=SUPPRESS` →
hidden, an option's `nargs` (N, `+`, `*`: several words per occurrence) → `nargs`, mutually
exclusive groups → `exclusive_groups`, `fromfile_prefix_chars` → the command's
`fromfile_prefix_chars`, and options that come from a parent parser (`parents=[...]`) →
`inherited_from`. A parser with subcommands is runnable only when
they are optional and it sets a callable default of its own (`set_defaults(func=...)`).

Parent parsers: argparse copies the parent's Action objects into each child. When the parser
was built under `workbench.loaders.introspect.recording_parsers()`, each parser carries the
parents it was given; otherwise an Action object shared by several parsers of the tree is
recognised as coming from a parent.
"""

from __future__ import annotations

import argparse
import math
from enum import Enum
from pathlib import PurePath
from typing import Any

if __package__:
    from .json_default import json_default
    from .option_names import drop_shared_aliases, other_spellings
else:  # run as a loose script by loaders/foreign.py, next to json_default.py
    from json_default import json_default  # type: ignore[no-redef,import-not-found]
    from option_names import (  # type: ignore[no-redef,import-not-found]
        drop_shared_aliases,
        other_spellings,
    )

PARENTS_ATTR = "_workbench_parents"
"""Set on a parser built under recording: the parent parsers passed to its constructor."""
PROG_GIVEN_ATTR = "_workbench_prog_given"
"""Set on a parser built under recording: whether `prog=` was passed explicitly."""
SHARED_LABEL = "shared options"
_MAX_CHOICES = 200


def argparse_tree_data(
    parser: argparse.ArgumentParser, root_name: str, *, cli_version: str | None = None
) -> dict[str, Any]:
    """The whole tree of `parser`, rooted at `root_name`."""
    notes: list[str] = []
    parsers = list(_all_parsers(parser))
    inherited = _inherited_actions(parsers)
    root = _command_data(parser, [root_name], inherited, notes, short_help="")
    data: dict[str, Any] = {"root": root, "notes": notes}
    if cli_version:
        data["cli_version"] = cli_version
    return data


def version_string(parser: argparse.ArgumentParser) -> str | None:
    """The text `--version` prints, when the parser has a version action."""
    for action in parser._actions:
        if isinstance(action, argparse._VersionAction) and action.version:
            try:
                return str(action.version) % {"prog": parser.prog}
            except (TypeError, ValueError, KeyError):
                return str(action.version)
    return None


# --- the tree ---------------------------------------------------------------------------------


def subparsers_action(parser: argparse.ArgumentParser) -> argparse._SubParsersAction | None:
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def _all_parsers(parser: argparse.ArgumentParser):
    yield parser
    sub = subparsers_action(parser)
    if sub is not None:
        seen: set[int] = set()
        for child in sub.choices.values():
            if id(child) not in seen:
                seen.add(id(child))
                yield from _all_parsers(child)


def _parent_label(parent: argparse.ArgumentParser) -> str:
    if getattr(parent, PROG_GIVEN_ATTR, False) and parent.prog:
        return parent.prog
    if parent.description:
        return parent.description.strip().splitlines()[0]
    return SHARED_LABEL


def _inherited_actions(parsers: list[argparse.ArgumentParser]) -> dict[int, str]:
    """id(Action) → where it was inherited from, for actions that came from parent parsers."""
    inherited: dict[int, str] = {}
    recorded = False
    for parser in parsers:
        parents = getattr(parser, PARENTS_ATTR, None)
        if parents is None:
            continue
        recorded = True
        stack = list(parents)
        while stack:
            parent = stack.pop()
            label = _parent_label(parent)
            for action in parent._actions:
                inherited.setdefault(id(action), label)
            stack.extend(getattr(parent, PARENTS_ATTR, None) or [])
    if not recorded:
        owners: dict[int, int] = {}
        for parser in parsers:
            for action in parser._actions:
                owners[id(action)] = owners.get(id(action), 0) + 1
        inherited = {key: SHARED_LABEL for key, count in owners.items() if count > 1}
    return inherited


def _command_data(
    parser: argparse.ArgumentParser,
    path: list[str],
    inherited: dict[int, str],
    notes: list[str],
    *,
    short_help: str,
    aliases: list[str] | None = None,
) -> dict[str, Any]:
    where = " ".join(path)
    flags: list[dict[str, Any]] = []
    positionals: list[dict[str, Any]] = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        if action.option_strings:
            flag = _flag_data(parser, action, where, notes)
            if flag is not None:
                flag["inherited_from"] = inherited.get(id(action))
                flags.append(flag)
        else:
            positionals.append(_positional_data(parser, action, where, notes))
    drop_shared_aliases(flags, where, notes)
    sub = subparsers_action(parser)
    data: dict[str, Any] = {
        "path": list(path),
        "short_help": short_help,
        "help": (parser.description or "").strip(),
        "examples": (parser.epilog or "").strip(),
        "aliases": aliases or [],
        "hidden": False,
        "deprecated": False,
        "runnable": _runnable(parser, sub),
        "flags": flags,
        "positionals": positionals,
        "subcommands": _subcommands(sub, path, inherited, notes) if sub is not None else [],
        "exclusive_groups": _exclusive_groups(parser),
    }
    if parser.fromfile_prefix_chars:
        data["fromfile_prefix_chars"] = str(parser.fromfile_prefix_chars)
    return data


def _runnable(parser: argparse.ArgumentParser, sub: argparse._SubParsersAction | None) -> bool:
    """A leaf parser; or one whose subcommand is optional and that sets a handler of its own."""
    if sub is None:
        return True
    return not sub.required and any(callable(v) for v in parser._defaults.values())


def _subcommands(
    sub: argparse._SubParsersAction, path: list[str], inherited: dict[int, str], notes: list[str]
) -> list[dict[str, Any]]:
    """One command per subparser, in declared order; other names of the same parser → aliases."""
    helps = {a.dest: a for a in getattr(sub, "_choices_actions", [])}
    names: dict[int, list[str]] = {}
    parsers: dict[int, argparse.ArgumentParser] = {}
    for name, child in sub.choices.items():
        names.setdefault(id(child), []).append(name)
        parsers[id(child)] = child
    result = []
    for key, (name, *aliases) in names.items():
        pseudo = helps.get(name)
        help_text = (
            ""
            if pseudo is None or pseudo.help in (None, argparse.SUPPRESS)
            else str(pseudo.help).strip()
        )
        data = _command_data(
            parsers[key], path + [name], inherited, notes, short_help=help_text, aliases=aliases
        )
        data["hidden"] = pseudo is not None and pseudo.help == argparse.SUPPRESS
        data["deprecated"] = bool(
            getattr(pseudo, "deprecated", False) or getattr(parsers[key], "deprecated", False)
        )
        result.append(data)
    return result


def _exclusive_groups(parser: argparse.ArgumentParser) -> list[list[str]]:
    groups = []
    for group in parser._mutually_exclusive_groups:
        keys = [_action_key(a) for a in group._group_actions]
        if len(keys) > 1:
            groups.append(keys)
    return groups


def _action_key(action: argparse.Action) -> str:
    long_names, short_names = _names(action)
    if long_names:
        return long_names[0]
    if short_names:
        return short_names[0]
    return positional_name(action)


# --- flags and positionals --------------------------------------------------------------------


def _names(action: argparse.Action) -> tuple[list[str], list[str]]:
    long_names = [o[2:] for o in action.option_strings if o.startswith("--") and len(o) > 2]
    short_names = [
        o[1:] for o in action.option_strings if len(o) == 2 and o[0] == "-" and o[1] != "-"
    ]
    return long_names, short_names


def _single_dash_name(action: argparse.Action) -> str | None:
    """`add_argument("-name")`: a long name spelled with one dash, used when there is no `--` one."""
    return next(
        (o[1:] for o in action.option_strings if len(o) > 2 and o[0] == "-" and o[1] != "-"), None
    )


def _flag_data(
    parser: argparse.ArgumentParser, action: argparse.Action, where: str, notes: list[str]
) -> dict[str, Any] | None:
    long_names, short_names = _names(action)
    negatable = isinstance(action, argparse.BooleanOptionalAction)
    if negatable:
        long_names = [n for n in long_names if not n.startswith("no-")] or long_names
    single = None if long_names else _single_dash_name(action)
    if not long_names and not short_names and single is None:
        notes.append(
            f"{where}: option {'/'.join(action.option_strings)} uses a form the tree cannot spell; left out"
        )
        return None
    name = long_names[0] if long_names else single
    spelled = f"--{name}" if long_names else f"-{name}" if single else f"-{short_names[0]}"
    primary = {spelled} | ({f"-{short_names[0]}"} if short_names else set())
    if negatable:  # `--no-color`, `--no-colour`: the off forms, not spellings of turning it on
        primary |= {f"--no-{n}" for n in long_names}
    data: dict[str, Any] = {
        "name": name,
        "single_dash": single is not None,
        "short": short_names[0] if short_names else None,
        "aliases": other_spellings(list(action.option_strings), primary),
        "help": _help(parser, action),
        "required": bool(action.required),
        "repeatable": isinstance(action, (argparse._AppendAction, argparse._ExtendAction)),
        "negatable": negatable,
        "hidden": action.help == argparse.SUPPRESS,
        "deprecated": bool(getattr(action, "deprecated", False)),
        "env_var": None,
        "metavar": _metavar(action),
        "value_type": "string",
        "type_name": None,
        "choices": None,
        "default": None,
    }
    if isinstance(action, argparse._CountAction):
        default = (
            action.default
            if isinstance(action.default, int) and not isinstance(action.default, bool)
            else None
        )
        data.update(kind="count", value_type="integer", default=default)
    elif negatable:
        data.update(kind="boolean", default=_is_true(action.default))
    elif isinstance(action, argparse._StoreFalseAction):
        data.update(kind="boolean", default=action.default is False)
    elif isinstance(action, argparse._StoreTrueAction):
        data.update(kind="boolean", default=_is_true(action.default))
    elif (
        isinstance(
            action,
            (argparse._StoreConstAction, argparse._AppendConstAction, argparse._VersionAction),
        )
        or action.nargs == 0
    ):
        data.update(kind="boolean", default=False)
        if isinstance(action, argparse._AppendConstAction):
            notes.append(
                f"{where}: {spelled} adds a constant each time it is given; it is offered as a switch"
            )
    else:
        data["kind"] = "value"
        data.update(_type_info(action, where, notes))
        data["default"] = _default(action, data)
        nargs = _option_nargs(action)
        if nargs is not None:
            data["nargs"] = nargs
        elif action.nargs not in (None, "?") and not isinstance(action, argparse._ExtendAction):
            notes.append(
                f"{where}: {spelled} takes the rest of the command line (nargs={action.nargs!r}); it is offered as one value"
            )
    return data


def _option_nargs(action: argparse.Action) -> int | str | None:
    """How many words one occurrence of a valued option takes, when not exactly one plain value:
    an int N (argparse returns a list even for `nargs=1`), `+` or `*`. `extend` with `+`/`*` stays
    one value per occurrence, as does `extend` with 1 (the lists are joined, so `--tag=a --tag=b` reads the same)."""
    nargs = action.nargs
    extend = isinstance(action, argparse._ExtendAction)
    if isinstance(nargs, int) and (nargs > 1 or nargs == 1 and not extend):
        return nargs
    if nargs in ("+", "*") and not extend:
        return nargs
    return None


def _positional_data(
    parser: argparse.ArgumentParser, action: argparse.Action, where: str, notes: list[str]
) -> dict[str, Any]:
    nargs = action.nargs
    data: dict[str, Any] = {
        "name": positional_name(action),
        "help": _help(parser, action),
        "required": nargs not in ("?", "*", argparse.REMAINDER),
        "variadic": nargs in ("*", "+", argparse.REMAINDER)
        or (isinstance(nargs, int) and nargs > 1),
    }
    if isinstance(nargs, int) and nargs > 1:
        notes.append(
            f"{where}: argument {data['name']} takes exactly {nargs} values; it is offered as a list"
        )
    data.update(_type_info(action, where, notes))
    data["default"] = _default(action, data)
    return data


def positional_name(action: argparse.Action) -> str:
    metavar = _metavar(action)
    return metavar or action.dest


def _metavar(action: argparse.Action) -> str | None:
    if isinstance(action.metavar, tuple):
        return " ".join(str(m) for m in action.metavar)
    return action.metavar if isinstance(action.metavar, str) else None


def _help(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    try:
        return parser._get_formatter()._expand_help(action).strip()
    except (TypeError, ValueError, KeyError):
        return str(action.help).strip()


def _is_true(value: Any) -> bool:
    return value is True


def _type_info(action: argparse.Action, where: str, notes: list[str]) -> dict[str, Any]:
    kind = action.type
    type_name = None if kind in (None, str) else getattr(kind, "__name__", type(kind).__name__)
    if action.choices is not None:
        try:
            choices = list(action.choices)
        except TypeError:
            choices = None
        if choices is not None and len(choices) <= _MAX_CHOICES:
            numeric = _numeric_choices(kind, choices)
            if (
                numeric is not None
            ):  # `type=int, choices=[1, 2]`: an integer that must be one of these
                return {
                    "value_type": numeric,
                    "choices": [str(c) for c in choices],
                    "type_name": None,
                }
            return {
                "value_type": "choice",
                "choices": [_choice_str(c) for c in choices],
                "type_name": type_name,
            }
        notes.append(
            f"{where}: {action.dest} accepts {len(choices) if choices else 'many'} values; choices not listed"
        )
    if kind in (None, str):
        return {"value_type": "string", "type_name": None}
    if kind is int:
        return {"value_type": "integer", "type_name": None}
    if kind is float:
        return {"value_type": "number", "type_name": None}
    if isinstance(kind, type) and issubclass(kind, PurePath):
        return {"value_type": "path", "type_name": None}
    if isinstance(kind, argparse.FileType):
        return {"value_type": "path", "type_name": "file"}
    return {"value_type": "string", "type_name": type_name}


def _numeric_choices(kind: Any, choices: list[Any]) -> str | None:
    """`integer` or `number` when the action converts with `int`/`float` and every choice is
    such a number (so the schema can offer them as numbers), else None."""
    if kind is int and all(type(c) is int for c in choices):
        return "integer"
    if kind is float and all(type(c) in (int, float) and math.isfinite(c) for c in choices):
        return "number"
    return None


def _choice_str(choice: Any) -> str:
    return str(choice.value) if isinstance(choice, Enum) else str(choice)


def _default(action: argparse.Action, data: dict[str, Any]) -> Any:
    value = _json_safe(action.default)
    if data.get("value_type") == "choice" and value is not None:
        value = [str(v) for v in value] if isinstance(value, list) else str(value)
    return value


def _json_safe(value: Any) -> Any:
    return json_default(value, is_unset=lambda v: v == argparse.SUPPRESS)
