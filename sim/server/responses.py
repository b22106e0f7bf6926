"""Errors as HTTP answers, and a command's answer as an HTTP response: one status and one line for
every error the library or the server raises on purpose."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.responses import HTMLResponse, JSONResponse, Response

from drawsafe.app.options import OptionError
from drawsafe.errors import DrawsafeError, InputError, StorageError
from drawsafe.server.jobs import JobTimeout, QueueFull
from drawsafe.server.middleware import CSP_REPORT, BodyTooLarge
from drawsafe.server.service import TooLarge, Unexpected
from drawsafe.server.store import StorageBusy
from drawsafe.server.workers import Lost, Stopped


class Refused(Exception):
    """An HTTP error with its one-line message."""

    def __init__(self, status: int, message: str, headers: dict | None = None):
        self.status, self.message, self.headers = status, message, headers or {}
        super().__init__(message)


#: The errors a route turns into a status and one line; anything else is a bug, answered by
#: ``on_error`` (400, one line, the trace in the log, counted in /api/status's unexpected errors).
HANDLED = (Refused, QueueFull, JobTimeout, Stopped, Lost, TooLarge, BodyTooLarge, OptionError, DrawsafeError,
           HTTPException)


def status_of(e: BaseException) -> tuple[int, str, dict]:
    """The HTTP status, the one-line message and extra headers for an error."""
    if isinstance(e, Refused):
        return e.status, e.message, e.headers
    if isinstance(e, QueueFull):
        return 503, str(e), {"Retry-After": str(e.retry_after)}
    if isinstance(e, (JobTimeout, Stopped)):  # stopped at the job time, or by a shutdown
        return 503, str(e), {}
    if isinstance(e, Lost):  # a failure in a worker that could not be sent back whole
        return 400, str(e), {}
    if isinstance(e, (TooLarge, BodyTooLarge)):
        return 413, str(e) or "the request body is over this server's limit", {}
    if isinstance(e, StorageBusy):  # the database could not be written now: not the client's fault
        return 503, str(e), {"Retry-After": "5"}
    if isinstance(e, StorageError):  # a full disk: 507 Insufficient Storage, not the client's fault
        return 507, str(e), {}
    if isinstance(e, OptionError):
        return 422, str(e), {}
    if isinstance(e, (InputError, Unexpected)):
        return 400, str(e), {}
    if isinstance(e, DrawsafeError):  # UsageError: options the event cannot satisfy
        return 422, str(e), {}
    if isinstance(e, HTTPException):
        return e.status_code, str(e.detail), {}
    raise e


def error_json(e: BaseException) -> JSONResponse:
    status, message, headers = status_of(e)
    return JSONResponse({"error": message}, status, headers=headers)


def answer_response(result) -> Response:
    if result.html is not None:
        return HTMLResponse(result.html, headers={"Content-Security-Policy": CSP_REPORT})
    return Response(result.json_text() + "\n", media_type="application/json")
