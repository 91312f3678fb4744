"""The `tools/list` answer cache: the wire form of the tool list, built once per protocol version.

The SDK validates a handler's result against the protocol version's result model and dumps it
again on every request: for 1,000 tools ~100 ms of CPU per `tools/list`, the same work each time.

Invariant: the list a request gets is the list the handler would answer, byte for byte. It holds
because (1) the cached array is the `tools` of a full answer the SDK itself validated and dumped
for that protocol version; (2) the cache is cleared whenever the list changes (`LiveSurface.replace`
on a `--watch` reload), and an answer begun before a `clear` is never stored; (3) only requests
that get the one shared list use it (`applies`: in search exposure, a connection that activated
nothing); (4) the handler is told, once per request, whether to answer the empty stand-in
(`answering_from_cache`), so the SDK's whole path (params, the initialize gate, errors, the
envelope) still runs for every request.

Guarded by `tests/test_serve_stdio.py::test_a_repeated_tools_list_is_byte_identical_and_the_sdk_checks_still_apply`
and `tests/test_serve_watch.py` (a reload's list reaches every client).
"""

from __future__ import annotations

import contextvars
from typing import Any

import mcp_types as types

_FROM_CACHE: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "workbench_tools_list_from_cache", default=False
)
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

    def __init__(self, applies: Any = None) -> None:
        self._tools: dict[str, list[Any]] = {}
        self._generation = 0
        self._applies = applies
        """`(ctx) -> bool`: the request gets the one shared list (search exposure: a connection
        that activated nothing); other requests pass through untouched."""

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
        if (
            ctx.method != "tools/list"
            or ctx.request_id is None
            or (self._applies is not None and not self._applies(ctx))
        ):
            return await call_next(ctx)
        generation = self._generation
        cached = self._tools.get(ctx.protocol_version)
        decided = _FROM_CACHE.set(cached is not None)
        try:
            answer = await call_next(
                ctx
            )  # raises on anything the SDK rejects: nothing is cached then
        finally:
            _FROM_CACHE.reset(decided)
        if not isinstance(answer, dict) or not isinstance(answer.get("tools"), list):
            return answer
        if cached is None:  # the handler answered the full list
            if generation == self._generation:  # not one from before a `clear`
                self._tools[ctx.protocol_version] = answer["tools"]
            return answer
        return {
            **answer,
            "tools": cached,
        }  # the key keeps its place; the envelope is this request's
