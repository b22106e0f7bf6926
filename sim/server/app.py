"""The ASGI application: the JSON API and the phone pages over :class:`~drawsafe.server.service.Service`.

:func:`create_app` builds it; ``drawsafe serve`` runs it with uvicorn.  Every error is a one-line
JSON ``{"error": ...}`` (API) or the same sentence on the page (HTML): 400 bad input, 403 wrong edit
token, 404 unknown event, 413 over a size limit, 422 bad options, 503 busy (Retry-After) or over the
job time.  Never a traceback, never a 500 from any input.
"""

from __future__ import annotations

import contextlib
import logging
import threading

import numba
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from drawsafe.app import registry
from drawsafe.app.warmup import warm_up
from drawsafe.errors import InputError
from drawsafe.server import live, openapi, pages
from drawsafe.server.config import ServerConfig
from drawsafe.server.middleware import BodyTooLarge, Forwarded, Guard
from drawsafe.server.options import commands
from drawsafe.server.responses import HANDLED, Refused, answer_response, error_json, status_of
from drawsafe.server.service import Service, label
from drawsafe.server.store import StorageFull
from drawsafe.tiebreaks.catalogue import catalogue
from drawsafe.writing import printable

log = logging.getLogger("drawsafe.server")


async def read_upload(request: Request, max_body: int, page: bool = True) -> tuple[bytes, str, dict]:
    """The event file of a request: a multipart field ``file`` (or ``text``, pasted), else the
    raw body; its display name; the other form fields.  Uploads stay in memory (Starlette spools
    parts over 1 MB to a temporary file, deleted when the form is closed).  For the API
    (``page=False``) only multipart bodies are forms: ``curl --data-binary @event.json`` labels
    the raw file as urlencoded."""
    kind = request.headers.get("content-type", "")
    forms = ("multipart/form-data", "application/x-www-form-urlencoded") if page else ("multipart/form-data",)
    if kind.startswith(forms):
        try:
            form = await request.form(max_files=2, max_fields=50, max_part_size=max_body)
        except HTTPException as e:
            raise Refused(400, f"the form could not be read: {e.detail}") from None
        except OSError as e:  # an upload over 1 MB is spooled to a temporary file: a full disk
            log.error("could not keep an upload: %s", e)
            request.app.state.service.storage_fault()
            raise StorageFull(f"the server could not keep the upload ({e.strerror or e}); nothing was "
                              "changed, ask the server's operator to free space") from None
        try:
            fields = {k: v for k, v in form.items() if isinstance(v, str)}
            upload = form.get("file")
            chosen = ""
            if isinstance(upload, UploadFile) and upload.filename:
                raw = await upload.read()
                if raw.strip():
                    return raw, label(upload.filename), fields
                chosen = label(upload.filename)
            text = fields.pop("text", "")
            if text.strip():
                return text.encode("utf-8", "surrogatepass"), "pasted text", fields
            if chosen:  # a file was chosen, and it holds nothing: say so, not "choose a file"
                raise Refused(400, f"{chosen}: the file is empty; choose the "
                                   "event's file, or paste its text")
            return b"", "upload", fields
        finally:
            await form.close()
    return await request.body(), label(request.query_params.get("filename")), {}


def warm() -> str:
    """Load every kernel a request uses (at start, before any question), compiling only those the cache
    lacks (after a first ``drawsafe draw`` most are there), so the first player does not wait for
    numba; says which in the log; returns how the simulations run in parallel (``/healthz``)."""
    report = warm_up()
    if report.compiled:
        log.info("compiled %d kernels the cache lacked in %.1f s (%.1f s in all; cache %s)",
                 len(report.compiled), report.compile_seconds, report.seconds, report.cache_dir)
    else:
        log.info("every kernel loaded from the cache in %.1f s (%s)", report.seconds, report.cache_dir)
    return f"{numba.get_num_threads()} threads (drawsafe.jit.in_chunks)"


def query_of(request: Request) -> dict:
    return dict(request.query_params)


def create_app(config: ServerConfig | None = None) -> Starlette:
    config = config or ServerConfig()
    service = Service(config)

    async def need_file(raw: bytes, name: str) -> None:
        if not raw.strip():
            raise InputError(name, None, "no event file given",
                             "send the file as the request body or as a multipart field named 'file'")

    # --- API
    async def api_command(request: Request):
        command = request.path_params["command"]
        try:
            served(command)
            o = service.options(command, query_of(request))
            raw, name, _ = await read_upload(request, config.max_body, page=False)
            await need_file(raw, name)
            result = await service.ask(command, raw, name, o)
        except HANDLED as e:
            return error_json(e)
        return answer_response(result)

    async def api_publish(request: Request):
        try:
            raw, name, _ = await read_upload(request, config.max_body, page=False)
            await need_file(raw, name)
            event_id, token, info = await service.publish(raw, name, query_of(request))
        except HANDLED as e:
            return error_json(e)
        url = pages.link(request, config.public_url, "event_page", event_id=event_id)
        return JSONResponse({"id": event_id, "url": url, "edit_token": token, "name": info.name,
                             "players": info.players, "after_round": info.after_round,
                             "total_rounds": info.total_rounds}, 201)

    async def api_event(request: Request):
        event_id = request.path_params["event_id"]
        try:
            stored = await run_in_threadpool(service.store.get, event_id)
            if stored is None:
                raise Refused(404, f"no published event {event_id!r} (it may have expired)")
            if request.method == "GET":
                return JSONResponse({"id": stored.id, "name": stored.name, "version": stored.version,
                                     "updated": stored.updated, "expires": stored.expires,
                                     "options": stored.options})
            token = edit_token(request)
            if not await run_in_threadpool(service.store.check_token, event_id, token):
                raise Refused(403, "wrong or missing edit token (send it as 'Authorization: Bearer TOKEN')")
            raw, name, _ = await read_upload(request, config.max_body, page=False)
            await need_file(raw, name)
            query = {k: v for k, v in query_of(request).items() if k != "token"}
            version, info = await service.replace(event_id, raw, name, query)
        except HANDLED as e:
            return error_json(e)
        url = pages.link(request, config.public_url, "event_page", event_id=event_id)
        return JSONResponse({"id": event_id, "url": url, "version": version, "name": info.name,
                             "after_round": info.after_round})

    async def api_event_command(request: Request):
        event_id, command = request.path_params["event_id"], request.path_params["command"]
        try:
            served(command)
            stored = await run_in_threadpool(service.store.get, event_id)
            if stored is None:
                raise Refused(404, f"no published event {event_id!r} (it may have expired)")
            o = service.options(command, query_of(request), stored.options)
            result = await service.ask(command, stored.content, stored.filename, o)
        except HANDLED as e:
            return error_json(e)
        return answer_response(result)

    async def api_event_state(request: Request):
        """Where the event's latest version and its round's answers stand (the open pages poll it)."""
        event_id = request.path_params["event_id"]
        try:
            state = await service.state(event_id)
            if state is None:
                raise Refused(404, f"no published event {event_id!r} (it may have expired)")
        except HANDLED as e:
            return error_json(e)
        return JSONResponse(state, headers={"Cache-Control": "no-store"})

    async def api_plan(request: Request):
        """A command that reads no event (``field``): its options are the query."""
        command = request.url.path.rsplit("/", 1)[-1]
        try:
            result = await service.plan(service.options(command, query_of(request)), command)
        except HANDLED as e:
            return error_json(e)
        return answer_response(result)

    async def api_rules(request: Request):
        return JSONResponse(catalogue().to_json())

    async def api_status(request: Request):
        return JSONResponse(service.jobs.status() | {"unexpected_errors": service.unexpected,
                                                     "storage_errors": service.storage_errors})

    async def healthz(request: Request):
        return JSONResponse({"status": "ok", "kernels": app.state.kernels,
                             "threading_layer": app.state.threading_layer})

    async def api_openapi(request: Request):
        return JSONResponse(openapi.document())

    routes = [
        Route("/healthz", healthz),
        Route("/api/openapi.json", api_openapi),
        Route("/api/status", api_status),
        Route("/api/rules", api_rules, methods=["GET"]),
        *[Route(f"/api/{c.name}", api_plan, methods=["GET"]) for c in registry.served(event=False)],
        Route("/api/events", api_publish, methods=["POST"]),
        Route("/api/events/{event_id}", api_event, methods=["GET", "PUT"]),
        Route("/api/events/{event_id}/state", api_event_state, methods=["GET"]),
        Route("/api/events/{event_id}/{command}", api_event_command, methods=["GET"]),
        Route("/api/{command}", api_command, methods=["POST"]),
        *pages.routes(service, read_upload, config.public_url),
        Mount("/static", StaticFiles(packages=[("drawsafe.server", "static")]), name="static"),
    ]

    async def on_error(request: Request, exc: Exception):
        try:
            status, message, headers = status_of(exc)
        except Exception:
            log.exception("unexpected error on %s %s", request.method, printable(request.url.path))
            service.unexpected += 1
            status, message, headers = 400, "the request could not be handled", {}
        if request.url.path.startswith("/api/") or request.url.path == "/healthz":
            return JSONResponse({"error": message}, status, headers=headers)
        return pages.error_page(request, status, message, headers)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        # Listen at once and warm the workers first thing: pages answer from the start, and a
        # question asked meanwhile waits in its lane (its progress says so).
        app.state.threading_layer = "not warmed"
        if config.warm:
            app.state.kernels = "warming"

            def done(fut):
                try:
                    said = fut.result()
                except Exception as e:  # noqa: BLE001  a failed warm-up leaves compiling on demand
                    app.state.kernels = "compiled on demand"
                    log.warning("warm-up failed (%s: %s): kernels compile when first asked", type(e).__name__, e)
                else:
                    app.state.kernels = "warm"
                    app.state.threading_layer = said
                    log.info("simulation worker warm: %s", said)

            if config.processes:
                service.jobs.warm()["heavy"].add_done_callback(done)
            else:
                service.jobs.start_now(lambda progress: warm()).add_done_callback(done)
        try:
            yield
        finally:
            service.close()
            service.jobs.close()

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={Exception: on_error, HTTPException: on_error, BodyTooLarge: on_error})
    app.state.service = service
    app.state.threading_layer = "not warmed"
    app.state.kernels = "compiled on demand"  # without warm-up (tests of the HTTP layer)
    live.install(app, service)  # the event's link: /live, publish by link, refresh while a round is in progress
    guarded = Guard(Forwarded(app, config.trusted_networks), config.max_body)
    guarded.service, guarded.starlette = service, app
    return guarded


def served(command: str) -> None:
    """:raises Refused: (404) when the API answers no such command with an event."""
    if command not in commands():
        raise Refused(404, f"no such command {command!r}; use one of {', '.join(commands())}")


def edit_token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.headers.get("x-edit-token") or request.query_params.get("token")


def serve(config: ServerConfig, say=None, *, host: str, port: int) -> None:
    """Run the server (:func:`create_app`) with uvicorn on ``host``:``port`` until it is stopped
    (``drawsafe serve``)."""
    import uvicorn

    app = create_app(config)
    # proxy_headers off: uvicorn's own believes X-Forwarded-* from 127.0.0.1 by default; the app's
    # Forwarded middleware believes them from --trusted-proxy only
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, access_log=False, log_level="info",
                                           timeout_graceful_shutdown=5, proxy_headers=False))
    exit_as_asked = server.handle_exit

    def handle_exit(sig, frame):
        # Stop the workers first, so that every request waiting on them is answered (503) within
        # the graceful shutdown instead of being cancelled with a traceback; a thread, because the
        # job queue's locks may be held by the code this signal interrupted.
        threading.Thread(target=app.service.jobs.close, name="drawsafe-close", daemon=True).start()
        exit_as_asked(sig, frame)

    server.handle_exit = handle_exit
    server.run()
