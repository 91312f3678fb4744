"""The MCP server for one surface: identity, instructions, tools/list, tools/call (SPEC §8).

Built on the SDK's low-level `Server`. `tools/list` answers exactly `surface.tools_list()` (the
same code path as `mcp-workbench tools`), validated into wire objects once at startup, where a
bad name or a schema without an object root stops the server with a sentence naming the tool.
Handlers read what they serve through one holder (`LiveSurface`), which `serve --watch`
(`runtime/watch.py`) replaces whole when the config changes; between replacements the connect
list never changes, so its wire form is built once per protocol version (`ToolListCache`, in
`runtime/tools_list_cache.py`). In
search exposure (SPEC §5b) the connect list is the `always` tools plus `find_tools`/`run_tool`
(`SearchExposure`, one per served surface), and a connection that found tools gets its own
list, built from the same pre-validated wire tools. Every handler catches everything at its
boundary: the error goes to the log (stderr), the client gets a generic message, never the
exception's text.
"""

from __future__ import annotations

import functools
import json
import logging
import shlex
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp import MCPError
from mcp.server import NotificationOptions, Server
from pydantic import ValidationError

from workbench.model.config import Config
from workbench.model.errors import WorkbenchError
from workbench.model.exposure import (
    FIND_LIMIT_DEFAULT,
    discovery_tools,
    find_tool_name,
    listed_tools,
    run_tool_name,
)
from workbench.model.naming import TOOL_NAME_PATTERN
from workbench.model.surface_types import Surface
from workbench.runtime.calls import (
    CallEnvError,
    CallOutcome,
    ToolRunner,
    UnknownToolError,
    check_call_env,
)
from workbench.runtime.disconnect import cancel_when_client_leaves
from workbench.runtime.tools_list_cache import ToolListCache
from workbench.runtime.validate import ArgumentChecker

if TYPE_CHECKING:
    from workbench.runtime.discovery import ToolSearch

log = logging.getLogger("workbench.serve")

CALL_ENV_META_KEY = "workbench/env"
"""The `_meta` key under which a client may pass per-call environment variables."""


PROGRESS_EVERY_S = 5.0
"""How often a running call reports progress (when the client sent a progress token)."""

INTERNAL_ERROR_TEXT = "Internal error in the mcp-workbench server; the details are in its log."


class ServeError(WorkbenchError):
    """The surface cannot be served as is (bad tool name or schema); names the tool."""


@dataclass(frozen=True)
class ServedSurface:
    """One surface as a server answers it: the connect list's wire form, the input schemas, the
    runner, and in search exposure its `SearchExposure` (the index and each connection's finds)."""

    surface: Surface
    runner: ToolRunner
    listing: types.ListToolsResult
    schemas: dict[str, Any]
    search: SearchExposure | None = None


def served_surface(surface: Surface, runner: ToolRunner) -> ServedSurface:
    """`surface` checked and ready to serve (ServeError names the first tool that cannot be)."""
    wire_tools = checked_tools(surface)
    schemas = {tool.name: tool.input_schema for tool in surface.tools}
    search = SearchExposure(surface, runner, wire_tools) if surface.exposure == "search" else None
    if search is not None:
        schemas.update({d["name"]: d["inputSchema"] for d in discovery_tools(surface)})
        by_name = {tool.name: tool for tool in wire_tools}
        listing = types.ListToolsResult(tools=[by_name[d["name"]] for d in listed_tools(surface)])
    else:
        listing = types.ListToolsResult(tools=wire_tools)
    return ServedSurface(
        surface=surface, runner=runner, listing=listing, schemas=schemas, search=search
    )


class LiveSurface:
    """What the server serves now. A request reads `current` once, so a call in flight
    finishes on the surface it started on while `replace` (one assignment, on the event
    loop) gives every later request the new one and empties the cached tools/list answers.
    In search exposure a connection's found tools carry over to the new surface where it
    still has a tool of that name."""

    def __init__(self, served: ServedSurface) -> None:
        self.current = served
        self.cache = ToolListCache(applies=self._gets_shared_list)

    def _gets_shared_list(self, ctx: Any) -> bool:
        search = self.current.search
        return search is None or search.nothing_activated(ctx)

    def replace(self, served: ServedSurface) -> None:
        previous = self.current.search
        if served.search is not None and previous is not None:
            served.search.activations.carry_over(
                previous.activations, {tool.name for tool in served.surface.tools}
            )
        self.current = served
        self.cache.clear()


def build_server(
    config: Config,
    surface: Surface,
    *,
    runner: ToolRunner | None = None,
    config_dir: Path | None = None,
    live: LiveSurface | None = None,
    announcer: Any = None,
) -> Server:
    """An MCP server answering for `surface` (or for whatever `live` holds, when given); calls
    run through `runner` (one is made if None). `announcer` (`runtime/watch.py`) makes the
    server tell clients when the list changes."""
    runner = runner or ToolRunner(config, surface, config_dir or Path.cwd())
    live = live or LiveSurface(served_surface(surface, runner))
    cache = live.cache

    async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        served = live.current
        if cache.answering_from_cache():
            return cache.stand_in
        if served.search is not None and not served.search.nothing_activated(ctx):
            return served.search.listing(ctx)
        return served.listing

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        served = live.current  # read once: this call finishes on this surface
        call = functools.partial(call_cli_tool, served.runner)
        if served.search is not None and params.name in served.search.own_names:
            return await served.search.call(ctx, params, call)
        try:
            served.runner.tool(params.name)
        except UnknownToolError as error:
            raise MCPError(code=types.INVALID_PARAMS, message=str(error)) from None
        return await call(ctx, params.name, params.arguments, params.meta)

    async def call_cli_tool(
        runner: ToolRunner, ctx: Any, name: str, arguments: Any, meta: Any
    ) -> types.CallToolResult:
        try:
            env = check_call_env((meta or {}).get(CALL_ENV_META_KEY))
        except CallEnvError as error:
            return _error_result(str(error))
        outcome = None
        async with anyio.create_task_group() as group:
            group.start_soon(_heartbeat, ctx)
            group.start_soon(cancel_when_client_leaves, ctx, group.cancel_scope)
            outcome = await runner.call(name, arguments, env=env)
            group.cancel_scope.cancel()
        if outcome is None:  # the client went away: the call was cancelled and its CLI killed
            return _error_result("The call was cancelled because the client disconnected.")
        if outcome.argv:
            log.debug("ran %s", shlex.join(outcome.argv))  # debug only: values may be secrets
        log.info(
            "called %s: %s in %d ms",
            name,
            "error" if outcome.is_error else "ok",
            outcome.duration_ms,
        )
        return result_of(outcome)

    server = _Server(
        surface.server_name or config.server.name or "mcp-workbench",
        version=surface.server_version or config.server.version or "",
        title=surface.server_title or config.server.title,
        instructions=surface.prompt or None,
        get_tool_input_schema=lambda name: live.current.schemas.get(name),
        on_list_tools=_guarded("tools/list", on_list_tools),
        on_call_tool=_guarded("tools/call", on_call_tool),
        **({} if announcer is None else {"on_subscriptions_listen": announcer.listen_handler}),
    )
    # the list can change for a connection (search exposure) or for everyone (a --watch reload)
    server.tools_change = live.current.search is not None or announcer is not None
    server.middleware.append(cache)
    if announcer is not None:
        server.middleware.append(announcer)
    return server


class _Server(Server):
    """The SDK's server, advertising `tools.listChanged` (2025-11-25 handshake) when the list
    can change: for a session (search exposure) or for everyone (`serve --watch`; 2026-07-28
    clients learn it from `subscriptions/listen` being served). Both transports take the initialization options
    from this method (stdio passes them, the HTTP session manager asks for the default)."""

    tools_change = False

    def create_initialization_options(
        self, notification_options: Any = None, *args: Any, **kwargs: Any
    ) -> Any:
        if notification_options is None and self.tools_change:
            notification_options = NotificationOptions(tools_changed=True)
        return super().create_initialization_options(notification_options, *args, **kwargs)


class SearchExposure:
    """`<prefix>_find_tools` and `<prefix>_run_tool` (SPEC §5b) and each connection's list.

    Activation is keyed by the client connection (`connection_of`): one per stdio process
    and one per stateful HTTP session (2025-11-25), so their next `tools/list` includes what
    was found, and `notifications/tools/list_changed` goes out on the connection. The SDK serves
    a 2026-07-28 request (stdio or HTTP) as its own connection: its list stays the connect list
    and the found tools are called directly by name or through `run_tool` (docs/exposure.md)."""

    def __init__(self, surface: Surface, runner: ToolRunner, wire_tools: list[types.Tool]) -> None:
        self.surface = surface
        self.runner = runner
        self.find_name = find_tool_name(surface.tool_prefix)
        self.run_name = run_tool_name(surface.tool_prefix)
        self.own_names = frozenset({self.find_name, self.run_name})
        # search exposure only: a plain `serve` never loads the search index's module
        from workbench.runtime.discovery import Activations

        self._index: ToolSearch | None = None
        self._index_lock = threading.Lock()
        self.activations = Activations()
        self._wire = {tool.name: tool for tool in wire_tools}
        self._checkers: dict[str, Any] = {}

    def nothing_activated(self, ctx: Any) -> bool:
        return not self.activations.of(connection_of(ctx))

    def listing(self, ctx: Any) -> types.ListToolsResult:
        names = [
            d["name"] for d in listed_tools(self.surface, self.activations.of(connection_of(ctx)))
        ]
        return types.ListToolsResult(tools=[self._wire[name] for name in names])

    async def call(
        self, ctx: Any, params: types.CallToolRequestParams, call_cli_tool: Any
    ) -> types.CallToolResult:
        arguments = {} if params.arguments is None else params.arguments
        problems = await anyio.to_thread.run_sync(self._problems, params.name, arguments)
        if problems is not None:
            return _error_result(problems)
        if params.name == self.find_name:
            return await self._find(ctx, arguments)
        name, inner = arguments["name"], arguments.get("arguments") or {}
        if name in self.own_names:
            return _error_result(f"`{self.run_name}` runs the CLI's tools; call `{name}` directly.")
        try:
            self.runner.tool(name)
        except UnknownToolError as error:
            return _error_result(str(error))
        result: types.CallToolResult = await call_cli_tool(ctx, name, inner, params.meta)
        return result

    def _search(self, query: str, limit: int) -> list[Any]:
        """The ranked matches (in a worker thread). The index is built on the first search, not
        at start-up: ~70 ms at 1,000 tools that a client that never searches should not wait for."""
        from workbench.runtime.discovery import ToolSearch  # search exposure only (see __init__)

        with self._index_lock:
            if self._index is None:
                self._index = ToolSearch(self.surface.tools)
        return self._index.search(query, limit)

    def _problems(self, name: str, arguments: Any) -> str | None:
        """The instructive message for bad arguments to one of the two tools (in a worker thread)."""
        checker = self._checkers.get(name)
        if checker is None:
            schema = next(
                d["inputSchema"] for d in discovery_tools(self.surface) if d["name"] == name
            )
            checker = self._checkers[name] = ArgumentChecker(name, schema)
        return checker.problems(arguments)

    async def _find(self, ctx: Any, arguments: dict[str, Any]) -> types.CallToolResult:
        limit = int(arguments.get("limit", FIND_LIMIT_DEFAULT))
        # up to ~15 ms of CPU at 5,000 tools (every tool sharing a query word): off the event loop
        found = await anyio.to_thread.run_sync(self._search, arguments["query"], limit)
        matches = [
            {"name": t.name, "description": t.description, "inputSchema": t.input_schema}
            for t in found
        ]
        deferred = [t.name for t in found if t.load != "always"]
        if deferred and self.activations.add(connection_of(ctx), deferred):
            try:
                await ctx.session.send_tool_list_changed()
            except Exception:  # best effort: the found tools are callable however the list is
                log.debug("could not send tools/list_changed", exc_info=True)
        log.info("found %d tools for a %d-character query", len(found), len(arguments["query"]))
        text = (
            json.dumps(matches, ensure_ascii=False)
            if matches
            else (
                f"No tool matches; try other words, or call `{self.run_name}` with a tool's name."
            )
        )
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)],
            structured_content={"tools": matches},
        )


def connection_of(ctx: Any) -> Any:
    """The client connection a request came on: what activation is keyed by. The SDK makes a
    `ServerSession` per request around the connection-scoped `Connection` (one per stdio
    process, one per stateful HTTP session, one per 2026-07-28 HTTP request) and has no public
    accessor for it, so this reads `ServerSession._connection` (SDK 2.3; tested by
    tests/test_exposure_serve.py), falling back to the session itself."""
    session = ctx.session
    return getattr(session, "_connection", session)


def checked_tools(surface: Surface) -> list[types.Tool]:
    """The wire tools (search exposure's two included), or ServeError naming the first tool
    whose name or schema cannot be served."""
    seen: set[str] = set()
    tools = []
    for data in [*surface.tools_list(), *discovery_tools(surface)]:
        name = data.get("name", "")
        if not TOOL_NAME_PATTERN.match(name):
            raise ServeError(
                f"tool name {name!r} must match ^[A-Za-z0-9_-]{{1,64}}$; rename it in the config."
            )
        if name in seen:
            raise ServeError(
                f"two tools are named `{name}`; give one a different name in the config."
            )
        seen.add(name)
        for key in ("inputSchema", "outputSchema"):
            if key in data:
                _check_schema(name, key, data[key])
        try:
            tools.append(types.Tool.model_validate(data))
        except ValidationError as error:
            raise ServeError(
                f"tool `{name}` is not a valid MCP tool: {_first_problem(error)}."
            ) from None
    return tools


def result_of(outcome: CallOutcome) -> types.CallToolResult:
    """The MCP result for a call outcome: text content, structured content, isError."""
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=outcome.text)],
        structured_content=outcome.structured,
        is_error=outcome.is_error,
    )


def _check_schema(name: str, key: str, schema: Any) -> None:
    """The root must be an object schema (else the SDK fails the whole `tools/list`). No
    metaschema check here: every schema served comes from build_surface, which derives it
    (valid by construction, property-tested) or checks the user's override against Draft
    2020-12 itself; see docs/runtime.md."""
    if not isinstance(schema, dict) or schema.get("type") != "object":
        raise ServeError(
            f'tool `{name}`: its {key} must be a JSON Schema object with "type": "object" at the root.'
        )


def _first_problem(error: ValidationError) -> str:
    first = error.errors()[0]
    return f"{'.'.join(str(part) for part in first['loc'])}: {first['msg']}"


async def _heartbeat(ctx: Any) -> None:
    """While a call runs, report progress every PROGRESS_EVERY_S (elapsed seconds), so hosts that
    reset their request timeout on progress keep waiting. A no-op unless the client asked for
    progress; a failure to report only stops the heartbeat, never the call."""
    started = anyio.current_time()
    try:
        while True:
            await anyio.sleep(PROGRESS_EVERY_S)
            elapsed = anyio.current_time() - started
            await ctx.session.report_progress(
                round(elapsed, 1), None, f"running for {elapsed:.0f} s"
            )
    except Exception:
        log.debug("progress report failed; no more progress for this call", exc_info=True)


def _error_result(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


def _guarded(method: str, handler: Any) -> Any:
    """The handler with a catch-all boundary: log the crash, answer a generic error."""

    async def guarded(ctx: Any, params: Any) -> Any:
        try:
            return await handler(ctx, params)
        except MCPError:
            raise
        except Exception:
            log.exception("%s handler crashed", method)
            if method == "tools/call":
                return _error_result(INTERNAL_ERROR_TEXT)
            raise MCPError(code=types.INTERNAL_ERROR, message=INTERNAL_ERROR_TEXT) from None

    return guarded
