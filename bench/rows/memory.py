"""Server memory while a call floods 200 MB: peak RSS of the `serve` process during the call
against its idle RSS (after `tools/list`), both read from /proc/PID/status (VmRSS).

The flooding CLI is a tiny generated script writing 200 MB to stdout in 64 KiB chunks; the
config keeps the default output cap (1 MB), so the server must read and drop the rest.
"""

from __future__ import annotations

import sys
import textwrap
import threading
import time

from bench.context import Context
from bench.measure import Row, median
from bench.wire import StdioServer, bench_env, rss_kib

FLOOD_MB = 200

FLOOD_SCRIPT = textwrap.dedent('''\
    """Write --mb megabytes to stdout (a CLI that floods its caller)."""
    import argparse
    import sys
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=1)
    mb = parser.parse_args().mb
    chunk = b"x" * 65535 + b"\\n"
    out = sys.stdout.buffer
    for _ in range(mb * 16):
        out.write(chunk)
    ''')


def _flood_config(ctx: Context):
    from bench.generate import write_config
    from workbench.model.tree import Command, CommandTree, Flag, ValueType

    script = ctx.workdir / "flood.py"
    script.write_text(FLOOD_SCRIPT, encoding="utf-8")
    tree = CommandTree(
        root=Command(
            path=["flood"],
            short_help="Print a lot.",
            flags=[Flag(name="mb", value_type=ValueType.INTEGER, help="Megabytes to print.")],
        )
    )
    return write_config(tree, ctx.workdir / "flood.toml", [sys.executable, str(script)])


def run(ctx: Context) -> Row:
    config = _flood_config(ctx)
    repeat = 1 if ctx.quick else max(2, ctx.repeat)
    idle_values, peak_values, durations = [], [], []
    for _ in range(repeat):
        with StdioServer(ctx.serve_argv(config), env=bench_env()) as server:
            server.handshake()
            server.request("tools/list", {})
            time.sleep(0.2)
            idle = median([rss_kib(server.pid) for _ in range(5)])
            answer: dict = {}

            def call(answer: dict = answer) -> None:
                answer.update(
                    server.request("tools/call", {"name": "flood", "arguments": {"mb": FLOOD_MB}})
                )

            caller = threading.Thread(target=call)
            started = time.perf_counter()
            caller.start()
            peak = idle
            while caller.is_alive():
                peak = max(peak, rss_kib(server.pid))
                time.sleep(0.005)
            caller.join()
            durations.append(time.perf_counter() - started)
            structured = answer.get("structuredContent") or {}
            if not structured.get("truncated"):
                raise RuntimeError(f"the flood call was not truncated: {str(answer)[:300]}")
            idle_values.append(idle / 1024)
            peak_values.append(peak / 1024)
    return Row(
        f"server memory while a call floods {FLOOD_MB} MB",
        "idle server RSS",
        1.5,
        "MB",
        median(peak_values),
        median(idle_values),
        repeat,
        notes=[
            f"the flood call took {median(durations):.2f} s ({FLOOD_MB / median(durations):.0f} MB/s through the server)"
        ],
    )
