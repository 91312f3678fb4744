"""A help crawl leaves no process behind (SPEC §11.8, issue 12 item 6): a CLI that starts a
daemon on `--help` (double fork + setsid, out of reach of the process-group kill) is crawled by
the real `export`, and every daemon it started is gone when the crawl is over. Also the process
hygiene module's own promises: it never touches a live run's process or a child it did not mark.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

DAEMONIZER = Path(__file__).parent / "fixtures" / "runtime" / "daemonizer.py"
SCRIPT = str(Path(sys.executable).with_name("mcp-workbench"))


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


def wait_gone(pids: list[int], within: float) -> list[int]:
    """The pids still alive after `within` seconds of polling."""
    deadline = time.monotonic() + within
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in pids if alive(pid)]


@pytest.fixture
def help_daemon_cli(tmp_path) -> tuple[Path, Path]:
    """An executable (a shell wrapper, so the crawler and not an exact loader reads it) whose
    `--help` starts a daemon; returns (executable, pidfile prefix)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the subreaper is Linux only")
    cli = tmp_path / "bin" / "helpdaemon"
    cli.parent.mkdir()
    cli.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{DAEMONIZER}" "$@"\n', encoding="utf-8")
    cli.chmod(cli.stat().st_mode | stat.S_IXUSR)
    return cli, tmp_path / "help-daemon"


def daemon_pids(prefix: Path) -> list[int]:
    return [
        int(p.read_text())
        for p in prefix.parent.glob(prefix.name + ".*")
        if not p.name.endswith(".tmp")
    ]


def test_a_cli_that_starts_a_daemon_on_help_leaves_nothing_after_the_crawl(
    help_daemon_cli, tmp_path
):
    cli, prefix = help_daemon_cli
    env = {
        **os.environ,
        "DAEMONIZER_HELP_PIDFILE": str(prefix),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    # -o -: the config is not the point here
    result = subprocess.run(
        [SCRIPT, "export", str(cli), "-o", "-"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    assert "read helpdaemon spawn" in result.stderr  # the crawler ran `helpdaemon spawn --help` too
    pids = daemon_pids(prefix)
    assert pids, "the fixture started no daemon: the test proves nothing"
    assert wait_gone(pids, within=5) == []


def test_a_sweep_spares_live_runs_and_unmarked_children(tmp_path):
    """In a process that also starts children of its own (the TUI, export), a run's end kills
    only what carries a finished run's mark: a live run's daemon and an unmarked child survive."""
    probe = f"""
import os, subprocess, sys, time
sys.path.insert(0, {str(DAEMONIZER.parent)!r})
from workbench import children
from daemonizer import daemonize

def spawn_daemon(run, name):
    env = run.env(dict(os.environ))
    pidfile = {str(tmp_path)!r} + "/" + name
    proc = subprocess.Popen([sys.executable, {str(DAEMONIZER)!r}, "spawn", "--pidfile", pidfile], env=env, stdout=subprocess.DEVNULL)
    run.started(proc.pid)
    proc.wait()
    return int(open(pidfile).read())

unmarked = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
first, second = children.Run(), children.Run()
a = spawn_daemon(first, "a")
b = spawn_daemon(second, "b")
killed = first.finished()
print(sorted(killed) == [a], os.path.exists(f"/proc/{{b}}"), unmarked.poll() is None)
killed = second.finished()
print(killed == [b], unmarked.poll() is None)
unmarked.kill(); unmarked.wait()
"""
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60
    )
    assert result.stdout.split() == ["True", "True", "True", "True", "True"], result.stderr


@pytest.mark.parametrize("exclusive", [False, True])
def test_a_run_that_starts_while_a_sweep_scans_is_spared(exclusive):
    """Concurrent calls in one server: call A ends and sweeps while call B starts its CLI. B's
    process appears in the middle of A's /proc scan, after A took its snapshot of live runs; it
    must survive (it was SIGKILLed, `[exit code -9]`, under load before the fix)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the subreaper is Linux only")
    probe = f"""
import os, subprocess, sys, time
from workbench import children
if {exclusive!r}:
    children.own_every_child()
scan = children._children_of
late = []

def scan_while_a_run_starts(parent):
    if not late:  # B starts between A's snapshot and A's scan
        run = children.Run()
        proc = subprocess.Popen(["sleep", "30"], env=run.env(dict(os.environ)))
        while b"MCP_WORKBENCH_RUN=" + run.mark.encode() not in open(f"/proc/{{proc.pid}}/environ", "rb").read():
            time.sleep(0.001)  # until exec: then the child carries B's mark
        late.append((run, proc))
    return scan(parent)

children._children_of = scan_while_a_run_starts
first = children.Run()
first.finished()
run, proc = late[0]
print(proc.poll() is None)
run.started(proc.pid)
proc.kill(); proc.wait()
run.finished()
"""
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60
    )
    assert result.stdout.split() == ["True"], result.stderr
