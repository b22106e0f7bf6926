"""ASGI middleware: body size limit, security headers, one log line per request; the forwarded
headers of a trusted proxy."""

from __future__ import annotations

import html
import ipaddress
import json
import logging
import re
import time

from drawsafe.writing import printable

log = logging.getLogger("drawsafe.server")

#: No remote sources: everything comes from this server (inline styles only in the report page,
#: whose self-contained HTML is the one ``drawsafe report`` writes).
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
CSP_REPORT = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'"
SECRET = re.compile(r"(token=)[^&]*")


class BodyTooLarge(Exception):
    pass


def _error(status: int, message: str, page: bool = False) -> tuple[dict, bytes]:
    """The answer to a refused body: one line of JSON on the API, a page elsewhere (a form's
    upload is read by a person, on a phone)."""
    if page:
        text = html.escape(message)
        body = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
                f'content="width=device-width, initial-scale=1"><title>Too large · drawsafe</title>'
                f'<link rel="stylesheet" href="/static/app.css"></head><body><header class="top"><a href="/" '
                f'class="brand">drawsafe</a></header><main><p class="error" role="alert">{text}</p>'
                f'<p><a class="back" href="/">← Back to the start</a></p></main></body></html>').encode()
        kind = b"text/html; charset=utf-8"
    else:
        body = json.dumps({"error": message}).encode()
        kind = b"application/json"
    start = {"type": "http.response.start", "status": status,
             "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())]}
    return start, body


class Forwarded:
    """The client's scheme and address as a trusted reverse proxy forwards them: X-Forwarded-Proto
    (http or https) and the last address of X-Forwarded-For that is not a proxy's, believed only on
    a connection from one of the ``trusted`` networks (``drawsafe serve --trusted-proxy``); from
    anyone else they are a client's word and ignored (an https claim from a loopback client made
    every published link https)."""

    def __init__(self, app, trusted: tuple = ()):
        self.app, self.trusted = app, trusted

    def believed(self, address: str | None) -> bool:
        try:
            ip = ipaddress.ip_address(address or "")
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and self.trusted and self.believed((scope.get("client") or ("",))[0]):
            headers = dict(scope.get("headers") or [])
            scope = dict(scope)
            proto = headers.get(b"x-forwarded-proto", b"").decode("latin-1").split(",")[-1].strip().lower()
            if proto in ("http", "https"):
                scope["scheme"] = proto
            hops = [h.strip() for h in headers.get(b"x-forwarded-for", b"").decode("latin-1").split(",")]
            for hop in reversed(hops):  # the nearest hop first: the proxies' own, then the client
                if hop and not self.believed(hop):
                    scope["client"] = (hop, 0)
                    break
        return await self.app(scope, receive, send)


class Guard:
    """Refuses bodies over ``max_body`` (HTTP 413, from Content-Length or while reading), adds the
    security headers to every response and logs one line per request (edit tokens redacted)."""

    def __init__(self, app, max_body: int):
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.monotonic()
        status = {"code": 0}
        limit = self.max_body
        headers = dict(scope.get("headers") or [])
        try:
            declared = int(headers.get(b"content-length", b"0") or 0)
        except ValueError:
            declared = 0
        path = scope.get("path", "")
        query = SECRET.sub(r"\1***", scope.get("query_string", b"").decode("latin-1"))

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                         (b"x-frame-options", b"DENY")]
                names = {k.lower() for k, _ in message.get("headers", [])}
                if b"content-security-policy" not in names:
                    extra.append((b"content-security-policy", CSP.encode()))
                message = dict(message, headers=list(message.get("headers", [])) + extra)
            await send(message)

        received = {"n": 0}

        async def counted_receive():
            message = await receive()
            if message["type"] == "http.request":
                received["n"] += len(message.get("body", b""))
                if received["n"] > limit:
                    raise BodyTooLarge()
            return message

        try:
            if declared > limit:
                raise BodyTooLarge()
            await self.app(scope, counted_receive, send_with_headers)
        except BodyTooLarge:
            if status["code"]:
                raise
            page = not (path.startswith("/api/") or path == "/healthz")
            start, body = _error(413, f"the file is larger than this server's limit of {limit:,} bytes: "
                                      "send a smaller file (only the event's rounds are needed)", page)
            await send_with_headers(start)
            await send({"type": "http.response.body", "body": body})
        finally:
            log.info("%s %s%s %s %.0f ms", scope.get("method"), printable(path),
                     printable("?" + query) if query else "",
                     status["code"] or "-", 1000 * (time.monotonic() - started))
