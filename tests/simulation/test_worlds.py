"""The last round's kept worlds (:mod:`drawsafe.simulation.worlds`): each player's odds averaged
over their own table's results, against exact enumeration and a plain-Python twin.

On tiny events before their last round, the tables published (``tests/exact.py`` enumerates every
result of every table), the averaged estimate's 99.9% interval must hold the exact P(cut) of every
player; the twin of ``tests/naive_worlds.py`` (no kernel) must too; over many seeds the 95%
intervals must cover the exact values about 95% of the time (tolerance from the number of seeds),
and be narrower than the plain in-or-out Wilson interval of the same worlds.
"""

from __future__ import annotations

import math
from dataclasses import replace

import exact
import naive_worlds
import numpy as np
import pytest
from tiny_events import native_event

from drawsafe.engine.results import ResultModel
from drawsafe.event.cut import Cut
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation import decisions
from drawsafe.simulation.forecast import forecast_odds
from drawsafe.simulation.odds import odds_of
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.simulation.worlds import kept_worlds
from drawsafe.stats import Mean, Proportion, bounded_interval, wilson
from drawsafe.tiebreaks.packs import get_rules

MTG = get_rules("mtg")
#: 2-0 or 2-1, no draws; and a quarter of the matches drawn 1-1 (exact binary fractions: the
#: kernel's 32-bit uniforms hit them exactly, as tests/simulation/test_exact.py explains).
TWO_SCORES = ResultModel(0.0, ((2, 0, 0, 1.0), (2, 1, 0, 1.0)), ((1, 1, 0, 1.0),))
WITH_DRAWS = ResultModel(0.25, ((2, 0, 0, 1.0), (2, 1, 0, 1.0)), ((1, 1, 0, 1.0),))
SEED = 20261206

#: Eight players, the last round published with two of its four results already reported.
PUBLISHED = native_event("ABCDEFGH", [
    [("A", "B", "2-1-0"), ("C", "D", "1-1-0"), ("E", "F", "2-0-0"), ("G", "H", "0-2-0")],
    [("A", "E", "2-1-0"), ("H", "C", "2-0-0"), ("D", "B", "2-1-0"), ("F", "G", "1-1-1")],
    [("A", "H"), ("D", "E", "2-0-0"), ("C", "F"), ("B", "G", "0-2-0")],
], 3, "published")


def pending_last_round(players: int, rounds: int, seed: int):
    """A generated event played to its end, its last round's results taken back: the snapshot
    before the last round, its tables published and none reported."""
    from drawsafe.simulation.generate import generate_event

    event = generate_event(players, rounds, rounds, seed=seed)
    last = event.swiss[-1]
    pending = replace(last, matches=tuple(replace(m, a_wins=None, b_wins=None, draws=None) if m.kind == MATCH
                                          else m for m in last.matches))
    rounds_ = tuple(pending if r is last else r for r in event.rounds)
    return take_snapshot(replace(event, rounds=rounds_))


CASES = {
    "published, half reported, top 2": (take_snapshot(PUBLISHED), MTG, Question(Cut(2), results=WITH_DRAWS)),
    "8 players, top 3, draws": (pending_last_round(8, 3, 2), MTG, Question(Cut(3), results=WITH_DRAWS)),
    "10 players, top 4, two scores": (pending_last_round(10, 4, 5), MTG, Question(Cut(4), results=TWO_SCORES)),
    "9 players, a bye, top 3, mtg-classic": (pending_last_round(9, 3, 7), get_rules("mtg-classic"),
                                             Question(Cut(3), results=WITH_DRAWS)),
}


def averaged(snap, rules, config, sims, seed=SEED):
    """The averaged odds of every active player (name -> Mean) from the kept worlds."""
    question = replace(config, others="none", budget=Budget(sims, seed=seed))
    result = odds_of(Simulator(snap, rules, question), question)
    return {p.player: p.cut for p in result.players}


def open_players(snap, truth) -> list[str]:
    return [p for p, v in truth.items() if 0 < v < 1]


@pytest.mark.parametrize("case", list(CASES))
def test_averaged_odds_hold_the_exact_value(case):
    snap, rules, config = CASES[case]
    assert snap.rounds_left == 1 and snap.next_round is not None
    truth = exact.exact_cut(snap, rules, config)
    assert open_players(snap, truth), "a case that teaches something: someone's cut is open"
    odds = averaged(snap, rules, config, 6_000)
    assert all(isinstance(m, Mean) for m in odds.values())
    intervals = {p: bounded_interval(m.total, m.squares, m.n, 0.999) for p, m in odds.items()}
    outside = [(p, float(truth[p]), m) for p, m in odds.items()
               if not intervals[p][0] <= truth[p] <= intervals[p][1]]
    assert not outside, f"exact value outside the 99.9% interval: {outside}"


@pytest.mark.parametrize("case", ["published, half reported, top 2", "8 players, top 3, draws"])
def test_the_plain_python_twin_holds_the_exact_value(case):
    snap, rules, config = CASES[case]
    truth = exact.exact_cut(snap, rules, config)
    values = naive_worlds.averaged_cut(snap, rules, config, 600, SEED)
    for p, v in values.items():
        m = Mean.of(np.array(v))
        low, high = bounded_interval(m.total, m.squares, m.n, 0.999)
        assert low <= truth[p] <= high, (p, float(truth[p]), m)
    # and the twin agrees with the kernel's estimate within both intervals
    odds = averaged(snap, rules, config, 6_000)
    for p, v in values.items():
        twin, kernel = Mean.of(np.array(v)), odds[p]
        spread = math.hypot(*(np.subtract(*bounded_interval(x.total, x.squares, x.n, 0.999)[::-1]) / 2
                              for x in (twin, kernel)))
        assert abs(twin.estimate - kernel.estimate) <= spread + 1e-9, (p, twin, kernel)


def test_intervals_cover_and_are_narrower_than_wilson():
    """Over many seeds, the 95% intervals of the open players hold the exact value about 95% of
    the time (at least 95% less three standard deviations of a binomial over the seeds), and are
    narrower on average than the Wilson interval of the same worlds' in-or-out outcomes."""
    snap, rules, config = CASES["8 players, top 3, draws"]
    truth = exact.exact_cut(snap, rules, config)
    players = open_players(snap, truth)
    seeds, sims = 200, 400
    covered = dict.fromkeys(players, 0)
    widths, wilson_widths = [], []
    question = replace(config, others="none")
    for seed in range(seeds):
        q = replace(question, budget=Budget(sims, seed=seed))
        sim = Simulator(snap, rules, q)
        result = odds_of(sim, q)
        cut = kept_worlds(sim, sim.first_round, seed).counts(sims)[0]
        for o in result.players:
            if o.player not in covered:
                continue
            ci = o.cut.confidence_interval()
            covered[o.player] += ci.low <= truth[o.player] <= ci.high
            widths.append(ci.high - ci.low)
            low, high = wilson(cut[snap.index[o.player]], sims)
            wilson_widths.append(float(high - low))
    floor = 0.95 - 3 * math.sqrt(0.95 * 0.05 / seeds)
    assert all(c / seeds >= floor for c in covered.values()), (covered, floor)
    assert np.mean(widths) < 0.8 * np.mean(wilson_widths)


def test_bounded_interval_is_wilson_for_zeros_and_ones():
    for k, n in ((0, 50), (1, 50), (25, 50), (49, 50), (50, 50), (7, 1000)):
        assert np.allclose(bounded_interval(k, k, n), wilson(k, n))
        m, p = Mean.of_count(k, n), Proportion(k, n)
        assert m.estimate == p.estimate and m.confidence_interval() == p.confidence_interval()
    # values that are all equal keep a width (never a point); any values in [0, 1] are never wider
    rng = np.random.default_rng(1)
    for _ in range(50):
        v = rng.choice([0.0, 0.3, 0.42, 1.0], size=200) * (rng.random(200) < rng.random())
        m = Mean.of(v)
        low, high = bounded_interval(m.total, m.squares, m.n)
        wl, wh = wilson(m.total, m.n)
        assert high - low <= wh - wl + 1e-12 and low <= m.estimate <= high
    same = Mean.of(np.full(300, 0.4))
    ci = same.confidence_interval()
    assert ci.low < 0.4 < ci.high


def test_an_answer_does_not_depend_on_what_was_kept_before():
    """odds alone, and odds after draw kept the round's worlds (the same question): the same
    figures, to the bit (the kept run grows by canonical segments and the odds decide on their
    prefixes)."""
    snap, rules, config = CASES["10 players, top 4, two scores"]
    question = replace(config, others="behaviour", budget=Budget(precision=0.02, seed=3))
    decisions.KEPT_MODELS.clear()
    alone = forecast_odds(snap, rules, question).to_json()
    decisions.KEPT_MODELS.clear()
    drawn = decisions.draw_decisions(snap, rules, replace(question, budget=Budget(precision=0.005, seed=3)))
    assert drawn.simulations > 0 and len(decisions.KEPT_MODELS) == 1
    after = forecast_odds(snap, rules, question).to_json()
    assert after == alone
    decisions.KEPT_MODELS.clear()


def test_kept_models_keep_their_memory_bound(monkeypatch):
    """Round models beyond the kept bytes are dropped, oldest first (the newest always stays)."""
    snap, rules, config = CASES["10 players, top 4, two scores"]
    decisions.KEPT_MODELS.clear()
    monkeypatch.setattr(decisions, "MAX_KEPT_BYTES", 1)
    for seed in (1, 2):
        forecast_odds(snap, rules, replace(config, budget=Budget(2000, seed=seed)))
    assert len(decisions.KEPT_MODELS) == 1
    model = next(iter(decisions.KEPT_MODELS.values()))
    assert decisions.kept_bytes(model) > 0
    monkeypatch.setattr(decisions, "MAX_KEPT_BYTES", 1 << 30)
    forecast_odds(snap, rules, replace(config, budget=Budget(2000, seed=3)))
    assert len(decisions.KEPT_MODELS) == 2
    decisions.KEPT_MODELS.clear()


def test_conditioning_on_a_table_adds_up_and_holds_the_exact_value():
    """What if a table ends one way: the conditional odds, weighted by how often the table ended
    each way in the worlds, give back the odds (the law of total probability, on the same worlds);
    and the conditional of a player on their own table's result holds the exact figure."""
    from drawsafe.engine.flips import RESULTS

    snap, rules, config = CASES["8 players, top 3, draws"]
    question = replace(config, others="none", budget=Budget(4000, seed=SEED))
    sim = Simulator(snap, rules, question)
    worlds = kept_worlds(sim, sim.first_round, SEED)
    n = 4000
    base = worlds.rows(0, n)[2]
    seated = {int(p) for t in worlds.tables for p in (sim.first_round.a[t], sim.first_round.b[t])}
    overall = {p: m for p, m in zip(sorted(seated), worlds.means(n, np.array(sorted(seated))))}
    for j, t in enumerate(worlds.tables.tolist()):
        for p in seated - {int(sim.first_round.a[t]), int(sim.first_round.b[t])}:
            total = sum(worlds.conditional(n, p, t, r).total for r in RESULTS if np.any(base[:, j] == r))
            assert total == pytest.approx(overall[p].total)
    # a player's own table: the exact P(cut | A wins), by enumeration with A's win reported in the
    # file (2-0 or 2-1, as likely as each other in the result model)
    t = int(worlds.tables[0])
    a = int(sim.first_round.a[t])
    last = snap.event.rounds[-1]
    truth = 0
    for games in ((2, 0, 0), (2, 1, 0)):
        won = replace(last.matches[t], a_wins=games[0], b_wins=games[1], draws=games[2])
        rounds = (*snap.event.rounds[:-1], replace(last, matches=tuple(won if i == t else m
                                                                       for i, m in enumerate(last.matches))))
        fixed = take_snapshot(replace(snap.event, rounds=rounds))  # the round in progress, one result in
        assert fixed.after_round == snap.after_round and fixed.next_round.matches[t].reported
        truth += exact.exact_cut(fixed, rules, config)[snap.names[a]] / 2
    assert 0 < truth < 1
    m = worlds.conditional(n, a, t, RESULTS[0])
    low, high = bounded_interval(m.total, m.squares, m.n, 0.999)
    assert low <= truth <= high
    with pytest.raises(KeyError):
        worlds.conditional(n, a, 10_000, RESULTS[0])


@pytest.mark.parametrize("pack", ["mtg", "fide"])
def test_flips_asked_later_are_those_of_one_run(pack):
    """A table flipped only when a reader asks (draw's tables first, every other table for the
    odds, over the worlds already kept) has the flags one run flipping everything at once gives,
    world by world; so do the base results, the played ones and the cut counts (a partial last
    segment included)."""
    from drawsafe.engine.flips import PLAY_OR_DRAW
    from drawsafe.simulation.worlds import SEGMENT, Worlds, candidate_tables

    snap = pending_last_round(40, 5, 11)
    sim = Simulator(snap, get_rules(pack), Question(Cut(8), results=WITH_DRAWS, others="none"))
    fr = sim.first_round
    tables = candidate_tables(sim, fr)
    assert len(tables) >= 6
    n = SEGMENT + 300
    eager = Worlds(sim, fr, SEED, tables)
    want = eager.rows(0, n)
    eager_cut = eager.counts(n)[0]
    lazy = Worlds(sim, fr, SEED, tables)
    lazy_cut = lazy.counts(n)[0]  # the base worlds alone, nothing flipped
    assert np.array_equal(lazy_cut, eager_cut)
    assert not lazy.parts(n, want=0)[0].flags.any()
    draws = lazy.rows(0, n, np.array([1, 3]), PLAY_OR_DRAW)[0]
    assert np.array_equal(draws[:, :, 3], want[0][:, [1, 3], 3])  # the intentional draw
    seated = [int(fr.a[tables[2]]), int(fr.b[tables[4]])]
    mine = np.concatenate([s.flags for s in lazy.complete(seated).parts(n)])
    assert np.array_equal(mine[:, [2, 4]], want[0][:, [2, 4]])
    assert np.array_equal(np.concatenate([s.flags for s in lazy.parts(n)]), want[0])
    assert all(np.array_equal(x, y) for x, y in zip(lazy.rows(0, n), want))
    assert np.array_equal(lazy.counts(n)[0], eager_cut)
    assert want[0][:, :, :3].any() and want[0][:, :, 3].any()
