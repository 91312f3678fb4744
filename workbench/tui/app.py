"""The workbench App: themes, settings, loading the TARGET in a worker, quit confirmation.

`make_app(...)` builds the app with its state injected (a ready Workspace for tests, or an
OpenRequest the app loads in a thread worker while a spinner shows progress); there is no
module-level mutable state. `run_app(args)` is what `mcp-workbench [TARGET]` calls.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App, SystemCommand
from textual.message import Message
from textual.theme import Theme

from workbench.model.errors import LoadError, WorkbenchError
from workbench.tui.bindings import APP_BINDINGS
from workbench.tui.loading import (
    Opened,
    OpenRequest,
    StartUpCollectorPause,
    check_request,
    first_marks,
    open_workspace,
    request_of,
    unexpected_failure,
)
from workbench.tui.screens.loading import LoadingScreen
from workbench.tui.screens.main import MainScreen
from workbench.tui.screens.quit_confirm import QuitChoice, QuitConfirm
from workbench.tui.settings import DEFAULT_THEME, Settings, user_config_dir
from workbench.tui.themes import load_all_themes
from workbench.tui.workspace import Workspace

if TYPE_CHECKING:
    from workbench.tui.forked_load import ForkedLoad

FALLBACK_THEME = "textual-dark"


@dataclass
class LoadProgress(Message):
    text: str


@dataclass
class LoadFinished(Message):
    opened: Opened
    marks: dict | None = None
    """The tree's first marks (`first_marks`), chosen in the loading worker while the spinner
    shows; None when they could not be (the first surface then says why)."""


@dataclass
class LoadFailed(Message):
    error: str


class WorkbenchApp(App[None]):
    """The terminal workbench."""

    TITLE = "mcp-workbench"
    CSS_PATH = "app.tcss"
    BINDINGS = APP_BINDINGS

    def __init__(
        self,
        *,
        request: OpenRequest | None = None,
        workspace: Workspace | None = None,
        config_dir: Path | None = None,
        theme: str | None = None,
        collector: StartUpCollectorPause | None = None,
        forked_load: ForkedLoad | None = None,
    ) -> None:
        super().__init__()
        self.start_up_collector = collector
        self.forked_load = forked_load
        """The request loading in a child process since before the TUI's imports, if it is."""
        self.request = request or OpenRequest()
        self.initial_workspace = workspace
        self.config_dir = config_dir or user_config_dir()
        self.settings_file = self.config_dir / "settings.toml"
        self.settings = Settings.load(self.settings_file)
        self.requested_theme = theme
        self.load_error: str | None = None

    # --- themes ------------------------------------------------------------------------------

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The app's own colours, derived from the theme when it does not set them."""
        theme = self.current_theme
        return {
            "wb-exposed": theme.success or theme.primary,
            "wb-filtered": theme.secondary or theme.primary,
            "wb-lint": theme.warning or theme.accent or theme.primary,
            "wb-focus": theme.accent or theme.primary,
        }

    def _install_themes(self) -> None:
        loaded = load_all_themes(self.config_dir / "themes")
        for theme in loaded.themes.values():
            self.register_theme(theme)
        for failure in loaded.failures:
            self.notify(
                failure, title="Theme not loaded", severity="warning", timeout=10, markup=False
            )
        wanted = self.requested_theme or self.settings.theme
        if wanted not in self.available_themes:
            if wanted != DEFAULT_THEME:
                self.notify(
                    f"Theme `{wanted}` is not available; using the default.",
                    severity="warning",
                    markup=False,
                )
            wanted = DEFAULT_THEME if DEFAULT_THEME in self.available_themes else FALLBACK_THEME
        self.theme = wanted
        self.theme_changed_signal.subscribe(self, self._remember_theme)

    def _remember_theme(self, theme: Theme) -> None:
        if theme.name == self.settings.theme or self.requested_theme:
            return
        self.settings.theme = theme.name
        problem = self.settings.save(self.settings_file)
        if problem:
            self.notify(problem, severity="warning", markup=False)

    # --- loading -----------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._install_themes()
        if self.initial_workspace is not None:
            self.push_screen(MainScreen(self.initial_workspace))
        else:
            self.push_screen(LoadingScreen(self.request.label))
            self._load(self.request)

    @work(
        thread=True,
        exclusive=True,
        group="load",
        exit_on_error=False,
        description="load the target",
    )
    def _load(self, request: OpenRequest) -> None:
        def progress(text: str) -> None:
            self.post_message(LoadProgress(text))

        try:
            if self.forked_load is not None and self.forked_load.request == request:
                opened = self.forked_load.opened(progress)
            else:
                opened = open_workspace(request, progress=progress)
        except Exception as error:  # never a traceback for the user
            if self.forked_load is not None and self.forked_load.cancelled:
                return  # the user quit while it loaded: nothing failed
            if isinstance(error, WorkbenchError):
                self.post_message(LoadFailed(str(error)))
            else:
                self.post_message(LoadFailed(unexpected_failure(request, error)))
            return
        self.post_message(LoadFinished(opened, first_marks(opened.workspace)))

    def exit(self, result: None = None, return_code: int = 0, message: Any = None) -> None:
        """Leave the app; a forked load still under way is ended first, so leaving does not
        wait for it (the loading worker's thread is joined when the app's loop closes)."""
        if self.forked_load is not None:
            self.forked_load.close()
        super().exit(result, return_code, message)

    def first_frame_painted(self) -> None:
        """The main screen's first frame is on the terminal: opening is over (the collector
        paused for it resumes)."""
        if self.start_up_collector is not None:
            self.start_up_collector.resume()

    def on_load_progress(self, message: LoadProgress) -> None:
        if isinstance(self.screen, LoadingScreen):
            self.screen.show_progress(message.text)

    def on_load_finished(self, message: LoadFinished) -> None:
        self.switch_screen(MainScreen(message.opened.workspace, message.marks))  # type: ignore[arg-type]
        for notice in message.opened.notices:
            self.notify(notice, severity="warning", timeout=10, markup=False)

    def on_load_failed(self, message: LoadFailed) -> None:
        self.load_error = message.error
        self.exit(return_code=2)

    def get_system_commands(self, screen):
        for command in super().get_system_commands(screen):
            if (
                command.title != "Screenshot"
            ):  # Textual's saves to a Downloads folder that may not exist
                yield command
        yield SystemCommand(
            "Screenshot",
            "Save an SVG of the screen next to mcp.toml (says where)",
            lambda: self.set_timer(0.1, self.save_screen_svg),
        )
        if isinstance(screen, MainScreen):
            yield SystemCommand("Save", "Write mcp.toml (ctrl+s)", screen.save)
            yield SystemCommand("Undo", "Undo the last change (ctrl+z)", screen.action_undo)
        yield SystemCommand("Help", "Keys and what each pane does (F1)", self.action_help)

    # --- app-wide actions --------------------------------------------------------------------

    def save_screen_svg(self) -> Path | None:
        """Save the screen as SVG in the config file's folder (the current folder without one),
        and say where; a folder that cannot be written gets one sentence."""
        from textual._files import generate_datetime_filename

        main = self.main_screen
        folder = main.workspace.path.resolve().parent if main is not None else Path.cwd()
        target = folder / generate_datetime_filename(self.title, ".svg")
        try:
            self.save_screenshot(target.name, str(folder))
        except OSError as error:
            self.notify(
                f"Screenshot not saved: cannot write {target} ({error.strerror or error}).",
                title="Screenshot",
                severity="error",
                timeout=10,
                markup=False,
            )
            return None
        self.notify(f"Saved {target}", title="Screenshot", timeout=10, markup=False)
        return target

    @property
    def main_screen(self) -> MainScreen | None:
        return next((s for s in self.screen_stack if isinstance(s, MainScreen)), None)

    def action_help(self) -> None:
        from workbench.tui.screens.help import (
            HelpScreen,  # Markdown and markdown-it: off the start-up path
        )

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    async def action_quit(self) -> None:
        main = self.main_screen
        if main is None or not main.workspace.is_dirty():
            self.exit()
            return
        if isinstance(self.screen, QuitConfirm):
            return

        def chosen(choice: QuitChoice | None) -> None:
            if choice == "discard" or (choice == "save" and main.save()):
                self.exit()

        self.push_screen(QuitConfirm(str(main.workspace.path)), chosen)


def make_app(
    request: OpenRequest | None = None,
    *,
    workspace: Workspace | None = None,
    config_dir: Path | None = None,
    theme: str | None = None,
    collector: StartUpCollectorPause | None = None,
    forked_load: ForkedLoad | None = None,
) -> WorkbenchApp:
    """The one factory for the CLI and the tests: state is injected, nothing global."""
    return WorkbenchApp(
        request=request,
        workspace=workspace,
        config_dir=config_dir,
        theme=theme,
        collector=collector,
        forked_load=forked_load,
    )


def run_app(
    args: argparse.Namespace,
    collector: StartUpCollectorPause | None = None,
    forked_load: ForkedLoad | None = None,
) -> int:
    """Open the TUI for `mcp-workbench [TARGET]`; a TARGET that cannot load is one sentence, exit 2.
    `collector`: the start-up pause of the cyclic collector, resumed at the first frame;
    `forked_load`: the TARGET already loading in a child process (commands/open.py)."""
    request = request_of(args)
    check_request(request)
    app = make_app(request, collector=collector, forked_load=forked_load)
    app.run()
    if app.load_error:
        raise LoadError(app.load_error)
    return app.return_code or 0
