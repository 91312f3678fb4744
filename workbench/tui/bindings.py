"""Every key binding of the workbench, in one registry (ids let users and the help agree).

The footer shows the keyboard walk (`1` tree → `2` command → `3` preview → `4` Try → `ctrl+r`
run; the result then has the focus), save, quit and help, which fit in 80 columns; the rest
(`show=False`) are listed on the help screen. The pane keys are plain digits, so inside a text field they type digits:
`escape` leaves the field.

Each binding has an `id` (for keymaps) and a `tooltip` (shown in the footer and the help
screen). Screens and widgets take their lists from here, so the help screen lists exactly
what is bound.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.markup import escape

APP_BINDINGS = [
    Binding(
        "ctrl+q",
        "quit",
        "Quit",
        id="app.quit",
        priority=True,
        key_display="^q",
        tooltip="Quit; asks first when there are unsaved changes",
    ),
    Binding(
        "f1,question_mark",
        "help",
        "Help",
        id="app.help",
        key_display="?",
        tooltip="Show the keys and what each pane does",
    ),
    Binding(
        "ctrl+t",
        "change_theme",
        "Theme",
        id="app.theme",
        show=False,
        tooltip="Pick a theme (remembered for next time)",
    ),
]

MAIN_BINDINGS = [
    Binding(
        "1",
        "focus_pane('tree')",
        "Tree",
        id="main.pane-tree",
        tooltip="Focus the command tree (left pane)",
    ),
    Binding(
        "2",
        "focus_pane('inspector')",
        "Command",
        id="main.pane-inspector",
        tooltip="Focus the highlighted command's form (centre pane)",
    ),
    Binding(
        "3",
        "focus_pane('previews')",
        "Preview",
        id="main.pane-previews",
        tooltip="Focus the open preview tab (right pane)",
    ),
    Binding(
        "4",
        "focus_pane('try')",
        "Try",
        id="main.pane-try",
        tooltip="Open the Try tab and focus its first field",
    ),
    Binding(
        "ctrl+r",
        "run_try",
        "Run",
        id="main.run",
        key_display="^r",
        tooltip="Run the highlighted tool with the Try form's arguments (asks first when it may change things); "
        "the result gets the focus",
    ),
    Binding(
        "ctrl+s",
        "save",
        "Save",
        id="main.save",
        priority=True,
        key_display="^s",
        tooltip="Write mcp.toml atomically (temp file + rename)",
    ),
    Binding(
        "ctrl+z",
        "undo",
        "Undo",
        id="main.undo",
        key_display="^z",
        show=False,
        tooltip="Undo the last change of this session",
    ),
    Binding(
        "slash",
        "focus_filter",
        "Filter",
        id="main.filter",
        key_display="/",
        show=False,
        tooltip="Type to narrow the command tree",
    ),
    Binding(
        "escape",
        "focus_tree",
        "Tree",
        id="main.tree",
        show=False,
        tooltip="Back to the command tree (in the filter box: clear the filter first)",
    ),
    Binding(
        "f2",
        "zoom",
        "Zoom",
        id="main.zoom",
        show=False,
        tooltip="Let the focused pane fill the screen (again to restore): handy in small terminals",
    ),
    Binding(
        "right_square_bracket",
        "next_tab",
        "Next tab",
        id="main.next-tab",
        key_display="]",
        show=False,
        tooltip="Show the next preview tab",
    ),
    Binding(
        "left_square_bracket",
        "previous_tab",
        "Prev tab",
        id="main.previous-tab",
        key_display="[",
        show=False,
        tooltip="Show the previous preview tab",
    ),
    Binding(
        "f3",
        "open_selectors",
        "Selectors",
        id="main.selectors",
        show=False,
        tooltip="Edit the selectors: which commands become tools, first match wins",
    ),
    Binding(
        "f4",
        "open_prompt",
        "Prompt",
        id="main.prompt",
        show=False,
        tooltip="Edit the prompt: persona, sections, variables, tool order",
    ),
    Binding(
        "f5",
        "open_env",
        "Env/runtime",
        id="main.env",
        show=False,
        tooltip="Edit [env] (variables every call gets) and [runtime] (timeout, output cap, concurrency, cwd)",
    ),
]

EDITOR_BASE_BINDINGS = [
    Binding("escape", "close", "Back", id="editor.close", tooltip="Back to the main screen"),
    Binding(
        "ctrl+z", "undo", "Undo", id="editor.undo", tooltip="Undo the last change of this session"
    ),
]
"""Every editor screen's keys; the environment & runtime editor has only these."""

EDITOR_BINDINGS = [
    *EDITOR_BASE_BINDINGS,
    Binding(
        "shift+up",
        "move_up",
        "Move up",
        id="editor.move-up",
        key_display="⇧↑",
        tooltip="Move the highlighted entry up (first match / first place)",
    ),
    Binding(
        "shift+down",
        "move_down",
        "Move down",
        id="editor.move-down",
        key_display="⇧↓",
        tooltip="Move the highlighted entry down",
    ),
]

SWITCH_BINDINGS = [
    Binding(
        "space",
        "toggle_switch",
        "Toggle",
        id="switch.toggle",
        show=False,
        tooltip="Turn the focused switch on or off",
    ),
    Binding(
        "enter",
        "app.focus_next",
        "Next field",
        id="switch.next",
        show=False,
        tooltip="Move on to the next field (enter never flips a switch)",
    ),
]

TEXT_AREA_BINDINGS = [
    Binding(
        "ctrl+a",
        "select_all",
        "Select all",
        id="text.select-all",
        show=False,
        tooltip="Select all the text of the focused text area",
    ),
    Binding(
        "home",
        "cursor_line_start",
        "Line start",
        id="text.line-start",
        show=False,
        tooltip="Go to the start of the line",
    ),
]

HELP_BINDINGS = [
    Binding("escape,q", "dismiss", "Close", id="help.close", tooltip="Close the help screen"),
]

PANE_KEYS = {"tree": "1", "inspector": "2", "previews": "3", "try": "4"}
"""The key that focuses each pane (the main.pane-* bindings), shown in the pane's title."""


def pane_title(pane: str, title: str) -> str:
    """A pane's border title, led by the key that focuses it (markup-escaped)."""
    return f"\\[{PANE_KEYS[pane]}] {escape(title)}"
