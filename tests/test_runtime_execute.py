"""Running a CLI: timeouts and cancels kill the whole process group, floods are capped with
flat memory, failures and missing programs come back as results. Real subprocesses throughout
(tests/fixtures/runtime/faultcli.py misbehaves on purpose).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest

from workbench.runtime.execute import ProcessGroups, run_cli

FAULTCLI = [sys.executable, str(Path(__file__).parent / "fixtures" / "runtime" / "faultcli.py")]


@pytest.fixture
def anyio_backend():
    return "asyncio"


def alive(pid: int) -> bool:
    """True while `pid` runs (a zombie waiting to be reaped counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


async def wait_for_pids(pidfile: Path) -> list[int]:
    with anyio.fail_after(10):
        while not (pidfile.exists() and pidfile.read_text().endswith("\n")):
            await anyio.sleep(0.02)
    return [int(p) for p in pidfile.read_text().split()]


async def run(argv: list[str], tmp_path: Path, **kw):
    options = {
        "cwd": tmp_path,
        "env": dict(os.environ),
        "timeout_s": 20,
        "max_output_bytes": 100_000,
    }
    options.update(kw)
    return await run_cli(argv, **options)


@pytest.mark.anyio
async def test_a_hanging_cli_is_killed_at_the_timeout_with_its_children(tmp_path):
    pidfile = tmp_path / "pids"
    started = time.monotonic()
    result = await run([*FAULTCLI, "hang", "--pidfile", str(pidfile)], tmp_path, timeout_s=1.5)
    elapsed = time.monotonic() - started
    assert result.timed_out
    assert result.exit_code is not None and result.exit_code < 0  # killed by a signal
    assert "hanging" in result.stdout
    assert 1.4 <= elapsed < 5
    cli_pid, grandchild_pid = [int(p) for p in pidfile.read_text().split()]
    assert not alive(cli_pid)
    assert not alive(grandchild_pid)


@pytest.mark.anyio
async def test_a_cancelled_call_kills_the_process_group(tmp_path):
    pidfile = tmp_path / "pids"
    groups = ProcessGroups()
    async with anyio.create_task_group() as group:
        group.start_soon(
            lambda: run([*FAULTCLI, "hang", "--pidfile", str(pidfile)], tmp_path, groups=groups)
        )
        pids = await wait_for_pids(pidfile)
        assert len(groups) == 1
        group.cancel_scope.cancel()
    assert not any(alive(pid) for pid in pids)
    assert len(groups) == 0


def test_a_flood_is_capped_and_memory_stays_flat(tmp_path):
    """Measured in a fresh interpreter, so no earlier test's peak memory can hide a regression."""
    probe = f"""
import anyio, json, os, resource, sys
from pathlib import Path
from workbench.runtime.execute import run_cli
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
result = anyio.run(lambda: run_cli({[*FAULTCLI, "flood", "--mb", "128"]!r}, cwd=Path("."), env=dict(os.environ),
                                   timeout_s=60, max_output_bytes=1_000_000))
growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps([result.exit_code, result.truncated, len(result.stdout.encode()), result.stderr, growth]))
"""
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    exit_code, truncated, kept, stderr, growth_kib = json.loads(done.stdout)
    assert (exit_code, truncated, kept) == (0, True, 1_000_000)
    assert stderr == "flooded\n"  # the other pipe was still read to the end
    assert growth_kib / 1024 < 40, (
        f"peak RSS grew by {growth_kib / 1024:.0f} MiB for a 128 MiB flood"
    )


@pytest.mark.anyio
async def test_a_failing_cli_reports_its_exit_code_and_stderr(tmp_path):
    result = await run([*FAULTCLI, "fail"], tmp_path)
    assert (result.exit_code, result.stdout, result.truncated) == (3, "", False)
    assert result.stderr == "boom: the widget is broken\n"


@pytest.mark.anyio
async def test_a_missing_program_is_a_reason_not_an_exception(tmp_path):
    result = await run(["no-such-cli-4f1e", "status"], tmp_path)
    assert result.exit_code is None
    assert (
        result.start_error
        == "cannot start `no-such-cli-4f1e`: no such program; is it installed and on PATH?"
    )


@pytest.mark.anyio
async def test_a_missing_working_directory_is_a_reason(tmp_path):
    result = await run([*FAULTCLI, "echo"], tmp_path / "gone")
    assert "working directory" in result.start_error and "[runtime] cwd" in result.start_error


@pytest.mark.anyio
async def test_stdin_is_closed_and_cwd_and_env_are_applied(tmp_path):
    env = dict(os.environ, FAULT_MODE="calm")
    result = await run(
        [
            sys.executable,
            "-c",
            "import json,os,sys; print(json.dumps([sys.stdin.read(), os.getcwd(), os.environ['FAULT_MODE']]))",
        ],
        tmp_path,
        env=env,
    )
    assert result.stdout.strip() == f'["", "{tmp_path}", "calm"]'


@pytest.mark.anyio
async def test_a_cli_that_ignores_sigterm_is_killed_after_the_grace(tmp_path):
    pidfile = tmp_path / "pids"
    started = time.monotonic()
    result = await run(
        [*FAULTCLI, "hang", "--ignore-term", "--pidfile", str(pidfile)], tmp_path, timeout_s=1
    )
    assert result.timed_out and result.exit_code == -9  # SIGKILL, after SIGTERM was ignored
    assert time.monotonic() - started < 4
    assert not any(alive(pid) for pid in [int(p) for p in pidfile.read_text().split()])
