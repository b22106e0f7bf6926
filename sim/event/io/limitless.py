"""Limitless tournament data (the public API of play.limitlesstcg.com) import and export.

The API's three documents of one tournament (``GET /tournaments/{id}/details``, ``/standings``,
``/pairings``; documented in Limitless-TCG/lotp-docs, developer/tournaments.md) are read either
from a folder holding ``details.json``, ``standings.json`` and ``pairings.json`` or from one JSON
object ``{"details": {...}, "standings": [...], "pairings": [...]}``.  Only ``pairings`` is
required.

- ``details.phases``: ``[{"phase": 1, "type": "SWISS", "rounds": 9, "mode": "BO3"}, ...]``; the
  Swiss phase's ``rounds`` is the number of Swiss rounds, ``mode`` the best-of; phases of other
  types are the playoff.  Without details, phase 1 is the Swiss and later phases the playoff.
- ``standings``: ``{"player": id, "name": display name, "placing": 1, "record": {"wins",
  "losses", "ties"}, "drop": round or null}``.  Names are the display names (the ids when there
  are no standings); two players with the same display name are "name (id)".  ``drop`` is "the
  round during which they did so": the player's last round is that round when they are paired in
  it, else the round before.
- ``pairings``: ``{"round", "phase", "table", "player1", "player2", "winner"}``; ``winner`` is a
  player id, ``0`` a tie, ``-1`` a double loss, missing or null not reported yet.  A pairing
  without ``player2`` is a bye when ``winner`` is ``player1``, else a match loss without opponent
  (a late player's missed round).  A live bracket is one "round" internally: its matches are put
  into successive playoff rounds by their ``match`` label (``T8-1`` before ``T4-1``), else by
  each player's order of appearance.

Like TOM files, the data has no game scores: a win is stored as 1-0-0, a tie as 0-0-1.
:func:`to_limitless` writes an event back in the same shape.
"""

from __future__ import annotations

import json
import os
import re

from drawsafe.errors import InputError, UsageError
from drawsafe.event.io.build import MAX_ROUNDS, EventBuilder, check_best_of
from drawsafe.event.io.files import load_json
from drawsafe.event.io.formats import Folder, Format, register
from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, LOSS, MATCH, Event, Match
from drawsafe.writing import write_atomic

PARTS = ("details", "standings", "pairings")
SWISS = "SWISS"
#: Most players, rounds and pairings accepted (large online events have a few thousand players).
MAX_PLAYERS = 100_000
MAX_PAIRINGS = 2_000_000


def looks_like_limitless(data: object) -> bool:
    return isinstance(data, dict) and isinstance(data.get("pairings"), list) and (
        "standings" in data or "details" in data or all(isinstance(p, dict) and "player1" in p
                                                        for p in data["pairings"][:5]))


def read_folder(folder: str) -> Event:
    """Read a folder with ``pairings.json`` (and optionally ``details.json``, ``standings.json``)."""
    data: dict = {}
    for part in PARTS:
        path = os.path.join(folder, f"{part}.json")
        if os.path.exists(path):
            data[part] = load_json(path)
    if "pairings" not in data:
        raise InputError(folder, None, "the folder has no pairings.json",
                         "a Limitless folder holds pairings.json, and optionally details.json and standings.json")
    return read_limitless(data, folder)


def read_limitless(data: object, file: str) -> Event:
    """Build an event from the Limitless documents (see the module text).

    :raises InputError: naming the file and the entry for a wrong shape, an unknown player, a
        winner who is not at the table, or anything the shared checks of :class:`EventBuilder` reject.
    """
    if not isinstance(data, dict):
        raise InputError(file, None, "Limitless data must be a JSON object with a 'pairings' list",
                         "or a folder of details.json, standings.json and pairings.json")
    details = data.get("details") or {}
    if not isinstance(details, dict):
        raise InputError(file, "details", "must be an object (the /details document)")
    phases, swiss_rounds, best_of = read_phases(details, file)
    names, drops = read_standings(data.get("standings"), file)
    pairings = data.get("pairings")
    if not isinstance(pairings, list):
        raise InputError(file, "pairings", "must be a list of pairings (the /pairings document)")
    if len(pairings) > MAX_PAIRINGS:
        raise InputError(file, "pairings", f"more than {MAX_PAIRINGS:,} pairings")
    b = EventBuilder(file, "limitless", best_of=best_of)
    swiss, playoff = [], []
    for i, p in enumerate(pairings):
        where = f"pairings[{i}]"
        if not isinstance(p, dict):
            raise InputError(file, where, "a pairing must be an object with round, player1, player2, winner")
        phase = p.get("phase", 1)
        if isinstance(phase, bool) or not isinstance(phase, int):
            raise InputError(file, where, f"phase must be a whole number, not {phase!r}")
        is_swiss = phases.get(phase, phase == 1)
        (swiss if is_swiss else playoff).append((i, p))
    for i, p in swiss:
        where = f"pairings[{i}]"
        rnd = round_number(p, file, where)
        b.add_match(read_pairing(p, rnd, file, where + f" (round {rnd})", names))
    last_swiss = max(b.rounds, default=0)
    for number, (i, p) in playoff_rounds(playoff, file):
        rnd = last_swiss + number
        if rnd > MAX_ROUNDS:
            raise InputError(file, f"pairings[{i}]", f"more than {MAX_ROUNDS} rounds")
        b.playoff_rounds.add(rnd)
        b.round_names[rnd] = f"Top cut round {number}"
        b.add_match(read_pairing(p, rnd, file, f"pairings[{i}] (top cut round {number})", names))
    for player, (rnd, where) in drops.items():
        if player not in b.seen:
            continue
        after = rnd if any(player in m.players for m in b.rounds.get(rnd, ())) else rnd - 1
        b.add_drop(player, max(after, 0), where)
    places = {}
    for name, place in names.values():
        if place is not None and name in b.seen:
            places[name] = place
    top = None
    if playoff:
        first = min(r for r in b.playoff_rounds)
        top = 2 * sum(1 for m in b.rounds[first] if m.player_b is not None) + sum(
            1 for m in b.rounds[first] if m.kind == BYE)
    from drawsafe.event.io.tdf import swiss_rounds_of

    title = details.get("name")
    known = swiss_rounds if swiss_rounds is not None else (last_swiss if playoff else None)
    rounds, notes = swiss_rounds_of(known, last_swiss, len(b.seen))
    return b.build(str(title) if isinstance(title, str) and title.strip() else os.path.basename(file.rstrip("/")),
                   date=(details.get("date")[:10] if isinstance(details.get("date"), str) else None),
                   swiss_rounds=rounds, rules="pokemon", top_cut=top, places=places, notes=notes)


def read_phases(details: dict, file: str) -> tuple[dict[int, bool], int | None, int]:
    phases = details.get("phases", [])
    if not isinstance(phases, list):
        raise InputError(file, "details.phases", "must be a list of phases")
    out: dict[int, bool] = {}
    swiss_rounds = None
    best_of = 3
    for i, ph in enumerate(phases):
        where = f"details.phases[{i}]"
        if not isinstance(ph, dict):
            raise InputError(file, where, "a phase must be an object with phase, type, rounds")
        number = ph.get("phase", i + 1)
        if isinstance(number, bool) or not isinstance(number, int):
            raise InputError(file, where, f"phase must be a whole number, not {number!r}")
        kind = ph.get("type")
        if not isinstance(kind, str):
            raise InputError(file, where, f"type must be a text such as \"SWISS\", not {kind!r}")
        out[number] = kind.upper() == SWISS
        if out[number]:
            rounds = ph.get("rounds")
            if rounds is not None:
                if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
                    raise InputError(file, where, f"rounds must be from 1 to {MAX_ROUNDS}, not {rounds!r}")
                swiss_rounds = (swiss_rounds or 0) + rounds
            mode = ph.get("mode")
            if isinstance(mode, str) and re.fullmatch(r"BO[0-9]{1,2}", mode.upper()):
                best_of = check_best_of(int(mode[2:]), file, where + ".mode")
            elif mode is not None:
                raise InputError(file, where, f"mode must be BO1, BO3 or BO5, not {mode!r}")
    return out, swiss_rounds, best_of


def read_standings(rows: object, file: str) -> tuple[dict[str, tuple[str, int | None]], dict[str, tuple[int, str]]]:
    """Players by id: (unique display name, placing); drops by name: (round, where)."""
    if rows is None:
        return {}, {}
    if not isinstance(rows, list):
        raise InputError(file, "standings", "must be a list of players (the /standings document)")
    if len(rows) > MAX_PLAYERS:
        raise InputError(file, "standings", f"more than {MAX_PLAYERS:,} players")
    raw: dict[str, tuple[str, int | None, object, str]] = {}
    for i, r in enumerate(rows):
        where = f"standings[{i}]"
        if not isinstance(r, dict):
            raise InputError(file, where, "a standings entry must be an object with player, name, placing")
        pid = r.get("player")
        if not isinstance(pid, str) or not pid.strip():
            raise InputError(file, where, f"player must be the player's id (a text), not {pid!r}")
        if pid in raw:
            raise InputError(file, where, f"player {pid!r} is listed twice")
        name = r.get("name")
        if name is None:
            name = pid
        if not isinstance(name, str) or not name.strip():
            raise InputError(file, where, f"name must be a non-empty text, not {name!r}")
        placing = r.get("placing")
        if placing is not None and (isinstance(placing, bool) or not isinstance(placing, int) or
                                    not 1 <= placing <= MAX_PLAYERS):
            raise InputError(file, where, f"placing must be a whole number from 1, not {placing!r}")
        raw[pid] = (name, placing, r.get("drop"), where)
    count: dict[str, int] = {}
    for name, *_ in raw.values():
        count[name] = count.get(name, 0) + 1
    names: dict[str, tuple[str, int | None]] = {}
    drops: dict[str, tuple[int, str]] = {}
    taken: dict[str, str] = {}
    for pid, (name, placing, drop, where) in raw.items():
        unique = f"{name} ({pid})" if count[name] > 1 else name
        if unique in taken:
            raise InputError(file, where, f"players {taken[unique]!r} and {pid!r} both end up named {unique!r}")
        taken[unique] = pid
        names[pid] = (unique, placing)
        if drop is not None:
            if isinstance(drop, bool) or not isinstance(drop, int) or not 0 <= drop <= MAX_ROUNDS:
                raise InputError(file, where, f"drop must be a round number or null, not {drop!r}")
            drops[unique] = (drop, where + ".drop")
    return names, drops


def round_number(p: dict, file: str, where: str) -> int:
    rnd = p.get("round")
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= MAX_ROUNDS:
        raise InputError(file, where, f"round must be a whole number from 1 to {MAX_ROUNDS}, not {rnd!r}")
    return rnd


def playoff_rounds(playoff: list[tuple[int, dict]], file: str) -> list[tuple[int, tuple[int, dict]]]:
    """Each playoff pairing with its playoff round (1, 2, ...): by bracket label ``T<n>-<k>``
    (larger n first) when every pairing has one, else by round and then each player's order."""
    labels = [re.fullmatch(r"T([0-9]{1,9})-[0-9]{1,9}", str(p.get("match", ""))) for _, p in playoff]
    if playoff and all(labels):
        sizes = sorted({int(m[1]) for m in labels}, reverse=True)
        rank = {s: k + 1 for k, s in enumerate(sizes)}
        return sorted(((rank[int(m[1])], item) for m, item in zip(labels, playoff)), key=lambda x: (x[0], x[1][0]))
    order = sorted(playoff, key=lambda item: (item[1].get("round") if isinstance(item[1].get("round"), int)
                                              and not isinstance(item[1].get("round"), bool) else 0, item[0]))
    seen: dict[object, int] = {}
    out = []
    for i, p in order:
        players = [x for x in (p.get("player1"), p.get("player2")) if isinstance(x, str) and x]
        number = 1 + max((seen.get(x, 0) for x in players), default=0)
        for x in players:
            seen[x] = number
        out.append((number, (i, p)))
    return sorted(out, key=lambda x: (x[0], x[1][0]))


def read_pairing(p: dict, rnd: int, file: str, where: str, names: dict[str, tuple[str, int | None]]) -> Match:
    def player(key: str) -> str | None:
        pid = p.get(key)
        if pid is None or pid == "":
            return None
        if not isinstance(pid, str):
            raise InputError(file, where, f"{key} must be a player id (a text), not {pid!r}")
        if names and pid not in names:
            raise InputError(file, where, f"{key} {pid!r} is not in the standings",
                             "every player of a pairing must be in standings")
        return names[pid][0] if names else pid

    a, b = player("player1"), player("player2")
    winner = p.get("winner")
    if a is None:
        raise InputError(file, where, "a pairing without player1")
    if b is None:
        if winner == p.get("player1"):
            return Match(rnd, a, kind=BYE, where=where)
        return Match(rnd, a, kind=LOSS, where=where)
    if winner is None:
        return Match(rnd, a, b, where=where)
    if isinstance(winner, bool):
        raise InputError(file, where, f"winner must be a player id, 0 or -1, not {winner!r}")
    if winner == 0:
        return Match(rnd, a, b, 0, 0, 1, where=where)
    if winner == -1:
        return Match(rnd, a, b, kind=DOUBLE_LOSS, where=where)
    if winner == p.get("player1"):
        return Match(rnd, a, b, 1, 0, 0, where=where)
    if winner == p.get("player2"):
        return Match(rnd, a, b, 0, 1, 0, where=where)
    raise InputError(file, where, f"winner {winner!r} is neither player1, player2, 0 (a tie) nor -1 (a double loss)")


# ---------------------------------------------------------------------------------------------
# Writing


def to_limitless(event: Event, places: dict[str, int] | None = None) -> dict:
    """The Limitless documents of ``event`` as one object ``{"details", "standings", "pairings"}``.
    Player ids are ``p1``, ``p2``, ... in player order; ``places`` (player -> final placing)
    default to the player order.

    :raises UsageError: for a result Limitless cannot hold (a half-point bye).
    """
    pid = {p: f"p{i + 1}" for i, p in enumerate(event.players)}
    swiss = event.swiss
    phases = [{"phase": 1, "type": SWISS, "rounds": event.swiss_rounds or len(swiss), "mode": f"BO{event.best_of}"}]
    if event.playoff:
        phases.append({"phase": 2, "type": "SINGLE_BRACKET", "rounds": 1, "mode": f"BO{event.best_of}"})
    record = {p: [0, 0, 0] for p in event.players}
    pairings = []
    for r in swiss:
        for t, m in enumerate(r.matches, 1):
            pairings.append(pairing_dict(m, pid, record, {"round": r.number, "phase": 1, "table": t}))
    bracket_round = len(swiss) + 1
    for k, r in enumerate(event.playoff):
        size = 2 ** (len(event.playoff) - k)
        for t, m in enumerate(r.matches, 1):
            pairings.append(pairing_dict(m, pid, record, {"round": bracket_round, "phase": 2,
                                                          "match": f"T{size}-{t}"}))
    places = places or {p: i + 1 for i, p in enumerate(event.players)}
    standings = []
    for p in sorted(event.players, key=lambda q: (places.get(q, 1 << 30), event.players.index(q))):
        w, lo, ti = record[p]
        standings.append({"player": pid[p], "name": p, "placing": places.get(p),
                          "record": {"wins": w, "losses": lo, "ties": ti}, "drop": event.drops.get(p)})
    details = {"id": "drawsafe-export", "game": "PTCG", "name": event.name, "players": len(event.players),
               "phases": phases}
    if event.date:
        details["date"] = event.date
    return {"details": details, "standings": standings, "pairings": pairings}


def pairing_dict(m: Match, pid: dict[str, str], record: dict[str, list[int]], head: dict) -> dict:
    d = dict(head)
    d["player1"] = pid[m.player_a]
    if m.kind == BYE:
        d["winner"] = pid[m.player_a]
        record[m.player_a][0] += 1
        return d
    if m.kind == LOSS:
        d["winner"] = -1
        record[m.player_a][1] += 1
        return d
    d["player2"] = pid[m.player_b]
    a, b = record[m.player_a], record[m.player_b]
    if m.kind == DOUBLE_LOSS:
        d["winner"] = -1
        a[1] += 1
        b[1] += 1
    elif m.kind == FORFEIT or (m.kind == MATCH and m.reported and m.a_wins > m.b_wins):
        d["winner"] = d["player1"]
        a[0] += 1
        b[1] += 1
    elif m.kind == MATCH and m.reported and m.a_wins < m.b_wins:
        d["winner"] = d["player2"]
        a[1] += 1
        b[0] += 1
    elif m.kind == MATCH and m.reported:
        d["winner"] = 0
        a[2] += 1
        b[2] += 1
    elif m.kind != MATCH:
        raise UsageError(f"round {m.round}: a {m.kind} cannot be written to Limitless data")
    return d


def write_limitless(event: Event, path: str, places: dict[str, int] | None = None) -> list[str]:
    """Write ``event`` to ``path``: one JSON object, or the three files when ``path`` is a folder.
    Returns the files written (each replaced atomically)."""
    data = to_limitless(event, places)
    if os.path.isdir(path):
        out = []
        for part in PARTS:
            target = os.path.join(path, f"{part}.json")
            write_atomic(target, json.dumps(data[part], ensure_ascii=False, indent=1) + "\n")
            out.append(target)
        return out
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    return [path]


register(Format("limitless", "Limitless's tournament data (details, standings and pairings: one JSON object, or a "
                "folder of the three documents)", read_limitless, sniff=looks_like_limitless, priority=20,
                folder=Folder(read_folder, "Limitless data"), write=write_limitless,
                page="[Pokémon: TOM, pokedata, Limitless](pokemon.md)"))
