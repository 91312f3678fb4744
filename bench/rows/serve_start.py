"""`serve` cold start: spawn → `tools/list` answered over stdio, against a minimal SDK server.

Both serve the deployctl sample's tools (exported by the real `export`); the reference gets
the same tool list and instructions from files, so the difference is what `serve` does on top:
reading and validating mcp.toml, building the surface, checking schemas.
"""

from __future__ import annotations

import sys

from bench.context import MINIMAL_SERVER, Context, workbench_argv
from bench.measure import Row, interleaved
from bench.wire import bench_env, cold_start


def run(ctx: Context) -> Row:
    config = ctx.sample_config()
    tools, prompt = ctx.listing_files(config)
    env = bench_env(WORKBENCH_SAMPLE_HOME=str(ctx.sample_home()))
    ours = workbench_argv("serve", str(config))
    reference = [sys.executable, str(MINIMAL_SERVER), str(tools), str(prompt)]
    cold_start(ours, env=env)  # warm the OS file cache and .pyc files for both sides
    cold_start(reference, env=env)
    measured, baseline = interleaved(lambda: cold_start(ours, env=env), lambda: cold_start(reference, env=env),
                                     max(3, ctx.repeat * 2))
    return Row("serve cold start: spawn → tools/list answered (stdio, deployctl sample)",
               "minimal low-level SDK server, same tools", 1.15, "s", measured, baseline, max(3, ctx.repeat * 2))
