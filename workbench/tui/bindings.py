"""Every key binding of the workbench, in one registry (ids let users and the help agree).

Each binding has an `id` (for keymaps) and a `tooltip` (shown in the footer and the help
screen). Screens and widgets take their lists from here, so the help screen lists exactly
what is bound.
"""

from __future__ import annotations

from textual.binding import Binding

APP_BINDINGS = [
    Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True,
            tooltip="Quit; asks first when there are unsaved changes"),
    Binding("f1,question_mark", "help", "Help", id="app.help", key_display="?/F1",
            tooltip="Show the keys and what each pane does"),
    Binding("ctrl+t", "change_theme", "Theme", id="app.theme",
            tooltip="Pick a theme (remembered for next time)"),
]

MAIN_BINDINGS = [
    Binding("ctrl+s", "save", "Save", id="main.save", priority=True,
            tooltip="Write mcp.toml atomically (temp file + rename)"),
    Binding("ctrl+z", "undo", "Undo", id="main.undo",
            tooltip="Undo the last change of this session"),
    Binding("slash", "focus_filter", "Filter", id="main.filter", key_display="/",
            tooltip="Type to narrow the command tree"),
    Binding("escape", "focus_tree", "Tree", id="main.tree", show=False,
            tooltip="Back to the command tree"),
    Binding("f2", "zoom", "Zoom", id="main.zoom",
            tooltip="Let the focused pane fill the screen (again to restore): handy in small terminals"),
    Binding("right_square_bracket", "next_tab", "Next tab", id="main.next-tab", key_display="]",
            tooltip="Show the next preview tab"),
    Binding("left_square_bracket", "previous_tab", "Prev tab", id="main.previous-tab", key_display="[",
            show=False, tooltip="Show the previous preview tab"),
    Binding("f3", "open_selectors", "Selectors", id="main.selectors",
            tooltip="Edit the selectors: which commands become tools, first match wins"),
    Binding("f4", "open_prompt", "Prompt", id="main.prompt",
            tooltip="Edit the prompt: persona, sections, variables, tool order"),
    Binding("f5", "open_env", "Env/runtime", id="main.env",
            tooltip="Edit [env] (variables every call gets) and [runtime] (timeout, output cap, concurrency, cwd)"),
]

EDITOR_BASE_BINDINGS = [
    Binding("escape", "close", "Back", id="editor.close", tooltip="Back to the main screen"),
    Binding("ctrl+z", "undo", "Undo", id="editor.undo", tooltip="Undo the last change of this session"),
]
"""Every editor screen's keys; the environment & runtime editor has only these."""

EDITOR_BINDINGS = [
    *EDITOR_BASE_BINDINGS,
    Binding("shift+up", "move_up", "Move up", id="editor.move-up", key_display="⇧↑",
            tooltip="Move the highlighted entry up (first match / first place)"),
    Binding("shift+down", "move_down", "Move down", id="editor.move-down", key_display="⇧↓",
            tooltip="Move the highlighted entry down"),
]

HELP_BINDINGS = [
    Binding("escape,q", "dismiss", "Close", id="help.close", tooltip="Close the help screen"),
]
