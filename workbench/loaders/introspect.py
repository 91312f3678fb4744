"""Turn a Python target into command-tree data in this interpreter, without running the program.

A target is `module:attr` (a click/typer object, an ArgumentParser or OptionParser, or a function
returning or building one) or the name of an installed console script. Functions are called
under *capture* with `sys.argv = [name, "--help"]`: click's `Command.main` and typer's
`Typer.__call__` raise a private exception carrying the object at once; argparse and optparse
parse calls run, and the parser whose help fires (`print_help`) is the one captured, so a
bootstrap pre-parser (`add_help=False`, `parse_known_args`) is passed by and the real parser
read, without the program doing any work beyond parsing `--help`. A parser that dispatches by
hand (argparse `REMAINDER`, optparse `disable_interspersed_args`) is run again as
`NAME --help` for each command name, and each command's own parser is grafted on.

Standard library only (plus the sibling loaders), so `workbench.loaders.foreign` can run this
file inside another Python environment: `python introspect.py TARGET [ROOT_NAME]` prints one JSON
object `{"loader", "tree", "root_name", "cli_version", "module"}` or `{"error": "..."}`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.metadata
import importlib.util
import inspect
import json
import optparse
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

if __package__:
    from . import argparse_loader, click_loader, optparse_loader
else:  # run as a loose script next to its siblings (see the module docstring)
    import argparse_loader  # type: ignore[no-redef,import-not-found]
    import click_loader  # type: ignore[no-redef,import-not-found]
    import optparse_loader  # type: ignore[no-redef,import-not-found]


class IntrospectError(Exception):
    """The target is not a CLI object we can read; the message is one sentence with the fix."""


class _Captured(BaseException):
    """Raised from a patched parse/main call to stop the program and carry its CLI object."""

    def __init__(self, obj: Any) -> None:
        super().__init__("captured")
        self.obj = obj
        if _active:  # kept, for a program that swallows even this (a bare `except:`)
            _active[-1].stopped = obj


# --- recording and capture ---------------------------------------------------------------------


@contextlib.contextmanager
def recording_parsers() -> Iterator[None]:
    """While active, every new ArgumentParser remembers its `parents=` and whether `prog=` was
    given, and every new optparse Option the help it was declared with (a program may hide it
    later, for a shorter help only: `optparse_loader._shown_help`)."""
    original = argparse.ArgumentParser.__init__
    original_option = optparse.Option.__init__

    def option_init(self: optparse.Option, *args: Any, **kwargs: Any) -> None:
        original_option(self, *args, **kwargs)
        setattr(self, optparse_loader.DECLARED_HELP_ATTR, self.help)

    def init(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        parents = kwargs.get("parents", args[4] if len(args) > 4 else None)
        setattr(self, argparse_loader.PARENTS_ATTR, list(parents or []))
        setattr(
            self,
            argparse_loader.PROG_GIVEN_ATTR,
            bool(kwargs.get("prog") or (args[0] if args else None)),
        )

    argparse.ArgumentParser.__init__ = init  # type: ignore[method-assign]
    optparse.Option.__init__ = option_init  # type: ignore[method-assign]
    try:
        yield
    finally:
        argparse.ArgumentParser.__init__ = original  # type: ignore[method-assign]
        optparse.Option.__init__ = original_option  # type: ignore[method-assign]


def _immediate_targets() -> list[tuple[Any, str]]:
    """(class, method name) pairs whose call means "here is the CLI object": click and typer,
    whose objects are whole before `main` runs (lazy commands are materialized by the loader)."""
    targets: list[tuple[Any, str]] = []
    for module_name, class_name, method in (
        ("click.core", "Command", "main"),
        ("click.core", "BaseCommand", "main"),  # click < 8.2 defines main here
        ("typer._click.core", "Command", "main"),
        ("typer.main", "Typer", "__call__"),
    ):
        module = sys.modules.get(module_name)
        klass = vars(module).get(class_name) if module is not None else None
        if isinstance(klass, type) and method in vars(klass):
            targets.append((klass, method))
    return targets


_ARGPARSE_PARSES = (
    "parse_args",
    "parse_known_args",
    "parse_intermixed_args",
    "parse_known_intermixed_args",
)
HELP_WORDS = ("--help", "-h")


def _parser_classes() -> list[tuple[Any, tuple[str, ...]]]:
    """(parser class, its parse methods): argparse always, optparse (stdlib) too."""
    return [(argparse.ArgumentParser, _ARGPARSE_PARSES), (optparse.OptionParser, ("parse_args",))]


class _Capture:
    """One capture session: which parsers read our `--help` without showing help (pre-parsers,
    dispatchers), and how deep inside a parse call we are (inner calls pass through)."""

    def __init__(self) -> None:
        self.depth = 0
        self.outer: Any = None
        self.passed: list[Any] = []
        """Parsers that read the command line and returned: a bootstrap (`add_help=False`) or
        `parse_known_args` pre-parser, or a dispatcher whose REMAINDER took `--help`."""
        self.stopped: Any = None
        """The object of the last stop raised: a program whose dispatch is wrapped in a bare
        `except:` (or `except BaseException`) swallows the stop, then prints its own error,
        exits or returns; the parser it stopped at is still the answer."""


_active: list[_Capture] = []


def _words(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[str]:
    given = kwargs.get("args", args[0] if args else None)
    if given is None:
        return list(sys.argv[1:])
    try:
        return [str(w) for w in given]
    except TypeError:
        return []


@contextlib.contextmanager
def capturing() -> Iterator[_Capture]:
    """While active, parsing a command line ends in `_Captured(cli_object)`.

    click/typer: their `main` raises at once. argparse/optparse: a parse of words without a
    help word (the program parses something of its own) raises at once; a parse of our `--help`,
    or of no words at all (reading the defaults, as pytest does), runs, so the parser whose help action fires (`print_help`) is the one
    captured, not a bootstrap `add_help=False` or `parse_known_args` pre-parser that returns
    and lets the program build the real parser; a parser that errors on `--help` is captured
    where it errs.
    """
    state = _Capture()
    saved: list[tuple[Any, str, Any]] = []

    def patch(klass: Any, method: str, replacement: Any) -> None:
        saved.append((klass, method, vars(klass)[method]))
        setattr(klass, method, replacement)

    def stop(self: Any, *args: Any, **kwargs: Any) -> Any:
        raise _Captured(self)

    def parse_wrapper(original: Any) -> Any:
        def parse(self: Any, *args: Any, **kwargs: Any) -> Any:
            if state.depth:  # argparse calls its own parse methods (and subparsers') from inside
                return original(self, *args, **kwargs)
            words = _words(args, kwargs)
            if words and not any(word in HELP_WORDS for word in words):
                raise _Captured(
                    self
                )  # the program parses words of its own: stop before it acts on them
            state.depth += 1
            state.outer = self
            try:
                result = original(self, *args, **kwargs)
            finally:
                state.depth -= 1
            state.passed.append(self)
            return result

        return parse

    def error(self: Any, *args: Any, **kwargs: Any) -> Any:
        raise _Captured(state.outer if state.depth and state.outer is not None else self)

    def argparse_help(self: Any, parser: Any, *args: Any, **kwargs: Any) -> Any:
        raise _Captured(parser)

    def optparse_action(original: Any) -> Any:
        def take_action(
            self: Any, action: str, dest: Any, opt: Any, value: Any, values: Any, parser: Any
        ) -> Any:
            if action == "help":
                raise _Captured(parser)
            return original(self, action, dest, opt, value, values, parser)

        return take_action

    for klass, method in _immediate_targets():
        patch(klass, method, stop)
    for klass, methods in _parser_classes():
        for method in methods:
            if method in vars(klass):
                patch(klass, method, parse_wrapper(vars(klass)[method]))
        patch(
            klass, "print_help", stop
        )  # a program that shows help itself, not via the help action
        patch(klass, "error", error)
    # the help actions themselves, since parser subclasses often override print_help (pip does)
    patch(argparse._HelpAction, "__call__", argparse_help)
    patch(optparse.Option, "take_action", optparse_action(vars(optparse.Option)["take_action"]))
    _active.append(state)
    try:
        yield state
    finally:
        _active.remove(state)
        for klass, method, original in reversed(saved):
            setattr(klass, method, original)


def _preload_frameworks() -> None:
    """Import click and typer when installed, so a function that imports them late is still caught."""
    for name in ("click", "typer"):
        if name not in sys.modules and importlib.util.find_spec(name) is not None:
            with contextlib.suppress(Exception):
                importlib.import_module(name)


@contextlib.contextmanager
def _sandbox(argv0: str, words: list[str] | None = None) -> Iterator[_Capture]:
    """Capture on, and nothing real to act on: `sys.argv = [argv0, *words]` (default `--help`),
    empty stdin, output dropped. The streams are the null device's, real files: a program that
    asks one for its descriptor or its bytes as it starts (`os.isatty(sys.stdout.fileno())`,
    `sys.stdout.buffer` at import) runs on, where an in-memory stream would raise
    `UnsupportedOperation: fileno` or have no `buffer`."""
    _preload_frameworks()
    saved = (sys.argv, sys.stdin, sys.stdout, sys.stderr)
    sys.argv = [argv0, *(words if words is not None else ["--help"])]
    with (
        open(os.devnull, encoding="utf-8") as empty,
        open(os.devnull, "w", encoding="utf-8") as dropped,
    ):
        sys.stdin = empty
        sys.stdout = sys.stderr = dropped
        try:
            with recording_parsers(), capturing() as state:
                yield state
        finally:
            sys.argv, sys.stdin, sys.stdout, sys.stderr = saved


_FRAMEWORKS = "click, typer, argparse or optparse"


def _exited(what: str, stop: SystemExit) -> IntrospectError:
    code = 0 if stop.code is None else stop.code
    return IntrospectError(
        f"{what} exited (status {code}) without parsing its command line with {_FRAMEWORKS}"
    )


def _widest(parsers: list[Any]) -> Any:
    """The parser with the most option strings, the last of equals."""
    return max(reversed(parsers), key=lambda parser: len(_signature(parser)))


def call_captured(func: Callable[[], Any], argv0: str, words: list[str] | None = None) -> Any:
    """Call `func()` in the sandbox; the CLI object it returns or parses its command line with.

    When no parser showed help (the program handles `--help` itself, or ended after a
    pre-parser read it), the parser that read the command line with the most options is the
    answer (the last of those): the real one, not a bootstrap that reads a few of them.
    """
    state = None
    try:
        with _sandbox(argv0, words) as state:
            result = func()
    except _Captured as captured:
        return captured.obj
    except SystemExit as stop:
        if state is not None and state.stopped is not None:
            return state.stopped  # the program swallowed the stop, then exited
        if state is not None and state.passed:
            return _widest(state.passed)
        raise _exited(argv0, stop) from None
    except Exception:
        if state is not None and state.stopped is not None:
            return state.stopped  # … then failed
        if (
            state is not None and state.passed
        ):  # the program failed after its pre-parser read the line
            return _widest(state.passed)
        raise
    if state is not None and state.stopped is not None and framework_of(result) is None:
        return state.stopped  # … then returned
    if state is not None and state.passed and framework_of(result) is None:
        return _widest(state.passed)
    if result is None:
        raise IntrospectError(
            f"{argv0} returned without parsing its command line with {_FRAMEWORKS}"
        )
    return result


# --- objects → data ----------------------------------------------------------------------------


def framework_of(obj: Any) -> str | None:
    """'click', 'typer', 'argparse', 'optparse' or None for an object we cannot read."""
    if isinstance(obj, argparse.ArgumentParser):
        return "argparse"
    optparse = sys.modules.get("optparse")
    if optparse is not None and isinstance(obj, optparse.OptionParser):
        return "optparse"
    module = type(obj).__module__ or ""
    if type(obj).__name__ == "Typer" and module.startswith("typer"):
        return "typer"
    if hasattr(obj, "params") and hasattr(obj, "context_class") and hasattr(obj, "main"):
        return "typer" if module.startswith("typer") else "click"
    return None


def _click_command(obj: Any) -> Any:
    if type(obj).__name__ == "Typer":
        import typer.main  # only reached for typer objects, so typer is installed

        return typer.main.get_command(obj)
    return obj


def tree_data(
    obj: Any, root_name: str, cli_version: str | None = None
) -> tuple[str, dict[str, Any]]:
    """(loader name, tree data) for a click/typer object, an ArgumentParser or an OptionParser."""
    framework = framework_of(obj)
    if framework == "argparse":
        return framework, argparse_loader.argparse_tree_data(
            obj, root_name, cli_version=cli_version
        )
    if framework == "optparse":
        return framework, optparse_loader.optparse_tree_data(
            obj, root_name, cli_version=cli_version
        )
    if framework in ("click", "typer"):
        return framework, click_loader.click_tree_data(
            _click_command(obj), root_name, cli_version=cli_version
        )
    raise IntrospectError(
        f"{type(obj).__name__} is not a click command, typer app, argparse or optparse parser"
    )


def resolve_cli_object(obj: Any, label: str, argv0: str) -> Any:
    """The click/typer/argparse/optparse object behind `obj`, calling it under capture if it is a function."""
    return resolve_with_runner(obj, label, argv0)[0]


def resolve_with_runner(obj: Any, label: str, argv0: str) -> tuple[Any, Callable[[], Any] | None]:
    """`resolve_cli_object`, plus the function that was called to get it (None for an object),
    so a CLI that builds each command's parser after dispatch can be run again per command."""
    runner = None
    if framework_of(obj) is None and callable(obj):
        needed = _required_parameters(obj)
        if needed:
            raise IntrospectError(
                f"{label} needs arguments ({', '.join(needed)}); name the CLI object itself "
                "or a function that takes none"
            )
        runner = obj
        try:
            obj = call_captured(obj, argv0)
        except IntrospectError:
            raise
        except Exception as error:
            raise IntrospectError(
                f"calling {label} failed ({type(error).__name__}: {error})"
            ) from None
    if framework_of(obj) is None:
        raise IntrospectError(
            f"{label} is a {type(obj).__name__}, not a click command, typer app, argparse or optparse "
            "parser (nor a function that returns or parses with one)"
        )
    return obj, runner


# --- commands that exist only after dispatch ------------------------------------------------------


def dispatch_positionals(obj: Any) -> list[Any] | None:
    """The positionals of an argparse parser that dispatches by hand: a command word followed by
    `nargs=REMAINDER` (or REMAINDER alone), with no subparsers. None for any other parser."""
    if (
        not isinstance(obj, argparse.ArgumentParser)
        or argparse_loader.subparsers_action(obj) is not None
    ):
        return None
    positionals = [a for a in obj._actions if not a.option_strings]
    for index, action in enumerate(positionals):
        if action.nargs == argparse.REMAINDER:
            before = (
                positionals[index - 1]
                if index and positionals[index - 1].nargs in (None, "?")
                else None
            )
            return [before, action] if before is not None else [action]
    return None


def _dispatch_choices(obj: Any) -> list[str]:
    found = dispatch_positionals(obj)
    if found and len(found) == 2 and found[0].choices is not None:
        try:
            return [str(c) for c in found[0].choices]
        except TypeError:
            return []
    return []


def dispatches(obj: Any) -> bool:
    """A parser that reads its options and hands the rest of the line to code that picks a
    command (argparse REMAINDER, optparse `disable_interspersed_args`)."""
    if dispatch_positionals(obj):
        return True
    return framework_of(obj) == "optparse" and not getattr(obj, "allow_interspersed_args", True)


def _signature(obj: Any) -> tuple[str, ...]:
    """What tells two parsers apart: their prog and option strings."""
    if isinstance(obj, argparse.ArgumentParser):
        options = [o for a in obj._actions for o in a.option_strings]
    elif framework_of(obj) == "optparse":
        options = [
            o for opt in optparse_loader._all_options(obj) for o in opt._short_opts + opt._long_opts
        ]
    else:
        options = [o for p in getattr(obj, "params", []) for o in getattr(p, "opts", [])]
    return (str(getattr(obj, "prog", "") or ""), *sorted(options))


def _repath(command: dict[str, Any], prefix: list[str]) -> None:
    command["path"] = [*prefix, *command["path"]]
    for sub in command.get("subcommands", []):
        _repath(sub, prefix)


def materialize_dispatch(
    obj: Any,
    runner: Callable[[], Any],
    argv0: str,
    data: dict[str, Any],
    extra_names: list[str] | None = None,
) -> list[str]:
    """Graft the command parsers a dispatching CLI builds after dispatch: for each command name
    (the dispatch positional's choices, plus `extra_names` the help text lists), run the program
    again as `argv0 NAME --help` under capture and keep the parser whose help fires, when it is
    not the top parser again. Returns the names that could not be materialized."""
    names = list(dict.fromkeys([*_dispatch_choices(obj), *(extra_names or [])]))
    root = data["root"]
    known = {sub["path"][-1] for sub in root.get("subcommands", [])}
    top = _signature(obj)
    missing: list[str] = []
    grafted = []
    for name in names:
        if name in known or not name or name.startswith("-"):
            continue
        try:
            sub_obj = call_captured(runner, argv0, [name, "--help"])
        except BaseException:  # the program failed or exited for this command: help will tell
            sub_obj = None
        if sub_obj is None or framework_of(sub_obj) is None or _signature(sub_obj) == top:
            missing.append(name)
            continue
        try:
            _, sub_data = tree_data(sub_obj, name)
        except Exception:
            missing.append(name)
            continue
        command = sub_data["root"]
        _repath(command, root["path"])
        data["notes"].extend(
            f"{' '.join(root['path'])} {note}" for note in sub_data.get("notes", [])
        )
        grafted.append(command)
    if grafted:
        found = dispatch_positionals(obj)
        dispatch_names = {argparse_loader.positional_name(a) for a in found} if found else set()
        root["positionals"] = [p for p in root["positionals"] if p["name"] not in dispatch_names]
        if found and len(found) == 2 and found[0].nargs is None:
            root["runnable"] = False  # the command word is required
        first = root["positionals"][0] if root["positionals"] and not found else None
        if (
            first is not None and first["required"] and not first["variadic"]
        ):  # optparse: `%prog <command> ...`
            root["positionals"] = root["positionals"][1:]
            root["runnable"] = False
        root["subcommands"] = [*root.get("subcommands", []), *grafted]
    return missing


def incompleteness(obj: Any, data: dict[str, Any], missing: list[str]) -> list[str]:
    """Signs that the exact tree may lack what the CLI has (each a sentence): the help witness
    is consulted in full when there is any."""
    signs: list[str] = []
    root = " ".join(data["root"]["path"])
    if dispatches(obj) and not any(data["root"].get("subcommands", [])):
        signs.append(f"{root}: hands the rest of its command line to code that picks a command")
    if missing:
        signs.append(f"{root}: the parsers of {', '.join(missing)} could not be captured")
    if (
        isinstance(obj, argparse.ArgumentParser)
        and not obj.add_help
        or framework_of(obj) == "optparse"
        and obj.get_option("--help") is None
        and obj.get_option("-h") is None
    ):
        signs.append(f"{root}: the parser read has no help option (a bootstrap parser?)")

    def walk(command: dict[str, Any]) -> None:
        if click_loader.is_placeholder_data(command):
            signs.append(
                f"{' '.join(command['path'])}: a command object with no options and no action"
            )
        for sub in command.get("subcommands", []):
            walk(sub)

    walk(data["root"])
    signs.extend(
        n for n in data.get("notes", []) if "could not be listed" in n or "could not be loaded" in n
    )
    return signs


def _required_parameters(func: Any) -> list[str]:
    try:
        signature = inspect.signature(func)
    except (TypeError, ValueError):
        return []
    return [
        p.name
        for p in signature.parameters.values()
        if p.default is p.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]


# --- targets -----------------------------------------------------------------------------------


def import_attr(target: str) -> tuple[Any, str]:
    """The object named by `module:attr` (attr may be dotted), imported in the sandbox.

    A script that runs its CLI at import time (no `if __name__ == "__main__"` guard) is stopped
    at its parse call, and the object it parsed with is the answer.
    """
    module_name, _, attr = target.partition(":")
    try:
        with _sandbox(module_root_name(module_name)):
            obj: Any = importlib.import_module(module_name)
    except _Captured as captured:
        return captured.obj, module_name
    except SystemExit as stop:
        raise _exited(f"importing {module_name}", stop) from None
    except ImportError as error:
        raise IntrospectError(f"cannot import module {module_name} ({error})") from None
    except Exception as error:
        raise IntrospectError(
            f"importing {module_name} failed ({type(error).__name__}: {error})"
        ) from None
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise IntrospectError(f"module {module_name} has no attribute {attr}") from None
    return obj, module_name


def console_script(name: str) -> importlib.metadata.EntryPoint | None:
    """The `console_scripts` entry point called `name` in this environment, if any."""
    found = importlib.metadata.entry_points(group="console_scripts", name=name)
    return next(iter(found), None)


def module_root_name(module_name: str) -> str:
    """SPEC §2: the module's last segment (skipping `__main__`, which nobody types)."""
    segments = [s for s in module_name.split(".") if s != "__main__"]
    return segments[-1] if segments else module_name


def explicit_prog(obj: Any) -> str | None:
    """An ArgumentParser's `prog` when the program set it (not argparse's sys.argv[0] default)."""
    if not isinstance(obj, argparse.ArgumentParser) or not obj.prog:
        return None
    given = getattr(obj, argparse_loader.PROG_GIVEN_ATTR, None)
    if given is None:
        given = obj.prog != os.path.basename(sys.argv[0])
    return obj.prog.split()[0] if given else None


def module_version(module_name: str) -> str | None:
    """`__version__` of the module or its top package, else its distribution's version."""
    parts = module_name.split(".")
    for depth in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:depth]))
        version = getattr(module, "__version__", None)
        if isinstance(version, str) and version:
            return version
    try:
        dists = distributions_providing(parts[0])
        return importlib.metadata.version(dists[0]) if dists else None
    except Exception:
        return None


def distributions_providing(top: str) -> list[str]:
    """`importlib.metadata.packages_distributions().get(top, [])`, the same names in the same
    order, without inferring the packages of every installed distribution: one whose file
    list does not even contain the text `top` cannot provide it (inferring reads and parses
    every RECORD and metadata file: ~50 ms of opening a CLI here, a few ms this way)."""
    declared = getattr(importlib.metadata, "_top_level_declared", None)
    inferred = getattr(importlib.metadata, "_top_level_inferred", None)
    if declared is None or inferred is None:  # another Python's private helpers: the slow way
        return importlib.metadata.packages_distributions().get(top) or []
    names = []
    for dist in importlib.metadata.distributions():
        provided = declared(dist)
        if not provided:
            listing = (  # the files `dist.files` reads, in its order
                dist.read_text("RECORD")
                or dist.read_text("installed-files.txt")
                or dist.read_text("SOURCES.txt")
                or ""
            )
            if top not in listing:
                continue
            provided = inferred(dist)
        if top in provided:
            names.append(dist.metadata["Name"])
    return names


def describe(
    target: str, root_name: str | None = None, dispatch_names: list[str] | None = None
) -> dict[str, Any]:
    """Everything a loader needs about a `module:attr` or console-script target, as plain data.

    `dispatch_names`: command names the CLI's help lists, for a CLI that builds each command's
    parser after dispatch (tried as `NAME --help` each). The answer's `incomplete` lists signs
    that the tree may still lack what the CLI has; `dispatches` says whether such names help.
    """
    if ":" in target:
        obj, module_name = import_attr(target)
        argv0 = module_root_name(module_name)
        obj, runner = resolve_with_runner(obj, target, argv0=argv0)
        name = root_name or explicit_prog(obj) or module_root_name(module_name)
        version = module_version(module_name)
    else:
        entry = console_script(target)
        if entry is None:
            raise IntrospectError(
                f"no console script named {target} is installed in {sys.executable}"
            )
        try:
            with _sandbox(target):
                obj = entry.load()
        except _Captured as captured:
            obj = captured.obj
        except SystemExit as stop:
            raise _exited(f"loading console script {target}", stop) from None
        except Exception as error:
            raise IntrospectError(
                f"loading console script {target} ({entry.value}) failed ({type(error).__name__}: {error})"
            ) from None
        argv0 = target
        obj, runner = resolve_with_runner(
            obj, f"console script {target} ({entry.value})", argv0=argv0
        )
        module_name = entry.module
        name = root_name or target
        version = entry.dist.version if entry.dist is not None else module_version(module_name)
    if version is None and isinstance(obj, argparse.ArgumentParser):
        printed = argparse_loader.version_string(obj)
        version = printed.split()[-1] if printed and printed.split() else None
    if version is None and framework_of(obj) == "optparse":
        printed = optparse_loader.version_string(obj)
        version = printed.split()[-1] if printed and printed.split() else None
    try:
        loader, data = tree_data(obj, name, cli_version=version)
        missing: list[str] = []
        if runner is not None and dispatches(obj):
            missing = materialize_dispatch(obj, runner, argv0, data, dispatch_names)
    except IntrospectError:
        raise
    except (
        Exception
    ) as error:  # the CLI's own framework failed to build it (e.g. an unsupported type)
        raise IntrospectError(
            f"reading the CLI of {target} failed ({type(error).__name__}: {error})"
        ) from None
    return {
        "loader": loader,
        "tree": data,
        "root_name": name,
        "cli_version": version,
        "module": module_name,
        "incomplete": incompleteness(obj, data, missing),
        "dispatches": runner is not None and dispatches(obj),
    }


def main(argv: list[str] | None = None) -> int:
    """`python introspect.py TARGET [ROOT_NAME [NAME...]]`: print `describe()` as JSON (for foreign
    envs); the NAMEs are `dispatch_names`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print(json.dumps({"error": "usage: introspect.py TARGET [ROOT_NAME [NAME...]]"}))
        return 2
    out = sys.stdout
    sys.stdout = sys.stderr  # whatever the program prints while imported must not corrupt the JSON
    try:
        result = describe(args[0], args[1] if len(args) > 1 and args[1] else None, args[2:] or None)
    except IntrospectError as error:
        result = {"error": str(error)}
    finally:
        sys.stdout = out
    out.write(json.dumps(result))
    return 0 if "error" not in result else 1


if __name__ == "__main__":
    sys.exit(main())
