"""The benchmark rows, one module each, in the order of the issue's table.

Each module has `run(ctx: Context) -> Row | list[Row]`; `ROWS` maps the short name used by
`python -m bench --only NAME` to its module.
"""

ROWS = {
    "serve-start": "bench.rows.serve_start",
    "call-overhead": "bench.rows.call_overhead",
    "tools-list": "bench.rows.tools_list",
    "build-surface": "bench.rows.build_surface",
    "crawl": "bench.rows.crawl",
    "tui": "bench.rows.tui",
    "memory": "bench.rows.memory",
    "http-load": "bench.rows.http_load",
    "exposure": "bench.rows.exposure",
}
