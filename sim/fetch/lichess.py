"""lichess Swiss tournaments: the TRF export and the results.

Link: ``https://lichess.org/swiss/{id}``.  Fetched (lichess's public API, no key):
``GET /api/swiss/{id}`` (``{id, name, nbRounds, round, nbPlayers, status}``: created, started or
finished), ``GET /swiss/{id}.trf`` (the FIDE TRF-16 export: points, every round's cells, no rank
column) and ``GET /api/swiss/{id}/results`` (one JSON object a line: ``{rank, points, tieBreak,
rating, username}``).

Written: the TRF as lichess exports it, with the rank column (86-89) filled from the results and
an ``XXR`` line with the number of rounds: a file drawsafe reads as chess (TRF), its published
points and ranks kept for ``--check``.  Live until the status is "finished".
"""

from __future__ import annotations

import json

from drawsafe.fetch.base import Fetched, Shape
from drawsafe.fetch.registry import Connector, Link, register

NAME = "lichess"
BASE = "https://lichess.org"


def fetch(link: Link) -> Fetched:
    sid = link.id(r"/swiss/([A-Za-z0-9]{8})", problem="not a lichess Swiss tournament link",
                  hint="give the tournament's page, e.g. https://lichess.org/swiss/FaLp5fSD")
    http = link.http
    info_url = f"{BASE}/api/swiss/{sid}"
    info = http.get_json(info_url, what="the tournament")
    s = Shape(NAME, info_url, "the tournament")
    name = s.get(info, "name", str)
    rounds = s.get(info, "nbRounds", int)
    status = s.get(info, "status", str)
    finished = status == "finished"
    trf_url = f"{BASE}/swiss/{sid}.trf"
    trf = http.get(trf_url, final=finished, what="the TRF export").decode("utf-8", "replace")
    res_url = f"{BASE}/api/swiss/{sid}/results"
    results = parse_results(http.get(res_url, final=finished, what="the results").decode("utf-8", "replace"),
                            res_url)
    text, players, notes = with_ranks(trf, results, rounds, trf_url)
    played, pending = count_cells(text)
    return link.result(text.encode("utf-8"), name=name, players=players,
                       rounds=int(info.get("round") or 0) if isinstance(info.get("round"), int) else rounds,
                       live=not finished, reported=played, pending=pending, notes=notes)


def parse_results(text: str, url: str) -> list[dict]:
    s = Shape(NAME, url, "the results")
    rows = []
    for i, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise s.fail(f"line {i + 1}", "not JSON") from None
        s.get(row, "username", str, f"line {i + 1}")
        s.get(row, "rank", int, f"line {i + 1}")
        s.get(row, "points", (int, float), f"line {i + 1}")
        rows.append(row)
    return rows


def with_ranks(trf: str, results: list[dict], rounds: int, url: str) -> tuple[str, int, list[str]]:
    """The TRF with the results' ranks in columns 86-89 and an ``XXR`` line; checks that every
    player line has a result and that the points agree."""
    s = Shape(NAME, url, "the TRF export")
    by_name = {r["username"].lower(): r for r in results}
    out, players, notes, has_xxr = [], 0, [], False
    for number, line in enumerate(trf.splitlines(), 1):
        if line.startswith("XXR"):
            has_xxr = True
        if not line.startswith("001"):
            out.append(line)
            continue
        if len(line) < 89:
            line = line.ljust(89)
        name = line[14:47].strip()
        row = by_name.get(name.lower())
        if row is None:
            raise s.fail(f"line {number}", f"player {name!r} is not in the results")
        try:
            points = float(line[80:84])
        except ValueError:
            raise s.fail(f"line {number}", "no points in columns 81-84") from None
        if abs(points - float(row["points"])) > 1e-9:
            notes.append(f"{name}: the TRF gives {points:g} points, the results {row['points']:g}")
        line = line[:85] + f"{row['rank']:>4}" + line[89:]
        out.append(line)
        players += 1
    if not players:
        raise s.fail("", "no player line (001)")
    if not has_xxr:
        at = next((i for i, ln in enumerate(out) if ln.startswith("001")), len(out))
        out.insert(at, f"XXR {rounds}")
    return "\n".join(out) + "\n", players, notes


def count_cells(text: str) -> tuple[int, int]:
    """(results in, games paired without a result) over the player lines (each game counted once).
    lichess writes a game in progress as ``Z`` with the opponent (lila ``SwissTrf.scala``): pending."""
    played = pending = 0
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        for start in range(91, len(line), 10):
            cell = line[start:start + 10]
            opp, colour, res = cell[0:4].strip(), cell[5:6], cell[7:8] if len(cell) > 7 else " "
            if opp and opp != "0000" and colour in "wb":
                if res.strip() and res != "Z":
                    played += 1
                else:
                    pending += 1
    return played // 2, pending // 2


CONNECTOR = register(Connector(
    name=NAME, title="lichess", hosts=("lichess.org", "www.lichess.org"), example="https://lichess.org/swiss/ID",
    description="lichess Swiss (TRF, ranks from the results)", fetch=fetch, format="trf", suffix=".trf",
    published="points and rank per player (lichess's results)",
    fetched="`/api/swiss/ID`, `/swiss/ID.trf`, `/api/swiss/ID/results`",
    written="the TRF export, its rank column (86-89) filled from the results, `XXR` added"))
