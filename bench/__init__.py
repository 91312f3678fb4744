"""Benchmarks of mcp-workbench against its limits and its peers (issue 9); not shipped.

`python -m bench` runs every row of the performance table (one module per row in
bench/rows/; docs/performance.md has the method, the figures and the command lines).
`python -m bench --only tui` is the TUI's rows (issue 5's targets). pytest does not run the
benchmarks; tests/test_bench_smoke.py runs one quick row so they keep working.
"""
