"""Loaders: turn a TARGET (module:attr, console script, executable) into a command tree (SPEC §2, §4).

`load()` decides which loader a TARGET needs and records how to run the CLI afterwards:

- `package.module:attr` → imported here, read exactly (click, typer, argparse, optparse; a function is
  called under capture); run later as `python -m package.module` with this interpreter.
- a console script of this environment → the same in-process loaders, through its entry point.
- a Python script whose `#!` names another interpreter (pipx, a project venv) → the same
  loaders run inside that interpreter (`workbench.loaders.foreign`), else the help crawler.
- any other executable (a path, or a command on PATH) → the help crawler
  (`workbench.loaders.help`).

After an exact load the tree is checked against the CLI's own help (`workbench.loaders.witness`,
the second witness): what only help shows is taken, marked, and `tree.coverage` says how complete
the tree is by each witness.

Everything that goes wrong becomes a `LoadError` with one sentence naming the target and the fix.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.machinery import PathFinder
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from workbench.loaders import foreign, introspect, targets, witness
from workbench.loaders.witness import unread_paths
from workbench.model.config import Loader, SourceConfig
from workbench.model.coverage import count_witness
from workbench.model.errors import LoadError
from workbench.model.tree import CommandTree, Coverage

if TYPE_CHECKING:
    from workbench.model.config import SourceConfig
    from workbench.model.tree import CommandTree

Progress = Callable[[str], None]


@dataclass
class LoadedCLI:
    """A loaded CLI: its command tree and how it was loaded / how to run it."""

    tree: CommandTree
    source: SourceConfig
    run_from: str | None = None
    """The folder `source.command` must run in: set for a module importable only from the
    folder it was loaded from (not installed, not on PYTHONPATH), since `python -m` finds it
    there only. A config written elsewhere points `[runtime] cwd` at it."""


def load(
    target: str,
    *,
    name: str | None = None,
    command: str | None = None,
    progress: Progress | None = None,
    import_from: str | os.PathLike[str] | None = None,
) -> LoadedCLI:
    """Load TARGET into a command tree; `name` sets the root command's name, `command` how to run it.

    A module target is imported from the current folder, as `python -m` would, and from
    `import_from` first when given (a config's `[runtime] cwd`, where its calls run).
    """
    report = progress or (lambda _text: None)
    target = (target or "").strip()
    if not target:
        raise LoadError(
            "no TARGET given; name a command on PATH, a path to an executable, or module:attr"
        )
    run_as = _split_command(command)
    if name is not None and (
        not name.strip() or name != name.strip() or any(c.isspace() for c in name)
    ):
        raise LoadError(
            f"--name {name!r} is empty or contains whitespace; give the one word users type "
            "for the CLI, e.g. --name mycli"
        )
    if targets.is_module_target(target):
        return _load_python(target, name, run_as, report, import_from)
    found = targets.find_executable(target)
    if found is None:
        script = targets.script_in_this_environment(target) if os.sep not in target else None
        if script is not None:
            found = targets.Executable(script, target, script, targets.python_shebang(script))
    if found is None:
        raise LoadError(_not_found(target))
    return _load_executable(target, found, name, run_as, report)


def _split_command(command: str | None) -> list[str] | None:
    if command is None:
        return None
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise LoadError(
            f"--command {command!r} cannot be split ({error}); fix its quoting"
        ) from None
    if not words:
        raise LoadError(
            "--command is empty; give the command that runs the CLI, e.g. --command 'mycli'"
        )
    return words


def _not_found(target: str) -> str:
    if target.endswith(".toml"):
        return f"{target} does not exist; check the path of the config"
    if ":" in target:
        return (
            f"{target} is neither an executable nor a module:attr import target; "
            "write it as package.module:attr"
        )
    if os.sep in target:
        return f"{target} is not a file; check the path to the executable"
    if _is_python_module(target):
        return (
            f"{target} is a Python module, not a CLI object; name the object too, e.g. {target}:cli"
        )
    return (
        f"{target} is not a command on PATH, an executable path or a module:attr target; "
        "install it, give its path, or write package.module:attr"
    )


def _is_python_module(target: str) -> bool:
    if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", target):
        return False
    try:
        return importlib.util.find_spec(target) is not None
    except (ImportError, ValueError):
        return False


# --- Python targets, in this interpreter --------------------------------------------------------


def _load_python(
    target: str,
    name: str | None,
    run_as: list[str] | None,
    report: Progress,
    import_from: str | os.PathLike[str] | None = None,
) -> LoadedCLI:
    report(f"Importing {target}…")
    folder = os.path.abspath(import_from) if import_from is not None else os.getcwd()
    _importable_from(os.getcwd())
    _importable_from(folder)
    try:
        info = introspect.describe(target, name)
    except introspect.IntrospectError as error:
        raise LoadError(
            f"cannot load {target}: {error}; check the import target (package.module:attr)"
        ) from None
    tree = _tree(info["tree"], target)
    module = info["module"]
    run_from = None
    if run_as is None:
        run_as = [sys.executable, "-m", module]
        run_from = _only_importable_from(module, folder)
        if not _runs_as_main(module):
            tree.notes.append(
                f'{tree.root.name}: `python -m {module}` may not run the CLI (no `if __name__ == "__main__"` and no '
                f"__main__ module); pass --command with how to run it"
            )
    source = SourceConfig(
        command=run_as,
        loader=Loader(info["loader"]),
        target=target,
        cli_version=info["cli_version"],
    )
    if info.get("incomplete"):  # a module target is witnessed only when its exact load is in doubt
        tree = _witness(
            tree,
            _runnable_here(run_as, run_from),
            info,
            top_level_first=False,
            report=report,
            again=lambda names: _tree(introspect.describe(target, name, names)["tree"], target),
        )
    report(f"Loaded {tree.root.name}: {sum(1 for _ in tree.walk())} commands ({info['loader']})")
    return LoadedCLI(tree, source, run_from)


def _runnable_here(run_as: list[str], run_from: str | None) -> list[str]:
    """`run_as` as the help witness can run it from anywhere: a module importable only from
    `run_from` is started with that folder first on its path, as running it there would."""
    if run_from is None or run_as[1:2] != ["-m"] or len(run_as) != 3:
        return run_as
    module = run_as[2]
    bootstrap = (
        f"import runpy, sys; sys.path.insert(0, {run_from!r}); sys.argv[0] = {module!r}; "
        f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    )
    return [run_as[0], "-c", bootstrap]


def _witness(
    tree: CommandTree,
    run: list[str],
    info: dict[str, Any],
    *,
    top_level_first: bool,
    report: Progress,
    again: Callable[[list[str]], CommandTree] | None,
) -> CommandTree:
    """The exact `tree` checked against the CLI's help (workbench.loaders.witness)."""
    # lazy: the crawler only when an exact load must be checked against its help, or for a help CLI
    from workbench.loaders.help import crawl

    signs = list(info.get("incomplete") or [])
    for sign in signs:
        report(f"{sign}; reading its help as well")

    def rematerialize(names: list[str]) -> CommandTree | None:
        try:
            return again(names) if again is not None else None
        except Exception:  # the second exact pass is a bonus: help still fills the gaps
            return None

    report(f"Checking {tree.root.name} against its --help…")
    return witness.consult_help(
        tree,
        run=run,
        signs=signs,
        top_level_first=top_level_first,
        crawl=crawl,
        progress=report,
        rematerialize=rematerialize if info.get("dispatches") else None,
    )


def _importable_from(folder: str) -> None:
    """Let `mcp-workbench mypkg.cli:app` import from `folder` (the one it is run in, as `python -m`
    would, or a config's `[runtime] cwd`)."""
    if folder not in sys.path and not (folder == os.getcwd() and "" in sys.path):
        sys.path.insert(0, folder)


def _only_importable_from(module: str, folder: str) -> str | None:
    """`folder` when `module`'s top package is found there and on no other `sys.path` entry, so
    `python -m module` works only when run in that folder; else None."""
    top = module.split(".")[0]
    here = os.path.realpath(folder)
    if any(
        os.path.realpath(p) == here for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p
    ):
        return None  # on PYTHONPATH: found wherever the CLI runs with this environment
    elsewhere = [p or os.getcwd() for p in sys.path if os.path.realpath(p or os.getcwd()) != here]
    try:
        if top in sys.builtin_module_names or PathFinder.find_spec(top, elsewhere) is not None:
            return None
        return folder if PathFinder.find_spec(top, [folder]) is not None else None
    except (ImportError, ValueError, OSError):
        return None


def _runs_as_main(module: str) -> bool:
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return False
    if spec is None:
        return False
    if spec.submodule_search_locations is not None:  # a package: needs pkg/__main__.py
        try:
            return importlib.util.find_spec(f"{module}.__main__") is not None
        except (ImportError, ValueError):
            return False
    try:
        source = spec.loader.get_source(module) if spec.loader else None  # type: ignore[attr-defined]
    except (ImportError, OSError):
        source = None
    return source is None or "__main__" in source


def _tree(data: dict[str, Any], target: str) -> CommandTree:
    try:
        return CommandTree.from_data(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise LoadError(
            f"the tree read from {target} is malformed at {where} ({first['msg']}); "
            "please report it with the CLI's definition"
        ) from None


# --- executables ---------------------------------------------------------------------------------


def _load_executable(
    target: str, found: Any, name: str | None, run_as: list[str] | None, report: Progress
) -> LoadedCLI:
    root_name = name or found.name
    # The absolute path, not the typed name: hosts start servers with a minimal PATH (`target`
    # keeps the name; `check` says when the path moved).
    command = run_as or [found.path]
    if (
        found.python
        and targets.is_this_interpreter(found.python)
        and introspect.console_script(found.name)
    ):
        report(f"Reading console script {found.name}…")
        try:
            info = introspect.describe(found.name, root_name)
        except introspect.IntrospectError as error:
            report(f"{error}; reading its --help instead")
        else:
            return _witnessed(
                info,
                target,
                command,
                report,
                again=lambda names: introspect.describe(found.name, root_name, names),
            )
    elif found.python:
        loaded = _load_foreign(target, found, root_name, command, report)
        if loaded is not None:
            return loaded
    return _crawl(target, found, root_name, command, report, crawl_as=run_as)


def _load_foreign(
    target: str, found: Any, root_name: str, command: list[str], report: Progress
) -> LoadedCLI | None:
    """The exact loaders run in the script's own interpreter; None (→ help crawl) when that fails."""
    try:
        info = foreign.introspect(found.python, found.name, name=root_name, progress=report)
    except LoadError as error:
        report(f"{error}; reading its --help instead")
        return None
    return _witnessed(
        info,
        target,
        command,
        report,
        again=lambda names: foreign.introspect(
            found.python, found.name, name=root_name, dispatch_names=names
        ),
    )


def _witnessed(
    info: dict[str, Any],
    target: str,
    command: list[str],
    report: Progress,
    again: Callable[[list[str]], dict[str, Any]],
) -> LoadedCLI:
    """An exact load of an executable (in this interpreter or the script's own), checked against
    its help (`_witness`); `again` introspects once more with dispatch names help revealed."""
    tree = _witness(
        _tree(info["tree"], target),
        command,
        info,
        top_level_first=True,
        report=report,
        again=lambda names: _tree(again(names)["tree"], target),
    )
    return LoadedCLI(
        tree,
        SourceConfig(
            command=command,
            loader=Loader(info["loader"]),
            target=target,
            cli_version=info.get("cli_version") or tree.cli_version,
        ),
    )


def _crawl(
    target: str,
    found: Any,
    root_name: str,
    command: list[str],
    report: Progress,
    *,
    crawl_as: list[str] | None = None,
) -> LoadedCLI:
    """The help crawl of an executable. `crawl_as`: the user's `--command`, which runs the CLI
    as its tools will, so its help is read the same way (`--command 'aws s3'` reads that part,
    whose tools run `aws s3 …`)."""
    from workbench.loaders.help import crawl  # lazy: the crawler (see _witness)

    report(f"Reading {found.name} --help…")
    tree = crawl(
        found.path if found.run_as == found.path else found.run_as,
        name=root_name,
        progress=report,
        command=crawl_as,
    )

    if tree.coverage is None:  # else the crawl's own report: its signs and its other listings
        tree.coverage = Coverage(exact=None, help=count_witness(tree, unread_paths(tree)))
    return LoadedCLI(
        tree,
        SourceConfig(
            command=command, loader=Loader.HELP, target=target, cli_version=tree.cli_version
        ),
    )
