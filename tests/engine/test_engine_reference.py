"""The numba Monte Carlo core agrees in distribution with the plain-Python reference simulator.

``tests/naive_sim.py`` plays the remaining rounds from the rule text with its own
:class:`random.Random`; the engine (``drawsafe.simulation.simulator.Simulator``) with its counter-based streams.
Nothing is shared but the snapshot and the result model's tables, so agreement is evidence that
the engine pairs, plays and ranks as the rules say.  On each snapshot, with fixed seeds:

- every player's P(cut) and P(first place) agree within 4.5 standard errors of the difference of
  two proportions (the pooled estimate under "both are the same": sd = sqrt(p (1 - p) (1/n1 +
  1/n2))), so a true disagreement of a few percent is caught while chance alone essentially never
  fails;
- every player's distribution of final match points passes a two-sample chi-square homogeneity
  test at 0.001 / players (Bonferroni);
- power checks: the same comparisons flag a changed rule (last round at random instead of by
  standings; another draw share; awarded byes ignored), so the tolerances are not too loose to
  fail.

Under the ``safe`` future draw policy the engine sets its "safe points" from a pilot run; the
reference takes that one number from the engine (as it takes ``top``) and applies the policy
itself; ``test_safe_points_agree`` (slow) checks the number against the reference's own per-total
rates.

The default run uses 1,500 reference simulations per snapshot (a tolerance of about 0.06 at
P = 1/2); ``pytest -m slow`` repeats it with 20,000 (about 0.016).
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import naive_sim
import numpy as np
import pytest
from conftest import DATA
from scipy.stats import chi2_contingency
from tiny_events import AWARDED

from drawsafe.engine.results import ResultModel
from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.snapshot import take_snapshot, through_day2
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import PILOT_MIN_COUNT, PILOT_SIMS, Simulator
from drawsafe.tiebreaks.packs import get_rules

Z = 4.5
ALPHA = 0.001
ENGINE_SIMS = 100_000
FAST_SIMS = 1_500
SLOW_SIMS = 20_000
ENGINE_SEED = 424242
REFERENCE_SEED = 17


def half_reported(event):
    """``event`` with its last Swiss round in progress: every other match not yet reported."""
    last = event.swiss[-1]
    matches = tuple(replace(m, a_wins=None, b_wins=None, draws=None)
                    if m.kind == "match" and i % 2 == 0 else m for i, m in enumerate(last.matches))
    return replace(event, rounds=(*event.swiss[:-1], replace(last, matches=matches)))


def with_ratings(event):
    """``event`` with made-up ratings 1400, 1450, ... (for the Elo result model)."""
    return replace(event, ratings={p: 1400.0 + 50 * i for i, p in enumerate(event.players)})




@cache
def case(name: str):
    """(snapshot, rules, config) of the named case."""
    if name == "real, last round half reported":
        event = half_reported(load_event(DATA / "mont-weekly-legacy-368680-2025-10-02.json"))
        return take_snapshot(event), get_rules(event.rules), Question(future_draws="locked")
    if name == "generated 16, two left, locked draws":
        return (take_snapshot(generate_event(16, 5, 3, seed=3)), get_rules("mtg"),
                Question(future_draws="locked"))
    if name == "real, a drop, last round by standings with a bye":
        event = load_event(DATA / "bristol-pauper-league-spring-26-rebound-417805-2026-06-18.json")
        snap = replace(take_snapshot(event, 3), next_round=None)
        return snap, get_rules(event.rules), Question(future_draws="locked")
    if name == "real best-of-one, two left, safe draws":
        event = load_event(DATA / "bristol-pauper-league-winter-26-brew-off-416320-2026-03-26.json")
        return (take_snapshot(event, 5), get_rules(event.rules),
                Question(results=ResultModel.for_best_of(1), future_draws="safe"))
    if name == "generated 13 (byes), Elo, random last round, top 4":
        snap = take_snapshot(with_ratings(generate_event(13, 4, 2, seed=4)))
        return snap, get_rules("mtg-classic"), Question(Cut(4), last_round="random", results=ResultModel(model="elo"), future_draws="locked")
    if name == "13 with awarded byes (one dropped), three left":
        snap = take_snapshot(AWARDED, 1)
        return snap, get_rules("mtg"), Question(Cut(4), future_draws="locked")
    if name == "13 with its awarded byes ignored":
        snap, rules, config = case("13 with awarded byes (one dropped), three left")
        return replace(snap, event=replace(snap.event, awarded_byes={})), rules, config
    if name == "real 11 (byes), two left, no future draws":
        event = load_event(DATA / "7-tappa-tigullio-legacy-league-by-kryptalegacy-212625-"
                                  "2025-03-09.json")
        snap = replace(take_snapshot(event, 2), next_round=None)
        return snap, get_rules(event.rules), Question(Cut(4), future_draws="none")
    if name == "generated 24 in day 1, 7+ points to a 2-round day 2, locked draws":
        snap = through_day2(take_snapshot(generate_event(24, 4, 2, seed=3), rounds=4), 2, cut_points=7)
        return snap, get_rules("mtg"), Question(Cut(4), future_draws="locked")
    if name == "generated 20 in day 1, its best 8 to a 2-round day 2, safe draws":
        snap = through_day2(take_snapshot(generate_event(20, 4, 3, seed=5), rounds=4), 2, cut_top=8)
        return snap, get_rules("mtg"), Question(Cut(4), future_draws="safe")
    raise KeyError(name)


FAST = ["real, last round half reported", "generated 16, two left, locked draws",
        "real, a drop, last round by standings with a bye",
        "real best-of-one, two left, safe draws",
        "generated 13 (byes), Elo, random last round, top 4",
        "13 with awarded byes (one dropped), three left",
        "generated 24 in day 1, 7+ points to a 2-round day 2, locked draws",
        "generated 20 in day 1, its best 8 to a 2-round day 2, safe draws"]
SLOW_ONLY = ["real 11 (byes), two left, no future draws"]


def engine_safe_points(name: str) -> int | None:
    """The safe points of the engine's pilot for ``ENGINE_SEED`` (``None`` for other policies):
    the one number the reference takes from the engine, whose rule is checked on its own
    (``test_safe_points_agree``, and exactly in ``tests/test_exact.py``)."""
    snap, rules, config = case(name)
    if config.future_draws != "safe":
        return None
    return Simulator(snap, rules, config).draw_points(ENGINE_SEED)


@cache
def reference(name: str, n: int):
    snap, rules, config = case(name)
    return naive_sim.run_reference(snap, rules, config, n, seed=REFERENCE_SEED,
                                   draw_points=engine_safe_points(name))


def engine(name: str, **config_changes):
    snap, rules, config = case(name)
    return Simulator(snap, rules, replace(config, **config_changes)).run(ENGINE_SIMS,
                                                                          seed=ENGINE_SEED)


def z_scores(k1, n1, k2, n2) -> np.ndarray:
    """|p1 - p2| in pooled standard errors (0 where both are 0 or both are 1)."""
    k1, k2 = np.asarray(k1, dtype=float), np.asarray(k2, dtype=float)
    pooled = (k1 + k2) / (n1 + n2)
    sd = np.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    diff = np.abs(k1 / n1 - k2 / n2)
    return np.where(diff <= 1e-9, 0.0, diff / np.where(sd > 0, sd, 1e-300))


def homogeneity_pvalue(a: np.ndarray, b: np.ndarray) -> float:
    """Two-sample chi-square p-value for count vectors over the same bins, adjacent bins merged
    until each merged bin expects at least 5 counts in both samples."""
    na, nb = a.sum(), b.sum()
    bins, cur = [], np.zeros(2)
    for x, y in zip(a, b, strict=True):
        cur = cur + (x, y)
        if min(cur.sum() * na, cur.sum() * nb) / (na + nb) >= 5:
            bins.append(cur)
            cur = np.zeros(2)
    if cur.sum() > 0:
        if bins:
            bins[-1] = bins[-1] + cur
        else:
            bins.append(cur)
    if len(bins) < 2:
        return 1.0
    return float(chi2_contingency(np.array(bins).T, correction=False).pvalue)


def disagreements(name: str, n_ref: int, batch) -> list[str]:
    """Every way the engine's ``batch`` and the reference disagree beyond chance, as text."""
    snap = case(name)[0]
    ref = reference(name, n_ref)
    out = []
    for what, k1, k2 in (("P(cut)", ref.cut, batch.cut),
                         ("P(first)", ref.rank_hist[:, 0], batch.rank_hist[:, 0])):
        z = z_scores(k1, ref.n, k2, batch.n)
        for p in np.flatnonzero(z > Z):
            out.append(f"{what} of {snap.names[p]}: reference {k1[p] / ref.n:.4f}, engine "
                       f"{k2[p] / batch.n:.4f} ({z[p]:.1f} sd)")
    members = [p for p in range(snap.players) if ref.points_hist[p].sum() > 0]
    for p in members:
        a = ref.points_hist[p]
        b = np.zeros_like(a)
        size = min(len(a), batch.points_hist.shape[1])
        b[:size] = batch.points_hist[p, :size]
        assert batch.points_hist[p].sum() == batch.n and b.sum() == batch.n
        pvalue = homogeneity_pvalue(a, b)
        if pvalue < ALPHA / len(members):
            out.append(f"final points of {snap.names[p]}: chi-square p = {pvalue:.2g}")
    return out


@pytest.mark.parametrize("name", FAST)
def test_engine_agrees_with_reference(name):
    batch = engine(name)
    most = batch.n * min(case(name)[2].top, int(case(name)[0].active.sum()))
    if case(name)[0].phase_end:  # a day-1 cut can leave fewer players than the final cut (rarely)
        assert most * 0.999 < batch.cut.sum() <= most
    else:
        assert batch.cut.sum() == most
    assert not disagreements(name, FAST_SIMS, batch)


@pytest.mark.slow
@pytest.mark.parametrize("name", FAST + SLOW_ONLY)
def test_engine_agrees_with_reference_tightly(name):
    assert not disagreements(name, SLOW_SIMS, engine(name))


def test_power_last_round_rule():
    """The engine pairing the last round at random is told apart from the reference pairing it by
    standings (a real difference: players with good tiebreakers can draw into the cut)."""
    name = "real best-of-one, two left, safe draws"
    found = disagreements(name, FAST_SIMS, engine(name, last_round="random"))
    assert any(line.startswith("P(cut)") for line in found)


def test_power_draw_share():
    """The engine with a 15% draw share instead of 2.8% is told apart on final points."""
    name = "generated 16, two left, locked draws"
    found = disagreements(name, FAST_SIMS, engine(name, results=ResultModel(draw_share=0.15)))
    assert any(line.startswith("final points") for line in found)


def test_power_awarded_byes():
    """The reference ignoring the awarded byes (A and B paired in round 2, A in round 3) is told
    apart from the engine giving them, on final points."""
    found = disagreements("13 with its awarded byes ignored", FAST_SIMS,
                          engine("13 with awarded byes (one dropped), three left"))
    assert any(line.startswith("final points of A") for line in found)


def test_power_day1_cut():
    """The engine playing the same six rounds without day 1's cut (everyone plays day 2) is told
    apart from the reference making the cut."""
    name = "generated 24 in day 1, 7+ points to a 2-round day 2, locked draws"
    snap, rules, config = case(name)
    batch = Simulator(replace(snap, phase_end=0), rules, config).run(ENGINE_SIMS, seed=ENGINE_SEED)
    assert any(line.startswith("P(cut)") for line in disagreements(name, FAST_SIMS, batch))


def test_homogeneity_pvalue_behaves():
    """Identical samples give p = 1; clearly different ones a tiny p."""
    a = np.array([100, 300, 400, 200])
    assert homogeneity_pvalue(a, a * 3) == pytest.approx(1.0)
    assert homogeneity_pvalue(a, np.array([400, 300, 200, 100])) < 1e-10


# --- awarded byes -------------------------------------------------------------------------------


def test_awarded_byes_cover_the_simulated_rounds():
    """A has two awarded byes (a match win in each of rounds 1 and 2).  From the standings after
    round 1, every simulation must give A the round-2 bye, so A ends with at least 6 points."""
    data = {"name": "awarded byes", "swiss_rounds": 3,
            "players": [{"name": "A", "byes": 2}, "B", "C", "D", "E", "F", "G"],
            "rounds": [{"round": 1, "matches": [
                {"a": "A", "kind": "bye"}, {"a": "B", "b": "C", "score": "2-0-0"},
                {"a": "D", "b": "E", "score": "2-0-0"}, {"a": "F", "b": "G", "score": "2-1-0"}]}]}
    event = parse_event(json.dumps(data).encode(), "byes.json")
    assert event.awarded_byes == {"A": 2}
    snap = take_snapshot(event, 1)
    batch = Simulator(snap, get_rules("mtg"), Question(Cut(2))).run(2_000, seed=1)
    a = snap.index["A"]
    assert batch.points_hist[a, :6].sum() == 0, "A was paired in a round of their awarded byes"


def projected_round_two(seed: int, event=AWARDED):
    return next_round_pairings(take_snapshot(event, 1), get_rules("mtg"), seed=seed)


def test_projected_pairings_give_awarded_byes():
    """The projected round 2 of AWARDED without D's awarded byes (seeds 0-19): A and B, whose
    awarded byes cover it, have a bye and no opponent; every other active player is paired exactly
    once."""
    event = replace(AWARDED, awarded_byes={"A": 3, "B": 2, "C": 1})
    for seed in range(20):
        pairings = projected_round_two(seed, event)
        byes = {t.player_a for t in pairings.tables if t.player_b is None}
        paired = [p for t in pairings.tables if t.player_b is not None
                  for p in (t.player_a, t.player_b)]
        assert byes == {"A", "B"}
        assert sorted(paired) == ["C", "E", "F", "G", "H", "I", "J", "K", "L", "M"]


def test_projected_pairings_leave_dropped_players_out():
    """D (two awarded byes) dropped after round 1: dropped players are never paired again, so the
    projected round 2 has no table for D, as in every simulated round 2."""
    for seed in range(5):
        names = {p for t in projected_round_two(seed).tables for p in (t.player_a, t.player_b)}
        assert "D" not in names


@pytest.mark.slow
def test_safe_points_agree():
    """The engine's pilot sets the safe points the rule gives on the reference's per-total rates
    (20,000 reference runs with locked draws; every total checked to be clear of the rule's
    boundaries by 4.5 standard errors of the engine's 2,000-run pilot, so chance cannot decide)."""
    name = "real best-of-one, two left, safe draws"
    snap, rules, config = case(name)
    n = SLOW_SIMS
    finished, made = naive_sim.pilot_counts(naive_sim.field_of(snap, rules), config, n, seed=5)
    expected = naive_sim.NO_THRESHOLD
    for v in sorted(finished, reverse=True):
        count = finished[v] * PILOT_SIMS / n
        rate = made[v] / finished[v]
        assert abs(count - PILOT_MIN_COUNT) > Z * np.sqrt(count), f"total {v} too close to call"
        assert rate in (0.0, 1.0) or abs(rate - config.safe) > Z * np.sqrt(
            rate * (1 - rate) / count), f"total {v} too close to call"
        if count < PILOT_MIN_COUNT or rate < config.safe:
            break
        expected = v
    assert engine_safe_points(name) == expected
