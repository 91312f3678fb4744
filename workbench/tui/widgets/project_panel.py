"""Project-wide choices, shown when the tree's root is highlighted: the MCP server name, the
tool name prefix, the global description mode, the exposure at connect (SPEC §5b: every tool, or
the always-loaded ones plus the search and call tools; the Connect tab shows what the model then
sees and its cost) and the prompt's persona.

Like the inspector: `show(config, root_name)` fills it, every change posts one `EditRequested`,
and values equal to the model's (which loading the form produces) are ignored.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, TextArea

from workbench.model.config import Config
from workbench.tui.messages import EditRequested
from workbench.tui.widgets.keyboard import EditorTextArea
from workbench.tui.widgets.typed_fields import TypedFields

EXPOSURE_OPTIONS = [("all tools", "all"), ("search", "search")]


class ProjectPanel(Vertical):
    """The `[server]`, `[tools]` and `[prompt] persona` settings."""

    DEFAULT_CSS = """
    ProjectPanel { height: auto; border-bottom: hkey $border-blurred; padding-bottom: 1; }
    ProjectPanel.-hidden { display: none; }
    ProjectPanel .heading { color: $text-primary; text-style: bold; }
    ProjectPanel .setting { height: 1; margin-top: 1; }
    ProjectPanel .setting Label { width: 18; padding: 0; }
    ProjectPanel .setting Input { width: 1fr; }
    ProjectPanel #global-mode, ProjectPanel #exposure { width: 20; }
    ProjectPanel #persona { height: 4; margin-top: 1; background: $boost; }
    ProjectPanel Button { margin-top: 1; min-width: 10; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config: Config | None = None
        self.root_name = ""
        self.typed = TypedFields()

    def compose(self) -> ComposeResult:
        yield Label("Project (the whole server)", classes="heading")
        with Horizontal(classes="setting"):
            yield Label("server name")
            yield Input(id="server-name", compact=True, placeholder="enter to apply")
        with Horizontal(classes="setting"):
            yield Label("tool prefix")
            yield Input(
                id="prefix", compact=True, placeholder="enter to apply; empty = root command"
            )
        with Horizontal(classes="setting"):
            yield Label("description mode")
            yield Select(
                [("long", "long"), ("short", "short")],
                allow_blank=False,
                value="long",
                id="global-mode",
                compact=True,
                tooltip="Which CLI text describes tools that do not choose their own",
            )
        with Horizontal(classes="setting"):
            yield Label("exposure")
            yield Select(
                EXPOSURE_OPTIONS,
                allow_blank=False,
                value="all",
                id="exposure",
                compact=True,
                tooltip="What tools/list shows at connect; the Connect tab shows it and its cost",
            )
        yield EditorTextArea(
            id="persona",
            compact=True,
            soft_wrap=True,
            placeholder="Persona: the prompt's deployment section, e.g. You are the release assistant.",
        )
        yield Button(
            "Apply persona",
            id="apply-persona",
            compact=True,
            variant="primary",
            tooltip="Use the text above as the prompt's persona section",
        )

    def show(self, config: Config, root_name: str) -> None:
        self.config, self.root_name = config, root_name
        self.typed.load(self.query_one("#server-name", Input), config.server.name)
        self.typed.load(self.query_one("#prefix", Input), config.tools.prefix or "")
        self.query_one("#prefix", Input).placeholder = f"enter to apply; empty = {root_name}"
        self.query_one("#global-mode", Select).value = config.tools.description_mode.value
        self.query_one("#exposure", Select).value = config.tools.exposure
        self.typed.load(self.query_one("#persona", TextArea), config.prompt.persona)

    def _edit(self, apply) -> None:
        self.post_message(
            EditRequested(
                self,
                apply,
                refused=lambda problem: self.notify(
                    f"Not applied: {problem}", severity="error", timeout=8, markup=False
                ),
            )
        )

    @on(Input.Submitted, "#server-name")
    def _server_name(self, event: Input.Submitted) -> None:
        event.stop()
        if (
            self.config is not None
            and event.value.strip()
            and event.value.strip() != self.config.server.name
        ):
            name = event.value
            self._edit(lambda ws: ws.set_server_name(name))

    @on(Input.Submitted, "#prefix")
    def _prefix(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip() or None
        if self.config is not None and value != self.config.tools.prefix:
            self._edit(lambda ws: ws.set_prefix(value))

    @on(Select.Changed, "#global-mode")
    def _mode(self, event: Select.Changed) -> None:
        event.stop()
        if self.config is not None and event.value != self.config.tools.description_mode.value:
            mode = str(event.value)
            self._edit(lambda ws: ws.set_global_description_mode(mode))

    @on(Select.Changed, "#exposure")
    def _exposure(self, event: Select.Changed) -> None:
        event.stop()
        if self.config is not None and event.value != self.config.tools.exposure:
            exposure = str(event.value)
            self._edit(lambda ws: ws.set_exposure(exposure))

    @on(Button.Pressed, "#apply-persona")
    def _persona(self, event: Button.Pressed) -> None:
        event.stop()
        text = self.query_one("#persona", TextArea).text.strip()
        if self.config is not None and text != self.config.prompt.persona:
            self._edit(lambda ws: ws.set_persona(text))
