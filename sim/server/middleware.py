"""ASGI middleware: body size limit, security headers, one log line per request."""

from __future__ import annotations

import json
import logging
import re
import time

log = logging.getLogger("drawsafe.server")

#: No remote sources: everything comes from this server (inline styles only in the report page,
#: whose self-contained HTML is the one ``drawsafe report`` writes).
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
CSP_REPORT = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'"
SECRET = re.compile(r"(token=)[^&]*")


class BodyTooLarge(Exception):
    pass


def _error(status: int, message: str) -> tuple[dict, bytes]:
    body = json.dumps({"error": message}).encode()
    start = {"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]}
    return start, body


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
            start, body = _error(413, f"the request body is larger than this server's limit of "
                                      f"{limit:,} bytes")
            await send_with_headers(start)
            await send({"type": "http.response.body", "body": body})
        finally:
            log.info("%s %s%s %s %.0f ms", scope.get("method"), path, "?" + query if query else "",
                     status["code"] or "-", 1000 * (time.monotonic() - started))
