"""`serve` cold start: spawn → `tools/list` answered over stdio, against a minimal SDK server.

Both serve the same tools and instructions: the reference reads them from files (what
`mcp-workbench tools` / `prompt` print), so the difference is what `serve` does on top:
reading and validating mcp.toml, building the surface, checking schemas, preparing calls.
Measured on the deployctl sample (the issue's row) and, in a full run, on a generated
1,000-tool config (same target; where per-tool startup costs show).
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench.context import MINIMAL_SERVER, Context
from bench.measure import Row, interleaved, median
from bench.wire import bench_env, cold_start

TARGET = 1.15
REFERENCE = "minimal low-level SDK server, same tools"


def _compare(ctx: Context, config: Path, repeat: int, *, warm: bool) -> tuple[float, float, str]:
    """(our median, the reference's median, a note comparing their CPU time)."""
    tools, prompt = ctx.listing_files(config)
    env = bench_env(WORKBENCH_SAMPLE_HOME=str(ctx.sample_home()))
    ours = ctx.serve_argv(config)
    reference = [sys.executable, str(MINIMAL_SERVER), str(tools), str(prompt)]
    if warm:  # the OS file cache, .pyc files and the parsed-config cache, for both sides
        cold_start(ours, env=env)
        cold_start(reference, env=env)
    our_cpu: list[float] = []
    their_cpu: list[float] = []
    measured, baseline = interleaved(
        lambda: cold_start(ours, env=env, cpu=our_cpu),
        lambda: cold_start(reference, env=env, cpu=their_cpu),
        repeat,
    )
    a, b = median(our_cpu), median(their_cpu)
    note = (
        f"CPU time to the answer (less load-sensitive): {a * 1000:.0f} vs {b * 1000:.0f} ms, {a / b:.2f}×"
        if b
        else ""
    )
    return measured, baseline, note


def run(ctx: Context) -> list[Row]:
    repeat = max(3, ctx.repeat * 3)  # start-up times vary most with others' load: more pairs
    measured, baseline, note = _compare(ctx, ctx.sample_config(), repeat, warm=True)
    rows = [
        Row(
            "serve cold start: spawn → tools/list answered (stdio, deployctl sample, 8 tools)",
            REFERENCE,
            TARGET,
            "s",
            measured,
            baseline,
            repeat,
            notes=[note],
        )
    ]
    name = "serve cold start, generated 1,000-tool config"
    if ctx.quick and not ctx.explicit:
        rows.append(
            Row(
                name,
                REFERENCE,
                TARGET,
                skipped="not in --quick (about 5 s a run); run --only serve-start",
            )
        )
    else:
        big_repeat = max(2, ctx.repeat)
        measured, baseline, note = _compare(ctx, ctx.generated_config(1000), big_repeat, warm=True)
        rows.append(Row(name, REFERENCE, TARGET, "s", measured, baseline, big_repeat, notes=[note]))
    return rows
