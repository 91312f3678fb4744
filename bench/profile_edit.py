"""Where an edit spends its time, in a real terminal: a timeline of the app's own events around
each `x`, written by the app itself while tmux shows it (as the bench's TUI rows do).

    .venv/bin/python -m bench.profile_edit 1000            # 1,000 generated commands
    .venv/bin/python -m bench.profile_edit 1000 --second   # a second `x` during the full pass
    .venv/bin/python -m bench.profile_edit 1000 --pairs 10 # 20 edits: key → frame, CPU summary
    CODE=/tmp/before .venv/bin/python -m bench.profile_edit 1000 --pairs 10  # another checkout

It spawns `bench/profile_edit.py` (this file run as a script) inside a private tmux server on a
generated click CLI, presses `x` the way the bench does (once the app has settled) and prints,
per edit, ms from the keypress: the key's handler, each screen update the app hands its driver
(`App._display`), the full pass's start and end in its thread, and the UI thread's handlers of
its result, with their durations. The screen's own witness ("… is not a tool" painted) comes
from tmux, as in the bench. Used for docs/performance.md (*Edit → paint*).
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time

EVENTS: list[tuple[float, str, float, float]] = []
"""(perf_counter at start, what, duration in s, CPU time of its thread in s)."""
KEY_TO_FRAME: list[tuple[float, float]] = []
"""Per `x`: (wall s, UI thread CPU s) from the key's binding to the first frame handed to the
terminal after it: the UI thread's own cost of an edit, which other people's load moves much
less than the wall time."""


def _key_to_frame(app_cls, tree_cls) -> None:
    state: dict = {"key": None}
    toggle, display = tree_cls.action_toggle_include, app_cls._display

    def toggle_noted(self):
        state["key"] = (time.perf_counter(), time.thread_time())
        return toggle(self)

    def display_noted(self, *args, **kwargs):
        result = display(self, *args, **kwargs)
        if state["key"] is not None:
            wall, cpu = state["key"]
            KEY_TO_FRAME.append((time.perf_counter() - wall, time.thread_time() - cpu))
            state["key"] = None
        return result

    tree_cls.action_toggle_include, app_cls._display = toggle_noted, display_noted


def _timed(cls, name: str, label: str | None = None) -> None:
    original = getattr(cls, name)

    @functools.wraps(original)
    def wrapped(*args, **kwargs):
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            return original(*args, **kwargs)
        finally:
            EVENTS.append(
                (
                    start,
                    label or f"{cls.__name__}.{name}",
                    time.perf_counter() - start,
                    time.thread_time() - cpu,
                )
            )

    setattr(cls, name, wrapped)


def _profile_key_to_paint(app_cls, tree_cls) -> None:
    """cProfile the UI thread from each `x` to the first screen update after it ($PROF.N)."""
    import cProfile

    state: dict = {"profile": None, "count": 0}
    toggle, display = tree_cls.action_toggle_include, app_cls._display

    def toggle_profiled(self):
        state["profile"] = cProfile.Profile()
        state["profile"].enable()
        return toggle(self)

    def display_profiled(self, *args, **kwargs):
        result = display(self, *args, **kwargs)
        profile = state["profile"]
        if profile is not None:
            profile.disable()
            profile.dump_stats(f"{os.environ['PROF']}.{state['count']}")
            state["profile"], state["count"] = None, state["count"] + 1
        return result

    tree_cls.action_toggle_include, app_cls._display = toggle_profiled, display_profiled


def _trace_key_to_paint(app_cls, tree_cls) -> None:
    """Log which widgets ask for a layout or a repaint, and which are rendered, from each `x`
    to the first screen update after it ($TRACE)."""
    import traceback

    from textual.widget import Widget

    state = {"on": False}
    lines: list[str] = []
    toggle, display, refresh, render_lines = (
        tree_cls.action_toggle_include,
        app_cls._display,
        Widget.refresh,
        Widget.render_lines,
    )

    def name(widget) -> str:
        if type(widget).__name__.startswith("ScrollBar"):  # whose scrollbar
            return f"{type(widget).__name__} of {name(widget.parent)}"
        return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__

    def toggle_traced(self):
        state["on"] = True
        lines.append("--- key x")
        return toggle(self)

    def refresh_traced(self, *regions, repaint=True, layout=False, recompose=False):
        if state["on"] and (layout or recompose or type(self).__name__ == "ScrollBar"):
            caller = " < ".join(
                f"{f.name}:{f.lineno}" for f in traceback.extract_stack(limit=9)[:-1][::-1]
            )
            lines.append(f"layout {name(self)}  ({caller})")
        return refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_lines_traced(self, crop):
        if not state["on"]:
            return render_lines(self, crop)
        start = time.thread_time()
        try:
            return render_lines(self, crop)
        finally:
            lines.append(f"render {name(self)} {crop} {1000 * (time.thread_time() - start):.2f} ms")

    def display_traced(self, *args, **kwargs):
        if state["on"]:
            state["on"] = False
            lines.append("--- painted")
            with open(os.environ["TRACE"], "w", encoding="utf-8") as out:
                out.write("\n".join(lines) + "\n")
        return display(self, *args, **kwargs)

    from textual._compositor import Compositor

    reflow = Compositor.reflow

    def reflow_traced(self, parent, size):
        old = dict(self._full_map)
        result = reflow(self, parent, size)
        if state["on"]:
            for widget, geometry in self._full_map.items():
                before = old.get(widget)
                if before != geometry:
                    fields = [
                        f
                        for f in geometry._fields
                        if before is None or getattr(before, f) != getattr(geometry, f)
                    ]
                    lines.append(
                        f"moved {name(widget)}: {fields} {before and [getattr(before, f) for f in fields]} -> {[getattr(geometry, f) for f in fields]}"
                    )
        return result

    Compositor.reflow = reflow_traced  # type: ignore[method-assign]
    render_update = Compositor.render_update

    def render_update_traced(self, *args, **kwargs):
        if state["on"]:
            lines.append(
                f"render_update dirty={sorted(self._dirty_regions)[:12]} full={kwargs.get('full')}"
            )
        return render_update(self, *args, **kwargs)

    Compositor.render_update = render_update_traced  # type: ignore[method-assign]
    update_widgets = Compositor.update_widgets

    def update_widgets_traced(self, widgets):
        # A widget refreshed while not on screen makes Textual rebuild its whole widget map
        # (`_full_map_invalidated`): every widget of the screen arranged again for that frame.
        if state["on"]:
            hidden = [name(w) for w in widgets if w not in self.visible_widgets]
            if hidden:
                lines.append(f"refreshed while hidden (full map rebuilt): {sorted(hidden)}")
        return update_widgets(self, widgets)

    Compositor.update_widgets = update_widgets_traced  # type: ignore[method-assign]
    from textual.screen import Screen

    refresh_layout = Screen._refresh_layout

    def refresh_layout_traced(self, size=None, scroll=False):
        if state["on"]:
            lines.append(
                f"_refresh_layout scroll={scroll} layout_widgets={[name(w) for w in self._layout_widgets]}"
            )
        return refresh_layout(self, size, scroll)

    Screen._refresh_layout = refresh_layout_traced  # type: ignore[method-assign]
    tree_cls.action_toggle_include, app_cls._display = toggle_traced, display_traced
    Widget.refresh, Widget.render_lines = refresh_traced, render_lines_traced  # type: ignore[method-assign]


def _in_app() -> int:
    """Run the app with its edit path instrumented; the log is written to $TIMELINE on exit."""
    from textual.app import App

    from workbench import cli
    from workbench.tui import previews
    from workbench.tui.screens import main as main_module
    from workbench.tui.widgets import command_tree, inspector, lint_pane, preview_tabs, status_line

    main_cls = main_module.MainScreen
    for name in (
        "toggle_include",
        "_show_quick",
        "on_full_ready",
        "show_command",
        "_start_full",
        "_tab_shown_now",
    ):
        _timed(main_cls, name)
    _timed(preview_tabs.PreviewTabs, "show_full")
    _timed(preview_tabs.PreviewTabs, "show_quick")
    _timed(lint_pane.LintPane, "show_findings")
    _timed(status_line.StatusLine, "show_full")
    _timed(inspector.Inspector, "show")
    _timed(command_tree.CommandTree, "show_statuses")
    _timed(command_tree.CommandTree, "action_toggle_include", "key x (tree binding)")
    _timed(App, "_display", "paint (App._display)")
    from textual._compositor import Compositor
    from textual.screen import Screen

    _timed(Compositor, "reflow", "layout (Compositor.reflow)")
    _timed(Compositor, "render_update", "render (Compositor.render_update)")
    _timed(Screen, "_on_timer_update", "screen update (timer)")
    if os.environ.get("PROF"):
        _profile_key_to_paint(App, command_tree.CommandTree)
    if os.environ.get("TRACE"):
        _trace_key_to_paint(App, command_tree.CommandTree)
    _key_to_frame(App, command_tree.CommandTree)
    _timed(previews, "compute_full", "full pass (thread)")
    main_module.compute_full = previews.compute_full
    shown = main_cls.on_full_ready

    def on_full_ready_then_log(self, message) -> None:
        shown(self, message)
        with open(os.environ["TIMELINE"] + ".part", "w", encoding="utf-8") as out:
            json.dump({"events": EVENTS, "key_to_frame": KEY_TO_FRAME}, out)
        os.replace(os.environ["TIMELINE"] + ".part", os.environ["TIMELINE"])

    main_cls.on_full_ready = on_full_ready_then_log  # type: ignore[method-assign]
    return cli.main(sys.argv[1:])


def _drive(size: int, second: bool, pairs: int = 1) -> None:
    """Spawn this file as the app in tmux, press `x` like the bench, print the timelines."""
    import tempfile
    from pathlib import Path

    from bench.generate import write_click_module
    from bench.rows.tui import SETTLE_S, _excluded, _settled
    from bench.terminal import Terminals

    folder = Path(tempfile.mkdtemp(prefix="profile-edit-"))
    target = write_click_module(folder, f"bench_gen_{size}", size)
    timeline = folder / "timeline.json"
    env = {
        # CODE=dir runs another copy of `workbench` (e.g. a `git archive` of the commit before a
        # change) under the same instrumentation, for before/after under the same load.
        "PYTHONPATH": os.pathsep.join(
            p
            for p in (os.environ.get("CODE", ""), str(folder), str(Path(__file__).parent.parent))
            if p
        ),
        "TIMELINE": str(timeline),
        "MCP_WORKBENCH_CONFIG_DIR": str(folder / "user-config"),
        **{k: os.environ[k] for k in ("PROF", "TRACE") if os.environ.get(k)},
    }
    presses: list[tuple[str, float, float]] = []
    with Terminals() as terms:
        screen = terms.start(
            [sys.executable, __file__, "--app", target, "-o", str(folder / "out.toml")],
            env=env,
            cwd=str(folder),
        )
        for expected, label in [
            (_excluded, "x: exclude"),
            (lambda s: not _excluded(s), "x: include"),
        ] * pairs:
            screen.wait_for(_settled, limit=120)
            time.sleep(SETTLE_S)
            pressed = screen.press("x")
            if second:
                screen.wait_for(expected, limit=60)
                # the first edit is painted; its full pass starts ~0.1 s later: press during it
                time.sleep(0.15)
                again = screen.press("x")
                seen = screen.wait_for(lambda s, e=expected: not e(s), limit=60)
                presses.append((label + " then x during its full pass", again, seen))
                break
            seen = screen.wait_for(expected, limit=60)
            presses.append((label, pressed, seen))
        screen.wait_for(_settled, limit=120)
        time.sleep(0.5)  # the log is written after the last full pass is shown
        screen.close()
    logged = json.loads(timeline.read_text()) if timeline.exists() else {}
    events = logged.get("events", [])
    if pairs > 1:
        frames = logged.get("key_to_frame", [])
        painted = sorted(1000 * (seen - pressed) for _, pressed, seen in presses)
        print(f"{len(presses)} edits at {size:,} commands, load average {os.getloadavg()[0]:.1f}")
        print("  painted on screen (tmux), ms: " + _min_median_max(painted))
        print("  key → first frame, wall ms:   " + _min_median_max([1000 * w for w, _ in frames]))
        print("  key → first frame, UI CPU ms: " + _min_median_max([1000 * c for _, c in frames]))
        return
    for label, pressed, seen in presses:
        print(f"\n{label}: painted on screen (tmux) at {1000 * (seen - pressed):.0f} ms")
        print("   from key   what                              wall ms   CPU ms")
        for start, what, duration, cpu in sorted(events):
            offset = start - pressed
            if (-1.0 if second else -0.05) < offset < 3.0:
                print(
                    f"  {1000 * offset:8.1f}  {what:34s} {1000 * duration:7.1f}  {1000 * cpu:7.1f}"
                )


def _min_median_max(values: list[float]) -> str:
    if not values:
        return "—"
    ordered = sorted(values)
    return f"{ordered[0]:.1f} / {ordered[len(ordered) // 2]:.1f} / {ordered[-1]:.1f} (min / median / max)"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--app"]:
        del sys.argv[1]
        sys.exit(_in_app())
    pairs = int(sys.argv[sys.argv.index("--pairs") + 1]) if "--pairs" in sys.argv else 1
    _drive(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, "--second" in sys.argv, pairs)
