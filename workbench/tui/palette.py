"""Command palette entries (ctrl+p): jump to any command of the CLI by typing part of its path,
include/exclude a command, and the workbench's own actions (export, serve, the selectors, prompt
and environment & runtime editors).

The app-wide actions (save, undo, help, theme, quit) come from `WorkbenchApp.get_system_commands`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class _MainScreenProvider(Provider):
    def _paths(self) -> list[tuple[str, str]]:
        workspace = getattr(self.screen, "workspace", None)
        if workspace is None:
            return []
        return [(c.path_str, c.short_help) for c in workspace.tree.walk()]

    def _call(self, method: str, *args) -> None:
        target = getattr(self.screen, method, None)
        if target is not None:
            target(*args)


class GoToCommand(_MainScreenProvider):
    """Fuzzy search over the command paths of the open CLI."""

    async def discover(self) -> Hits:
        for path, short in self._paths()[:20]:
            yield DiscoveryHit(
                f"Go to {path}", partial(self._call, "go_to_command", path), help=short or None
            )

    async def search(self, query: str) -> Hits:
        # Matched against what the list shows ("Go to deployctl secrets list"), so typing the
        # entry's words finds it, with or without "go to" and with or without the root's name.
        matcher = self.matcher(query)
        for path, short in self._paths():
            text = f"Go to {path}"
            _root, _, below = path.partition(" ")
            score = max(matcher.match(text), matcher.match(f"Go to {below}") if below else 0)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(text),
                    partial(self._call, "go_to_command", path),
                    help=short or None,
                )


TOGGLE_WEIGHT = 0.5
"""Toggle hits rank below Go-to hits for the same path: typing a path means "go there"; type
`exclude …` (letters no path has) to toggle."""


class ToggleCommand(_MainScreenProvider):
    """`Include/exclude PATH`: the same change as `x` on that command in the tree."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for path, _short in self._paths():
            text = f"Include/exclude {path}"
            score = matcher.match(text)
            if score > 0:
                yield Hit(
                    score * TOGGLE_WEIGHT,
                    matcher.highlight(text),
                    partial(self._call, "toggle_include", path),
                    help="Serve it as a tool, or stop serving it (undo: ctrl+z)",
                )


ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("Export (save as)…", "export_as", "Write mcp.toml to another file; ctrl+s then saves there"),
    (
        "Serve…",
        "show_serve",
        "The command line that serves this config, and a client config snippet",
    ),
    ("Open the selectors editor", "action_open_selectors", "Which commands become tools (F3)"),
    (
        "Open the prompt editor",
        "action_open_prompt",
        "Persona, sections, variables, tool order (F4)",
    ),
    (
        "Open the environment & runtime editor",
        "action_open_env",
        "[env] variables, timeout, output cap, concurrency, cwd (F5)",
    ),
)
"""The workbench's own palette actions: title, MainScreen method, help."""


class WorkbenchActions(_MainScreenProvider):
    """Export, serve, and the editors."""

    def _hits(self) -> list[tuple[str, Callable[[], None], str]]:
        return [
            (title, partial(self._call, method), help_text) for title, method, help_text in ACTIONS
        ]

    async def discover(self) -> Hits:
        for title, run, help_text in self._hits():
            yield DiscoveryHit(title, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, run, help_text in self._hits():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), run, help=help_text)
