"""Command palette entries (ctrl+p): jump to any command of the CLI by typing part of its path.

The app-wide actions (save, undo, help, theme, quit) come from `WorkbenchApp.get_system_commands`.
"""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class GoToCommand(Provider):
    """Fuzzy search over the command paths of the open CLI."""

    def _paths(self) -> list[tuple[str, str]]:
        screen = self.screen
        workspace = getattr(screen, "workspace", None)
        if workspace is None:
            return []
        return [(c.path_str, c.short_help) for c in workspace.tree.walk()]

    def _go(self, path: str) -> None:
        go = getattr(self.screen, "go_to_command", None)
        if go is not None:
            go(path)

    async def discover(self) -> Hits:
        for path, short in self._paths()[:20]:
            yield DiscoveryHit(f"Go to {path}", partial(self._go, path), help=short or None)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for path, short in self._paths():
            score = matcher.match(path)
            if score > 0:
                yield Hit(score, matcher.highlight(path), partial(self._go, path), help=short or None)
