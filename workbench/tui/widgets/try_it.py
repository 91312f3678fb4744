"""The "Try it" tab: a form generated from the tool's input schema (switches, selects for enums,
validated number inputs, one-item-per-line list editors, JSON for the rest) plus optional extra
arguments as JSON, the exact command line they make (live), Run and Cancel, and the result
exactly as an MCP client gets it (through the runtime's `ToolRunner.call`, the call path `serve`
uses). A tool marked destructive, or not marked read-only, asks first.

Attributes down: `show_tool(tool, config, surface, config_dir)`. The run happens in a worker that
posts `Finished`; only the handler touches widgets. Cancel cancels the worker: the runtime then
kills the CLI's whole process group.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static, Switch, TextArea

from workbench.tui.try_args import ArgumentsInputError, parse_arguments
from workbench.tui.try_form import FormField, form_arguments, form_fields
from workbench.tui.widgets.keyboard import EditorTextArea, FormScroll, FormSwitch

HINTS = (("readOnlyHint", "read-only"), ("destructiveHint", "destructive"))
SHOWN_CHARS = 200_000
"""A result text longer than this is shown cut (the client gets all of it)."""


def clip(text: str) -> str:
    """`text`, cut to SHOWN_CHARS with a line saying how much more there is."""
    if len(text) <= SHOWN_CHARS:
        return text
    return (
        text[:SHOWN_CHARS]
        + f"\n… {len(text) - SHOWN_CHARS:,} more characters (a client gets them all)"
    )


@dataclass
class Finished(Message):
    """A run finished (or could not start); `outcome` is the runtime's CallOutcome (None: cancelled)."""

    tool: str
    outcome: Any


def confirm_reason(annotations: dict[str, Any]) -> str | None:
    """Why a run should be confirmed first, or None (a read-only, non-destructive tool)."""
    if annotations.get("destructiveHint") is True:
        return "is marked destructive"
    if annotations.get("readOnlyHint") is not True:
        return "is not marked read-only, so it may change things"
    return None


def field_widget(spec: FormField, widget_id: str) -> Widget:
    """The typed widget for one property."""
    tooltip = spec.description or None
    if spec.kind == "boolean":
        return FormSwitch(value=bool(spec.default), id=widget_id, tooltip=tooltip)
    if spec.kind == "enum":
        options = [(str(choice), choice) for choice in spec.choices]
        start = spec.default if spec.default in spec.choices else Select.NULL
        return Select(
            options, value=start, allow_blank=True, id=widget_id, compact=True, tooltip=tooltip
        )
    if spec.kind in ("array", "json"):
        hint = "one item per line" if spec.kind == "array" else "JSON"
        area = EditorTextArea(
            id=widget_id, compact=True, soft_wrap=True, placeholder=hint, tooltip=tooltip
        )
        area.add_class("-list" if spec.kind == "array" else "-json")
        return area
    placeholder = f"default: {spec.default}" if spec.default is not None else spec.kind
    kind = {"integer": "integer", "number": "number"}.get(spec.kind, "text")
    return Input(id=widget_id, type=kind, compact=True, placeholder=placeholder, tooltip=tooltip)  # type: ignore[arg-type]


def json_output_hint(tool: Any, outcome: Any) -> str:
    """For an `output = "json"` tool whose output did not parse (or did not match its output
    schema): the runtime's sentence, repeated on the state line, since a model gets no
    `structuredContent` then. Empty otherwise."""
    if (
        getattr(tool.binding, "output", "text") != "json"
        or not outcome.is_error
        or outcome.structured is not None
    ):
        return ""
    last = outcome.text.rstrip().rsplit("\n\n", 1)[-1]
    if last.startswith("[The command's output") and last.endswith("]"):
        return f" · output = json: {last[1:-1]}"
    return ""


class TryIt(Vertical):
    """Form, extra JSON, argv preview, Run / Cancel, and the result as a client sees it."""

    DEFAULT_CSS = """
    TryIt { height: 1fr; }
    TryIt #try-tool { color: $text-primary; text-style: bold; }
    TryIt #try-form { height: auto; max-height: 45%; }
    TryIt #try-form Label { color: $text-muted; margin-top: 0; }
    TryIt #try-form TextArea { height: 3; background: $boost; }
    TryIt #try-args { height: 3; background: $boost; }
    TryIt #try-argv { color: $text-muted; height: auto; }
    TryIt #try-argv.-invalid { color: $text-error; }
    TryIt Horizontal { height: auto; }
    TryIt Button { margin-right: 1; }
    TryIt #try-state { height: auto; color: $text-muted; }
    TryIt #try-state.-error { color: $text-error; }
    TryIt #try-state.-ok { color: $text-success; }
    TryIt #try-state.-stale { color: $text-warning; }
    TryIt #try-result { height: 1fr; min-height: 3; background: $surface; }
    TryIt #try-result.-stale { text-opacity: 55%; }
    TryIt #try-text.-error { color: $text-error; }
    TryIt .result-heading { color: $text-muted; text-style: bold; margin-top: 1; }
    TryIt .result-heading.-none { display: none; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tool: Any = None
        self.config: Any = None
        self.surface: Any = None
        self.config_dir = Path(".")
        self.fields: list[FormField] = []
        self.form_generation = 0
        """Counts rebuilt forms: field ids carry it, since the old fields leave asynchronously."""
        self.running: Any = None
        """The worker of the run in progress (None when idle)."""
        self.result_arguments: dict[str, Any] | None = None
        """The arguments of the run whose result is shown (to tell when the form moved on)."""
        self.result_state = ""
        self.result: dict[str, Any] | None = None
        """The last result shown, exactly as a client gets it (`isError`, `content`,
        `structuredContent`); None when none is shown."""

    def compose(self) -> ComposeResult:
        yield Static(
            "No tool selected: highlight a command that is served as a tool.",
            id="try-tool",
            markup=False,
        )
        yield FormScroll(id="try-form")
        yield Static("More arguments as JSON (merged over the form):", markup=False)
        yield EditorTextArea(
            id="try-args", compact=True, soft_wrap=True, placeholder='{"name": "value"}'
        )
        yield Static("", id="try-argv", markup=False)
        with Horizontal():
            yield Button(
                "Run",
                id="try-run",
                compact=True,
                variant="primary",
                tooltip="Run the CLI with these arguments, as a client's call would (ctrl+r)",
            )
            yield Button(
                "Cancel",
                id="try-cancel",
                compact=True,
                variant="error",
                disabled=True,
                tooltip="Stop the run: the CLI and its children are killed",
            )
        yield Static("", id="try-state", markup=False)
        with VerticalScroll(id="try-result"):
            yield Static("text content", classes="result-heading -none", markup=False)
            yield Static("", id="try-text", markup=False)
            yield Static(
                "structuredContent",
                classes="result-heading -none",
                id="structured-heading",
                markup=False,
            )
            yield Static("", id="try-structured")

    # --- attributes down ---------------------------------------------------------------------

    def show_tool(self, tool: Any, config: Any, surface: Any, config_dir: Path) -> None:
        """The tool to try (None: the highlighted command is not a tool)."""
        changed = (
            tool is None
            or self.tool is None
            or tool.name != self.tool.name
            or tool.input_schema != self.tool.input_schema
        )
        self.tool, self.config, self.surface, self.config_dir = tool, config, surface, config_dir
        title = self.query_one("#try-tool", Static)
        if tool is None:
            title.update("No tool selected: highlight a command that is served as a tool.")
            self.query_one("#try-run", Button).disabled = True
            self._build_form([])
            return
        hints = [label for key, label in HINTS if tool.annotations.get(key)]
        title.update(f"Try {tool.name}" + (f" ({', '.join(hints)})" if hints else ""))
        self.query_one("#try-run", Button).disabled = self.running is not None
        if changed:
            self._build_form(form_fields(tool.input_schema))
            self.query_one("#try-args", EditorTextArea).load_text("")
            self._show_result(None)
            self._state("", None)
        self._show_argv()

    def _build_form(self, fields: list[FormField]) -> None:
        self.fields = fields
        self.form_generation += 1
        form = self.query_one("#try-form", VerticalScroll)
        form.remove_children()
        widgets: list[Widget] = []
        for index, spec in enumerate(fields):
            about = f" — {spec.description}" if spec.description else ""
            widgets.append(Label(f"{spec.label}{about}", markup=False))
            widgets.append(field_widget(spec, self._field_id(index)))
        if widgets:
            form.mount(*widgets)
        self.call_after_refresh(self._show_argv)

    # --- reading the form --------------------------------------------------------------------

    def _field_id(self, index: int) -> str:
        return f"arg-{self.form_generation}-{index}"

    def field_for(self, name: str) -> Widget | None:
        """The form widget of the property `name` (None when the tool has no such property)."""
        index = next((i for i, spec in enumerate(self.fields) if spec.name == name), None)
        found = self.query(f"#{self._field_id(index)}") if index is not None else None
        return found.first() if found else None

    def _raw(self, index: int, spec: FormField) -> Any:
        widgets = self.query(f"#{self._field_id(index)}")
        if not widgets:
            return None
        widget = widgets.first()
        if isinstance(widget, Switch):
            return widget.value
        if isinstance(widget, Select):
            return None if widget.value is Select.NULL else widget.value
        if isinstance(widget, TextArea):
            return widget.text
        if isinstance(widget, Input):
            return widget.value
        return None

    def arguments(self) -> dict[str, Any]:
        """The arguments the form and the extra JSON make (raises ArgumentsInputError)."""
        raws = {spec.name: self._raw(i, spec) for i, spec in enumerate(self.fields)}
        return {
            **form_arguments(self.fields, raws),
            **parse_arguments(self.query_one("#try-args", TextArea).text),
        }

    @on(Input.Changed)
    @on(Switch.Changed)
    @on(Select.Changed)
    @on(TextArea.Changed)
    def _form_changed(self, event: Message) -> None:
        event.stop()
        self._show_argv()
        self._mark_stale()

    def _mark_stale(self) -> None:
        """A result on screen no longer matches the form: say so (once the form really changed)."""
        if self.result is None or self.running is not None or self.result_arguments is None:
            return
        try:
            same = self.arguments() == self.result_arguments
        except ArgumentsInputError:
            same = False
        result = self.query_one("#try-result")
        if result.has_class("-stale") != (not same):
            result.set_class(not same, "-stale")
            state = self.query_one("#try-state", Static)
            state.set_class(not same, "-stale")
            state.update(
                self.result_state
                + (
                    " · stale: the form changed since this run (ctrl+r runs it again)"
                    if not same
                    else ""
                )
            )

    def _show_argv(self) -> None:
        from workbench.model.errors import WorkbenchError
        from workbench.runtime.argv import build_argv

        line = self.query_one("#try-argv", Static)
        if self.tool is None:
            line.update("")
            return
        try:
            argv = build_argv(self.tool.binding, list(self.config.source.command), self.arguments())
        except (ArgumentsInputError, WorkbenchError) as error:
            line.update(f"✗ {error}")
            line.add_class("-invalid")
            return
        except (TypeError, ValueError):  # values of the wrong shape; Run reports them exactly
            line.update(
                "✗ These values do not fit the tool's schema; Run shows what a client would be told."
            )
            line.add_class("-invalid")
            return
        line.remove_class("-invalid")
        line.update("$ " + shlex.join(argv))

    # --- running -----------------------------------------------------------------------------

    def _state(self, text: str, ok: bool | None) -> None:
        state = self.query_one("#try-state", Static)
        state.update(text)
        state.set_class(ok is False, "-error")
        state.set_class(ok is True, "-ok")
        state.remove_class("-stale")

    def _show_result(self, result: dict[str, Any] | None) -> None:
        """The result as a client gets it: the text content as text (red when `isError`), then
        `structuredContent` as JSON."""
        from textual.highlight import highlight

        self.result = result
        self.query_one("#try-result").remove_class("-stale")
        headings = self.query(".result-heading")
        text = self.query_one("#try-text", Static)
        structured = self.query_one("#try-structured", Static)
        if result is None:
            headings.add_class("-none")
            text.update("")
            structured.update("")
            return
        shown = "\n".join(
            part.get("text", "") for part in result["content"] if part.get("type") == "text"
        )
        text.update(clip(shown) or "(no text)")
        text.set_class(bool(result["isError"]), "-error")
        headings.first().remove_class("-none")
        heading = self.query_one("#structured-heading", Static)
        if "structuredContent" in result:
            heading.remove_class("-none")
            structured.update(
                highlight(
                    clip(json.dumps(result["structuredContent"], indent=2, ensure_ascii=False)),
                    language="json",
                )
            )
        else:
            heading.add_class("-none")
            structured.update("")

    @on(Button.Pressed, "#try-run")
    def _run_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.run()

    def run(self) -> None:
        """Run the call the form makes (asks first for a tool that may change things)."""
        if self.tool is None:
            self._state("Nothing to run: highlight a command that is served as a tool.", None)
            return
        if self.running is not None:
            return
        try:
            arguments = self.arguments()
        except ArgumentsInputError as error:
            self._state(f"✗ {error}", False)
            return
        reason = confirm_reason(self.tool.annotations)
        if reason is not None:
            from workbench.tui.screens.confirm_run import ConfirmRun

            tool = self.tool
            self.app.push_screen(
                ConfirmRun(tool.name, arguments, reason),
                lambda go: self._start(tool, arguments) if go else self._state("Not run.", None),
            )
        else:
            self._start(self.tool, arguments)

    def _start(self, tool: Any, arguments: dict[str, Any]) -> None:
        self.result_arguments = arguments
        self._state("running…", None)
        self.query_one("#try-run", Button).disabled = True
        self.query_one("#try-cancel", Button).disabled = False
        self.running = self._run(tool.name, arguments, self.config, self.surface, self.config_dir)

    @on(Button.Pressed, "#try-cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.cancel()

    def cancel(self) -> None:
        """Stop the run in progress: the runtime kills the CLI's process group."""
        if self.running is not None:
            self.running.cancel()

    @work(exclusive=True, group="try-it", exit_on_error=False, description="try-it call")
    async def _run(
        self, name: str, arguments: dict[str, Any], config: Any, surface: Any, config_dir: Path
    ) -> None:
        import asyncio

        from workbench.runtime.calls import ToolRunner
        from workbench.runtime.outcome import CallOutcome

        try:
            outcome = await ToolRunner(config, surface, config_dir).call(name, arguments)
        except asyncio.CancelledError:
            self.post_message(Finished(name, None))  # the runtime killed the child on the way out
            raise
        except Exception as error:  # shown as the result, like a client would see an error
            outcome = CallOutcome(text=f"The call failed: {type(error).__name__}", is_error=True)
        self.post_message(Finished(name, outcome))

    def on_finished(self, message: Finished) -> None:
        self.running = None
        self.query_one("#try-run", Button).disabled = self.tool is None
        self.query_one("#try-cancel", Button).disabled = True
        outcome = message.outcome
        if self.tool is None or message.tool != self.tool.name:  # the user moved on meanwhile
            self._state(
                f"{message.tool} finished; highlight its command again to run it anew.", None
            )
            return
        if outcome is None:
            self._state("Cancelled: the command was stopped, with its child processes.", False)
            self._show_result(None)
            return
        verdict = "isError: true" if outcome.is_error else "ok"
        exit_code = (outcome.structured or {}).get("exit_code")
        shown = f"{verdict} · exit code {exit_code}" if exit_code is not None else verdict
        self.result_state = f"{shown} · {outcome.duration_ms:,} ms" + json_output_hint(
            self.tool, outcome
        )
        self._state(self.result_state, not outcome.is_error)
        result: dict[str, Any] = {
            "isError": outcome.is_error,
            "content": [{"type": "text", "text": outcome.text}],
        }
        if outcome.structured is not None:
            result["structuredContent"] = outcome.structured
        self._show_result(result)
        focused = self.screen.focused
        if focused is None or self in focused.ancestors:
            self.query_one("#try-result").focus()  # the walk's last step: read the result
