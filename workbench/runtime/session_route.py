"""`serve --http --instance NAME`: session ids a load balancer can route back to their process.

A 2025-11-25 (handshake era) client keeps a stateful session that lives in the memory of the one
`serve` process that answered its `initialize`; every later request carries the session id in
the `mcp-session-id` header and must reach that same process. A hash of the header cannot do
that (the `initialize` has no id yet, so it lands wherever, and the id's hash points elsewhere).
So each process names itself in the ids it issues: `NAME.<id>` on the way out, `<id>` again on the
way in, and the balancer maps the `NAME.` prefix to the process (nginx `map`, docs/runtime.md).
2026-07-28 requests carry no session and need none of this. Pure ASGI, no SDK internals.
"""

from __future__ import annotations

import re
from typing import Any

SESSION_HEADER = b"mcp-session-id"
INSTANCE_NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class SessionPrefixMiddleware:
    """Prefix the session ids this process issues with `NAME.`, and strip it from requests."""

    def __init__(self, app: Any, instance: str) -> None:
        if not INSTANCE_NAME.match(instance):
            raise ValueError(instance)
        self.app = app
        self._prefix = instance.encode("ascii") + b"."

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = []
        for name, value in scope.get("headers", []):
            if name == SESSION_HEADER and value.startswith(self._prefix):
                value = value[len(self._prefix) :]
            headers.append((name, value))
        prefix = self._prefix

        async def send_prefixed(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [
                        (name, prefix + value if name.lower() == SESSION_HEADER else value)
                        for name, value in message.get("headers", [])
                    ],
                }
            await send(message)

        await self.app({**scope, "headers": headers}, receive, send_prefixed)
