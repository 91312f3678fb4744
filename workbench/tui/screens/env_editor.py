"""The environment & runtime editor (F5 or the palette): `[env]`, the variables every call
gets, as NAME = value rows to add, edit and delete; and `[runtime]`: the timeout, the output
cap, how many calls run at once, and the folder calls run in.

Checked as you type and again on apply: a variable name must be portable (refused inline, never
applied); a value for a secret-looking name is allowed but shows lint's WB704 warning; the
numbers must be above 0; a `cwd` that is not a folder shows `check`'s WB705 warning. Every change
is one undo entry through the main screen's `apply_edit` (`Workspace.set_env` / `set_runtime`),
so the main screen's previews and the saved file follow. The logic without Textual is in
`workbench.tui.env_edit`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Footer, Input, Label, OptionList, Static

from workbench.tui import env_edit
from workbench.tui.bindings import EDITOR_BASE_BINDINGS
from workbench.tui.messages import EditRequested
from workbench.tui.screens.editor_screen import EditorScreen
from workbench.tui.widgets.code_view import CodeView
from workbench.tui.widgets.form_state import show_state
from workbench.tui.widgets.keyboard import FormScroll

RUNTIME_FIELDS: tuple[tuple[str, str, str, str], ...] = (
    *(
        (key, label, "number" if kind is float else "integer", "")
        for key, label, kind in env_edit.LIMITS
    ),
    ("cwd", "Working folder", "text", "relative to the config file; . is its folder"),
)
"""The `[runtime]` inputs: key, label, Input type, placeholder."""


def _field_id(key: str) -> str:
    return f"runtime-{key.replace('_', '-')}"


class EnvEditor(EditorScreen):
    """`[env]` rows on the left; `[runtime]` and both tables as saved on the right."""

    BINDINGS = EDITOR_BASE_BINDINGS
    DEFAULT_CSS = """
    EnvEditor #env-list { height: 8; }
    EnvEditor #env-name { width: 2fr; }
    EnvEditor #env-value { width: 3fr; }
    EnvEditor .runtime-row { margin-top: 1; }
    EnvEditor .runtime-label { width: 20; margin-top: 0; color: $text; text-style: none; }
    EnvEditor .runtime-field { width: 1fr; }
    EnvEditor .note { height: auto; padding-left: 20; }
    EnvEditor .-invalid { color: $text-error; }
    EnvEditor .-warning { color: $text-warning; }
    EnvEditor .-valid { color: $text-success; }
    EnvEditor #apply-runtime { margin-top: 1; }
    EnvEditor #env-toml { height: 1fr; min-height: 8; }
    """

    @property
    def config_dir(self) -> Path:
        return self.main.workspace.path.resolve().parent

    def compose(self) -> ComposeResult:
        with Horizontal(id="env-panes", classes="panes"):
            with FormScroll(id="env-left", classes="pane"):
                yield Label("Environment ([env])", markup=False)
                yield Static(
                    "Every call gets the server's environment plus these; a per-call env wins. "
                    "Keep secrets out: mcp.toml is usually committed.",
                    classes="hint",
                    markup=False,
                )
                yield OptionList(id="env-list", compact=True)
                with Horizontal():
                    yield Input(
                        placeholder="NAME", id="env-name", classes="env-field", compact=True
                    )
                    yield Input(
                        placeholder="value", id="env-value", classes="env-field", compact=True
                    )
                with Horizontal():
                    yield Button(
                        "Set variable",
                        id="set-env",
                        compact=True,
                        variant="primary",
                        tooltip="Add the variable, or change its value (enter in a field does the same)",
                    )
                    yield Button(
                        "Apply to selected",
                        id="apply-env",
                        compact=True,
                        tooltip="Rename or change the selected row",
                    )
                    yield Button("Delete selected", id="delete-env", compact=True, variant="error")
                yield Static("", id="env-state", classes="state", markup=False)
            with FormScroll(id="env-right", classes="pane"):
                yield Label("Runtime ([runtime])", markup=False)
                yield Static(
                    "Limits for every call. Enter in a field, or Apply runtime, applies them.",
                    classes="hint",
                    markup=False,
                )
                for key, label, kind, placeholder in RUNTIME_FIELDS:
                    with Horizontal(classes="runtime-row"):
                        yield Label(label, classes="runtime-label", markup=False)
                        yield Input(
                            placeholder=placeholder or key,
                            id=_field_id(key),
                            type=kind,  # type: ignore[arg-type]
                            classes="runtime-field",
                            compact=True,
                        )
                    yield Static("", id=f"{_field_id(key)}-note", classes="note", markup=False)
                yield Button("Apply runtime", id="apply-runtime", compact=True, variant="primary")
                yield Static("", id="runtime-state", classes="state", markup=False)
                yield Label("As saved in mcp.toml")
                yield CodeView(id="env-toml")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_env()
        self.load_runtime()
        self.query_one("#env-list", OptionList).focus()

    # --- state → widgets ---------------------------------------------------------------------

    def refresh_env(self, highlight: int | None = None) -> None:
        """Show the config's `[env]` rows (⚠ marks a secret-looking one) and the saved tables."""
        rows = [
            f"{'⚠ ' if env_edit.secret_warning(name, value) else ''}{name} = {value}"
            for name, value in self.config.env.items()
        ]
        options = self.query_one("#env-list", OptionList)
        keep = options.highlighted if highlight is None else highlight
        options.clear_options()
        options.add_options(rows)
        if rows:
            options.highlighted = max(0, min(keep or 0, len(rows) - 1))
        self.show_tables()

    def load_runtime(self) -> None:
        """Fill the `[runtime]` fields from the config."""
        for key, _, _, _ in RUNTIME_FIELDS:
            self.query_one(f"#{_field_id(key)}", Input).value = env_edit.runtime_text(
                self.config, key
            )
        self._check_runtime()

    def show_tables(self) -> None:
        self.query_one("#env-toml", CodeView).show(env_edit.tables_toml(self.config), "toml")

    def _say(self, selector: str, text: str, kind: str | None) -> None:
        """Show `text` in a state line; `kind` is invalid, warning, valid or None (plain)."""
        valid = {"invalid": False, "valid": True}.get(kind or "")
        show_state(self.query_one(selector, Static), text, valid, warning=kind == "warning")

    # --- [env] -------------------------------------------------------------------------------

    def _selected(self) -> str | None:
        index = self.query_one("#env-list", OptionList).highlighted
        names = list(self.config.env)
        return names[index] if index is not None and 0 <= index < len(names) else None

    def _typed(self) -> tuple[str, str]:
        return self.query_one("#env-name", Input).value.strip(), self.query_one(
            "#env-value", Input
        ).value

    @on(OptionList.OptionHighlighted, "#env-list")
    def _row_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        items = list(self.config.env.items())
        if 0 <= event.option_index < len(items):
            name, value = items[event.option_index]
            self.query_one("#env-name", Input).value = name
            self.query_one("#env-value", Input).value = value

    @on(Input.Changed, ".env-field")
    def _env_typed(self, event: Input.Changed) -> None:
        """Live: a bad name in red; the secret warning for a secret-looking name with a value."""
        event.stop()
        name, value = self._typed()
        problem = env_edit.name_problem(name) if name else None
        if problem is not None:
            self._say("#env-state", f"✗ {problem}", "invalid")
            return
        warning = env_edit.secret_warning(name, value) if name else None
        self._say("#env-state", f"⚠ {warning}" if warning else "", "warning" if warning else None)

    def _set_env(self, env: dict[str, str], label: str, done: str, name: str | None) -> bool:
        def refused(problem: str) -> None:
            self._say("#env-state", f"✗ Not applied: {problem}", "invalid")

        if not self.main.apply_edit(
            EditRequested(self, lambda ws: ws.set_env(env, label=label), refused, trial=False)
        ):
            return False
        warning = env_edit.secret_warning(name, env[name]) if name in env else None
        self._say(
            "#env-state",
            f"✓ {done}" + (f"\n⚠ {warning}" if warning else ""),
            "warning" if warning else "valid",
        )
        names = list(env)
        self.refresh_env(highlight=names.index(name) if name in names else None)
        return True

    def _checked_name(self) -> tuple[str, str] | None:
        name, value = self._typed()
        problem = env_edit.name_problem(name)
        if problem is not None:
            self._say("#env-state", f"✗ Not applied: {problem}", "invalid")
            return None
        return name, value

    @on(Button.Pressed, "#set-env")
    @on(Input.Submitted, ".env-field")
    def _set_variable(self, event: Button.Pressed | Input.Submitted) -> None:
        """Add the typed variable, or change its value when it is set already."""
        event.stop()
        typed = self._checked_name()
        if typed is None:
            return
        name, value = typed
        if self.config.env.get(name) == value:
            self._say("#env-state", f"{name} already has that value.", None)
            return
        verb = "Changed" if name in self.config.env else "Added"
        self._set_env({**self.config.env, name: value}, f"env {name}", f"{verb} {name}.", name)

    @on(Button.Pressed, "#apply-env")
    def _apply_to_selected(self, event: Button.Pressed) -> None:
        event.stop()
        old = self._selected()
        if old is None:
            self._say(
                "#env-state", "✗ Select a variable in the list first (or set a new one).", "invalid"
            )
            return
        typed = self._checked_name()
        if typed is None:
            return
        name, value = typed
        env = env_edit.renamed(self.config.env, old, name, value)
        if env == self.config.env and list(env) == list(self.config.env):
            self._say("#env-state", f"{name} already has that value.", None)
            return
        done = f"Renamed {old} to {name}." if name != old else f"Changed {name}."
        self._set_env(
            env, f"env {old}" if name == old else f"rename env {old} to {name}", done, name
        )

    @on(Button.Pressed, "#delete-env")
    def _delete(self, event: Button.Pressed) -> None:
        event.stop()
        name = self._selected()
        if name is None:
            self._say("#env-state", "✗ Select a variable in the list first.", "invalid")
            return
        env = {k: v for k, v in self.config.env.items() if k != name}
        self._set_env(env, f"delete env {name}", f"Deleted {name}.", None)

    # --- [runtime] ---------------------------------------------------------------------------

    def _runtime_texts(self) -> dict[str, str]:
        return {
            key: self.query_one(f"#{_field_id(key)}", Input).value
            for key, _, _, _ in RUNTIME_FIELDS
        }

    def _check_runtime(self) -> env_edit.RuntimeForm:
        """Show each field's problem (red) or, for `cwd`, the missing-folder warning (yellow)."""
        form = env_edit.read_runtime(self._runtime_texts())
        for key, _, _, _ in RUNTIME_FIELDS:
            problem = form.problems.get(key)
            warning = (
                env_edit.cwd_warning(form.values["cwd"], self.config_dir)
                if key == "cwd" and problem is None
                else None
            )
            note = self.query_one(f"#{_field_id(key)}-note", Static)
            text = f"✗ {problem}" if problem else f"⚠ {warning}" if warning else ""
            note.update(text)
            note.display = bool(text)
            note.set_class(problem is not None, "-invalid")
            note.set_class(warning is not None, "-warning")
        return form

    @on(Input.Changed, ".runtime-field")
    def _runtime_typed(self, event: Input.Changed) -> None:
        event.stop()
        self._check_runtime()

    @on(Button.Pressed, "#apply-runtime")
    @on(Input.Submitted, ".runtime-field")
    def _apply_runtime(self, event: Any) -> None:
        """Apply every field that differs from `[runtime]`, as one change; nothing when any is wrong."""
        event.stop()
        form = self._check_runtime()
        if form.problems:
            self._say(
                "#runtime-state", f"✗ Not applied: {next(iter(form.problems.values()))}", "invalid"
            )
            return
        changes = {
            key: value
            for key, value in form.values.items()
            if getattr(self.config.runtime, key) != value
        }
        if not changes:
            self._say(
                "#runtime-state", "Nothing to apply: the fields are [runtime] as it is.", None
            )
            return

        def refused(problem: str) -> None:
            self._say("#runtime-state", f"✗ Not applied: {problem}", "invalid")

        def apply(workspace: Any) -> None:
            workspace.set_runtime(label=f"runtime {', '.join(changes)}", **changes)

        if self.main.apply_edit(EditRequested(self, apply, refused, trial=False)):
            self._say("#runtime-state", f"✓ Set {', '.join(changes)}.", "valid")
            self.load_runtime()
            self.show_tables()

    # --- actions -----------------------------------------------------------------------------

    def action_undo(self) -> None:
        self.main.action_undo()
        self.refresh_env()
        self.load_runtime()
        self._say("#env-state", "", None)
        self._say("#runtime-state", "", None)

    def action_close(self) -> None:
        self.dismiss()
