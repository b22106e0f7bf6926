"""The phone pages: publish or analyse a file, an event's page with "my table", its draw table,
standings, odds and report.  Jinja2 templates, autoescaped; no external resources; forms work
without JavaScript (static/progress.js only shows progress while a simulation runs)."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import segno
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from drawsafe.event.sample import SAMPLE, sample_path
from drawsafe.server import verdicts
from drawsafe.server.names import find_player
from drawsafe.server.responses import HANDLED, Refused, answer_response, status_of
from drawsafe.tiebreaks.packs import PACKS

log = logging.getLogger("drawsafe.server")
env = Environment(loader=PackageLoader("drawsafe.server", "templates"),
                  autoescape=select_autoescape(default=True, default_for_string=True))
env.filters["pct"] = verdicts.pct
env.filters["ci"] = verdicts.ci_text
env.filters["num"] = verdicts.num
VIEWS = ("draw", "standings", "odds", "pairings", "report")


def render(template: str, status: int = 200, headers: dict | None = None, **context) -> HTMLResponse:
    context.setdefault("packs", list(PACKS))
    return HTMLResponse(env.get_template(template).render(**context), status, headers=headers)


def error_page(request: Request, status: int, message: str, headers: dict | None = None) -> HTMLResponse:
    return render("error.html", status, headers, title="Error", error=message)


def qr_svg(url: str) -> str:
    """The link as an inline SVG QR code (segno: no image file, no remote service)."""
    return segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", omitsize=True)


def routes(service, read_upload):
    """The page routes over ``service`` (a :class:`~drawsafe.server.service.Service`)."""
    def failure(e: Exception, template: str = "index.html", **context) -> HTMLResponse:
        status, message, headers = status_of(e)
        return render(template, status, headers, error=message, **context)

    async def index(request: Request):
        return render("index.html", title="drawsafe")

    async def sample(request: Request):
        raw = await run_in_threadpool(Path(sample_path()).read_bytes)
        return Response(raw, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{SAMPLE}"'})

    def kept(raw: bytes, fields: dict) -> dict:
        """The form as sent, so the user can fix the file and resend."""
        text = ""
        if len(raw) <= 512 * 1024:
            text = raw.decode("utf-8", "replace")
        return {"text": text, "top": fields.get("top", "8"), "rules": fields.get("rules", ""),
                "name": fields.get("name", "")}

    def form_query(fields: dict) -> dict:
        return {"top": fields.get("top") or "8", "rules": fields.get("rules", "")}

    async def publish(request: Request):
        raw, name, fields = b"", "upload", {}
        try:
            raw, name, fields = await read_upload(request, service.config.max_body)
            if not raw.strip():
                raise Refused(400, "choose a file or paste the event's text")
            event_id, token, info = await service.publish(raw, name, form_query(fields))
        except HANDLED as e:
            return failure(e, form=kept(raw, fields), title="drawsafe")
        return published_page(request, event_id, token, info, 201)

    def published_page(request, event_id, token, info, status=200):
        url = str(request.url_for("event_page", event_id=event_id))
        edit = str(request.url_for("edit_page", event_id=event_id)) + "?token=" + token
        return render("published.html", status, title=info.name, info=info, url=url, edit=edit,
                      qr=qr_svg(url), event_id=event_id)

    async def analyse(request: Request):
        raw, name, fields = b"", "upload", {}
        try:
            raw, name, fields = await read_upload(request, service.config.max_body)
            if not raw.strip():
                raise Refused(400, "choose a file or paste the event's text")
            o = service.options("draw", {k: v for k, v in form_query(fields).items() if v})
            info = await service.info(raw, name, o)
            answered = await service.ask("draw", raw, name, o) if info.rounds_left else None
        except HANDLED as e:
            return failure(e, form=kept(raw, fields), title="drawsafe")
        lookup = find_player(info.names, fields["name"]) if fields.get("name", "").strip() else None
        card = verdicts.card(answered and answered.result, lookup.name, info) if lookup and lookup.name else None
        return render("private.html", title=info.name, info=info, draw=answered and answered.data, lookup=lookup,
                      card=card, top=o.top)

    async def stored_event(event_id: str):
        stored = await run_in_threadpool(service.store.get, event_id)
        if stored is None:
            raise Refused(404, f"no published event {event_id!r} (it may have expired)")
        return stored

    async def event_page(request: Request):
        event_id = request.path_params["event_id"]
        name = request.query_params.get("name", "")
        try:
            stored = await stored_event(event_id)
            o = service.options("draw", {}, stored.options)
            info = await service.info(stored.content, stored.filename, o)
            lookup = card = None
            if name.strip():
                lookup = find_player(info.names, name)
                if lookup.name is not None:
                    answered = await service.ask("draw", stored.content, stored.filename, o) \
                        if info.rounds_left else None
                    card = verdicts.card(answered and answered.result, lookup.name, info)
        except HANDLED as e:
            return failure(e, "error.html", title="Error")
        url = str(request.url_for("event_page", event_id=event_id))
        return render("event.html", title=info.name, info=info, event_id=event_id, name=name,
                      lookup=lookup, card=card, top=o.top, version=stored.version, qr=qr_svg(url), url=url)

    async def event_view(request: Request):
        event_id, view = request.path_params["event_id"], request.path_params["view"]
        try:
            if view not in VIEWS:
                raise Refused(404, f"no page {view!r}; there are {', '.join(VIEWS)}")
            stored = await stored_event(event_id)
            query = {k: v for k, v in request.query_params.items()}
            base = dict(stored.options)
            info = await service.info(stored.content, stored.filename, service.options("draw", {}, base))
            if view == "standings" and info.has_standings and "check" not in query:
                query["check"] = "true"
            o = service.options(view, query, base)
            if view in ("draw", "odds", "report") and not info.rounds_left:
                raise Refused(422, f"no Swiss round left to play after round {info.after_round}")
            result = await service.ask(view, stored.content, stored.filename, o)
            extra = {}
            if view == "standings" and o.check:
                plain = replace(o, check=False)
                extra["check"] = result.data
                result = await service.ask(view, stored.content, stored.filename, plain)
        except HANDLED as e:
            return failure(e, "error.html", title="Error")
        if view == "report":
            return answer_response(result)
        return render(f"{view}.html", title=info.name, info=info, event_id=event_id, data=result.data,
                      top=getattr(o, "top", None), **extra)

    async def edit_page(request: Request):
        """GET: the form behind the secret edit link; POST: replace the file (same id)."""
        event_id = request.path_params["event_id"]
        token, raw, name, fields = request.query_params.get("token", ""), b"", "upload", {}
        try:
            stored = await stored_event(event_id)
            if request.method == "POST":
                raw, name, fields = await read_upload(request, service.config.max_body)
                token = fields.get("token", "")
            if not await run_in_threadpool(service.store.check_token, event_id, token):
                raise Refused(403, "this edit link is not valid for this event (wrong token)")
            if request.method == "POST":
                if not raw.strip():
                    raise Refused(400, "choose the new file or paste its text")
                _, info = await service.replace(event_id, raw, name, form_query(fields))
                return published_page(request, event_id, token, info)
        except HANDLED as e:
            return failure(e, "edit.html", title="Update", event_id=event_id, token=token,
                           form=kept(raw, fields))
        return render("edit.html", title=f"Update {stored.name}", event_id=event_id, token=token,
                      form={"top": stored.options.get("top", 8), "rules": stored.options.get("rules") or ""})

    return [
        Route("/", index, methods=["GET"]),
        Route("/sample.json", sample, methods=["GET"]),
        Route("/publish", publish, methods=["POST"]),
        Route("/analyse", analyse, methods=["POST"]),
        Route("/e/{event_id}", event_page, methods=["GET"], name="event_page"),
        Route("/e/{event_id}/edit", edit_page, methods=["GET", "POST"], name="edit_page"),
        Route("/e/{event_id}/{view}", event_view, methods=["GET"]),
    ]
