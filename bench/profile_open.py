"""Where opening the TUI spends its time, in a real terminal: run this instead of the console
script, inside a terminal (tmux 160×48, as the bench does), and it writes when each phase began
and, with PROF set, a cProfile of the UI thread up to the first painted marks, then exits.

    tmux -L prof new-session -d -x 160 -y 48 -- env PROF=/tmp/open.prof MARKS=/tmp/marks.txt \
        .venv/bin/python bench/profile_open.py bench_gen_2000:cli -o /tmp/out.toml

Phases (ms from the script's start): the CLI imported, `workbench.tui.app` imported, the app
mounted, the loading worker done, the main screen mounted, the first quick pass shown, and the
refresh after it (the marks painted). Only the UI thread is profiled: the loading worker's
CPU shows as the UI thread waiting (`select.epoll.poll`). Used for docs/performance.md.
"""

from __future__ import annotations

import functools
import os
import sys
import time

START = time.perf_counter()
PHASES: list[tuple[str, float]] = []


def phase(name: str) -> None:
    PHASES.append((name, time.perf_counter() - START))


def main() -> int:
    import cProfile

    profile = cProfile.Profile() if os.environ.get("PROF") else None
    if profile is not None:
        profile.enable()
    from workbench import cli
    phase("cli imported")
    from workbench.tui import app as app_module
    from workbench.tui.screens import main as main_module
    phase("tui.app imported")

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
    shown = main_module.MainScreen.on_quick_ready

    def on_quick_ready(self, message) -> None:
        first = self.quick is None
        phase("first quick pass shown" if first else "quick pass shown")
        shown(self, message)
        if first:
            self.call_after_refresh(lambda: self.set_timer(0.05, finish))

    def finish() -> None:
        phase("refreshed after it (marks painted)")
        if profile is not None:
            profile.disable()
            profile.dump_stats(os.environ["PROF"])
        with open(os.environ.get("MARKS", "open-phases.txt"), "w", encoding="utf-8") as out:
            out.writelines(f"{at * 1000:8.0f} ms  {name}\n" for name, at in PHASES)
        app.exit()

    main_module.MainScreen.on_quick_ready = on_quick_ready
    original_make = app_module.make_app

    def make_app(*args, **kwargs):
        nonlocal app
        app = original_make(*args, **kwargs)
        return app

    app = None
    app_module.make_app = make_app
    return cli.main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
