"""The prompt editor (F4 or the palette): persona, your sections, variables and the tool order.

Every change goes through the main screen's `apply_edit` (one undo entry each, ctrl+z on the
main screen reverts it). A change is first rendered with the surface's own `render_prompt`:
when it cannot render (an unknown `{{variable}}`, a built-in section name…) the error is shown
inline, naming the section, and nothing is applied. The rendered prompt is shown live.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Label, OptionList, Static, TextArea

from workbench.model.config import REST_ENTRY, Config, PromptSection
from workbench.tui import prompt_edit
from workbench.tui.messages import EditRequested
from workbench.tui.screens.editor_screen import ReorderingEditor
from workbench.tui.widgets.form_state import show_state
from workbench.tui.widgets.keyboard import EditorTextArea, FormScroll


def _with_prompt(config: Config, **changes: Any) -> Config:
    """A candidate config: `config` with some `prompt` fields replaced (for the check)."""
    return config.model_copy(update={"prompt": config.prompt.model_copy(update=changes)})


def _listed(title: str, list_id: str, hint: str) -> ComposeResult:
    """A list's title, its hint and the list itself (the sections and the variables alike)."""
    yield Label(title)
    yield Static(hint, classes="hint", markup=False)
    yield OptionList(id=list_id, compact=True)


class PromptEditor(ReorderingEditor):
    """Persona and sections on the left; tool order and the rendered prompt on the right."""

    DEFAULT_CSS = """
    PromptEditor TextArea { height: 5; background: $boost; }
    PromptEditor OptionList { height: 6; }
    PromptEditor #tool-order { height: 1fr; max-height: 14; }
    PromptEditor Input { width: 1fr; }
    PromptEditor #section-order { width: 12; }
    PromptEditor #prompt-rendered { height: 1fr; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal(id="prompt-panes", classes="panes"):
            with FormScroll(id="prompt-left", classes="pane"):
                yield Label("Persona (deployment:persona, order 0)")
                yield EditorTextArea(id="persona", compact=True, soft_wrap=True)
                yield Button("Apply persona", id="apply-persona", compact=True, variant="primary")
                yield from _listed(
                    "Your sections",
                    "sections",
                    "Sorted by order; built-ins: identity -100, persona 0, tool guidance 100.",
                )
                with Horizontal():
                    yield Input(placeholder="section name", id="section-name", compact=True)
                    yield Input(
                        placeholder="order", id="section-order", type="integer", compact=True
                    )
                yield EditorTextArea(id="section-text", compact=True, soft_wrap=True)
                with Horizontal():
                    yield Button("Add section", id="add-section", compact=True, variant="primary")
                    yield Button("Apply to selected", id="apply-section", compact=True)
                    yield Button(
                        "Delete selected", id="delete-section", compact=True, variant="error"
                    )
                yield from _listed(
                    "Variables",
                    "variables",
                    "Use {{name}} in any section; cli, cwd and tool_count are built in.",
                )
                with Horizontal():
                    yield Input(placeholder="name", id="variable-name", compact=True)
                    yield Input(placeholder="value", id="variable-value", compact=True)
                with Horizontal():
                    yield Button("Set variable", id="set-variable", compact=True, variant="primary")
                    yield Button(
                        "Delete variable", id="delete-variable", compact=True, variant="error"
                    )
            with Vertical(id="prompt-right", classes="pane"):
                yield Label("Tool order")
                yield Static(
                    f"As the model sees the tools; {REST_ENTRY} stands for every tool not listed.",
                    classes="hint",
                    markup=False,
                )
                yield OptionList(id="tool-order", compact=True)
                with Horizontal():
                    yield Button("▲ Up", id="order-up", compact=True)
                    yield Button("▼ Down", id="order-down", compact=True)
                    yield Button(
                        "By name",
                        id="order-reset",
                        compact=True,
                        tooltip="Remove prompt.tool_order: tools by name",
                    )
                yield Static("", id="prompt-state", classes="state", markup=False)
                yield Label("The prompt as served (MCP instructions)")
                yield EditorTextArea(
                    id="prompt-rendered", read_only=True, soft_wrap=True, compact=True
                )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#persona", TextArea).load_text(self.config.prompt.persona)
        self.refresh_lists()
        self.query_one("#sections", OptionList).focus()

    # --- state → widgets ---------------------------------------------------------------------

    def refresh_lists(self) -> None:
        """Show the config's sections, variables, tool order and rendered prompt."""
        prompt = self.config.prompt
        self._fill("#sections", [f"{s.order:>5}  {s.name}" for s in prompt.sections])
        self._fill("#variables", [f"{name} = {value}" for name, value in prompt.variables.items()])
        self._fill("#tool-order", self._order())
        self._show_rendered()

    def _fill(self, selector: str, prompts: list[str]) -> None:
        options = self.query_one(selector, OptionList)
        keep = options.highlighted
        options.clear_options()
        options.add_options(prompts)
        if prompts:
            options.highlighted = min(keep or 0, len(prompts) - 1)

    def _order(self) -> list[str]:
        return prompt_edit.order_entries(self.config, [t.name for t in self.main.tools])

    def _show_rendered(self) -> None:
        try:
            text = prompt_edit.render(self.config, self.main.workspace.tree, self.main.tools)
        except Exception as error:  # the config as it is cannot render: say so, where
            text = f"(the prompt cannot render: {error})"
        area = self.query_one("#prompt-rendered", TextArea)
        if area.text != text:
            area.load_text(text)

    def _state(self, text: str, valid: bool | None) -> None:
        show_state(self.query_one("#prompt-state", Static), text, valid)

    def refused(self, problem: str) -> None:
        self._state(f"✗ Not applied: {problem}", False)

    # --- applying ----------------------------------------------------------------------------

    def _apply(self, candidate: Config, apply: Any, done: str) -> bool:
        """Check `candidate` renders, then apply; otherwise show why, inline."""
        problem = prompt_edit.problem(candidate, self.main.workspace.tree, self.main.tools)
        if problem is not None:
            self.refused(problem)
            return False
        if not self.main.apply_edit(EditRequested(self, apply, self.refused)):
            return False
        self._state(f"✓ {done}", True)
        self.refresh_lists()
        return True

    @on(Button.Pressed, "#apply-persona")
    def _apply_persona(self, event: Button.Pressed) -> None:
        event.stop()
        text = self.query_one("#persona", TextArea).text
        self._apply(
            _with_prompt(self.config, persona=text.strip()),
            lambda ws: ws.set_persona(text),
            "Persona applied.",
        )

    # --- sections ----------------------------------------------------------------------------

    def _typed_section(self) -> PromptSection | None:
        name = self.query_one("#section-name", Input).value.strip()
        order = self.query_one("#section-order", Input).value.strip()
        if not name:
            self._state("✗ Give the section a name first.", False)
            return None
        try:
            number = int(order) if order else 0
        except ValueError:
            self._state("✗ The order must be a whole number, such as 50.", False)
            return None
        return PromptSection(
            name=name, order=number, text=self.query_one("#section-text", TextArea).text
        )

    def _selected(self, selector: str) -> int | None:
        index = self.query_one(selector, OptionList).highlighted
        return index if index is not None and index >= 0 else None

    def _set_sections(self, sections: list[PromptSection], done: str) -> bool:
        return self._apply(
            _with_prompt(self.config, sections=sections),
            lambda ws: ws.set_prompt_sections(sections, label=done.rstrip(".").lower()),
            done,
        )

    @on(OptionList.OptionHighlighted, "#sections")
    def _section_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        sections = self.config.prompt.sections
        if 0 <= event.option_index < len(sections):
            section = sections[event.option_index]
            self.query_one("#section-name", Input).value = section.name
            self.query_one("#section-order", Input).value = str(section.order)
            area = self.query_one("#section-text", TextArea)
            if area.text != section.text:
                area.load_text(section.text)

    @on(Button.Pressed, "#add-section")
    def _add_section(self, event: Button.Pressed) -> None:
        event.stop()
        section = self._typed_section()
        if section is not None and self._set_sections(
            [*self.config.prompt.sections, section], f"Added section {section.name}."
        ):
            self.query_one("#sections", OptionList).highlighted = (
                len(self.config.prompt.sections) - 1
            )

    @on(Button.Pressed, "#apply-section")
    def _apply_section(self, event: Button.Pressed) -> None:
        event.stop()
        index = self._selected("#sections")
        if index is None or index >= len(self.config.prompt.sections):
            self._state("✗ Select a section in the list first (or add one).", False)
            return
        section = self._typed_section()
        if section is not None:
            sections = list(self.config.prompt.sections)
            sections[index] = section
            self._set_sections(sections, f"Changed section {section.name}.")

    @on(Button.Pressed, "#delete-section")
    def _delete_section(self, event: Button.Pressed) -> None:
        event.stop()
        index = self._selected("#sections")
        if index is None or index >= len(self.config.prompt.sections):
            self._state("✗ Select a section in the list first.", False)
            return
        sections = list(self.config.prompt.sections)
        gone = sections.pop(index)
        self._set_sections(sections, f"Deleted section {gone.name}.")

    @on(TextArea.Changed, "#section-text")
    def _section_typed(self, event: TextArea.Changed) -> None:
        """Check the typed text as it would render in the selected (or a new) section."""
        event.stop()
        name = self.query_one("#section-name", Input).value.strip() or "(new section)"
        sections = list(self.config.prompt.sections)
        index = self._selected("#sections")
        typed = PromptSection(name=name, text=event.text_area.text)
        if index is not None and index < len(sections) and sections[index].name == name:
            sections[index] = typed.model_copy(update={"order": sections[index].order})
        else:
            sections.append(typed)
        problem = prompt_edit.problem(
            _with_prompt(self.config, sections=sections), self.main.workspace.tree, self.main.tools
        )
        self._state(f"✗ {problem}" if problem else "", False if problem else None)

    # --- variables ---------------------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#variables")
    def _variable_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        items = list(self.config.prompt.variables.items())
        if 0 <= event.option_index < len(items):
            self.query_one("#variable-name", Input).value = items[event.option_index][0]
            self.query_one("#variable-value", Input).value = items[event.option_index][1]

    @on(Button.Pressed, "#set-variable")
    def _set_variable(self, event: Button.Pressed) -> None:
        event.stop()
        name = self.query_one("#variable-name", Input).value.strip()
        if not name:
            self._state("✗ Give the variable a name first.", False)
            return
        variables = {
            **self.config.prompt.variables,
            name: self.query_one("#variable-value", Input).value,
        }
        self._apply(
            _with_prompt(self.config, variables=variables),
            lambda ws: ws.set_prompt_variables(variables, label=f"variable {name}"),
            f"Set {name}.",
        )

    @on(Button.Pressed, "#delete-variable")
    def _delete_variable(self, event: Button.Pressed) -> None:
        event.stop()
        name = self.query_one("#variable-name", Input).value.strip()
        if name not in self.config.prompt.variables:
            self._state("✗ Select a variable in the list first.", False)
            return
        variables = {k: v for k, v in self.config.prompt.variables.items() if k != name}
        self._apply(
            _with_prompt(self.config, variables=variables),
            lambda ws: ws.set_prompt_variables(variables, label=f"delete variable {name}"),
            f"Deleted {name}.",
        )

    # --- tool order --------------------------------------------------------------------------

    def _move(self, step: int) -> None:
        index = self._selected("#tool-order")
        entries = self._order()
        if index is None or not entries:
            return
        order = prompt_edit.moved(entries, index, step)
        if order == entries and self.config.prompt.tool_order is not None:
            return
        if self._apply(
            _with_prompt(self.config, tool_order=order),
            lambda ws: ws.set_tool_order(order),
            f"Moved {entries[index]}.",
        ):
            self.query_one("#tool-order", OptionList).highlighted = order.index(entries[index])

    @on(Button.Pressed, "#order-up, #order-down")
    def _up_or_down(self, event: Button.Pressed) -> None:
        event.stop()
        self._move(-1 if event.button.id == "order-up" else 1)

    @on(Button.Pressed, "#order-reset")
    def _reset_order(self, event: Button.Pressed) -> None:
        event.stop()
        if self.config.prompt.tool_order is not None:
            self._apply(
                _with_prompt(self.config, tool_order=None),
                lambda ws: ws.set_tool_order(None),
                "Tools are ordered by name.",
            )

    def action_undo(self) -> None:
        self.main.action_undo()
        self.query_one("#persona", TextArea).load_text(self.config.prompt.persona)
        self.refresh_lists()

    def action_close(self) -> None:
        self.dismiss()
