"""The selectors editor (F3 or the palette): the ordered selector list with add, edit, delete
and move up/down, each selector's command globs and flag patterns as inputs, and beside them,
live as you type, the commands each selector claims (first match wins) and the ones none claims.

Claims use the surface's compiled selectors (`selectors_text.claims`) over the commands that
pass the filters, so they agree with the tool list. Every change is one undoable edit through
the main screen's `apply_edit`; a change that would break the surface is refused with the reason.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Label, OptionList, Static

from workbench.model.config import Config, Selector
from workbench.tui.messages import EditRequested
from workbench.tui.screens.editor_screen import ReorderingEditor
from workbench.tui.selectors_text import (
    PATTERN_FIELDS,
    SelectorsInputError,
    claims,
    claims_text,
    field_text,
    selector_from_fields,
    selector_label,
    selector_warnings,
)
from workbench.tui.widgets.code_view import CodeView
from workbench.tui.widgets.form_state import show_state
from workbench.tui.widgets.keyboard import FormScroll


class SelectorsEditor(ReorderingEditor):
    """List + form on the left; the live claims on the right."""

    DEFAULT_CSS = """
    SelectorsEditor #selector-list { height: 8; }
    SelectorsEditor Input { margin-bottom: 0; }
    SelectorsEditor #selector-claims { height: 1fr; }
    """

    @property
    def statuses(self) -> dict:
        return self.main.quick.statuses if self.main.quick is not None else {}

    def compose(self) -> ComposeResult:
        with Horizontal(id="selectors-panes", classes="panes"):
            with FormScroll(id="selectors-left", classes="pane"):
                yield Label("Selectors, in priority order")
                yield Static(
                    "A command becomes a tool when a selector's glob matches its path; the first "
                    "match wins. No selectors: every command that passes the filters.",
                    classes="hint",
                    markup=False,
                )
                yield OptionList(id="selector-list", compact=True)
                with Horizontal():
                    yield Button("▲ Up", id="selector-up", compact=True)
                    yield Button("▼ Down", id="selector-down", compact=True)
                    yield Button(
                        "Delete selected", id="delete-selector", compact=True, variant="error"
                    )
                for key, label, example in PATTERN_FIELDS:
                    yield Label(label.capitalize())
                    yield Input(
                        placeholder=example, id=f"field-{key.replace('_', '-')}", compact=True
                    )
                with Horizontal():
                    yield Button("Add selector", id="add-selector", compact=True, variant="primary")
                    yield Button("Apply to selected", id="apply-selector", compact=True)
                yield Static("", id="selector-state", classes="state", markup=False)
            with Vertical(id="selectors-right", classes="pane"):
                yield Label("Claims (live)")
                yield CodeView(id="selector-claims")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_list()
        self.query_one("#selector-list", OptionList).focus()

    # --- state → widgets ---------------------------------------------------------------------

    def refresh_list(self, highlight: int | None = None) -> None:
        selectors = self.config.selectors
        counts = [len(c) for c in claims(self.config, self.statuses).claimed]
        options = self.query_one("#selector-list", OptionList)
        keep = options.highlighted if highlight is None else highlight
        options.clear_options()
        options.add_options(
            [selector_label(n, s, c) for n, (s, c) in enumerate(zip(selectors, counts), 1)]
        )
        if selectors:
            options.highlighted = max(0, min(keep or 0, len(selectors) - 1))
        self._show_claims(self.config)

    def _show_claims(self, config: Config) -> None:
        self.query_one("#selector-claims", CodeView).show(
            claims_text(config, self.statuses), "text"
        )

    def _state(self, text: str, valid: bool | None, *, warning: bool = False) -> None:
        show_state(self.query_one("#selector-state", Static), text, valid, warning=warning)

    def refused(self, problem: str) -> None:
        self._state(f"✗ Not applied: {problem}", False)

    def _selected(self) -> int | None:
        index = self.query_one("#selector-list", OptionList).highlighted
        return index if index is not None and 0 <= index < len(self.config.selectors) else None

    def _typed(self) -> Selector:
        values = {
            key: self.query_one(f"#field-{key.replace('_', '-')}", Input).value
            for key, _, _ in PATTERN_FIELDS
        }
        return selector_from_fields(values)

    # --- editing -----------------------------------------------------------------------------

    def _set(
        self,
        selectors: list[Selector],
        done: str,
        highlight: int | None = None,
        check: int | None = None,
    ) -> bool:
        """Apply `selectors`; `check` is the index of the added or changed one, whose surprises
        (claims nothing, a flag pattern that matches no flag) are said instead of a ✓."""
        warnings: list[str] = []
        if check is not None:
            candidate = self.config.model_copy(update={"selectors": selectors})
            claimed = claims(candidate, self.statuses).claimed[check]
            warnings = selector_warnings(self.main.workspace.tree, selectors[check], claimed)
        if not self.main.apply_edit(
            EditRequested(self, lambda ws: ws.set_selectors(selectors), self.refused)
        ):
            return False
        if warnings:
            self._state(f"⚠ {done} But " + "; ".join(warnings) + ".", None, warning=True)
        else:
            self._state(f"✓ {done}", True)
        self.refresh_list(highlight)
        return True

    @on(OptionList.OptionHighlighted, "#selector-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        selectors = self.config.selectors
        if 0 <= event.option_index < len(selectors):
            for key, _, _ in PATTERN_FIELDS:
                self.query_one(f"#field-{key.replace('_', '-')}", Input).value = field_text(
                    selectors[event.option_index], key
                )

    @on(Input.Changed)
    def _field_changed(self, event: Input.Changed) -> None:
        """Live: the claims as they would be with the typed selector in place of the selected
        one (or added last, when nothing is selected)."""
        event.stop()
        try:
            typed = self._typed()
        except SelectorsInputError as error:
            self._state(f"✗ {error}", False)
            self._show_claims(self.config)
            return
        selectors = list(self.config.selectors)
        index = self._selected()
        if index is None:
            selectors.append(typed)
        elif selectors[index] != typed:
            selectors[index] = typed
        else:
            self._state("", None)
            self._show_claims(self.config)
            return
        self._state(
            "Not applied yet: Add or Apply to use it. Claims on the right are with it.", None
        )
        self._show_claims(self.config.model_copy(update={"selectors": selectors}))

    @on(Button.Pressed, "#add-selector")
    def _add(self, event: Button.Pressed) -> None:
        event.stop()
        try:
            typed = self._typed()
        except SelectorsInputError as error:
            self.refused(str(error))
            return
        selectors = [*self.config.selectors, typed]
        self._set(
            selectors,
            f"Added selector {len(selectors)}.",
            highlight=len(selectors) - 1,
            check=len(selectors) - 1,
        )

    @on(Button.Pressed, "#apply-selector")
    def _apply(self, event: Button.Pressed) -> None:
        event.stop()
        index = self._selected()
        if index is None:
            self._state("✗ Select a selector in the list first (or add one).", False)
            return
        try:
            typed = self._typed()
        except SelectorsInputError as error:
            self.refused(str(error))
            return
        selectors = list(self.config.selectors)
        selectors[index] = typed
        self._set(selectors, f"Changed selector {index + 1}.", check=index)

    @on(Button.Pressed, "#delete-selector")
    def _delete(self, event: Button.Pressed) -> None:
        event.stop()
        index = self._selected()
        if index is None:
            self._state("✗ Select a selector in the list first.", False)
            return
        selectors = list(self.config.selectors)
        selectors.pop(index)
        self._set(selectors, f"Deleted selector {index + 1}.")

    def _move(self, step: int) -> None:
        index = self._selected()
        if index is None:
            return
        target = index + step
        if not 0 <= target < len(self.config.selectors):
            return
        selectors = list(self.config.selectors)
        selectors.insert(target, selectors.pop(index))
        self._set(selectors, f"Selector {index + 1} is now number {target + 1}.", highlight=target)

    @on(Button.Pressed, "#selector-up, #selector-down")
    def _up_or_down(self, event: Button.Pressed) -> None:
        event.stop()
        self._move(-1 if event.button.id == "selector-up" else 1)

    def action_undo(self) -> None:
        self.main.action_undo()
        self.refresh_list()

    def action_close(self) -> None:
        self.dismiss()
