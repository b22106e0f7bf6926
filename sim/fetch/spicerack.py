"""Spicerack (Magic events on Carde.io): a finished tournament's top cut, from the public
decklist export.

Link: ``https://www.spicerack.gg/events/{TID}/...``.  Fetched: ``GET
https://api.spicerack.gg/api/export-decklists/?num_days=`` :data:`DAYS` (no key needed; with
``--key`` or ``DRAWSAFE_SPICERACK_KEY`` sent as ``X-API-Key``, for higher rates), the tournament
``TID`` picked from it.  Written: the export's list holding that tournament only, read by
:mod:`drawsafe.event.io.spicerack` (the top cut's records: nothing to simulate).  An event's
pairings need a store's API key on endpoints no public answer shows: not read.
"""

from __future__ import annotations

import json
import re

from drawsafe.fetch.base import Fetched, FetchError
from drawsafe.fetch.http import Http
from drawsafe.fetch.summary import read_checked

NAME = "spicerack"
API = "https://api.spicerack.gg/api/export-decklists/"
HOSTS = ("spicerack.gg", "www.spicerack.gg")
ENV_KEY = "DRAWSAFE_SPICERACK_KEY"
#: Days of finished events the export is asked for.
DAYS = 30


def matches(url: str) -> bool:
    m = re.match(r"^[a-z]+://([^/:?#]+)", url.strip(), re.IGNORECASE)
    return bool(m) and m.group(1).lower() in HOSTS


def event_id(url: str) -> str:
    m = re.search(r"/events/(\d{1,12})", url)
    if not m:
        raise FetchError(NAME, url, "no event id in the link",
                         "give the event's page, e.g. https://www.spicerack.gg/events/3135276/tournament")
    return m.group(1)


def fetch(url: str, http: Http, key: str | None = None) -> Fetched:
    tid = event_id(url)
    at = f"{API}?num_days={DAYS}"
    doc = http.json(http.get(at, what="the decklist export", headers={"X-API-Key": key} if key else None),
                    at, "the decklist export")
    if not isinstance(doc, list):
        raise FetchError(NAME, at, "the decklist export: expected a list of tournaments",
                         "Spicerack answered in a shape drawsafe does not know; please report this URL")
    found = [e for e in doc if isinstance(e, dict) and str(e.get("TID")) == tid]
    if not found:
        raise FetchError(NAME, url, f"tournament {tid} is not in Spicerack's decklist export of the last {DAYS} days",
                         "the export lists finished events with their top cut only; a live event's pairings "
                         "need a store's API key drawsafe does not use")
    content = json.dumps(found[:1], ensure_ascii=False, indent=1).encode("utf-8")
    event = read_checked(NAME, url, content, "spicerack")
    return Fetched(NAME, url, content, "spicerack", ".json", event.name, len(event.players), 0, False, 0, 0,
                   http.documents, http.cached, notes=event.notes,
                   published="the top cut's Swiss records in final order (Spicerack's export)")
