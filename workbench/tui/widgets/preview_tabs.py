"""The right pane: tabs previewing this tool, all tools, the prompt, mcp.toml, its diff, lint.

Every text comes from `previews.py` (the model's `build_surface` + `dump_config`). After an edit every
view is marked stale ("updating…", dimmed) until its own pass (quick: tool and prompt; full:
tool list, mcp.toml, diff, lint) has delivered output for the config as it is now.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import TabbedContent, TabPane

from workbench.tui.bindings import pane_title
from workbench.tui.previews import FullPreviews, QuickPreviews
from workbench.tui.widgets.border_text import set_border_text
from workbench.tui.widgets.code_view import CodeView
from workbench.tui.widgets.keyboard import EditorTextArea
from workbench.tui.widgets.lint_pane import LintPane
from workbench.tui.widgets.selectors_pane import SelectorsPane
from workbench.tui.widgets.try_it import TryIt

TABS = (
    ("tab-tool", "Tool", "view-tool"),
    ("tab-tools", "Tools", "view-tools"),
    ("tab-connect", "Connect", "view-connect"),
    ("tab-prompt", "Prompt", "view-prompt"),
    ("tab-toml", "mcp.toml", "view-toml"),
    ("tab-diff", "Diff", "view-diff"),
    ("tab-lint", "Lint", "view-lint"),
    ("tab-selectors", "Selectors", "view-claims"),
    ("tab-try", "Try", "view-try"),
)
PANES = {"tab-lint": LintPane}
"""Tabs holding a pane of their own instead of a single CodeView."""
DEFERRED_PANES = {"tab-try": TryIt, "tab-selectors": SelectorsPane}
"""Panes mounted once the tree has painted (`mount_deferred`), not with the screen: they are
hidden on opening and filled only when shown, and mounting their ~20 widgets first delayed the
tree's first marks."""


class WrappedView(EditorTextArea):
    """A read-only view that wraps long lines (the prompt is prose: a model reads all of it, so
    the user should not have to scroll sideways); text can be selected and copied."""

    def __init__(self, **kwargs) -> None:
        super().__init__(read_only=True, soft_wrap=True, compact=True, show_cursor=False, **kwargs)

    stale = False
    """Whether the text is older than the config (dimmed through the `-stale` class)."""

    def show(self, text: str, language: str | None = None) -> None:
        if text != self.text:
            self.load_text(text)

    def set_stale(self, stale: bool) -> None:
        if stale != self.stale:
            self.stale = stale
            self.set_class(stale, "-stale")


VIEWS = {"view-prompt": WrappedView}
"""Views that are not a CodeView."""


class PreviewTabs(Vertical):
    """Tabs of CodeViews; `show_quick` and `show_full` fill them."""

    ALLOW_MAXIMIZE = True  # F2 (zoom) lets the whole pane fill the screen

    DEFAULT_CSS = """
    PreviewTabs { width: 2fr; border: round $border-blurred; border-title-color: $text-muted; }
    PreviewTabs:focus-within { border: round $border; }
    PreviewTabs WrappedView.-stale { text-opacity: 55%; }
    PreviewTabs WrappedView { background: $surface; }
    PreviewTabs TabPane { padding: 0; }
    /* Its scrollbars stay: a tool's JSON needs them, "… is not a tool" does not, and a
       scrollbar coming or going re-arranges the whole screen (~270 widgets) on every `x`. */
    PreviewTabs #view-tool { overflow: scroll scroll; }
    """

    def compose(self) -> ComposeResult:
        with TabbedContent(id="preview-tabs"):
            for tab_id, title, view_id in TABS:
                with TabPane(title, id=tab_id):
                    if tab_id in DEFERRED_PANES:
                        continue  # mount_deferred adds it
                    pane = PANES.get(tab_id)
                    yield pane() if pane is not None else VIEWS.get(view_id, CodeView)(id=view_id)

    def on_mount(self) -> None:
        self.border_title = pane_title("previews", "Preview")

    _deferred: list | None = None
    deferred_ready = False
    """Whether the deferred panes (Try, Selectors) are mounted and composed."""

    async def mount_deferred(self) -> None:
        """Mount the Try and Selectors panes (once; any caller may await it, the first mounts)."""
        if self._deferred is None:
            self._deferred = [
                self.query_one(f"#{tab_id}", TabPane).mount(pane())
                for tab_id, pane in DEFERRED_PANES.items()
            ]
        for mounting in self._deferred:
            await mounting
        self.deferred_ready = True

    def view(self, view_id: str) -> CodeView | WrappedView:
        return self.query_one(f"#{view_id}")  # type: ignore[return-value]

    QUICK_VIEWS = ("view-tool", "view-prompt")
    FULL_VIEWS = ("view-tools", "view-connect", "view-toml", "view-diff", "view-lint")
    ALL_VIEWS = QUICK_VIEWS + FULL_VIEWS

    @property
    def is_stale(self) -> bool:
        """True while any preview shows output older than the config."""
        return any(self.view(v).stale for v in self.QUICK_VIEWS + self.FULL_VIEWS)

    def set_stale(self, view_ids=QUICK_VIEWS + FULL_VIEWS) -> None:
        """Dim the views that no longer match the config, and say so. Classes go on the views
        only: restyling the whole pane on every keystroke costs more than the recompute."""
        for view_id in view_ids:
            self.view(view_id).set_stale(True)
        if "view-lint" in view_ids:
            self.query_one(LintPane).set_stale(True)
        self.say("updating…")

    def say(self, state: str) -> None:
        """The previews' state under the pane ("updating…", "current"): its border row only."""
        set_border_text(self, "subtitle", state)

    def _fresh(self, view_id: str, text: str, language: str) -> None:
        view = self.view(view_id)
        view.show(text, language)
        view.set_stale(False)

    def _subtitle(self, error: str | None) -> None:
        if error:
            self.say("✗ cannot build the surface")
        elif not self.is_stale:
            self.say("current")

    def show_quick(self, quick: QuickPreviews, command_path: str | None) -> None:
        """Show the tool and prompt for the config as it is now."""
        if quick.error is not None:
            message = error_text(quick.error)
            self._fresh("view-tool", message, "text")
            self._fresh("view-prompt", message, "text")
        else:
            self.show_tool(quick, command_path)
            self._fresh("view-prompt", quick.prompt, "markdown")
        self._subtitle(quick.error)

    full: FullPreviews | None = None
    """The last full pass handed down; its views are filled when their tab is shown."""
    _filled: frozenset[str] = frozenset()
    """The full views that show `full`'s texts (the others get them when shown)."""

    def show_full(self, full: FullPreviews, shown_tab: str | None = None) -> None:
        """Take the tool list, mcp.toml, diff and lint of a full build: the views of the tab on
        screen (`shown_tab`) now, every other when its tab is shown (`fill_tab`). A 1,000-tool
        list is ~30,000 lines, and the lint list a row per finding: filling the hidden views on
        every edit took most of the UI thread's share of the full pass."""
        self.full, self._filled = full, frozenset()
        for view_id in self.FULL_VIEWS:
            if not any(tab == shown_tab and view == view_id for tab, _, view in TABS):
                self.view(view_id).set_stale(False)  # current as of `full`: filled when shown
        if shown_tab is not None:
            self.fill_tab(shown_tab)
        self._subtitle(full.quick.error)

    def fill_tab(self, tab_id: str) -> None:
        """Fill the full views of `tab_id` from `full`, unless they already show it."""
        full = self.full
        if full is None:
            return
        for tab, _, view_id in TABS:
            if tab == tab_id and view_id in self.FULL_VIEWS and view_id not in self._filled:
                text, language = full_view_text(full, view_id)
                self._fresh(view_id, text, language)
                if view_id == "view-lint":
                    self.query_one(LintPane).show_findings(
                        full.findings if full.quick.error is None else []
                    )
                self._filled |= {view_id}

    def show_tool(self, quick: QuickPreviews, command_path: str | None) -> None:
        if quick.error is not None:
            return
        text = quick.tool_text(command_path or "")
        if text is None:
            status = quick.statuses.get(command_path or "")
            why = status.why if status is not None else "not a tool"
            text = f"`{command_path}` is not a tool.\n\nWhy: {why}.\n"
            self._fresh("view-tool", text, "text")
        else:
            self._fresh("view-tool", text, "json")


def full_view_text(full: FullPreviews, view_id: str) -> tuple[str, str]:
    """The text and language a full view shows for `full`."""
    if view_id in ("view-tools", "view-connect", "view-lint") and full.quick.error is not None:
        return error_text(full.quick.error), "text"
    return {
        "view-tools": (full.tools_json, "json"),
        "view-connect": (full.connect_text, "json"),
        "view-lint": (full.lint_text, "text"),
        "view-toml": (full.toml, "toml"),
        "view-diff": (full.diff or "No unsaved changes.\n", "diff"),
    }[view_id]


def error_text(error: str) -> str:
    return f"The config cannot produce a tool surface:\n\n{error}\n"
