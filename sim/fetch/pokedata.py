"""pokedata (www.pokedata.ovh): the live standings of Play! Pokémon premier events, scraped from RK9.

Link: the event's page ``https://www.pokedata.ovh/standings/{id}/{division}/`` (or an ``apiv2``
URL with ``/id/{id}``).  Fetched (endpoints as other clients of pokedata use them, not documented by
pokedata itself):

- the standings document of every division,
  ``GET /apiv2/division/masters+juniors+seniors/{game}/id/{id}`` (``game`` tcg, or vgc for a
  video-game link): ``{type, tournament{id, name, date, players, roundNumbers, tournamentStatus,
  rk9link}, tournament_data: [{division, data: [{name, placing, record, resistances, drop,
  rounds{"1": {name, result, table}}}]}]}`` (the shape of a real document of the 2024 World
  Championships, ``shared/data/real/pokemon/pokedata``);
- the current round's pairings document of each division (the endpoint :data:`PAIRINGS_URL` is
  assumed: no client or documentation found names it; a 404, or the ``{}`` one client reports
  unknown addresses answer with status 200, is noted, not an error): ``{tournament_data:
  [{division, data: {round, data: [{name, record, round_data{table, vs, result}}]}}]}``.

Real documents (``tests/data/fetch/real/pokedata``, and 114 more of RichardHpa/Pokemon-TCG-Standings):
a division without players is ``{"division": ..., "data": null}`` (39 divisions of 114
documents): it is noted and skipped, never a refusal of the whole document.

Written: both as one JSON object ``{"standings": <standings document>, "pairings": [<per-round
documents>]}``, the documents exactly as fetched: drawsafe's pokedata importer reads it (placings
kept for ``--check``).  The event is live until ``tournamentStatus`` is "finished"; a finished
event's documents are cached for good.
"""

from __future__ import annotations

import json
import re

from drawsafe.fetch.base import Fetched, Shape
from drawsafe.fetch.registry import Connector, Link, register

NAME = "pokedata"
BASE = "https://www.pokedata.ovh"
STANDINGS_URL = BASE + "/apiv2/division/masters+juniors+seniors/{game}/id/{id}"
#: Assumed (not documented): the per-round pairings document of one division.
PAIRINGS_URL = BASE + "/apiv2/division/{division}/{game}/id/{id}/round/{round}"


def fetch(link: Link) -> Fetched:
    url, http = link.url, link.http
    tid = link.id(r"/(?:standings|id|tournament|pairings)/([0-9A-Za-z]+)", hint="give the event's standings "
                  "page, e.g. https://www.pokedata.ovh/standings/0000128/masters/")
    game = "vgc" if re.search(r"vgc|/vg/", url, re.IGNORECASE) else "tcg"
    api = STANDINGS_URL.format(game=game, id=tid)
    body = http.get(api, what="the standings document")
    doc = http.json(body, api, "the standings document")
    finished = check_standings(doc, api)
    if finished:
        http.keep(api, body)
    tournament = doc["tournament"]
    divisions = [d["division"] for d in doc["tournament_data"] if d.get("data")]
    empty = [d["division"] for d in doc["tournament_data"] if not d.get("data")]
    current = current_rounds(doc)
    pairings, notes = [], []
    if empty:
        notes.append(f"pokedata lists no player in {', '.join(empty)}")
    for division in divisions if not finished else ():  # a finished event has no round in progress
        rnd = current.get(division, 0) + 1  # the round being played: the one after the standings'
        total = (tournament.get("roundNumbers") or {}).get(division)
        if isinstance(total, int) and rnd > total:
            continue
        purl = PAIRINGS_URL.format(division=division, game=game, id=tid, round=rnd)
        raw = http.get(purl, final=finished, what=f"the {division} pairings of round {rnd}", missing_ok=True)
        if raw is None:
            notes.append(f"pokedata has no pairings of {division} round {rnd} yet: the standings after round "
                         f"{rnd - 1} are used")
            continue
        pdoc = http.json(raw, purl, f"the {division} pairings of round {rnd}")
        if pdoc in ({}, [], None) or (isinstance(pdoc, dict) and not pdoc.get("tournament_data")):
            # what an unknown address is reported to answer (status 200): no pairings yet
            notes.append(f"pokedata has no pairings of {division} round {rnd} yet (an empty answer): the "
                         f"standings after round {rnd - 1} are used")
            continue
        check_pairings(pdoc, purl)
        pairings.append(pdoc)
    content = json.dumps({"standings": doc, "pairings": pairings}, ensure_ascii=False, indent=1).encode("utf-8")
    players = sum(len(d["data"] or []) for d in doc["tournament_data"])
    pending = reported = 0
    for p in pairings:
        for div in p["tournament_data"]:
            for row in div["data"]["data"]:
                rd = row.get("round_data") or {}
                if rd.get("vs") and rd.get("vs") != "BYE":
                    if rd.get("result") in ("W", "L", "T"):
                        reported += 1
                    else:
                        pending += 1
    return link.result(content, name=str(tournament.get("name") or tid), players=players,
                       rounds=max(current.values(), default=0) + (1 if pairings else 0), live=not finished,
                       reported=reported // 2, pending=(pending + 1) // 2, notes=notes)


def check_standings(doc, url: str) -> bool:
    """The standings document's shape (raises :class:`FetchError`); True when the event is finished."""
    s = Shape(NAME, url, "the standings document")
    tournament = s.get(doc, "tournament", dict)
    s.get(tournament, "name", str, "tournament")
    status = s.get(tournament, "tournamentStatus", str, "tournament", optional=True)
    data = s.items(s.get(doc, "tournament_data", list), "tournament_data")
    if not data:
        raise s.fail("tournament_data", "no division")
    for i, div in enumerate(data):
        where = f"tournament_data[{i}]"
        s.get(div, "division", str, where)
        rows = s.get(div, "data", list, where, optional=True) or []  # null: a division without players
        for j, row in enumerate(rows):
            at = f"{where}.data[{j}]"
            s.get(row, "name", str, at)
            s.get(row, "placing", int, at)
            record = s.get(row, "record", dict, at)
            for k in ("wins", "losses", "ties"):
                s.get(record, k, int, at + ".record")
            rounds = s.get(row, "rounds", dict, at, optional=True) or {}
            for r, cell in rounds.items():
                if not str(r).isdigit():
                    raise s.fail(f"{at}.rounds", f"round {r!r} is not a number")
                s.get(cell, "name", str, f"{at}.rounds.{r}")
    return (status or "").lower() == "finished"


def check_pairings(doc, url: str) -> None:
    s = Shape(NAME, url, "the pairings document")
    data = s.items(s.get(doc, "tournament_data", list), "tournament_data")
    for i, div in enumerate(data):
        where = f"tournament_data[{i}]"
        s.get(div, "division", str, where)
        inner = s.get(div, "data", dict, where)
        s.get(inner, "round", (int, str), where + ".data")
        for j, row in enumerate(s.items(s.get(inner, "data", list, where + ".data"), where + ".data.data")):
            s.get(row, "name", str, f"{where}.data.data[{j}]")
            s.get(row, "round_data", dict, f"{where}.data.data[{j}]", optional=True)


def current_rounds(doc) -> dict[str, int]:
    """Each division's latest round in its standings."""
    out = {}
    for div in doc["tournament_data"]:
        latest = 0
        for row in div["data"] or []:
            for r in (row.get("rounds") or {}):
                latest = max(latest, int(r))
        out[div["division"]] = latest
    return out


CONNECTOR = register(Connector(
    name=NAME, title="pokedata", hosts=("pokedata.ovh", "www.pokedata.ovh"),
    example="https://www.pokedata.ovh/standings/ID/masters/",
    description="pokedata (standings and the round's pairings)", fetch=fetch, format="pokedata",
    published="placing per player (pokedata's; 9999 = not placed)",
    fetched="`/apiv2/division/masters+juniors+seniors/tcg/id/ID` (every division); during a round, each "
            "division's pairings `/apiv2/division/DIV/tcg/id/ID/round/N` (endpoint assumed; a 404 is noted)",
    written='`{"standings": doc, "pairings": [docs]}`, the documents as fetched'))
