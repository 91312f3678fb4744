"""The crawler against fake CLIs run as real subprocesses: a small cobra-style tree, and CLIs
that hang, print garbage, or print their parent's help. Each fake logs its invocations so
tests can see which help calls were made.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

from workbench.loaders.help import crawl
from workbench.model.errors import LoadError
from workbench.model.tree import ValueType

HELP = {
    "": """\
        Fake ships things.

        Usage:
          fake [command]

        Available Commands:
          deploy      Deploy a service
          config      Manage configuration
          ghost       Listed but its help hangs
          plugin      Prints the root help (an unknown plugin)

        Flags:
          -c, --config string   Config file (default "/etc/fake.yaml")
          -h, --help            help for fake

        Use "fake [command] --help" for more information about a command.
        """,
    "deploy": """\
        Deploy a service.

        Usage:
          fake deploy SERVICE [flags]

        Aliases:
          deploy, d

        Flags:
              --replicas int   How many (default 2)
          -h, --help           help for deploy

        Global Flags:
          -c, --config string   Config file (default "/etc/fake.yaml")
        """,
    "config": """\
        Manage configuration

        Usage:
          fake config [command]

        Available Commands:
          get         Print a value

        Flags:
          -h, --help   help for config

        Global Flags:
          -c, --config string   Config file (default "/etc/fake.yaml")
        """,
    "config get": """\
        Print a value

        Usage:
          fake config get KEY [flags]

        Flags:
          -h, --help   help for get
        """,
}

FAKE = """\
import json, os, sys, time
HELP = json.loads({help!r})
args = sys.argv[1:]
with open(os.environ["FAKE_LOG"], "a") as log:
    log.write(json.dumps(args) + "\\n")
if args == ["--version"]:
    print("fake version 1.2.3"); sys.exit(0)
delay = float(os.environ.get("FAKE_DELAY", "0"))
if delay:
    time.sleep(delay)
if args and args[-1] in ("--help", "-h"):
    key = " ".join(args[:-1])
    if key == "ghost":
        time.sleep(60)
    print(HELP.get(key, HELP[""]))
    sys.exit(0)
print("Error: unknown command", file=sys.stderr)
sys.exit(1)
"""


def make_cli(folder: Path, name: str, source: str) -> Path:
    path = folder / name
    path.write_text(f"#!{sys.executable}\n{source}")
    path.chmod(0o755)
    return path


@pytest.fixture
def fake(tmp_path, monkeypatch) -> Path:
    helps = {key: textwrap.dedent(text) for key, text in HELP.items()}
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.log"))
    return make_cli(tmp_path, "fake", FAKE.format(help=json.dumps(helps)))


def calls(tmp_path: Path) -> list[list[str]]:
    log = tmp_path / "calls.log"
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_crawl_builds_the_tree_in_listed_order_with_inherited_flags(fake, tmp_path):
    tree = crawl(str(fake), use_cache=False, timeout_s=2)
    assert tree.cli_version == "1.2.3"
    assert [c.path_str for c in tree.walk()] == [
        "fake",
        "fake deploy",
        "fake config",
        "fake config get",
        "fake ghost",
        "fake plugin",
    ]
    assert tree.root.runnable is False
    deploy = tree.find("fake deploy")
    assert deploy.aliases == ["d"]
    assert deploy.short_help == "Deploy a service"
    assert [p.name for p in deploy.positionals] == ["SERVICE"]
    replicas = next(f for f in deploy.flags if f.key == "replicas")
    assert (replicas.value_type, replicas.default) == (ValueType.INTEGER, 2)
    config = next(f for f in deploy.flags if f.key == "config")
    assert config.inherited_from == "fake"
    assert tree.find("fake config").runnable is False
    get = tree.find("fake config get")
    assert (get.flags, [p.name for p in get.positionals]) == (
        [],
        ["KEY"],
    )  # `-h, --help` is left out


def test_a_hanging_or_lying_subcommand_stays_a_listed_leaf_with_a_note(fake, tmp_path):
    started = time.monotonic()
    tree = crawl(str(fake), use_cache=False, timeout_s=1)
    assert time.monotonic() - started < 10
    ghost = tree.find("fake ghost")
    assert (ghost.short_help, ghost.subcommands, ghost.flags) == (
        "Listed but its help hangs",
        [],
        [],
    )
    assert any(
        note.startswith("fake ghost: help unavailable") and "did not finish in time" in note
        for note in tree.notes
    )
    plugin = tree.find("fake plugin")
    assert plugin.subcommands == [] and plugin.flags == []
    assert any(note.startswith("fake plugin: help unavailable") for note in tree.notes)


def test_depth_limit_keeps_deeper_commands_as_listed_leaves(fake, tmp_path):
    tree = crawl(str(fake), use_cache=False, timeout_s=1, max_depth=1)
    get = tree.find("fake config get")
    assert get is not None and get.short_help == "Print a value" and get.positionals == []
    assert ["config", "get", "--help"] not in calls(tmp_path)
    assert "fake config get: not crawled: deeper than the depth limit (1)" in tree.notes
    # the load says it is short by what its limits left out, and how to read that part
    assert tree.coverage is not None
    (sign,) = [s for s in tree.coverage.short_signs if "not crawled" in s]
    assert "fake config get" in sign and "--command 'fake config'" in sign


def test_help_calls_run_concurrently(tmp_path, monkeypatch):
    # not cobra's `Available Commands:`/`Flags:` (a cobra crawl also asks its completion engine): help calls only
    helps = {
        "": "Usage:\n  wide [command]\n\nCommands:\n"
        + "".join(f"  c{i}          Command {i}\n" for i in range(6))
    }
    for i in range(6):
        helps[f"c{i}"] = (
            f"Usage:\n  wide c{i} [options]\n\nOptions:\n  -h, --help   help for c{i}\n"
        )
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.log"))
    monkeypatch.setenv("FAKE_DELAY", "1.0")
    cli = make_cli(tmp_path, "wide", FAKE.format(help=json.dumps(helps)))
    started = time.monotonic()
    tree = crawl(str(cli), use_cache=False, timeout_s=5, max_workers=6)
    elapsed = time.monotonic() - started
    assert len(tree.root.subcommands) == 6
    assert (
        elapsed < 0.6 * 7 * 1.0
    )  # 7 help calls that each sleep 1 s take over 7 s one after another


def test_crawl_is_deterministic(fake):
    first = crawl(str(fake), use_cache=False, timeout_s=1)
    second = crawl(str(fake), use_cache=False, timeout_s=1)
    assert first.to_data() == second.to_data()


def test_cache_reopens_without_help_calls_and_notices_a_changed_executable(fake, tmp_path):
    cache = tmp_path / "cache"
    first = crawl(str(fake), timeout_s=1, cache_dir=cache)
    before = len(calls(tmp_path))
    second = crawl(str(fake), timeout_s=1, cache_dir=cache)
    assert second.to_data() == first.to_data()
    assert calls(tmp_path)[before:] == [["--version"]]
    stat = fake.stat()
    os.utime(fake, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    crawl(str(fake), timeout_s=1, cache_dir=cache)
    assert ["--help"] in calls(tmp_path)[before + 1 :]


def test_a_cli_that_hangs_on_help_is_a_clear_load_error(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.log"))
    cli = make_cli(tmp_path, "stuck", "import time\ntime.sleep(60)\n")
    started = time.monotonic()
    with pytest.raises(LoadError) as error:
        crawl(str(cli), use_cache=False, timeout_s=0.5)
    assert time.monotonic() - started < 5
    message = str(error.value)
    assert "stuck" in message and "did not finish in time" in message and "\n" not in message


def test_a_cli_that_prints_garbage_is_a_clear_load_error(tmp_path):
    cli = make_cli(
        tmp_path, "noise", "import sys\nsys.stdout.buffer.write(bytes(range(256)) * 20)\n"
    )
    with pytest.raises(LoadError) as error:
        crawl(str(cli), use_cache=False, timeout_s=2)
    assert "noise" in str(error.value) and "help" in str(error.value)


def test_a_missing_executable_is_a_clear_load_error(tmp_path):
    with pytest.raises(LoadError, match="not on PATH"):
        crawl("surely-no-such-command-xyz", use_cache=False)
    with pytest.raises(LoadError, match="not an executable file"):
        crawl(str(tmp_path / "nothing-here"), use_cache=False)


def test_help_calls_get_no_stdin_and_a_plain_wide_environment(tmp_path):
    cli = make_cli(
        tmp_path,
        "envdump",
        textwrap.dedent("""\
        import json, os, sys
        if sys.argv[1:] == ["--version"]:
            sys.exit(0)
        data = sys.stdin.read()
        print("Usage: envdump [OPTIONS]")
        print()
        print("Options:")
        for key in ("NO_COLOR", "TERM", "COLUMNS"):
            print(f"  --{key.lower().replace('_', '-')}-{os.environ.get(key)}  seen")
        print(f"  --stdin-{len(data)}  seen")
        """),
    )
    tree = crawl(str(cli), use_cache=False, timeout_s=5)
    assert [f.key for f in tree.root.flags] == ["no-color-1", "term-dumb", "columns-200", "stdin-0"]


def test_a_command_whose_help_is_unreadable_keeps_the_arguments_its_listing_shows(
    tmp_path, monkeypatch
):
    root = "Usage: svc [OPTIONS...] COMMAND ...\n\nUnit Commands:\n  start UNIT...        Start units\n  list [PATTERN...]    List units\n"
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.log"))
    cli = make_cli(tmp_path, "svc", FAKE.format(help=json.dumps({"": root})))
    tree = crawl(str(cli), use_cache=False, timeout_s=2)
    start, listing = tree.root.subcommands
    assert [(p.name, p.required, p.variadic) for p in start.positionals] == [("UNIT", True, True)]
    assert [(p.name, p.required, p.variadic) for p in listing.positionals] == [
        ("PATTERN", False, True)
    ]
    assert start.short_help == "Start units"
    # every command answers with the root's help, whose usage puts the options before the
    # command: one help for all (systemd's layout), said once
    assert any(note.startswith("svc: its 2 commands answer `--help`") for note in tree.notes)


SLOW = """\
import os, sys, time
args = sys.argv[1:]
with open(os.environ["FAKE_LOG"], "a") as log:
    log.write(repr(args) + "\\n")
marker = os.environ["SLOW_MARKER"]
if args == ["--version"]:
    print("slow 1.0")
elif args == ["--help"]:
    if not os.path.exists(marker):  # the first call is the one a loaded machine makes late
        open(marker, "w").close()
        time.sleep(60)
    print("Usage: slow <command>\\n\\nCommands:\\n  busy    Always too slow\\n  quick   Answers\\n")
elif args[:1] == ["busy"]:
    time.sleep(60)
else:
    print("Usage: slow quick [options]\\n\\nOptions:\\n  --fast   Go fast\\n")
"""


def test_a_help_call_that_times_out_is_asked_once_more_with_a_longer_limit(tmp_path, monkeypatch):
    from workbench.loaders.help.fetch import RETRY_FACTOR

    log = tmp_path / "calls.log"
    monkeypatch.setenv("FAKE_LOG", str(log))
    monkeypatch.setenv("SLOW_MARKER", str(tmp_path / "asked"))
    cli = make_cli(tmp_path, "slow", SLOW)
    started = time.monotonic()
    tree = crawl(str(cli), use_cache=False, timeout_s=0.5)
    assert time.monotonic() - started < 0.5 * (2 + 2 * RETRY_FACTOR) + 5
    asked = [line.strip() for line in log.read_text().splitlines()]
    assert asked.count("['--help']") == 2  # the root's first call timed out; the second read
    assert asked.count("['busy', '--help']") == 2 and "['busy', '-h']" not in asked
    assert [c.name for c in tree.root.subcommands] == ["busy", "quick"]
    assert [f.name for f in tree.find("slow quick").flags] == ["fast"]
    assert any(
        note.startswith("slow busy: help unavailable")
        and "did not finish in time, asked twice" in note
        for note in tree.notes
    )
    assert tree.coverage is not None
    [sign] = [s for s in tree.coverage.short_signs if "did not finish in time" in s]
    assert "(slow busy)" in sign and "3 times the limit" in sign
