"""Read a click (or typer) command object into plain command-tree data, exactly as click sees it.

Depends only on the standard library and the command objects themselves (duck-typed: it works
with click and with typer's own click fork, `typer._click`), so it can also run inside another
interpreter (workbench.loaders.foreign ships this file there). It returns plain dicts shaped like
`CommandTree.to_data()`; `workbench.loaders.validate` turns them into a `CommandTree`.

What it records (docs/loaders.md has the full list): group options sit on the group that declares
them (they are its own flags; the surface marks them inherited for descendants); a group is
runnable only with `invoke_without_command`; `short_help` is what `--help` lists for the command
(click's own shortening of the docstring when none is given); the epilog is the examples text;
commands registered under several names get the extra names as aliases; defaults are JSON-safe
(callables and unset sentinels become no default); an option taking several words (`nargs=N`, a
tuple type) gets `nargs` and, for a tuple of simple types, `item_types`; a non-clamping
`IntRange`/`FloatRange` (or typer `min=`/`max=`) gives `minimum`/`maximum`.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import math
import numbers
import pathlib
import re
import typing
from datetime import datetime
from enum import Enum
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

_DEPRECATED_MARK = re.compile(
    r"\s*\(DEPRECATED(?::.*)?\)\s*$|^\s*\(Deprecated\)\s*", re.DOTALL | re.IGNORECASE
)
"""click ≥ 8.2 appends "(DEPRECATED[: reason])" to a deprecated command's short help; 8.1 prefixes "(Deprecated)"."""
_UNLIMITED = 10**6


def click_tree_data(
    command: Any, root_name: str, *, cli_version: str | None = None
) -> dict[str, Any]:
    """The whole tree under `command` (a click/typer Command or Group), rooted at `root_name`."""
    notes: list[str] = []
    root = _command_data(command, [root_name], None, notes)
    data: dict[str, Any] = {"root": root, "notes": notes}
    if cli_version:
        data["cli_version"] = cli_version
    return data


def _make_context(command: Any, name: str, parent: Any) -> Any:
    settings = dict(getattr(command, "context_settings", None) or {})
    settings.pop("help_option_names", None)
    try:
        return command.context_class(
            command, info_name=name, parent=parent, resilient_parsing=True, **settings
        )
    except TypeError:
        return command.context_class(command, info_name=name, parent=parent)


def _is_group(command: Any) -> bool:
    return hasattr(command, "list_commands") and hasattr(command, "get_command")


def _command_data(
    command: Any, path: list[str], parent_ctx: Any, notes: list[str]
) -> dict[str, Any]:
    ctx = _make_context(command, path[-1], parent_ctx)
    where = " ".join(path)
    flags: list[dict[str, Any]] = []
    positionals: list[dict[str, Any]] = []
    for param in _params(command, ctx):
        if _param_kind(param) == "argument":
            positionals.append(_positional_data(param, where, notes))
        else:
            flag = _flag_data(param, ctx, where, notes)
            if flag is not None:
                flags.append(flag)
    drop_shared_aliases(flags, where, notes)
    data: dict[str, Any] = {
        "path": list(path),
        "short_help": _short_help(command),
        "help": _clean(command.help),
        "examples": _clean(getattr(command, "epilog", None)),
        "aliases": [a for a in (getattr(command, "aliases", None) or []) if isinstance(a, str)],
        "hidden": bool(getattr(command, "hidden", False)),
        "deprecated": bool(getattr(command, "deprecated", False)),
        "runnable": _runnable(command),
        "flags": flags,
        "positionals": positionals,
        "subcommands": [],
    }
    if _is_group(command):
        data["subcommands"] = _subcommands(command, path, ctx, notes)
    return data


def _subcommands(group: Any, path: list[str], ctx: Any, notes: list[str]) -> list[dict[str, Any]]:
    """Each subcommand once, in the group's listing order; extra names of one object → aliases."""
    seen: dict[int, dict[str, Any]] = {}
    result: list[dict[str, Any]] = []
    try:
        listed = list(group.list_commands(ctx))
    except Exception as error:  # plugin groups that need a live context or config
        notes.append(
            f"{' '.join(path)}: its subcommands could not be listed ({type(error).__name__})"
        )
        listed = []
    for name in listed:
        try:
            sub = group.get_command(ctx, name)
        except Exception as error:  # a lazy group whose import fails: keep the rest
            notes.append(f"{' '.join(path + [name])}: could not be loaded ({type(error).__name__})")
            continue
        if sub is None:
            continue
        if _is_placeholder(sub):
            sub = _materialize(group, ctx, name, sub)
            if _is_placeholder(sub):
                notes.append(
                    f"{' '.join(path + [name])}: could not be materialized (its command object has no "
                    "options and no action until it runs); its help text is the only witness"
                )
        if id(sub) in seen:
            seen[id(sub)]["aliases"].append(name)
            continue
        data = _command_data(sub, path + [name], ctx, notes)
        seen[id(sub)] = data
        result.append(data)
    return result


def _params(command: Any, ctx: Any) -> list[Any]:
    """The command's parameters: `params`, or, for a stand-in that keeps none of its own and
    delegates `get_params` to the real object (indico's LazyGroup variant), what that returns,
    without click's own `--help` option."""
    params = list(getattr(command, "params", None) or [])
    if params or not hasattr(command, "get_params"):
        return params
    try:
        delegated = list(command.get_params(ctx))
    except Exception:
        return params
    try:
        help_option = command.get_help_option(ctx)
    except Exception:
        help_option = None
    return [
        p
        for p in delegated
        if p is not help_option
        and not (
            getattr(p, "is_eager", False)
            and not getattr(p, "expose_value", True)
            and "--help" in getattr(p, "opts", [])
        )
    ]


def _is_placeholder(command: Any) -> bool:
    """A command object with no parameters and no action: a lazy stand-in (click's LazyGroup
    recipe and its variants) that becomes the real command only when invoked or asked for help."""
    return (
        not _is_group(command)
        and getattr(command, "callback", None) is None
        and not list(getattr(command, "params", None) or [])
    )


def is_placeholder_data(command: dict[str, Any]) -> bool:
    """The data of such a command (or of an empty group): nothing to run, no flags, no arguments."""
    return not (
        command.get("runnable")
        or command.get("flags")
        or command.get("positionals")
        or command.get("subcommands")
    )


def _materialize(group: Any, ctx: Any, name: str, placeholder: Any) -> Any:
    """The real command behind a placeholder: ask the placeholder for what loads it (a context
    for `--help` parsed resiliently, its help, its params), then take whichever object now has
    parameters or an action: the group's answer asked again, a command the placeholder wraps,
    or the placeholder itself filled in. Output the CLI prints meanwhile is dropped."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        for trigger in (
            lambda: placeholder.make_context(name, ["--help"], parent=ctx, resilient_parsing=True),
            lambda: placeholder.get_params(ctx),
            lambda: placeholder.get_help(_make_context(placeholder, name, ctx)),
        ):
            try:
                trigger()
            except (Exception, SystemExit):  # a loader that fails or exits: try the next trigger
                pass
            for candidate in _candidates(group, ctx, name, placeholder):
                if not _is_placeholder(candidate):
                    return candidate
    return placeholder


def _candidates(group: Any, ctx: Any, name: str, placeholder: Any) -> list[Any]:
    found = [placeholder]
    try:
        again = group.get_command(ctx, name)
    except Exception:
        again = None
    if again is not None and again is not placeholder:
        found.append(again)
    for value in list(vars(placeholder).values()):
        if (
            value is not placeholder
            and hasattr(value, "params")
            and hasattr(value, "context_class")
            and hasattr(value, "callback")
        ):
            found.append(value)
    return found


def _runnable(command: Any) -> bool:
    if _is_group(command):
        return bool(getattr(command, "invoke_without_command", False))
    return getattr(command, "callback", None) is not None


def _short_help(command: Any) -> str:
    """What the parent's `--help` lists for this command, without the deprecation suffix."""
    text = (
        command.get_short_help_str(_UNLIMITED)
        if hasattr(command, "get_short_help_str")
        else (command.short_help or "")
    )
    if getattr(command, "deprecated", False):
        text = _DEPRECATED_MARK.sub("", text)
    return _clean(text)


def _clean(text: str | None) -> str:
    """Help text as the user wrote it: dedented, click's `\\b`/`\\f` markers removed."""
    if not text:
        return ""
    if "\n" not in text and "\b" not in text and text.splitlines() == [text]:
        return text.expandtabs().strip()  # one line (most help): what the full path leaves of it
    text = text.split("\f", 1)[0]
    lines = [line for line in inspect.cleandoc(text).splitlines() if line.strip() != "\b"]
    return "\n".join(lines).strip()


def _param_kind(param: Any) -> str:
    kind = getattr(param, "param_type_name", None)
    if kind in ("argument", "option"):
        return kind
    return (
        "option"
        if any(o.startswith(("-", "+", "/")) for o in getattr(param, "opts", []))
        else "argument"
    )


def _flag_data(param: Any, ctx: Any, where: str, notes: list[str]) -> dict[str, Any] | None:
    long_names = [o[2:] for o in param.opts if o.startswith("--") and len(o) > 2]
    short_names = [o[1:] for o in param.opts if len(o) == 2 and o[0] == "-" and o[1] != "-"]
    if not long_names and not short_names:
        notes.append(
            f"{where}: option {'/'.join(param.opts)} uses a prefix the tree cannot spell; left out"
        )
        return None
    name = long_names[0] if long_names else None
    spelled = f"--{name}" if name else f"-{short_names[0]}"
    is_flag = bool(getattr(param, "is_flag", False))
    count = bool(getattr(param, "count", False))
    primary = {f"--{name}"} if name else set()
    data: dict[str, Any] = {
        "name": name,
        "short": short_names[0] if short_names else None,
        "aliases": other_spellings(
            list(param.opts), primary | ({f"-{short_names[0]}"} if short_names else set())
        ),
        "help": _clean(getattr(param, "help", None)),
        "required": bool(param.required),
        "repeatable": bool(param.multiple),
        "negatable": False,
        "hidden": bool(getattr(param, "hidden", False)) or _is_typer_completion(param),
        "deprecated": bool(getattr(param, "deprecated", False)),
        "env_var": _env_var(param, ctx, where, notes),
        "metavar": param.metavar if isinstance(param.metavar, str) else None,
        "value_type": "string",
        "type_name": None,
        "choices": None,
        "default": None,
    }
    if getattr(param, "prompt", None) and not param.required and _is_unset_or_none(param.default):
        notes.append(
            f"{where}: {spelled} is asked for interactively when missing; give it on every call"
        )
    if count:
        data.update(
            kind="count",
            value_type="integer",
            default=_json_safe(param.default, by_name=False) or 0,
        )
    elif is_flag:
        data["kind"] = "boolean"
        data["negatable"] = bool(name) and f"--no-{name}" in param.secondary_opts
        if param.secondary_opts and not data["negatable"]:
            notes.append(
                f"{where}: {spelled} is switched off with {'/'.join(param.secondary_opts)}, "
                "which is not a --no- form; only switching it on is offered"
            )
        data["default"] = _flag_default(param)
    else:
        data["kind"] = "value"
        data.update(_value_type(param))
        data["default"] = _value_default(param)
        data.update(_bounds(param))
        if _arity(param) > 1:  # `nargs=N` or a tuple type: N words after the flag
            data["nargs"] = _arity(param)
            data.update(_item_types(param, _arity(param)))
        if getattr(param, "_flag_needs_value", False):  # `--opt` alone means flag_value
            data["optional_value"] = True
            notes.append(
                f"{where}: {spelled} may be given without a value, so click reads a value starting "
                "with `-` as an option; such values are refused"
            )
    return data


_TYPER_COMPLETION = ("install_completion", "show_completion")


def _is_typer_completion(param: Any) -> bool:
    """Typer's `--install-completion`/`--show-completion`: shell set-up machinery, like `--help`."""
    return param.name in _TYPER_COMPLETION and type(param).__module__.startswith("typer")


def _is_unset_or_none(value: Any) -> bool:
    return value is None or _is_unset(value)


def _positional_data(param: Any, where: str, notes: list[str]) -> dict[str, Any]:
    raw = (
        param.metavar
        if isinstance(param.metavar, str) and param.metavar
        else (param.name or "ARG").upper()
    )
    name = raw.replace("...", "").strip("[] ") or (param.name or "ARG").upper()
    nargs = getattr(param, "nargs", 1)
    if nargs > 1:
        notes.append(
            f"{where}: argument {name} takes exactly {nargs} values; it is offered as a list"
        )
    data: dict[str, Any] = {
        "name": name,
        "help": _clean(getattr(param, "help", None)),
        "required": bool(param.required),
        "variadic": nargs == -1 or nargs > 1,
        "default": _value_default(param),
    }
    data.update(_value_type(param))
    data.update(_bounds(param))
    return data


def _arity(param: Any) -> int:
    nargs = getattr(param, "nargs", 1)
    return nargs if isinstance(nargs, int) and nargs > 1 else 1


def _env_var(param: Any, ctx: Any, where: str, notes: list[str]) -> str | None:
    envvar = getattr(param, "envvar", None)
    if isinstance(envvar, (list, tuple)):
        if len(envvar) > 1:
            notes.append(
                f"{where}: {param.opts[0]} reads the first set of {', '.join(envvar)}; only {envvar[0]} is recorded"
            )
        envvar = envvar[0] if envvar else None
    if envvar:
        return str(envvar)
    prefix = getattr(ctx, "auto_envvar_prefix", None)
    if prefix and getattr(param, "allow_from_autoenv", False) and param.name:
        return f"{prefix}_{param.name.upper()}"
    return None


# --- values and types -------------------------------------------------------------------------


def _is_unset(value: Any) -> bool:
    return type(value).__name__ in ("Sentinel", "_Missing", "_UnsetType") or repr(value) in (
        "Sentinel.UNSET",
        "UNSET",
    )


def _json_safe(value: Any, *, by_name: bool) -> Any:
    """A default as JSON data; None when there is none (unset, callable, empty, unrepresentable)."""
    return json_default(value, is_unset=_is_unset, enum_by_name=by_name)


def _flag_default(param: Any) -> bool:
    default = param.default
    if default is None or _is_unset(default) or callable(default):
        return False
    if getattr(param, "is_bool_flag", False):
        return bool(default)
    return default is True or (default == getattr(param, "flag_value", object()))


def _value_default(param: Any) -> Any:
    return _json_safe(param.default, by_name=not hasattr(param, "type_descriptor"))


def _value_type(param: Any) -> dict[str, Any]:
    if hasattr(param, "type_descriptor"):
        return _typer_value_type(param)
    return _click_value_type(param.type)


def _click_value_type(param_type: Any) -> dict[str, Any]:
    classes = {klass.__name__ for klass in type(param_type).__mro__}
    name = str(getattr(param_type, "name", "") or type(param_type).__name__)
    if "Choice" in classes:
        choices = [c.name if isinstance(c, Enum) else str(c) for c in param_type.choices]
        return {"value_type": "choice", "choices": choices}
    if "BoolParamType" in classes:
        return {"value_type": "choice", "choices": ["true", "false"], "type_name": "boolean"}
    if "IntRange" in classes or "FloatRange" in classes:
        return {
            "value_type": "integer" if "IntRange" in classes else "number",
            "type_name": _range_name(name, param_type),
        }
    if "IntParamType" in classes:
        return {"value_type": "integer"}
    if "FloatParamType" in classes:
        return {"value_type": "number"}
    if "Path" in classes or "File" in classes:
        return {"value_type": "path", "type_name": None if "Path" in classes else name}
    if "StringParamType" in classes:
        return {"value_type": "string"}
    if "DateTime" in classes:
        formats = getattr(param_type, "formats", None) or []
        return {
            "value_type": "string",
            "type_name": f"datetime ({', '.join(formats)})" if formats else "datetime",
        }
    if "Tuple" in classes:
        return {
            "value_type": "string",
            "type_name": " ".join(str(getattr(t, "name", t)) for t in param_type.types),
        }
    return {"value_type": "string", "type_name": name}


_SIMPLE_ITEMS = ("string", "integer", "number", "path")


def _item_types(param: Any, arity: int) -> dict[str, Any]:
    """For a tuple type, each value's type (`item_types`) and their common `value_type`
    (string when they differ, or when one is not simple: choice, bool, datetime…)."""
    if hasattr(param, "type_descriptor"):
        annotation = _unwrap_optional(param.type_descriptor.annotation)
        args = typing.get_args(annotation) if typing.get_origin(annotation) is tuple else ()
        kinds = [_python_item_type(a) for a in args]
    else:
        types = getattr(param.type, "types", None)
        kinds = [_click_value_type(t)["value_type"] for t in types] if types else []
    if len(kinds) != arity or any(k not in _SIMPLE_ITEMS for k in kinds):
        if len(kinds) == arity:
            return {"value_type": "string"}
        return {}
    common = kinds[0] if len(set(kinds)) == 1 else "string"
    return {"item_types": kinds, "value_type": common}


def _python_item_type(annotation: Any) -> str:
    if annotation is bool:
        return "choice"
    if isinstance(annotation, type) and issubclass(annotation, int):
        return "integer"
    if annotation is float:
        return "number"
    if annotation is str:
        return "string"
    if isinstance(annotation, type) and issubclass(annotation, pathlib.PurePath):
        return "path"
    return "other"


def _unwrap_optional(annotation: Any) -> Any:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) is not tuple and len(args) == 1:
        return _unwrap_optional(args[0])
    return annotation


def _bounds(param: Any) -> dict[str, Any]:
    """The range the CLI enforces (click `IntRange`/`FloatRange`, typer `min=`/`max=`): `minimum`,
    `maximum` and whether each end is open. A clamping range accepts any number and clamps it,
    so it has no bounds; neither do infinite ends."""
    if hasattr(param, "type_descriptor"):
        info = param.type_descriptor.parameter_info
        annotation = _unwrap(param.type_descriptor.annotation)
        numeric = (
            isinstance(annotation, type)
            and annotation is not bool
            and issubclass(annotation, (int, float))
        )
        if not numeric or getattr(info, "clamp", False):
            return {}
        low, high, low_open, high_open = (
            getattr(info, "min", None),
            getattr(info, "max", None),
            False,
            False,
        )
    else:
        kind = getattr(param, "type", None)
        classes = {klass.__name__ for klass in type(kind).__mro__}
        if not ({"IntRange", "FloatRange"} & classes) or getattr(kind, "clamp", False):
            return {}
        low, high = getattr(kind, "min", None), getattr(kind, "max", None)
        low_open, high_open = (
            bool(getattr(kind, "min_open", False)),
            bool(getattr(kind, "max_open", False)),
        )
    data: dict[str, Any] = {}
    if _finite(low):
        data["minimum"] = low
        if low_open:
            data["exclusive_minimum"] = True
    if _finite(high):
        data["maximum"] = high
        if high_open:
            data["exclusive_maximum"] = True
    return data


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _range_name(name: str, param_type: Any) -> str:
    describe = getattr(param_type, "_describe_range", None)
    try:
        bounds = describe() if callable(describe) else ""
    except Exception:
        bounds = ""
    return f"{name} {bounds}".strip()


def _typer_value_type(param: Any) -> dict[str, Any]:
    """Typer ≥ 0.2x keeps the Python annotation instead of a click ParamType."""
    descriptor = param.type_descriptor
    annotation = _unwrap(descriptor.annotation)
    choices = descriptor.choices
    if choices is not None:
        return {
            "value_type": "choice",
            "choices": [str(c.value) if isinstance(c, Enum) else str(c) for c in choices],
        }
    info = descriptor.parameter_info
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    if annotation is bool:
        return {"value_type": "choice", "choices": ["true", "false"], "type_name": "boolean"}
    if isinstance(annotation, type) and issubclass(annotation, int):
        return {"value_type": "integer", **_typer_range("integer", low, high)}
    if isinstance(annotation, type) and annotation is not complex and _is_number(annotation):
        return {"value_type": "number", **_typer_range("float", low, high)}
    if descriptor.is_file:
        return {"value_type": "path", "type_name": "filename"}
    if descriptor.is_path:
        return {"value_type": "path"}
    if annotation is str:
        return {"value_type": "string"}
    if annotation is datetime:
        formats = getattr(info, "formats", None) or []
        return {
            "value_type": "string",
            "type_name": f"datetime ({', '.join(formats)})" if formats else "datetime",
        }
    label = getattr(annotation, "__name__", None) or str(annotation)
    return {"value_type": "string", "type_name": label.lower()}


def _typer_range(name: str, low: Any, high: Any) -> dict[str, Any]:
    if low is None and high is None:
        return {}
    parts = [f"{low}<=" if low is not None else "", "x", f"<={high}" if high is not None else ""]
    return {"type_name": f"{name} range {''.join(parts)}"}


def _is_number(annotation: type) -> bool:
    return issubclass(annotation, numbers.Number) and not issubclass(annotation, bool)


def _unwrap(annotation: Any) -> Any:
    """`Optional[X]` → X, `list[X]` → X: the type of one value."""
    for _ in range(3):
        origin = typing.get_origin(annotation)
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if (
            origin in (list, tuple, set, frozenset)
            and args
            or origin is not None
            and len(args) == 1
            and origin is not typing.Literal
        ):
            annotation = args[0]
        else:
            break
    return annotation
