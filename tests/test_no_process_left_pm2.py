"""pm2's way of starting a daemon from any run leaves nothing behind either (docs/loaders.md,
round 14 class 10; SPEC §11.8): the client spawns its daemon *detached* (its own session, as
node's `child_process.spawn(..., {detached: true})` does, with stdio on log files, not our pipes),
waits until the daemon says it is up, prints its help and exits 0; the daemon starts a worker
of its own and stays. Every one of them is gone when the help call returns. Live with the real
pm2 too, when it is installed (`pm2` on PATH or WORKBENCH_PM2 naming its executable)."""

from __future__ import annotations

import os
import shutil
import sys
import uuid
from pathlib import Path

import pytest

from workbench.loaders.help.run import run_help

_CLIENT = """\
import os, subprocess, sys, time
if len(sys.argv) > 1 and sys.argv[1] == "--daemon":  # the daemon: a worker of its own, then stay
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    open(sys.argv[2], "w").write("up")
    time.sleep(600)
    sys.exit(0)
log = open(os.devnull, "w")
ready = sys.argv[1] + ".ready"
subprocess.Popen([sys.executable, __file__, "--daemon", ready], start_new_session=True,
                 stdin=subprocess.DEVNULL, stdout=log, stderr=log)  # detached, like pm2's God daemon
while not os.path.exists(ready):
    time.sleep(0.01)
print("Usage: cli [options] [command]\\n\\nOptions:\\n  -V, --version  output the version number")
"""


def _processes_with(token: str) -> list[int]:
    """Every process on the machine whose environment carries `token` (ours: the test set it)."""
    needle = f"COBRAHELP_TEST_TOKEN={token}".encode()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            environ = Path(f"/proc/{name}/environ").read_bytes()
            state = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if needle in environ.split(b"\0") and state not in ("Z", "X"):
            found.append(int(name))
    return found


@pytest.fixture
def token(monkeypatch):
    if not sys.platform.startswith("linux"):
        pytest.skip("the subreaper and /proc are Linux only")
    value = uuid.uuid4().hex
    monkeypatch.setenv("COBRAHELP_TEST_TOKEN", value)
    yield value
    for pid in _processes_with(value):  # a failed test must not leave its own daemons running
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass


def test_a_detached_daemon_started_by_help_is_gone_when_the_call_returns(tmp_path, token):
    client = tmp_path / "cli"
    client.write_text(f"#!{sys.executable}\n{_CLIENT}")
    client.chmod(0o755)
    call = run_help([str(client), str(tmp_path / "daemon")], 30.0)
    assert call.exit_code == 0 and "--version" in call.stdout
    assert (tmp_path / "daemon.ready").exists()  # the daemon and its worker did start
    assert _processes_with(token) == []


def test_real_pm2_leaves_no_daemon(tmp_path, token, monkeypatch):
    program = shutil.which("pm2") or os.environ.get("WORKBENCH_PM2")
    if not program:
        pytest.skip("pm2 is not installed (set WORKBENCH_PM2 to its executable)")
    monkeypatch.setenv("PM2_HOME", str(tmp_path / "pm2"))  # its own home: never the user's daemon
    for args in (["--help"], ["reload", "-h"], ["report", "-h"]):
        call = run_help([program, *args], 30.0)
        assert not call.timed_out and call.exit_code == 0, call
        assert _processes_with(token) == [], args
