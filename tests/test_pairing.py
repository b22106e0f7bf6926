"""Properties of the Swiss pairing kernels (``sim.pairing``) on random small histories.

Every expectation is derived from the rule text of the product brief, not from the kernels:

- everybody active is paired exactly once, plus one bye when their number is odd;
- nobody gets a second bye when someone without a bye is left, and the bye of a middle round goes
  to a player of the lowest point group among those without a bye (uniformly at random); the bye of
  the last round by standings goes to the lowest-ranked player without one;
- no avoidable rematch: the kernels report a rematch-free pairing exactly when one exists, checked
  against a brute-force search over all perfect matchings;
- pair-downs only where a group is odd or stuck: each table's first player is the highest unpaired
  player, and meets the best-placed unpaired player they have not met with whom the rest can still
  be paired without a rematch (middle rounds: the highest point group that allows it; last round:
  the next in the standings that allows it, i.e. 1 v 2, 3 v 4, cascading past rematches);
- ``pair_swiss`` equals, draw for draw, the same rules run on the Python twin of the random
  stream (``tests/test_rng.py``) and the reference pairing of ``tests/naive_sim.py``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import naive_sim
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare
from test_rng import PyStream

from sim.pairing import pair_in_order, pair_standings, pair_swiss
from sim.rng import stream

# --- histories ----------------------------------------------------------------------------------


class History:
    """Who met whom (``opp[p, r]``), points and byes of ``n`` players after ``nr`` rounds."""

    def __init__(self, n: int, rounds: list[list[tuple[int, int]]], points, byes):
        self.n = n
        self.nr = len(rounds)
        self.opp = np.full((n, self.nr + 1), -1, dtype=np.int32)
        for r, tables in enumerate(rounds):
            for a, b in tables:
                self.opp[a, r] = b
                self.opp[b, r] = a
        self.points = np.array(points, dtype=np.int64)
        self.had_bye = np.array(byes, dtype=np.bool_)

    def met(self, p: int, q: int) -> bool:
        return bool((self.opp[p, :self.nr] == q).any())

    def met_sets(self) -> dict[int, set[int]]:
        return {p: {int(q) for q in self.opp[p, :self.nr] if q >= 0} for p in range(self.n)}

    def completable(self, players) -> bool:
        """True when ``players`` can all be paired without a rematch (brute force)."""

        @cache
        def search(rest: frozenset) -> bool:
            if not rest:
                return True
            first = min(rest)
            return any(search(rest - {first, q}) for q in rest - {first} if not self.met(first, q))

        return len(players) % 2 == 0 and search(frozenset(int(p) for p in players))


@st.composite
def histories(draw, max_players: int = 12, max_rounds: int = 5):
    """A random history: each earlier round pairs a random subset of the players (the others had a
    bye or were absent), random points in a few groups, random byes, a random set of active
    players."""
    n = draw(st.integers(1, max_players))
    rounds = []
    for _ in range(draw(st.integers(0, max_rounds))):
        order = draw(st.permutations(range(n)))
        playing = draw(st.integers(0, n // 2))
        rounds.append([(order[2 * i], order[2 * i + 1]) for i in range(playing)])
    points = draw(st.lists(st.sampled_from([0, 1, 3, 4, 6, 9]), min_size=n, max_size=n))
    byes = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    h = History(n, rounds, points, byes)
    active = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    players = np.array([p for p in range(n) if active[p]], dtype=np.int64)
    return h, players


def buffers(n: int):
    return np.full(n // 2 + 1, -9, dtype=np.int64), np.full(n // 2 + 1, -9, dtype=np.int64)


def tables_of(pa, pb, m) -> list[tuple[int, int]]:
    return [(int(pa[t]), int(pb[t])) for t in range(m)]


def check_everybody_once(players, tables, bye):
    seen = Counter(p for t in tables for p in t)
    if bye >= 0:
        seen[bye] += 1
    assert sorted(seen.elements()) == sorted(players.tolist())
    assert (bye >= 0) == (len(players) % 2 == 1)


def check_preference(h: History, tables, rank):
    """Each table's first player is the best-placed unpaired one (``rank``: lower is better), and
    meets the best-placed unpaired player they have not met who leaves a rematch-free rest."""
    for t, (a, b) in enumerate(tables):
        unpaired = {p for table in tables[t:] for p in table}
        assert rank(a) == min(rank(p) for p in unpaired)
        allowed = [c for c in unpaired - {a}
                   if not h.met(a, c) and h.completable(unpaired - {a, c})]
        assert allowed, "a rematch-free pairing was reported but this table has none"
        assert rank(b) == min(rank(c) for c in allowed)


# --- pair_swiss (middle rounds) -----------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=histories(), seed=st.integers(0, 2**64 - 1), sim=st.integers(0, 2**40))
def test_pair_swiss_properties(case, seed, sim):
    h, players = case
    pa, pb = buffers(h.n)
    m, bye, ok = pair_swiss(stream(np.uint64(seed), np.int64(sim)), players, h.points, h.had_bye,
                            h.opp, h.nr, pa, pb)
    tables = tables_of(pa, pb, m)
    check_everybody_once(players, tables, bye)
    if bye >= 0:
        without = [p for p in players if not h.had_bye[p]]
        pool = without or players.tolist()
        assert not (without and h.had_bye[bye]), "a second bye although someone had none"
        assert h.points[bye] == min(h.points[p] for p in pool), "bye above the lowest group"
    pool = [p for p in players.tolist() if p != bye]
    assert ok == h.completable(pool)
    if ok:
        assert not any(h.met(a, b) for a, b in tables)
        check_preference(h, tables, rank=lambda p: -h.points[p])


def twin_pair_swiss(h: History, players, seed: int, sim: int):
    """The middle-round rules on the Python twin of the stream: a bye drawn as ``u64 % count``
    among the candidates (in player order), then each point group, highest first, shuffled by
    Fisher-Yates, then the reference pairing in that order."""
    rs = PyStream(seed, sim)
    players = [int(p) for p in players]
    bye = -1
    if len(players) % 2 == 1:
        candidates = naive_sim.bye_candidates(players, {p: int(h.points[p]) for p in players},
                                              {p for p in players if h.had_bye[p]})
        bye = candidates[rs.next_u64() % len(candidates)]
        players.remove(bye)
    seq = []
    for value in sorted({int(h.points[p]) for p in players}, reverse=True):
        group = [p for p in players if h.points[p] == value]
        rs.shuffle(group, 0, len(group))
        seq.extend(group)
    tables, ok = naive_sim.pair_in_order(seq, h.met_sets())
    return tables, bye, ok


@settings(max_examples=200, deadline=None)
@given(case=histories(), seed=st.integers(0, 2**64 - 1), sim=st.integers(0, 2**40))
def test_pair_swiss_equals_twin_draw_for_draw(case, seed, sim):
    h, players = case
    pa, pb = buffers(h.n)
    m, bye, ok = pair_swiss(stream(np.uint64(seed), np.int64(sim)), players, h.points, h.had_bye,
                            h.opp, h.nr, pa, pb)
    assert (tables_of(pa, pb, m), bye, ok) == twin_pair_swiss(h, players, seed, sim)


# --- pair_standings (last round) and pair_in_order ----------------------------------------------


@settings(max_examples=300, deadline=None)
@given(case=histories(), data=st.data())
def test_pair_standings_properties(case, data):
    h, players = case
    ranked = np.array(data.draw(st.permutations(players.tolist())), dtype=np.int64)
    pa, pb = buffers(h.n)
    m, bye, ok = pair_standings(ranked, h.had_bye, h.opp, h.nr, pa, pb)
    tables = tables_of(pa, pb, m)
    check_everybody_once(ranked, tables, bye)
    order = ranked.tolist()
    if bye >= 0:
        without = [p for p in order if not h.had_bye[p]]
        assert bye == (without[-1] if without else order[-1])
    pool = [p for p in order if p != bye]
    assert ok == h.completable(pool)
    if ok:
        assert not any(h.met(a, b) for a, b in tables)
        check_preference(h, tables, rank=order.index)
    byes = {p for p in order if h.had_bye[p]}
    expected, expected_bye, expected_ok = naive_sim.pair_by_standings(order, byes, h.met_sets())
    assert (tables, bye, ok) == (expected, -1 if expected_bye is None else expected_bye,
                                 expected_ok)


@settings(max_examples=300, deadline=None)
@given(case=histories(), data=st.data())
def test_pair_in_order_properties(case, data):
    h, players = case
    seq = data.draw(st.permutations(players.tolist()))
    seq = np.array(seq[:len(seq) // 2 * 2], dtype=np.int64)
    pa, pb = buffers(h.n)
    ok = pair_in_order(seq, h.opp, h.nr, pa, pb, 0)
    tables = tables_of(pa, pb, len(seq) // 2)
    check_everybody_once(seq, tables, -1)
    assert ok == h.completable(seq)
    order = seq.tolist()
    if ok:
        check_preference(h, tables, rank=order.index)
    else:  # no rematch-free pairing: paired in order regardless
        assert tables == [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    assert (tables, ok) == naive_sim.pair_in_order(order, h.met_sets())


# --- explicit cases -----------------------------------------------------------------------------


def standings(n, rounds, byes=()):
    h = History(n, rounds, [0] * n, [p in byes for p in range(n)])
    pa, pb = buffers(n)
    m, bye, ok = pair_standings(np.arange(n, dtype=np.int64), h.had_bye, h.opp, h.nr, pa, pb)
    return tables_of(pa, pb, m), bye, ok


def test_last_round_one_and_two_have_met():
    """1 and 2 have met: 1 v 3 and 2 v 4, the rest as usual."""
    assert standings(8, [[(0, 1)]]) == ([(0, 2), (1, 3), (4, 5), (6, 7)], -1, True)


def test_last_round_cascades_past_rematches():
    """1 has met 2 and 3, 2 has met 3: 1 v 4, 2 v 5, 3 v 6, then 7 v 8."""
    assert standings(8, [[(0, 1)], [(0, 2)], [(1, 2)]]) == (
        [(0, 3), (1, 4), (2, 5), (6, 7)], -1, True)


def test_last_round_bye_to_lowest_ranked_without_one():
    """Nine players, 9th and 8th had byes: the 7th ranked gets this one; the rest by standings."""
    assert standings(9, [], byes={8, 7}) == ([(0, 1), (2, 3), (4, 5), (7, 8)], 6, True)


def greedy_without_backtracking(seq, met):
    """What naive greedy pairing does: the first unpaired meets the next unpaired not met, and
    falls back to a rematch when nobody is left."""
    left = list(seq)
    tables = []
    while left:
        a = left.pop(0)
        b = next((q for q in left if q not in met.get(a, ())), left[0])
        left.remove(b)
        tables.append((a, b))
    return tables


def test_stuck_bottom_resolved_by_backtracking():
    """5 has met 6 and 4 has met 6: greedy pairs 1-2, 3-4 and is left with the rematch 5-6; the
    backtracking search keeps 1-2 and finds 3-6, 4-5."""
    h = History(6, [[(4, 5)], [(3, 5)]], [0] * 6, [False] * 6)
    seq = np.arange(6, dtype=np.int64)
    assert greedy_without_backtracking(range(6), h.met_sets())[-1] == (4, 5)  # a rematch
    pa, pb = buffers(6)
    assert pair_in_order(seq, h.opp, h.nr, pa, pb, 0)
    assert tables_of(pa, pb, 3) == [(0, 1), (2, 5), (3, 4)]


def test_deep_backtracking_changes_the_first_table():
    """5 and 6 have met each other and 3 and 4: only 1 and 2 can take them, so the search must go
    back to the first table (1 v 2 fails, 1 v 3 and 1 v 4 fail) and settles on 1 v 5, 2 v 6,
    3 v 4."""
    h = History(6, [[(4, 5)], [(2, 4), (3, 5)], [(2, 5), (3, 4)]], [0] * 6, [False] * 6)
    pa, pb = buffers(6)
    assert pair_in_order(np.arange(6, dtype=np.int64), h.opp, h.nr, pa, pb, 0)
    assert tables_of(pa, pb, 3) == [(0, 4), (1, 5), (2, 3)]


def test_unavoidable_rematch_is_reported():
    """Three players who all met, one of them gets the bye: the other two must meet again."""
    h = History(3, [[(0, 1)], [(0, 2)], [(1, 2)]], [3, 3, 3], [True, True, True])
    pa, pb = buffers(3)
    m, bye, ok = pair_swiss(stream(np.uint64(1), np.int64(0)), np.arange(3, dtype=np.int64),
                            h.points, h.had_bye, h.opp, h.nr, pa, pb)
    assert m == 1 and bye >= 0 and not ok


def middle_round(points, rounds=(), byes=(), seed=0, sim=0):
    n = len(points)
    h = History(n, list(rounds), points, [p in byes for p in range(n)])
    pa, pb = buffers(n)
    m, bye, ok = pair_swiss(stream(np.uint64(seed), np.int64(sim)), np.arange(n, dtype=np.int64),
                            h.points, h.had_bye, h.opp, h.nr, pa, pb)
    return h, tables_of(pa, pb, m), bye, ok


def test_odd_groups_pair_down_once():
    """Groups of 3, 2 and 3 players: exactly one 6-v-3 table and one 3-v-0 table, every time."""
    points = [6, 6, 6, 3, 3, 0, 0, 0]
    for sim in range(200):
        _, tables, _, ok = middle_round(points, sim=sim)
        gaps = Counter(tuple(sorted((points[a], points[b]), reverse=True)) for a, b in tables)
        assert gaps == Counter({(6, 6): 1, (6, 3): 1, (3, 0): 1, (0, 0): 1}) and ok


def test_stuck_group_pairs_down():
    """Player 0 has met the other three 6-point players: 0 pairs down, never a rematch."""
    points = [6, 6, 6, 6, 3, 3, 3, 3]
    rounds = [[(0, 1)], [(0, 2)], [(0, 3)]]
    for sim in range(100):
        _, tables, _, ok = middle_round(points, rounds, sim=sim)
        opponent = next(b if a == 0 else a for a, b in tables if 0 in (a, b))
        assert ok and points[opponent] == 3
        assert sum(points[a] != points[b] for a, b in tables) == 2


def test_middle_round_bye_skips_players_who_had_one():
    """The 0-point players both had a bye: the bye goes to the 3-point player without one."""
    for sim in range(50):
        _, _, bye, _ = middle_round([6, 6, 3, 3, 0, 0, 0], byes={4, 5, 6}, sim=sim)
        assert bye in (2, 3)


def test_middle_round_bye_second_bye_only_when_all_had_one():
    for sim in range(50):
        _, _, bye, _ = middle_round([6, 3, 0, 0, 0], byes={0, 1, 2, 3, 4}, sim=sim)
        assert bye in (2, 3, 4)


def test_middle_round_bye_uniform_over_lowest_group():
    """3,000 streams: each of the three lowest players gets the bye a third of the time."""
    counts = Counter(middle_round([6, 6, 3, 3, 0, 0, 0], sim=s)[2] for s in range(3000))
    assert set(counts) == {4, 5, 6}
    assert chisquare([counts[4], counts[5], counts[6]]).pvalue > 1e-4


def test_group_order_is_uniform():
    """Four players on the same points, nobody met: each of the three pairings equally likely."""
    counts = Counter(frozenset(frozenset(t) for t in middle_round([3, 3, 3, 3], sim=s)[1])
                     for s in range(3000))
    assert len(counts) == 3
    assert chisquare(list(counts.values())).pvalue > 1e-4


@pytest.mark.xfail(strict=True, reason="pair_swiss draws the bye before pairing and never "
                   "reconsiders it: a rematch that another allowed bye would avoid happens anyway")
def test_bye_choice_avoids_a_rematch():
    """Players 1 and 2 are the 0-point players without a bye; 0 has met 1.  Giving the bye to 1
    pairs 0 v 2; giving it to 2 forces the rematch 0 v 1.  No avoidable rematch means the bye must
    go to 1 every time."""
    for sim in range(40):
        _, tables, bye, ok = middle_round([3, 0, 0], rounds=[[(0, 1)]], sim=sim)
        assert ok, f"simulation {sim}: bye to {bye}, rematch {tables}"


@pytest.mark.xfail(strict=True, reason="pair_in_order gives up after MAX_STEPS search steps and "
                   "pairs in order with a rematch although a rematch-free pairing exists")
def test_rematch_free_pairing_found_beyond_the_search_budget():
    """30 players in order; the last two met each other and every middle player, so only the first
    two can take them.  The depth-first search tries every pairing of the 26 middle players before
    it changes the first table, and runs out of steps."""
    n = 30
    bottom = (n - 2, n - 1)
    rounds = [[bottom]] + [[(b, m)] for m in range(2, n - 2) for b in bottom]
    h = History(n, rounds, [0] * n, [False] * n)
    free = [(0, n - 2), (1, n - 1)] + [(m, m + 1) for m in range(2, n - 2, 2)]
    assert not any(h.met(a, b) for a, b in free)  # a rematch-free pairing exists
    pa, pb = buffers(n)
    assert pair_in_order(np.arange(n, dtype=np.int64), h.opp, h.nr, pa, pb, 0)


@pytest.mark.xfail(strict=True, reason="when no rematch-free pairing exists pair_in_order pairs "
                   "everybody in order, which can repeat more pairings than necessary")
def test_unavoidable_rematches_kept_to_the_minimum():
    """Player 1 has met everybody, 5 and 6 have met.  One rematch (1's) cannot be avoided; 1 v 2,
    3 v 5, 4 v 6 has only that one, but pairing in order adds 5 v 6."""
    h = History(6, [[(0, 1), (4, 5)], [(0, 2)], [(0, 3)], [(0, 4)], [(0, 5)]], [0] * 6,
                [False] * 6)
    assert not any(h.met(a, b) for a, b in [(2, 4), (3, 5)])  # one rematch is enough
    pa, pb = buffers(6)
    assert not pair_in_order(np.arange(6, dtype=np.int64), h.opp, h.nr, pa, pb, 0)
    assert sum(h.met(a, b) for a, b in tables_of(pa, pb, 3)) == 1
