"""The Dutch-system pairing kernel (``drawsafe.pairing.dutch``): hand-worked rounds and properties.

Hand-worked examples follow the FIDE Handbook (C.04.3): ranking by score then rating, S1 v S2,
transpositions of S2 in lexicographic order, then exchanges, odd players floating down, the bye
to the lowest-ranked player without one.  The properties are derived from the rule text with a
brute-force search over all pairings (no kernel code): everybody active is paired once, no
avoidable rematch, no second bye, the bye in the lowest possible place.  Finally the kernel equals,
table for table, a plain-Python twin of its documented rules (``tests/naive_dutch.py``).
"""

from __future__ import annotations

import time
from collections import Counter

import naive_dutch
import numba
import numpy as np
import pytest
from brute import completable
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawsafe.pairing.dutch import pair_dutch, pair_dutch_budget
from drawsafe.rng import stream


class Round:
    """Inputs of one pairing: ``n`` players, who met whom, half points, byes, ratings."""

    def __init__(self, n, met=(), points=None, ratings=None, byes=(), nr=None):
        self.n = n
        pairs = list(met)
        self.nr = len(pairs) if nr is None else nr
        self.opp = np.full((n, max(self.nr, 1)), -1, dtype=np.int32)
        for r, (a, b) in enumerate(pairs):  # one meeting per "round" keeps it simple
            self.opp[a, r] = b
            self.opp[b, r] = a
        self.points = np.array(points if points is not None else [0] * n, dtype=np.int64)
        self.ratings = np.array(ratings if ratings is not None else [0.0] * n, dtype=np.float64)
        self.had_bye = np.array([p in byes for p in range(n)], dtype=np.bool_)

    def meet(self, pairs):
        """Replace the history by the meetings ``pairs``, as few rounds as a greedy edge colouring
        gives (each round a set of disjoint tables)."""
        rounds_of: list[list[tuple[int, int]]] = []
        for a, b in pairs:
            free = [t for t in rounds_of if all(a not in x and b not in x for x in t)]
            if free:
                free[0].append((a, b))
            else:
                rounds_of.append([(a, b)])
        self.nr = len(rounds_of)
        self.opp = np.full((self.n, max(self.nr, 1)), -1, dtype=np.int32)
        for k, tables in enumerate(rounds_of):
            for a, b in tables:
                self.opp[a, k], self.opp[b, k] = b, a

    def unplayed(self, p):
        """Rounds in which ``p`` had no opponent."""
        return int((self.opp[p, :self.nr] < 0).sum())

    def met(self, p, q):
        return bool((self.opp[p, :self.nr] == q).any())

    def met_sets(self):
        return {p: {int(q) for q in self.opp[p, :self.nr] if q >= 0} for p in range(self.n)}

    def pair(self, players=None):
        players = np.arange(self.n, dtype=np.int64) if players is None else players
        pa = np.full(self.n // 2 + 1, -9, dtype=np.int64)
        pb = np.full(self.n // 2 + 1, -9, dtype=np.int64)
        m, bye, ok = pair_dutch(stream(np.uint64(7), np.int64(0)), players, self.points,
                                self.had_bye, self.opp, self.nr, self.ratings, pa, pb)
        return [(int(pa[t]), int(pb[t])) for t in range(m)], int(bye), bool(ok)

    def completable(self, players) -> bool:
        """True when ``players`` can all be paired without a rematch (brute force)."""
        return completable(players, self.met)


def by_rating(n):
    """Ratings that rank player ``i`` at place ``i`` (2400, 2350, ...)."""
    return [2400.0 - 50 * i for i in range(n)]


# --- hand-worked rounds -------------------------------------------------------------------------


def test_round_one_top_half_meets_bottom_half():
    # Eight players whose indices are not in rating order: seeds 1..8 are players 3,6,0,7,2,1,5,4.
    ratings = [2200, 1900, 1950, 2400, 1800, 1850, 2300, 2000]
    seed = sorted(range(8), key=lambda p: -ratings[p])
    assert seed == [3, 6, 0, 7, 2, 1, 5, 4]
    tables, bye, ok = Round(8, ratings=ratings).pair()
    # Seeds 1 v 5, 2 v 6, 3 v 7, 4 v 8.
    assert tables == [(seed[0], seed[4]), (seed[1], seed[5]), (seed[2], seed[6]), (seed[3], seed[7])]
    assert (bye, ok) == (-1, True)


def test_round_one_odd_field_gives_the_lowest_rated_the_bye():
    tables, bye, ok = Round(7, ratings=by_rating(7)).pair()
    assert (bye, ok) == (6, True)
    assert tables == [(0, 3), (1, 4), (2, 5)]


def test_unrated_players_rank_last_and_ties_go_by_player_index():
    ratings = [0, 1500, 0, 1500]
    tables, _, _ = Round(4, ratings=ratings).pair()
    # Ranking 1 (1500), 3 (1500), 0 (unrated), 2 (unrated): 1 v 0, 3 v 2.
    assert tables == [(1, 0), (3, 2)]


def test_rematch_in_a_score_group_transposes_s2():
    # One group of six: S1 = 0,1,2, S2 = 3,4,5; 0 has met 3.  Transpositions of S2 in
    # lexicographic order: 3-4-5 (0 v 3 rematch), 3-5-4 (same), 4-3-5: 0 v 4, 1 v 3, 2 v 5.
    tables, _, ok = Round(6, met=[(0, 3)], ratings=by_rating(6)).pair()
    assert tables == [(0, 4), (1, 3), (2, 5)]
    assert ok


def test_later_s1_player_transposes_before_earlier_one():
    # 1 has met 4: S2 order 3-5-4 keeps 0 v 3 and gives 1 v 5, 2 v 4.
    tables, _, _ = Round(6, met=[(1, 4)], ratings=by_rating(6)).pair()
    assert tables == [(0, 3), (1, 5), (2, 4)]


def test_exchange_when_no_transposition_works():
    # Four players, 0 has met both 2 and 3: no order of S2 = {2, 3} works.  The first exchange
    # (smallest difference: S1 player 1 for S2 player 2) gives S1 = 0,2 and S2 = 1,3: 0 v 1, 2 v 3.
    tables, _, ok = Round(4, met=[(0, 2), (0, 3)], ratings=by_rating(4)).pair()
    assert tables == [(0, 1), (2, 3)]
    assert ok


def test_exchange_order_prefers_the_lowest_s1_player():
    # Six players, 0 has met 3, 4, 5.  Exchanges by difference 1: 2<->3; S1 = 0,1,3, S2 = 2,4,5:
    # 0 v 2, 1 v 4, 3 v 5.
    tables, _, _ = Round(6, met=[(0, 3), (0, 4), (0, 5)], ratings=by_rating(6)).pair()
    assert tables == [(0, 2), (1, 4), (3, 5)]


def test_odd_group_floats_its_lowest_player_down():
    # Score 2 (four half points): players 0..4 by rating; score 1: players 5, 6, 7.
    points = [4] * 5 + [2] * 3
    tables, bye, ok = Round(8, points=points, ratings=by_rating(8)).pair()
    # Top group: S1 = 0,1, S2 = 2,3,4: 0 v 2, 1 v 3, and 4 (the lowest) floats down; it meets the
    # best player of the next group (5), whose remainder pairs 6 v 7.
    assert tables == [(0, 2), (1, 3), (4, 5), (6, 7)]
    assert (bye, ok) == (-1, True)


def test_upper_bracket_gives_way_so_the_bottom_can_be_paired():
    # Score 2: 0, 1, 2; score 0: 3 alone, who has met 2.  Floating 2 (the lowest) would leave
    # 2 v 3, a rematch; so the top group floats 1 instead: 0 v 2, then 1 v 3.
    points = [4, 4, 4, 0]
    tables, _, ok = Round(4, met=[(2, 3)], points=points, ratings=by_rating(4)).pair()
    assert tables == [(0, 2), (1, 3)]
    assert ok


def test_bye_skips_a_player_who_had_one():
    points = [2, 2, 2, 0, 0]
    tables, bye, _ = Round(5, points=points, ratings=by_rating(5), byes={4}).pair()
    assert bye == 3
    assert sorted(p for t in tables for p in t) == [0, 1, 2, 4]


def test_no_rematch_free_pairing_pairs_in_ranking_order():
    tables, bye, ok = Round(4, met=[(0, 1), (0, 2), (0, 3)], ratings=by_rating(4)).pair()
    assert (bye, ok) == (-1, False)
    assert tables == [(0, 1), (2, 3)]


def test_inactive_players_are_left_out():
    players = np.array([5, 0, 2, 3], dtype=np.int64)
    tables, bye, ok = Round(6, ratings=by_rating(6)).pair(players)
    assert (tables, bye, ok) == ([(0, 3), (2, 5)], -1, True)


def test_bye_prefers_the_player_with_fewer_unplayed_rounds():
    # bbpPairings' test dutch_2025_C9 (FIDE Dutch 2025): five players by rating; round 1 was 0 v 2
    # (0 won) and 1 v 3 (1 won) while 4 was absent (a zero-point bye, not a pairing bye).  Of the
    # three on 0 points, 4 is the lowest ranked but has an unplayed round already: 3 gets the bye,
    # and the pairing is 0 v 1, 2 v 4.
    r = Round(5, points=[2, 2, 0, 0, 0], ratings=by_rating(5))
    r.meet([(0, 2), (1, 3)])
    assert r.nr == 1 and r.unplayed(4) == 1
    assert r.pair() == ([(0, 1), (2, 4)], 3, True)


def test_top_group_floats_both_when_their_game_would_strand_the_rest():
    # bbpPairings' test dutch_2025_C5: six players by rating, two rounds (0-3, 1-4, 2-5; 0-1, 2-3,
    # 4-5, the first named winning), 3 absent in round 3.  On 2 points 0 and 2 could meet, but 1
    # and 4 (1 point, met in round 1) could then not: both leaders float down and the pairing is
    # 0 v 4, 2 v 1, with the bye to 5.
    r = Round(6, ratings=by_rating(6), points=[4, 2, 4, 0, 2, 0])
    r.meet([(0, 3), (1, 4), (2, 5), (0, 1), (2, 3), (4, 5)])
    assert r.nr == 2
    players = np.array([0, 1, 2, 4, 5], dtype=np.int64)
    assert r.pair(players) == ([(0, 4), (2, 1)], 5, True)


# --- properties against brute force -------------------------------------------------------------


@st.composite
def rounds(draw, max_players: int = 11, max_rounds: int = 5, scores=(0, 1, 2, 3, 4, 6),
           full: bool = False):
    """Random earlier rounds (partial pairings; whole-field pairings with ``full``), half-point
    scores from ``scores``, ratings with ties and unrated players, random byes and a random set of
    active players."""
    n = draw(st.integers(1, max_players))
    nr = draw(st.integers(0, max_rounds))
    r = Round(n, nr=nr)
    for k in range(nr):
        order = draw(st.permutations(range(n)))
        for i in range(n // 2 if full else draw(st.integers(0, n // 2))):
            a, b = order[2 * i], order[2 * i + 1]
            r.opp[a, k] = b
            r.opp[b, k] = a
    r.points = np.array(draw(st.lists(st.sampled_from(scores), min_size=n, max_size=n)),
                        dtype=np.int64)
    r.ratings = np.array(draw(st.lists(st.sampled_from([0.0, 1500.0, 1800.0, 2000.0, 2200.0]),
                                       min_size=n, max_size=n)), dtype=np.float64)
    r.had_bye = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=np.bool_)
    active = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    return r, np.array([p for p in range(n) if active[p]], dtype=np.int64)


def rank_key(r: Round):
    return lambda p: (-r.points[p], -r.ratings[p], p)


@st.composite
def dense_rounds(draw, max_players: int = 10):
    """Any set of earlier meetings (each pair met with the drawn probability), spread over as many
    rounds as it takes, in one to three score groups: rematch conflicts everywhere."""
    n = draw(st.integers(2, max_players))
    density = draw(st.sampled_from([0.2, 0.4, 0.6]))
    met = [(a, b) for a in range(n) for b in range(a + 1, n)
           if draw(st.floats(0, 1)) < density]
    r = Round(n)
    r.meet(met)
    r.points = np.array(draw(st.lists(st.sampled_from([0, 2, 4]), min_size=n, max_size=n)),
                        dtype=np.int64)
    r.ratings = np.array(draw(st.permutations(by_rating(n))), dtype=np.float64)
    r.had_bye = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=np.bool_)
    return r, np.arange(n, dtype=np.int64)


#: Sparse histories (like early rounds), whole-field rounds, and dense meeting graphs (rematch
#: conflicts: transpositions, exchanges, fewer pairs, the exhaustive search).
CASES = st.one_of(rounds(), rounds(max_players=10, max_rounds=7, scores=(0, 2, 4), full=True),
                  dense_rounds())


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=CASES)
def test_properties_against_brute_force(case):
    r, players = case
    tables, bye, ok = r.pair(players)
    seen = Counter(p for t in tables for p in t)
    if bye >= 0:
        seen[bye] += 1
    assert sorted(seen.elements()) == sorted(players.tolist()), "everybody active exactly once"
    assert (bye >= 0) == (len(players) % 2 == 1)
    if bye >= 0:
        without = [p for p in players.tolist() if not r.had_bye[p]]
        assert not (without and r.had_bye[bye]), "a second bye although someone had none"
        # Lowest score first, then fewest rounds without an opponent, then lowest ranked; the
        # first whose absence leaves a rematch-free pairing, else simply the first.
        allowed = sorted(without or players.tolist(), key=lambda p: (
            r.points[p], r.unplayed(p), r.ratings[p], -p))
        fits = [p for p in allowed if r.completable([q for q in players.tolist() if q != p])]
        assert bye == (fits[0] if fits else allowed[0])
        assert ok == bool(fits)
    else:
        assert ok == r.completable(players.tolist())
    if ok:
        assert not any(r.met(a, b) for a, b in tables), "an avoidable rematch"


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=CASES)
def test_equals_the_python_twin(case):
    r, players = case
    met = r.met_sets()
    expected = naive_dutch.pair_dutch(players.tolist(), r.points.tolist(), r.had_bye.tolist(),
                                      met, r.ratings.tolist(), [r.unplayed(p) for p in range(r.n)])
    assert r.pair(players) == expected


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=CASES, max_steps=st.sampled_from([0, 3, 30, 300]),
       level_steps=st.sampled_from([0, 2, 20]))
def test_spent_search_budgets_fall_back_safely(case, max_steps, level_steps):
    """With tiny budgets the search gives up early (fewer pairs in a bracket, or the plain
    backtracking pairing of the whole round); the absolute rules still hold."""
    r, players = case
    pa = np.full(r.n // 2 + 1, -9, dtype=np.int64)
    pb = np.full(r.n // 2 + 1, -9, dtype=np.int64)
    m, bye, ok = pair_dutch_budget(players, r.points, r.had_bye, r.opp, r.nr, r.ratings, pa, pb,
                                   max_steps, level_steps)
    tables = [(int(pa[t]), int(pb[t])) for t in range(m)]
    seen = Counter(p for t in tables for p in t)
    if bye >= 0:
        seen[bye] += 1
    assert sorted(seen.elements()) == sorted(players.tolist())
    assert (bye >= 0) == (len(players) % 2 == 1)
    if bye >= 0 and not r.had_bye[players].all():
        assert not r.had_bye[bye]
    assert ok == r.completable([p for p in players.tolist() if p != bye])
    if ok:
        assert not any(r.met(a, b) for a, b in tables)


def test_equals_the_python_twin_on_dense_fields():
    """Fixed-seed fields of 6-10 players with dense meeting graphs in one or two score groups:
    every rule of the documented order is reached (checked on the twin's counters)."""
    rng = np.random.default_rng(20240318)
    naive_dutch.PATHS.clear()
    for case in range(1500):
        n = int(rng.integers(6, 11))
        met = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.6]
        r = Round(n, ratings=rng.permutation(by_rating(n)).tolist(),
                  points=rng.choice([0, 2], n).tolist() if case % 2 else [0] * n,
                  byes={p for p in range(n) if rng.random() < 0.3})
        r.meet(met)
        expected = naive_dutch.pair_dutch(list(range(n)), r.points.tolist(), r.had_bye.tolist(),
                                          r.met_sets(), r.ratings.tolist(),
                                          [r.unplayed(p) for p in range(n)])
        assert r.pair() == expected, case
    assert all(naive_dutch.PATHS[k] >= 5 for k in
               ("plain", "transposition", "exchange", "fewer pairs", "exhaustive")), \
        naive_dutch.PATHS


def test_two_exchanges_needed_falls_back_to_the_exhaustive_order():
    # One group of eight; 0 can only meet 1, and 2 only 3: S1 must lose two players, which no
    # single exchange does.  The exhaustive order pairs each highest player with the highest one
    # left: 0 v 1, 2 v 3, 4 v 5, 6 v 7 (the Dutch two-player exchange would give 4 v 6, 5 v 7).
    met = [(0, k) for k in range(2, 8)] + [(2, k) for k in (1, 4, 5, 6, 7)]
    tables, _, ok = Round(8, met=met, ratings=by_rating(8)).pair()
    assert tables == [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert ok


@settings(max_examples=60, deadline=None)
@given(case=rounds(max_players=10))
def test_pairs_stay_in_their_score_group_when_they_can(case):
    """In a fresh field (nobody has met) groups pair internally and one player floats out of every
    bracket with an odd number of players: a cross-group table for every score above the lowest
    with an odd number of players at or above it."""
    r, players = case
    r.opp[:] = -1
    tables, bye, ok = r.pair(players)
    assert ok
    left = [p for p in players.tolist() if p != bye]
    scores = sorted({int(r.points[p]) for p in left}, reverse=True)
    odd_above = sum(sum(r.points[p] >= s for p in left) % 2 for s in scores[:-1])
    assert sum(r.points[a] != r.points[b] for a, b in tables) == odd_above


# --- size ---------------------------------------------------------------------------------------


def test_a_large_open_pairs_fast_and_without_rematches():
    """400 players after 8 random Swiss-like rounds: pairing round 9 takes well under 10 ms."""
    rng = np.random.default_rng(2024)
    n, nr = 400, 8
    r = Round(n, nr=nr, ratings=sorted(rng.integers(1000, 2700, n).astype(float), reverse=True))
    r.nr = 0
    points = np.zeros(n, dtype=np.int64)
    for k in range(nr):
        tables, bye, ok = r.pair()
        assert ok and bye == -1
        for a, b in tables:
            r.opp[a, k], r.opp[b, k] = b, a
            res = rng.choice([0, 1, 2])
            points[a] += res
            points[b] += 2 - res
        r.points = points.copy()
        r.nr = k + 1
    start = time.perf_counter()
    for _ in range(20):
        tables, bye, ok = r.pair()
    per_round = (time.perf_counter() - start) / 20
    assert ok and not any(r.met(a, b) for a, b in tables)
    if not numba.config.DISABLE_JIT:  # a timing means nothing for the interpreted kernels
        assert per_round < 0.01, f"{per_round * 1e3:.1f} ms per round"


@pytest.mark.parametrize("n", [2, 3])
def test_tiny_fields(n):
    tables, bye, ok = Round(n, ratings=by_rating(n)).pair()
    assert (tables, bye, ok) == ([(0, 1)], 2 if n == 3 else -1, True)
