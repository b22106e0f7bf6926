"""The event's link on the server: follow an event by its link, publish it by its link, and keep it
up to date while a round is in progress.

- ``POST /live`` (the home page's "paste the event's link"): the link's page, ``GET /live?url=...``:
  the event fetched from its platform (:mod:`drawsafe.fetch`), when it was last updated, "my
  table" by name; while a round is in progress the page reloads itself every :data:`REFRESH`
  seconds (no script: ``<meta http-equiv=refresh>``).
- ``POST /live/publish`` (the scorekeeper's publish, by link): the event is stored as an upload
  would be (players' link ``/e/ID``, QR code, edit link) and remembered with its link; every page
  and API answer of that event fetches it again when it is older than :data:`REFRESH` seconds
  and still in progress, and stores the new version when a result has come in.
- ``GET /api/live?url=...``: what the fetch found (JSON), fetched as the pages are.
- Followed in the background: a linked event in progress is fetched every :data:`REFRESH`
  seconds even when nobody asks (for :data:`FOLLOW_HOURS` after its last question), so that new
  pairings or results are stored, and their answers computed
  (:meth:`~drawsafe.server.service.Service.prepare`), before the players ask.

One fetch per event and round serves every player: fetches are shared by link (one at a time per
link, reused for :data:`REFRESH` seconds; a finished event is not fetched again), and the
connectors' own rate limit per platform and on-disk cache hold across the whole server.  API keys
of the platforms that need one come from the server's environment (``DRAWSAFE_LIMITLESS_KEY``,
``DRAWSAFE_TOPDECK_KEY``, ``DRAWSAFE_MELEE_KEY``, ``DRAWSAFE_SPICERACK_KEY``).

With ``drawsafe serve --scheduler tcp://HOST:PORT`` the questions' simulations run on that Dask
cluster (:class:`ClusterAsk`) instead of this machine; everything else stays here.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sqlite3
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import Route

from drawsafe.app.context import open_event
from drawsafe.app.options import values
from drawsafe.errors import UsageError
from drawsafe.fetch import FetchOptions, connector_of, fetch_checked, is_url, titles
from drawsafe.fetch.base import Fetched
from drawsafe.server import pages, verdicts
from drawsafe.server.names import find_player
from drawsafe.server.questions import answer
from drawsafe.server.responses import HANDLED, Refused, error_json, status_of

log = logging.getLogger("drawsafe.server")

#: Seconds after which a live event is fetched again (and its page reloads).
REFRESH = 30
#: Longest link accepted.
MAX_URL = 500
#: Hours a linked event in progress is followed in the background after its last question.
FOLLOW_HOURS = 12

LINKS = """
CREATE TABLE IF NOT EXISTS live_links (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL
)
"""


class Links:
    """Published events that follow a link (a table of the events database)."""

    def __init__(self, path: str):
        self.path = path
        self._local = threading.local()
        with self._db() as db:
            db.execute(LINKS)

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10.0)
            self._local.db = db
        return db

    def add(self, event_id: str, url: str) -> None:
        with self._db() as db:
            db.execute("INSERT OR REPLACE INTO live_links VALUES (?, ?)", (event_id, url))

    def get(self, event_id: str) -> str | None:
        row = self._db().execute("SELECT url FROM live_links WHERE id = ?", (event_id,)).fetchone()
        return row[0] if row else None


@dataclass
class Latest:
    """The last fetch of one link."""

    fetched: Fetched
    at: float


class Fetches:
    """Fetches shared by link: one at a time per link, reused while younger than :data:`REFRESH`
    seconds (for good once the event is finished)."""

    def __init__(self, options: FetchOptions | None = None, refresh: float = REFRESH):
        self.options = options or FetchOptions()
        self.refresh = refresh
        self.latest: dict[str, Latest] = {}
        self.locks: dict[str, asyncio.Lock] = {}

    def fresh(self, url: str) -> Latest | None:
        got = self.latest.get(url)
        if got is not None and (not got.fetched.live or time.time() - got.at < self.refresh):
            return got
        return None

    async def get(self, url: str) -> Latest:
        got = self.fresh(url)
        if got is not None:
            return got
        lock = self.locks.setdefault(url, asyncio.Lock())
        async with lock:
            got = self.fresh(url)  # fetched meanwhile by another request
            if got is not None:
                return got
            refresh = url in self.latest  # the disk cache's live copy is as old: ask the platform
            options = FetchOptions(key=self.options.key, refresh=refresh, timeout=self.options.timeout,
                                   cache=self.options.cache, interval=self.options.interval,
                                   retries=self.options.retries, backoff=self.options.backoff)
            fetched = await run_in_threadpool(fetch_checked, url, options)
            got = Latest(fetched, time.time())
            self.latest[url] = got
            return got


def link_of(text: str | None) -> str:
    """The link a form or query gives, checked (a platform drawsafe reads).

    :raises Refused: 400 with the reason."""
    url = (text or "").strip()
    if not url:
        raise Refused(400, f"paste the event's link ({titles()})")
    if len(url) > MAX_URL or not is_url(url):
        raise Refused(400, "that is not a link (it should start with https://)")
    connector_of(url)  # FetchError (400) for a platform drawsafe does not read
    return url


def ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 60:
        return f"{seconds} s ago"
    if seconds < 3600:
        return f"{seconds // 60} min ago"
    return f"{seconds // 3600} h ago"


def status(latest: Latest | None, url: str, refresh: float = REFRESH) -> dict | None:
    """What the pages show about a link: platform, when updated, in progress, results to come."""
    if latest is None:
        return None
    f = latest.fetched
    return {"url": url, "platform": f.platform, "name": f.name, "live": f.live, "round": f.rounds,
            "pending": f.pending, "reported": f.reported, "refresh": int(max(1, refresh)),
            "updated": time.strftime("%H:%M:%S UTC", time.gmtime(latest.at)), "ago": ago(time.time() - latest.at),
            "notes": list(f.notes)}


def label_of(url: str) -> str:
    """The name the event's messages give it: its link (as `drawsafe report LINK` would read it)."""
    return url


def install(app, service) -> None:
    """Add the link's routes and the refresh of linked events to the Starlette ``app`` of
    :func:`drawsafe.server.app.create_app` (and, with ``config.scheduler``, the cluster)."""
    links = Links(service.store.path)
    every = float(getattr(service.config, "live_refresh", REFRESH))
    fetches = Fetches(refresh=every)
    app.state.live_fetches = fetches
    if getattr(service.config, "scheduler", None):
        service.ask = ClusterAsk(service, service.config.scheduler)

    #: Linked events followed in the background: id -> when last asked about (time.monotonic()).
    followed: dict[str, float] = {}
    following: list[asyncio.Task] = []

    async def refresh_published(event_id: str, asked: bool = True) -> None:
        """A linked published event, fetched again when stale and stored when it changed (a new
        version: its round's answers are computed at once)."""
        url = await run_in_threadpool(links.get, event_id)
        if url is None:
            return
        stored = await run_in_threadpool(service.store.get, event_id)
        if stored is None:
            followed.pop(event_id, None)
            return
        if asked:
            follow(event_id)
        latest = await fetches.get(url)
        if not latest.fetched.live:
            followed.pop(event_id, None)  # finished: nothing more will come in
        rounds = swiss_rounds(stored.content)
        raw = with_rounds(latest.fetched, str(rounds) if rounds else "")
        if raw != stored.content:
            await service.replace(event_id, raw, stored.filename, {})

    def follow(event_id: str) -> None:
        """Follow ``event_id`` in the background from now (the follower starts with the first)."""
        followed[event_id] = time.monotonic()
        if not following or following[-1].done():
            following[:] = [service.start(follower())]

    async def follower() -> None:
        """Every ``every`` seconds, each followed event in progress fetched again (shared with the
        pages' fetches: no extra request while its last fetch is fresh); ends when none is left."""
        while followed:
            await asyncio.sleep(every)
            for event_id, asked in list(followed.items()):
                if time.monotonic() - asked > FOLLOW_HOURS * 3600:
                    followed.pop(event_id, None)
                    continue
                try:
                    await refresh_published(event_id, asked=False)
                except asyncio.CancelledError:
                    raise
                except Exception as e:  # noqa: BLE001  a platform's hiccup: the next turn tries again
                    log.warning("could not refresh followed event %s: %s", event_id, e)

    def live_status(event_id: str) -> dict | None:
        """For event.html: the link's status of a published event (None: not linked)."""
        url = links.get(event_id) if event_id else None
        return status(fetches.latest.get(url), url, every) if url else None

    pages.env.globals["live_status"] = live_status

    async def page(request: Request):
        """GET: the link's page; POST: the home page's form, sent on to it."""
        if request.method == "POST":
            form = await request.form()
            try:
                url = link_of(str(form.get("url", "")))
            except HANDLED as e:
                return page_error(e, str(form.get("url", "")).strip() or None)
            query = {"url": url, "top": str(form.get("top") or "auto")}
            for field in ("rules", "rounds"):
                if form.get(field):
                    query[field] = str(form.get(field))
            return RedirectResponse("/live?" + urlencode(query), 303)
        q = request.query_params
        name = q.get("name", "")
        try:
            url = link_of(q.get("url"))
            latest = await fetches.get(url)
            raw = latest.fetched.content
            options = service.options("draw", {k: v for k, v in (("top", q.get("top", "auto")),
                                                                    ("rules", q.get("rules", "")),
                                                                    ("rounds", q.get("rounds", ""))) if v})
            label = label_of(url)
            info = await service.info(raw, label, options)
            lookup = card = answered = None
            if name.strip():
                lookup = find_player(info.names, name)
                if lookup.name is not None and info.rounds_left:
                    answered = await service.ask("draw", raw, label, options)
                    card = pages.with_proofs(verdicts.card(answered.result, lookup.name, info), answered.result)
                elif lookup.name is not None:
                    card = verdicts.card(None, lookup.name, info)
        except HANDLED as e:
            return page_error(e, (q.get("url") or "").strip() or None)
        exact = getattr(answered.result, "exact", None) if answered else None
        places = getattr(answered.result, "places", {}).get(lookup.name) if answered and lookup else None
        rooting = getattr(answered.result, "root_for", {}).get(lookup.name, ()) if answered and lookup else ()
        return pages.render("live.html", title=info.name, info=info, live=status(latest, url, every), name=name,
                            lookup=lookup, card=card, top=options.top, rules=q.get("rules", ""),
                            cut_label=pages.cut_label(options, info, answered and answered.result),
                            rounds=q.get("rounds", ""),
                            exact=exact and exact.text(), places=places, rooting=rooting, event_id=None)

    async def publish(request: Request):
        """The scorekeeper's publish, by link."""
        form = await request.form()
        try:
            url = link_of(str(form.get("url", "")))
            latest = await fetches.get(url)
            query = {"top": str(form.get("top") or "auto"), "rules": str(form.get("rules") or "")}
            raw = with_rounds(latest.fetched, str(form.get("rounds") or ""))
            event_id, token, info = await service.publish(raw, label_of(url), query)
            await run_in_threadpool(links.add, event_id, url)
            if latest.fetched.live:
                follow(event_id)
        except HANDLED as e:
            return page_error(e, str(form.get("url", "")).strip() or None)
        players = pages.link(request, service.config.public_url, "event_page", event_id=event_id)
        edit = pages.link(request, service.config.public_url, "edit_page", event_id=event_id) + "?token=" + token
        return pages.render("published.html", 201, title=info.name, info=info, url=players, edit=edit,
                            qr=pages.qr_svg(players), event_id=event_id)

    async def api(request: Request):
        try:
            url = link_of(request.query_params.get("url"))
            latest = await fetches.get(url)
        except HANDLED as e:
            return error_json(e)
        return JSONResponse(latest.fetched.to_json() | {"updated": latest.at, "refresh": REFRESH})

    app.router.routes[0:0] = [Route("/live", page, methods=["GET", "POST"], name="live_page"),
                              Route("/live/publish", publish, methods=["POST"]),
                              Route("/api/live", api, methods=["GET"])]
    app.add_middleware(RefreshLinked, refresh=refresh_published)


def with_rounds(fetched: Fetched, rounds: str) -> bytes:
    """The fetched file, with the number of Swiss rounds the publisher gave written into it when
    the platform does not say (native JSON: melee.gg's pages)."""
    if not rounds.strip() or fetched.format != "json":
        return fetched.content
    try:
        n = int(rounds)
    except ValueError:
        raise Refused(422, f"rounds: {rounds!r} is not a whole number") from None
    if not 1 <= n <= 99:
        raise Refused(422, f"rounds: {n} is not in the range 1<=x<=99")
    data = json.loads(fetched.content)
    data.setdefault("swiss_rounds", n)
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def swiss_rounds(raw: bytes) -> int | None:
    try:
        value = json.loads(raw).get("swiss_rounds")
    except (ValueError, AttributeError):
        return None
    return value if isinstance(value, int) else None


def page_error(e: BaseException, url: str | None = None):
    """The error page; ``url``: the pasted link, kept in the form under the error (a phone should
    not make its owner paste it again)."""
    status_code, message, headers = status_of(e)
    return pages.render("error.html", status_code, headers, title="Error", error=message, live_url=url)


class RefreshLinked:
    """ASGI middleware: before any page or API answer about a published event (``/e/ID...``,
    ``/api/events/ID...``), a linked event that is stale is fetched again (and a new version
    stored when a result has come in).  A failed fetch keeps the stored version (logged)."""

    def __init__(self, app, refresh):
        self.app, self.refresh = app, refresh

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope.get("method") == "GET":
            parts = scope.get("path", "").strip("/").split("/")
            event_id = None
            if len(parts) >= 2 and parts[0] == "e":
                event_id = parts[1]
            elif len(parts) >= 3 and parts[:2] == ["api", "events"]:
                event_id = parts[2]
            if event_id and len(event_id) <= 40:
                try:
                    await self.refresh(event_id)
                except Exception as e:  # noqa: BLE001  a platform's hiccup must not take the page down
                    log.warning("could not refresh linked event %s: %s", event_id, e)
        await self.app(scope, receive, send)


class ClusterAsk:
    """``Service.ask`` with the job's work sent to a Dask cluster (``drawsafe serve --scheduler``):
    the same cache key, queue and de-duplication; the answer computed by :func:`remote_answer` on a
    worker (the same library, the same answer)."""

    def __init__(self, service, scheduler: str):
        try:
            from dask.distributed import Client
        except ImportError:
            raise UsageError("--scheduler needs dask.distributed: pip install 'dask[distributed]'") from None
        try:
            self.client = Client(scheduler, timeout=10)
        except (OSError, TimeoutError) as e:
            raise UsageError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({e})") from None
        self.service, self.scheduler = service, scheduler

    async def __call__(self, command: str, raw: bytes, name: str, request):
        service = self.service
        key = "|".join((command, hashlib.sha256(raw).hexdigest(), name,
                        json.dumps(values(request), sort_keys=True, default=str)))

        def job(progress):
            service.open(raw, name, request)  # the server's limits (size, players) checked here
            future = self.client.submit(remote_answer, command, raw, name, request, pure=False)
            return service._guard(name, lambda: future.result(timeout=service.config.job_time))

        return await service.jobs.submit(key, job, command)


def remote_answer(command: str, raw: bytes, name: str, request):
    """One question answered on a cluster worker (see :class:`ClusterAsk`)."""
    return answer(command, open_event(raw, name=name, **request.event_options()), request, None, name)
