"""Properties of the Swiss pairing kernels (``drawsafe.pairing.swiss``) on random small histories (drawn by
hypothesis, and dense ones, where rematches and bye retries are common, from fixed seeds).

Every expectation is derived from the rule text of the product brief, not from the kernels:

- everybody active is paired exactly once, plus one bye when their number is odd;
- nobody gets a second bye when someone without a bye is left, and the bye of a middle round goes
  to a player of the lowest point group among those without a bye (drawn uniformly at random, then
  handed to another player of that set, in player order, when the first draw would force a
  rematch that they avoid); the bye of the last round by standings goes to the lowest-ranked player
  without one, or to the next lowest-ranked with the same bye status when that avoids a rematch;
- no avoidable rematch, the bye choice included: the kernels report a rematch-free pairing exactly
  when one exists with some allowed bye, checked against a brute-force search over all perfect
  matchings;
- when rematches cannot be avoided, as few as possible: the number of rematches is the minimum over
  all perfect matchings (brute force);
- pair-downs only where a group is odd or stuck: each table's first player is the highest unpaired
  player, and meets the best-placed unpaired player with whom the rest can still be paired within
  the rematches left (none when a rematch-free pairing exists; middle rounds: the highest point
  group that allows it; last round: the next in the standings that allows it, i.e. 1 v 2, 3 v 4,
  cascading past rematches);
- ``pair_swiss`` equals, draw for draw, the same rules run on the Python twin of the random
  stream (``tests/test_rng.py``) and the reference pairing of ``tests/naive_sim.py``;
  ``pair_standings`` and ``pair_in_order`` equal the reference.
"""

from __future__ import annotations

import random
from collections import Counter

import naive_sim
import numpy as np
import pytest
from brute import completable
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from naive_rng import PyStream
from scipy.stats import chisquare

from drawsafe.pairing.swiss import pair_in_order, pair_standings, pair_swiss, search_pairing
from drawsafe.rng import stream

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
        self._fewest: dict[frozenset, int] = {}  # min_rematches, by set of players

    def met(self, p: int, q: int) -> bool:
        return bool((self.opp[p, :self.nr] == q).any())

    def met_sets(self) -> dict[int, set[int]]:
        return {p: {int(q) for q in self.opp[p, :self.nr] if q >= 0} for p in range(self.n)}

    def completable(self, players) -> bool:
        """True when ``players`` can all be paired without a rematch (brute force)."""
        return completable(players, self.met)

    def min_rematches(self, players) -> int:
        """The fewest rematches of any pairing of ``players`` (even number; brute force)."""
        rest = frozenset(int(p) for p in players)
        if rest not in self._fewest:
            first = min(rest, default=None)
            self._fewest[rest] = 0 if first is None else min(
                self.met(first, q) + self.min_rematches(rest - {first, q}) for q in rest - {first})
        return self._fewest[rest]


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


def rematches(h: History, tables) -> int:
    return sum(h.met(a, b) for a, b in tables)


def check_preference(h: History, tables, rank):
    """The tables are the first pairing in preference order with the fewest rematches: as few
    rematches as any pairing of these players (brute force), and each table's first player is the
    best-placed unpaired one (``rank``: lower is better) and meets the best-placed unpaired player
    with whom the rest can still be paired within the rematches left (a rematch spends one)."""
    left = h.min_rematches([p for t in tables for p in t])
    assert rematches(h, tables) == left, "more rematches than necessary"
    for t, (a, b) in enumerate(tables):
        unpaired = {p for table in tables[t:] for p in table}
        assert rank(a) == min(rank(p) for p in unpaired)
        allowed = [c for c in unpaired - {a}
                   if h.met(a, c) + h.min_rematches(unpaired - {a, c}) <= left]
        assert rank(b) == min(rank(c) for c in allowed)
        left -= h.met(a, b)


# --- pair_swiss (middle rounds) -----------------------------------------------------------------


def check_pair_swiss(h: History, players, seed: int, sim: int) -> tuple[int, bool]:
    """Every property of ``pair_swiss`` on one case, and draw-for-draw equality with the twin.
    Returns (the bye, whether the pairing is free of rematches)."""
    pa, pb = buffers(h.n)
    m, bye, ok = pair_swiss(stream(np.uint64(seed), np.int64(sim)), players, h.points, h.had_bye,
                            h.opp, h.nr, pa, pb)
    tables = tables_of(pa, pb, m)
    check_everybody_once(players, tables, bye)
    everybody = players.tolist()
    if bye >= 0:
        without = [p for p in everybody if not h.had_bye[p]]
        pool = without or everybody
        assert not (without and h.had_bye[bye]), "a second bye although someone had none"
        assert h.points[bye] == min(h.points[p] for p in pool), "bye above the lowest group"
        allowed = [p for p in pool if h.points[p] == h.points[bye]]
        assert ok == any(h.completable(set(everybody) - {c}) for c in allowed), \
            "a rematch another allowed bye would avoid"
    pool = [p for p in everybody if p != bye]
    assert ok == h.completable(pool)
    assert ok == (rematches(h, tables) == 0)
    check_preference(h, tables, rank=lambda p: -h.points[p])
    assert (tables, bye, ok) == twin_pair_swiss(h, players, seed, sim)
    return bye, ok


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=histories(), seed=st.integers(0, 2**64 - 1), sim=st.integers(0, 2**40))
def test_pair_swiss_properties(case, seed, sim):
    h, players = case
    check_pair_swiss(h, players, seed, sim)


def twin_pair_swiss(h: History, players, seed: int, sim: int):
    """The middle-round rules on the Python twin of the stream: a bye drawn as ``u64 % count``
    among the candidates (in player order) and handed on by the reference's retry, then each point
    group, highest first, shuffled by Fisher-Yates, then the reference pairing in that order."""
    rs = PyStream(seed, sim)
    players = [int(p) for p in players]
    bye = -1
    if len(players) % 2 == 1:
        candidates = naive_sim.bye_candidates(players, {p: int(h.points[p]) for p in players},
                                              {p for p in players if h.had_bye[p]})
        drawn = candidates[rs.next_u64() % len(candidates)]
        bye = naive_sim.middle_round_bye(drawn, candidates, players, h.met_sets())
        players.remove(bye)
    seq = []
    for value in sorted({int(h.points[p]) for p in players}, reverse=True):
        group = [p for p in players if h.points[p] == value]
        rs.shuffle(group, 0, len(group))
        seq.extend(group)
    tables, ok = naive_sim.pair_in_order(seq, h.met_sets())
    return tables, bye, ok


def dense_history(rng: random.Random, n: int, rounds: int, points=None, byes=None) -> History:
    """``rounds`` random rounds pairing everybody (one random player out when ``n`` is odd)."""
    tables = []
    for _ in range(rounds):
        order = rng.sample(range(n), n)
        tables.append([(order[2 * i], order[2 * i + 1]) for i in range(n // 2)])
    return History(n, tables, points or [0] * n, byes or [False] * n)


def test_pair_swiss_dense_histories():
    """800 random odd fields of 3-9 players with many rounds behind them (so the drawn bye often
    leaves the others unpairable without a rematch): every property above and draw-for-draw
    equality with the twin.  The sample must hold byes handed on by the retry, first draws that
    stand with a rematch, and rematch-free pairings."""
    rng = random.Random(52)
    seen = Counter()
    for k in range(800):
        n = rng.choice([3, 5, 7, 9])
        points = [rng.choice([0, 3]) for _ in range(n)]
        byes = [rng.random() < 0.3 for _ in range(n)]
        h = dense_history(rng, n, rng.randint(n - 3, n + 1), points, byes)
        sim = rng.randrange(2**40)
        bye, ok = check_pair_swiss(h, np.arange(n, dtype=np.int64), seed=k, sim=sim)
        candidates = naive_sim.bye_candidates(range(n), dict(enumerate(points)),
                                              {p for p in range(n) if byes[p]})
        drawn = candidates[PyStream(k, sim).next_u64() % len(candidates)]
        seen["moved" if bye != drawn else "rematch" if not ok else "free"] += 1
    assert min(seen[k] for k in ("moved", "rematch", "free")) >= 50, seen


# --- pair_standings (last round) and pair_in_order ----------------------------------------------


def check_pair_standings(h: History, ranked: np.ndarray) -> tuple[int, bool]:
    """Every property of ``pair_standings`` on one case, and equality with the reference."""
    pa, pb = buffers(h.n)
    m, bye, ok = pair_standings(ranked, h.had_bye, h.opp, h.nr, pa, pb)
    tables = tables_of(pa, pb, m)
    check_everybody_once(ranked, tables, bye)
    order = ranked.tolist()
    if bye >= 0:
        without = [p for p in order if not h.had_bye[p]]
        first = without[-1] if without else order[-1]
        same = [p for p in order if h.had_bye[p] == h.had_bye[first]]  # first is the lowest
        movers = [p for p in reversed(same) if h.completable(set(order) - {p})]
        assert bye == (movers[0] if movers else first)
        assert ok == bool(movers)
    pool = [p for p in order if p != bye]
    assert ok == h.completable(pool)
    assert ok == (rematches(h, tables) == 0)
    check_preference(h, tables, rank=order.index)
    byes = {p for p in order if h.had_bye[p]}
    expected, expected_bye, expected_ok = naive_sim.pair_by_standings(order, byes, h.met_sets())
    assert (tables, bye, ok) == (expected, -1 if expected_bye is None else expected_bye,
                                 expected_ok)
    return bye, ok


@settings(max_examples=300, deadline=None)
@given(case=histories(), data=st.data())
def test_pair_standings_properties(case, data):
    h, players = case
    check_pair_standings(h, np.array(data.draw(st.permutations(players.tolist())), dtype=np.int64))


def test_pair_standings_dense_histories():
    """800 random odd fields of 3-9 players with many rounds behind them, in a random standings
    order: every property above.  The sample must hold byes moved up, byes that stay with a
    rematch, and rematch-free pairings."""
    rng = random.Random(53)
    seen = Counter()
    for _ in range(800):
        n = rng.choice([3, 5, 7, 9])
        byes = [rng.random() < 0.3 for _ in range(n)]
        h = dense_history(rng, n, rng.randint(n - 3, n + 1), byes=byes)
        ranked = np.array(rng.sample(range(n), n), dtype=np.int64)
        without = [p for p in ranked.tolist() if not byes[p]]
        first = without[-1] if without else int(ranked[-1])
        bye, ok = check_pair_standings(h, ranked)
        seen["moved" if bye != first else "rematch" if not ok else "free"] += 1
    assert min(seen[k] for k in ("moved", "rematch", "free")) >= 50, seen


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
    check_preference(h, tables, rank=order.index)
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


def test_last_round_bye_moves_up_past_players_who_had_one():
    """Five players; 4th ranked had a bye and has met 1st, 2nd and 3rd.  The bye would go to the
    5th, but then the 4th has only rematches left; the next lowest-ranked without a bye is the 3rd
    (the 4th is skipped: a second bye is no answer), and without the 3rd the others pair 1 v 2,
    4 v 5."""
    assert standings(5, [[(3, 0)], [(3, 1)], [(3, 2)]], byes={3}) == ([(0, 1), (3, 4)], 2, True)


def test_last_round_bye_stays_when_no_move_helps():
    """Three players who all met, none with a bye: every choice leaves a rematch, so the bye stays
    with the lowest-ranked and 1 v 2 is the (reported) rematch."""
    assert standings(3, [[(0, 1)], [(0, 2)], [(1, 2)]]) == ([(0, 1)], 2, False)


def test_last_round_bye_when_all_had_one_moves_up_among_everybody():
    """Everybody had a bye; the 3rd ranked has met everybody: the 5th and then the 4th would leave
    the 3rd only rematches, so the scan moves up to the 3rd, who takes the bye (another one)."""
    assert standings(5, [[(2, 0)], [(2, 1)], [(2, 3)], [(2, 4)]], byes=set(range(5))) == (
        [(0, 1), (3, 4)], 2, True)


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


def test_bye_choice_avoids_a_rematch():
    """Players 1 and 2 are the 0-point players without a bye; 0 has met 1.  Giving the bye to 1
    pairs 0 v 2; giving it to 2 forces the rematch 0 v 1.  No avoidable rematch means the bye must
    go to 1 every time."""
    for sim in range(40):
        _, tables, bye, ok = middle_round([3, 0, 0], rounds=[[(0, 1)]], sim=sim)
        assert ok, f"simulation {sim}: bye to {bye}, rematch {tables}"


def test_bye_retry_goes_to_the_first_allowed_player_in_order():
    """Players 2, 3, 4 (0 points) may have the bye; 0 has met 1, 2 and 3.  Drawn 2 or 3, the bye
    stays (0 meets 4); drawn 4, the others cannot pair without a rematch (0 has met them all), and
    the first other allowed player in order who lets them, 2, takes it.  So the bye goes to 2 with
    probability 2/3 and to 3 with 1/3, never to 4, and there is never a rematch."""
    counts = Counter()
    for sim in range(3000):
        _, tables, bye, ok = middle_round([6, 3, 0, 0, 0], rounds=[[(0, 1)], [(0, 2)], [(0, 3)]],
                                          sim=sim)
        assert ok and (0, 4) in tables
        counts[bye] += 1
    assert set(counts) == {2, 3}
    assert chisquare([counts[2], counts[3]], [2000, 1000]).pvalue > 1e-4


def test_bye_retry_stays_in_the_allowed_set():
    """Player 0 (3 points) has met 1 and 2 (0 points): whoever of 1 and 2 has the bye, 0 meets the
    other again.  The bye would avoid it with 0, who is not allowed it (not in the lowest group), so
    the first draw stands: 1 and 2 each half the time, always the rematch."""
    counts = Counter()
    for sim in range(2000):
        _, _, bye, ok = middle_round([3, 0, 0], rounds=[[(0, 1)], [(0, 2)]], sim=sim)
        assert not ok
        counts[bye] += 1
    assert set(counts) == {1, 2}
    assert chisquare([counts[1], counts[2]]).pvalue > 1e-4


def test_bye_retry_when_all_had_one():
    """Everybody had a bye; 1 and 2 are the lowest group and 0 has met 1: the bye goes to 1 every
    time (2 would leave the rematch 0 v 1)."""
    for sim in range(40):
        _, tables, bye, ok = middle_round([3, 0, 0], rounds=[[(0, 1)]], byes={0, 1, 2}, sim=sim)
        assert ok and bye == 1 and tables == [(0, 2)]


@pytest.mark.xfail(strict=True, reason="pair_in_order's rematch-free search gives up after "
                   "MAX_STEPS steps, and a pairing with a rematch is used although a rematch-free "
                   "one exists")
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


def test_search_that_gives_up_moves_on_to_one_rematch():
    """30 players in order; 23 v 24 and 29 v 30 have met, and 29 and 30 have met everybody but 24,
    so no pairing is free of rematches, and proving it takes the rematch-free search beyond its
    budget (it gives up).  The search then allows one rematch and finds 23 v 25, 24 v 26, 27 v 28,
    29 v 30 (one rematch) rather than pairing in order (two)."""
    n = 30
    rounds = [[(22, 23)], [(28, 29)]] + [[(b, q)] for b in (28, 29) for q in range(28) if q != 23]
    h = History(n, rounds, [0] * n, [False] * n)
    seq = np.arange(n, dtype=np.int64)
    assert search_pairing(seq, h.opp, h.nr, np.empty(n, dtype=np.int64), 0) == -1  # gave up
    pa, pb = buffers(n)
    assert not pair_in_order(seq, h.opp, h.nr, pa, pb, 0)
    expected = [(k, k + 1) for k in range(0, 22, 2)] + [(22, 24), (23, 25), (26, 27), (28, 29)]
    assert tables_of(pa, pb, n // 2) == expected
    assert sum(h.met(a, b) for a, b in expected) == 1


def test_unavoidable_rematches_kept_to_the_minimum():
    """Player 1 has met everybody, 5 and 6 have met.  One rematch (1's) cannot be avoided; 1 v 2,
    3 v 5, 4 v 6 has only that one (pairing in order would add 5 v 6), and it is the first such
    pairing in preference order (1 meets the next player, 2, spending the one rematch)."""
    h = History(6, [[(0, 1), (4, 5)], [(0, 2)], [(0, 3)], [(0, 4)], [(0, 5)]], [0] * 6,
                [False] * 6)
    assert not any(h.met(a, b) for a, b in [(2, 4), (3, 5)])  # one rematch is enough
    pa, pb = buffers(6)
    assert not pair_in_order(np.arange(6, dtype=np.int64), h.opp, h.nr, pa, pb, 0)
    assert tables_of(pa, pb, 3) == [(0, 1), (2, 4), (3, 5)]


def test_fewest_rematches_against_brute_force():
    """600 dense random histories (4-10 players, as many rounds as players or more, so rematches
    are often unavoidable): ``pair_in_order`` uses the fewest rematches any pairing has (brute
    force), in preference order, and agrees with the reference.  The sample must hold cases
    needing one rematch and cases needing several."""
    rng = random.Random(2026)
    needed = Counter()
    for _ in range(600):
        n = rng.choice([4, 6, 8, 10])
        h = dense_history(rng, n, rng.randint(n - 2, n + 2))
        order = rng.sample(range(n), n)
        pa, pb = buffers(n)
        ok = pair_in_order(np.array(order, dtype=np.int64), h.opp, h.nr, pa, pb, 0)
        tables = tables_of(pa, pb, n // 2)
        check_everybody_once(np.array(order), tables, -1)
        check_preference(h, tables, rank=order.index)
        assert ok == (rematches(h, tables) == 0)
        assert (tables, ok) == naive_sim.pair_in_order(order, h.met_sets())
        needed[min(rematches(h, tables), 2)] += 1
    assert min(needed.values()) >= 50, needed

