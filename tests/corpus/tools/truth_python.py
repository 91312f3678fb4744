"""Truth for a Python CLI from its own framework objects, in the CLI's own interpreter.

Standalone on purpose: it imports nothing of `workbench` (the thing being measured), only the
standard library and the CLI's framework, duck-typed. Run it with the interpreter of the venv
the CLI is installed in:

    python truth_python.py click   CONSOLE_SCRIPT          -> the whole tree (list_commands/get_command)
    python truth_python.py click-help CONSOLE_SCRIPT [PATH…] -> the click command whose help renders
    python truth_python.py argparse CONSOLE_SCRIPT [PATH…] -> the parser whose help action fires
    python truth_python.py optparse CONSOLE_SCRIPT [PATH…]    under `CONSOLE_SCRIPT PATH… --help`
    python truth_python.py getopt CONSOLE_SCRIPT           -> the specs handed to getopt.getopt
    python truth_python.py docopt CONSOLE_SCRIPT           -> the usage handed to docopt.docopt,
                                                              read by docopt's own parsers
    python truth_python.py fire CONSOLE_SCRIPT [PATH…]    -> the component handed to fire.Fire, walked down PATH
    python truth_python.py cyclopts CONSOLE_SCRIPT [PATH…] -> the cyclopts App, resolved down PATH
    python truth_python.py absl CONSOLE_SCRIPT [PATH…]    -> absl's FlagValues, captured as app.run parses
    python truth_python.py pytest pytest                   -> pytest's Parser after plugins load
    python truth_python.py django django-admin [CMD]       -> get_commands(), each create_parser

and it prints one JSON object on stdout. For argparse and optparse it runs the program's entry
point with `sys.argv = [script, *PATH, "--help"]` and stops it at the moment the help action
fires (argparse `_HelpAction.__call__`, optparse `print_help`/`format_help`), so a bootstrap
parser parsed first (`add_help=False`) or a per-command parser built after dispatch is the one
captured, exactly as a user typing `--help` meets it. Nothing is printed by the program (its
stdout is discarded while it runs).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import sys
from importlib import metadata


class _Captured(BaseException):
    """Raised from inside the framework to stop the program where help would print."""

    def __init__(self, obj):
        super().__init__("captured")
        self.obj = obj
        _Captured.last = obj

    last = None
    """The object of the last capture, for a program that catches even BaseException around its
    dispatch (conan 2's `main` does) and so never lets the stop reach us."""


def entry_point(script: str):
    """The object a console script calls (its `module:attr`), loaded but not called."""
    for ep in metadata.entry_points(group="console_scripts"):
        if ep.name == script:
            return ep.load()
    # a plain script installed beside the interpreter (s3cmd ships `bin/s3cmd`, no entry point):
    # run it as the program, exactly as its shebang would
    candidate = os.path.join(os.path.dirname(sys.executable), script)
    if os.path.isfile(candidate):
        import runpy

        return lambda: runpy.run_path(candidate, run_name="__main__")
    raise SystemExit(f"no console script named {script!r} in this interpreter")


# ---------------------------------------------------------------- click / typer


def _click_command(obj, script: str):
    """The click (or typer-fork) command object behind a console script's entry object."""
    if hasattr(obj, "params") and hasattr(obj, "main"):
        return obj
    if hasattr(obj, "registered_commands"):  # a typer.Typer
        import typer.main

        return typer.main.get_command(obj)
    # a main() function: stop it where it would parse its command line
    patched = []
    for modname in ("click.core", "typer._click.core", "typer.core"):
        try:
            module = importlib.import_module(modname)
        except ImportError:
            continue
        for clsname in ("BaseCommand", "Command"):
            cls = getattr(module, clsname, None)
            if cls is not None and "main" in vars(cls):
                original = vars(cls)["main"]

                def stop(self, *args, **kwargs):
                    raise _Captured(self)

                cls.main = stop
                patched.append((cls, original))
    try:
        with _quiet([script, "--help"]):
            obj()
    except _Captured as captured:
        return captured.obj
    finally:
        for cls, original in patched:
            cls.main = original
    raise SystemExit("the entry point never reached a click command")


_CLICK_TYPES = (
    "IntParamType",
    "IntRange",
    "FloatParamType",
    "FloatRange",
    "Path",
    "File",
    "Choice",
    "BoolParamType",
    "Tuple",
)


def _click_type(param_type) -> tuple[str | None, list[str] | None]:
    # a program's own subclass of a click type (click-extra's `EnumChoice(click.Choice)`) is
    # that type: the first of click's own classes in its MRO names it
    names = [cls.__name__ for cls in type(param_type).__mro__]
    name = next((n for n in names if n in _CLICK_TYPES), names[0])
    if name in ("IntParamType", "IntRange"):
        return "integer", None
    if name in ("FloatParamType", "FloatRange"):
        return "number", None
    if name in ("Path", "File"):
        return "path", None
    if name == "Choice":
        return "choice", [
            getattr(c, "name", None) if hasattr(c, "name") and not isinstance(c, str) else str(c)
            for c in param_type.choices
        ]
    if name == "BoolParamType":
        return None, None  # click accepts many spellings; no single truthful type
    if name == "Tuple":
        return None, None
    return "string", None


def _typer_type(descriptor) -> tuple[str | None, list[str] | None]:
    """Typer >= 0.2x keeps the Python annotation instead of a click type."""
    import enum
    import pathlib
    import typing

    annotation = descriptor.annotation
    for _ in range(3):  # Optional[X], list[X], Annotated[X, ...]
        origin = typing.get_origin(annotation)
        if origin is None:
            break
        if origin is typing.Literal:
            return "choice", [str(a) for a in typing.get_args(annotation)]
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if origin is tuple or len(args) != 1 and origin is not typing.Annotated:
            return None, None
        annotation = args[0]
    if annotation is bool:
        return None, None
    if annotation is int:
        return "integer", None
    if annotation is float:
        return "number", None
    if isinstance(annotation, type) and issubclass(annotation, pathlib.PurePath):
        return "path", None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return "choice", [str(m.value) for m in annotation]
    if annotation is str:
        return "string", None
    return None, None


def _param_type(param):
    if hasattr(param, "type"):
        return _click_type(param.type)
    descriptor = getattr(param, "type_descriptor", None)
    return _typer_type(descriptor) if descriptor is not None else (None, None)


def _click_params(cmd, ctx):
    flags, positionals = {}, []
    for param in cmd.get_params(ctx):
        if getattr(param, "param_type_name", "") == "argument":
            nargs = param.nargs
            positionals.append(
                {
                    "name": (param.metavar or (param.name or "").upper())
                    .strip("[]<>.")
                    .rstrip("."),
                    "required": bool(param.required),
                    "variadic": nargs == -1 or nargs > 1,
                }
            )
            continue
        names = list(param.opts) + list(getattr(param, "secondary_opts", []))
        longs = [n for n in param.opts if n.startswith("--")]
        shorts = [n for n in param.opts if not n.startswith("--")]
        key = longs[0] if longs else shorts[0]
        if key in ("--help", "--version") or any(n in ("--help",) for n in names):
            continue
        if getattr(param, "count", False):
            kind = "count"
        elif getattr(param, "is_flag", False):
            kind = "boolean"
        else:
            kind = "value"
        vtype, choices = _param_type(param) if kind == "value" else (None, None)
        flags[key] = {
            "names": names,
            "kind": kind,
            "type": vtype,
            "choices": choices,
            "required": bool(param.required),
            "repeatable": bool(getattr(param, "multiple", False)),
            "hidden": bool(getattr(param, "hidden", False)),
        }
    return flags, positionals


def walk_click(script: str) -> dict:
    root = _click_command(entry_point(script), script)
    commands: dict[str, dict] = {}

    def visit(cmd, path, parent_ctx):
        ctx = cmd.context_class(cmd, info_name=(path[-1] if path else script), parent=parent_ctx)
        flags, positionals = _click_params(cmd, ctx)
        entry = {
            "flags": flags,
            "positionals": positionals,
            "hidden": bool(getattr(cmd, "hidden", False)),
        }
        commands[" ".join(path)] = entry
        if hasattr(cmd, "list_commands"):
            seen = {}
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is None:
                    continue
                if id(sub) in seen:  # an alias of a command already listed
                    commands[seen[id(sub)]].setdefault("aliases", []).append(name)
                    continue
                seen[id(sub)] = " ".join([*path, name])
                visit(sub, [*path, name], ctx)

    with _quiet([script]):
        visit(root, [], None)
    return {"framework": "click", "commands": commands}


def dump_click_help(script: str, path: list[str]) -> dict:
    """The click command whose help `SCRIPT PATH… --help` renders: a placeholder command that
    materializes only when selected (lazy groups, lazy commands) is captured as the real one."""
    patched = []
    for modname in ("click.core", "typer._click.core"):
        try:
            module = importlib.import_module(modname)
        except ImportError:
            continue
        context = getattr(module, "Context", None)
        if context is not None and "get_help" in vars(context):
            original = vars(context)["get_help"]

            def stop(self):
                raise _Captured(self)

            context.get_help = stop
            patched.append((context, original))
    obj = entry_point(script)
    try:
        with _quiet([script, *path, "--help"]):
            if hasattr(obj, "registered_commands"):
                import typer.main

                obj = typer.main.get_command(obj)
            if hasattr(obj, "main") and hasattr(obj, "params"):
                obj.main([*path, "--help"], prog_name=script)
            else:
                obj()
    except _Captured as captured:
        ctx = captured.obj
    except SystemExit as error:
        raise SystemExit(
            f"{script} {' '.join(path)} --help exited ({error.code}) without click help"
        )
    else:
        raise SystemExit(f"{script} {' '.join(path)} --help returned without click help")
    finally:
        for cls, original in patched:
            cls.get_help = original
    cmd = ctx.command
    flags, positionals = _click_params(cmd, ctx)
    subcommands = []
    if hasattr(cmd, "list_commands"):
        with _quiet([script]):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None:
                    subcommands.append(
                        {"name": name, "aliases": [], "hidden": bool(getattr(sub, "hidden", False))}
                    )
    passthrough = bool(
        getattr(cmd, "ignore_unknown_options", False)
        or (cmd.context_settings or {}).get("ignore_unknown_options")
    )
    return {
        "flags": flags,
        "positionals": positionals,
        "subcommands": subcommands,
        "hidden": bool(getattr(cmd, "hidden", False)),
        "passthrough": passthrough,
    }


# ---------------------------------------------------------------- argparse


def _capture_parser(script: str, path: list[str]):
    import argparse

    def stop(self, parser, namespace, values, option_string=None):
        raise _Captured(parser)

    argparse._HelpAction.__call__ = stop
    # a parser with `add_help=False` and a `-h/--help` switch of its own prints its help when
    # the program sees the switch (pygmentize): captured at that print instead
    argparse.ArgumentParser.print_help = lambda self, *a, **k: stop(None, self, None, None)
    # … or, its `-h/--help` a plain `store_true`, prints `parser.format_help()` through a
    # formatter of its own (pipenv 2026's rich console): captured where that text is asked for
    argparse.ArgumentParser.format_help = lambda self, *a, **k: stop(None, self, None, None)
    # … and such a command whose positional is required refuses `PATH… --help` before any help
    # (pipenv's `open --help`: "the following arguments are required"): the parser that refuses
    # it is still the command's, taken when its prog ends with the path (never the root's
    # refusal of a word it does not know)
    original_error = argparse.ArgumentParser.error

    def refused(self, message):
        if path and self.prog.split()[-len(path) :] == path:
            stop(None, self, None, None)
        original_error(self, message)

    argparse.ArgumentParser.error = refused
    obj = entry_point(script)
    # a subclass of the program's own that overrides `format_help`/`print_help` (streamlink's
    # ArgumentParser draws its plugin sections there) is stopped at the same calls
    subclasses = list(argparse.ArgumentParser.__subclasses__())
    while subclasses:
        cls = subclasses.pop()
        subclasses.extend(cls.__subclasses__())
        for name in ("print_help", "format_help"):
            if name in vars(cls):
                setattr(cls, name, lambda self, *a, **k: stop(None, self, None, None))
    try:
        with _quiet([script, *path, "--help"]):
            result = obj()
            # a module:attr that is itself a parser, or a function returning one
            if isinstance(result, argparse.ArgumentParser):
                result.parse_args([*path, "--help"])
    except _Captured as captured:
        return captured.obj
    except BaseException as error:
        if _Captured.last is not None:  # the program swallowed the stop, then exited or failed
            return _Captured.last
        if not isinstance(error, SystemExit):
            raise
        raise SystemExit(
            f"{script} {' '.join(path)} --help exited ({error.code}) without an argparse help action"
        )
    raise SystemExit(f"{script} {' '.join(path)} --help returned without an argparse help action")


def _argparse_type(action) -> str | None:
    import argparse
    import pathlib

    t = action.type
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        # numeric choices stay numbers (an enum of integers); any other choices are a choice
        return {int: "integer", float: "number"}.get(t, "choice")
    if t is None or t is str:
        return "string"
    if t is int:
        return "integer"
    if t is float:
        return "number"
    if isinstance(t, type) and issubclass(t, pathlib.PurePath) or isinstance(t, argparse.FileType):
        return "path"
    return None  # a converter function: its type is its own business


def dump_argparse(script: str, path: list[str]) -> dict:
    return _dump_parser(_capture_parser(script, path))


def _dump_parser(parser) -> dict:
    """One argparse parser's flags, positionals and subcommands, as truth JSON."""
    import argparse

    flags, positionals, subcommands = {}, [], []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction,)):
            continue
        if isinstance(action, argparse._SubParsersAction):
            hidden = {c.dest for c in action._choices_actions if c.help == argparse.SUPPRESS}
            names_by_parser = {}
            for name, sub in action.choices.items():
                names_by_parser.setdefault(id(sub), []).append(name)
            for names in names_by_parser.values():
                subcommands.append(
                    {"name": names[0], "aliases": names[1:], "hidden": names[0] in hidden}
                )
            continue
        if not action.option_strings:
            if (
                action.nargs == argparse.REMAINDER
                and positionals
                and positionals[-1].get("choices")
            ):
                # `command` + REMAINDER: the commands are dispatched by hand, their parsers built later
                previous = positionals.pop()
                subcommands.extend(
                    {"name": c, "aliases": [], "hidden": False, "dispatched": True}
                    for c in previous["choices"]
                )
                continue
            nargs = action.nargs
            positionals.append(
                {
                    "name": action.metavar if isinstance(action.metavar, str) else action.dest,
                    "required": nargs not in ("?", "*", argparse.REMAINDER),
                    "variadic": nargs in ("*", "+", argparse.REMAINDER)
                    or (isinstance(nargs, int) and nargs > 1),
                    "choices": [str(c) for c in action.choices] if action.choices else None,
                    "hidden": action.help == argparse.SUPPRESS,
                }
            )
            continue
        longs = [o for o in action.option_strings if o.startswith("--")]
        key = longs[0] if longs else action.option_strings[0]
        if key in ("--version", "--help") or isinstance(action, argparse._VersionAction):
            continue
        if isinstance(action, argparse._CountAction):
            kind = "count"
        elif action.nargs == 0:
            kind = "boolean"
        else:
            kind = "value"
        flags[key] = {
            "names": list(action.option_strings),
            "kind": kind,
            "type": _argparse_type(action) if kind == "value" else None,
            "choices": [str(c) for c in action.choices]
            if action.choices is not None and kind == "value"
            else None,
            "required": bool(action.required),
            "repeatable": isinstance(action, (argparse._AppendAction, argparse._ExtendAction)),
            "hidden": action.help == argparse.SUPPRESS,
        }
    for p in positionals:
        p.pop("choices", None)
    return {
        "prog": parser.prog,
        "flags": flags,
        "positionals": positionals,
        "subcommands": subcommands,
    }


def _run_to_capture(script: str, path: list[str], what: str):
    """Run the program under `PATH… --help` until a patched framework call raises `_Captured`;
    the object it carries. `what` names that call for the error when it never comes."""
    obj = entry_point(script)
    try:
        with _quiet([script, *path, "--help"]):
            obj()
    except _Captured as captured:
        return captured.obj
    except BaseException as error:
        if _Captured.last is not None:  # the program swallowed the stop, then exited or failed
            return _Captured.last
        if not isinstance(error, SystemExit):
            raise
        raise SystemExit(f"{script} {' '.join(path)} --help exited ({error.code}) without {what}")
    if _Captured.last is not None:  # … or returned (sqlmap's bare `except:` around its main)
        return _Captured.last
    raise SystemExit(f"{script} {' '.join(path)} --help returned without {what}")


def dump_pytest(script: str, path: list[str]) -> dict:
    """pytest's own `Parser` after its plugins (and any installed through entry points) have
    added their options: the config `_prepareconfig` builds for `--help`, whose argparse parser
    (`Parser.optparser`; `_getparser()` before pytest 9) is the one `pytest --help` formats.
    pytest has no subcommands."""
    if path:
        raise SystemExit("pytest has no subcommands")
    from _pytest.config import _prepareconfig

    with _quiet([script, "--help"]):
        config = _prepareconfig(["--help"])
    try:
        parser = config._parser
        return _dump_parser(
            parser.optparser if hasattr(parser, "optparser") else parser._getparser()
        )
    finally:
        config._ensure_unconfigure()


def dump_django(script: str, path: list[str]) -> dict:
    """django-admin: the root is `ManagementUtility`, which dispatches by hand to the commands
    `get_commands()` finds (outside a project, Django's own); each command's parser is the one
    its `create_parser` builds, captured where its help action fires under `CMD --help`.
    Half of Django's commands read a setting while building their parser (`check`'s
    `--database`), so outside a project their `--help` fails; the parsers are captured under
    Django's global defaults (`settings.configure()`, no project, no app), as they are built in
    any project."""
    if path:
        from django.conf import settings

        if not settings.configured:
            settings.configure()
        return dump_argparse(script, path)
    from django.core.management import get_commands

    return {
        "prog": script,
        "flags": {},
        "positionals": None,
        "subcommands": [
            {"name": name, "aliases": [], "hidden": False, "dispatched": True}
            for name in sorted(get_commands())
        ],
    }


# ---------------------------------------------------------------- optparse


def dump_optparse(script: str, path: list[str]) -> dict:
    import optparse

    def stop(self, *args, **kwargs):
        raise _Captured(self)

    optparse.OptionParser.print_help = stop
    optparse.OptionParser.format_help = stop
    parser = _run_to_capture(script, path, "optparse help")
    flags = {}
    for option in parser._get_all_options():
        if option.action in ("help", "version"):
            continue
        longs = option._long_opts
        key = longs[0] if longs else option._short_opts[0]
        if key in ("--help", "--version"):
            continue
        if option.action == "count":
            kind = "count"
        elif option.takes_value():
            kind = "value"
        else:
            kind = "boolean"
        vtype = None
        if kind == "value":
            vtype = {
                "int": "integer",
                "long": "integer",
                "float": "number",
                "choice": "choice",
                "string": "string",
                None: "string",
            }.get(option.type)
        flags[key] = {
            "names": option._long_opts + option._short_opts,
            "kind": kind,
            "type": vtype,
            "choices": [str(c) for c in option.choices] if option.choices else None,
            "required": False,  # optparse has no required options
            "repeatable": option.action in ("append", "append_const"),
            "hidden": option.help == optparse.SUPPRESS_HELP,
        }
    return {"prog": parser.get_prog_name(), "flags": flags, "positionals": None, "subcommands": []}


# ---------------------------------------------------------------- getopt


def dump_getopt(script: str, path: list[str]) -> dict:
    """A hand-written CLI on `getopt`: the short and long option specs it hands to
    `getopt.getopt`/`gnu_getopt`, captured at that call (before any option is acted on).
    getopt has no notion of a short and a long spelling being one option, so each spelling is
    its own flag here; a value is `x:` / `name=`; getopt has no types, choices or required."""
    import getopt

    def stop(args, shortopts, longopts=()):
        raise _Captured((shortopts, [longopts] if isinstance(longopts, str) else list(longopts)))

    getopt.getopt = stop
    getopt.gnu_getopt = stop
    obj = entry_point(script)
    try:
        with _quiet([script, *path, "--help"]):
            obj()
    except _Captured as captured:
        shortopts, longopts = captured.obj
    except SystemExit as error:
        raise SystemExit(f"{script} --help exited ({error.code}) before calling getopt")
    else:
        raise SystemExit(f"{script} --help returned without calling getopt")
    flags = {}
    letters = shortopts.lstrip("+-")
    for i, letter in enumerate(letters):
        if letter == ":":
            continue
        takes = i + 1 < len(letters) and letters[i + 1] == ":"
        flags["-" + letter] = _getopt_flag("-" + letter, takes)
    for spec in longopts:
        name = "--" + spec.rstrip("=")
        flags[name] = _getopt_flag(name, spec.endswith("="))
    for key in ("--help", "-h", "--version"):
        flags.pop(key, None)
    return {"prog": script, "flags": flags, "positionals": None, "subcommands": []}


def _getopt_flag(name: str, takes_value: bool) -> dict:
    return {
        "names": [name],
        "kind": "value" if takes_value else "boolean",
        "type": None,
        "choices": None,
        "required": None,
        "repeatable": None,
        "hidden": False,
    }


# ---------------------------------------------------------------- robot, doit (hand-written)


def dump_robot(script: str, path: list[str]) -> dict:
    """Robot Framework's own `robot.utils.argumentparser.ArgumentParser`, captured at its
    `parse_args` (the parser the program built from its usage text): its long options (`=` a
    value), the short letters mapped to them, `*` repeatable, and each flag's `--noNAME`
    negation it accepts as another spelling. Robot types no value (it converts later)."""
    from robot.utils import argumentparser

    def stop(self, args):
        raise _Captured(self)

    argumentparser.ArgumentParser.parse_args = stop
    obj = entry_point(script)
    try:
        with _quiet([script, *path, "--help"]):
            obj()
    except _Captured as captured:
        parser = captured.obj
    except BaseException:
        if _Captured.last is None:
            raise
        parser = _Captured.last
    shorts: dict[str, list[str]] = {}
    for letter, long_name in parser._short_to_long.items():
        shorts.setdefault(long_name, []).append("-" + letter)
    flags = {}
    for spec in parser._long_opts:
        name = spec.rstrip("=")
        if name.startswith("no") and name[2:] in parser._flag_opts:
            continue  # the negation, a spelling of its flag below
        takes = spec.endswith("=")
        names = ["--" + name, *shorts.get(name, [])]
        if name in parser._flag_opts:
            names.append("--no" + name)
        key = "--" + name
        if key in ("--help", "--version"):
            continue
        flags[key] = {
            "names": names,
            "kind": "value" if takes else "boolean",
            "type": None,
            "choices": None,
            "required": False,
            "repeatable": name in parser._multi_opts,
            "hidden": False,
        }
    return {"prog": script, "flags": flags, "positionals": None, "subcommands": []}


def dump_doit(script: str, path: list[str]) -> dict:
    """doit's own command table: `DoitMain().get_cmds()` for the commands, each command's
    parser's options (`CmdOption`: short, long, inverse, type, choices) for its flags, the
    command instantiated as `DoitMain.run` does. The root declares none (`--help` and
    `--version` only; any other word runs `run`). An option with neither spelling is a
    config key, not a flag. The options are read off the command's own `cmdparser`, as it
    parses."""
    from doit.doit_cmd import DoitMain, get_loader

    main = DoitMain()
    cmds = main.get_cmds()
    if not path:
        names = sorted(cmds.to_dict())
        return {
            "prog": script,
            "flags": {},
            "positionals": None,
            "subcommands": [{"name": n, "aliases": [], "hidden": False} for n in names],
        }
    loader = get_loader(main.config, main.task_loader, cmds)
    command = cmds.get_plugin(path[0])(
        task_loader=loader, config=main.config, bin_name=main.BIN_NAME, cmds=cmds, opt_vals={}
    )
    flags = {}
    # the command's own CmdParse, as it parses: a command sets some choices on it after it is
    # built (`--backend`'s from the DB backends its plugins add, in get_backends)
    for opt in command.cmdparser.options:
        names = ([f"--{opt.long}"] if opt.long else []) + ([f"-{opt.short}"] if opt.short else [])
        if not names:
            continue
        if opt.inverse:
            names.append(f"--{opt.inverse}")
        boolean = opt.type is bool
        if opt.choices:
            vtype, choices = "choice", sorted(opt.choices)
        elif boolean:
            vtype, choices = None, None
        elif opt.type is int:
            vtype, choices = "integer", None
        elif opt.type in (str, list):
            vtype, choices = "string", None
        else:
            vtype, choices = None, None
        flags[names[0]] = {
            "names": names,
            "kind": "boolean" if boolean else "value",
            "type": vtype,
            "choices": choices,
            "required": False,
            "repeatable": opt.type is list,
            "hidden": False,
        }
    return {"prog": f"{script} {path[0]}", "flags": flags, "positionals": None, "subcommands": []}


# ---------------------------------------------------------------- docopt


def dump_docopt(script: str, path: list[str]) -> dict:
    """A docopt CLI: the usage text it hands to `docopt.docopt`, captured at that call and read
    by docopt's own parsers (docopt 0.6's `parse_defaults`, docopt-ng's `parse_options` over
    the sections `parse_docstring_sections` cuts; `parse_pattern` for the usage patterns),
    exactly what docopt will accept. The `[options]` shortcut holds every option the pattern
    names nowhere else, as docopt fills it. Each alternative of the pattern (one usage line, or
    one side of a `|`) is a command path, its command words in order, and the options that
    alternative names are that path's flags: docopt refuses an option no matching alternative
    holds. `PATH` picks the alternatives of one path; its subcommands are the next words."""
    import docopt

    def stop(doc, *args, **kwargs):
        raise _Captured(doc)

    docopt.docopt = stop
    obj = entry_point(script)
    # the program may have bound `docopt` by name at import: patch every loaded module's copy
    for module in list(sys.modules.values()):
        bound = getattr(module, "docopt", None)
        if module is not docopt and getattr(bound, "__module__", "") == "docopt":
            module.docopt = stop
    try:
        with _quiet([script, *path, "--help"]):
            obj()
    except _Captured as captured:
        doc = captured.obj
    except SystemExit as error:
        raise SystemExit(f"{script} --help exited ({error.code}) before calling docopt")
    else:
        raise SystemExit(f"{script} --help returned without calling docopt")
    if hasattr(docopt, "parse_defaults"):  # docopt 0.6
        options = docopt.parse_defaults(doc)
        pattern = docopt.parse_pattern(docopt.formal_usage(docopt.printable_usage(doc)), options)
        shortcut = docopt.AnyOptions
    else:  # docopt-ng
        sections = docopt.parse_docstring_sections(doc)
        options = [
            *docopt.parse_options(sections.before_usage),
            *docopt.parse_options(sections.after_usage),
        ]
        pattern = docopt.parse_pattern(docopt.formal_usage(sections.usage_body), options)
        shortcut = docopt.OptionsShortcut
    named = set(pattern.flat(docopt.Option))
    for each in pattern.flat(shortcut):
        each.children = [o for o in options if o not in named]

    def alternatives(node) -> list[list]:
        """The leaf sequences a pattern node matches, in order (an optional part present)."""
        if not hasattr(node, "children"):
            return [[node]]
        if type(node) is docopt.Either:
            return [seq for child in node.children for seq in alternatives(child)]
        sequences: list[list] = [[]]
        for child in node.children:
            sequences = [s + t for s in sequences for t in alternatives(child)][:4096]
        return sequences

    below: list[str] = []
    seen: dict[tuple, object] = {}
    for seq in alternatives(pattern):
        words = [leaf.name for leaf in seq if type(leaf) is docopt.Command]
        if words[: len(path)] != path:
            continue
        if len(words) > len(path):
            if words[len(path)] not in below:
                below.append(words[len(path)])
            continue
        for leaf in seq:
            if type(leaf) is docopt.Option:
                seen.setdefault((leaf.short, _docopt_long(leaf)), leaf)
    flags = {}
    for o in seen.values():
        names = [n for n in (_docopt_long(o), o.short) if n]
        key = _docopt_long(o) or o.short
        if key in ("--help", "-h", "--version"):
            continue
        flags[key] = {
            "names": names,
            "kind": "value" if o.argcount else "boolean",
            "type": None,  # docopt hands every value over as a string; the program converts
            "choices": None,
            "required": None,
            "repeatable": None,
            "hidden": False,
        }
    return {
        "prog": " ".join([script, *path]),
        "flags": flags,
        "positionals": None,
        "subcommands": [{"name": c, "aliases": [], "hidden": False} for c in below],
    }


def _docopt_long(option) -> str | None:
    """An option's long name (docopt-ng calls it `longer`)."""
    return getattr(option, "long", None) or getattr(option, "longer", None)


# ---------------------------------------------------------------- python-fire


def dump_fire(script: str, path: list[str]) -> dict:
    """A python-fire CLI: the component the program hands to `fire.Fire`, captured at that call,
    then walked down `path` as fire walks it. Members are fire's own `completion.VisibleMembers`,
    sorted by fire's `value_types` (a group or a value is a word below it, a routine or class a
    command); a command's flags are the arguments of the signature fire inspects
    (`inspectutils.GetFullArgSpec`): each `--NAME` (fire reads `-` as `_`), with the `-X`
    shortcut `_ParseKeywordArgs` accepts when no other argument starts with that letter.
    Fire takes a flag's value from the next word unless a flag follows, so no kind is told, and
    it converts values by their literal spelling, so no type is."""
    import fire
    from fire import completion, inspectutils, value_types

    def stop(component=None, *args, **kwargs):
        raise _Captured(component)

    fire.Fire = stop
    for module in list(sys.modules.values()):
        bound = getattr(module, "Fire", None)
        if module is not fire and getattr(bound, "__module__", "") == "fire.core":
            module.Fire = stop
    component = _run_to_capture(script, [], "a call to fire.Fire")
    for word in path:
        members = dict(completion.VisibleMembers(component))
        if word not in members:
            raise SystemExit(f"fire: no member {word!r} below {path}")
        component = members[word]
    flags, positionals, subcommands = {}, [], []
    if value_types.IsGroup(component) and not value_types.IsCommand(component):
        for name, _member in completion.VisibleMembers(component):
            subcommands.append({"name": str(name), "aliases": [], "hidden": False})
    elif value_types.IsCommand(component):
        spec = inspectutils.GetFullArgSpec(component)
        names = list(spec.args) + list(spec.kwonlyargs)
        if inspect_is_class(component) or getattr(component, "__self__", None) is not None:
            names = [n for n in names if n not in ("self", "cls")]
        defaults = len(spec.defaults or ())
        required = spec.args[: len(spec.args) - defaults] if defaults else list(spec.args)
        for name in names:
            spellings = [f"--{name}"]
            if name.replace("_", "-") != name:
                spellings.append(f"--{name.replace('_', '-')}")
            if len([n for n in names if n[0] == name[0]]) == 1:
                spellings.append(f"-{name[0]}")
            flags[f"--{name}"] = {
                "names": spellings,
                "kind": None,
                "type": None,
                "choices": None,
                "required": None,
                "repeatable": None,
                "hidden": False,
            }
        positionals = [
            {"name": n, "required": True, "variadic": False}
            for n in required
            if n not in ("self", "cls")
        ]
        if spec.varargs:
            positionals.append({"name": spec.varargs, "required": False, "variadic": True})
    # a value (a string, a number) is a leaf: fire prints it
    return {
        "prog": " ".join([script, *path]),
        "flags": flags,
        "positionals": positionals,
        "subcommands": subcommands,
    }


def dump_absl(script: str, path: list[str]) -> dict:
    """An absl-py program: the `FlagValues` (absl's global `flags.FLAGS`) the program hands its
    argv to, captured where `absl.app.run` hands it the argv (its help flags defined, nothing
    parsed), with every module that defines flags imported. Every flag it holds is one the program accepts, absl's own (`absl.app`,
    `absl.logging`, `absl.flags`) too: absl lists them all under `--helpfull`, none hidden.
    Spellings: `--NAME`, the `-X` short name, and `--noNAME` for a boolean (absl's own negation).
    Kind: a boolean flag is boolean, any other takes a value; type from its parser (integer,
    float, enum choices); a multi flag is repeatable. absl's help flags (`--help`, `-?`,
    `--helpshort`, `--helpfull`, `--helpxml`) are help machinery and left out."""
    from absl import flags

    def stop(self, argv, *args, **kwargs):
        raise _Captured(self)

    # stopped where absl hands the argv to its FlagValues: app.run has defined its help flags
    # (and `--only_check_flags`) by then, and parsed nothing
    type(flags.FLAGS).__call__ = stop
    values = _run_to_capture(script, path, "absl parsing its flags")
    helpers = {"help", "helpshort", "helpfull", "helpxml"}
    out = {}
    seen = set()
    # `--flagfile` and `--undefok` live in absl's SPECIAL_FLAGS, read by the same parse
    from absl.flags import _helpers

    special = getattr(_helpers, "SPECIAL_FLAGS", None)
    held = list(values._flags().values())
    if special is not None:
        held += list(special._flags().values())
    for flag in held:
        if id(flag) in seen or flag.name in helpers:
            continue
        seen.add(id(flag))
        names = ["--" + flag.name]
        if flag.short_name:
            names.append("-" + flag.short_name)
        if flag.boolean:
            names.append("--no" + flag.name)
        kind = "boolean" if flag.boolean else "value"
        parser = type(flag.parser).__name__
        choices = None
        typ = None
        if kind == "value":
            if parser in ("EnumParser", "EnumClassParser"):
                typ = "choice"
                choices = [str(v) for v in getattr(flag.parser, "enum_values", None) or []] or [
                    m.name for m in getattr(flag.parser, "enum_class", [])
                ]
            elif parser == "IntegerParser":
                typ = "integer"
            elif parser == "FloatParser":
                typ = "number"
            elif parser == "ArgumentParser":  # absl's plain string parser
                typ = "string"
        out["--" + flag.name] = {
            "names": names,
            "kind": kind,
            "type": typ,
            "choices": choices,
            "required": None,  # absl marks a flag required by a validator, run after parsing
            "repeatable": isinstance(flag, flags.MultiFlag),
            "hidden": False,
        }
    return {"prog": script, "flags": out, "positionals": None, "subcommands": []}


def inspect_is_class(component) -> bool:
    import inspect

    return inspect.isclass(component)


# ---------------------------------------------------------------- cyclopts


def dump_cyclopts(script: str, path: list[str]) -> dict:
    """A cyclopts CLI: the `App` the console script calls, captured at `App.__call__`, resolved
    down `path` by cyclopts's own `parse_commands`. Commands are the App's names (`iter(app)`, lazy
    ones resolved by `app[name]`) less its help and version flags, which cyclopts registers as
    commands, and those with `show=False`. Parameters are the argument collections cyclopts
    assembles for that command and its meta apps (`_iter_resolution_argument_collections`,
    within the command chain's `app_stack`, as its help and its parser see them): each shown
    argument with a `-` name is a flag (its positive and negative names), `is_flag()` its kind,
    its resolved hint its type; an argument that is not keyword-only is a positional too."""
    import cyclopts
    from cyclopts import core

    def stop(self, *args, **kwargs):
        raise _Captured(self)

    cyclopts.App.__call__ = stop
    app = _run_to_capture(script, [], "a call to cyclopts.App")
    _, execution_path, _ = app.parse_commands(list(path))
    command_app = execution_path[-1]
    reserved = set(command_app.help_flags or ()) | set(command_app.version_flags or ())
    subcommands = []
    for name in command_app:
        if name in reserved or name.startswith("-"):
            continue
        sub = command_app[name]
        subcommands.append({"name": name, "aliases": [], "hidden": sub.show is False})
    flags, positionals = {}, []
    with app.app_stack(execution_path):
        for _, collection in core._iter_resolution_argument_collections(
            execution_path, parse_docstring=False
        ):
            for argument in collection:
                if not argument.show:
                    continue
                names = [n for n in argument.names if n.startswith("-")]
                kind_name = argument.field_info.kind.name
                if kind_name != "KEYWORD_ONLY" and kind_name != "VAR_KEYWORD":
                    positionals.append(
                        {
                            "name": argument.field_info.name,
                            "required": bool(argument.required),
                            "variadic": argument.is_var_positional(),
                        }
                    )
                if not names:
                    continue
                longs = [n for n in names if n.startswith("--")]
                key = longs[0] if longs else names[0]
                if key in reserved:
                    continue
                is_flag = argument.is_flag()
                choices = argument.get_choices() if not is_flag else None
                flags[key] = {
                    "names": names,
                    "kind": "boolean" if is_flag else "value",
                    "type": None if is_flag else _cyclopts_type(argument.hint, choices),
                    "choices": list(choices) if choices else None,
                    "required": bool(argument.required),
                    "repeatable": None,
                    "hidden": False,
                }
    return {
        "prog": " ".join([script, *path]),
        "flags": flags,
        "positionals": positionals,
        "subcommands": subcommands,
    }


def _cyclopts_type(hint, choices) -> str | None:
    import pathlib
    import typing

    if choices:
        return "choice"
    import types

    while typing.get_origin(hint) in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(members) != 1:
            return None
        hint = members[0]
    if hint is str:
        return "string"
    if hint is int:
        return "integer"
    if hint is float:
        return "number"
    if isinstance(hint, type) and issubclass(hint, pathlib.PurePath):
        return "path"
    return None


def _capture_app(script: str, cls, method: str = "run"):
    """The application object a console script builds, stopped where it would start running
    (`cls.method` raises), so nothing of the program runs past its own construction."""

    def stop(self, *args, **kwargs):
        raise _Captured(self)

    setattr(cls, method, stop)
    obj = entry_point(script)
    try:
        with _quiet([script, "--help"]):
            obj()
    except _Captured as captured:
        return captured.obj
    except BaseException:
        if _Captured.last is not None:
            return _Captured.last
        raise
    raise SystemExit(f"{script} returned without reaching {cls.__name__}.{method}")


def _words_below(names, path: list[str]) -> list[str]:
    """The next words of the space-joined command names under `path` (a namespace's members)."""
    depth = len(path)
    below = []
    for name in names:
        words = name.split()
        if len(words) > depth and words[:depth] == path and words[depth] not in below:
            below.append(words[depth])
    return below


# ---------------------------------------------------------------- cleo (poetry)


def dump_cleo(script: str, path: list[str]) -> dict:
    """A cleo Application (poetry): captured at `Application.run`; a command's own
    `InputDefinition` (options, arguments) from `app.find(name)`, the application's definition
    (global options, accepted by every command) on the root. Commands are space-joined names
    (`env info`); a namespace (`env`) is a node with the names under it and no options of its
    own. cleo hands every value over as a string: no value types."""
    from cleo.application import Application

    app = _capture_app(script, Application)
    commands = {name: cmd for name, cmd in app.all().items() if not getattr(cmd, "hidden", False)}
    name = " ".join(path)
    flags, positionals = {}, None
    if not path:
        definition = app.definition
        positionals = []
    elif name in commands:
        definition = commands[name].definition
        positionals = [
            {"name": a.name, "required": a.is_required(), "variadic": a.is_list()}
            for a in definition.arguments
        ]
    else:
        definition = None
    if definition is not None:
        for option in definition.options:
            key = "--" + option.name
            if key in ("--help", "--version"):
                continue
            names = [key] + (
                ["-" + s for s in option.shortcut.split("|")] if option.shortcut else []
            )
            value = not option.is_flag()
            flags[key] = {
                "names": names,
                "kind": "value" if value else "boolean",
                "type": None,
                "choices": None,
                "required": False,
                "repeatable": bool(option.is_list()) if value else False,
                "hidden": False,
            }
    if not path:
        positionals = None  # the root's `command` argument is the dispatch, not a positional
    return {
        "prog": script,
        "flags": flags,
        "positionals": positionals,
        "subcommands": [
            {"name": w, "aliases": [], "hidden": False} for w in _words_below(commands, path)
        ],
    }


# ---------------------------------------------------------------- cliff (OpenStack style)


def dump_cliff(script: str, path: list[str]) -> dict:
    """A cliff App: captured at `App.run`; the root's parser is the app's `parser` (built in its
    constructor), each command's the one its class builds in `get_parser`, for every name the
    app's `CommandManager` holds. Names are space-joined (`history list`); a namespace is a node
    with the names under it and no options of its own."""
    from cliff.app import App

    app = _capture_app(script, App)
    manager = app.command_manager
    names = sorted(name for name, _ in manager)
    name = " ".join(path)
    if not path:
        data = _dump_parser(app.parser)
        data["positionals"] = None
        data["flags"].pop("--help", None)  # cliff's own help action, not argparse's
    elif name in names:
        factory, found, _ = manager.find_command(path)
        cmd = (
            factory(app, None, cmd_name=found)
            if "cmd_name" in _params(factory)
            else factory(app, None)
        )
        if getattr(cmd, "hidden", False):
            return {"prog": name, "flags": {}, "positionals": [], "subcommands": [], "hidden": True}
        data = _dump_parser(cmd.get_parser(f"{script} {name}"))
    else:
        data = {"prog": name, "flags": {}, "positionals": None, "subcommands": []}
    data["subcommands"] = [
        {"name": w, "aliases": [], "hidden": False} for w in _words_below(names, path)
    ]
    return data


def _params(factory) -> set[str]:
    import inspect

    try:
        return set(inspect.signature(factory).parameters)
    except (TypeError, ValueError):
        return set()


# ---------------------------------------------------------------- invoke


def dump_invoke(script: str, path: list[str]) -> dict:
    """An invoke `Program` (inv, fab): the core and task options its parser accepts
    (`core_args()` + `task_args()`), read from the Program object the console script's entry
    (`program.run`) is bound to. Names of one letter are short; invoke spells `attr_name`
    underscores as dashes. No tasks: the corpus runs in an empty folder (no tasks.py)."""
    obj = entry_point(script)
    program = getattr(obj, "__self__", obj)
    flags = {}
    for arg in [*program.core_args(), *program.task_args()]:
        names = ["--" + n.replace("_", "-") if len(n) > 1 else "-" + n for n in arg.names]
        longs = [n for n in names if n.startswith("--")]
        key = longs[0] if longs else names[0]
        if key in ("--help", "--version"):
            continue
        if arg.incrementable:
            kind, vtype = "count", None
        elif arg.kind is bool:
            kind, vtype = "boolean", None
        else:
            kind = "value"
            vtype = {int: "integer", float: "number", str: "string", list: "string"}.get(arg.kind)
        flags[key] = {
            "names": names,
            "kind": kind,
            "type": vtype,
            "choices": None,
            "required": False,
            "repeatable": arg.kind is list,
            "hidden": False,
        }
    return {"prog": script, "flags": flags, "positionals": None, "subcommands": []}


# ---------------------------------------------------------------- plumbum (copier)


def dump_plumbum(script: str, path: list[str]) -> dict:
    """A plumbum `cli.Application` (copier): the class the console script's entry
    (`App.run`, a classmethod) is bound to, instantiated as plumbum's own `run` does
    (`cls(executable)`), so its constructor collects the switches (`_switches_by_func`: every
    `SwitchAttr`, `Flag`, `CountOf` and `@switch` method of the class and its bases) and the
    `Subcommand`s; a path is walked through `_subcommands` (`.get()` imports a lazy one). A
    switch name of one letter is short (`-x`), a longer one long (`--xx`), as plumbum spells
    them. No switch is hidden: plumbum's help lists every one of an application's switches.
    Positionals are `main`'s parameters (a default: optional; `*args`: variadic)."""
    import inspect

    obj = entry_point(script)
    cls = getattr(obj, "__self__", obj)
    prog = script
    app = cls(prog)
    for word in path:
        if word not in app._subcommands:
            raise SystemExit(f"{script}: no subcommand {word!r} under {prog!r}")
        prog = f"{prog} {word}"
        parent, app = app, app._subcommands[word].get()(prog)
        app.parent = parent
    flags = {}
    for info in app._switches_by_func.values():
        names = [("-" if len(n) == 1 else "--") + n for n in info.names]
        names = [n for n in names if n.lstrip("-") not in app._unbound_switches]
        if not names:
            continue
        longs = [n for n in names if n.startswith("--")]
        key = longs[0] if longs else names[0]
        if key in ("--help", "--version"):
            continue
        counted = type(getattr(info.func, "__self__", None)).__name__ == "CountOf" or any(
            type(v).__name__ == "CountOf" and getattr(v, "_switch_info", None) is info
            for c in type(app).mro()
            for v in c.__dict__.values()
        )
        if counted:
            kind, vtype, choices = "count", None, None
        elif info.argtype is None:
            kind, vtype, choices = "boolean", None, None
        else:
            kind = "value"
            vtype, choices = _plumbum_type(info.argtype)
        flags[key] = {
            "names": names,
            "kind": kind,
            "type": vtype,
            "choices": choices,
            "required": bool(info.mandatory),
            "repeatable": bool(info.list) and kind == "value",
            "hidden": False,
        }
    spec = inspect.getfullargspec(app.main)
    params = [a for a in spec.args if a != "self"]
    optional = len(spec.defaults or ())
    positionals = [
        {"name": a, "required": i < len(params) - optional, "variadic": False}
        for i, a in enumerate(params)
    ]
    if spec.varargs:
        positionals.append({"name": spec.varargs, "required": False, "variadic": True})
    if app._subcommands and not params and spec.varargs:
        positionals = None  # a group's `main(*args)` takes the subcommand, not a positional
    return {
        "prog": prog,
        "flags": flags,
        "positionals": positionals,
        "subcommands": [{"name": n, "aliases": [], "hidden": False} for n in app._subcommands],
    }


def _plumbum_type(argtype) -> tuple[str | None, list[str] | None]:
    """A plumbum switch's argtype as truth's value type: `int`/`float`/`str`, a `Set` of
    values (a choice; `csv=True` still a choice), `Range` (integers), plumbum's path
    predicates (`ExistingFile`, `ExistingDirectory`, `NonexistentPath`) and `local.path`."""
    import pathlib

    if argtype is str:
        return "string", None
    if argtype is int:
        return "integer", None
    if argtype is float:
        return "number", None
    kind = type(argtype).__name__
    if kind == "Set":
        return "choice", [str(v) for v in argtype.values]
    if kind == "Range":
        return "integer", None
    # a `Predicate` wraps the validating function and is named by it
    name = getattr(getattr(argtype, "func", argtype), "__name__", "") or kind
    if name in ("ExistingFile", "ExistingDirectory", "NonexistentPath") or (
        isinstance(argtype, type) and issubclass(argtype, pathlib.PurePath)
    ):
        return "path", None
    if type(argtype).__name__ in ("LocalMachine",) or name in ("path", "LocalPath"):
        return "path", None
    return None, None


# ---------------------------------------------------------------- traitlets (IPython, Jupyter)


def dump_traitlets(script: str, path: list[str]) -> dict:
    """A traitlets Application (ipython, jupyter-*): the (sub)application whose `print_help`
    fires under `PATH… --help`, captured there; its options are its `flags` (switches) and
    `aliases` (a value, typed by the trait it sets: `Class.trait` looked up in the app's
    classes), a key of one letter short, and every `--Class.trait` configurable of the classes
    `--help-all` lists (`_classes_with_config_traits`); its commands are its `subcommands`."""
    from traitlets.config.application import Application

    def stop(self, *args, **kwargs):
        raise _Captured(self)

    import argparse

    Application.print_help = stop
    # a subcommand's app that parses its own argv with argparse (ipykernel's `kernel install`)
    argparse._HelpAction.__call__ = lambda self, parser, *a, **k: stop(parser)
    app = _run_to_capture(script, path, "print_help")
    if isinstance(app, argparse.ArgumentParser):
        return _dump_parser(app)
    classes = {c.__name__: c for c in app._classes_inc_parents()}

    def spell(key) -> list[str]:
        keys = key if isinstance(key, tuple) else (key,)
        return ["--" + k if len(k) > 1 else "-" + k for k in keys]

    flags = {}
    for key in app.flags:
        names = spell(key)
        longs = [n for n in names if n.startswith("--")]
        flags[longs[0] if longs else names[0]] = {
            "names": names,
            "kind": "boolean",
            "type": None,
            "choices": None,
            "required": False,
            "repeatable": False,
            "hidden": False,
        }
    for key, target in app.aliases.items():
        if isinstance(target, tuple):
            target = target[0]
        names = spell(key)
        longs = [n for n in names if n.startswith("--")]
        clsname, _, trait_name = target.rpartition(".")
        trait = classes.get(clsname).class_traits().get(trait_name) if clsname in classes else None
        flags[longs[0] if longs else names[0]] = _trait_flag(names, trait)
    # every configurable a `--Class.trait=value` sets, as `--help-all` lists them: the command
    # line accepts each (traitlets' KV loader), so they are options of the program too
    for cls in app._classes_with_config_traits():
        for trait_name, trait in sorted(cls.class_traits(config=True).items()):
            key = f"--{cls.__name__}.{trait_name}"
            flags.setdefault(key, _trait_flag([key], trait))
    for key in ("--help", "--version", "--help-all", "-h"):
        flags.pop(key, None)
    return {
        "prog": script,
        "flags": flags,
        "positionals": None,
        "subcommands": [{"name": n, "aliases": [], "hidden": False} for n in app.subcommands],
    }


def _trait_flag(names: list[str], trait) -> dict:
    """A traitlets setting as a value option: an alias (`--log-level`) or a `--Class.trait`."""
    vtype, choices, repeatable = _trait_type(trait)
    return {
        "names": names,
        "kind": "value",
        "type": vtype,
        "choices": choices,
        "required": False,
        "repeatable": repeatable,
        "hidden": False,
    }


def _trait_type(trait) -> tuple[str | None, list[str] | None, bool]:
    if trait is None:
        return None, None, False
    kind = type(trait).__name__
    if kind in ("Enum", "CaselessStrEnum", "UseEnum"):
        values = getattr(trait, "values", None)
        return "choice", [str(v) for v in values] if values else None, False
    if kind in ("List", "Set", "Tuple"):
        return None, None, True
    return (
        {"Int": "integer", "Integer": "integer", "Float": "number", "Unicode": "string"}.get(kind),
        None,
        False,
    )


@contextlib.contextmanager
def _quiet(argv):
    """The program runs with this argv, an empty stdin and its output discarded."""
    # sys.argv's own list is refilled, not replaced: a `main(args=sys.argv)` bound the list at
    # import as its default (pygmentize's), and must see the argv the program is run with
    saved, saved_argv = (sys.stdin, sys.stdout), list(sys.argv)
    sys.argv[:] = list(argv)
    sys.stdin = io.StringIO("")
    sys.stdout = open(os.devnull, "w")
    try:
        yield
    finally:
        # a program may unset sys.stdout before it exits (streamlink's `del sys.stdout`)
        if getattr(sys, "stdout", None) is not None:
            sys.stdout.close()
        sys.stdin, sys.stdout = saved
        sys.argv[:] = saved_argv


def main() -> None:
    framework, script, *path = sys.argv[1:]
    # whatever the program prints, even through handlers holding the original stdout, stays
    # off the JSON channel: fd 1 goes to /dev/null and the answer to a private copy of it
    answer = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    if framework in ("click", "typer"):
        data = walk_click(script)
    elif framework == "click-help":
        data = dump_click_help(script, path)
    elif framework == "argparse":
        data = dump_argparse(script, path)
    elif framework == "optparse":
        data = dump_optparse(script, path)
    elif framework == "getopt":
        data = dump_getopt(script, path)
    elif framework == "docopt":
        data = dump_docopt(script, path)
    elif framework in (
        "cleo",
        "cliff",
        "invoke",
        "traitlets",
        "pytest",
        "django",
        "plumbum",
        "robot",
        "doit",
        "fire",
        "cyclopts",
        "absl",
    ):
        data = globals()["dump_" + framework](script, path)
    else:
        raise SystemExit(f"unknown framework {framework!r}")
    json.dump(data, answer)
    answer.flush()


if __name__ == "__main__":
    main()
