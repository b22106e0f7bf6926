"""cobra (Null Signal Games' tournament manager, Netrunner): an event's NRTM export.

Link: ``https://tournaments.nullsignal.games/tournaments/{id}`` (the export's own ``links`` name it
as ``uploadedfrom``).  Fetched: ``GET /tournaments/{id}.json``, public, no key (PLATFORMS.md):
the NRTM JSON (``name, date, preliminaryRounds, cutToTop, players[{id, name, rank, matchPoints,
strengthOfSchedule, extendedStrengthOfSchedule}], rounds[[{table, player1{id, runnerScore,
corpScore, combinedScore}, player2, intentionalDraw, twoForOne, eliminationGame}]]``).

Written: the export unchanged, read by drawsafe's cobra reader (:mod:`drawsafe.event.io.cobra`,
its published ranks and SOS/ESOS kept for ``--check``).  Live while a paired table of the latest
Swiss round has no score or fewer Swiss rounds than announced are paired.
"""

from __future__ import annotations

import re

from drawsafe.fetch.base import Fetched, FetchError, Shape
from drawsafe.fetch.http import Http
from drawsafe.fetch.summary import read_checked, summarise

NAME = "cobra"
BASE = "https://tournaments.nullsignal.games"
HOSTS = ("tournaments.nullsignal.games",)


def matches(url: str) -> bool:
    m = re.match(r"^[a-z]+://([^/:?#]+)", url.strip(), re.IGNORECASE)
    return bool(m) and m.group(1).lower() in HOSTS


def event_id(url: str) -> str:
    m = re.search(r"/tournaments/([A-Za-z0-9_-]+?)(?:\.json)?(?:[/?#]|$)", url)
    if not m:
        raise FetchError(NAME, url, "no tournament id in the link",
                         "give the event's page, e.g. https://tournaments.nullsignal.games/tournaments/WIR7")
    return m.group(1)


def fetch(url: str, http: Http, key: str | None = None) -> Fetched:
    tid = event_id(url)
    api = f"{BASE}/tournaments/{tid}.json"
    body = http.get(api, what="the NRTM export")
    doc = http.json(body, api, "the NRTM export")
    s = Shape(NAME, api, "the NRTM export")
    if not isinstance(doc, dict):
        raise s.fail("", "expected an object")
    s.items(s.get(doc, "players", list), "players")
    s.items(s.get(doc, "rounds", list), "rounds")
    event = read_checked(NAME, api, body, "cobra")
    players, rounds, reported, pending, live = summarise(event)
    if not live and http.cache is not None:  # a finished event never changes: kept for good
        http.cache.put(http.cache.key("GET", api, None), api, body, True)
    return Fetched(NAME, url, body, "cobra", ".json", event.name, players, rounds, live, reported, pending,
                   http.documents, http.cached, notes=event.notes,
                   published="rank, match points, SOS and extended SOS per player (cobra's)")
