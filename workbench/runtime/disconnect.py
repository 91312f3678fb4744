"""A call ends when its HTTP client goes away: `cancel_when_client_leaves` watches the request a
call arrived on and cancels the call (so its CLI is killed) when the connection drops.

The SDK does this itself for 2026-07-28 requests. For a 2025-11-25 (legacy) client it keeps
running the handler after the SSE response of its POST has lost its client, so without this a
CLI would run on until `timeout_s`. Over stdio a client leaving closes stdin, which stops the
server and with it every call.
"""

from __future__ import annotations

import logging
from typing import Any

import anyio

log = logging.getLogger("workbench.serve")


async def cancel_when_client_leaves(ctx: Any, scope: anyio.CancelScope) -> None:
    """Cancel `scope` when the HTTP request behind `ctx` is disconnected; wait forever when the
    call did not come over HTTP. Reads only `http.disconnect`: the body was read before the
    call was dispatched."""
    receive = getattr(getattr(ctx, "request", None), "receive", None)
    if receive is None:
        await anyio.sleep_forever()
        return
    while True:
        message = await receive()
        if message.get("type") == "http.disconnect":
            log.info("the client of a call disconnected; cancelling the call")
            scope.cancel()
            return
