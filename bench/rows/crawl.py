"""Help crawl of kubectl: concurrent crawl against the sequential sum of its help calls; and
a cached re-crawl against the same sum.

The crawl runs with a fresh cache folder. Every help call it makes is recorded (argv), then the
reference replays exactly those calls one after another and sums their wall time: what a
crawler without concurrency would pay. The cached run is a second crawl of the same kubectl
with the cache the first one filled. Skipped with the reason when kubectl is not installed.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from bench.context import Context
from bench.measure import Row, median

EXECUTABLE = "kubectl"
TIMEOUT_S = 10.0


def _recording():
    """Patch the crawler's help runner to record each argv; returns (calls, undo)."""
    from workbench.loaders.help import crawl as crawl_module
    from workbench.loaders.help import fetch as fetch_module

    original = fetch_module.run_help
    calls: list[tuple[str, ...]] = []

    def recorded(argv, timeout_s, **options):
        calls.append(tuple(argv))
        return original(argv, timeout_s, **options)

    fetch_module.run_help = crawl_module.run_help = recorded

    def undo() -> None:
        fetch_module.run_help = crawl_module.run_help = original

    return calls, undo


def _sequential(calls: list[tuple[str, ...]]) -> float:
    from workbench.loaders.help.run import run_help

    workdir = tempfile.mkdtemp(prefix="bench-crawl-")
    try:
        started = time.perf_counter()
        for argv in calls:
            run_help(argv, TIMEOUT_S, cwd=workdir)
        return time.perf_counter() - started
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def run(ctx: Context) -> list[Row]:
    name = "help crawl of kubectl"
    cached_name = "help crawl of kubectl, cached"
    reference = "sequential sum of its help calls"
    if shutil.which(EXECUTABLE) is None:
        reason = "kubectl is not installed on this machine (not on PATH)"
        return [
            Row(name, reference, 0.6, skipped=reason),
            Row(cached_name, reference, 0.05, skipped=reason),
        ]
    if ctx.quick and not ctx.explicit:
        reason = "not in --quick (a kubectl crawl plus its sequential replay take ~15 s); run --only crawl"
        return [
            Row(name, reference, 0.6, skipped=reason),
            Row(cached_name, reference, 0.05, skipped=reason),
        ]
    from workbench.loaders.help.crawl import crawl

    repeat = 1 if ctx.quick else max(2, ctx.repeat)
    crawl_times, sequential_times, cached_times = [], [], []
    commands = help_calls = 0
    for _attempt in range(repeat):
        cache_dir = Path(tempfile.mkdtemp(prefix="bench-crawl-cache-", dir=ctx.workdir))
        calls, undo = _recording()
        try:
            started = time.perf_counter()
            tree = crawl(EXECUTABLE, timeout_s=TIMEOUT_S, cache_dir=cache_dir)
            crawl_times.append(time.perf_counter() - started)
        finally:
            undo()
        commands, help_calls = sum(1 for _ in tree.walk()), len(calls)
        started = time.perf_counter()
        crawl(EXECUTABLE, timeout_s=TIMEOUT_S, cache_dir=cache_dir)
        cached_times.append(time.perf_counter() - started)
        sequential_times.append(_sequential(calls))
    baseline = median(sequential_times)
    notes = [f"{commands} commands, {help_calls} help calls"]
    return [
        Row(name, reference, 0.6, "s", median(crawl_times), baseline, repeat, notes=notes),
        Row(
            cached_name,
            reference,
            0.05,
            "s",
            median(cached_times),
            baseline,
            repeat,
            notes=["the cached crawl still runs `kubectl --version` once, to key the cache"],
        ),
    ]
