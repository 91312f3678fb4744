"""`tools/list` with 1,000 tools against `tools/list` with 10 tools, on running `serve`s.

Both servers serve generated configs (same command shape, 1,000 vs 10 commands); each request
is timed from writing it to reading the whole answer line, after a first untimed one. The
minimal SDK server (bench/minimal_server.py) answering the same 1,000 tools is measured too,
as a note: it shows how much of the time is the SDK's own per-request work.
"""

from __future__ import annotations

import sys

from bench.context import MINIMAL_SERVER, Context
from bench.measure import Row, median
from bench.wire import StdioServer, bench_env


def run(ctx: Context) -> Row:
    repeat = max(10, ctx.repeat * 10)
    big = ctx.generated_config(1000)
    tools_json, prompt = ctx.listing_files(big)
    servers = {
        "1000": StdioServer(ctx.serve_argv(big), env=bench_env()),
        "10": StdioServer(ctx.serve_argv(ctx.generated_config(10)), env=bench_env()),
        "sdk": StdioServer(
            [sys.executable, str(MINIMAL_SERVER), str(tools_json), str(prompt)], env=bench_env()
        ),
    }
    times: dict[str, list[float]] = {key: [] for key in servers}
    sizes = {}
    try:
        for key, server in servers.items():
            server.handshake()
            sizes[key] = len(server.request("tools/list", {})["tools"])
        for _ in range(repeat):  # alternate, so load bursts hit every server alike
            for key, server in servers.items():
                times[key].append(server.time_request("tools/list", {}))
    finally:
        for server in servers.values():
            server.close()
    if sizes != {"1000": 1000, "10": 10, "sdk": 1000}:
        raise RuntimeError(f"expected 1,000, 10 and 1,000 tools, the servers listed {sizes}")
    return Row(
        "tools/list with 1,000 tools",
        "tools/list with 10 tools",
        5.0,
        "ms",
        median(times["1000"]) * 1000,
        median(times["10"]) * 1000,
        repeat,
        notes=[
            f"the minimal SDK server answers the same 1,000 tools in {median(times['sdk']) * 1000:.1f} ms"
        ],
    )
