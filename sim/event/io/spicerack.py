"""Spicerack (Magic events run on Carde.io): its public decklist export,
``GET https://api.spicerack.gg/api/export-decklists/?num_days=N`` (no key; an ``X-API-Key`` header
for higher rates), a list of finished tournaments: ``TID``, ``tournamentName``, ``format``,
``bracketUrl``, ``players``, ``startDate`` (Unix seconds), ``swissRounds``, ``topCut`` and
``standings``: the top cut only, each ``name``, ``decklist``, ``winsSwiss``, ``lossesSwiss``,
``draws``, ``winsBracket``, ``lossesBracket``, in final order.

That is all the export gives: no pairings, no round, not the other players.  drawsafe reads one
tournament of it (``--division TID`` or its name; the only one, else the first, with a note) as
an event without Swiss rounds: its top cut's players, their Swiss records (3 points a win, 1 a
draw) as published standings in the export's order, which is the final order (the playoff's), and
final places; nothing can be recomputed or simulated, and the commands say so (``standings
--check`` checks the records against each other: its "order" differences are the playoff's).  An
event's pairings and current round are behind a store's API key (``/api/v1/magic-events/{id}``):
no answer of them is public, so they are not read.
"""

from __future__ import annotations

import time

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.io.formats import Format, register
from drawsafe.event.model import Event, PublishedStanding

FORMAT = "spicerack"


def looks_like_spicerack(data) -> bool:
    if isinstance(data, dict) and isinstance(data.get("spicerack"), list):
        return True
    return (isinstance(data, list) and bool(data) and isinstance(data[0], dict)
            and {"TID", "standings"} <= set(data[0]) and ("swissRounds" in data[0] or "bracketUrl" in data[0]))


def count(row: dict, key: str, file: str, where: str) -> int:
    v = row.get(key, 0)
    if v is None:
        return 0
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
        raise InputError(file, f"{where}.{key}", f"must be a whole number from 0 to 99, not {v!r}")
    return v


def read_spicerack(data, file: str, division: str | None = None) -> Event:
    """Read one tournament of Spicerack's export (see the module text).

    :raises InputError: for an empty export, a tournament not in it, a row without name or with
        counts that are not whole numbers.
    """
    events = data.get("spicerack") if isinstance(data, dict) else data
    events = [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []
    if not events:
        raise InputError(file, None, "Spicerack's export holds no tournament")
    notes = []
    if division is not None:
        chosen = [e for e in events if str(e.get("TID")) == division or str(e.get("tournamentName")) == division]
        if not chosen:
            raise InputError(file, None, f"no Spicerack tournament {division!r} in the export",
                             f"its tournaments: {', '.join(str(e.get('TID')) for e in events[:10])}")
        event = chosen[0]
    else:
        event = events[0]
        if len(events) > 1:
            notes.append(f"Spicerack's export holds {len(events)} tournaments: read {event.get('TID')} "
                         "(--division TID to choose)")
    at = f"tournament {event.get('TID')}"
    rows = event.get("standings")
    if not isinstance(rows, list) or not rows:
        raise InputError(file, f"{at}.standings", "no standings: Spicerack exports a tournament's top cut")
    b = EventBuilder(file, FORMAT)
    standings, places, longest = [], {}, 0
    for i, r in enumerate(rows):
        where = f"{at}.standings[{i}]"
        if not isinstance(r, dict):
            raise InputError(file, where, "a standings row must be an object")
        name = b.declare_player(str(r.get("name") or "").strip() or None, where)
        w, lo, d = (count(r, k, file, where) for k in ("winsSwiss", "lossesSwiss", "draws"))
        longest = max(longest, w + lo + d)
        standings.append(PublishedStanding(rank=i + 1, player=name, points=3 * w + d, wins=w, losses=lo, draws=d,
                                           omw=float("nan"), gw=float("nan"), ogw=float("nan")))
        places[name] = i + 1
    said = event.get("swissRounds")
    if isinstance(said, int) and not isinstance(said, bool) and said != longest:
        notes.append(f"the export says {said} Swiss rounds but its records hold up to {longest} Swiss matches")
    notes.append(f"Spicerack's export holds the top cut's records only ({len(rows)} of "
                 f"{event.get('players', '?')} players), no pairings: nothing to recompute or simulate; its "
                 "order is the final one (the playoff's), not the Swiss standings'")
    start = event.get("startDate")
    date = time.strftime("%Y-%m-%d", time.gmtime(start)) if isinstance(start, int) and 0 < start < 10**11 else None
    top = event.get("topCut") if isinstance(event.get("topCut"), int) and 0 < event["topCut"] <= 1024 else None
    return b.build(str(event.get("tournamentName") or at).strip(), date=date, rules="mtg", places=places,
                   standings=tuple(standings), top_cut=top, swiss_rounds=longest or None, notes=tuple(notes))


register(Format("spicerack", "Spicerack's decklist export (Magic), one tournament", read_spicerack,
                sniff=looks_like_spicerack, priority=60, division=True, page="[Battlefy and Spicerack](battlefy.md)"))
