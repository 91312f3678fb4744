"""pkgtool: an argparse sample CLI that installs packages from a built-in catalog into local state.

Exercises what the argparse loader must read: subparsers with aliases and a nested `cache`
group, a parent parser of common options (`--root`, `-q/--quiet`) shared by the subcommands,
`action="append"`, `nargs="*"` and `nargs="+"`, choices, a count flag, `store_false`,
`BooleanOptionalAction` and a mutually exclusive group. `main()` builds the parser itself and
calls `parse_args`, like most console scripts, so it also exercises capture-at-parse_args.

State: `installed.json` ({name: record}) and `cache/` in the install root, by default
`$WORKBENCH_SAMPLE_HOME/pkgtool`. Run it as `python -m sample_clis.pkgtool`.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
from pathlib import Path

from sample_clis._state import read_json, state_dir, write_json

__version__ = "2.1.0"

CHANNELS = ["stable", "beta", "nightly"]
FIELDS = ["name", "version", "channel", "extras", "scope", "summary"]

CATALOG: dict[str, dict] = {
    "requests": {
        "summary": "HTTP for humans",
        "versions": {"stable": "2.32.3", "beta": "2.33.0b1", "nightly": "2.34.0.dev3"},
        "extras": ["socks", "security"],
        "deps": ["urllib3", "idna"],
    },
    "urllib3": {
        "summary": "HTTP client internals",
        "versions": {"stable": "2.2.3", "beta": "2.3.0b2", "nightly": "2.3.0.dev9"},
        "extras": ["brotli"],
        "deps": [],
    },
    "idna": {
        "summary": "Internationalized domain names",
        "versions": {"stable": "3.10", "beta": "3.11b1", "nightly": "3.11.dev1"},
        "extras": [],
        "deps": [],
    },
    "rich": {
        "summary": "Rich text in the terminal",
        "versions": {"stable": "13.9.4", "beta": "14.0.0b1", "nightly": "14.0.0.dev2"},
        "extras": ["jupyter"],
        "deps": ["pygments"],
    },
    "pygments": {
        "summary": "Syntax highlighting",
        "versions": {"stable": "2.18.0", "beta": "2.19.0b1", "nightly": "2.19.0.dev4"},
        "extras": ["plugins"],
        "deps": [],
    },
    "numpy": {
        "summary": "Arrays and numerics",
        "versions": {"stable": "2.1.3", "beta": "2.2.0rc1", "nightly": "2.3.0.dev0"},
        "extras": [],
        "deps": [],
    },
}

EXAMPLES = """examples:
  pkgtool install requests --with socks
  pkgtool list 'r*' --format json
  pkgtool cache clean --all
"""


def build_parser() -> argparse.ArgumentParser:
    """The whole command line of pkgtool."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--root", type=Path, metavar="DIR", help="Install root (default: the sample state folder)."
    )
    common.add_argument("-q", "--quiet", action="store_true", help="Print only errors.")

    parser = argparse.ArgumentParser(
        prog="pkgtool",
        description="Install, inspect and remove packages from the built-in catalog.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="More output; repeat for more."
    )
    parser.add_argument(
        "--color", action=argparse.BooleanOptionalAction, default=True, help="Colour the output."
    )
    parser.add_argument("--version", action="version", version=f"pkgtool {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    install = sub.add_parser(
        "install",
        aliases=["i"],
        parents=[common],
        help="Install packages.",
        description="Install one or more packages and their dependencies from a channel.",
    )
    install.add_argument("packages", nargs="+", metavar="PACKAGE", help="Package names.")
    install.add_argument(
        "--with",
        dest="extras",
        action="append",
        metavar="EXTRA",
        help="Extra to include; repeatable.",
    )
    install.add_argument(
        "--channel",
        choices=CHANNELS,
        default="stable",
        help="Release channel (default: %(default)s).",
    )
    install.add_argument("--no-deps", dest="deps", action="store_false", help="Skip dependencies.")
    install.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=True, help="Show progress."
    )
    scope = install.add_mutually_exclusive_group()
    scope.add_argument("--user", action="store_true", help="Install for the current user.")
    scope.add_argument("--system", action="store_true", help="Install system-wide.")
    install.set_defaults(handler=_install)

    remove = sub.add_parser(
        "remove",
        aliases=["rm", "uninstall"],
        parents=[common],
        help="Remove installed packages.",
    )
    remove.add_argument("packages", nargs="+", metavar="PACKAGE", help="Package names.")
    remove.add_argument("-y", "--yes", action="store_true", help="Do not ask; required to remove.")
    remove.set_defaults(handler=_remove)

    list_ = sub.add_parser("list", parents=[common], help="List installed packages.")
    list_.add_argument(
        "patterns", nargs="*", metavar="PATTERN", help="Glob patterns on names (default: all)."
    )
    list_.add_argument(
        "--format",
        choices=["table", "json"],
        default="table",
        help="Output format (default: %(default)s).",
    )
    list_.set_defaults(handler=_list)

    search = sub.add_parser("search", parents=[common], help="Search the catalog.")
    search.add_argument("term", help="Text to look for in names and summaries.")
    search.add_argument(
        "--limit", type=int, default=10, help="Show at most N results (default: %(default)s)."
    )
    search.add_argument("--channel", choices=CHANNELS, help="Show the version of this channel.")
    search.set_defaults(handler=_search)

    info = sub.add_parser("info", parents=[common], help="Show details of an installed package.")
    info.add_argument("package", help="Package name.")
    info.add_argument(
        "--field",
        dest="fields",
        action="append",
        choices=FIELDS,
        help="Field to show; repeatable (default: all).",
    )
    info.set_defaults(handler=_info)

    cache = sub.add_parser("cache", help="Manage the download cache.")
    cache_sub = cache.add_subparsers(dest="cache_command", metavar="ACTION", required=True)
    clean = cache_sub.add_parser("clean", parents=[common], help="Delete cached downloads.")
    clean.add_argument(
        "--all", action="store_true", help="Also delete files of installed packages."
    )
    clean.set_defaults(handler=_cache_clean)
    show = cache_sub.add_parser("show", parents=[common], help="List cached downloads.")
    show.set_defaults(handler=_cache_show)
    return parser


class PkgError(Exception):
    """A user error: printed as one line on stderr, exit status 1."""


def _root(args: argparse.Namespace) -> Path:
    root = args.root or state_dir("pkgtool")
    root.mkdir(parents=True, exist_ok=True)
    return root


def _installed(args: argparse.Namespace) -> dict:
    return read_json(_root(args) / "installed.json", {})


def _say(args: argparse.Namespace, text: str) -> None:
    if not args.quiet:
        print(text)


def _install(args: argparse.Namespace) -> None:
    installed = _installed(args)
    scope = "system" if args.system else "user"
    todo = list(dict.fromkeys(args.packages))
    done: list[str] = []
    while todo:
        name = todo.pop(0)
        if name not in CATALOG:
            raise PkgError(f"no package {name} in the catalog (try: pkgtool search {name})")
        entry = CATALOG[name]
        extras = [e for e in (args.extras or []) if name in args.packages]
        unknown = [e for e in extras if e not in entry["extras"]]
        if unknown:
            raise PkgError(f"{name} has no extra {', '.join(unknown)}")
        installed[name] = {
            "name": name,
            "version": entry["versions"][args.channel],
            "channel": args.channel,
            "extras": sorted(extras),
            "scope": scope,
            "summary": entry["summary"],
        }
        cache_dir = _root(args) / "cache"
        cache_dir.mkdir(exist_ok=True)
        (cache_dir / f"{name}-{installed[name]['version']}.tar").write_text(name)
        done.append(f"{name}-{installed[name]['version']}")
        if args.deps:
            todo.extend(d for d in entry["deps"] if d not in todo and d not in installed)
    write_json(_root(args) / "installed.json", installed)
    _say(args, f"installed {' '.join(done)} ({scope}, {args.channel})")


def _remove(args: argparse.Namespace) -> None:
    if not args.yes:
        raise PkgError("remove needs --yes (it never asks interactively)")
    installed = _installed(args)
    missing = [p for p in args.packages if p not in installed]
    if missing:
        raise PkgError(f"not installed: {', '.join(missing)}")
    for name in args.packages:
        del installed[name]
    write_json(_root(args) / "installed.json", installed)
    _say(args, f"removed {' '.join(args.packages)}")


def _list(args: argparse.Namespace) -> None:
    installed = _installed(args)
    names = sorted(
        n
        for n in installed
        if not args.patterns or any(fnmatch.fnmatch(n, p) for p in args.patterns)
    )
    if args.format == "json":
        print(json.dumps([installed[n] for n in names], sort_keys=True))
    else:
        print(
            "\n".join(f"{n}\t{installed[n]['version']}\t{installed[n]['channel']}" for n in names)
            or "nothing installed"
        )


def _search(args: argparse.Namespace) -> None:
    term = args.term.lower()
    hits = [n for n, e in sorted(CATALOG.items()) if term in n or term in e["summary"].lower()]
    channel = args.channel or "stable"
    lines = [
        f"{n}\t{CATALOG[n]['versions'][channel]}\t{CATALOG[n]['summary']}"
        for n in hits[: args.limit]
    ]
    print("\n".join(lines) or f"no package matches {args.term}")


def _info(args: argparse.Namespace) -> None:
    record = _installed(args).get(args.package)
    if record is None:
        raise PkgError(f"{args.package} is not installed")
    for field in args.fields or FIELDS:
        value = record[field]
        print(f"{field}: {', '.join(value) if isinstance(value, list) else value}")


def _cache_clean(args: argparse.Namespace) -> None:
    cache_dir = _root(args) / "cache"
    keep = set() if args.all else {f"{n}-{r['version']}.tar" for n, r in _installed(args).items()}
    removed = (
        [p.name for p in sorted(cache_dir.glob("*.tar")) if p.name not in keep]
        if cache_dir.exists()
        else []
    )
    for name in removed:
        (cache_dir / name).unlink()
    _say(args, f"removed {len(removed)} cached file(s)")


def _cache_show(args: argparse.Namespace) -> None:
    cache_dir = _root(args) / "cache"
    files = sorted(p.name for p in cache_dir.glob("*.tar")) if cache_dir.exists() else []
    print("\n".join(files) or "cache is empty")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.verbose:
        print(f"pkgtool {__version__}: {args.command}", file=sys.stderr)
    try:
        args.handler(args)
    except PkgError as error:
        print(f"pkgtool: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
