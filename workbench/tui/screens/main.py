"""The main screen: owns the Workspace, applies edits, and keeps the previews current.

Widgets post `EditRequested` up; the screen applies it to the workspace (one undo entry) and
marks every preview stale at once. After a short debounce, two passes follow (see previews.py):
the quick one (incremental surface: this tool, prompt, tree marks, status) and, once that is
painted, the full one in a thread worker (tool list, mcp.toml, diff, lint). Each recompute
carries a generation number; a result older than the latest edit is dropped, so stale output
is never shown as current.
"""

from __future__ import annotations

import gc
import sys
from dataclasses import dataclass

from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, TabbedContent, Tabs, Tree

from workbench.model.errors import WorkbenchError
from workbench.model.superseded import Superseded
from workbench.tui.bindings import MAIN_BINDINGS, pane_title
from workbench.tui.compositor import PlacedWidgetsCompositor
from workbench.tui.incremental import slice_size, update_surface
from workbench.tui.loading import first_marks
from workbench.tui.messages import EditRequested
from workbench.tui.palette import GoToCommand, ToggleCommand, WorkbenchActions
from workbench.tui.previews import (
    CommandStatus,
    FullPreviews,
    QuickPreviews,
    compute_full,
    compute_quick,
    finding_counts,
)
from workbench.tui.widgets.command_tree import CommandTree, CommandTreePanel
from workbench.tui.widgets.footer import StableFooter
from workbench.tui.widgets.inspector import Inspector
from workbench.tui.widgets.lint_pane import JumpToCommand
from workbench.tui.widgets.preview_tabs import DEFERRED_PANES, TABS, PreviewTabs
from workbench.tui.widgets.selectors_pane import SelectorsPane
from workbench.tui.widgets.status_line import StatusLine, coverage_text
from workbench.tui.widgets.try_it import TryIt
from workbench.tui.workspace import Workspace, copy_choices

NARROW_WIDTH = 120
"""Below this many columns the centre and right panes take turns instead of sharing the width."""
DEBOUNCE_S = 0.01
"""How long edits may pile up before one recompute (key repeat, quick clicks)."""
QUICK_ON_UI_LIMIT = 300
"""Up to this many commands in the edited slice, the quick pass runs on the UI thread."""
PASS_SWITCH_INTERVAL_S = 0.001
"""The interpreter's thread switch interval while the TUI runs its passes in threads (Python's
default is 0.005 s). The UI thread releases the GIL at every wait of its event loop, many times
a frame, and then waits up to one interval for a CPU-bound pass to hand it back: at 5 ms, a
key pressed during a full pass waited ~10× its own CPU time (docs/performance.md)."""
FULL_DELAY_S = 0.1
"""Pause between painting the quick pass and starting the full one, so a key pressed right
after an edit does not compete with the full pass (CPU-bound, in a thread) for the interpreter."""


@dataclass
class QuickReady(Message):
    """The quick pass finished for `generation`."""

    generation: int
    quick: QuickPreviews


@dataclass
class FullReady(Message):
    """The full pass finished for `generation`."""

    generation: int
    full: FullPreviews


def _unexpected(error: Exception) -> str:
    return f"building the surface failed unexpectedly ({type(error).__name__}); please report it"


class MainScreen(Screen[None]):
    """Tree | inspector | previews, status line, footer."""

    BINDINGS = MAIN_BINDINGS
    COMMANDS = {GoToCommand, ToggleCommand, WorkbenchActions}

    def __init__(self, workspace: Workspace, marks: dict[str, CommandStatus] | None = None) -> None:
        super().__init__()
        # An edit repaints the inspector's flag table below the fold: not a reason to arrange
        # every widget of the screen again before the frame (tui/compositor.py).
        self._compositor = PlacedWidgetsCompositor()
        self.workspace = workspace
        self.marks = marks
        """The tree's first marks (`first_marks`), when the loading worker chose them; else the
        screen chooses them on mount. The first surface is built once they are painted."""
        self.selected: str = workspace.tree.root.path_str
        self.generation = 0
        self.quick_generation = self.full_generation = -1
        self.quick: QuickPreviews | None = None
        self.full: FullPreviews | None = None
        self.base_surface = None
        """The last surface shown; the quick pass updates it for the commands in `changed`."""
        self.changed: set[str] | None = None
        self.wide_edits = 0
        """Edits not scoped to one command (global settings, selectors, undo of those): any of
        them may change what the inspector shows for every command."""
        self._shown_inputs: tuple | None = None
        self.switch_interval_before: float | None = None
        """The interpreter's switch interval before the first full pass lowered it."""
        self.right_pane = "inspector"
        """Which of the centre and right panes shows in the narrow layout."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            commands = CommandTreePanel(id="commands")
            commands.border_title = pane_title("tree", "Commands")
            yield commands
            yield Inspector(id="inspector")
            yield PreviewTabs(id="previews")
        yield StatusLine(id="status")
        yield StableFooter(id="footer", compact=True)

    # --- layout ------------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        """Below NARROW_WIDTH columns the centre and right panes take turns (the pane keys and
        the focus choose which one shows), so neither is squeezed to a sliver."""
        narrow = width < NARROW_WIDTH
        self.set_class(narrow, "-narrow")
        self._show_right_pane(self.right_pane)

    def _show_right_pane(self, pane: str) -> None:
        self.right_pane = pane
        # The turn classes only act in the narrow layout; in the wide one they stay off, since
        # adding one restyles the whole pane (the previews are ~100 widgets) for nothing.
        narrow = self.has_class("-narrow")
        self.query_one(Inspector).set_class(narrow and pane != "inspector", "-turn-hidden")
        self.query_one(PreviewTabs).set_class(narrow and pane != "previews", "-turn-hidden")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """In the narrow layout, the pane the focus moves into is the one shown."""
        widget = event.widget
        for pane_id, pane in (("inspector", Inspector), ("previews", PreviewTabs)):
            if any(isinstance(node, pane) for node in widget.ancestors_with_self):
                if pane_id != self.right_pane:
                    self._show_right_pane(pane_id)
                return

    def on_mount(self) -> None:
        # The loaded tree and config live as long as the session: the cyclic collector need
        # not walk them again on every full collection (a 2,000-command tree is ~10⁶ objects;
        # full collections over them cost tens of milliseconds, landing in random keypresses).
        gc.freeze()
        self._fit(self.app.size.width)
        self.query_one(CommandTreePanel).show_tree(self.workspace.tree)
        self.query_one(StatusLine).coverage = coverage_text(self.workspace.tree)
        self.query_one(CommandTree).focus()
        self.query_one(PreviewTabs).set_stale()
        # The first frame is the tree with its marks (which commands are tools: the surface's
        # own first steps, milliseconds at 2,000 commands), the panes' borders and titles and
        # the status line. The first surface, the inspector's form and the hidden panes follow
        # once it is painted (docs/tui.md, *How opening flows*).
        marks, self.marks = (
            (self.marks if self.marks is not None else first_marks(self.workspace)),
            None,
        )
        if marks:
            self.query_one(CommandTree).show_statuses(marks)
            self._select_first_tool(marks)
        self.show_command()  # the inspector's title now; its form is filled once mounted
        self.call_after_refresh(self._after_first_paint)

    async def _after_first_paint(self) -> None:
        """Build the first surface (in a worker) while the inspector's form mounts, then mount
        the hidden Try and Selectors panes."""
        painted = getattr(self.app, "first_frame_painted", None)
        if painted is not None:  # what opening built is frozen (on_mount): collect from here on
            painted()
        self.recompute(False)
        await self.query_one(Inspector).mount_form()
        await self._mount_deferred_panes()

    def on_unmount(self) -> None:
        gc.unfreeze()  # the session is over: what it froze may be collected again (tests open many)
        if self.switch_interval_before is not None:
            sys.setswitchinterval(self.switch_interval_before)

    # --- state → widgets ---------------------------------------------------------------------

    @property
    def previews_current(self) -> bool:
        """True when every preview on screen matches the config as it is now. (Not named
        `is_current`: that is Textual's own `Screen.is_current`, which decides whether the
        screen paints at all; shadowing it held every repaint until the full pass was done.)"""
        return self.full_generation == self.quick_generation == self.generation

    def show_command(self, same_command: bool = False) -> None:
        command = self.workspace.tree.find(self.selected)
        if command is None:
            return
        status = self.quick.statuses.get(self.selected) if self.quick else None
        served = self._served_flags(status.tool if status else None)
        inspector = self.query_one(Inspector)
        inspector.config = self.workspace.config
        choices = self.workspace.command_choices(self.selected)
        # What the form is drawn from: the same inputs draw the same form, so an edit of another
        # command, or the full pass confirming the quick one, does not re-show ~90 widgets.
        inputs = (
            self.selected,
            choices,
            status,
            frozenset(served),
            self.wide_edits,
            self.generation if command is self.workspace.tree.root else None,
        )
        if not (same_command and inputs == self._shown_inputs):
            inspector.show(
                self.workspace.tree, command, choices, status, served, same_command=same_command
            )
            self._shown_inputs = (inputs[0], choices.model_copy(deep=True), *inputs[2:])
        if self.full is not None:
            inspector.show_findings(self.full.findings_of(self.selected))
        if self.quick is not None and self.quick_generation == self.generation:
            self.query_one(PreviewTabs).show_tool(self.quick, self.selected)
            if self._tab_shown("tab-try"):
                self._show_try(status)

    def _tab_shown(self, tab_id: str) -> bool:
        """Whether that preview tab is the one on screen: hidden tabs are filled when shown, so
        an edit pays only for what the user can see (the Try form mounts a widget per field)."""
        return self.query_one("#preview-tabs", TabbedContent).active == tab_id

    @on(TabbedContent.TabActivated, "#preview-tabs")
    async def _tab_shown_now(self, event: TabbedContent.TabActivated) -> None:
        previews = self.query_one(PreviewTabs)
        if event.pane.id in DEFERRED_PANES:
            await previews.mount_deferred()  # shown before the first paint ended
        previews.fill_tab(event.pane.id)  # a hidden view gets the last full pass's text when shown
        shown = [
            view for tab, _, view in TABS if tab == event.pane.id and view in self._stale_views()
        ]
        if shown:
            previews.set_stale(tuple(shown))  # older than the config: dimmed until its pass is in
        if self.quick is None or self.quick_generation != self.generation:
            return  # the pass under way fills it
        if event.pane.id == "tab-try":
            self._show_try(self.quick.statuses.get(self.selected))
        elif event.pane.id == "tab-selectors":
            self.query_one(SelectorsPane).show(self.workspace.config, self.quick.statuses)

    def _show_try(self, status) -> None:
        """Hand the try-it pane the highlighted command's tool, as the current surface has it."""
        if not self.query_one(PreviewTabs).deferred_ready:
            return  # its mount (after the first paint, or when its tab is shown) fills it
        surface = self.quick.surface if self.quick else None
        tool = (
            surface.tool(status.tool)
            if (surface is not None and status is not None and status.tool)
            else None
        )
        ws = self.workspace
        self.query_one(TryIt).show_tool(tool, ws.config, surface, ws.path.resolve().parent)

    def _select_first_tool(self, statuses: dict[str, CommandStatus]) -> None:
        """On opening, highlight the first command that is served as a tool (its group opens
        and the cursor moves in the same frame: before the first paint, on mount)."""
        self.first_selected = True
        exposed = next(
            (
                c.path_str
                for c in self.workspace.tree.walk()
                if (s := statuses.get(c.path_str)) and s.exposed
            ),
            None,
        )
        if exposed is not None:
            self.selected = exposed
            self.query_one(CommandTree).select_path(exposed)

    first_selected = False
    """Whether opening has highlighted the first tool (from the first marks, else the first
    surface when the marks could not be chosen)."""

    def _served_flags(self, tool_name: str | None) -> set[str]:
        if not tool_name or self.quick is None or self.quick.surface is None:
            return set()
        tool = self.quick.surface.tool(tool_name)
        return {a.spelling for a in tool.binding.args if a.source == "flag"} if tool else set()

    # --- recompute ---------------------------------------------------------------------------

    def note_change(self, scope: str | None) -> None:
        """Remember which commands changed since the last surface (None: something wider)."""
        if scope is None or self.changed is None:
            self.changed = None
        else:
            self.changed.add(scope)

    def recompute(self, debounce: bool = True) -> None:
        """Mark everything stale now and compute the new previews: at once when the edit touched
        a few commands (the touched tools cost milliseconds, and the user waits for them), else
        after a short pause that lets key repeats pile up into one build."""
        self.generation += 1
        generation = self.generation
        previews = self.query_one(PreviewTabs)
        shown = self._shown_views()
        previews.set_stale(shown)  # what the user sees dims at once; a hidden tab when shown
        self.query_one(StatusLine).set_stale()
        if debounce and not self._quick_is_small():
            self.set_timer(DEBOUNCE_S, lambda: self._start(generation), name="recompute")
        else:
            self._start(generation)

    def _shown_views(self) -> tuple[str, ...]:
        """The preview views on screen now (dimming hidden ones on every key costs as much as
        the edit itself, so a hidden view is dimmed when its tab is shown, if still stale)."""
        active = self.query_one("#preview-tabs", TabbedContent).active
        return tuple(
            view for tab, _, view in TABS if tab == active and view in PreviewTabs.ALL_VIEWS
        )

    def _stale_views(self) -> tuple[str, ...]:
        """The views no pass has refreshed for the config as it is now."""
        stale: tuple[str, ...] = ()
        if self.quick_generation < self.generation:
            stale += PreviewTabs.QUICK_VIEWS
        if self.full_generation < self.generation:
            stale += PreviewTabs.FULL_VIEWS
        return stale

    def _quick_is_small(self) -> bool:
        changed = self.changed
        return (
            self.base_surface is not None
            and bool(changed)
            and slice_size(self.workspace.tree, changed) <= QUICK_ON_UI_LIMIT
        )

    def _start(self, generation: int) -> None:
        if generation != self.generation:
            return  # a later edit scheduled its own recompute
        ws = self.workspace
        changed = None if self.changed is None else set(self.changed)
        counts = finding_counts(self.quick.statuses) if self.quick else None
        if self._quick_is_small():
            # An incremental update costs milliseconds even with 1,000 tools: doing it here
            # avoids a thread hand-off that, under load, cost more than the work itself.
            try:
                quick = compute_quick(
                    self.base_surface,
                    ws.tree,
                    ws.config,
                    changed,
                    ws.looks_dirty(),
                    counts,
                    self.quick.statuses if self.quick is not None else None,
                )
            except Exception as error:
                quick = QuickPreviews(surface=None, error=_unexpected(error), dirty=True)
            self.on_quick_ready(QuickReady(generation, quick))
            return
        self._compute_quick(
            generation,
            self.base_surface,
            ws.tree,
            copy_choices(ws.config),
            changed,
            ws.looks_dirty(),
            counts,
        )

    # A description, so Textual does not repr() the arguments (a 2,000-command tree) per run.
    @work(thread=True, exclusive=True, group="quick", exit_on_error=False, description="quick pass")
    def _compute_quick(
        self, generation: int, base, tree, config, changed, dirty: bool, counts
    ) -> None:
        try:
            quick = compute_quick(base, tree, config, changed, dirty, counts)
        except Exception as error:  # a bug must not kill the session: show it as the surface error
            quick = QuickPreviews(surface=None, error=_unexpected(error), dirty=dirty)
        self.post_message(QuickReady(generation, quick))

    @work(thread=True, exclusive=True, group="full", exit_on_error=False, description="full pass")
    def _compute_full(self, generation: int, tree, config, saved_text, saved_label: str) -> None:
        try:
            full = compute_full(
                tree,
                config,
                saved_text,
                saved_label,
                superseded=lambda: generation != self.generation,
            )
        except Superseded:
            return  # a later edit starts its own pass; this one's result would be dropped
        except Exception as error:
            full = FullPreviews(
                quick=QuickPreviews(surface=None, error=_unexpected(error)),
                toml="",
                diff="",
                dirty=True,
            )
        self.post_message(FullReady(generation, full))

    def on_quick_ready(self, message: QuickReady) -> None:
        if message.generation != self.generation:
            return  # computed for an older config: never shown
        self._show_quick(message.generation, message.quick)
        if not self.first_selected:
            self._select_first_tool(message.quick.statuses)
        generation = message.generation
        # Only once the quick result is on screen: a fixed delay from here was shorter than the
        # paint on a busy machine, and the full pass (CPU-bound, in a thread) then shared the
        # interpreter with it, making the paint wait in proportion to the CLI's size.
        self.call_after_refresh(
            self.set_timer, FULL_DELAY_S, lambda: self._start_full(generation), name="full pass"
        )

    async def _mount_deferred_panes(self) -> None:
        await self.query_one(PreviewTabs).mount_deferred()
        if self.quick is not None and self.quick_generation == self.generation:
            if self._tab_shown("tab-try"):
                self._show_try(self.quick.statuses.get(self.selected))
            elif self._tab_shown("tab-selectors"):
                self.query_one(SelectorsPane).show(self.workspace.config, self.quick.statuses)

    def _start_full(self, generation: int) -> None:
        if generation != self.generation:
            return
        if sys.getswitchinterval() > PASS_SWITCH_INTERVAL_S:
            self.switch_interval_before = sys.getswitchinterval()  # put back when the screen goes
            sys.setswitchinterval(PASS_SWITCH_INTERVAL_S)
        ws = self.workspace
        saved = "on disk" if ws.on_disk else "as loaded"
        baseline = ws.saved_text if ws.saved_text is not None else ws.baseline_config
        self._compute_full(
            generation, ws.tree, copy_choices(ws.config), baseline, f"{ws.path} ({saved})"
        )

    def _show_quick(self, generation: int, quick: QuickPreviews) -> None:
        self.quick, self.quick_generation = quick, generation
        if quick.surface is not None:
            self.base_surface, self.changed = quick.surface, set()
        previews = self.query_one(PreviewTabs)
        previews.show_quick(quick, self.selected)
        if self.full_generation < generation and quick.error is None:
            previews.say("updating…")  # hidden tabs wait for the full pass
        if self._tab_shown("tab-selectors") and previews.deferred_ready:
            self.query_one(SelectorsPane).show(self.workspace.config, quick.statuses)
        self.query_one(CommandTree).show_statuses(quick.statuses)
        self.query_one(StatusLine).show_quick(quick, self.workspace.path, self.workspace.on_disk)
        self.show_command(same_command=True)

    def on_full_ready(self, message: FullReady) -> None:
        if message.generation != self.generation:
            return
        full = message.full
        if self.workspace.saved_text is None and full.baseline_text:
            self.workspace.saved_text, self.workspace.baseline_config = full.baseline_text, None
        self.full, self.full_generation = full, message.generation
        # The full pass's surface and texts are what the next edits reuse (~10⁶ objects at 1,000
        # tools): move them out of the collector's sight too, as the tree was on mount. Anything
        # they drop later is still freed by reference counting (they hold no cycles).
        gc.freeze()
        self.query_one(PreviewTabs).show_full(
            full, self.query_one("#preview-tabs", TabbedContent).active
        )
        self.query_one(StatusLine).show_full(full)
        if full.quick.error is not None or full.quick.surface is not None:
            self._show_quick(
                message.generation, full.quick
            )  # authoritative: replaces the quick pass

    # --- messages up -------------------------------------------------------------------------

    @on(Tree.NodeHighlighted, "#tree")
    def _command_highlighted(self, event: Tree.NodeHighlighted) -> None:
        path = event.node.data
        if path and path != self.selected:
            self.selected = path
            self.show_command()

    @on(CommandTree.ToggleInclude)
    def _toggle_include(self, event: CommandTree.ToggleInclude) -> None:
        self.toggle_include(event.path)

    @on(JumpToCommand)
    def _jump(self, event: JumpToCommand) -> None:
        event.stop()
        self.go_to_command(event.path)

    def toggle_include(self, path: str) -> None:
        """Include or exclude a command (on a group: all its commands), one undoable change."""
        command = self.workspace.tree.find(path)
        if command is not None and command.subcommands:
            self._toggle_group(command)
            return
        status = self.quick.statuses.get(path) if self.quick else None
        choices = self.workspace.command_choices(path)
        included = not choices.exclude and not (status is not None and status.reason == "selector")
        claimed = not (status is not None and status.reason == "selector")
        self.workspace.set_included(path, not included, claimed_by_selector=claimed)
        self._changed()

    def _toggle_group(self, group) -> None:
        """`x` on a group: exclude all its commands when any is served, else include them all."""
        paths = [c.path_str for c in group.walk() if c.runnable]
        statuses = self.quick.statuses if self.quick else {}
        served = any((s := statuses.get(p)) is not None and s.exposed for p in paths)
        if not paths:
            return
        self.workspace.set_group_included(group.path_str, paths, included=not served)
        self._changed()

    @on(EditRequested)
    def _edit(self, event: EditRequested) -> None:
        event.stop()
        self.apply_edit(event)

    def apply_edit(self, event: EditRequested) -> bool:
        """Apply one edit (one undo entry) unless it would break the surface or the config model
        rejects it; True when applied. The editor screens call this directly (their messages do
        not reach this screen)."""
        if (
            event.refused is not None
            and event.trial
            and (self.quick is None or self.quick.error is None)
        ):
            problem = self._trial(event)
            if problem is not None:
                event.refused(problem)
                return False
        try:
            event.apply(self.workspace)
        except (ValueError, WorkbenchError) as error:  # a value the config model rejects
            if event.refused is not None:
                event.refused(str(error))
            else:
                self.notify(f"Not applied: {error}", severity="error", timeout=8, markup=False)
            return False
        self._changed()
        return True

    @property
    def tools(self) -> tuple:
        """The tools of the last surface shown (empty while the config cannot produce one)."""
        surface = self.base_surface
        return tuple(surface.tools) if surface is not None else ()

    def _trial(self, event: EditRequested) -> str | None:
        """Why the edit would break the surface, or None (tried on a copy of the choices)."""
        ws = self.workspace
        trial = Workspace(tree=ws.tree, config=copy_choices(ws.config), path=ws.path, saved_text="")
        try:
            event.apply(trial)
            changed = (
                None
                if self.changed is None or trial.last_scope is None
                else {*self.changed, trial.last_scope}
            )
            update_surface(self.base_surface, trial.tree, trial.config, changed)
        except WorkbenchError as error:
            return str(error)
        return None

    def _changed(self) -> None:
        if self.workspace.last_scope is None:
            self.wide_edits += 1
        self.note_change(self.workspace.last_scope)
        if not self._quick_is_small():
            self.show_command(same_command=True)  # the choices now; the quick pass follows later
        self.recompute()

    # --- actions -----------------------------------------------------------------------------

    def action_save(self) -> None:
        self.save()

    def save(self) -> bool:
        try:
            path = self.workspace.save()
        except (WorkbenchError, OSError) as error:
            self.notify(f"Not saved: {error}", severity="error", timeout=8, markup=False)
            return False
        if self.quick is not None and self.quick.error is not None:
            self.notify(
                f"Saved {path}, but it cannot be served yet: {self.quick.error}",
                title="Saved",
                severity="warning",
                timeout=10,
                markup=False,
            )
        else:
            self.notify(f"Saved {path}", title="Saved", markup=False)
        self.recompute(debounce=False)
        return True

    def action_undo(self) -> None:
        label = self.workspace.undo()
        if label is None:
            self.notify("Nothing to undo.", severity="warning", markup=False)
            return
        self.notify(f"Undid: {label}", markup=False)
        self._changed()

    def go_to_command(self, path: str) -> None:
        """Highlight `path` in the tree (from the command palette)."""
        tree = self.query_one(CommandTree)
        tree.focus()
        tree.select_path(path)

    def export_as(self) -> None:
        """Ask for a path, then save there; that file is where ctrl+s writes from then on."""
        from workbench.tui.screens.save_as import SaveAs  # a screen opened on demand: off the start

        def chosen(path) -> None:
            if path is None:
                return
            previous = (self.workspace.path, self.workspace.on_disk)
            self.workspace.path = path
            if not self.save():
                self.workspace.path, self.workspace.on_disk = previous

        self.app.push_screen(SaveAs(self.workspace.path), chosen)

    def show_serve(self) -> None:
        """The `serve` command line for the saved file and a client config snippet."""
        from workbench.tui.screens.serve_info import (
            ServeInfo,  # a screen opened on demand: off the start
        )

        ws = self.workspace
        self.app.push_screen(
            ServeInfo(ws.config, ws.path, unsaved=not ws.on_disk or ws.looks_dirty())
        )

    def action_open_prompt(self) -> None:
        from workbench.tui.screens.prompt_editor import (
            PromptEditor,  # a screen opened on demand: off the start
        )

        self.app.push_screen(PromptEditor(self))

    def action_open_env(self) -> None:
        from workbench.tui.screens.env_editor import (
            EnvEditor,  # a screen opened on demand: off the start
        )

        self.app.push_screen(EnvEditor(self))

    def action_open_selectors(self) -> None:
        from workbench.tui.screens.selectors_editor import (
            SelectorsEditor,  # a screen opened on demand: off the start
        )

        self.app.push_screen(SelectorsEditor(self))

    def action_zoom(self) -> None:
        """Maximize the pane that has the focus, or restore the layout."""
        if self.maximized is not None:
            self.minimize()
        elif self.focused is not None:
            self.maximize(self.focused)

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_focus_tree(self) -> None:
        filter_box = self.query_one("#filter", Input)
        if self.focused is filter_box and filter_box.value:
            filter_box.value = ""  # escape in the filter box clears it first
            return
        self.query_one(CommandTree).focus()

    async def action_focus_pane(self, pane: str) -> None:
        """Focus a pane by its key: the tree, the command's form, the open preview, the Try form."""
        if pane == "tree":
            self.query_one(CommandTree).focus()
            return
        if pane == "inspector":
            self._show_right_pane("inspector")
            inspector = self.query_one(Inspector)
            await inspector.mount_form()  # at once unless pressed while the screen is opening
            self.call_after_refresh(self._focus_first_in, inspector)
            return
        tabs = self.query_one("#preview-tabs", TabbedContent)
        if pane == "try":
            tabs.active = "tab-try"
        self._show_right_pane("previews")
        self.call_after_refresh(self._focus_first_in, tabs.get_pane(tabs.active) or tabs)

    def _focus_first_in(self, container) -> None:
        """Focus the first field of `container` that the Tab key reaches (its tab bar when none)."""
        target = next((w for w in self.focus_chain if container in w.ancestors_with_self), None)
        if target is None:
            target = self.query_one(PreviewTabs).query_one(Tabs)
        target.focus()

    async def action_run_try(self) -> None:
        """Run the Try form's call for the highlighted tool (the Try tab opens to show it)."""
        tabs = self.query_one("#preview-tabs", TabbedContent)
        tabs.active = "tab-try"
        self._show_right_pane("previews")
        await self.query_one(PreviewTabs).mount_deferred()  # at once unless pressed while opening
        self.query_one(TryIt).run()

    def _cycle_tab(self, step: int) -> None:
        tabs = self.query_one("#preview-tabs", TabbedContent)
        ids = [tab_id for tab_id, _, _ in TABS]
        current = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(current + step) % len(ids)]

    def action_next_tab(self) -> None:
        self._cycle_tab(1)

    def action_previous_tab(self) -> None:
        self._cycle_tab(-1)
