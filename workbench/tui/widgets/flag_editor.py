"""The highlighted command's flags: a table (served or not, overrides) and an editor for one.

The table lists the flags a tool of this command can have: its own plus its ancestors'
(a command's own flag shadows an inherited one of the same name), as the surface sees them.
The editor below edits the highlighted flag: include/exclude, a coarse type override, and a
JSON Schema override that is checked as typed; invalid text is shown inline and never applied.
And the shaping of SPEC §5a: the property's name, a pinned value (out of the schema, always
passed), a default (passed when the model omits it) and required, each checked as typed with
the model's rules (`shaping_input`: the flag's own schema) and applied on enter, one undo step each.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Input, Label, Select, Static, Switch, TextArea

from workbench.model.config import CommandConfig, FlagConfig
from workbench.model.naming import property_name
from workbench.model.tree import Command, CommandTree, Flag
from workbench.tui import shaping_input
from workbench.tui.messages import EditRequested
from workbench.tui.schema_input import SchemaInputError, parse_schema_override, schema_text
from workbench.tui.widgets.form_state import show_state
from workbench.tui.widgets.keyboard import EditorTextArea, FormSwitch
from workbench.tui.widgets.typed_fields import TypedFields
from workbench.tui.workspace import FLAG_TYPES

COLUMNS = (("flag", 22), ("type", 8), ("served", 6), ("override", 14))
"""Fixed widths: DataTable repaints old rows with stale widths when auto widths change."""
TYPE_OPTIONS = [("as derived", "derived"), *((t, t) for t in FLAG_TYPES)]
REQUIRED_OPTIONS = [("as the CLI says", "cli"), ("required", "yes"), ("optional", "no")]
REQUIRED_VALUE = {"cli": None, "yes": True, "no": False}
SHAPING_FIELDS = (
    ("flag-prop-name", "property name", "enter to apply; empty = the flag's own name"),
    ("flag-pin", "pinned value", "enter to pin: out of the schema, always passed"),
    ("flag-default", "default", "enter to apply: passed when the model omits it"),
)
"""The flag's one-line shaping fields: id, label, placeholder."""
UNREAD = object()
"""No value could be read from a shaping field (its reason is on screen)."""


@dataclass(frozen=True)
class FlagRow:
    """One flag as the table shows it."""

    flag: Flag
    inherited_from: str | None
    """The ancestor path declaring it, when it is not the command's own."""


def command_flags(tree: CommandTree, command: Command) -> list[FlagRow]:
    """Ancestors' flags then the command's own, each key once at its deepest definition."""
    rows: list[FlagRow] = []
    for owner in [*tree.ancestors(command), command]:
        inherited = owner.path_str if owner is not command else None
        rows.extend(FlagRow(f, inherited or f.inherited_from) for f in owner.flags)
    last = {row.flag.key: i for i, row in enumerate(rows)}
    return [row for i, row in enumerate(rows) if last[row.flag.key] == i]


def _required_word(required: bool | None) -> str:
    return "cli" if required is None else ("yes" if required else "no")


class FlagEditor(Vertical):
    """Flag table + the editor of the highlighted flag."""

    DEFAULT_CSS = """
    FlagEditor { height: auto; }
    FlagEditor DataTable { height: auto; max-height: 14; }
    FlagEditor #flag-form { height: auto; border-top: hkey $border-blurred; margin-top: 1; }
    FlagEditor #flag-form.-none { display: none; }
    FlagEditor #flag-name { color: $text-primary; text-style: bold; }
    FlagEditor #flag-help { color: $text-muted; }
    FlagEditor .row { height: auto; }
    FlagEditor .row Label { padding: 1 2 0 1; }
    FlagEditor #flag-type { width: 20; margin-top: 1; }
    FlagEditor #flag-schema { height: 6; margin: 1 0 0 0; background: $boost; }
    FlagEditor #schema-status { height: auto; }
    FlagEditor #schema-status.-invalid { color: $text-error; }
    FlagEditor #schema-status.-valid { color: $text-success; }
    FlagEditor .buttons { height: auto; }
    FlagEditor .buttons Button { margin-right: 1; min-width: 10; }
    FlagEditor #no-flags { color: $text-muted; }
    FlagEditor .setting { height: 1; margin-top: 1; }
    FlagEditor .setting Label { width: 16; padding: 0; }
    FlagEditor .setting Input { width: 1fr; }
    FlagEditor .setting Select { width: 24; }
    FlagEditor #flag-shaping-status { height: auto; }
    FlagEditor #flag-shaping-status.-invalid { color: $text-error; }
    FlagEditor #flag-shaping-status.-valid { color: $text-success; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.command: Command | None = None
        self.choices = CommandConfig()
        self.rows: list[FlagRow] = []
        self.served: set[str] = set()
        self.current: FlagRow | None = None
        self.columns: list = []
        self.built = 0
        self.command_tree: CommandTree | None = None
        self.typed = TypedFields()
        """Keeps unapplied typing in the shaping fields when a recompute re-shows the flag."""
        self.shown_schema = ""
        """The schema text last loaded into the editor (to tell the user's typing apart)."""
        """How many times the table was rebuilt (part of every row key)."""

    def compose(self) -> ComposeResult:
        yield Static("This command has no flags.", id="no-flags")
        table: DataTable = DataTable(id="flag-table", cursor_type="row", zebra_stripes=True)
        self.columns = [table.add_column(label, width=width) for label, width in COLUMNS]
        yield table
        with Vertical(id="flag-form", classes="-none"):
            yield Static("", id="flag-name", markup=False)
            yield Static("", id="flag-help", markup=False)
            with Horizontal(classes="row"):
                yield FormSwitch(
                    id="flag-include", tooltip="Whether this flag may become a property of the tool"
                )
                yield Label("Include")
                yield Label("Type")
                yield Select(
                    TYPE_OPTIONS,
                    allow_blank=False,
                    value="derived",
                    id="flag-type",
                    compact=True,
                    tooltip="Change only the coarse JSON type of the derived schema",
                )
            for field_id, label, hint in SHAPING_FIELDS:
                with Horizontal(classes="setting"):
                    yield Label(label)
                    yield Input(id=field_id, compact=True, placeholder=hint)
            with Horizontal(classes="setting"):
                yield Label("required")
                yield Select(
                    REQUIRED_OPTIONS,
                    allow_blank=False,
                    value="cli",
                    id="flag-required",
                    compact=True,
                    tooltip="Make an optional flag required, or a required one optional (give it a default)",
                )
            yield Static("", id="flag-shaping-status", markup=False)
            yield Label("JSON Schema override (replaces the derived schema)")
            yield EditorTextArea(
                id="flag-schema",
                soft_wrap=True,
                compact=True,
                placeholder='{"type": "integer", "minimum": 1}',
            )
            yield Static("", id="schema-status", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(
                    "Apply schema",
                    id="apply-schema",
                    variant="primary",
                    compact=True,
                    tooltip="Use the schema above for this flag (only when it is valid)",
                )
                yield Button(
                    "Clear",
                    id="clear-schema",
                    compact=True,
                    tooltip="Go back to the derived schema",
                )

    # --- attributes down ---------------------------------------------------------------------

    def show(
        self,
        tree: CommandTree,
        command: Command,
        choices: CommandConfig,
        served: set[str] | None,
        *,
        same_command: bool = False,
    ) -> None:
        self.command, self.choices, self.served = command, choices, served or set()
        self.command_tree = tree
        rows = command_flags(tree, command)
        table = self.query_one("#flag-table", DataTable)
        if same_command and rows == self.rows:
            self._refresh_cells(table)
            if self.current is not None:
                self._show_flag(self.current, keep_text=True)
            return
        self.rows = rows
        cursor = table.cursor_row if same_command else 0
        table.clear()
        # Row keys are new for every command: DataTable caches rendered rows by key, and a
        # reused key (two commands sharing `--env`) showed the previous command's row.
        self.built += 1
        for row in self.rows:
            table.add_row(*(Text(cell) for cell in self._cells(row)), key=self._row_key(row))
        self.query_one("#no-flags").display = not self.rows
        table.display = bool(self.rows)
        if self.rows:
            table.move_cursor(row=min(cursor, len(self.rows) - 1))
            self._show_flag(self.rows[min(cursor, len(self.rows) - 1)], keep_text=same_command)
        else:
            self.current = None
            self.query_one("#flag-form").add_class("-none")

    def _row_key(self, row: FlagRow) -> str:
        return f"{self.built}:{row.flag.key}"

    def _refresh_cells(self, table: DataTable) -> None:
        """Update only the cells that changed (no rebuild: keeps the cursor and is cheap)."""
        for row in self.rows:
            for column, value in zip(self.columns, self._cells(row)):
                if str(table.get_cell(self._row_key(row), column)) != value:
                    table.update_cell(self._row_key(row), column, Text(value))

    def _cells(self, row: FlagRow) -> tuple[str, str, str, str]:
        flag = row.flag
        name = flag.spelling + (" ↑" if row.inherited_from else "")
        kind = flag.kind.value if flag.kind.value != "value" else flag.value_type.value
        choice = self.choices.flags.get(flag.key) or FlagConfig()
        served = "yes" if flag.spelling in self.served else "no"
        override = "schema" if choice.schema_ is not None else (choice.type or "")
        shaped = [
            word
            for word, on in (
                ("pin", choice.value is not None),
                ("name", choice.name is not None),
                ("default", choice.default is not None),
            )
            if on
        ]
        override = " ".join([*([override] if override else []), *shaped])
        if choice.exclude:
            override = ("excluded " + override).strip()
        return name, kind, served, override

    def _show_flag(self, row: FlagRow, keep_text: bool = False) -> None:
        self.current = row
        flag = row.flag
        choice = self.choices.flags.get(flag.key) or FlagConfig()
        self.query_one("#flag-include", Switch).value = not choice.exclude
        self.query_one("#flag-type", Select).value = choice.type or "derived"
        self._show_shaping(choice, keep_text)
        area = self.query_one("#flag-schema", TextArea)
        if keep_text:
            self._sync_schema_text(area, choice.schema_)
            return
        self.query_one("#flag-form").remove_class("-none")
        # the tool writes the first spelling; the CLI's other ones, shown so the user knows them
        also = f"  (also {', '.join(flag.aliases)})" if flag.aliases else ""
        self.query_one("#flag-name", Static).update(flag.spelling + also)
        origin = f"  (inherited from {row.inherited_from})" if row.inherited_from else ""
        self.query_one("#flag-help", Static).update((flag.help or "(no help text)") + origin)
        self.shown_schema = schema_text(choice.schema_)
        area.load_text(self.shown_schema)
        self._set_schema_status("", None)

    def _show_shaping(self, choice: FlagConfig, keep_text: bool) -> None:
        if not keep_text:
            self._shaping_status("", None)
        for field_id, value in (
            ("flag-prop-name", choice.name or ""),
            ("flag-pin", shaping_input.value_text(choice.value)),
            ("flag-default", shaping_input.value_text(choice.default)),
        ):
            self.typed.load(self.query_one(f"#{field_id}", Input), value, keep_typing=keep_text)
        self.query_one("#flag-required", Select).value = _required_word(choice.required)

    def _sync_schema_text(self, area: TextArea, schema: dict[str, Any] | None) -> None:
        """After a recompute: keep what the user is typing; otherwise follow the model (undo)."""
        try:
            typed = json.loads(area.text) if area.text.strip() else None
        except ValueError:
            typed = area  # unparsable: certainly being typed
        if typed == schema:
            self.shown_schema = area.text  # in sync with the model, however it is formatted
        elif area.text == self.shown_schema:
            self.shown_schema = schema_text(schema)
            area.load_text(self.shown_schema)

    def _set_schema_status(self, text: str, valid: bool | None) -> None:
        show_state(self.query_one("#schema-status", Static), text, valid)

    def show_refusal(self, message: str) -> None:
        """Shown when the screen refused a schema because the surface could not be built."""
        self._set_schema_status(f"✗ Not applied: {message}", False)

    def show_shaping_refusal(self, message: str) -> None:
        """Shown when a name, pin, default or required edit was refused."""
        self._shaping_status(f"✗ Not applied: {message}", False)

    def _shaping_status(self, text: str, valid: bool | None) -> None:
        show_state(self.query_one("#flag-shaping-status", Static), text, valid)

    # --- shaping: typed, checked inline, applied on enter ------------------------------------

    def taken_properties(self) -> dict[str, str]:
        """Property name → flag key for every flag of this tool (renamed ones by their new name)."""
        taken: dict[str, str] = {}
        for row in self.rows:
            choice = self.choices.flags.get(row.flag.key) or FlagConfig()
            taken[choice.name or property_name(row.flag.key)] = row.flag.key
        return taken

    def _read_shaping(self, field_id: str, text: str) -> Any:
        """The value typed into a flag's shaping field (ValueError: one sentence)."""
        assert (
            self.command is not None and self.current is not None and self.command_tree is not None
        )
        key = self.current.flag.key
        if field_id == "flag-prop-name":
            value = text.strip() or None
            problem = value and shaping_input.property_name_problem(
                value, self.taken_properties(), key
            )
            if problem:
                raise ValueError(problem)
            return value
        if not text.strip():
            return None
        schema = shaping_input.flag_value_schema(
            self.command_tree, self.command, key, self._choice()
        )
        if schema is None:
            raise ValueError(f"`{key}` is no flag of `{self.command.path_str}`")
        return shaping_input.parse_flag_value(text, schema, what=f"`{key}`")

    def _shaping_current(self, field_id: str) -> Any:
        choice = self._choice()
        return {
            "flag-prop-name": choice.name,
            "flag-pin": choice.value,
            "flag-default": choice.default,
        }[field_id]

    def _typed_value(self, event: Input.Changed | Input.Submitted, refusal: str) -> Any:
        """The value in the shaping field `event` is about, or UNREAD (no flag shown, or the text
        is refused: the reason is shown, led by `refusal`)."""
        event.stop()
        if self.command is None or self.current is None:
            return UNREAD
        try:
            return self._read_shaping(event.input.id or "", event.value)
        except ValueError as error:
            self._shaping_status(f"{refusal}{error}", False)
            return UNREAD

    @on(Input.Changed, "#flag-prop-name, #flag-pin, #flag-default")
    def _shaping_typed(self, event: Input.Changed) -> None:
        value = self._typed_value(event, "✗ ")
        if value is UNREAD:
            return
        same = value == self._shaping_current(event.input.id or "")
        self._shaping_status(
            "" if same else "✓ Valid: press enter to apply.", None if same else True
        )

    @on(Input.Submitted, "#flag-prop-name, #flag-pin, #flag-default")
    def _shaping_submitted(self, event: Input.Submitted) -> None:
        value = self._typed_value(event, "✗ Not applied: ")
        field_id = event.input.id or ""
        if value is UNREAD or value == self._shaping_current(field_id):
            return
        assert self.command is not None and self.current is not None
        path, key, taken = self.command.path_str, self.current.flag.key, self.taken_properties()
        if field_id == "flag-prop-name":
            apply = lambda ws: ws.set_flag_name(path, key, value, taken)  # noqa: E731
            done = f"Property renamed to `{value}`." if value else "Property name reset."
        elif field_id == "flag-pin":
            apply = lambda ws: ws.set_flag_value(path, key, value)  # noqa: E731
            done = "Pinned: out of the schema, always passed." if value is not None else "Unpinned."
        else:
            apply = lambda ws: ws.set_flag_default(path, key, value)  # noqa: E731
            done = "Default applied." if value is not None else "Default removed."
        self._shaping_status(done, True)
        self.post_message(EditRequested(self, apply, self.show_shaping_refusal))

    @on(Select.Changed, "#flag-required")
    def _required_changed(self, event: Select.Changed) -> None:
        event.stop()
        if self.command is None or self.current is None:
            return
        value = REQUIRED_VALUE[str(event.value)]
        if value == self._choice().required:
            return
        path, key = self.command.path_str, self.current.flag.key
        self._shaping_status("Required applied.", True)
        self.post_message(
            EditRequested(
                self, lambda ws: ws.set_flag_required(path, key, value), self.show_shaping_refusal
            )
        )

    # --- messages up -------------------------------------------------------------------------

    @on(DataTable.RowHighlighted, "#flag-table")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        key = event.row_key.value
        row = next((r for r in self.rows if self._row_key(r) == key), None)
        if row is not None and row is not self.current:
            self._show_flag(row)

    def _choice(self) -> FlagConfig:
        assert self.current is not None
        return self.choices.flags.get(self.current.flag.key) or FlagConfig()

    @on(Switch.Changed, "#flag-include")
    def _include_changed(self, event: Switch.Changed) -> None:
        event.stop()
        if (
            self.command is None
            or self.current is None
            or event.value == (not self._choice().exclude)
        ):
            return
        path, key = self.command.path_str, self.current.flag.key
        self.post_message(
            EditRequested(self, lambda ws: ws.set_flag_excluded(path, key, not event.value))
        )

    @on(Select.Changed, "#flag-type")
    def _type_changed(self, event: Select.Changed) -> None:
        event.stop()
        value = None if event.value == "derived" else str(event.value)
        if self.command is None or self.current is None or value == self._choice().type:
            return
        path, key = self.command.path_str, self.current.flag.key
        self.post_message(
            EditRequested(self, lambda ws: ws.set_flag_type(path, key, value), self.show_refusal)
        )

    def _typed_schema(self, event: TextArea.Changed | Button.Pressed, refusal: str) -> Any:
        """The schema override typed for the shown flag (None: empty), or UNREAD (no flag shown,
        or the text is refused: the reason is shown, led by `refusal`)."""
        event.stop()
        if self.command is None or self.current is None:
            return UNREAD
        text = self.query_one("#flag-schema", TextArea).text
        try:
            return parse_schema_override(
                text, command=self.command.path_str, flag=self.current.flag.key
            )
        except SchemaInputError as error:
            self._set_schema_status(f"{refusal}{error}", False)
            return UNREAD

    @on(TextArea.Changed, "#flag-schema")
    def _schema_typed(self, event: TextArea.Changed) -> None:
        schema = self._typed_schema(event, "✗ ")
        if schema is UNREAD:
            return
        if schema == self._choice().schema_:
            self._set_schema_status("", None)
        elif schema is None:
            self._set_schema_status("Empty: Apply removes the override.", True)
        else:
            self._set_schema_status("✓ Valid JSON Schema: press Apply to use it.", True)

    @on(Button.Pressed, "#apply-schema")
    def _apply_schema(self, event: Button.Pressed) -> None:
        schema = self._typed_schema(event, "✗ Not applied: ")
        if schema is UNREAD or schema == self._choice().schema_:
            return
        assert self.command is not None and self.current is not None
        path, key = self.command.path_str, self.current.flag.key
        self._set_schema_status("Applied." if schema is not None else "Override removed.", True)
        self.post_message(
            EditRequested(self, lambda ws: ws.set_flag_schema(path, key, schema), self.show_refusal)
        )

    @on(Button.Pressed, "#clear-schema")
    def _clear_schema(self, event: Button.Pressed) -> None:
        event.stop()
        self.query_one("#flag-schema", TextArea).load_text("")
        if self.command is None or self.current is None or self._choice().schema_ is None:
            return
        path, key = self.command.path_str, self.current.flag.key
        self.post_message(EditRequested(self, lambda ws: ws.set_flag_schema(path, key, None)))
