"""The TUI on generated CLIs, driven headless through Textual's `App.run_test()`: absolute
figures on this machine, as the issue has no reference for them.

- open: from creating the app on a generated 2,000-command click module (written to a temp
  folder and imported by the real loader, fresh each run) until the command tree shows its
  groups. Limit 1.5 s.
- edit → preview: with a 1,000-tool CLI open, select a command, press `x` (include/exclude) and
  time until the previews for that edit (this tool, prompt, status line) are on screen. Limit
  100 ms. When the full pass (tool list, mcp.toml, diff, lint) lands is reported as a note.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from bench.context import Context
from bench.generate import PER_GROUP, write_click_module
from bench.measure import Row, median

OPEN_COMMANDS = 2000
EDIT_TOOLS = 1000
SIZE = (160, 48)


async def _wait_until(condition, limit: float = 60.0) -> None:
    started = time.perf_counter()
    while not condition():
        if time.perf_counter() - started > limit:
            raise TimeoutError("the TUI never reached the awaited state")
        await asyncio.sleep(0.001)


def _make_app(folder: Path, target: str, output: str):
    from workbench.tui.app import make_app
    from workbench.tui.loading import OpenRequest

    return make_app(OpenRequest(target=target, output=str(folder / output)), config_dir=folder / "tui-config")


async def _open_once(folder: Path, target: str) -> float:
    from workbench.tui.widgets.command_tree import CommandTree

    sys.modules.pop(target.split(":")[0], None)  # import the CLI afresh, as a new process would
    started = time.perf_counter()
    app = _make_app(folder, target, "open.toml")
    async with app.run_test(size=SIZE) as pilot:
        def tree_shown() -> bool:
            main = app.main_screen
            return (main is not None and main.is_mounted
                    and len(main.query_one(CommandTree).root.children) == OPEN_COMMANDS // PER_GROUP)

        await _wait_until(tree_shown)
        shown = time.perf_counter() - started
        await pilot.pause()
    return shown


async def _edits(folder: Path, target: str, rounds: int) -> tuple[list[float], list[float]]:
    from workbench.tui.widgets.command_tree import CommandTree

    app = _make_app(folder, target, "edit.toml")
    quick_times, full_times = [], []
    async with app.run_test(size=SIZE) as pilot:
        await _wait_until(lambda: app.main_screen is not None and app.main_screen.is_current)
        main = app.main_screen
        if len(main.quick.surface.tools) != EDIT_TOOLS:
            raise RuntimeError(f"expected {EDIT_TOOLS} tools, the TUI shows {len(main.quick.surface.tools)}")
        tree = main.query_one(CommandTree)
        tree.focus()
        root = main.workspace.tree.root.name
        for i in range(rounds):
            tree.select_path(f"{root} area{i % (EDIT_TOOLS // PER_GROUP):03d} action{i:03d}")
            await pilot.pause()
            await _wait_until(lambda: main.is_current)
            before = main.generation
            started = time.perf_counter()
            # The press runs as its own task: `pilot.press` returns only once the app is idle
            # again, after the full pass; the quick previews are on screen well before that.
            press = asyncio.create_task(pilot.press("x"))
            await _wait_until(lambda: main.generation > before and main.quick_generation == main.generation)
            quick_times.append(time.perf_counter() - started)
            await _wait_until(lambda: main.is_current)
            full_times.append(time.perf_counter() - started)
            await press
    return quick_times, full_times


def run(ctx: Context) -> list[Row]:
    folder = ctx.workdir / "tui"
    folder.mkdir(exist_ok=True)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    big = write_click_module(folder, "bench_gen_2000", OPEN_COMMANDS)
    medium = write_click_module(folder, "bench_gen_1000", EDIT_TOOLS)
    opens = 1 if ctx.quick else max(3, ctx.repeat)
    rounds = 5 if ctx.quick else 15
    first = asyncio.run(_open_once(folder, big))  # also pays Textual's and the loaders' first imports
    open_times = [asyncio.run(_open_once(folder, big)) for _ in range(opens)]
    quick, full = asyncio.run(_edits(folder, medium, rounds))
    return [
        Row(f"TUI open of a {OPEN_COMMANDS:,}-command CLI → tree shown", "absolute", 1.5, "s",
            median(open_times), None, opens,
            notes=[f"the first open in this process, paying Textual's and the loader's imports: {first:.2f} s"]),
        Row(f"TUI edit → preview updated, {EDIT_TOOLS:,} tools", "absolute", 100, "ms",
            median(quick) * 1000, None, rounds,
            notes=[f"slowest edit {max(quick) * 1000:.0f} ms; full pass (tool list, mcp.toml, diff, lint) "
                   f"lands after {median(full) * 1000:.0f} ms"]),
    ]
