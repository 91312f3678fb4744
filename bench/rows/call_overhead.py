"""Per-call overhead: a fast sample command through `serve`, against running its argv directly.

The call is `deployctl status` (the bundled click sample; it reads a small state file). Through
`serve` it is timed from writing `tools/call` to reading the answer on an already running
server; directly, from spawning the same argv (as `serve` builds it) to its exit, output read.
"""

from __future__ import annotations

import subprocess
import time

from bench.context import Context
from bench.measure import Row, interleaved
from bench.wire import StdioServer, bench_env

TOOL = "deployctl_status"


def run(ctx: Context) -> Row:
    from workbench.model.surface import surface_from_file
    from workbench.runtime.argv import build_argv

    config_path = ctx.sample_config()
    config, surface = surface_from_file(config_path)
    tool = surface.tool(TOOL)
    if tool is None:
        return Row(
            "per-call overhead", "direct subprocess", 1.3, skipped=f"the sample has no tool {TOOL}"
        )
    argv = build_argv(tool.binding, list(config.source.command), {})
    env = bench_env(WORKBENCH_SAMPLE_HOME=str(ctx.sample_home()))
    repeat = max(5, ctx.repeat * 3)
    with StdioServer(ctx.serve_argv(config_path), env=env) as server:
        server.handshake()
        server.request("tools/list", {})

        def through_serve() -> float:
            started = time.perf_counter()
            result = server.request("tools/call", {"name": TOOL, "arguments": {}})
            elapsed = time.perf_counter() - started
            if result.get("isError"):
                raise RuntimeError(
                    f"{TOOL} failed through serve: {result['content'][0]['text'][:300]}"
                )
            return elapsed

        def directly() -> float:
            started = time.perf_counter()
            subprocess.run(
                argv,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                env=env,
                cwd=config_path.parent,
                check=True,
                start_new_session=True,
            )
            return time.perf_counter() - started

        through_serve(), directly()  # warm both
        measured, baseline = interleaved(through_serve, directly, repeat)
    return Row(
        f"per-call overhead: `{' '.join(tool.binding.command_path)}` through serve",
        "the same argv run directly as a subprocess",
        1.3,
        "s",
        measured,
        baseline,
        repeat,
        notes=[f"overhead per call: {(measured - baseline) * 1000:+.1f} ms"],
    )
