"""The benchmarks must keep running: `python -m bench --quick` on its cheapest serving row.

Runs the real bench as a user would (a subprocess), which spawns a real `serve` over stdio,
calls a sample tool through it and runs the same argv directly; checks the table it prints and
the Markdown it writes carry a measured ratio and a verdict for that row.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_quick_bench_measures_the_per_call_overhead_row(tmp_path: Path) -> None:
    table = tmp_path / "table.md"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench",
            "--quick",
            "--only",
            "call-overhead",
            "--markdown",
            str(table),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,  # the bench's own runs slow down with the machine's load
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "1 rows in" in done.stdout
    summary = re.search(
        r"per-call overhead: `deployctl status` through serve\n\s+([\d.]+) (ms|s) vs ([\d.]+) (ms|s) "
        r"\(the same argv run directly as a subprocess\): ratio ([\d.]+)×",
        done.stdout,
    )
    assert summary, done.stdout  # a loaded machine prints seconds (`1.05 s vs 1.36 s`)
    through_serve, direct, ratio = float(summary[1]), float(summary[3]), float(summary[5])
    assert through_serve > 0 and direct > 0 and ratio > 0
    markdown = table.read_text(encoding="utf-8").splitlines()
    assert markdown[0].startswith("| benchmark | measured (median) | reference (median) | ratio |")
    row = next(line for line in markdown if "per-call overhead" in line)
    assert re.search(r"\| [\d.]+× \| ≤ 1\.3× \| (met|MISSED) \|", row), row


def test_an_unknown_row_is_refused_with_the_list_of_rows() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--only", "everything"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert "invalid choice: 'everything'" in done.stderr and "serve-start" in done.stderr


def test_the_kubectl_rows_say_why_they_are_skipped_when_kubectl_is_absent(tmp_path: Path) -> None:
    env = {"PATH": str(tmp_path), "HOME": str(tmp_path)}  # no kubectl anywhere on this PATH
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--only", "crawl"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("kubectl is not installed on this machine (not on PATH)") == 2
    assert "skipped  help crawl of kubectl\n" in done.stdout
    assert "skipped  help crawl of kubectl, cached\n" in done.stdout
