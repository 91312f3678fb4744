"""The help crawler: a whole command tree from `CLI [path…] --help`, concurrently.

Runs the root's help, then every listed subcommand's, level by level on a thread pool (help
calls are subprocesses, so threads overlap their waiting), each with its own timeout, down to
`max_depth`. Results are assembled in the order the help texts list them, whatever order the
calls finish in, so a crawl is deterministic (`check` compares trees). Progress is reported
on the caller's thread. What could not be read is kept as notes on the tree; a listed
command whose help could not be read stays in the tree, with its summary, as a leaf.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path

from workbench.loaders.help.assemble import CrawledCommand, build_tree
from workbench.loaders.help.cache import cache_key, executable_identity, load_cached, store_cached
from workbench.loaders.help.cleo import LIST_HELP
from workbench.loaders.help.cobra_complete import WITNESS as ENGINE_WITNESS
from workbench.loaders.help.cobra_complete import consult_completion, engine_confirms, links_cobra
from workbench.loaders.help.completions import (
    Finder,
    consult_completions,
    find_completion_files,
    usage_name,
)
from workbench.loaders.help.detect import STYLES, detect_style, parser_for, rules_for
from workbench.loaders.help.document import read_document
from workbench.loaders.help.fetch import (
    RETRY_FACTOR,
    Fetched,
    fetch_help,
    fetch_listing,
    fetch_pointed_listing,
    says_help_comes_last,
    timed_out_twice,
)
from workbench.loaders.help.generic import first_of_each, parse_listing, rows_are_options
from workbench.loaders.help.go_completion import consult_go_completion
from workbench.loaders.help.go_completion import framework as go_framework
from workbench.loaders.help.manpage import (
    MANUAL_STYLE,
    consult_command_pages,
    consult_manual,
    consult_page_commands,
    help_from_page,
    page_sibling,
    read_manual,
)
from workbench.loaders.help.manpage import WITNESS as MAN_WITNESS
from workbench.loaders.help.modes import give_mode_options
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp
from workbench.loaders.help.pointers import (
    fold_alias_rows,
    listing_pointers,
    merge_listing,
    own_part,
)
from workbench.loaders.help.run import run_help
from workbench.loaders.help.shortness import (
    PRINTED_PARENTS_HELP,
    example_options,
    held_spellings,
    hides_help_switch,
    nameless_rows,
    one_help_for_all,
    promised_options,
    refuses_as_unknown,
    refuses_own_default,
    runs_instead_of_help,
    says_partial,
    unlisted_overrides,
    unread_rows,
)
from workbench.model.errors import LoadError
from workbench.model.tree import CommandTree, ListingWitness

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_MAX_DEPTH = 4
MAX_COMMANDS = 3000
_BEYOND_THE_LIMITS = ("not crawled: more than", "not crawled: deeper than")
"""Notes of commands the crawl's limits left unread (a listed `help help` is no loss)."""
_NAMES_COMMANDS = re.compile(r"(?i)\bcommands?\b")
"""A root help that speaks of commands (`git lfs <command> [<args>]`, a `Commands` heading)."""
_PRINTED_NOTHING = re.compile(r"^`[^`]*` printed nothing \(exit code 0\)")
"""fetch's problem for a help form that succeeded and printed nothing (kubectl's `options --help`)."""
_COMMANDS_HEADING = re.compile(r"(?im)^[ \t]*(?:available |sub)?commands:?[ \t]*$")
"""A heading that promises a list of commands (`Commands`, `Available Commands:`)."""
_COMMANDS_IN_A_GRAMMAR = re.compile(
    r"^\s*(?:where\s+)?([A-Z][A-Z_]*)\s*:=\s*\{\s*([\w-]+(?:\s*\|\s*[\w-]+){2,})", re.MULTILINE
)
"""`where  OBJECT := { address | addrlabel | …`: the words a usage placeholder stands for, in a
grammar; when that placeholder is in the usage, they are the commands."""
_VERSION = re.compile(r"(?<![\w.])v?(\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?)")


def resolve_executable(executable: str) -> str:
    """The path of `executable` (a command on PATH or a path), or a LoadError saying why not."""
    if os.sep in executable or (os.altsep and os.altsep in executable):
        if os.path.isfile(executable) and os.access(executable, os.X_OK):
            return os.path.abspath(executable)
        raise LoadError(
            f"`{executable}` is not an executable file; give the path of a program you can run."
        )
    found = shutil.which(executable)
    if found is None:
        raise LoadError(
            f"`{executable}` is not on PATH; install it or give the path to the executable."
        )
    return found


def crawl(
    executable: str,
    *,
    name: str | None = None,
    progress: Callable[[str], None] | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    max_depth: int = DEFAULT_MAX_DEPTH,
    use_cache: bool = True,
    max_workers: int | None = None,
    cache_dir: Path | None = None,
    command: list[str] | None = None,
    man: str | None = None,
    completions: Finder | None = None,
    cobra_program: Callable[[str], bool] | None = None,
) -> CommandTree:
    """Crawl `executable`'s help texts into a command tree named `name` (default: its file name).

    `command`, when given, is the argv prefix that runs the CLI (`[python, "-m", "pkg"]`):
    it is run through a small launcher named `name` instead of `executable`, uncached.
    `man`: the `man` program that renders the CLI's manual page (default: `man` on PATH; the
    corpus replays a recorded one). `completions`: what finds the CLI's shell completion files
    (default: `find_completion_files`; the corpus replays recorded ones). `cobra_program`: whether
    an executable is a Go program built with cobra (default: `links_cobra`, from its bytes; the
    corpus replays what was found for the real program).
    """
    if command:
        with tempfile.TemporaryDirectory(prefix="workbench-launch-") as folder:
            launcher = _launcher(command, Path(folder), name or executable)
            return crawl(
                str(launcher),
                name=name or executable,
                progress=progress,
                timeout_s=timeout_s,
                max_depth=max_depth,
                use_cache=False,
                max_workers=max_workers,
                man=man,
                completions=completions,
                cobra_program=cobra_program,
            )
    path = resolve_executable(executable)
    root_name = name or os.path.basename(executable.rstrip("/"))
    report = progress or (lambda message: None)
    version_call = run_help([path, "--version"], timeout_s)
    version_output = f"{version_call.exit_code}\n{version_call.stdout}\n{version_call.stderr}"
    key = None
    if use_cache:
        try:
            key = cache_key(
                executable_identity(path, version_output, name=root_name, max_depth=max_depth)
            )
        except OSError:
            key = None
        cached = load_cached(key, cache_dir) if key else None
        if cached is not None:
            try:
                tree = CommandTree.from_data(cached)
                report(f"{root_name}: loaded from the cache")
                return tree
            except ValueError:
                pass
    with (
        tempfile.TemporaryDirectory(prefix="workbench-crawl-") as workdir,
        ThreadPoolExecutor(max_workers=2, thread_name_prefix="help-man") as side,
    ):
        page = side.submit(
            read_manual, os.path.basename(path), timeout_s, man=man, cwd=workdir
        )  # beside the crawl
        finder = completions or find_completion_files
        names = list(dict.fromkeys([os.path.basename(path), root_name]))
        found = side.submit(finder, path, names)
        root = _crawl_nodes(
            path,
            root_name,
            report,
            timeout_s,
            max_depth,
            max_workers,
            workdir,
            cobra_program or links_cobra,
        )
        _share_one_help(root)
        give_mode_options(root)  # `=== INFO` in `git lfs migrate`'s manual: `migrate info`'s own
        consult_manual(page.result(), root, os.path.basename(path))
        consult_page_commands(page.result(), root)  # tmux(1)'s `new-session [-AdDEPX] …`
        consult_command_pages(
            root,
            os.path.basename(path),
            timeout_s,
            man=man,
            cwd=workdir,
            workers=_workers(max_workers),
        )  # `git-remote(1)` for `git remote`: only the commands that have a page cost a call
        files = found.result()
        printed = usage_name(root.parsed)
        if printed and printed not in names:  # the name the help prints (`Usage: fd …`)
            names.append(printed)
            files += [f for f in finder(path, [printed]) if f.path not in {g.path for g in files}]
        completion_signs = consult_completions(
            files, root, set(names), root_name, _cli_version(version_call)
        )
    tree = build_tree(root, root_name, _cli_version(version_call))
    signs = short_signs(root, root_name) + completion_signs
    listings = listing_witnesses(root, tree)
    if signs or listings:
        from workbench.loaders.witness import unread_paths
        from workbench.model.coverage import count_witness
        from workbench.model.tree import Coverage, WitnessCount

        total = count_witness(tree, unread_paths(tree))
        taken = WitnessCount(
            commands=sum(w.taken.commands for w in listings),
            flags=sum(w.taken.flags for w in listings),
        )
        seen_in_help = WitnessCount(
            commands=total.commands - taken.commands, flags=total.flags - taken.flags
        )
        tree.coverage = Coverage(help=seen_in_help, short_signs=signs, listings=listings)
    if key:
        store_cached(key, tree.to_data(), cache_dir)
    report(f"{root_name}: {sum(1 for _ in tree.walk())} commands read")
    return tree


def _launcher(command: list[str], folder: Path, name: str) -> Path:
    """An executable file that runs `command` with its own arguments appended (exec, no shell)."""
    import sys

    program = resolve_executable(command[0])
    launcher = folder / (os.path.basename(name) or "cli")
    launcher.write_text(
        f"#!{sys.executable} -IS\nimport os, sys\n"
        f"os.execv({program!r}, {[program, *command[1:]]!r} + sys.argv[1:])\n"
    )
    launcher.chmod(0o700)
    return launcher


def _workers(max_workers: int | None) -> int:
    """How many help calls run at once (they mostly wait on their subprocess)."""
    return max_workers or min(16, (os.cpu_count() or 2) * 4)


def _crawl_nodes(
    executable, root_name, report, timeout_s, max_depth, max_workers, workdir, cobra_program
) -> CrawledCommand:
    root = CrawledCommand([], None, [])
    workers = _workers(max_workers)
    seen = 0
    read: list[CrawledCommand] = []  # every node whose help was read, in the order it was read
    engine = "unknown"  # cobra's completion engine: unknown, asked (at the root), yes, no
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="help-crawl") as pool:
        pending: dict[Future, tuple[str, CrawledCommand]] = {
            pool.submit(_fetch_and_parse, executable, root, timeout_s, None, workdir): (
                "help",
                root,
            )
        }

        by_path: dict[tuple[str, ...], CrawledCommand] = {(): root}

        def add_children(node: CrawledCommand, entries: list[CommandEntry]) -> None:
            assert (
                node.parsed is not None
                and node.fetched is not None
                and node.fetched.text is not None
            )  # parsed from it
            for entry in entries:
                owner = _colon_id_owner(node, entry, by_path)
                if owner is None:
                    continue  # its owner lists it already
                assert owner.fetched is not None and owner.fetched.text is not None
                child = CrawledCommand(
                    [*owner.path, entry.name],
                    entry,
                    [*owner.ancestors, owner.fetched.text],
                    listed_by=node.listing_commands.get(entry.name),
                    help_last=owner.help_last,
                )
                owner.children.append(child)
                by_path[tuple(child.path)] = child
                if len(child.path) > max_depth:
                    child.note = f"not crawled: deeper than the depth limit ({max_depth})"
                    child.rejected = child.listed_by is not None
                elif len(child.path) > 1 and child.path[-1] == child.path[-2]:
                    child.note = "not crawled: it repeats its parent's name (`help help`)"
                elif seen + len(pending) >= MAX_COMMANDS:
                    child.note = f"not crawled: more than {MAX_COMMANDS} commands"
                    child.rejected = child.listed_by is not None
                else:
                    future = pool.submit(
                        _fetch_and_parse, executable, child, timeout_s, node.parsed.style, workdir
                    )
                    pending[future] = ("help", child)

        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: (pending[f][1].path, pending[f][0])):
                kind, node = pending.pop(future)
                future.result()
                if kind == "listing":  # kingpin's or urfave's completion: as the engine's
                    assert node.parsed is not None
                    add_children(
                        node,
                        [e for e in node.parsed.subcommands if e.name in node.listing_commands],
                    )
                    continue
                if kind == "complete":  # the engine's answer: crawl the commands only it listed
                    assert node.parsed is not None  # only read commands are asked
                    add_children(
                        node,
                        [e for e in node.parsed.subcommands if e.name in node.listing_commands],
                    )
                    if not node.path:  # the root's answer decides whether the others are asked
                        engine = "yes" if node.listing_seen else "no"
                        if engine == "yes":
                            for earlier in read[1:]:
                                pending[
                                    pool.submit(
                                        consult_completion, executable, earlier, timeout_s, workdir
                                    )
                                ] = ("complete", earlier)
                    continue
                seen += 1
                label = " ".join([root_name, *node.path])
                report(f"read {label} ({seen} of {seen + len(pending)})")
                if node.parsed is None:
                    if not node.path:
                        raise LoadError(
                            f"`{root_name}` gave no help text we could read "
                            f"({(node.fetched.problem if node.fetched else None) or node.note}); "
                            "check that it prints help for --help or -h."
                        )
                    continue
                add_children(node, first_of_each(node.parsed.subcommands, lambda entry: entry.name))
                read.append(node)
                if node.parsed.subcommands and go_framework(node) is not None:
                    pending[
                        pool.submit(consult_go_completion, executable, node, timeout_s, workdir)
                    ] = ("listing", node)  # a group's kingpin/urfave completion (never a leaf's)
                if engine == "unknown" and node.parsed.style == "cobra":
                    # a cobra-style help: ask the engine about the root first; only a well-formed
                    # answer there makes it worth asking about every other command
                    engine = "asked"
                    pending[
                        pool.submit(consult_completion, executable, root, timeout_s, workdir)
                    ] = ("complete", root)
                elif engine == "unknown" and not node.path and cobra_program(executable):
                    # a help template of the program's own (git-lfs) hides cobra's marks; the
                    # executable's bytes still say cobra, so its engine is safe to ask. A root
                    # whose help names commands is asked for them though none was read.
                    engine = "asked"
                    text = node.fetched.text if node.fetched else None
                    asks_commands = bool(_NAMES_COMMANDS.search(text or ""))
                    pending[
                        pool.submit(
                            consult_completion,
                            executable,
                            root,
                            timeout_s,
                            workdir,
                            commands=asks_commands or None,
                        )
                    ] = ("complete", root)
                elif engine == "yes":
                    pending[
                        pool.submit(consult_completion, executable, node, timeout_s, workdir)
                    ] = ("complete", node)
    return root


def _colon_id_owner(
    node: CrawledCommand, entry: CommandEntry, by_path: dict[tuple[str, ...], CrawledCommand]
) -> CrawledCommand | None:
    """The command a listed entry is a subcommand of. A group's page that spells its commands
    by their whole id, the group's own name and a colon before each (`access:add` listed by
    `access`, `apps:favorites:add` by `apps:favorites`), lists commands typed at the group's
    own level (`tool access:add`; `tool access add` would run `access` with an argument
    `add`): they belong to the group's parent. None when that parent lists the command itself."""
    if not node.path or not entry.name.startswith(f"{node.path[-1]}:"):
        return node
    parent = by_path.get(tuple(node.path[:-1]))
    if parent is None or parent.fetched is None or parent.fetched.text is None:
        return node
    if any(child.path[-1] == entry.name for child in parent.children):
        return None
    return parent


def _share_one_help(root: CrawledCommand) -> None:
    """A program that prints one help for all its commands (`shortness.one_help_for_all`):
    its commands take the options that help lists, from their parent; one note says so, in
    place of a note per command that its help could not be read."""
    stack = [root]
    while stack:
        node = stack.pop()
        children = [child for child in node.children if not child.rejected]
        stack.extend(child for child in children if child.parsed is not None)
        if node.parsed is None:
            continue
        text = node.fetched.text if node.fetched and node.fetched.text else ""
        opening = next((line.strip() for line in text.splitlines() if line.strip()), "")
        forms = [*node.parsed.usage, opening]  # systemd's help opens with its usage, unnamed
        problems = [child.fetched.problem if child.fetched else None for child in children]
        if not one_help_for_all(forms, problems):
            continue
        for child in children:
            child.note = None
        node.parsed.notes.append(
            f"its {len(children)} commands answer `--help` with this same help: it is one help "
            "for all of them, so each takes the options it lists"
        )


def _fetch_and_parse(
    executable: str, node: CrawledCommand, timeout_s: float, parent_style: str | None, cwd: str
) -> None:
    """Get and read one node's help (runs on a pool thread; touches only `node`)."""
    engine_listed = node.listed_by == ENGINE_WITNESS
    node.fetched = fetch_help(
        executable,
        node.path,
        node.ancestors,
        timeout_s,
        cwd=cwd,
        engine_listed=engine_listed,
        help_last=node.help_last,
    )
    program = os.path.basename(executable)
    if not node.path and any(says_help_comes_last(c, program) for c in node.fetched.calls[:1]):
        # `aws --help` fails and says `aws help`, `aws <command> help`: ask every help so
        asked = fetch_help(executable, [], [], timeout_s, cwd=cwd, help_last=True)
        if asked.text is not None and asked.argv[-1:] == ("help",):
            node.fetched, node.help_last = asked, True
    root_list_help = (
        not node.path and node.fetched.text is not None and LIST_HELP.search(node.fetched.text)
    )
    if root_list_help or (parent_style == "cleo" and node.fetched.text is None):
        listing = fetch_listing(
            executable, node.path, timeout_s, cwd=cwd
        )  # cleo: `CLI list [namespace]`
        if listing is not None:
            node.fetched = listing
    problem = node.fetched.problem or ""
    if (
        node.fetched.text is None
        and engine_listed
        and (PRINTED_PARENTS_HELP in problem or _PRINTED_NOTHING.search(problem))
        and engine_confirms(executable, node.path, timeout_s, cwd)
    ):  # git-lfs prints `migrate`'s manual for `migrate info`, kubectl nothing at all for
        # `options --help`: the engine's help flag says `help for info` (`help for options`),
        # so it is a command; its flags come from the engine (and the modes)
        said = "its parent's text" if "parent" in problem else "empty"
        node.parsed = ParsedHelp(
            style="cobra",
            notes=[f"its help is {said}; cobra's engine confirms the command and lists its flags"],
        )
        node.fetched = Fetched("", node.fetched.argv, calls=node.fetched.calls)
        return
    entry = node.entry
    if node.fetched.text is None and entry and (entry.below or entry.usage_flags is not None):
        # a listing of whole usages by full path (`tool remote tag list [--json]`) shows all a
        # command has: a path only the start of other rows is a group of them, a row's options
        # are the command's flags, though its own help could not be read
        node.parsed = ParsedHelp(
            style=parent_style or "generic",
            runnable=entry.usage_flags is not None,
            flags=list(entry.usage_flags or []),
            subcommands=list(entry.below),
            notes=[
                f"its own help could not be read ({node.fetched.problem}); what it has is "
                "read from its parent's listing of whole usages"
            ],
        )
        node.fetched = Fetched("", node.fetched.argv, calls=node.fetched.calls)
        return
    if node.fetched.text is None and (refused := refuses_own_default(node.fetched.calls)):
        node.note = (
            f"help unavailable on this machine: its --help refuses one of its own defaults "
            f"(“{refused[:200]}”), so its options could not be read; make that default valid "
            "here (create the path it names) and load again, or add its flags by hand"
        )
        return
    if (
        node.fetched.text is None
        and node.path
        and (unknown := refuses_as_unknown(node.fetched.calls, node.path[-1]))
    ):
        node.note = (
            f"left out: listed, but not a command of this installation (“{unknown[:200]}”); "
            "install what provides it and load again to add it"
        )
        node.rejected = True  # a tool for it could only fail
        return
    if node.fetched.text is None:
        node.note = f"help unavailable: {node.fetched.problem}"
        node.rejected = (
            node.listed_by is not None
        )  # a name only a listing gave, never confirmed by help
        return
    path = [os.path.basename(executable), *node.path]
    if node.fetched.manual:
        node.parsed = help_from_page(node.fetched.text, path)
        if node.parsed is None and (sibling := page_sibling(node.fetched.text, path)):
            # every help form opens a sibling's page: the name is that command's alias
            node.parsed = help_from_page(node.fetched.text, [*path[:-1], sibling])
            if node.parsed is not None:
                node.parsed.aliases.append(node.path[-1])
                node.path = [*node.path[:-1], sibling]
        if node.parsed is None:
            node.note = "help unavailable: its help is the manual page of another command"
            node.rejected = node.listed_by is not None
        return
    style = detect_style(node.fetched.text, prefer=parent_style)
    try:
        node.parsed = parser_for(style)(node.fetched.text, path)
    except Exception as error:  # a text no parser rule foresaw: keep the command, report it
        node.note = f"its {style} help text could not be read ({type(error).__name__})"
        return
    fold_alias_rows(node.parsed)
    if node.entry is not None and node.entry.usage_flags and not node.parsed.flags:
        # its parent's usage forms are its whole usage, options and all; its own reply shows
        # the forms alone (a usage error's `Usage:` lines, without the options they name)
        node.parsed.flags = [flag.model_copy() for flag in node.entry.usage_flags]
    if node.entry is not None and node.entry.below:  # what the parent's listing names below it
        _add_below(node.parsed.subcommands, node.entry.below)
    _read_pointed_listings(executable, node, path, timeout_s, cwd)


def _add_below(listed: list[CommandEntry], below: list[CommandEntry]) -> None:
    """The commands a parent's listing names below a command, added to what the command's
    own help lists; for one both name, what the parent's listing names further below it is
    kept on the entry (`self show plugins` in the root's listing, below the `show` that the
    listing of `self` names with nothing under it)."""
    known = {entry.name: entry for entry in listed}
    for entry in below:
        if entry.name not in known:
            listed.append(entry)
        elif entry.below:
            _add_below(known[entry.name].below, entry.below)


def _read_pointed_listings(
    executable: str, node: CrawledCommand, path: list[str], timeout_s: float, cwd: str
) -> None:
    """Follow every pointer the help text gives to a fuller listing (`'git help -a'`,
    `"--help all"`, `--list`) and add what those listings show (runs on the node's thread)."""
    parsed, own = node.parsed, node.fetched
    assert parsed is not None and own is not None and own.text is not None  # read just before
    for arguments in listing_pointers(own.text, parsed, path):
        fetched = fetch_pointed_listing(executable, arguments, own.text, timeout_s, cwd=cwd)
        if fetched is None or fetched.text is None:
            continue
        if fetched.text is None:
            node.unfollowed.append(arguments)
            continue
        text = own_part(fetched.text, parsed, path)
        style = detect_style(text, prefer=parsed.style)
        try:
            listing = parse_listing(text, path, rules_for(style))
        except Exception:  # a listing no rule foresaw adds nothing; the command's own help stands
            continue
        node.followed.append(arguments)
        commands, flags = merge_listing(parsed, listing)
        if commands or flags:
            shown = " ".join([path[0], *arguments])
            parsed.notes.append(
                f"`{shown}` lists {commands} more commands and {flags} more flags than its help"
            )


_MAX_NAMED = 4


def listing_witnesses(root: CrawledCommand, tree: CommandTree) -> list[ListingWitness]:
    """What each other listing the crawl consulted showed and what the tree took from it."""
    witnesses: dict[str, ListingWitness] = {}
    stack: list[tuple[CrawledCommand, CrawledCommand | None]] = [(root, None)]
    while stack:
        node, parent = stack.pop()
        stack.extend((child, node) for child in reversed(node.children))
        for name, (commands, flags) in node.listing_seen.items():
            witness = witnesses.setdefault(name, ListingWitness(witness=name))
            witness.seen.commands += commands
            if name in node.listing_keys:  # a persistent flag counts once, where it first shows
                inherited = parent.listing_keys.get(name, set()) if parent else set()
                flags = len(node.listing_keys[name] - inherited)
            witness.seen.flags += flags
        if node.rejected and node.listed_by in witnesses:
            witnesses[node.listed_by].unconfirmed.append(" ".join([tree.root.name, *node.path]))
    for command in tree.walk():
        if command.listed_by in witnesses:
            witness = witnesses[command.listed_by]
            witness.taken.commands += 1
            witness.taken_names.append(f"{command.path_str} (command)")
        for flag in command.flags:
            if flag.listed_by in witnesses and not flag.hidden:
                witness = witnesses[flag.listed_by]
                witness.taken.flags += 1
                witness.taken_names.append(f"{command.path_str} {flag.spelling}")
    return list(witnesses.values())


def _rows_are_options(text: str, heading: str) -> bool:
    """Whether the rows under a commands heading are options (argparse's `Commands:` group of
    options that act as commands, pylint's `--generate-rcfile`, `--append  -A chain` rows
    under a line of prose): read as flags by the rule that reads such a section as options
    (`generic.rows_are_options`), they are no sign that commands were missed."""
    title = heading.strip().rstrip(":").strip().lower()
    return any(
        section.key.rstrip(":") == title and rows_are_options(section)
        for section in read_document(text).sections
    )


def _rows_are_arguments(text: str, heading: str) -> bool:
    """Whether every row under a commands heading is headed by an argument placeholder (cac's
    `Commands:` over `[...files]` or `[mode]  Update mode …`): the program lists its default
    command by the arguments it takes, so no command is missing when none is read."""
    title = heading.strip().rstrip(":").strip().lower()
    for section in read_document(text).sections:
        if section.key.rstrip(":") != title:
            continue
        content = [line for line in section.lines if line.strip()]
        if not content:
            return False
        edge = min(len(line) - len(line.lstrip()) for line in content)
        rows = [line.strip() for line in content if len(line) - len(line.lstrip()) == edge]
        return all(_ARGUMENT_HEAD.match(row) for row in rows)
    return False


_ARGUMENT_HEAD = re.compile(r"(?:\[[^\]\s]+\]|<[^>\s]+>)(?:\s|$)")
"""`[...files]`, `[mode]`, `<file>`: a placeholder of an argument at a row's head."""


def short_signs(root: CrawledCommand, root_name: str) -> list[str]:
    """What the crawl itself shows it missed, one sentence per kind (a help-only load has no
    second witness to compare with): help that says it shows only part of the options when no
    pointer or page filled it, overrides the help names but does not list, option names and
    rows no flag holds, listed commands whose help could not be read, pointed listings not
    read (`shortness.py`)."""
    unread_names: list[str] = []
    unread_commands: list[str] = []
    timed_out: list[str] = []
    uncrawled: list[str] = []
    limits: set[str] = set()
    unfollowed: list[str] = []
    partial: list[str] = []
    unlisted: list[str] = []
    nameless: list[str] = []
    manuals: list[str] = []
    in_examples: list[str] = []
    promised: list[str] = []
    held_anywhere, command_words = _tree_spellings(root)
    hidden_help = hides_help_switch(_page_texts(root))
    stack: list[tuple[CrawledCommand, set[str], bool]] = [(root, set(), False)]
    while stack:
        node, above, sibling_read = stack.pop()
        if node.rejected:
            continue  # a name only another listing gave, which its help did not confirm: not in the tree
        label = " ".join([root_name, *node.path])
        if node.parsed is None:
            if node.note and node.note.startswith(_BEYOND_THE_LIMITS):
                uncrawled.append(label)  # the crawl's own limits, not the program's doing
                limits.add(node.note.removeprefix("not crawled: "))
            if (
                node.note
                and not node.note.startswith("not crawled")
                and node.path[-1] != "help"  # a listed `help` command has no flags to miss
                and not (sibling_read and node.fetched and runs_instead_of_help(node.fetched.calls))
                and not (node.fetched and refuses_own_default(node.fetched.calls))
            ):
                slow = node.fetched is not None and timed_out_twice(node.fetched.calls)
                (timed_out if slow else unread_commands).append(label)
            continue
        if node.parsed.style == MANUAL_STYLE:
            manuals.append(label)
        flags = [*node.parsed.flags, *node.parsed.inherited, *node.listing_flags]
        held_here = above | held_spellings(flags)
        children_read = any(child.parsed is not None for child in node.children)
        stack.extend((child, held_here, children_read) for child in reversed(node.children))
        below = held_spellings(
            [f for child in node.children if child.parsed for f in child.parsed.flags]
        )
        text = node.fetched.text if node.fetched and node.fetched.text else ""
        sentence = says_partial(text)
        if sentence and not node.followed and not node.listing_seen.get(MAN_WITNESS, (0, 0))[1]:
            partial.append(f"{label} (“{sentence}”)")  # no fuller listing or page filled it
        unlisted.extend(f"{label} {name}" for name in unlisted_overrides(flags, above | below))
        unread_names.extend(
            f"{label} {name}" if node.path else name
            for name in unread_rows(text, flags, above | below | set(node.parsed.retired))
        )
        held = {f"--{f.name}" for f in flags if f.name} | {f"-{f.name}" for f in flags if f.name}
        held |= {f"-{f.short}" for f in flags if f.short} | {
            f"--no-{f.name}" for f in flags if f.name and f.negatable
        }
        held |= {alias for f in flags for alias in f.aliases}
        for name in dict.fromkeys(node.parsed.unread):
            if name not in held:
                unread_names.append(f"{label} {name}" if node.path else name)
        unfollowed.extend(f"`{' '.join([root_name, *arguments])}`" for arguments in node.unfollowed)
        declared = node.parsed.style == "argparse"
        nameless.extend(f"{label} {row}" for row in nameless_rows(text, declared_rows=declared))
        in_examples.extend(
            f"{label} {name}" if node.path else name
            for name in example_options(text, root_name, held_anywhere, command_words)
        )
        word = promised_options(text)
        if (
            word
            and not hidden_help
            and not flags
            and not node.children
            and not node.parsed.subcommands
            and not (
                node.parsed.style in STYLES
                and rules_for(node.parsed.style).usage_always_says_options
            )
        ):
            promised.append(f"{label} (“{word}”)")
    unread_names = list(dict.fromkeys(unread_names))  # a row both readings name, once
    signs = []
    root_text = root.fetched.text if root.fetched and root.fetched.text else ""
    heading = _COMMANDS_HEADING.search(root_text)
    if (
        heading
        and not any(not child.rejected for child in root.children)
        and not _rows_are_options(root_text, heading.group(0))
        and not _rows_are_arguments(root_text, heading.group(0))
    ):
        signs.append(
            f"its help has a “{heading.group(0).strip()}” section but no command was read from it "
            "(a layout the crawler does not know): its commands are missing"
        )  # git-lfs's manual-style help, where nothing else would say so
    grammar = _COMMANDS_IN_A_GRAMMAR.search(root_text)
    if (
        grammar
        and not any(not child.rejected for child in root.children)
        and re.search(
            rf"\b{grammar.group(1)}\b", " ".join(root.parsed.usage if root.parsed else [])
        )
    ):
        names = [name.strip() for name in grammar.group(2).split("|")]
        signs.append(
            f"its help names its commands only in a grammar (“{grammar.group(1)} := "
            f"{{ {' | '.join(names[:3])} | … }}”), which the crawler does not read: its "
            "commands are missing; add the ones you need by hand"
        )  # iproute2's `ip`, `tc`, `bridge`: `where  OBJECT := { address | link | … }`
    if partial:
        signs.append(
            f"{_counted(len(partial), 'help text')} saying it shows only part of the options "
            f"({_named(partial)}), and no fuller listing or man page it points to could be read: "
            f"{_BY_HAND}"
        )
    if unlisted:
        signs.append(
            f"{_counted(len(unlisted), 'option')} the help names as another's override "
            f"but does not list ({_named(unlisted)}): they are missing"
        )
    if unread_names:
        signs.append(
            f"{_counted(len(unread_names), 'option name')} in the help that no flag holds "
            f"({_named(unread_names)}): the help text was not fully read"
        )
    if in_examples:
        signs.append(
            f"{_counted(len(in_examples), 'option')} the help's own examples give the program "
            f"that no row lists ({_named(list(dict.fromkeys(in_examples)))}): the help does not list "
            f"every option, so those are missing; {_BY_HAND}"
        )
    if promised:
        signs.append(
            f"{_counted(len(promised), 'command')} whose usage takes options that the help lists "
            f"none of ({_named(promised)}): their options are missing; {_BY_HAND}"
        )
    if nameless:
        signs.append(
            f"{_counted(len(nameless), 'option')} spelled with dashes alone ({_named(nameless)}): "
            "no flag can hold such an option, so the tool cannot pass it"
        )
    if unread_commands:
        signs.append(
            f"{_counted(len(unread_commands), 'listed command')} whose own help could not be read "
            f"({_named(unread_commands)}): their flags are missing"
        )
    if uncrawled:
        signs.append(
            f"{_counted(len(uncrawled), 'listed command')} not crawled ({_named(uncrawled)}: "
            f"{' or '.join(sorted(limits))}, the limits of one load): their flags and "
            "subcommands are missing; load the part you need on its own, with a --command "
            f"that runs it (`--command '{' '.join(uncrawled[0].split()[:2])}'`)"
        )
    if timed_out:
        signs.append(
            f"{_counted(len(timed_out), 'listed command')} whose help did not finish in time, "
            f"asked twice, the second time with {RETRY_FACTOR:g} times the limit "
            f"({_named(timed_out)}): their flags and subcommands are missing; load again when "
            "the machine is less busy"
        )
    if unfollowed:
        signs.append(
            f"{_counted(len(unfollowed), 'fuller listing')} the help points to that could not be read "
            f"({_named(unfollowed)}): the options only it shows are missing"
        )
    if manuals and manuals[0] == root_name:
        signs.append(
            f"its help is its manual page ({_named(manuals)}: every help form opens it), read "
            "as a manual: a page names the commands and options its authors documented, which "
            "may be fewer than the program has; check the program's own command list"
        )
    return signs


_BY_HAND = (
    "add the missing flags from the CLI's manual by hand, or load it exactly (a `module:attr` "
    "TARGET) if it is a Python CLI"
)
"""The fix a sign offers when the help itself does not list what is missing."""


def _tree_spellings(root: CrawledCommand) -> tuple[set[str], set[str]]:
    """Every option spelling any command of the crawl holds, and every command name and alias:
    an example may give a subcommand's option, or its parent's, through any command path."""
    spellings: set[str] = set()
    words: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.path:
            words.add(node.path[-1])
        if node.entry is not None:
            words.update(node.entry.aliases)
        if node.parsed is not None:
            spellings |= held_spellings(
                [*node.parsed.flags, *node.parsed.inherited, *node.listing_flags]
            )
            words.update(node.parsed.aliases)
            words.update(entry.name for entry in node.parsed.subcommands)
    return spellings, words


def _page_texts(root: CrawledCommand) -> list[str]:
    """The help text of every command of the crawl that was read (rejected names left out)."""
    texts: list[str] = []
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if not node.rejected and node.parsed is not None and node.fetched and node.fetched.text:
            texts.append(node.fetched.text)
    return texts


def _counted(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _named(items: list[str]) -> str:
    return ", ".join(items[:_MAX_NAMED]) + (", …" if len(items) > _MAX_NAMED else "")


def _cli_version(call) -> str | None:
    if call.exit_code != 0 or call.timed_out:
        return None
    match = _VERSION.search(call.stdout or call.stderr)
    return match.group(1) if match else None
