"""The TUI as a user meets it: the installed `mcp-workbench` in a real terminal (tmux, 160×48),
side by side with the floor (`bench/floor_app.py`, a minimal Textual app with the same commands),
alternating in one run, on generated click CLIs of 10 to 5,000 commands.

- open: from spawning the process to the first screen on which the tree shows the first
  command with its mark (`action000 ●`). Target: ≤ 2× the floor at 2,000 commands.
- edit → paint: once the app has settled (no "updating…" on screen), press `x` on the
  highlighted command and time until the preview shows the change ("… is not a tool"; pressed
  again, until the tool is back). Target: ≤ 3× the floor at 1,000 commands.
- second edit during a full pass: `x`, and 0.2 s after its change is painted (the product is
  then running that edit's full pass) `x` again, timed to the second change on screen.

The screen is read with `capture-pane` every ~10 ms (`bench/terminal.py`): keypress or spawn
to painted screen, nothing headless (SPEC §11.9, ../shared/docs/measuring.md).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench.context import BENCH_DIR, Context
from bench.generate import write_click_module
from bench.measure import Row, median
from bench.report import text_table
from bench.terminal import Terminals

SIZES = (10, 100, 1000, 2000, 5000)
QUICK_SIZES = (10, 1000)
OPEN_TARGET, OPEN_TARGET_AT = 2.0, 2000
EDIT_TARGET, EDIT_TARGET_AT = 3.0, 1000
EDIT_PAIRS = 2
"""Exclude + include pairs per session: 2 × EDIT_PAIRS edit samples per round and side."""
SETTLE_S = 0.3
"""Idle time after "updating…" has gone, so the next key meets an idle app."""
SECOND_KEY_AFTER_S = 0.2
"""When the second of two quick edits is pressed, after the first one's change is painted."""


def _first_mark(screen: str) -> bool:
    return "action000 ●" in screen


def _always(screen: str) -> bool:
    return True  # the floor does everything in the key's handler: nothing follows


def _excluded(screen: str) -> bool:
    return "is not a tool" in screen


def _settled(screen: str) -> bool:
    """Every preview current: the previews' border says so and nothing says "updating…"."""
    return "current" in screen and "updating" not in screen and "computing" not in screen


def _cpu_seconds(terms: Terminals, screen) -> float | None:
    """The app's CPU time so far (user + system, its own and its reaped children's, such as
    the forked load's): what other people's load moves much less than wall time."""
    try:
        pid = int(terms.tmux("display-message", "-p", "-t", screen.name, "#{pane_pid}").strip())
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        return None  # no /proc here: the row has no CPU note


def _session(
    terms: Terminals,
    argv: list[str],
    env: dict[str, str],
    cwd: Path,
    settled: Callable[[str], bool],
    open_cpu: list[float] | None = None,
) -> tuple[float, list[float], float]:
    """One app run: (open time, edit → paint times, the second of two quick edits); each key
    but that second one waits for `settled`. `open_cpu` gets the app's CPU time at the mark."""
    screen = terms.start(argv, env=env, cwd=str(cwd))
    try:
        opened = screen.wait_for(_first_mark, limit=120) - screen.started
        cpu = _cpu_seconds(terms, screen) if open_cpu is not None else None
        if cpu is not None and open_cpu is not None:
            open_cpu.append(cpu)
        edits = []
        for _ in range(EDIT_PAIRS):
            for expected in (_excluded, lambda text: not _excluded(text)):
                screen.wait_for(settled, limit=120)
                time.sleep(SETTLE_S)
                pressed = screen.press("x")
                edits.append(screen.wait_for(expected, limit=60) - pressed)
        # A second `x` soon after the first: the product is then running the first edit's full
        # pass (it starts 0.1 s after the quick paint and takes longer than that at 100+ commands).
        screen.wait_for(settled, limit=120)
        time.sleep(SETTLE_S)
        screen.press("x")
        screen.wait_for(_excluded, limit=60)
        time.sleep(SECOND_KEY_AFTER_S)
        pressed = screen.press("x")
        second = screen.wait_for(lambda text: not _excluded(text), limit=60) - pressed
        return opened, edits, second
    finally:
        screen.close()


def _spread(values: list[float], scale: float, unit: str) -> str:
    return (
        f"{min(values) * scale:.0f}/{median(values) * scale:.0f}/{max(values) * scale:.0f} {unit}"
    )


def run(ctx: Context) -> list[Row]:
    script = shutil.which("mcp-workbench", path=str(Path(sys.executable).parent))
    if script is None:
        return [
            Row(
                "TUI in a real terminal",
                "—",
                0,
                skipped="the mcp-workbench console script is not installed",
            )
        ]
    try:
        terms = Terminals()
    except FileNotFoundError as error:
        return [Row("TUI in a real terminal", "—", 0, skipped=str(error))]
    folder = ctx.workdir / "tui"
    folder.mkdir(exist_ok=True)
    env = {"PYTHONPATH": str(folder), "MCP_WORKBENCH_CONFIG_DIR": str(folder / "user-config")}
    sizes = QUICK_SIZES if ctx.quick else _sizes()
    rounds = 1 if ctx.quick else max(3, ctx.repeat)
    rows: list[Row] = []
    with terms:
        for size in sizes:
            target = write_click_module(folder, f"bench_gen_{size}", size)
            product = [script, target, "-o", str(folder / f"out{size}.toml")]
            floor = [sys.executable, str(BENCH_DIR / "floor_app.py"), target]
            opens: dict[str, list[float]] = {"product": [], "floor": []}
            edits: dict[str, list[float]] = {"product": [], "floor": []}
            seconds: dict[str, list[float]] = {"product": [], "floor": []}
            open_cpu: dict[str, list[float]] = {"product": [], "floor": []}
            for _ in range(rounds):  # turn about, so a burst of other load hits both sides
                for side, argv, settled in (
                    ("product", product, _settled),
                    ("floor", floor, _always),
                ):
                    opened, times, second = _session(
                        terms, argv, env, folder, settled, open_cpu[side]
                    )
                    opens[side].append(opened)
                    edits[side].extend(times)
                    seconds[side].append(second)
            rows.append(
                Row(
                    f"TUI open, {size:,} commands: spawn → first command with its mark (tmux 160×48)",
                    "minimal Textual app, same tree",
                    OPEN_TARGET,
                    "s",
                    median(opens["product"]),
                    median(opens["floor"]),
                    rounds,
                    notes=[
                        f"min/median/max: product {_spread(opens['product'], 1000, 'ms')}, "
                        f"floor {_spread(opens['floor'], 1000, 'ms')}"
                        + (
                            ""
                            if size == OPEN_TARGET_AT
                            else f"; the target applies at {OPEN_TARGET_AT:,}"
                        ),
                        *_cpu_note(open_cpu),
                    ],
                )
            )
            rows.append(
                Row(
                    f"TUI edit → paint, {size:,} commands: `x` → preview changed (tmux 160×48)",
                    "minimal Textual app, same tree, same key",
                    EDIT_TARGET,
                    "ms",
                    median(edits["product"]) * 1000,
                    median(edits["floor"]) * 1000,
                    len(edits["product"]),
                    notes=[
                        f"min/median/max: product {_spread(edits['product'], 1000, 'ms')}, "
                        f"floor {_spread(edits['floor'], 1000, 'ms')}"
                        + (
                            ""
                            if size == EDIT_TARGET_AT
                            else f"; the target applies at {EDIT_TARGET_AT:,}"
                        )
                    ],
                )
            )
            rows.append(
                Row(
                    f"TUI second edit during the first one's full pass, {size:,} commands: `x` → preview changed",
                    "minimal Textual app, the same two keys",
                    EDIT_TARGET,
                    "ms",
                    median(seconds["product"]) * 1000,
                    median(seconds["floor"]) * 1000,
                    len(seconds["product"]),
                    notes=[
                        f"min/median/max: product {_spread(seconds['product'], 1000, 'ms')}, "
                        f"floor {_spread(seconds['floor'], 1000, 'ms')}; pressed {SECOND_KEY_AFTER_S:.1f} s "
                        "after the first edit was painted; no target of its own (the edit target shown)"
                    ],
                )
            )
            print(text_table(rows[-3:]), file=sys.stderr, flush=True)  # a long row: show each size
    return rows


def _cpu_note(cpu: dict[str, list[float]]) -> list[str]:
    """The open row's CPU note: the app's CPU time at the mark, product against floor."""
    if not cpu["product"] or not cpu["floor"]:
        return []
    product, floor = median(cpu["product"]), median(cpu["floor"])
    return [
        f"CPU time to the mark (less load-sensitive): {product * 1000:.0f} vs "
        f"{floor * 1000:.0f} ms, {product / floor:.2f}× "
        f"(product {_spread(cpu['product'], 1000, 'ms')})"
    ]


def _sizes() -> tuple[int, ...]:
    """SIZES, or the comma-separated sizes in BENCH_TUI_SIZES (e.g. `1000,2000`)."""
    chosen = os.environ.get("BENCH_TUI_SIZES", "")
    return tuple(int(size) for size in chosen.split(",") if size.strip()) or SIZES
