"""Play Hub (Carde.io): Disney Lorcana's events, and Riftbound's on its own host with the same
shapes (PLATFORMS.md; :mod:`drawsafe.event.io.playhub` reads the answers).

Links: an event page of ``ravensburgerplay.com`` (Lorcana) or ``riftbound.uvsgames.com``
(Riftbound) holding ``/events/{id}``.  Fetched, public, no key, from
``https://api.cloudflare.ravensburgerplay.com/hydraproxy/api/v2`` (Riftbound:
``api.cloudflare.riftbound.uvsgames.com``):

- ``GET /events/{id}/``: the event, its phases and rounds (``id, round_number, status,
  pairings_status, standings_status``);
- for every round whose pairings are out, ``GET /tournament-rounds/{rid}/matches/paginated/
  ?page=N&page_size=`` :data:`PAGE` until ``next_page_number`` is null;
- the standings of the latest such round, ``/tournament-rounds/{rid}/standings/paginated/``
  (older events answer only ``/standings/``, tried when the paginated address is not found).

A round's matches or a page the platform does not have (404) is left out with a note; the
reader then says what is missing.  Written: the bundle ``{"event", "rounds": {"<round id>":
{"matches": [pages], "standings": [pages]}}}``, every answer unchanged.
"""

from __future__ import annotations

import json

from drawsafe.fetch.base import Fetched, Shape, host_of
from drawsafe.fetch.http import Http
from drawsafe.fetch.registry import Connector, Link, register
from drawsafe.fetch.summary import read_back

NAME = "playhub"
#: The API of each game's Play Hub, by the host of its links.
APIS = {"ravensburgerplay.com": "https://api.cloudflare.ravensburgerplay.com/hydraproxy/api/v2",
        "riftbound.uvsgames.com": "https://api.cloudflare.riftbound.uvsgames.com/hydraproxy/api/v2"}
#: Rows asked per page (the Play Hub site itself asks 10).
PAGE = 100
#: Most pages followed for one answer (a loop guard: 100 pages of 100 rows is a large event).
MAX_PAGES = 100


def api_of(url: str) -> str:
    """The API of a Play Hub link's game (a link the connector matches)."""
    host = host_of(url)
    return next(api for suffix, api in APIS.items() if host == suffix or host.endswith("." + suffix))


def fetch(link: Link) -> Fetched:
    http = link.http
    api = api_of(link.url)
    eid = link.id(r"/events/(\d+)", hint="give the event's page, e.g. https://tcg.ravensburgerplay.com/events/159805")
    event_url = f"{api}/events/{eid}/"
    event = http.get_json(event_url, what="the event")
    rounds = listed_rounds(event, event_url)
    bundle: dict = {"event": event, "rounds": {}}
    notes: list[str] = []
    fetched = []
    for rd in rounds:
        if not rd["paired"]:
            continue
        where = f"{api}/tournament-rounds/{rd['id']}/matches/paginated/"
        pages = pages_of(http, where, rd["final"], f"the matches of round {rd['number']}", notes)
        if pages is None:
            notes.append(f"Play Hub has no matches of round {rd['number']} (id {rd['id']}): left out")
            continue
        bundle["rounds"][rd["id"]] = {"matches": pages}
        fetched.append(rd)
    if fetched:
        rd = fetched[-1]
        what = f"the standings of round {rd['number']}"
        pages = pages_of(http, f"{api}/tournament-rounds/{rd['id']}/standings/paginated/", rd["final"], what, notes)
        if pages is None:  # older events: the unpaginated answer only
            plain = f"{api}/tournament-rounds/{rd['id']}/standings/"
            raw = http.get(plain, final=rd["final"], what=what, missing_ok=True)
            pages = [http.json(raw, plain, what)] if raw is not None else None
        if pages is None:
            notes.append(f"Play Hub has no standings of round {rd['number']} (id {rd['id']}): none kept for --check")
        else:
            bundle["rounds"][rd["id"]]["standings"] = pages
    content = json.dumps(bundle, ensure_ascii=False, indent=1).encode("utf-8")
    return read_back(link, content, notes=notes, live=any(not rd["final"] for rd in rounds))


def listed_rounds(event, url: str) -> list[dict]:
    """The event's rounds in order: id, number, paired (pairings out or the round started), final."""
    s = Shape(NAME, url, "the event")
    if not isinstance(event, dict):
        raise s.fail("", "expected an object")
    out = []
    for i, phase in enumerate(s.items(s.get(event, "tournament_phases", list), "tournament_phases")):
        where = f"tournament_phases[{i}]"
        for j, rd in enumerate(s.items(s.get(phase, "rounds", list, where), where + ".rounds")):
            at = f"{where}.rounds[{j}]"
            rid = s.get(rd, "id", (int, str), at)
            status = str(rd.get("status") or "").upper()
            pairings = str(rd.get("pairings_status") or "").upper()
            out.append({"id": str(rid), "number": s.get(rd, "round_number", int, at),
                        "paired": pairings == "GENERATED" or status in ("IN_PROGRESS", "COMPLETE"),
                        "final": status == "COMPLETE"})
    return out


def pages_of(http: Http, url: str, final: bool, what: str, notes: list[str]) -> list | None:
    """Every page of a paginated answer (None when the first is not found; a later page not found
    is noted and the pages before kept)."""
    pages: list = []
    page = 1
    while page <= MAX_PAGES:
        at = f"{url}?page={page}&page_size={PAGE}"
        raw = http.get(at, final=final, what=what, missing_ok=True)
        if raw is None:
            if page == 1:
                return None
            notes.append(f"Play Hub has no page {page} of {what}: {len(pages)} page(s) kept")
            return pages
        doc = http.json(raw, at, what)
        pages.append(doc)
        nxt = doc.get("next_page_number") if isinstance(doc, dict) else None
        if not isinstance(nxt, int) or isinstance(nxt, bool) or nxt <= page:
            return pages
        page = nxt
    return pages


CONNECTOR = register(Connector(
    name=NAME, title="Play Hub", hosts=tuple(APIS), example="https://tcg.ravensburgerplay.com/events/ID",
    description="Play Hub: Lorcana (Riftbound: riftbound.uvsgames.com)", fetch=fetch, format="playhub",
    published="rank, record, match points, OMW%, GW%, OGW% of the latest round (Play Hub's)",
    fetched="`GET {api}/events/ID/` (Riftbound's API on `api.cloudflare.riftbound.uvsgames.com`); per paired "
            "round its matches (`/tournament-rounds/RID/matches/paginated/`, every page) and the latest paired "
            "round's standings",
    written="the bundle of answers, unchanged", subdomains=True))
