"""The Monte Carlo core against exact enumeration on tiny events (3-9 players, 1-2 rounds left).

``tests/exact.py`` lists every pairing the rules allow and every result, with exact probabilities,
and gives each player's exact P(cut).  With a result model whose probabilities are exact binary
fractions (no draws or a draw share of 1/4; one or two game scores), the engine's estimate from a
fixed seed must contain the exact value in its 99.9% Wilson interval, for every player of every
case.  Sensitivity checks show the comparison can fail: the exact figures under another rule
(random last round, no locked draws, no bye retry, awarded byes ignored) fall outside the engine's
intervals.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import exact
import naive_sim
import pytest
from conftest import MELEE, need
from tiny_events import RETRY, native_event

from drawsafe.engine.results import ResultModel
from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import PILOT_MIN_COUNT, PILOT_SIMS, Simulator
from drawsafe.stats import wilson
from drawsafe.tiebreaks.packs import get_rules

MTG = get_rules("mtg")
#: Decided matches 2-0 only, no draws: 2 outcomes per table (two rounds left stay small).
ONE_SCORE = ResultModel(0.0, ((2, 0, 0, 1.0),), ((1, 1, 0, 1.0),))
#: 2-0 or 2-1, no draws: 4 outcomes per table.
TWO_SCORES = ResultModel(0.0, ((2, 0, 0, 1.0), (2, 1, 0, 1.0)), ((1, 1, 0, 1.0),))
#: A quarter of the matches drawn 1-1, the rest 2-0 or 2-1: 5 outcomes per table.
WITH_DRAWS = ResultModel(0.25, ((2, 0, 0, 1.0), (2, 1, 0, 1.0)), ((1, 1, 0, 1.0),))
#: Simulations per engine estimate: 99.9% half-widths of at most 0.008.
SIMS = 40_000
SEED = 20251130


#: Six players, one round left.  After two rounds A has 6 points; B and C (3 points) are tied on
#: OMW% (3/4) and B's GW% (3/5) beats C's (1/2); E (GW 1/2) is above D (2/5) on equal OMW%.
#: Standings A, B, C, E, D, F: A has met B and C, so A v E; B v C would leave D v F, who met, so
#: the search backtracks to B v D, C v F.
CASCADE = native_event("ABCDEF", [
    [("A", "B", "2-1-0"), ("C", "D", "2-0-0"), ("E", "F", "2-0-0")],
    [("A", "C", "2-0-0"), ("B", "E", "2-0-0"), ("D", "F", "2-1-0")],
], 3, "cascade")

#: Eight players, the last round published with two of its four results already reported.
PUBLISHED = native_event("ABCDEFGH", [
    [("A", "B", "2-1-0"), ("C", "D", "1-1-0"), ("E", "F", "2-0-0"), ("G", "H", "0-2-0")],
    [("A", "E", "2-1-0"), ("H", "C", "2-0-0"), ("D", "B", "2-1-0"), ("F", "G", "1-1-1")],
    [("A", "H"), ("D", "E", "2-0-0"), ("C", "F"), ("B", "G", "0-2-0")],
], 3, "published")



#: Seven players; A has two awarded byes (rounds 1 and 2), so round 2 pairs the other six and
#: round 3 (by standings) gives its bye to the lowest-ranked of the others.
AWARDED = replace(native_event("ABCDEFG", [
    [("A",), ("B", "C", "2-0-0"), ("D", "E", "2-1-0"), ("F", "G", "0-2-0")],
], 3, "awarded"), awarded_byes={"A": 2})


def generated(players, rounds, played, seed):
    return take_snapshot(generate_event(players, rounds, played, seed=seed))


CASES = {
    # name: (snapshot, rules, config)
    "bye retried in both rounds": (take_snapshot(RETRY, 1), MTG,
                                   Question(Cut(2), results=TWO_SCORES, future_draws="locked")),
    "awarded byes": (take_snapshot(AWARDED, 1), MTG,
                     Question(Cut(3), results=ONE_SCORE, future_draws="locked")),
    "cascade, draws, top 2": (take_snapshot(CASCADE, 2), MTG, Question(Cut(2), results=WITH_DRAWS)),
    "published round half reported": (take_snapshot(PUBLISHED), MTG,
                                      Question(Cut(2), results=WITH_DRAWS)),
    "8 players, 1 left, draws": (generated(8, 3, 2, 2), MTG, Question(Cut(3), results=WITH_DRAWS)),
    "8 players, 1 left, two scores": (generated(8, 3, 2, 1), MTG,
                                      Question(Cut(3), results=TWO_SCORES)),
    "8 players, 2 left": (generated(8, 3, 1, 3), MTG,
                          Question(Cut(3), results=ONE_SCORE, future_draws="none")),
    "8 players, 2 left, locked draws": (generated(8, 5, 3, 9), MTG,
                                        Question(Cut(3), results=ONE_SCORE, future_draws="locked")),
    "8 players, 2 left, safe draws": (generated(8, 5, 3, 9), MTG,
                                      Question(Cut(3), results=ONE_SCORE, future_draws="safe")),
    "7 players, 2 left, byes": (generated(7, 3, 1, 5), MTG,
                                Question(Cut(3), results=ONE_SCORE, future_draws="locked")),
    "7 players, 1 left, byes, draws": (generated(7, 4, 3, 6), MTG,
                                       Question(Cut(3), results=WITH_DRAWS)),
    "6 players, 2 left, top 2": (generated(6, 4, 2, 7), MTG,
                                 Question(Cut(2), results=ONE_SCORE, future_draws="safe")),
    "8 players, random last round": (generated(8, 4, 3, 8), MTG,
                                     Question(Cut(4), results=TWO_SCORES, last_round="random")),
    "8 players, 1 left, mtg-classic": (generated(8, 3, 2, 2), get_rules("mtg-classic"),
                                       Question(Cut(3), results=TWO_SCORES)),
}


def engine_estimate(snap, rules, config, sims=SIMS, seed=SEED):
    batch = Simulator(snap, rules, config).run(sims, seed=seed)
    low, high = wilson(batch.cut, batch.n, 0.999)
    return batch.cut / batch.n, low, high


def safe_points(snap, rules, config, seed=SEED):
    """The safe points the engine's pilot run sets for ``seed`` (``None`` for other policies):
    the one number of the safe policy taken from the engine (checked on its own below)."""
    if config.future_draws != "safe":
        return None
    return Simulator(snap, rules, config).draw_points(seed)


def check_inside(snap, rules, config, sims=SIMS):
    """Exact P(cut) of every active player inside the engine's 99.9% interval; returns both."""
    truth = exact.exact_cut(snap, rules, config, safe_points(snap, rules, config))
    assert sum(truth.values()) == min(config.top, len(truth))
    p, low, high = engine_estimate(snap, rules, config, sims)
    outside = [(name, float(truth[name]), p[i], low[i], high[i])
               for i, name in enumerate(snap.names)
               if name in truth and not low[i] <= truth[name] <= high[i]]
    assert not outside, f"exact value outside the 99.9% interval: {outside}"
    inactive = [name for i, name in enumerate(snap.names) if name not in truth and p[i] > 0]
    assert not inactive, f"dropped players in the cut: {inactive}"
    return truth, p


@pytest.mark.parametrize("case", list(CASES))
def test_engine_inside_exact_interval(case):
    snap, rules, config = CASES[case]
    truth, _ = check_inside(snap, rules, config)
    # a case that teaches something: some player is neither certain nor out
    assert any(0 < v < 1 for v in truth.values())


def test_cascade_pairing_is_the_rule_texts():
    """The only pairing of CASCADE's last round, worked out by hand in its comment."""
    snap, rules, config = CASES["cascade, draws, top 2"]
    fld = naive_sim.field_of(snap, rules)
    dist = exact.pairing_distribution(fld, list(fld.history), config, 3)
    assert dist == [(((("A", "E"), ("B", "D"), ("C", "F")), None), Fraction(1))]


def test_exact_cut_by_hand():
    """Four players, two rounds, A beat B 2-0 and C beat D 2-0; results 2-0 only.

    After round 1, A and C are exactly tied (3 points, OMW 1/3, GW 1, OGW 1/3), so are B and D:
    every standings order pairs A v C and B v D.  The winner of A v C is first.  Its loser L (3
    points) meets the winner W of B v D (3 points):

    - if W is L's round-1 opponent, L has OMW (1/2 + 1)/2 = 3/4 and W (1/2 + 1/3)/2 = 5/12: L is
      second;
    - otherwise both have OMW 2/3, GW 1/2 and OGW 2/3: an exact tie, second place is a coin flip.

    So with a top 2, A makes it with 1/2 + 1/2 (1/2 + 1/2 x 1/2) = 7/8, B with 1/2 x 1/2 x 1/2 =
    1/8; with a top 1, A and C have 1/2 each.  The engine agrees within its interval.
    """
    snap = take_snapshot(native_event("ABCD", [[("A", "B", "2-0-0"), ("C", "D", "2-0-0")]], 2,
                                      "hand"), 1)
    top2 = Question(Cut(2), results=ONE_SCORE)
    assert exact.exact_cut(snap, MTG, top2) == {"A": Fraction(7, 8), "B": Fraction(1, 8),
                                                "C": Fraction(7, 8), "D": Fraction(1, 8)}
    top1 = Question(Cut(1), results=ONE_SCORE)
    assert exact.exact_cut(snap, MTG, top1) == {"A": Fraction(1, 2), "B": 0, "C": Fraction(1, 2),
                                                "D": 0}
    check_inside(snap, MTG, top2)
    check_inside(snap, MTG, top1)


@pytest.mark.parametrize("case, variant", [
    ("8 players, random last round", {"last_round": "standings"}),
    ("8 players, 2 left, locked draws", {"future_draws": "none"}),
    ("8 players, 2 left, safe draws", {"future_draws": "locked"}),
    ("8 players, 1 left, two scores", {"results": WITH_DRAWS}),
])
def test_comparison_detects_a_rule_change(case, variant):
    """The exact figures under another rule lie outside the engine's intervals for someone: the
    99.9% intervals are narrow enough to catch a wrong rule."""
    snap, rules, config = CASES[case]
    changed = replace(config, **variant)
    other = exact.exact_cut(snap, rules, changed, safe_points(snap, rules, changed))
    _, low, high = engine_estimate(snap, rules, config)
    assert any(not low[i] <= other[name] <= high[i]
               for i, name in enumerate(snap.names) if name in other)


def first_bye_stands(drawn, candidates, players, met):
    return drawn


def lowest_without_a_bye(ranked, byes, met):
    return ([p for p in ranked if p not in byes] or ranked)[-1]


@pytest.mark.parametrize("rule, replacement", [
    ("middle_round_bye", first_bye_stands), ("standings_bye", lowest_without_a_bye)])
def test_comparison_detects_the_bye_retry(monkeypatch, rule, replacement):
    """Without the bye retry of the middle round (the first draw always stands) or of the last round
    (the lowest-ranked without a bye always has it), the exact figures of "bye retried in both
    rounds" lie outside the engine's intervals (they move by 0.06 to 0.25)."""
    snap, rules, config = CASES["bye retried in both rounds"]
    _, low, high = engine_estimate(snap, rules, config)
    monkeypatch.setattr(naive_sim, rule, replacement)
    other = exact.exact_cut(snap, rules, config)
    assert any(not low[i] <= other[name] <= high[i]
               for i, name in enumerate(snap.names) if name in other)


def test_comparison_detects_ignored_awarded_byes():
    """With A's awarded byes ignored (A paired in round 2), the exact figures lie outside the
    engine's intervals."""
    snap, rules, config = CASES["awarded byes"]
    _, low, high = engine_estimate(snap, rules, config)
    ignored = replace(snap, event=replace(snap.event, awarded_byes={}))
    other = exact.exact_cut(ignored, rules, config)
    assert any(not low[i] <= other[name] <= high[i]
               for i, name in enumerate(snap.names) if name in other)


def test_reference_simulator_inside_exact_interval():
    """The plain-Python reference simulator (2,000 runs) agrees with exact enumeration too."""
    for case in ("cascade, draws, top 2", "7 players, 2 left, byes", "bye retried in both rounds",
                 "awarded byes"):
        snap, rules, config = CASES[case]
        truth = exact.exact_cut(snap, rules, config)
        counts = naive_sim.simulate_reference(snap, rules, config, 2000, seed=7)
        low, high = wilson(counts, 2000, 0.999)
        for i, name in enumerate(snap.names):
            if name in truth:
                assert low[i] <= truth[name] <= high[i], (case, name)


# --- real events (shared/data/melee, skipped when absent) ---------------------------------------

REAL = [
    ("pauper-04-10-163560-2024-10-04.json", 3, True),
    ("pauper-04-10-163560-2024-10-04.json", 2, False),
    ("thegatheringgg-standard-post-bnr-celebration-2-334445-2025-07-02.json", 2, True),
    ("pre-mod-3-premodern-288275-2025-04-24.json", 3, False),
    ("pre-mod-3-premodern-288275-2025-04-24.json", 2, False),
    ("152-the-152nd-legacy-at-home-329435-2025-06-21.json", 2, True),
    ("152-the-152nd-legacy-at-home-329435-2025-06-21.json", 2, False),
]


@pytest.mark.parametrize("file, after, published", REAL)
def test_real_tiny_event(file, after, published):
    """Real 8-9 player events: after round ``after``, with the published next round or paired by
    the rules; one round left with draws, two rounds left with 2-0 results."""
    event = load_event(need(MELEE / file))
    snap = take_snapshot(event, after)
    if not published:
        snap = replace(snap, next_round=None)
    left = snap.rounds_left
    config = Question(Cut(4), results=WITH_DRAWS if left == 1 else ONE_SCORE, future_draws="locked")
    check_inside(snap, get_rules(event.rules or "mtg"), config)


@pytest.mark.slow
@pytest.mark.parametrize("case", [
    (generated(8, 3, 1, 21), Question(Cut(3), results=TWO_SCORES, future_draws="locked")),
    (generated(8, 4, 2, 22), Question(Cut(4), results=TWO_SCORES, future_draws="none")),
    (generated(9, 4, 2, 23), Question(Cut(4), results=ONE_SCORE)),
])
def test_engine_inside_exact_interval_larger(case):
    """Two rounds left with two game scores (hundreds of thousands of futures), and nine players."""
    snap, config = case
    check_inside(snap, MTG, config, sims=200_000)


@pytest.mark.slow
def test_real_nine_players_two_left():
    event = load_event(need(MELEE / "152-the-152nd-legacy-at-home-329435-2025-06-21.json"))
    snap = replace(take_snapshot(event, 1), next_round=None)
    check_inside(snap, get_rules(event.rules or "mtg"),
                 Question(Cut(4), results=ONE_SCORE, future_draws="locked"))


@pytest.mark.parametrize("players, rounds, played, seed, top", [
    (8, 5, 3, 9, 3), (8, 4, 2, 11, 3), (8, 4, 2, 15, 4)])
def test_safe_points_follow_the_rule(players, rounds, played, seed, top):
    """The engine's pilot run sets the safe points the rule gives on the exact per-total rates.

    The rule: scanning final points totals from the highest down, keep going while a total is
    reached by at least ``PILOT_MIN_COUNT`` active players in ``PILOT_SIMS`` pilot simulations
    (locked draws) and at least ``safe`` of them make the cut; the safe points are the last total
    kept.  On these cases every total is clear of both boundaries by 4.5 standard errors of the
    pilot's estimates (checked), so the pilot must find exactly the exact answer.
    """
    snap = generated(players, rounds, played, seed)
    config = Question(Cut(top), results=ONE_SCORE, future_draws="safe")
    _, by_points = exact.enumerate_futures(snap, MTG, replace(config, future_draws="locked"))
    expected = naive_sim.NO_THRESHOLD
    for v in sorted(by_points, reverse=True):
        finish, made = by_points[v]
        count = float(finish) * PILOT_SIMS
        rate = float(made / finish)
        assert abs(count - PILOT_MIN_COUNT) > 4.5 * math.sqrt(count)
        assert rate in (0.0, 1.0) or abs(rate - config.safe) > 4.5 * math.sqrt(
            rate * (1 - rate) / count)
        if count < PILOT_MIN_COUNT or rate < config.safe:
            break
        expected = v
    assert expected != naive_sim.NO_THRESHOLD
    assert Simulator(snap, MTG, config).draw_points(SEED) == expected
