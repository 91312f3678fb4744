"""The help screen (`?` / F1): what each pane does and every key, from the bindings registry."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from workbench.tui.bindings import (
    APP_BINDINGS,
    EDITOR_BINDINGS,
    HELP_BINDINGS,
    MAIN_BINDINGS,
    SWITCH_BINDINGS,
    TEXT_AREA_BINDINGS,
)
from workbench.tui.widgets.command_tree import CommandTree

INTRO = """\
# mcp-workbench

Curate which commands and flags of a CLI an AI agent sees as MCP tools, watch the result, save `mcp.toml`,
then serve it with `mcp-workbench serve mcp.toml`.

**The keyboard walk**, one key per pane: `1` the tree → `2` the command's form → `3` the open preview →
`4` the Try form → `ctrl+r` run → the result has the focus. Each pane's title starts with its key, and
the pane holding the focus is drawn heavy in the focus colour. In a text field the digits type digits:
`escape` goes back to the tree. Below 120 columns the centre and right panes take turns (`2` / `3`).

- **Left, the command tree.** `●` a command served as a tool; `○` filtered, with the reason (hidden,
  deprecated, group only, safety filter, no selector, excluded by you); `⚠n` lint findings.
  `/` filters the tree; `x` includes or excludes the highlighted command (on a group, all of its
  commands).
- **Centre, the command.** Include and deprecate switches, description mode and override, title and
  annotations, and its flags: include, type override, and a JSON Schema override checked as you type
  (invalid text is shown in red and never applied).
- **Right, the previews.** This tool and all tools exactly as `tools/list` serves them, the rendered
  prompt, the `mcp.toml` save would write, its diff against the file, lint findings. While a change is
  being computed they are marked *updating…*.
- **Bottom, the status line.** Tools, tokens (prompt + tools), findings, unsaved changes.
- **Editors.** `F3` the selectors (which commands become tools), `F4` the prompt (persona, sections,
  variables, tool order), `F5` the environment & runtime (`[env]` variables every call gets; the
  timeout, output cap, calls at once and working folder). `escape` comes back; `ctrl+z` undoes there too.
"""


def _key(binding: Binding) -> str:
    return binding.key_display or binding.key


def keys_markdown() -> str:
    """The key table, built from the same Binding objects the app uses."""
    rows = ["| key | does | id |", "|---|---|---|"]
    for binding in [
        *MAIN_BINDINGS,
        *CommandTree.BINDINGS,
        *SWITCH_BINDINGS,
        *TEXT_AREA_BINDINGS,
        *APP_BINDINGS,
        *EDITOR_BINDINGS,
    ]:
        if isinstance(binding, Binding):
            rows.append(f"| `{_key(binding)}` | {binding.tooltip} | `{binding.id}` |")
    rows.append(
        "| `tab` / `shift+tab` | Move between the fields of every pane (no container is a stop of its own) | |"
    )
    rows.append(
        "| `ctrl+p` | Command palette: go to, include/exclude, export, serve, editors, theme | |"
    )
    return "\n## Keys\n\n" + "\n".join(rows) + "\n"


class HelpScreen(ModalScreen[None]):
    """A modal page of help text; escape closes it."""

    BINDINGS = HELP_BINDINGS
    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background 60%; }
    HelpScreen > VerticalScroll { width: 90%; max-width: 110; height: 85%; border: thick $primary;
                                  background: $surface; padding: 0 2; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(INTRO + keys_markdown(), id="help-text")

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
