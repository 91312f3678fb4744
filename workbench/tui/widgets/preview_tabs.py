"""The right pane: tabs previewing this tool, all tools, the prompt, mcp.toml, its diff, lint.

Every text comes from one `Previews` (computed from `build_surface` + `dump_config`). While a
recompute is pending the pane is marked stale ("updating…", dimmed) so output that no longer
matches the config is never shown as current.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import TabbedContent, TabPane

from workbench.tui.previews import Previews
from workbench.tui.widgets.code_view import CodeView

TABS = (
    ("tab-tool", "Tool", "view-tool"),
    ("tab-tools", "All tools", "view-tools"),
    ("tab-prompt", "Prompt", "view-prompt"),
    ("tab-toml", "mcp.toml", "view-toml"),
    ("tab-diff", "Diff", "view-diff"),
    ("tab-lint", "Lint", "view-lint"),
)


class PreviewTabs(Vertical):
    """Tabs of CodeViews; `show(previews, command_path)` fills them."""

    DEFAULT_CSS = """
    PreviewTabs { width: 2fr; border: round $border-blurred; border-title-color: $text-muted; }
    PreviewTabs:focus-within { border: round $border; }
    PreviewTabs CodeView.-stale { text-opacity: 55%; }
    PreviewTabs TabPane { padding: 0; }
    """

    def compose(self) -> ComposeResult:
        with TabbedContent(id="preview-tabs"):
            for tab_id, title, view_id in TABS:
                with TabPane(title, id=tab_id):
                    yield CodeView(id=view_id)

    def on_mount(self) -> None:
        self.border_title = "Preview"

    def view(self, view_id: str) -> CodeView:
        return self.query_one(f"#{view_id}", CodeView)

    @property
    def is_stale(self) -> bool:
        return self.border_subtitle == "updating…"

    def set_stale(self, stale: bool) -> None:
        """Dim the views and say so; classes go on the views only (restyling the whole
        pane on every keystroke costs more than the recompute)."""
        for view in self.query(CodeView):
            view.set_class(stale, "-stale")
        if stale:
            self.border_subtitle = "updating…"

    def show(self, previews: Previews, command_path: str | None) -> None:
        """Show `previews` as current; `command_path` picks the Tool tab's tool."""
        self.set_stale(False)
        self.border_subtitle = "✗ cannot build the surface" if previews.error else "current"
        if previews.error is not None:
            message = f"The config cannot produce a tool surface:\n\n{previews.error}\n"
            for view_id in ("view-tool", "view-tools", "view-prompt", "view-lint"):
                self.view(view_id).show(message, "text")
        else:
            self.show_tool(previews, command_path)
            self.view("view-tools").show(previews.tools_json, "json")
            self.view("view-prompt").show(previews.prompt, "markdown")
            self.view("view-lint").show(previews.lint_text, "text")
        self.view("view-toml").show(previews.toml, "toml")
        self.view("view-diff").show(previews.diff or "No unsaved changes.\n", "diff")

    def show_tool(self, previews: Previews, command_path: str | None) -> None:
        if previews.error is not None:
            return
        text = previews.tool_json.get(command_path or "")
        if text is not None:
            self.view("view-tool").show(text, "json")
            return
        status = previews.statuses.get(command_path or "")
        why = status.why if status is not None else "not a tool"
        self.view("view-tool").show(f"`{command_path}` is not a tool.\n\nWhy: {why}.\n", "text")
