"""Where opening the TUI spends its time, in a real terminal: run this instead of the console
script, inside a terminal (tmux 160×48, as the bench does), and it writes when each phase began
(wall time and the process's CPU time) and, with PROF set, a cProfile of the UI thread up to
the first frame that shows a tree mark, then exits. The process's CPU time does not include the
forked load's child (workbench/tui/forked_load.py): its own CPU time is the last line.

    tmux -L prof new-session -d -x 160 -y 48 -- env PROF=/tmp/open.prof MARKS=/tmp/marks.txt \\
        .venv/bin/python bench/profile_open.py bench_gen_2000:cli -o /tmp/out.toml

Phases (ms from the script's start): the CLI imported, `workbench.tui.app` imported, the app
mounted, the loading worker done, the main screen mounted, the first frame written to the
terminal with the mark `MARK` (default `action000 ●`, the bench's), and, with SETTLE set, the
first surface shown and the screen settled (every pane mounted and filled) before it exits.
DEBUG_PHASES adds every frame written and the start of the work that follows the first paint.
Only the UI thread is profiled: the loading worker's CPU shows as the UI thread waiting
(`select.epoll.poll`). Used for docs/performance.md.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import time

START = time.perf_counter()
PHASES: list[tuple[str, float, float]] = []
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def phase(name: str) -> None:
    """Note when `name` began: wall time and the process's CPU time (all threads) since start."""
    PHASES.append((name, time.perf_counter() - START, time.process_time()))


def main() -> int:
    import cProfile

    profile = cProfile.Profile() if os.environ.get("PROF") else None
    if profile is not None:
        profile.enable()
    # The collector pause `mcp-workbench` starts before its imports (commands/open.py): started
    # here, before this script imports the app to wrap it, and handed to the open command.
    from workbench.commands import open as open_command
    from workbench.tui.loading import StartUpCollectorPause

    collector = StartUpCollectorPause()
    open_command.StartUpCollectorPause = lambda: collector  # type: ignore[assignment,misc]
    # And the forked load it starts then (workbench.tui.forked_load), also before the imports.
    request = open_command.request_of(_open_arguments(open_command))
    forked = open_command.ForkedLoad.start(request) if open_command.worth_forking() else None
    open_command.ForkedLoad.start = lambda _request: forked  # type: ignore[method-assign]
    from workbench import cli

    phase("cli imported")
    from textual._compositor import CompositorUpdate

    from workbench.tui import app as app_module
    from workbench.tui.screens import main as main_module

    phase("tui.app imported")
    mark = os.environ.get("MARK", "action000 ●")
    settle = bool(os.environ.get("SETTLE"))

    def wrap(cls, name: str, label: str) -> None:
        original = getattr(cls, name)

        @functools.wraps(original)  # Textual passes the event only to handlers that take one
        def wrapped(self, *args):
            phase(label)
            return original(self, *args)

        setattr(cls, name, wrapped)

    wrap(app_module.WorkbenchApp, "on_mount", "app mounted")
    wrap(app_module.WorkbenchApp, "on_load_finished", "loading worker done")
    wrap(main_module.MainScreen, "on_mount", "main screen mounted")
    if os.environ.get("DEBUG_PHASES"):
        wrap(main_module.MainScreen, "_after_first_paint", "after first paint")
        wrap(main_module.MainScreen, "_compute_quick", "compute quick")
    shown = main_module.MainScreen.on_quick_ready
    seen_mark = False

    def on_quick_ready(self, message) -> None:
        first = self.quick is None
        shown(self, message)
        if first:
            phase("first surface shown")
            if settle:
                self.set_interval(0.05, lambda: settled(self))

    def settled(screen) -> None:
        if (
            screen.previews_current
            and screen.query_one(main_module.Inspector).form_ready
            and screen.query_one(main_module.PreviewTabs).deferred_ready
            and not finished
        ):
            phase("settled (previews current, every pane mounted)")
            finish()

    main_module.MainScreen.on_quick_ready = on_quick_ready
    display = app_module.WorkbenchApp._display

    def recording(self, screen, renderable) -> None:
        nonlocal seen_mark
        display(self, screen, renderable)
        if os.environ.get("DEBUG_PHASES"):
            phase(f"display {type(screen).__name__} {type(renderable).__name__}")
        if (
            not seen_mark
            and isinstance(renderable, CompositorUpdate)
            and mark in ESCAPES.sub("", renderable.render_segments(self.console))
        ):
            seen_mark = True
            phase(f"first frame with `{mark}` written")
            if not settle:
                finish()

    app_module.WorkbenchApp._display = recording
    finished = False

    def finish() -> None:
        nonlocal finished
        finished = True
        if profile is not None:
            profile.disable()
            profile.dump_stats(os.environ["PROF"])
        with open(os.environ.get("MARKS", "open-phases.txt"), "w", encoding="utf-8") as out:
            out.writelines(
                f"{at * 1000:8.0f} ms  (CPU {cpu * 1000:6.0f} ms)  {name}\n"
                for name, at, cpu in PHASES
            )
            if forked is not None and forked.child_cpu_s is not None:
                out.write(
                    f"{'':8s}     (CPU {forked.child_cpu_s * 1000:6.0f} ms)  the forked load's "
                    "child, all of it (not in the CPU figures above)\n"
                )
        app.exit()

    original_make = app_module.make_app

    def make_app(*args, **kwargs):
        nonlocal app
        app = original_make(*args, **kwargs)
        return app

    app = None
    app_module.make_app = make_app
    return cli.main(sys.argv[1:])


def _open_arguments(open_command):
    """The `mcp-workbench [TARGET]` arguments this script was given."""
    import argparse

    parser = argparse.ArgumentParser()
    open_command.add_arguments(parser)
    return parser.parse_args(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
