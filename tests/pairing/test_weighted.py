"""cobra's pairing (``drawsafe.pairing.weighted``) against its naive twin: on random small
histories, the kernel's matching has the least total squared points difference of every perfect
matching without a rematch or a second bye (an odd field's bye an opponent on 0 points), found by
brute force; and on every Swiss round after the first of the real cobra exports, its projection
has the real pairing's total (cobra's own, which is the least: benchmarks/cobra_pairing.py)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from drawsafe.event.io import load_event
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import take_snapshot
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.pairing.weighted import pair_weighted
from drawsafe.rng import stream
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

COBRA = Path(__file__).resolve().parents[3] / "shared" / "data" / "real" / "netrunner" / "cobra"
LOCAL = Path(__file__).resolve().parents[1] / "data" / "netrunner"
BYE = -1


def least_cost(players, points, met, had_bye):
    """Brute force over every perfect matching (the bye a seat on 0 points): the least total
    squared difference, None when every matching has a rematch or a second bye."""
    seats = list(players) + ([BYE] if len(players) % 2 else [])

    def cost(a, b):
        if BYE in (a, b):
            p = a if b == BYE else b
            return None if had_bye[p] else points[p] ** 2
        return None if b in met[a] else (points[a] - points[b]) ** 2

    def go(rest):
        if not rest:
            return 0
        first, best = rest[0], None
        for q in rest[1:]:
            c = cost(first, q)
            if c is None:
                continue
            sub = go([x for x in rest[1:] if x != q])
            if sub is not None and (best is None or c + sub < best):
                best = c + sub
        return best

    return go(seats)


def random_case(rng: random.Random):
    n = rng.randint(2, 11)
    rounds = rng.randint(0, 4)
    points = np.array([rng.choice((0, 1, 3, 4, 6)) * rng.randint(0, rounds or 1) for _ in range(n)],
                      dtype=np.int64)
    opp = np.full((n, max(rounds, 1)), -1, dtype=np.int64)
    for r in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2]):
            opp[a, r], opp[b, r] = b, a
    had_bye = np.array([rng.random() < 0.3 for _ in range(n)])
    return points, opp, rounds, had_bye


@pytest.mark.parametrize("seed", range(60))
def test_the_least_squared_differences(seed):
    rng = random.Random(seed)
    points, opp, nr, had_bye = random_case(rng)
    n = points.shape[0]
    players = np.arange(n, dtype=np.int64)
    met = {p: {int(q) for q in opp[p, :nr] if q >= 0} for p in range(n)}
    want = least_cost(range(n), points, met, had_bye)
    pa = np.empty(n // 2 + 1, dtype=np.int64)
    pb = np.empty(n // 2 + 1, dtype=np.int64)
    m, bye, ok = pair_weighted(stream(seed, 0), players, points, had_bye, opp, nr, pa, pb)
    seated = sorted([int(x) for x in pa[:m]] + [int(x) for x in pb[:m]] + ([int(bye)] if bye >= 0 else []))
    assert seated == list(range(n))
    if want is None:  # no clean matching: the point-group pairing took over, with its rematches
        return
    got = sum(int(points[a] - points[b]) ** 2 for a, b in zip(pa[:m], pb[:m]))
    got += int(points[bye]) ** 2 if bye >= 0 else 0
    assert ok and got == want
    assert all(int(b) not in met[int(a)] for a, b in zip(pa[:m], pb[:m]))
    assert bye < 0 or not had_bye[bye]


def test_ties_fall_at_random():
    """Four players on equal points, none met: each of the three matchings comes up."""
    points = np.zeros(4, dtype=np.int64)
    opp = np.full((4, 1), -1, dtype=np.int64)
    seen = set()
    for seed in range(60):
        pa, pb = np.empty(3, dtype=np.int64), np.empty(3, dtype=np.int64)
        m, _, _ = pair_weighted(stream(seed, 0), np.arange(4, dtype=np.int64), points,
                                np.zeros(4, dtype=bool), opp, 0, pa, pb)
        seen.add(frozenset(frozenset((int(a), int(b))) for a, b in zip(pa[:m], pb[:m])))
    assert len(seen) == 3


def cobra_files():
    files = sorted(COBRA.glob("*.json")) if COBRA.is_dir() else []
    return files or sorted(LOCAL.glob("*.json"))


#: Exports whose later rounds cobra paired on points drawsafe does not count, from this round on:
#: the 2023 World Championship's round-3 bye scored 7 by hand (cobra pairs on 7, drawsafe counts a
#: bye as a win's 6; tests/data/netrunner/README.md, issue 43's note).
PAIRED_ON_OTHER_POINTS = {"2023-10-15-worlds-cobra.json": 4}


def test_the_real_cobra_rounds_have_the_least_total():
    """Every Swiss round after the first of the real exports (the tests' copies without
    ../shared): drawsafe's projection of the round totals what cobra's real pairing totals."""
    rounds = 0
    for path in cobra_files():
        event = load_event(path)
        rules = get_rules(event.rules)
        swiss = event.swiss
        for r in range(2, min(len(swiss), PAIRED_ON_OTHER_POINTS.get(path.name, 99) - 1) + 1):
            before = replace(event, rounds=tuple(swiss[:r - 1]), swiss_rounds=len(swiss))
            snap = take_snapshot(before, r - 1, len(swiss))
            pts = {row.player: round(row.points * rules.point_scale)
                   for row in compute_standings(snap, rules).rows}
            real = swiss[r - 1].matches
            if {p for m in real for p in m.players} != {snap.names[i] for i in np.flatnonzero(snap.active)}:
                continue  # a late entry or a player back from a drop: another field than the snapshot's
            real_total = sum((pts.get(m.player_a, 0) - (pts.get(m.player_b, 0) if m.player_b else 0)) ** 2
                             for m in real if m.kind == MATCH or m.player_b is None)
            ours = next_round_pairings(snap, rules, rules.last_round, seed=3)
            assert ours.method == "cobra"
            total = sum((t.points_a - (t.points_b or 0)) ** 2 * rules.point_scale ** 2 for t in ours.tables)
            assert total == real_total, (path.name, r)
            rounds += 1
    assert rounds >= 5
