"""Search exposure (SPEC §5b): what the first `tools/list` costs in each mode, and how fast
`find_tools` answers at 5,000 tools.

- First `tools/list`, bytes and tokens: one generated 1,000-tool config served twice (`exposure
  = "all"` and `"search"`, nothing else different); each server's first `tools/list` answer is
  read over stdio after the handshake; bytes are its `tools` array as compact JSON, tokens that
  JSON tool by tool through `workbench.model.tokens` (the label says which tokenizer). Target:
  search ≤ 5% of all.
- `find_tools` at 5,000 tools: a running serve of a generated 5,000-tool config in search
  exposure; each `tools/call <prefix>_find_tools` (limit 5) is timed from writing it to reading
  the whole answer, after one untimed call. The queries use words every generated tool has
  (`run action N of area M on target`), so each touches all 5,000 tools' postings: the worst
  case for the index. Absolute target: 50 ms (SPEC §11.7's bound for any one request).
"""

from __future__ import annotations

import json

from bench.context import Context
from bench.generate import config_for, generated_tree
from bench.measure import Row, median
from bench.wire import StdioServer, bench_env


def _config(ctx: Context, tools: int, exposure: str):
    import sys

    from workbench.model.config_file import save_config

    path = ctx.workdir / f"gen-{tools}-{exposure}.toml"
    if not path.exists():
        config = config_for(generated_tree(tools), [sys.executable, "-c", "pass"])
        config.tools.exposure = exposure
        save_config(config, path)
    return path


def _first_list(ctx: Context, exposure: str) -> list[dict]:
    server = StdioServer(ctx.serve_argv(_config(ctx, 1000, exposure)), env=bench_env())
    try:
        server.handshake()
        return server.request("tools/list", {})["tools"]
    finally:
        server.close()


def run(ctx: Context) -> list[Row]:
    from workbench.model.tokens import count_tokens, tokenizer_label

    lists = {mode: _first_list(ctx, mode) for mode in ("all", "search")}
    size = {mode: len(json.dumps(tools, separators=(",", ":"))) for mode, tools in lists.items()}
    tokens = {
        mode: sum(count_tokens(json.dumps(t)) for t in tools) for mode, tools in lists.items()
    }
    if len(lists["all"]) != 1000 or len(lists["search"]) != 2:
        raise RuntimeError(
            f"expected 1,000 and 2 tools, the servers listed {len(lists['all'])} and {len(lists['search'])}"
        )
    rows = [
        Row(
            "first tools/list, search exposure, 1,000-tool CLI: bytes",
            "the same config in all exposure",
            0.05,
            "bytes",
            size["search"],
            size["all"],
            1,
            notes=[f"{len(lists['search'])} tools listed vs {len(lists['all'])}"],
        ),
        Row(
            "first tools/list, search exposure, 1,000-tool CLI: tokens",
            "the same config in all exposure",
            0.05,
            "tokens",
            tokens["search"],
            tokens["all"],
            1,
            notes=[f"tokenizer: {tokenizer_label()}"],
        ),
    ]
    repeat = max(10, ctx.repeat * 10)
    server = StdioServer(ctx.serve_argv(_config(ctx, 5000, "search")), env=bench_env())
    times = []
    try:
        server.handshake()
        call = {
            "name": "gen_find_tools",
            "arguments": {"query": "run action 7 of area 42 on target", "limit": 5},
        }
        answer = server.request("tools/call", call)
        if answer.get("isError") or not answer["structuredContent"]["tools"]:
            raise RuntimeError(f"find_tools did not answer matches: {str(answer)[:300]}")
        for index in range(repeat):
            call["arguments"]["query"] = f"run action {index % 50} of area {index % 100} on target"
            times.append(server.time_request("tools/call", call))
    finally:
        server.close()
    rows.append(
        Row(
            "find_tools at 5,000 tools (stdio, write → answer read)",
            "absolute",
            50.0,
            "ms",
            median(times) * 1000,
            None,
            repeat,
            notes=[f"slowest of {repeat}: {max(times) * 1000:.1f} ms"],
        )
    )
    return rows
