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

from drawsafe.fetch.base import Fetched, Shape
from drawsafe.fetch.registry import Connector, Link, register
from drawsafe.fetch.summary import read_back

NAME = "cobra"
BASE = "https://tournaments.nullsignal.games"


def fetch(link: Link) -> Fetched:
    tid = link.id(r"/tournaments/([A-Za-z0-9_-]+?)(?:\.json)?(?:[/?#]|$)", problem="no tournament id in the link",
                  hint="give the event's page, e.g. https://tournaments.nullsignal.games/tournaments/WIR7")
    api = f"{BASE}/tournaments/{tid}.json"
    body = link.http.get(api, what="the NRTM export")
    doc = link.http.json(body, api, "the NRTM export")
    s = Shape(NAME, api, "the NRTM export")
    if not isinstance(doc, dict):
        raise s.fail("", "expected an object")
    s.items(s.get(doc, "players", list), "players")
    s.items(s.get(doc, "rounds", list), "rounds")
    fetched = read_back(link, body, at=api)
    if not fetched.live:
        link.http.keep(api, body)
    return fetched


CONNECTOR = register(Connector(
    name=NAME, title="cobra", hosts=("tournaments.nullsignal.games",),
    example="https://tournaments.nullsignal.games/tournaments/ID",
    description="cobra: Netrunner (the NRTM export)", fetch=fetch, format="cobra",
    published="rank, match points, SOS and extended SOS per player (cobra's)",
    fetched="`GET /tournaments/ID.json`", written="the NRTM export, unchanged"))
