"""`python -m bench [--quick] [--only NAME]… [--repeat N] [--markdown FILE]`: run the benchmarks.

Runs every row of the performance table (bench.rows.ROWS) in this one process and the
processes it spawns, prints each row as it finishes (median of repeated runs, the reference
measured in the same run, their ratio, the target), then the whole table. `--quick` is the
smoke version (one run per side, under a minute); `--markdown` also writes the table as
Markdown. Exit status 1 when a row could not be measured because something failed.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from bench.context import Context
from bench.measure import Row
from bench.report import markdown_table, text_table
from bench.rows import ROWS


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[1])
    parser.add_argument(
        "--quick", action="store_true", help="one run per side: a smoke run under a minute"
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=list(ROWS),
        metavar="NAME",
        help=f"run only this row (repeatable): {', '.join(ROWS)}",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=None,
        metavar="N",
        help="timed runs per side (rows scale it; default 3, 1 with --quick)",
    )
    parser.add_argument(
        "--markdown", metavar="FILE", help="also write the table as Markdown to FILE"
    )
    return parser.parse_args(argv)


def run_row(name: str, ctx: Context) -> list[Row]:
    started = time.perf_counter()
    print(f"… {name}", file=sys.stderr, flush=True)
    try:
        result = importlib.import_module(ROWS[name]).run(ctx)
    except Exception as error:  # one broken row must not hide the others
        traceback.print_exc(file=sys.stderr)
        return [Row(name, "—", 0, skipped=f"failed: {type(error).__name__}: {str(error)[:200]}")]
    rows = result if isinstance(result, list) else [result]
    print(
        text_table(rows),
        f"\n         ({time.perf_counter() - started:.1f} s)",
        file=sys.stderr,
        flush=True,
    )
    return rows


def compile_bytecode() -> None:
    """Write up-to-date .pyc files for this checkout's packages, as an installed product has.

    This sandbox sets PYTHONDONTWRITEBYTECODE=1, so every module of ours changed since its .pyc
    was written compiles from source in every process the bench spawns (model/tokens.py: 1.8
    ms to import instead of 0.3), while the SDK loads the .pyc files pip wrote: start-up rows
    then compare unlike things."""
    import compileall

    root = Path(__file__).resolve().parent.parent
    for package in ("workbench", "sample_clis", "bench"):
        compileall.compile_dir(root / package, quiet=2)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    compile_bytecode()
    names = args.only or list(ROWS)
    repeat = args.repeat or (1 if args.quick else 3)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mcp-workbench-bench-") as folder:
        ctx = Context(Path(folder), repeat=repeat, quick=args.quick, explicit=bool(args.only))
        rows = [row for name in names for row in run_row(name, ctx)]
    elapsed = time.perf_counter() - started
    machine = (
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"{_cpus()} CPUs, load {_load()}"
    )
    flags = "".join(f" --{flag}" for flag in ("quick",) if getattr(args, flag))
    print(f"\nmcp-workbench bench{flags}: {len(rows)} rows in {elapsed:.0f} s ({machine})\n")
    print(text_table(rows))
    if args.markdown:
        Path(args.markdown).write_text(markdown_table(rows) + "\n", encoding="utf-8")
        print(f"\nwrote {args.markdown}")
    return 1 if any(r.skipped and r.skipped.startswith("failed") for r in rows) else 0


def _cpus() -> int:
    import os

    return (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 0)
    )


def _load() -> str:
    import os

    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


if __name__ == "__main__":
    raise SystemExit(main())
