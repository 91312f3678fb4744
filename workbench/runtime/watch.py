"""`serve --watch`: a running server follows its saved config file.

Owns the file watch, the reload, the swap and the announcement:

- **Watch** (`watch_config`): the config's *folder* is watched with `watchfiles` (inotify on
  Linux, FSEvents/kqueue elsewhere; it polls where the OS cannot notify), filtered to the
  config's name. Watching the folder, not the file, follows a save that replaces the file
  (the TUI and `export` write a temp file and rename it over the config: a new inode), and
  the name is re-opened on every reload. Changes are debounced (`DEBOUNCE_MS`), and a reload
  whose text equals the one served is skipped.
- **Reload** (`reload_once`): the same `surface_from_file` as `serve`'s start, then the same
  start-up checks (`served_surface`), in a worker thread (a big config takes longer to read
  than the event loop may be held). A file that does not load or build is logged in one
  sentence, as `check` words it, and the previous surface keeps serving; a later good save is
  picked up.
- **Swap**: `LiveSurface.replace` (one assignment on the event loop): new requests get the new
  surface, calls in flight finish on the one they started on, the cached tools/list answers
  are dropped. The new runner shares the old one's process groups, so a stop signal still
  kills every running call.
- **Prompt**: MCP sends the `instructions` only at connect, so a changed prompt is set on the
  server for new connections and logged: connected clients see it when they reconnect. The
  server's name, version and title stay as started (a warning says to restart).
- **Announce** (`ListChangedAnnouncer`): `notifications/tools/list_changed` to every client
  that can receive it: 2025-11-25 connections on their standalone channel (stdio; HTTP when
  the client holds the GET stream open), 2026-07-28 clients on their `subscriptions/listen`
  stream.
"""

from __future__ import annotations

import logging
import weakref
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from mcp.server import Server
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged

from workbench.model.errors import WorkbenchError
from workbench.model.surface import surface_from_file
from workbench.runtime.calls import ToolRunner
from workbench.runtime.server import LiveSurface, ServedSurface, served_surface

log = logging.getLogger("workbench.serve")

DEBOUNCE_MS = 150
"""Changes closer together than this are one reload: an editor's save is often several writes."""
STEP_MS = 50
"""How often the watcher checks whether changes have settled."""


class ListChangedAnnouncer:
    """Tells connected clients that the tool list changed. A server middleware: it keeps (weakly)
    each 2025-11-25 connection that completed its handshake, and serves 2026-07-28
    `subscriptions/listen` streams from its bus."""

    def __init__(self) -> None:
        self.bus = InMemorySubscriptionBus()
        self.listen_handler = ListenHandler(self.bus)
        self._legacy: weakref.WeakSet[Any] = weakref.WeakSet()

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.method == "notifications/initialized":
            # The SDK exposes the connection only as the session's; its standalone channel is
            # where a handshake-era client expects unrequested notifications.
            connection = getattr(ctx.session, "_connection", None)
            if connection is not None:
                self._legacy.add(connection)
        return await call_next(ctx)

    async def announce(self) -> None:
        """Send `notifications/tools/list_changed` to every client that can receive it (each send
        is best effort: a gone client is skipped)."""
        for connection in list(self._legacy):
            await connection.send_tool_list_changed()  # dropped by the SDK where no channel is open
        await self.bus.publish(ToolsListChanged())


class ConfigWatch:
    """Reloads `config_path` into `live` and announces each change through `announcer`."""

    def __init__(
        self, config_path: Path, live: LiveSurface, announcer: ListChangedAnnouncer, server: Server
    ) -> None:
        self.config_path = Path(config_path).absolute()
        self.live = live
        self.announcer = announcer
        self.server = server
        self._served_text = _read_text(self.config_path)

    async def run(self) -> None:
        """Watch the config's folder until cancelled, reloading after each settled change."""
        # lazy: watchfiles only with `serve --watch`
        from watchfiles import awatch

        name = self.config_path.name

        def is_config(_change: Any, path: str) -> bool:
            return Path(path).name == name

        log.info("watching %s: saved changes are served without a restart", self.config_path)
        try:
            async for _changes in awatch(
                self.config_path.parent,
                watch_filter=is_config,
                debounce=DEBOUNCE_MS,
                step=STEP_MS,
                recursive=False,
            ):
                try:
                    await self.reload_once()
                except (
                    Exception
                ):  # a bug in a reload must not stop the server: log it, keep serving
                    log.exception(
                        "reloading %s failed; still serving the previous tools", self.config_path
                    )
        except Exception as error:  # e.g. the folder was removed, or the OS ran out of watches
            log.error(
                "stopped watching %s (%s); still serving the last tools loaded, restart to watch again",
                self.config_path,
                error,
            )

    async def reload_once(self) -> bool:
        """Reload the config now; True when a new surface is being served."""
        text = _read_text(self.config_path)
        if text is None:  # between a delete and a re-create; the re-create is its own change
            log.warning(
                "%s is gone; still serving the previous %d tools until it is saved again",
                self.config_path,
                len(self.live.current.surface.tools),
            )
            return False
        if text == self._served_text:
            return False
        previous = self.live.current
        try:
            served = await anyio.to_thread.run_sync(self._build, previous)
        except WorkbenchError as error:
            log.error(
                "the saved config is not served, the previous %d tools are: %s",
                len(previous.surface.tools),
                str(error).rstrip("."),
            )
            return False
        new, self._served_text = served
        self.live.replace(new)
        before = {tool.name for tool in previous.surface.tools}
        after = {tool.name for tool in new.surface.tools}
        log.info(
            "reloaded %s: serving %d tools (%d added, %d removed)",
            self.config_path.name,
            len(after),
            len(after - before),
            len(before - after),
        )
        if new.surface.prompt != previous.surface.prompt:
            # Read by the SDK at each connect (initialize, server/discover): new connections get it.
            self.server.instructions = new.surface.prompt or None
            log.info(
                "the prompt (instructions) changed; MCP sends it only when a client connects, "
                "so connected clients see the new one when they reconnect"
            )
        identity = (new.surface.server_name, new.surface.server_version, new.surface.server_title)
        if identity != (
            previous.surface.server_name,
            previous.surface.server_version,
            previous.surface.server_title,
        ):
            log.warning(
                "[server] name, version or title changed; they are fixed while serving, "
                "so restart the server to serve the new ones"
            )
        await self.announcer.announce()
        return True

    def _build(self, previous: ServedSurface) -> tuple[ServedSurface, str]:
        """In a worker thread: the surface the file serves, and its text as read before (a save
        landing during the load is a later change: it is reloaded then, its text differing)."""
        text = _read_text(self.config_path) or ""
        config, surface = surface_from_file(self.config_path, token_counts=False)
        runner = ToolRunner(config, surface, self.config_path.parent)
        runner.groups = previous.runner.groups  # one registry: a stop signal kills every call
        return served_surface(surface, runner), text


def _read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
