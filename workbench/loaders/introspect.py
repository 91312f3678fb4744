"""Turn a Python target into command-tree data in this interpreter, without running the program.

A target is `module:attr` (a click/typer object, an ArgumentParser, or a function returning or
building one) or the name of an installed console script. Functions are called under
*capture*: `ArgumentParser.parse_args`/`parse_known_args`, click's `Command.main` and typer's
`Typer.__call__` are patched to raise a private exception carrying the object, so a `main()` that
builds its parser and parses is stopped right there, before any of the program runs.

Standard library only (plus the sibling loaders), so `workbench.loaders.foreign` can run this
file inside another Python environment: `python introspect.py TARGET [ROOT_NAME]` prints one JSON
object `{"loader", "tree", "root_name", "cli_version", "module"}` or `{"error": "..."}`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import importlib.metadata
import importlib.util
import json
import os
import sys
from typing import Any, Callable, Iterator

if __package__:
    from . import argparse_loader, click_loader
else:  # run as a loose script next to its siblings (see the module docstring)
    import argparse_loader  # type: ignore[no-redef]
    import click_loader  # type: ignore[no-redef]


class IntrospectError(Exception):
    """The target is not a CLI object we can read; the message is one sentence with the fix."""


class _Captured(BaseException):
    """Raised from a patched parse/main call to stop the program and carry its CLI object."""

    def __init__(self, obj: Any) -> None:
        super().__init__("captured")
        self.obj = obj


# --- recording and capture ---------------------------------------------------------------------


@contextlib.contextmanager
def recording_parsers() -> Iterator[None]:
    """While active, every new ArgumentParser remembers its `parents=` and whether `prog=` was given."""
    original = argparse.ArgumentParser.__init__

    def init(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        parents = kwargs.get("parents", args[4] if len(args) > 4 else None)
        setattr(self, argparse_loader.PARENTS_ATTR, list(parents or []))
        setattr(self, argparse_loader.PROG_GIVEN_ATTR, bool(kwargs.get("prog") or (args[0] if args else None)))

    argparse.ArgumentParser.__init__ = init  # type: ignore[method-assign]
    try:
        yield
    finally:
        argparse.ArgumentParser.__init__ = original  # type: ignore[method-assign]


def _capture_targets() -> list[tuple[Any, str]]:
    """(class, method name) pairs whose call means "here is the CLI object"."""
    targets: list[tuple[Any, str]] = [
        (argparse.ArgumentParser, "parse_args"),
        (argparse.ArgumentParser, "parse_known_args"),
        (argparse.ArgumentParser, "parse_intermixed_args"),
        (argparse.ArgumentParser, "parse_known_intermixed_args"),
    ]
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


def _preload_frameworks() -> None:
    """Import click and typer when installed, so a function that imports them late is still caught."""
    for name in ("click", "typer"):
        if name not in sys.modules and importlib.util.find_spec(name) is not None:
            with contextlib.suppress(Exception):
                importlib.import_module(name)


@contextlib.contextmanager
def capturing() -> Iterator[None]:
    """While active, parsing a command line raises `_Captured(cli_object)` instead."""
    saved = []
    for klass, method in _capture_targets():
        saved.append((klass, method, vars(klass)[method]))

        def stop(self: Any, *args: Any, **kwargs: Any) -> Any:
            raise _Captured(self)

        setattr(klass, method, stop)
    try:
        yield
    finally:
        for klass, method, original in reversed(saved):
            setattr(klass, method, original)


@contextlib.contextmanager
def _sandbox(argv0: str) -> Iterator[None]:
    """Capture on, and nothing real to act on: `sys.argv = [argv0, "--help"]`, empty stdin, output dropped."""
    _preload_frameworks()
    saved = (sys.argv, sys.stdin, sys.stdout, sys.stderr)
    sys.argv = [argv0, "--help"]
    sys.stdin = io.StringIO("")
    sys.stdout = sys.stderr = io.StringIO()
    try:
        with recording_parsers(), capturing():
            yield
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved


def _exited(what: str, stop: SystemExit) -> IntrospectError:
    code = 0 if stop.code is None else stop.code
    return IntrospectError(f"{what} exited (status {code}) without parsing its command line with click, typer or argparse")


def call_captured(func: Callable[[], Any], argv0: str) -> Any:
    """Call `func()` in the sandbox; the CLI object it returns or parses its command line with."""
    try:
        with _sandbox(argv0):
            result = func()
    except _Captured as captured:
        return captured.obj
    except SystemExit as stop:
        raise _exited(argv0, stop) from None
    if result is None:
        raise IntrospectError(f"{argv0} returned without parsing its command line with click, typer or argparse")
    return result


# --- objects → data ----------------------------------------------------------------------------


def framework_of(obj: Any) -> str | None:
    """'click', 'typer', 'argparse' or None for an object we cannot read."""
    if isinstance(obj, argparse.ArgumentParser):
        return "argparse"
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


def tree_data(obj: Any, root_name: str, cli_version: str | None = None) -> tuple[str, dict[str, Any]]:
    """(loader name, tree data) for a click/typer object or an ArgumentParser."""
    framework = framework_of(obj)
    if framework == "argparse":
        return framework, argparse_loader.argparse_tree_data(obj, root_name, cli_version=cli_version)
    if framework in ("click", "typer"):
        return framework, click_loader.click_tree_data(_click_command(obj), root_name, cli_version=cli_version)
    raise IntrospectError(f"{type(obj).__name__} is not a click command, typer app or argparse parser")


def resolve_cli_object(obj: Any, label: str, argv0: str) -> Any:
    """The click/typer/argparse object behind `obj`, calling it under capture if it is a function."""
    if framework_of(obj) is None and callable(obj):
        needed = _required_parameters(obj)
        if needed:
            raise IntrospectError(
                f"{label} needs arguments ({', '.join(needed)}); name the CLI object itself "
                "or a function that takes none"
            )
        try:
            obj = call_captured(obj, argv0)
        except IntrospectError:
            raise
        except Exception as error:
            raise IntrospectError(f"calling {label} failed ({type(error).__name__}: {error})") from None
    if framework_of(obj) is None:
        raise IntrospectError(
            f"{label} is a {type(obj).__name__}, not a click command, typer app or argparse parser "
            "(nor a function that returns or parses with one)"
        )
    return obj


def _required_parameters(func: Any) -> list[str]:
    import inspect

    try:
        signature = inspect.signature(func)
    except (TypeError, ValueError):
        return []
    return [
        p.name for p in signature.parameters.values()
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
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
        raise IntrospectError(f"importing {module_name} failed ({type(error).__name__}: {error})") from None
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
        dists = importlib.metadata.packages_distributions().get(parts[0]) or []
        return importlib.metadata.version(dists[0]) if dists else None
    except Exception:
        return None


def describe(target: str, root_name: str | None = None) -> dict[str, Any]:
    """Everything a loader needs about a `module:attr` or console-script target, as plain data."""
    if ":" in target:
        obj, module_name = import_attr(target)
        obj = resolve_cli_object(obj, target, argv0=module_root_name(module_name))
        name = root_name or explicit_prog(obj) or module_root_name(module_name)
        version = module_version(module_name)
    else:
        entry = console_script(target)
        if entry is None:
            raise IntrospectError(f"no console script named {target} is installed in {sys.executable}")
        try:
            with _sandbox(target):
                obj = entry.load()
        except _Captured as captured:
            obj = captured.obj
        except SystemExit as stop:
            raise _exited(f"loading console script {target}", stop) from None
        except Exception as error:
            raise IntrospectError(f"loading console script {target} ({entry.value}) failed ({type(error).__name__}: {error})") from None
        obj = resolve_cli_object(obj, f"console script {target} ({entry.value})", argv0=target)
        module_name = entry.module
        name = root_name or target
        version = entry.dist.version if entry.dist is not None else module_version(module_name)
    if version is None and isinstance(obj, argparse.ArgumentParser):
        printed = argparse_loader.version_string(obj)
        version = printed.split()[-1] if printed and printed.split() else None
    try:
        loader, data = tree_data(obj, name, cli_version=version)
    except IntrospectError:
        raise
    except Exception as error:  # the CLI's own framework failed to build it (e.g. an unsupported type)
        raise IntrospectError(f"reading the CLI of {target} failed ({type(error).__name__}: {error})") from None
    return {"loader": loader, "tree": data, "root_name": name, "cli_version": version, "module": module_name}


def main(argv: list[str] | None = None) -> int:
    """`python introspect.py TARGET [ROOT_NAME]`: print `describe()` as JSON (for foreign envs)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print(json.dumps({"error": "usage: introspect.py TARGET [ROOT_NAME]"}))
        return 2
    out = sys.stdout
    sys.stdout = sys.stderr  # whatever the program prints while imported must not corrupt the JSON
    try:
        result = describe(args[0], args[1] if len(args) > 1 else None)
    except IntrospectError as error:
        result = {"error": str(error)}
    finally:
        sys.stdout = out
    out.write(json.dumps(result))
    return 0 if "error" not in result else 1


if __name__ == "__main__":
    sys.exit(main())
