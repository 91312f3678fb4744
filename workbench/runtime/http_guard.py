"""Who may talk to `serve --http`: the bind policy, DNS-rebinding settings, the bearer check.

Loopback is the default and needs nothing. Any other address must come with `--token`, and then
every request must carry `Authorization: Bearer <token>` (scheme in any case, RFC 7235; token
compared in constant time) or gets a 401. The Host/Origin allow-lists (DNS-rebinding
protection, bad Host → 421, bad Origin → 403) are enforced by the SDK from the settings made
here: an Origin must name the served host and port, or be listed with `--allow-origin`.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import re
import socket
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from workbench.model.errors import WorkbenchError

if TYPE_CHECKING:  # the SDK loads only when a server is built: bad flags are refused at once
    from mcp.server.transport_security import TransportSecuritySettings

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


class BindError(WorkbenchError):
    """`--http` names an address we refuse to serve on as asked."""


def parse_http_address(text: str) -> tuple[str, int]:
    """`PORT`, `HOST:PORT` or `[V6]:PORT` → (host, port); host defaults to 127.0.0.1."""
    if text.startswith("[") or "]" in text:
        bracketed = re.fullmatch(r"\[([^\[\]]+)\](?::(.*))?", text)
        if bracketed is None or bracketed.group(2) is None:
            raise BindError(
                f"--http {text!r}: the address is malformed; write an IPv6 host in brackets followed by "
                "the port, e.g. --http '[::1]:8765'."
            )
        host, port_text = bracketed.group(1), bracketed.group(2)
        if not _is_ipv6(host):
            raise BindError(
                f"--http {text!r}: {host} in brackets is not an IPv6 address; e.g. --http '[::1]:8765'."
            )
    else:
        host, _, port_text = text.rpartition(":")
        if ":" in host:
            raise BindError(
                f"--http {text!r}: the address is malformed; an IPv6 host goes in brackets, "
                "e.g. --http '[::1]:8765'."
            )
        host = host or "127.0.0.1"
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise BindError(
            f"--http {text!r}: give a port (0-65535) as PORT or HOST:PORT, e.g. --http 8765."
        )
    return host, int(port_text)


def _is_ipv6(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).version == 6
    except ValueError:
        return False


def parse_origin(text: str) -> str:
    """An `--allow-origin` value as a browser sends it (`scheme://host[:port]`), or BindError."""
    found = re.fullmatch(
        r"(https?)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?", text.strip()
    )
    if found is None or (found.group(3) is not None and not 0 < int(found.group(3)) <= 65535):
        raise BindError(
            f"--allow-origin {text!r}: give an origin as a browser sends it, scheme://host[:port] with no "
            "path, e.g. --allow-origin http://localhost:3000."
        )
    scheme, host, port = found.group(1), found.group(2).lower(), found.group(3)
    if port is not None and int(port) == _DEFAULT_PORTS[scheme]:
        port = None  # browsers leave the scheme's default port out of Origin
    return f"{scheme}://{host}" + (f":{int(port)}" if port is not None else "")


_DEFAULT_PORTS = {"http": 80, "https": 443}


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


def security_settings(
    host: str, port: int, allow_origins: Iterable[str] = ()
) -> TransportSecuritySettings:
    """DNS-rebinding protection: the Host and Origin values a request may carry for this bind.

    Host: a loopback name or the bound host, any port (a rebinding attack shows in the name).
    Origin: absent, or one of those names on the served PORT exactly, or one of `allow_origins`;
    a page on another local port (a dev server, another tool's UI) is a different origin."""
    from mcp.server.transport_security import TransportSecuritySettings

    names = list(LOOPBACK_NAMES)
    if not is_loopback(host):
        names.append(host)
        if _is_wildcard(host):
            hostname = socket.gethostname()
            names.extend([hostname, socket.getfqdn(hostname)])
    names = [f"[{name}]" if ":" in name else name for name in dict.fromkeys(names)]
    hosts = [f"{name}:*" for name in names]
    origins = [f"{scheme}://{name}:{port}" for name in names for scheme in ("http", "https")]
    origins += [
        f"{scheme}://{name}"
        for name in names
        for scheme, default in _DEFAULT_PORTS.items()
        if port == default
    ]
    origins += [parse_origin(origin) for origin in allow_origins]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts,
        allowed_origins=list(dict.fromkeys(origins)),
    )


def _is_wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::")


class BearerTokenMiddleware:
    """ASGI middleware: every HTTP request needs `Authorization: Bearer <token>`, else 401.
    The scheme is matched in any case (`bearer`, `BEARER`: RFC 7235 §2.1), the token exactly."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self._expected = token.encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not self._authorized(scope):
            body = json.dumps(
                {"error": "unauthorized", "error_description": "missing or wrong bearer token"}
            )
            await send(
                {
                    "type": "http.response.start",
                    "status": 401,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"www-authenticate", b'Bearer realm="mcp-workbench"'),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body.encode()})
            return
        await self.app(scope, receive, send)

    def _authorized(self, scope: dict[str, Any]) -> bool:
        for name, value in scope.get("headers", []):
            if name.lower() == b"authorization":
                scheme, _, credentials = value.strip().partition(b" ")
                # compare even when the scheme is wrong, so timing tells nothing about the token
                matches = hmac.compare_digest(credentials.strip(b" "), self._expected)
                return scheme.lower() == b"bearer" and matches
        return False
