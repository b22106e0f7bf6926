"""The phone pages: publish or analyse a file, an event's page with "my table", its draw table,
standings, odds and report.  Jinja2 templates, autoescaped; no external resources; forms work
without JavaScript (static/progress.js shows progress while a simulation runs, static/follow.js
updates an open card, All tables or odds page when a newer version's answer is ready).

Every figure a page shows comes from the typed results of :mod:`drawsafe.app.commands`, and the
same model of the other tables' draws (``others``) is behind every page, so a player reads one
number everywhere: the odds page's P(cut) is the mix the card's "if you draw" and "if you play"
imply.  An error page links back to where the player came from.
"""

from __future__ import annotations

import hashlib
import html
import ipaddress
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import segno
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from drawsafe.app import registry
from drawsafe.app.registry import Command
from drawsafe.event.cut import Cut
from drawsafe.event.sample import SAMPLE, sample_path
from drawsafe.server import verdicts
from drawsafe.server.names import find_player
from drawsafe.server.responses import HANDLED, Refused, answer_response, status_of
from drawsafe.simulation.words import table_words
from drawsafe.text import (
    VERDICT_WORDS,
    clock,
    interval_range,
    number,
    sentence_start,
    tiebreak_value,
    whole_percent,
)
from drawsafe.tiebreaks.cuts import CHANGE
from drawsafe.tiebreaks.packs import PACKS

env = Environment(loader=PackageLoader("drawsafe.server", "templates"),
                  autoescape=select_autoescape(default=True, default_for_string=True))
env.filters["pct"] = whole_percent
env.filters["ci"] = interval_range
env.filters["num"] = number
env.filters["tiebreak"] = tiebreak_value
env.filters["verdict_class"] = lambda verdict: VERDICT_WORDS[verdict].page_class
env.filters["row_id"] = lambda player: row_id(player)
env.filters["proven"] = lambda player, scenario: proven(player, scenario)
env.filters["clock"] = clock
env.filters["iso_time"] = lambda seconds: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))
env.filters["sentence_start"] = sentence_start  # not Jinja's capitalize, which lowercases every name
#: What a certainty proves of a player (drawsafe.simulation.certainty), said on the card.
SURE = ("clinched", "eliminated")
#: Seconds between two polls of an open page's event state (static/follow.js); at most the
#: server's ``--live-refresh``.
FOLLOW_EVERY = 15.0
#: The upload form's fields that are options of every question about the event.
FORM_OPTIONS = ("top", "rules", "after_round", "rounds", "cut_points", "day2")


def row_id(player: str) -> str:
    """The id of ``player``'s row on the standings and odds pages, which a card links to
    (``#p-...``): from a hash of the name, as a name may hold any character and an id no space."""
    return "p-" + hashlib.sha256(player.encode("utf-8")).hexdigest()[:12]


def proven(player: dict, scenario: str) -> str | None:
    """What is proven of a card's ``player`` (their JSON) if their table ends in ``scenario``
    ("draw", "play", "win", "loss"): "clinched" or "eliminated" (exact, never from a simulation:
    their ``certainty`` and ``certainty_if``), else None.  The card says it in place of a Monte
    Carlo interval beside a figure that is certain ("100% [99.81–100%]")."""
    overall = player.get("certainty")
    if overall in SURE:
        return overall
    ifs = player.get("certainty_if") or {}
    found = {ifs.get(r) for r in ("win", "draw", "loss")} if scenario == "play" else {ifs.get(scenario)}
    return found.pop() if len(found) == 1 and found <= set(SURE) else None


def with_proofs(card: dict | None, result) -> dict | None:
    """``card`` (:func:`~drawsafe.server.verdicts.card`) with what ``result`` proves of its two
    players (their ``certainty`` and ``certainty_if``, which :func:`proven` reads), when the
    answer carries a certainty (:mod:`drawsafe.simulation.certified`)."""
    proofs = getattr(result, "certainty", None)
    if not card or not hasattr(proofs, "of"):
        return card
    for side in ("me", "opponent"):
        shown = card.get(side)
        pc = proofs.of(shown["player"]) if isinstance(shown, dict) else None
        if pc is not None:
            card[side] = {**shown, **{k: v for k, v in pc.to_json().items() if k in ("certainty", "certainty_if")}}
    return card


def render(template: str, status: int = 200, headers: dict | None = None, **context) -> HTMLResponse:
    context.setdefault("packs", list(PACKS))
    return HTMLResponse(env.get_template(template).render(**context), status, headers=headers)


def back_link(request: Request) -> tuple[str, str]:
    """(address, words) of the page a player came from: their event's page, else the start."""
    parts = request.url.path.split("/")
    if len(parts) >= 3 and parts[1] == "e" and parts[2]:
        return f"/e/{parts[2]}", "Back to the event"
    return "/", "Back to the start"


def error_page(request: Request, status: int, message: str, headers: dict | None = None) -> HTMLResponse:
    href, words = back_link(request)
    return render("error.html", status, headers, title="Error", error=message, back=href, back_words=words)


def qr_svg(url: str) -> str:
    """The link as an inline SVG QR code (segno: no image file, no remote service)."""
    return segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", omitsize=True)


def loopback(url: str) -> bool:
    """The link names this machine only (127.0.0.1, ::1, localhost): useless on a phone."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def base_url(request: Request, public_url: str | None) -> str:
    """Where the links the server publishes start: ``--public-url``, else the address this
    connection reached the server at (its listening socket, ``scope["server"]``), never the
    request's Host header (a client's word: a link to another site, sent to every player)."""
    if public_url:
        return public_url.rstrip("/")
    server = request.scope.get("server") or ("127.0.0.1", 80)
    host, port = server[0], server[1] if len(server) > 1 else None
    if ":" in str(host):  # an IPv6 address
        host = f"[{host}]"
    scheme = "https" if request.scope.get("scheme") == "https" else "http"
    default = 443 if scheme == "https" else 80
    return f"{scheme}://{host}" + (f":{port}" if port and port != default else "")


def link(request: Request, public_url: str | None, name: str, **params) -> str:
    """The absolute link of route ``name`` (:func:`base_url` and the route's path)."""
    return base_url(request, public_url) + request.app.url_path_for(name, **params)


@dataclass(frozen=True)
class CutWords:
    """A page's cut in its two uses, both :class:`~drawsafe.event.cut.Cut`'s words: in a line of
    facts (``str``: "Top 8", "cut at 19+ points", "Top 8 through day 2 (19:5)") and in a sentence
    (:attr:`noun`: "Chance of making the Top 8", "... the cut at 19+ points")."""

    cut: Cut
    day2: str | None = None

    def __str__(self) -> str:
        return self.cut.noun(self.day2, article=False)

    @property
    def noun(self) -> str:
        return self.cut.noun(self.day2)


def cut_label(o, info, answer=None) -> CutWords:
    """The cut a page's request ``o`` asks for, in words (:class:`CutWords`): the cut of the
    ``answer``'s question when there is one (:attr:`~drawsafe.simulation.question.Question.cut`),
    else the event's own (``info.cut``, :class:`~drawsafe.server.tasks.EventInfo`) or the cut
    chosen (a Top N, a points cut)."""
    day2 = getattr(o, "day2", None)
    cut = getattr(answer, "cut", None)
    if cut is None:
        top, points = o.top, getattr(o, "cut_points", None)
        cut = info.cut if top in (None, "auto") and points is None else Cut(
            info.cut.top if top in (None, "auto") else top, points)
    return CutWords(cut, day2)


def routes(service, read_upload, public_url: str | None = None):
    """The page routes over ``service`` (a :class:`~drawsafe.server.service.Service`);
    ``public_url``: the address phones reach the server at (for the links and QR codes)."""
    env.globals["follow_every"] = f"{min(FOLLOW_EVERY, service.config.live_refresh):g}"

    def failure(e: Exception, template: str = "index.html", **context) -> HTMLResponse:
        status, message, headers = status_of(e)
        return render(template, status, headers, error=message, **context)

    def url_for(request: Request, name: str, **params) -> str:
        return link(request, public_url, name, **params)

    async def index(request: Request):
        return render("index.html", title="drawsafe")

    async def sample(request: Request):
        raw = await run_in_threadpool(Path(sample_path()).read_bytes)
        return Response(raw, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{SAMPLE}"'})

    def kept(got: dict) -> dict:
        """The form as sent (:func:`upload`'s ``got``), so the user can fix it and resend (a file
        that is not text is not pasted back)."""
        raw, fields = got.get("raw", b""), got.get("fields", {})
        text = ""
        if len(raw) <= 512 * 1024:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = ""
            if "\x00" in text:
                text = ""
        return {"text": text, "name": fields.get("name", ""),
                **{k: fields.get(k, "auto" if k == "top" else "") for k in FORM_OPTIONS}}

    async def upload(request: Request, got: dict) -> tuple[bytes, str, dict]:
        """The form's event (its bytes, file name and fields), kept in ``got`` as far as it was read
        (a refused form is shown again with it, :func:`kept`).

        :raises Refused: for an empty upload."""
        got["raw"], got["name"], got["fields"] = await read_upload(request, service.config.max_body)
        if not got["raw"].strip():
            raise Refused(400, "choose a file or paste the event's text")
        return got["raw"], got["name"], got["fields"]

    def form_query(fields: dict) -> dict:
        query = {"top": fields.get("top") or "auto", "rules": fields.get("rules", "")}
        for k in FORM_OPTIONS:
            if k not in query and fields.get(k, "").strip():
                query[k] = fields[k].strip()
        return query

    async def publish(request: Request):
        got: dict = {}
        try:
            raw, name, fields = await upload(request, got)
            event_id, token, info = await service.publish(raw, name, form_query(fields))
        except HANDLED as e:
            return failure(e, form=kept(got), title="drawsafe")
        return published_page(request, event_id, token, info, 201, form_query(fields)["top"])

    def published_page(request, event_id, token, info, status=200, top="auto"):
        url = url_for(request, "event_page", event_id=event_id)
        edit = url_for(request, "edit_page", event_id=event_id) + "?token=" + token
        own = str(top) in ("auto", str(info.cut.top))  # the event's own cut, preselected or "auto"
        cut = info.cut_note.replace(f" ({CHANGE})", "") if own else f"{Cut(int(top)).label()}, as chosen"
        return render("published.html", status, title=info.name, info=info, url=url, edit=edit,
                      qr=qr_svg(url), event_id=event_id, loopback=loopback(url), cut=cut)

    async def analyse(request: Request):
        got: dict = {}
        try:
            raw, name, fields = await upload(request, got)
            o = service.options("draw", {k: v for k, v in form_query(fields).items() if v})
            info = await service.info(raw, name, o)
            answered = await service.ask("draw", raw, name, o) if info.rounds_left else None
        except HANDLED as e:
            return failure(e, form=kept(got), title="drawsafe")
        lookup = find_player(info.names, fields["name"]) if fields.get("name", "").strip() else None
        report = answered.result if answered else None
        card = with_proofs(verdicts.card(report, lookup.name, info), report) if lookup and lookup.name else None
        return render("private.html", title=info.name, info=info, draw=answered and answered.data,
                      said=said_of(report), lookup=lookup, card=card, top=o.top,
                      cut_label=cut_label(o, info, report))

    async def event_cut(request: Request):
        """The cut the publish form preselects for a file (its script asks when a file is chosen):
        the event's own (:meth:`~drawsafe.app.opened.OpenedEvent.cut`) and why, as JSON."""
        try:
            raw, name, fields = await upload(request, {})
            query = {k: v for k, v in form_query(fields).items() if v and k != "top"}
            info = await service.info(raw, name, service.options("draw", query))
        except HANDLED as e:
            status, message, _ = status_of(e)
            return JSONResponse({"error": message}, status)
        return JSONResponse({"top": info.cut.top, "why": info.cut_note.replace(f" ({CHANGE})", "")})

    async def stored_event(event_id: str):
        stored = await run_in_threadpool(service.store.get, event_id)
        if stored is None:
            raise Refused(404, f"no published event {event_id!r} (it may have expired)")
        return stored

    def event_query(request: Request) -> dict:
        """The options a player may set on an event's pages: the snapshot (after_round)."""
        after = request.query_params.get("after_round", "")
        return {"after_round": after} if after.strip() else {}

    async def event_page(request: Request):
        event_id = request.path_params["event_id"]
        name = request.query_params.get("name", "")
        try:
            stored = await stored_event(event_id)
            o = service.options("draw", event_query(request), stored.options)
            info = await service.info(stored.content, stored.filename, o)
            lookup = card = answered = None
            if name.strip():
                lookup = find_player(info.names, name)
                if lookup.name is not None:
                    answered = await service.ask("draw", stored.content, stored.filename, o) \
                        if info.rounds_left else None
                    result = answered and answered.result
                    card = with_proofs(verdicts.card(result, lookup.name, info), result)
        except HANDLED as e:
            status, message, headers = status_of(e)
            return error_page(request, status, message, headers)
        url = url_for(request, "event_page", event_id=event_id)
        suffix = f"?{urlencode(event_query(request))}" if event_query(request) else ""
        return render("event.html", title=info.name, info=info, event_id=event_id, name=name, lookup=lookup,
                      card=card, top=o.top, cut_label=cut_label(o, info, answered and answered.result),
                      version=stored.version, updated=stored.updated, follow=not event_query(request),
                      qr=qr_svg(url),
                      url=url, suffix=suffix, after_round=o.after_round, file_rounds=stored_rounds(info))

    def stored_rounds(info) -> list[int]:
        """The snapshots a finished (or any) event offers: after each Swiss round but the last."""
        return list(range(1, info.total_rounds))

    async def event_view(request: Request):
        event_id, view = request.path_params["event_id"], request.path_params["view"]
        try:
            command = registry.COMMANDS.get(view)
            if command is None or command.page is None:
                raise Refused(404, f"no page {view!r}; there are {', '.join(registry.views())}")
            stored = await stored_event(event_id)
            base = dict(stored.options)
            info = await service.info(stored.content, stored.filename,
                                      service.options("draw", event_query(request), base))
            page = Page(request, service, command, stored, info, dict(request.query_params), base)
            shown = await registry.resolve(command.page)(page)
        except HANDLED as e:
            status, message, headers = status_of(e)
            return error_page(request, status, message, headers)
        if isinstance(shown, Response):
            return shown
        answered, extra = shown
        o = page.options
        suffix = f"?{urlencode(event_query(request))}" if event_query(request) else ""
        return render(f"{view}.html", title=info.name, info=info, event_id=event_id, data=answered.data,
                      top=getattr(o, "top", None),
                      cut_label=cut_label(o, info, answered.result) if hasattr(o, "top") else "",
                      suffix=suffix, version=stored.version, updated=stored.updated,
                      follow=not event_query(request), **extra)

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
                return published_page(request, event_id, token, info, top=form_query(fields)["top"])
        except HANDLED as e:
            return failure(e, "edit.html", title="Update", event_id=event_id, token=token,
                           form=kept({"raw": raw, "fields": fields}))
        form = {k: "" if stored.options.get(k) is None else str(stored.options.get(k)) for k in FORM_OPTIONS}
        form["top"] = form["top"] or "auto"
        return render("edit.html", title=f"Update {stored.name}", event_id=event_id, token=token, form=form)

    return [
        Route("/", index, methods=["GET"]),
        Route("/sample.json", sample, methods=["GET"]),
        Route("/publish", publish, methods=["POST"]),
        Route("/analyse", analyse, methods=["POST"]),
        Route("/cut", event_cut, methods=["POST"]),
        Route("/e/{event_id}", event_page, methods=["GET"], name="event_page"),
        Route("/e/{event_id}/edit", edit_page, methods=["GET", "POST"], name="edit_page"),
        Route("/e/{event_id}/{view}", event_view, methods=["GET"]),
    ]


@dataclass
class Page:
    """An event's page of one command (``/e/{id}/NAME``, its declaration's ``page``: one of the view
    functions below, which answers it with the command's answer and the template's extra context,
    or with a response of its own)."""

    request: Request
    service: Any
    command: Command
    stored: Any
    info: Any
    query: dict
    base: dict
    #: The command's request, once :meth:`answer` has parsed it.
    options: Any = None

    async def answer(self):
        """The command's answer to the page's query (a published event's choices as defaults)."""
        self.options = self.service.options(self.command.name, self.query, self.base)
        if self.command.simulates and not self.info.rounds_left:
            raise Refused(422, f"all {self.info.total_rounds} Swiss rounds are played after round "
                               f"{self.info.after_round}: choose an earlier round on the event's page")
        return await self.ask(self.options)

    async def ask(self, options):
        return await self.service.ask(self.command.name, self.stored.content, self.stored.filename, options)


async def plain_page(page: Page):
    return await page.answer(), {}


async def draw_page(page: Page):
    answered = await page.answer()
    return answered, {"said": said_of(answered.result)}


async def pairings_page(page: Page):
    answered = await page.answer()
    return answered, {"method": answered.result.method}


async def standings_page(page: Page):
    """The standings, compared with the file's published ones when it has them (``check``)."""
    if page.info.checkable and "check" not in page.query:
        page.query["check"] = "true"
    answered, extra = await page.answer(), {}
    if page.options.check:
        extra["check"] = answered.data
        answered = await page.ask(replace(page.options, check=False))
    extra["tiebreaks"] = [(t.key, t.percent, t.decimals) for t in answered.result.rules.tiebreaks]
    return answered, extra


async def report_page(page: Page):
    """The report as `drawsafe report` writes it, with a way back to its event."""
    answered = await page.answer()
    back = (f'<p style="margin:.5rem 0"><a href="/e/{html.escape(page.stored.id)}'
            f'{html.escape(event_suffix(page.request))}">← {html.escape(page.info.name)}</a></p>')
    return answer_response(replace(answered, html=answered.html.replace("<body><main>", "<body><main>" + back, 1)))


def event_suffix(request: Request) -> str:
    """The snapshot a page was asked for, as the query of a link to its event's page."""
    after = request.query_params.get("after_round", "")
    return f"?{urlencode({'after_round': after})}" if after.strip() else ""


def said_of(report) -> list:
    """Each evaluated table's verdict in words (:func:`drawsafe.simulation.words.table_words`)."""
    if report is None:
        return []
    return [table_words(t, report.cut, report.safe) for t in report.tables]
