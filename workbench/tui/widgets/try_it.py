"""The "Try it" tab: type a tool's arguments, see the command line, run it, and see the result
exactly as an MCP client would (through the runtime's `ToolRunner.call`, the one call path
`serve` uses). A destructive tool asks first.

Attributes down: `show_tool(tool, config, surface, config_dir)`. The run happens in a worker that
posts `Finished`; only the handler touches widgets.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Static, TextArea

from workbench.tui.try_args import ArgumentsInputError, parse_arguments, starting_arguments
from workbench.tui.widgets.code_view import CodeView


HINTS = (("readOnlyHint", "read-only"), ("destructiveHint", "destructive: asks before running"))


@dataclass
class Finished(Message):
    """A run finished (or could not start); `outcome` is the runtime's CallOutcome."""

    tool: str
    outcome: Any


class TryIt(Vertical):
    """Arguments editor, argv preview, Run, and the result as a client sees it."""

    DEFAULT_CSS = """
    TryIt { height: 1fr; }
    TryIt #try-tool { color: $text-primary; text-style: bold; }
    TryIt #try-args { height: 7; background: $boost; }
    TryIt #try-argv { color: $text-muted; height: auto; }
    TryIt #try-argv.-invalid { color: $text-error; }
    TryIt Horizontal { height: auto; }
    TryIt #try-state { padding: 0 1; color: $text-muted; }
    TryIt #try-state.-error { color: $text-error; }
    TryIt #try-state.-ok { color: $text-success; }
    TryIt #view-try { height: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tool: Any = None
        self.config: Any = None
        self.surface: Any = None
        self.config_dir = Path(".")

    def compose(self) -> ComposeResult:
        yield Static("No tool selected: highlight a command that is served as a tool.", id="try-tool", markup=False)
        yield TextArea(id="try-args", compact=True, soft_wrap=True, placeholder='{"name": "value"}')
        yield Static("", id="try-argv", markup=False)
        with Horizontal():
            yield Button("Run", id="try-run", compact=True, variant="primary",
                         tooltip="Run the CLI with these arguments, as a client's call would")
            yield Static("", id="try-state", markup=False)
        yield CodeView(id="view-try")

    # --- attributes down ---------------------------------------------------------------------

    def show_tool(self, tool: Any, config: Any, surface: Any, config_dir: Path) -> None:
        """The tool to try (None: the highlighted command is not a tool)."""
        changed = tool is None or self.tool is None or tool.name != self.tool.name
        self.tool, self.config, self.surface, self.config_dir = tool, config, surface, config_dir
        title = self.query_one("#try-tool", Static)
        if tool is None:
            title.update("No tool selected: highlight a command that is served as a tool.")
            self.query_one("#try-run", Button).disabled = True
            return
        hints = [label for key, label in HINTS if tool.annotations.get(key)]
        title.update(f"Try {tool.name}" + (f" ({', '.join(hints)})" if hints else ""))
        self.query_one("#try-run", Button).disabled = False
        if changed:
            self.query_one("#try-args", TextArea).load_text(starting_arguments(tool.input_schema))
            self.query_one("#view-try", CodeView).show("", "text")
            self._state("", None)
        self._show_argv()

    # --- argv preview ------------------------------------------------------------------------

    @on(TextArea.Changed, "#try-args")
    def _args_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        self._show_argv()

    def _arguments(self) -> dict[str, Any]:
        return parse_arguments(self.query_one("#try-args", TextArea).text)

    def _show_argv(self) -> None:
        from workbench.model.errors import WorkbenchError
        from workbench.runtime.argv import build_argv

        line = self.query_one("#try-argv", Static)
        if self.tool is None:
            line.update("")
            return
        try:
            argv = build_argv(self.tool.binding, list(self.config.source.command), self._arguments())
        except (ArgumentsInputError, WorkbenchError) as error:
            line.update(f"✗ {error}")
            line.add_class("-invalid")
            return
        except (TypeError, ValueError):  # values of the wrong shape; Run reports them exactly
            line.update("✗ These values do not fit the tool's schema; Run shows what a client would be told.")
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

    @on(Button.Pressed, "#try-run")
    def _run_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.tool is None:
            return
        try:
            arguments = self._arguments()
        except ArgumentsInputError as error:
            self._state(f"✗ {error}", False)
            return
        if self.tool.annotations.get("destructiveHint"):
            from workbench.tui.screens.confirm_run import ConfirmRun

            tool = self.tool
            self.app.push_screen(ConfirmRun(tool.name, arguments),
                                 lambda go: self._start(tool, arguments) if go else self._state("Not run.", None))
        else:
            self._start(self.tool, arguments)

    def _start(self, tool: Any, arguments: dict[str, Any]) -> None:
        self._state("running…", None)
        self._run(tool.name, arguments, self.config, self.surface, self.config_dir)

    @work(exclusive=True, group="try-it", exit_on_error=False, description="try-it call")
    async def _run(self, name: str, arguments: dict[str, Any], config: Any, surface: Any, config_dir: Path) -> None:
        from workbench.runtime.calls import ToolRunner
        from workbench.runtime.outcome import CallOutcome

        try:
            outcome = await ToolRunner(config, surface, config_dir).call(name, arguments)
        except Exception as error:  # shown as the result, like a client would see an error
            outcome = CallOutcome(text=f"The call failed: {type(error).__name__}: {error}", is_error=True)
        self.post_message(Finished(name, outcome))

    def on_finished(self, message: Finished) -> None:
        outcome = message.outcome
        verdict = "isError: true" if outcome.is_error else "ok"
        self._state(f"{verdict} · {outcome.duration_ms} ms", not outcome.is_error)
        result: dict[str, Any] = {"isError": outcome.is_error, "content": [{"type": "text", "text": outcome.text}]}
        if outcome.structured is not None:
            result["structuredContent"] = outcome.structured
        text = json.dumps(result, indent=2, ensure_ascii=False) + "\n"
        self.query_one("#view-try", CodeView).show(text, "json")
