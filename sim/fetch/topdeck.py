"""TopDeck.gg: events through TopDeck's API (a key is needed, about 100 requests a minute,
attribution required).

Link: ``https://topdeck.gg/event/{TID}`` (or ``/bracket/{TID}``).  Fetched: ``GET
https://topdeck.gg/api/v2/tournaments/{TID}`` with the key in the ``Authorization`` header
(``--key`` or ``DRAWSAFE_TOPDECK_KEY``).  No answer of it is public; read as TopDeck's
OpenAPI and third-party clients give it: an envelope ``{data: {name, startDate, ...}, standings:
[{name, id, points, wins, losses, draws, opponentWinRate, gameWinRate, opponentGameWinRate}],
rounds: [{round: 1 ... or "Top 8", tables: [{table, players: [{name, id}], winner, winner_id,
status}]}]}``; the bulk answer's top-level ``tournamentName``/``swissNum`` are read too when
present.  ``winner`` is a player's name, "Draw", or empty while the table plays (``winner_id``,
when given, names the player by id); a table of one player, a ``status`` "Bye" or a ``table``
"Byes" (one table listing every player with a bye) gives each of its players a bye.
``winner_games``/``loser_games`` are not read: draws carry no game score.

Written: native JSON of the Swiss rounds (the "Top N" rounds are the playoff, left out), match
results only (TopDeck publishes no game scores: a win is 1-0, a draw 0-0-1, ``best_of`` 1), and
TopDeck's standings (points, record, OMW%, GW%, OGW% as TopDeck computes them) for ``--check``.
"""

from __future__ import annotations

from drawsafe.fetch.base import Fetched, Shape
from drawsafe.fetch.native import NativeEvent
from drawsafe.fetch.registry import Connector, Key, Link, register

NAME = "topdeck"
BASE = "https://topdeck.gg/api/v2/tournaments"
ENV_KEY = "DRAWSAFE_TOPDECK_KEY"
DONE = ("completed", "complete", "finished", "done")


def fetch(link: Link) -> Fetched:
    if not link.key:
        raise link.error("TopDeck's API needs a key", f"--key KEY or {ENV_KEY}")
    tid = link.id(r"/(?:event|bracket|tournaments)/([A-Za-z0-9_-]{6,40})",
                  hint="give the event's page, e.g. https://topdeck.gg/event/<TID>")
    api = f"{BASE}/{tid}"
    doc = link.http.get_json(api, headers={"Authorization": link.key}, what="the tournament")
    s = Shape(NAME, api, "the tournament")
    if not isinstance(doc, dict):
        raise s.fail("", "expected an object")
    info = s.get(doc, "data", dict, optional=True) or {}
    name = (s.get(info, "name", str, "data", optional=True) or s.get(doc, "tournamentName", str, optional=True)
            or s.get(doc, "name", str, optional=True) or tid)
    event = NativeEvent(str(name), best_of=1)
    swiss = s.get(info, "swissNum", int, "data", optional=True) or s.get(doc, "swissNum", int, optional=True)
    event.swiss_rounds = swiss
    ids: dict[str, str] = {}
    for i, row in enumerate(s.items(s.get(doc, "standings", list, optional=True) or [], "standings")):
        pname = s.get(row, "name", str, f"standings[{i}]")
        pid = row.get("id")
        if pid is not None:
            ids[str(pid)] = pname
    reported = pending = 0
    swiss_seen = 0
    playoff_done = None
    for i, rnd in enumerate(s.items(s.get(doc, "rounds", list), "rounds")):
        label = s.get(rnd, "round", (int, str), f"rounds[{i}]")
        tables = s.items(s.get(rnd, "tables", list, f"rounds[{i}]"), f"rounds[{i}].tables")
        if isinstance(label, str) and not label.strip().isdigit():  # "Top 8", "Top 4": the playoff
            playoff_done = all(t.get("winner") or t.get("winner_id") for t in tables if isinstance(t, dict))
            continue
        number = int(label)
        swiss_seen = max(swiss_seen, number)
        for j, table in enumerate(tables):
            where = f"rounds[{i}].tables[{j}]"
            seats = s.items(s.get(table, "players", list, where), where + ".players")
            names = [s.get(p, "name", str, f"{where}.players[{k}]") for k, p in enumerate(seats)]
            status = str(table.get("status") or "").lower()
            if len(names) == 1 or status == "bye" or str(table.get("table", "")).strip().lower() in ("bye", "byes"):
                for n in names:
                    event.match(number, n, None, kind="bye")
                continue
            if len(names) != 2:
                raise s.fail(where + ".players", f"{len(names)} players at a table (a Swiss table seats two)")
            a, b = names
            winner = table_winner(table, ids, s, where)
            if not winner or (status and status not in DONE and winner not in (a, b, "Draw", "draw")):
                event.match(number, a, b)
                pending += 1
            elif winner.lower() == "draw":
                event.match(number, a, b, [0, 0, 1])
                reported += 1
            elif winner in (a, b):
                event.match(number, a, b, [1, 0, 0] if winner == a else [0, 1, 0])
                reported += 1
            else:
                raise s.fail(where + ".winner", f"{winner!r} is not at the table")
    rows, notes = standings_rows(doc, s)
    event.standings = rows
    content = event.content(NAME, link.url)
    if swiss:
        finished = swiss_seen >= swiss and pending == 0 and playoff_done is not False
    else:  # no Swiss count given: finished once a playoff is played out, else live (and said)
        finished = pending == 0 and bool(playoff_done)
        if not finished:
            notes.append("TopDeck's answer does not say how many Swiss rounds the event has: give --rounds "
                         "when it matters")
    return link.result(content, name=str(name), players=len(event.players), rounds=swiss_seen, live=not finished,
                       reported=reported, pending=pending, notes=notes)


def table_winner(table: dict, ids: dict[str, str], s: Shape, where: str) -> str | None:
    """The winner's name, "Draw", or None while the table plays (``winner`` a name or an id,
    ``winner_id`` an id)."""
    winner = table.get("winner")
    if winner is not None and not isinstance(winner, str):
        winner = str(winner)
    if isinstance(winner, str) and winner.strip():
        return ids.get(winner, winner)
    wid = table.get("winner_id")
    if wid not in (None, ""):
        if str(wid) not in ids:
            raise s.fail(where + ".winner_id", f"{wid!r} is not a player of the standings")
        return ids[str(wid)]
    return None


def standings_rows(doc: dict, s: Shape) -> tuple[list[dict] | None, list[str]]:
    rows = []
    for i, row in enumerate(doc.get("standings") or []):
        where = f"standings[{i}]"
        values = {}
        for field, key in (("omw", "opponentWinRate"), ("gw", "gameWinRate"), ("ogw", "opponentGameWinRate")):
            v = row.get(key)
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                return None, [f"TopDeck's standings give no {key}: they are not kept for --check"]
            values[field] = float(v) / 100 if v > 1 else float(v)
        rows.append({"rank": int(row.get("standing") or i + 1), "player": s.get(row, "name", str, where),
                     "points": int(s.get(row, "points", (int, float), where)),
                     "wins": int(row.get("wins") or 0), "losses": int(row.get("losses") or 0),
                     "draws": int(row.get("draws") or 0), **values})
    return rows or None, []


CONNECTOR = register(Connector(
    name=NAME, title="TopDeck.gg", hosts=("topdeck.gg", "www.topdeck.gg"), example="https://topdeck.gg/event/TID",
    description="TopDeck.gg (API key needed)", fetch=fetch, format="json",
    published="points, record, OMW%, GW%, OGW% per player (TopDeck's own; match results only)",
    fetched="`/api/v2/tournaments/TID` (key in `Authorization`)",
    written="native JSON of the Swiss rounds, match results only (`best_of` 1)", interval=0.7,
    key=Key(ENV_KEY, "TopDeck's API key", f"TopDeck's API needs a key: --key KEY or {ENV_KEY}")))
