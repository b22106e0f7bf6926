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

from drawsafe.fetch.base import Fetched
from drawsafe.fetch.registry import Connector, Key, Link, register
from drawsafe.fetch.summary import read_checked

NAME = "spicerack"
API = "https://api.spicerack.gg/api/export-decklists/"
ENV_KEY = "DRAWSAFE_SPICERACK_KEY"
#: Days of finished events the export is asked for.
DAYS = 30


def fetch(link: Link) -> Fetched:
    tid = link.id(r"/events/(\d{1,12})", hint="give the event's page, e.g. https://www.spicerack.gg/events/3135276/tournament")
    at = f"{API}?num_days={DAYS}"
    doc = link.http.get_json(at, what="the decklist export", headers={"X-API-Key": link.key} if link.key else None)
    if not isinstance(doc, list):
        raise link.error("the decklist export: expected a list of tournaments",
                         "Spicerack answered in a shape drawsafe does not know; please report this URL", at)
    found = [e for e in doc if isinstance(e, dict) and str(e.get("TID")) == tid]
    if not found:
        raise link.error(f"tournament {tid} is not in Spicerack's decklist export of the last {DAYS} days",
                         "the export lists finished events with their top cut only; a live event's pairings "
                         "need a store's API key drawsafe does not use")
    content = json.dumps(found[:1], ensure_ascii=False, indent=1).encode("utf-8")
    event = read_checked(NAME, link.url, content, "spicerack")
    return link.result(content, name=event.name, players=len(event.players), rounds=0, live=False,
                       notes=event.notes)


CONNECTOR = register(Connector(
    name=NAME, title="Spicerack", hosts=("spicerack.gg", "www.spicerack.gg"),
    example="https://www.spicerack.gg/events/TID/...", description="Spicerack: Magic (the top cut's records only)",
    fetch=fetch, format="spicerack", published="the top cut's Swiss records in final order (Spicerack's export)",
    fetched="`GET api.spicerack.gg/api/export-decklists/?num_days=30` (`X-API-Key` with `--key`)",
    written="the export's entry of that tournament",
    key=Key(ENV_KEY, "Spicerack's X-API-Key", f"Spicerack refused the request; with a key give --key KEY or {ENV_KEY}")))
