"""The MCP server for one surface: identity, instructions, tools/list, tools/call (SPEC §8).

Built on the SDK's low-level `Server`. `tools/list` answers exactly `surface.tools_list()` (the
same code path as `mcp-workbench tools`), validated into wire objects once at startup, where a
bad name or a schema without an object root stops the server with a sentence naming the tool.
Handlers read what they serve through one holder (`LiveSurface`), which `serve --watch`
(`runtime/watch.py`) replaces whole when the config changes; between replacements the list
never changes, so its wire form is built once per protocol version (`ToolListCache`). Every handler catches everything at its boundary: the error goes to the log
(stderr), the client gets a generic message, never the exception's text.
"""

from __future__ import annotations

import contextvars
import logging
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp import MCPError
from mcp.server import Server
from pydantic import ValidationError

from workbench.model.config import Config
from workbench.model.errors import WorkbenchError
from workbench.model.surface_types import Surface
from workbench.runtime.calls import CallEnvError, CallOutcome, ToolRunner, UnknownToolError, check_call_env
from workbench.runtime.disconnect import cancel_when_client_leaves

log = logging.getLogger("workbench.serve")

CALL_ENV_META_KEY = "workbench/env"
"""The `_meta` key under which a client may pass per-call environment variables."""

TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

PROGRESS_EVERY_S = 5.0
"""How often a running call reports progress (when the client sent a progress token)."""

INTERNAL_ERROR_TEXT = "Internal error in the mcp-workbench server; the details are in its log."


class ServeError(WorkbenchError):
    """The surface cannot be served as is (bad tool name or schema); names the tool."""


@dataclass(frozen=True)
class ServedSurface:
    """One surface as a server answers it: the tools' wire list, their input schemas, the runner."""

    surface: Surface
    runner: ToolRunner
    listing: types.ListToolsResult
    schemas: dict[str, Any]


def served_surface(surface: Surface, runner: ToolRunner) -> ServedSurface:
    """`surface` checked and ready to serve (ServeError names the first tool that cannot be)."""
    return ServedSurface(
        surface=surface,
        runner=runner,
        listing=types.ListToolsResult(tools=checked_tools(surface)),
        schemas={tool.name: tool.input_schema for tool in surface.tools},
    )


class LiveSurface:
    """What the server serves now. A request reads `current` once, so a call in flight
    finishes on the surface it started on while `replace` (one assignment, on the event
    loop) gives every later request the new one and empties the cached tools/list answers."""

    def __init__(self, served: ServedSurface) -> None:
        self.current = served
        self.cache = ToolListCache()

    def replace(self, served: ServedSurface) -> None:
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
        return cache.stand_in if cache.answering_from_cache() else live.current.listing

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        runner = live.current.runner  # read once: this call finishes on this surface
        try:
            runner.tool(params.name)
        except UnknownToolError as error:
            raise MCPError(code=types.INVALID_PARAMS, message=str(error)) from None
        try:
            env = check_call_env((params.meta or {}).get(CALL_ENV_META_KEY))
        except CallEnvError as error:
            return _error_result(str(error))
        outcome = None
        async with anyio.create_task_group() as group:
            group.start_soon(_heartbeat, ctx)
            group.start_soon(cancel_when_client_leaves, ctx, group.cancel_scope)
            outcome = await runner.call(params.name, params.arguments, env=env)
            group.cancel_scope.cancel()
        if outcome is None:  # the client went away: the call was cancelled and its CLI killed
            return _error_result("The call was cancelled because the client disconnected.")
        if outcome.argv:
            log.debug("ran %s", shlex.join(outcome.argv))  # debug only: values may be secrets
        log.info(
            "called %s: %s in %d ms", params.name, "error" if outcome.is_error else "ok", outcome.duration_ms
        )
        return result_of(outcome)

    server_class = Server if announcer is None else announcer.server_class
    server = server_class(
        surface.server_name or config.server.name or "mcp-workbench",
        version=surface.server_version or config.server.version or "",
        title=surface.server_title or config.server.title,
        instructions=surface.prompt or None,
        get_tool_input_schema=lambda name: live.current.schemas.get(name),
        on_list_tools=_guarded("tools/list", on_list_tools),
        on_call_tool=_guarded("tools/call", on_call_tool),
        **({} if announcer is None else {"on_subscriptions_listen": announcer.listen_handler}),
    )
    server.middleware.append(cache)
    if announcer is not None:
        server.middleware.append(announcer)
    return server


_FROM_CACHE: contextvars.ContextVar[bool] = contextvars.ContextVar("workbench_tools_list_from_cache", default=False)
"""Set by `ToolListCache` for the tools/list request it is passing on: whether the handler
should answer the stand-in (the cache then fills in the tools) or the full list."""


class ToolListCache:
    """Builds the wire form of the tool list once per protocol version (again after `clear`).

    The SDK validates a handler's result against the protocol version's result model and dumps
    it again on every request: for 1,000 tools ~100 ms of CPU per `tools/list`, the same work
    each time. As a server middleware (the only layer whose result the SDK takes as finished
    wire form), this keeps the `tools` array of the first full answer per version. A later
    request still goes the SDK's whole way (params validation, the initialize gate, errors,
    the handler, the result envelope: `resultType`, `_meta`, cache hints), but the handler
    answers it with `stand_in` (no tools; nothing to validate) and the cached array is put in
    its place: the answer is the same, minus the repeated work.
    """

    stand_in = types.ListToolsResult(tools=[])

    def __init__(self) -> None:
        self._tools: dict[str, list[Any]] = {}
        self._generation = 0

    def answering_from_cache(self) -> bool:
        """In the tools/list handler: whether this request is answered from the cache. Decided
        once per request by the middleware, so a `clear` between the two never makes the
        stand-in's empty list the cached answer."""
        return _FROM_CACHE.get()

    def clear(self) -> None:
        """Forget the cached answers (the list changed); a request under way keeps its own."""
        self._tools = {}
        self._generation += 1

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.method != "tools/list" or ctx.request_id is None:
            return await call_next(ctx)
        generation = self._generation
        cached = self._tools.get(ctx.protocol_version)
        decided = _FROM_CACHE.set(cached is not None)
        try:
            answer = await call_next(ctx)  # raises on anything the SDK rejects: nothing is cached then
        finally:
            _FROM_CACHE.reset(decided)
        if not isinstance(answer, dict) or not isinstance(answer.get("tools"), list):
            return answer
        if cached is None:  # the handler answered the full list
            if generation == self._generation:  # not one from before a `clear`
                self._tools[ctx.protocol_version] = answer["tools"]
            return answer
        return {**answer, "tools": cached}  # the key keeps its place; the envelope is this request's


def checked_tools(surface: Surface) -> list[types.Tool]:
    """The wire tools, or ServeError naming the first tool whose name or schema cannot be served."""
    seen: set[str] = set()
    tools = []
    for data in surface.tools_list():
        name = data.get("name", "")
        if not TOOL_NAME.match(name):
            raise ServeError(f"tool name {name!r} must match ^[A-Za-z0-9_-]{{1,64}}$; rename it in the config.")
        if name in seen:
            raise ServeError(f"two tools are named `{name}`; give one a different name in the config.")
        seen.add(name)
        for key in ("inputSchema", "outputSchema"):
            if key in data:
                _check_schema(name, key, data[key])
        try:
            tools.append(types.Tool.model_validate(data))
        except ValidationError as error:
            raise ServeError(f"tool `{name}` is not a valid MCP tool: {_first_problem(error)}.") from None
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
        raise ServeError(f"tool `{name}`: its {key} must be a JSON Schema object with \"type\": \"object\" at the root.")


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
            await ctx.session.report_progress(round(elapsed, 1), None, f"running for {elapsed:.0f} s")
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
