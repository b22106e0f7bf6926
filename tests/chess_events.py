"""Chess events for the tests: the FIDE exercise CSV, compact hand-written events, random events.

Compact round notation (one string per table), results from the first player's side::

    "A-B 1"   A wins        "A-B ="  draw          "A-B 0"  B wins
    "A-B +"   A wins by forfeit                    "A-B --" double forfeit
    "A-B"     paired, result not in yet
    "A bye"   full-point bye   "A half"  half-point bye   "A zero"  zero-point bye
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

from drawsafe.event.io.build import EventBuilder
from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, HALF_BYE, LOSS, Event, Match

SCORES = {"1": (1, 0, 0), "=": (0, 0, 1), "0": (0, 1, 0)}
SOLO = {"bye": BYE, "half": HALF_BYE, "zero": LOSS}


def chess_event(rounds: list[list[str]], players: list[str] | None = None,
                ratings: dict[str, float] | None = None, name: str = "hand event",
                swiss_rounds: int | None = None) -> Event:
    """An event from compact rounds (see the module text); players in order of appearance."""
    b = EventBuilder("<test>", "native", best_of=1)
    for p in players or []:
        b.declare_player(p, "players")
    for number, tables in enumerate(rounds, 1):
        for t in tables:
            parts = t.split()
            if parts[-1] in SOLO:
                b.add_match(Match(number, parts[0], kind=SOLO[parts[-1]]))
                continue
            a, bb = parts[0].split("-")
            code = parts[1] if len(parts) > 1 else None
            if code is None:
                b.add_match(Match(number, a, bb))
            elif code == "+":
                b.add_match(Match(number, a, bb, kind=FORFEIT))
            elif code == "--":
                b.add_match(Match(number, a, bb, kind=DOUBLE_LOSS))
            else:
                b.add_match(Match(number, a, bb, *SCORES[code]))
    return b.build(name, ratings=dict(ratings or {}), swiss_rounds=swiss_rounds or len(rounds),
                   rules="fide")


def exercise_event(path: Path) -> Event:
    """The FIDE 2023 tiebreak exercise: row = player number, column = round; a cell is result
    (+ = -), colour (W/B) and opponent; +F11/-F11 a forfeit, =BYE/+BYE a half/full bye, -- not
    paired.  Every game is read from the white player's cell (and checked against black's)."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    cells = {int(r[0]): r[1:] for r in body}
    players = [str(p) for p in sorted(cells)]
    rounds: list[list[str]] = [[] for _ in header[1:]]
    for p, row in sorted(cells.items()):
        for j, cell in enumerate(row):
            sign, rest = cell[0], cell[1:]
            if cell == "--":
                continue
            if rest == "BYE":
                solo = {"+": "bye", "=": "half", "-": "zero"}[sign]
                rounds[j].append(f"{p} {solo}")
            elif rest[0] == "F":
                if sign == "+":
                    rounds[j].append(f"{p}-{rest[1:]} +")
                else:
                    assert cells[int(rest[1:])][j] == f"+F{p}", (p, j, cell)
            elif rest[0] == "W":
                o = int(rest[1:])
                back = {"+": "-", "-": "+", "=": "="}[sign] + "B" + str(p)
                assert cells[o][j] == back, (p, j, cell, cells[o][j])
                rounds[j].append(f"{p}-{o} {dict(zip('+=-', '1=0'))[sign]}")
    return chess_event(rounds, players, name="FIDE tiebreak exercise 2023")


def random_chess_event(seed: int, players: int | None = None, rounds: int | None = None,
                       pending: bool = False) -> Event:
    """A random Swiss-like chess event with every kind of round: games, forfeits, double forfeits,
    full / half / zero byes, late entries and withdrawals, rated and unrated players.  With
    ``pending`` the last round's pairings are published without results."""
    rng = random.Random(seed)
    n = players or rng.randint(5, 18)
    nr = rounds or rng.randint(2, 7)
    names = [f"P{i:02d}_{rng.choice(['Ann', 'Bo', 'Cy', 'Dee', 'Éva', 'Zoë'])}" for i in range(n)]
    ratings = {p: float(rng.randint(1000, 2700)) for p in names if rng.random() < 0.85}
    entry = {p: 1 if rng.random() < 0.85 else rng.randint(1, nr) for p in names}
    leave = {p: nr + 1 if rng.random() < 0.8 else rng.randint(entry[p] + 1, nr + 1) for p in names}
    out: list[list[str]] = []
    for r in range(1, nr + 1):
        here = [p for p in names if entry[p] <= r < leave[p]]
        rng.shuffle(here)
        tables = []
        playing = []
        for p in here:
            u = rng.random()
            if u < 0.06:
                tables.append(f"{p} half")
            elif u < 0.09:
                tables.append(f"{p} zero")
            else:
                playing.append(p)
        if len(playing) % 2:
            tables.append(f"{playing.pop()} bye")
        last = pending and r == nr
        for a, b in zip(playing[::2], playing[1::2]):
            u = rng.random()
            if last:
                tables.append(f"{a}-{b}")
            elif u < 0.06:
                tables.append(f"{a}-{b} +")
            elif u < 0.08:
                tables.append(f"{a}-{b} --")
            else:
                tables.append(f"{a}-{b} {rng.choice('11==00' if u < 0.5 else '10=')}")
        out.append(tables)
    return chess_event(out, names, ratings, name=f"random chess event {seed}",
                       swiss_rounds=nr + rng.randint(0, 2))
