"""The simulations' standings order (tie refinement) against a plain comparator sort."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from drawsafe.engine.inputs import Played, Rules
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.standings.order import refined_order
from drawsafe.standings.table import tiebreak_table
from drawsafe.tiebreaks.packs import get_rules
from drawsafe.tiebreaks.ranking import TOLERANCE
from drawsafe.tiebreaks.values import player_records


def naive_order(keys: np.ndarray, noise: np.ndarray, members) -> list[int]:
    """Members best first: every key higher is better, values within TOLERANCE are equal, exact ties
    by the smaller noise."""
    def compare(a, b):
        for k in range(keys.shape[1]):
            d = keys[a, k] - keys[b, k]
            if d > TOLERANCE:
                return -1
            if d < -TOLERANCE:
                return 1
        return -1 if noise[a] < noise[b] else (1 if noise[a] > noise[b] else 0)

    return sorted((int(m) for m in members), key=functools.cmp_to_key(compare))


def cut_position(order, active, need_ranks, need_active):
    need = placed = 0
    while need < len(order) and (need < need_ranks or placed < need_active):
        placed += bool(active[order[need]])
        need += 1
    return need


@pytest.mark.parametrize("trial", range(24))
def test_refined_order_is_the_comparator_order(trial):
    rng = np.random.default_rng(trial)
    players = int(rng.integers(4, 300))
    rounds = int(rng.integers(2, 9))
    played = int(rng.integers(1, rounds + 1))
    snap = take_snapshot(generate_event(players, rounds, played, seed=trial))
    for pack in ("mtg", "mtg-classic"):
        rules = get_rules(pack)
        table = rules.points_table()
        rec = player_records(snap.kind, snap.gw, snap.gl, snap.gd, played, table)
        keys = tiebreak_table(snap, rules, dedupe=False)
        noise = rng.integers(0, 2**63, players).astype(np.uint64)
        members = np.flatnonzero(rng.random(players) < 0.9).astype(np.int64)
        expected = naive_order(keys, noise, members)
        work = np.full((players, len(rules.codes())), np.nan)
        rounds = Played(rec, snap.opp, snap.kind, snap.gw, snap.gl, snap.gd, work)
        kernel_rules = Rules(rules.codes(), table, rules.flags(False))
        got = refined_order(rounds, played, kernel_rules, snap.ratings, members, noise, len(members), 0, snap.active)
        assert got.tolist() == expected
        # a partial order is exact down to the first `need` places
        active = snap.active & (rng.random(players) < 0.8)
        got = refined_order(rounds, played, kernel_rules, snap.ratings, members, noise, 20, 8, active)
        need = cut_position(expected, active, 20, 8)
        assert got.tolist()[:need] == expected[:need]
        assert sorted(got.tolist()) == sorted(expected)


@pytest.mark.parametrize("pack, players, left", [("mtg", 81, 0), ("mtg", 150, 2), ("mtg-classic", 33, 1),
                                                 ("fide", 40, 2), ("pokemon", 50, 1)])
def test_standings_order_is_the_simulations_order(pack, players, left):
    """compute_standings sorts the full keys (a small kernel to compile); the simulations refine
    ties (refined_order): the same order, exact ties included (same noise)."""
    from drawsafe.engine.inputs import Played, Rules
    from drawsafe.standings.table import compute_standings, tie_noise

    rules = get_rules(pack)
    event = generate_event(players, 7, 7 - left, seed=players, rules=rules)
    snap = take_snapshot(event)
    seed = 5
    standings = compute_standings(snap, rules, seed)
    nr = snap.kind.shape[1]
    table = rules.points_table()
    rec = player_records(snap.kind, snap.gw, snap.gl, snap.gd, nr, table)
    members = np.flatnonzero(snap.competed | snap.active).astype(np.int64)
    keys = np.zeros((snap.players, len(rules.tiebreaks) + 1))
    order = refined_order(Played(rec, snap.opp, snap.kind, snap.gw, snap.gl, snap.gd, keys), nr,
                          Rules(rules.codes(), table, rules.flags(snap.has_rematch)), snap.ratings, members,
                          tie_noise(seed, snap.players), len(members), 0, snap.active)
    assert [row.player for row in standings.rows] == [snap.names[p] for p in order]


@pytest.mark.parametrize("pack", ["mtg", "pokemon", "fide", "fide-1998", "chess-de", "lichess", "netrunner",
                                  "lorcana", "swu", "onepiece", "digimon", "fab", "yugioh"])
@pytest.mark.parametrize("trial", range(4))
def test_an_order_for_a_cut_is_the_complete_orders_top(pack, trial):
    """Ranked for a cut (need_ranks 0), a generic pack computes the tiebreaks of the point groups
    the cut reaches only (Pokémon's columns, direct encounter's groups): the places down to the
    cut are those of the complete order, for the whole field and for a subset of contenders."""
    from drawsafe.engine.inputs import Played, Rules
    from drawsafe.standings.table import tie_noise

    rng = np.random.default_rng(trial)
    rules = get_rules(pack)
    players = int(rng.integers(12, 160))
    rounds = int(rng.integers(3, 8))
    event = generate_event(players, rounds, rounds, seed=trial * 7 + players, rules=rules)
    snap = take_snapshot(event)
    nr = snap.kind.shape[1]
    table = rules.points_table()
    rec = player_records(snap.kind, snap.gw, snap.gl, snap.gd, nr, table)
    kernel_rules = Rules(rules.codes(), table, rules.flags(snap.has_rematch, snap.phase_start))
    noise = tie_noise(trial, snap.players)
    members = np.flatnonzero(snap.competed | snap.active).astype(np.int64)
    active = snap.active & (rng.random(snap.players) < 0.9)

    def order(members, need_ranks, top):
        keys = np.full((snap.players, len(rules.codes())), np.nan)
        played = Played(rec, snap.opp, snap.kind, snap.gw, snap.gl, snap.gd, keys)
        return refined_order(played, nr, kernel_rules, snap.ratings, members, noise, need_ranks, top,
                             active).tolist()

    for top in (1, 4, 8, 16):
        full = order(members, len(members), 0)
        need = cut_position(full, active, 0, top)
        assert order(members, 0, top)[:need] == full[:need], top
        # contenders: everyone on at least the cut's points less a win (as the flips rank them)
        line = rec[full[need - 1], 0]
        cand = np.array([p for p in members if rec[p, 0] >= line - table[2]], dtype=np.int64)
        partial = order(cand, 0, top)
        assert partial[:need] == [p for p in full if p in set(cand.tolist())][:need], top
