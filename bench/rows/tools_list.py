"""`tools/list` with 1,000 tools against `tools/list` with 10 tools, on running `serve`s.

Both servers serve generated configs (same command shape, 1,000 vs 10 commands); each request
is timed from writing it to reading the whole answer, after a first untimed one.
"""

from __future__ import annotations

from bench.context import Context, workbench_argv
from bench.measure import Row, median
from bench.wire import StdioServer, bench_env


def run(ctx: Context) -> Row:
    repeat = max(10, ctx.repeat * 10)
    times = {}
    sizes = {}
    servers = {n: StdioServer(workbench_argv("serve", str(ctx.generated_config(n))), env=bench_env())
               for n in (1000, 10)}
    try:
        for n, server in servers.items():
            server.handshake()
            sizes[n] = len(server.request("tools/list", {})["tools"])
            times[n] = []
        for _ in range(repeat):  # alternate, so load bursts hit both
            for n, server in servers.items():
                times[n].append(server.time_request("tools/list", {}))
    finally:
        for server in servers.values():
            server.close()
    if sizes != {1000: 1000, 10: 10}:
        raise RuntimeError(f"expected 1,000 and 10 tools, the servers listed {sizes}")
    return Row("tools/list with 1,000 tools", "tools/list with 10 tools", 5.0, "ms",
               median(times[1000]) * 1000, median(times[10]) * 1000, repeat)
