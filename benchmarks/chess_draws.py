"""Draws and short (agreed) draws in real Swiss chess opens, from PGN files.

Issue 33: chess TRF files record an agreed draw exactly like a played-out draw, so the tool
needs a measured default for "how often does a table agree a draw", split the way drawsafe
uses it (last round vs earlier rounds, top boards vs the rest).

Usage:
    python benchmarks/chess_draws.py FOLDER_OR_PGN [...] [--top 5] [--short 20,30] [--csv out.csv]

Every *.pgn under the given folders is read (plain PGN; no python-chess needed). Games are
grouped into events by (file, Event tag). An event is kept as a Swiss when it has more than
2 x rounds players (a round robin has rounds + 1 or 2 x rounds + 2 for a double one); the
others are listed as excluded. Games with no moves (forfeits, byes, missing scores) are left
out of every share and counted separately. The board number comes from a Round tag "r.b"
(TWIC / lichess / Swiss-Manager broadcast style); events without it only enter the
overall and per-round tables, not the board tables.

"Short draw" = a drawn game of at most N full moves (N = 20 and 30 by default): the usual
proxy for an agreed (non-played-out) draw. Intervals are Wilson 95 %.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import re
import sys
from collections import defaultdict
from dataclasses import dataclass

HEADER_RE = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', re.MULTILINE)
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


@dataclass
class Game:
    source: str
    event: str
    round: int | None
    board: int | None
    result: str
    plies: int
    white_elo: int | None
    black_elo: int | None
    white: str
    black: str

    @property
    def draw(self) -> bool:
        return self.result == "1/2-1/2"

    @property
    def moves(self) -> int:
        return (self.plies + 1) // 2

    @property
    def avg_elo(self) -> float | None:
        if self.white_elo and self.black_elo:
            return (self.white_elo + self.black_elo) / 2
        return None


def _strip(movetext: str) -> str:
    out, depth, i, n = [], 0, 0, len(movetext)
    while i < n:
        c = movetext[i]
        if c == "{":
            j = movetext.find("}", i)
            i = n if j < 0 else j + 1
            continue
        if c == ";":
            j = movetext.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(c)
        i += 1
    return "".join(out)


def count_plies(movetext: str) -> int:
    plies = 0
    for tok in _strip(movetext).split():
        if tok in RESULTS or tok.startswith("$"):
            continue
        tok = re.sub(r"^\d+\.(\.\.)?", "", tok)
        if not tok or re.fullmatch(r"\.+", tok):
            continue
        plies += 1
    return plies


def _int(s: str | None) -> int | None:
    try:
        v = int(s)  # type: ignore[arg-type]
        return v if v > 0 else None
    except (TypeError, ValueError):
        return None


def read_pgn(path: str) -> list[Game]:
    with open(path, encoding="utf-8-sig", errors="replace") as fh:
        text = fh.read().replace("\r\n", "\n")
    games = []
    for chunk in re.split(r"\n(?=\[Event\s)", "\n" + text):
        if not chunk.strip():
            continue
        headers = dict(HEADER_RE.findall(chunk))
        if not headers:
            continue
        body = HEADER_RE.sub("", chunk)
        plies = count_plies(body)
        if plies == 0 and _int(headers.get("PlyCount")):
            plies = int(headers["PlyCount"])
        rnd = headers.get("Round", "?")
        parts = rnd.split(".")
        games.append(Game(
            source=path, event=headers.get("Event", "?"),
            round=_int(parts[0]), board=_int(parts[1]) if len(parts) > 1 else None,
            result=headers.get("Result", "*"), plies=plies,
            white_elo=_int(headers.get("WhiteElo")), black_elo=_int(headers.get("BlackElo")),
            white=headers.get("White", "?"), black=headers.get("Black", "?"),
        ))
    return games


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (float("nan"), float("nan"))
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def share(k: int, n: int) -> str:
    if n == 0:
        return "   -    (n=0)"
    lo, hi = wilson(k, n)
    return f"{100 * k / n:5.1f}% [{100 * lo:4.1f}-{100 * hi:4.1f}] ({k}/{n})"


def find_pgns(paths: list[str]) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                out += [os.path.join(root, f) for f in files if f.lower().endswith(".pgn")]
        else:
            out.append(p)
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--top", type=int, default=5, help="top boards = boards 1..TOP (default 5)")
    ap.add_argument("--short", default="20,30", help="short-draw thresholds in full moves")
    ap.add_argument("--csv", help="write one row per game here")
    args = ap.parse_args(argv)
    shorts = [int(x) for x in args.short.split(",")]

    events: dict[tuple[str, str], list[Game]] = defaultdict(list)
    for path in find_pgns(args.paths):
        for g in read_pgn(path):
            events[(path, g.event)].append(g)

    kept: list[tuple[str, list[Game], int]] = []
    print("== events")
    print(f"{'event':44} {'players':>7} {'rounds':>6} {'games':>6} {'unplayed':>8} {'r.b':>4}  kept")
    for (path, name), gs in sorted(events.items(), key=lambda kv: kv[0][1]):
        players = {g.white for g in gs} | {g.black for g in gs}
        rounds = max((g.round or 0) for g in gs)
        unplayed = sum(1 for g in gs if g.plies == 0 or g.result not in ("1-0", "0-1", "1/2-1/2"))
        has_board = all(g.board for g in gs)
        swiss = rounds > 0 and len(players) > 2 * rounds
        print(f"{name[:44]:44} {len(players):7d} {rounds:6d} {len(gs):6d} {unplayed:8d} "
              f"{'yes' if has_board else 'no':>4}  {'Swiss' if swiss else 'EXCLUDED (not Swiss)'}")
        if swiss:
            kept.append((name, [g for g in gs if g.plies > 0 and g.result in ("1-0", "0-1", "1/2-1/2")], rounds))

    rows = []
    for name, gs, last in kept:
        for g in gs:
            rows.append((name, g, last))

    def line(label: str, sel: list[Game]) -> None:
        n = len(sel)
        d = sum(g.draw for g in sel)
        cols = [f"{label:38}", f"{n:6d}", share(d, n)]
        for s in shorts:
            cols.append(share(sum(1 for g in sel if g.draw and g.moves <= s), n))
        print("  ".join(cols))

    head = f"{'':38}  {'games':>6}  {'drawn':28}" + "".join(
        f"  {'draw <= ' + str(s) + ' moves':28}" for s in shorts)

    print("\n== per event (played games only)")
    print(head)
    for name, gs, last in kept:
        line(name[:38], gs)
    allg = [g for _, g, _ in rows]
    line("ALL EVENTS", allg)

    print("\n== by round (all kept events)")
    print(head)
    line("last round", [g for _, g, last in rows if g.round == last])
    line("second-to-last round", [g for _, g, last in rows if g.round == last - 1])
    line("earlier rounds (1 .. last-1)", [g for _, g, last in rows if g.round and g.round < last])
    line("first round", [g for _, g, last in rows if g.round == 1])

    brows = [(n, g, last) for n, g, last in rows if g.board]
    bevents = sorted({n for n, _, _ in brows})
    for top in sorted({args.top, 10}):
        print(f"\n== by board, events with board numbers ({len(bevents)}): top = boards 1-{top}")
        print(head)
        line(f"last round, top {top}", [g for _, g, l in brows if g.round == l and g.board <= top])
        line(f"last round, boards > {top}", [g for _, g, l in brows if g.round == l and g.board > top])
        line(f"earlier rounds, top {top}", [g for _, g, l in brows if g.round < l and g.board <= top])
        line(f"earlier rounds, boards > {top}", [g for _, g, l in brows if g.round < l and g.board > top])
        line(f"second-to-last, top {top}", [g for _, g, l in brows if g.round == l - 1 and g.board <= top])

    print("\n== by average Elo of the two players (all kept events)")
    print(head)
    bands = [(0, 2000), (2000, 2200), (2200, 2400), (2400, 2600), (2600, 9999)]
    for lo, hi in bands:
        label = f"avg Elo {lo}-{hi - 1}" if hi < 9999 else f"avg Elo {lo}+"
        line(label, [g for g in allg if g.avg_elo is not None and lo <= g.avg_elo < hi])
    line("no Elo", [g for g in allg if g.avg_elo is None])

    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["event", "last_round", "round", "board", "result", "plies", "white_elo", "black_elo"])
            for name, g, last in rows:
                w.writerow([name, last, g.round, g.board, g.result, g.plies, g.white_elo, g.black_elo])
    return 0


if __name__ == "__main__":
    sys.exit(main())
