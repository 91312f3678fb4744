"""Who may talk to `serve --http`: the bind policy, DNS-rebinding settings, the bearer check.

Loopback is the default and needs nothing. Any other address must come with `--token`, and then
every request must carry `Authorization: Bearer <token>` (compared in constant time) or gets a
401. The Host/Origin allow-lists (DNS-rebinding protection, bad Host → 421) come from the SDK.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import socket
from typing import Any

from mcp.server.transport_security import TransportSecuritySettings

from workbench.model.errors import WorkbenchError

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


class BindError(WorkbenchError):
    """`--http` names an address we refuse to serve on as asked."""


def parse_http_address(text: str) -> tuple[str, int]:
    """`PORT`, `HOST:PORT` or `[V6]:PORT` → (host, port); host defaults to 127.0.0.1."""
    host, _, port_text = text.rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise BindError(f"--http {text!r}: give a port (0-65535) as PORT or HOST:PORT, e.g. --http 8765.")
    return host, int(port_text)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_bind(host: str, token: str | None) -> None:
    """Refuse a non-loopback bind without a token."""
    if not is_loopback(host) and not token:
        raise BindError(
            f"refusing to serve on {host} without --token: anyone who can reach it could run the CLI; "
            "add --token SECRET or bind to 127.0.0.1."
        )


def security_settings(host: str) -> TransportSecuritySettings:
    """DNS-rebinding protection: the Host and Origin values a request may carry for this bind."""
    names = list(LOOPBACK_NAMES)
    if not is_loopback(host):
        names.append(host)
        if _is_wildcard(host):
            hostname = socket.gethostname()
            names.extend([hostname, socket.getfqdn(hostname)])
    hosts = [f"[{name}]:*" if ":" in name else f"{name}:*" for name in dict.fromkeys(names)]
    origins = [f"{scheme}://{host_port}" for host_port in hosts for scheme in ("http", "https")]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )


def _is_wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::")


class BearerTokenMiddleware:
    """ASGI middleware: every HTTP request needs `Authorization: Bearer <token>`, else 401."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not self._authorized(scope):
            body = json.dumps({"error": "unauthorized", "error_description": "missing or wrong bearer token"})
            await send({
                "type": "http.response.start",
                "status": 401,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"www-authenticate", b'Bearer realm="mcp-workbench"'),
                ],
            })
            await send({"type": "http.response.body", "body": body.encode()})
            return
        await self.app(scope, receive, send)

    def _authorized(self, scope: dict[str, Any]) -> bool:
        for name, value in scope.get("headers", []):
            if name.lower() == b"authorization":
                return hmac.compare_digest(value, self._expected)
        return False
