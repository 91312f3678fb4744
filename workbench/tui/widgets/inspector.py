"""The centre pane: the highlighted command's choices as a form, and its flags.

The shaping fields (SPEC §5a: tool name, fixed words, timeout, output cap, env, output and its
schema; §5b: load, shown in search exposure) are checked as typed with the model's rules
(`shaping_input`); a value they refuse is shown inline in one sentence and never applied.

Attributes down: `show(command, choices, status, global_mode, …)` fills the form from the model.
The form (~150 widgets) mounts after the tree's first paint (`mount_form`): the pane's border
and title are there from the first frame, and a `show` asked for before the form exists is
remembered and applied once it is mounted.
Messages up: every user change becomes one `EditRequested` (one undo entry). Loading the form
fires Changed events too; each handler compares with the model it was loaded from and ignores
values that are already the model's, so showing a command never writes anything.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, ItemGrid, VerticalScroll
from textual.widget import AwaitMount
from textual.widgets import Button, Input, Label, Select, Static, Switch, TextArea

from workbench.model.config import CommandConfig, DescriptionMode
from workbench.model.naming import TOOL_NAME_PATTERN
from workbench.model.tree import Command, CommandTree
from workbench.tui import shaping_input
from workbench.tui.bindings import pane_title
from workbench.tui.messages import EditRequested
from workbench.tui.previews import CommandStatus
from workbench.tui.schema_input import schema_text
from workbench.tui.widgets.border_text import set_border_text
from workbench.tui.widgets.flag_editor import FlagEditor
from workbench.tui.widgets.keyboard import EditorTextArea, FormSwitch
from workbench.tui.widgets.project_panel import ProjectPanel
from workbench.tui.widgets.typed_fields import TypedFields
from workbench.tui.workspace import ANNOTATIONS

ANNOTATION_LABELS = {
    "read_only": "read-only",
    "destructive": "destructive",
    "idempotent": "idempotent",
    "open_world": "open-world",
}
INCLUDE_TIP = "Whether this command becomes a tool (x in the tree)"
TRI_STATE = [("unset", "unset"), ("yes", "yes"), ("no", "no")]
TRI_VALUE = {"unset": None, "yes": True, "no": False}


SHAPING_INPUTS = (
    ("tool-name", "tool name", "enter to apply; empty = prefix + path"),
    ("fixed-args", "fixed words", "always passed, e.g. --no-pager --color=never"),
    ("cmd-timeout", "timeout (s)", "enter to apply; empty = [runtime]"),
    ("cmd-output-cap", "output cap (B)", "enter to apply; empty = [runtime]"),
)
"""The one-line shaping fields: id, label, placeholder."""
OUTPUT_OPTIONS = [("text", "text"), ("json", "json")]
LOAD_OPTIONS = [
    ("as selector / deferred", "follow"),
    ("always", "always"),
    ("deferred", "deferred"),
]


def _limit_text(value: int | float | None) -> str:
    return "" if value is None else str(value)


def _tri(value: bool | None) -> str:
    return "unset" if value is None else ("yes" if value else "no")


class Inspector(VerticalScroll, can_focus=False):
    """The form for one command: include, deprecate, description, annotations, flags."""

    ALLOW_MAXIMIZE = True  # F2 (zoom) lets the whole pane fill the screen

    DEFAULT_CSS = """
    Inspector { width: 2fr; min-width: 40; border: round $border-blurred; padding: 0 1;
                border-title-color: $text-muted; scrollbar-gutter: stable; }
    Inspector:focus-within { border: round $border; }
    Inspector .heading { color: $text-primary; text-style: bold; margin-top: 1; }
    Inspector #about { color: $text-muted; }
    Inspector #status-line { margin-top: 1; }
    Inspector #status-line.-exposed { color: $wb-exposed; }
    Inspector #status-line.-filtered { color: $wb-filtered; }
    Inspector #findings { color: $wb-lint; }
    Inspector #findings.-none { display: none; }
    Inspector .row { height: auto; }
    Inspector #switches { height: auto; }
    Inspector .row Label { padding: 1 1 0 1; }
    Inspector #description { height: 4; margin: 1 0; background: $boost; }
    Inspector #description-mode { width: 30; }
    Inspector #title { margin-bottom: 1; }
    Inspector .buttons { height: auto; }
    Inspector .buttons Button { margin-right: 1; min-width: 10; }
    Inspector #annotations { grid-size: 4; grid-columns: 13 1fr 13 1fr; height: auto; grid-gutter: 0 1; }
    Inspector #annotations Label { padding: 0; }
    Inspector #annotations Select { width: 1fr; }
    Inspector .setting { height: 1; margin-top: 1; }
    Inspector .setting Label { width: 16; padding: 0; }
    Inspector .setting Input { width: 1fr; }
    Inspector .setting Select { width: 24; }
    Inspector .setting.-hidden { display: none; }
    Inspector #cmd-env, Inspector #output-schema { height: 3; margin-top: 1; background: $boost; }
    Inspector #output-schema.-hidden, Inspector #apply-output-schema.-hidden,
    Inspector #output-schema-label.-hidden { display: none; }
    Inspector #output-schema-label, Inspector .field-label { color: $text-muted; margin-top: 1; }
    Inspector #shaping-status { height: auto; }
    Inspector #shaping-status.-invalid { color: $text-error; }
    Inspector #shaping-status.-valid { color: $text-success; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.command: Command | None = None
        self.choices = CommandConfig()
        self.status: CommandStatus | None = None
        self.config = None
        """The whole config, for the project panel (shown when the root is highlighted)."""
        self.command_tree: CommandTree | None = None
        self.typed = TypedFields()
        """Keeps the user's unapplied typing when a recompute re-shows the form."""
        self.form_ready = False
        """Whether the form's widgets are mounted (`mount_form`, after the tree's first paint)."""
        self._form_mount: AwaitMount | None = None
        self._waiting: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        """The last `show` asked for before the form was mounted."""
        self._waiting_findings: list[Any] | None = None

    async def mount_form(self) -> None:
        """Mount the form once (any caller may await it; the first mounts it), then fill it with
        what was shown meanwhile. Mounting ~150 widgets through the stylesheet is most of what
        opening the screen cost before the tree could paint: it waits for that paint."""
        if self._form_mount is None:
            # The fields' first values are the compose defaults, not edits: their Changed
            # messages on mount would be compared with the command shown meanwhile.
            with self.prevent(Input.Changed, Select.Changed, Switch.Changed, TextArea.Changed):
                self._form_mount = self.mount_compose(self.compose_form())
        await self._form_mount
        if self.form_ready:
            return
        self.form_ready = True
        if self._waiting is not None:
            (args, kwargs), self._waiting = self._waiting, None
            self.show(*args, **kwargs)
        if self._waiting_findings is not None:
            findings, self._waiting_findings = self._waiting_findings, None
            self.show_findings(findings)

    def compose_form(self) -> ComposeResult:
        yield ProjectPanel(id="project", classes="-hidden")
        yield Static("", id="about", markup=False)
        yield Static("", id="status-line", markup=False)
        yield Static("", id="findings", markup=False)
        # An ItemGrid puts the two switches side by side when they fit, else one under the other.
        with ItemGrid(min_column_width=26, id="switches"):
            with Horizontal(classes="row"):
                # Not animated: the switch follows the model (`x` in the tree) in the edit's frame.
                yield FormSwitch(id="include", tooltip=INCLUDE_TIP, animate=False)
                yield Label("Include as a tool")
            with Horizontal(classes="row"):
                yield FormSwitch(
                    id="deprecated",
                    animate=False,
                    tooltip="Treat as deprecated: filtered out like a deprecated command",
                )
                yield Label("Deprecated")
        yield Label("Description", classes="heading")
        yield Select(
            [("follow global mode", "global"), ("long", "long"), ("short", "short")],
            allow_blank=False,
            value="global",
            id="description-mode",
            compact=True,
            tooltip="Which of the CLI's texts describes the tool",
        )
        yield EditorTextArea(
            id="description",
            soft_wrap=True,
            compact=True,
            placeholder="Full description override (empty = use the CLI's text)",
        )
        with Horizontal(classes="buttons"):
            yield Button(
                "Apply override",
                id="apply-description",
                variant="primary",
                compact=True,
                tooltip="Use the text above as the tool's description",
            )
            yield Button(
                "Clear",
                id="clear-description",
                compact=True,
                tooltip="Go back to the CLI's own text",
            )
        yield Label("Annotations", classes="heading")
        yield Input(id="title", placeholder="title (enter to apply; empty = none)", compact=True)
        with Grid(id="annotations"):
            for name, label in ANNOTATION_LABELS.items():
                yield Label(label)
                yield Select(
                    TRI_STATE, allow_blank=False, value="unset", id=f"ann-{name}", compact=True
                )
        yield Label("Shaping", classes="heading")
        for field_id, label, hint in SHAPING_INPUTS:
            with Horizontal(classes="setting"):
                yield Label(label)
                yield Input(id=field_id, compact=True, placeholder=hint)
        with Horizontal(classes="setting"):
            yield Label("output")
            yield Select(
                OUTPUT_OPTIONS,
                allow_blank=False,
                value="text",
                id="output-mode",
                compact=True,
                tooltip="json: stdout is parsed into structuredContent (the text is kept)",
            )
        with Horizontal(classes="setting -hidden", id="load-row"):
            yield Label("load (search)")
            yield Select(
                LOAD_OPTIONS,
                allow_blank=False,
                value="follow",
                id="load",
                compact=True,
                tooltip="always: listed at connect; deferred: found through the search tool",
            )
        yield Label(
            "output schema (JSON Schema of the parsed stdout)",
            id="output-schema-label",
            classes="-hidden",
        )
        yield EditorTextArea(
            id="output-schema",
            soft_wrap=True,
            compact=True,
            classes="-hidden",
            placeholder='Output schema, JSON (empty = none): {"type": "object"}',
        )
        yield Button(
            "Apply output schema",
            id="apply-output-schema",
            compact=True,
            classes="-hidden",
            tooltip="Declare the parsed output with the schema above (only when it is valid)",
        )
        yield Label("env for this command's calls (NAME=value, one a line)", classes="field-label")
        yield EditorTextArea(
            id="cmd-env",
            soft_wrap=True,
            compact=True,
            placeholder="Env for this command's calls: NAME=value, one a line",
        )
        yield Button(
            "Apply env",
            id="apply-env",
            compact=True,
            tooltip="Use these variables for this command's calls",
        )
        yield Static("", id="shaping-status", markup=False)
        yield Label("Flags", classes="heading")
        yield FlagEditor(id="flag-editor")

    # --- attributes down ---------------------------------------------------------------------

    def show(
        self,
        tree: CommandTree,
        command: Command,
        choices: CommandConfig,
        status: CommandStatus | None,
        served: set[str] | None,
        *,
        same_command: bool = False,
    ) -> None:
        """Fill the form for `command`; `served` is the set of flag spellings its tool exposes."""
        if not same_command and command is not self.command:
            self.scroll_home(animate=False)  # a new command's form starts at its top
        self.command = command
        self.command_tree = tree
        self.choices = choices
        self.status = status
        set_border_text(self, "title", pane_title("inspector", command.path_str))
        if not self.form_ready:  # mount_form fills it (the title shows from the first frame)
            self._waiting = ((tree, command, choices, status, served), {"same_command": False})
            return
        project = self.query_one(ProjectPanel)
        is_root = len(command.path) == 1
        project.set_class(not is_root, "-hidden")
        if is_root and self.config is not None:
            project.show(self.config, command.name)
        about = command.short_help or command.help.split("\n\n")[0] or "(no description)"
        self._update(self.query_one("#about", Static), about)
        self.show_status(status)
        include = self.query_one("#include", Switch)
        include.value = self._included(choices, status)
        include.disabled = not command.runnable  # a group: `x` in the tree toggles all its commands
        include.tooltip = (
            INCLUDE_TIP
            if command.runnable
            else "A group has no action of its own: press x on it in the tree to include or "
            "exclude all its commands"
        )
        self.query_one("#deprecated", Switch).value = choices.deprecated
        mode = choices.description_mode.value if choices.description_mode else "global"
        self.query_one("#description-mode", Select).value = mode
        self._load_typed("#description", choices.description or "", same_command)
        self._load_typed("#title", choices.title or "", same_command)
        for name in ANNOTATIONS:
            self.query_one(f"#ann-{name}", Select).value = _tri(getattr(choices, name))
        self._show_shaping(choices, status, same_command)
        self.query_one(FlagEditor).show(tree, command, choices, served, same_command=same_command)

    def _show_shaping(
        self, choices: CommandConfig, status: CommandStatus | None, same_command: bool
    ) -> None:
        if not same_command:
            self._shaping_status("", None)
        name = self.query_one("#tool-name", Input)
        name.placeholder = (
            f"enter to apply; now `{status.tool}`"
            if status and status.tool and not choices.name
            else "enter to apply; empty = prefix + path"
        )
        self._load_typed("#tool-name", choices.name or "", same_command)
        self._load_typed("#fixed-args", shaping_input.words_text(choices.args), same_command)
        runtime = self.config.runtime if self.config is not None else None
        for field_id, value, fallback in (
            ("#cmd-timeout", choices.timeout_s, runtime and runtime.timeout_s),
            ("#cmd-output-cap", choices.max_output_bytes, runtime and runtime.max_output_bytes),
        ):
            field = self.query_one(field_id, Input)
            field.placeholder = (
                f"enter to apply; empty = [runtime] {fallback}" if fallback else field.placeholder
            )
            self._load_typed(field_id, _limit_text(value), same_command)
        self._load_typed("#cmd-env", shaping_input.env_text(choices.env), same_command)
        self.query_one("#output-mode", Select).value = choices.output
        json_output = choices.output == "json"
        self.query_one("#output-schema").set_class(not json_output, "-hidden")
        self.query_one("#output-schema-label").set_class(not json_output, "-hidden")
        self.query_one("#apply-output-schema").set_class(not json_output, "-hidden")
        self._load_typed("#output-schema", schema_text(choices.output_schema), same_command)
        search = self.config is not None and self.config.tools.exposure == "search"
        self.query_one("#load-row").set_class(not search, "-hidden")
        self.query_one("#load", Select).value = choices.load or "follow"

    def _load_typed(self, selector: str, value: str, same_command: bool) -> None:
        self.typed.load(self.query_one(selector), value, keep_typing=same_command)

    def show_status(self, status: CommandStatus | None) -> None:
        line = self.query_one("#status-line", Static)
        line.set_class(bool(status and status.exposed), "-exposed")
        line.set_class(bool(status and not status.exposed), "-filtered")
        if status is None:
            text = ""
        elif status.exposed:
            text = f"● served as tool `{status.tool}`"
        else:
            text = f"○ not a tool: {status.why}"
        self._update(line, text)

    def show_findings(self, findings: list[Any]) -> None:
        """The lint findings about this command, each with its fix."""
        if not self.form_ready:
            self._waiting_findings = findings
            return
        text = "\n".join(f"⚠ {f.code} {f.message} Fix: {f.fix}" for f in findings)
        widget = self.query_one("#findings", Static)
        widget.set_class(not findings, "-none")
        self._update(widget, text)

    @staticmethod
    def _update(static: Static, text: str) -> None:
        old = str(static.content)
        if old == text:
            return
        # A one-line text replacing a one-line text keeps the widget's height: no layout pass
        # (one reflows every widget on the screen, a good part of an edit's first frame).
        width = static.content_size.width
        one_line = bool(width) and all("\n" not in t and cell_len(t) <= width for t in (old, text))
        static.update(text, layout=not one_line)

    @staticmethod
    def _included(choices: CommandConfig, status: CommandStatus | None) -> bool:
        return not choices.exclude and not (status is not None and status.reason == "selector")

    # --- messages up -------------------------------------------------------------------------

    def _edit(self, apply) -> None:
        self.post_message(EditRequested(self, apply))

    @on(Switch.Changed, "#include")
    def _include_changed(self, event: Switch.Changed) -> None:
        event.stop()
        if self.command is None or event.value == self._included(self.choices, self.status):
            return
        path = self.command.path_str
        claimed = not (self.status is not None and self.status.reason == "selector")
        self._edit(lambda ws: ws.set_included(path, event.value, claimed_by_selector=claimed))

    @on(Switch.Changed, "#deprecated")
    def _deprecated_changed(self, event: Switch.Changed) -> None:
        event.stop()
        if self.command is None or event.value == self.choices.deprecated:
            return
        path = self.command.path_str
        self._edit(lambda ws: ws.set_deprecated(path, event.value))

    @on(Select.Changed, "#description-mode")
    def _mode_changed(self, event: Select.Changed) -> None:
        event.stop()
        current = self.choices.description_mode.value if self.choices.description_mode else "global"
        if self.command is None or event.value == current:
            return
        path, mode = (
            self.command.path_str,
            None if event.value == "global" else DescriptionMode(event.value),
        )
        self._edit(lambda ws: ws.set_description_mode(path, mode))

    @on(Button.Pressed, "#apply-description")
    def _apply_description(self, event: Button.Pressed) -> None:
        event.stop()
        text = self.query_one("#description", TextArea).text.strip()
        if self.command is None or (text or None) == self.choices.description:
            return
        path = self.command.path_str
        self._edit(lambda ws: ws.set_description(path, text or None))

    @on(Button.Pressed, "#clear-description")
    def _clear_description(self, event: Button.Pressed) -> None:
        event.stop()
        self.query_one("#description", TextArea).load_text("")
        if self.command is None or self.choices.description is None:
            return
        path = self.command.path_str
        self._edit(lambda ws: ws.set_description(path, None))

    @on(Input.Submitted, "#title")
    def _title_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        title = event.value.strip() or None
        if self.command is None or title == self.choices.title:
            return
        path = self.command.path_str
        self._edit(lambda ws: ws.set_title(path, title))

    @on(Select.Changed)
    def _annotation_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        if not select_id.startswith("ann-"):
            return
        event.stop()
        name = select_id.removeprefix("ann-")
        value = TRI_VALUE.get(str(event.value))
        if self.command is None or value == getattr(self.choices, name):
            return
        path = self.command.path_str
        self._edit(lambda ws: ws.set_annotation(path, name, value))

    # --- shaping: typed, checked inline, applied on enter / Apply ------------------------------

    def _shaping_status(self, text: str, valid: bool | None) -> None:
        status = self.query_one("#shaping-status", Static)
        self._update(status, text)
        status.set_class(valid is False, "-invalid")
        status.set_class(valid is True, "-valid")

    def show_refusal(self, message: str) -> None:
        """The edit was refused (a rule the model checks, or the surface would not build)."""
        self._shaping_status(f"✗ Not applied: {message}", False)

    def _shape(self, apply, done: str) -> None:
        self._shaping_status(done, True)
        self.post_message(EditRequested(self, apply, self.show_refusal))

    def _read(self, field_id: str, text: str, *, applying: bool = False) -> Any:
        """The value typed into a shaping field (ValueError: one sentence). A tool name's
        collision check walks every command (tens of milliseconds on a big CLI): it runs when
        the name is applied, not on every key."""
        if field_id == "tool-name":
            value = text.strip() or None
            if value is not None and not applying and not TOOL_NAME_PATTERN.match(value):
                raise ValueError(
                    f"`{value}` is not a tool name MCP accepts: use 1 to 64 letters, digits, `_` or `-`"
                )
            if (
                value is not None
                and applying
                and self.command is not None
                and self.config is not None
            ):
                problem = shaping_input.tool_name_problem(
                    self.command_tree, self.config, self.command.path_str, value
                )
                if problem is not None:
                    raise ValueError(problem)
            return value
        if field_id == "fixed-args":
            return shaping_input.parse_words(text)
        if field_id == "cmd-timeout":
            return shaping_input.parse_limit(text, key="timeout_s", kind=float)
        return shaping_input.parse_limit(text, key="max_output_bytes", kind=int)

    def _current(self, field_id: str) -> Any:
        return {
            "tool-name": self.choices.name,
            "fixed-args": self.choices.args,
            "cmd-timeout": self.choices.timeout_s,
            "cmd-output-cap": self.choices.max_output_bytes,
        }[field_id]

    @on(Input.Changed, "#tool-name, #fixed-args, #cmd-timeout, #cmd-output-cap")
    def _shaping_typed(self, event: Input.Changed) -> None:
        event.stop()
        field_id = event.input.id or ""
        try:
            value = self._read(field_id, event.value)
        except ValueError as error:
            self._shaping_status(f"✗ {error}", False)
            return
        same = value == self._current(field_id)
        self._shaping_status(
            "" if same else "✓ Valid: press enter to apply.", None if same else True
        )

    @on(Input.Submitted, "#tool-name, #fixed-args, #cmd-timeout, #cmd-output-cap")
    def _shaping_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        field_id = event.input.id or ""
        if self.command is None:
            return
        try:
            value = self._read(field_id, event.value, applying=True)
        except ValueError as error:
            self._shaping_status(f"✗ Not applied: {error}", False)
            return
        if value == self._current(field_id):
            return
        path = self.command.path_str
        if field_id == "tool-name":
            self._shape(
                lambda ws: ws.set_tool_name(path, value),
                f"Tool name {'set' if value else 'reset'}.",
            )
        elif field_id == "fixed-args":
            self._shape(lambda ws: ws.set_command_args(path, value), "Fixed words applied.")
        else:
            key = "timeout_s" if field_id == "cmd-timeout" else "max_output_bytes"
            self._shape(lambda ws: ws.set_command_limit(path, key, value), f"`{key}` applied.")

    @on(Button.Pressed, "#apply-env")
    def _apply_env(self, event: Button.Pressed) -> None:
        event.stop()
        if self.command is None:
            return
        try:
            env = shaping_input.parse_env_rows(self.query_one("#cmd-env", TextArea).text)
        except ValueError as error:
            self._shaping_status(f"✗ Not applied: {error}", False)
            return
        if env != self.choices.env:
            path = self.command.path_str
            self._shape(lambda ws: ws.set_command_env(path, env), "Env applied.")

    @on(TextArea.Changed, "#cmd-env")
    def _env_typed(self, event: TextArea.Changed) -> None:
        event.stop()
        try:
            env = shaping_input.parse_env_rows(event.text_area.text)
        except ValueError as error:
            self._shaping_status(f"✗ {error}", False)
            return
        if env != self.choices.env:
            self._shaping_status("✓ Valid: press Apply env to use it.", True)

    @on(Select.Changed, "#output-mode")
    def _output_changed(self, event: Select.Changed) -> None:
        event.stop()
        if self.command is None or event.value == self.choices.output:
            return
        path, mode = self.command.path_str, str(event.value)
        schema = self.choices.output_schema
        self._shape(lambda ws: ws.set_output(path, mode, schema), f"Output is {mode}.")

    def _typed_output_schema(self) -> dict[str, Any] | None:
        return shaping_input.parse_output_schema(self.query_one("#output-schema", TextArea).text)

    @on(TextArea.Changed, "#output-schema")
    def _output_schema_typed(self, event: TextArea.Changed) -> None:
        event.stop()
        try:
            schema = self._typed_output_schema()
        except ValueError as error:
            self._shaping_status(f"✗ {error}", False)
            return
        if schema != self.choices.output_schema:
            self._shaping_status("✓ Valid output schema: press Apply to use it.", True)

    @on(Button.Pressed, "#apply-output-schema")
    def _apply_output_schema(self, event: Button.Pressed) -> None:
        event.stop()
        if self.command is None:
            return
        try:
            schema = self._typed_output_schema()
        except ValueError as error:
            self._shaping_status(f"✗ Not applied: {error}", False)
            return
        if schema != self.choices.output_schema:
            path = self.command.path_str
            self._shape(lambda ws: ws.set_output(path, "json", schema), "Output schema applied.")

    @on(Select.Changed, "#load")
    def _load_changed(self, event: Select.Changed) -> None:
        event.stop()
        value = None if event.value == "follow" else str(event.value)
        if self.command is None or value == self.choices.load:
            return
        path = self.command.path_str
        self._shape(
            lambda ws: ws.set_load(path, value), f"Load is {value or 'as the selector says'}."
        )
