"""The behaviour model of other tables' draws: the fit, the features, the kernel's probabilistic
draws (BEHAVIOUR tables, the BEHAVIOUR_POINTS future policy), ``--others behaviour`` and
``drawsafe calibrate``."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import MELEE, need

from drawsafe.cli.main import main
from drawsafe.engine import kernel as engine
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation import behaviour
from drawsafe.simulation.behaviour import (
    FEATURES,
    BehaviourModel,
    Observations,
    RoundObservation,
    out_of_fold,
    table_features,
)
from drawsafe.simulation.calibration import Band, DrawCalls, skill
from drawsafe.simulation.decisions import (
    NOTHING_AT_STAKE,
    PlayerChances,
    current_round,
    draw_decisions,
    verdict,
)
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.scenarios import FlipEvaluator, ScenarioEvaluator
from drawsafe.simulation.simulator import Simulator, future_table, published_first_round
from drawsafe.stats import ConfidenceInterval, PairedDifference, Proportion
from drawsafe.tiebreaks.packs import get_rules
from drawsafe.tiebreaks.values import REC_POINTS

SMALL = "srlandsmesterskap-sommer-2024-modern-93765-2024-06-08.json"


# -- the model ------------------------------------------------------------------------------------

def test_fit_recovers_known_coefficients():
    rng = np.random.default_rng(5)
    x = rng.normal(size=(20_000, 3))
    truth = np.array([1.5, -2.0, 0.0])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-(-1.0 + x @ truth)))).astype(float)
    m = BehaviourModel.fit(x, y, l2=0.0)
    # standardised coefficients back on the raw scale
    raw = np.array(m.coef) / np.array(m.scale)
    np.testing.assert_allclose(raw, truth, atol=0.08)  # ~4 standard errors at n = 20,000
    p = m.probability(x)
    assert abs(p.mean() - y.mean()) < 1e-3  # the intercept's score equation


def test_fit_weights_count_rows():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(400, 2))
    y = (rng.random(400) < 0.3).astype(float)
    twice = BehaviourModel.fit(np.vstack([x, x[:100]]), np.concatenate([y, y[:100]]), 1.0)
    weighted = BehaviourModel.fit(x, y, 1.0, weight=np.r_[np.full(100, 2.0), np.ones(300)])
    np.testing.assert_allclose(twice.probability(x), weighted.probability(x), atol=2e-3)


def test_fit_needs_both_outcomes():
    with pytest.raises(ValueError, match="drew and tables that played"):
        BehaviourModel.fit(np.zeros((3, 2)), np.zeros(3))


def test_package_model_loads_and_round_trips(tmp_path):
    m = BehaviourModel.load()
    assert m.features == FEATURES and len(m.coef) == len(FEATURES)
    assert "behaviour_fit.py" in m.refit and m.trained_on["draws"] > 0
    m.save(tmp_path / "m.json")
    again = BehaviourModel.load(tmp_path / "m.json")
    x = np.random.default_rng(0).random((5, len(FEATURES)))
    np.testing.assert_array_equal(m.probability(x), again.probability(x))
    bad = json.loads((tmp_path / "m.json").read_text())
    bad["features"] = bad["features"][:-1]
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    with pytest.raises(ValueError, match="refit"):
        BehaviourModel.load(tmp_path / "bad.json")


def test_table_features_by_hand():
    x = table_features([[1.0, 0.995], [0.0, 0.0]], [[0.9, 0.5], [0.0, 0.0005]], [[12, 9], [3, 3]],
                       [[2, 8], [20, 30]], 8, 2, win_points=3, total_rounds=6, playoff=True, ids_before=3)
    f = dict(zip(FEATURES, x[0], strict=True))
    assert f["draw_min"] == 0.995 and f["draw_max"] == 1.0
    assert f["gain_min"] == pytest.approx(0.1) and f["gain_max"] == pytest.approx(0.495)
    assert f["play_max"] == 0.9 and f["both_safe"] == 1 and f["no_stake"] == 0
    assert f["gap"] == 1.0 and f["rank_worse"] == 0 and f["rank_better"] == pytest.approx(np.log(0.25))
    assert f["two_left"] == 1 and f["two_left_draw_min"] == 0.995 and f["playoff_both_safe"] == 1
    assert f["log_rounds"] == pytest.approx(np.log(6)) and f["ids_before"] == pytest.approx(np.log(4))
    g = dict(zip(FEATURES, x[1], strict=True))
    assert g["no_stake"] == 1 and g["playoff_no_stake"] == 1 and g["both_safe"] == 0


def fake_round(file, n, seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, len(FEATURES)))
    drew = rng.random(n) < 1 / (1 + np.exp(-(x[:, 0] - 1)))
    return RoundObservation(file, 5, 1, 8, np.arange(1, n + 1), x, drew)


def test_observations_round_trip_and_out_of_fold(tmp_path):
    obs = Observations.from_rounds([fake_round(f"e{i}.json", 40, i) for i in range(10)])
    obs.write(tmp_path / "t.csv")
    back = Observations.read(tmp_path / "t.csv")
    np.testing.assert_allclose(back.x, obs.x, rtol=1e-4)
    np.testing.assert_array_equal(back.drew, obs.drew)
    assert list(back.file) == list(obs.file)
    p = out_of_fold(back, k=5)
    # Held-out predictions do not see their own labels: flipping one fold's outcomes leaves them.
    flipped = back.subset(np.ones(len(back.drew), bool))
    in_fold0 = np.isin(back.file, ["e0.json", "e5.json"])  # sorted files dealt round-robin
    flipped.drew[in_fold0] = 1 - flipped.drew[in_fold0]
    np.testing.assert_array_equal(out_of_fold(flipped, k=5)[in_fold0], p[in_fold0])
    (tmp_path / "bad.csv").write_text("file,round\n")
    with pytest.raises(ValueError, match="observe again"):
        Observations.read(tmp_path / "bad.csv")


# -- the kernel: BEHAVIOUR tables and the behaviour future policy --------------------------------

@pytest.fixture(scope="module")
def last_round():
    snap = take_snapshot(sample_event())
    sim = Simulator(snap, get_rules("mtg"), Question())
    return sim, published_first_round(snap)


def test_behaviour_tables_at_zero_and_one_are_free_and_intentional(last_round):
    sim, fr = last_round
    free = sim.run(3000, seed=4, first_round=fr, keep_per_sim=True)
    zero = sim.run(3000, seed=4, first_round=fr.with_draw_probabilities(np.zeros(fr.tables)),
                   keep_per_sim=True)
    np.testing.assert_array_equal(free.cut, zero.cut)
    np.testing.assert_array_equal(free.table_outcome, zero.table_outcome)
    ids = fr.with_modes(np.where(fr.mode == engine.FREE, engine.INTENTIONAL, fr.mode))
    one = sim.run(3000, seed=4, first_round=fr.with_draw_probabilities(np.ones(fr.tables)))
    np.testing.assert_array_equal(sim.run(3000, seed=4, first_round=ids).cut, one.cut)


def test_behaviour_tables_draw_at_their_rate_with_common_results(last_round):
    sim, fr = last_round
    n = 4000
    p = np.full(fr.tables, 0.3)
    mixed = sim.run(n, seed=9, first_round=fr.with_draw_probabilities(p), keep_per_sim=True)
    free = sim.run(n, seed=9, first_round=fr, keep_per_sim=True)
    playing = fr.mode == engine.FREE
    drew = mixed.table_outcome[:, playing] == engine.ID
    # each table's draws: binomial(n, 0.3); 5 standard deviations
    assert np.all(np.abs(drew.mean(axis=0) - 0.3) < 5 * np.sqrt(0.3 * 0.7 / n))
    # tables that chose to play got exactly the result they get as FREE tables
    played = ~drew
    np.testing.assert_array_equal(mixed.table_outcome[:, playing][played],
                                  free.table_outcome[:, playing][played])
    assert (mixed.cut.sum() == sim.question.top * n)


def test_behaviour_future_policy():
    snap = take_snapshot(generate_event(40, 6, 4, seed=3))
    sim = Simulator(snap, get_rules("mtg"), Question())
    before = sim.rec0[:, REC_POINTS]
    none = sim.run(2000, seed=1, policy=engine.NO_DRAWS)
    sim.pilots[("future", 1)] = np.zeros((sim.max_points + 1, sim.max_points + 1))
    zero = sim.run(2000, seed=1, policy=engine.BEHAVIOUR_POINTS)
    np.testing.assert_array_equal(none.points_hist, zero.points_hist)
    sim.pilots[("future", 1)] = np.ones((sim.max_points + 1, sim.max_points + 1))
    every = sim.run(2000, seed=1, policy=engine.BEHAVIOUR_POINTS)
    gained = {int(v - before[p]) for p in sim.players for v in np.flatnonzero(every.points_hist[p])}
    assert gained <= {1, 2, 4}  # the simulated round (0, 1 or 3), then a draw for everyone


def test_future_table_is_a_probability_table():
    snap = take_snapshot(generate_event(64, 6, 4, seed=8))
    sim = Simulator(snap, get_rules("mtg"), Question())
    table = future_table(BehaviourModel.load(), sim, 0)
    assert table.shape == (sim.max_points + 1,) * 2
    assert np.all((table >= 0) & (table <= 1))
    np.testing.assert_allclose(table, table.T)  # symmetric in the two players
    top = sim.max_points - 3  # two players at the top are likelier to draw than two at the bottom
    assert table[top, top] > table[3, 3]


def test_flips_with_behaviour_base_match_free_base_at_zero(last_round):
    sim, fr = last_round
    tables = [t for t in range(fr.tables) if fr.mode[t] == engine.FREE][:3]
    free, _ = FlipEvaluator(sim, fr, 2).evaluate(tables, set(), Budget(2000, None, 2000), None)
    mix = fr.with_draw_probabilities(np.zeros(fr.tables))
    zero, _ = FlipEvaluator(sim, mix, 2).evaluate(tables, set(), Budget(2000, None, 2000), None, base=mix.mode)
    for a, b in zip(free, zero, strict=True):
        np.testing.assert_array_equal(a.cut_play, b.cut_play)
        np.testing.assert_array_equal(a.cut_draw, b.cut_draw)


# -- decisions and calibration -------------------------------------------------------------------

def test_draw_decisions_behaviour_is_reproducible():
    snap = take_snapshot(sample_event())
    rules = get_rules("mtg")
    question = Question(others="behaviour", budget=Budget(1000, None, 400_000, 3))
    one = draw_decisions(snap, rules, question)
    two = draw_decisions(snap, rules, question)
    assert one.to_json() == two.to_json()
    probs = dict(one.draw_probabilities)
    assert probs and all(0 <= p <= 1 for p in probs.values())
    for t in one.tables:
        assert t.draw_probability == probs[t.table]
        assert (t.others_choice == "draw") == (t.draw_probability >= 0.5)
    assert set(one.drawing_tables) == {t for t, p in probs.items() if p >= 0.5}


def chances(draw, play):
    return PlayerChances("x", 3, Proportion(int(draw * 1000), 1000), Proportion(int(play * 1000), 1000),
                         Proportion(0, 0), Proportion(0, 0), PairedDifference(draw - play, 0.01, 1000))


def test_nothing_at_stake_verdict():
    assert verdict(chances(0.002, 0.005), chances(0.0, 0.004), 0.99) == NOTHING_AT_STAKE
    assert verdict(chances(0.002, 0.05), chances(0.0, 0.004), 0.99) != NOTHING_AT_STAKE


def test_skill_draw_calls_and_band_consistency():
    from test_calibration import pred

    p = pred([0.9, 0.1, 0.8, 0.2], [1, 0, 0, 0], event=[0, 0, 1, 1])
    p = type(p)(*[getattr(p, f) for f in ("event", "model", "hindsight", "points", "constant",
                                          "contender", "outcome", "top")], np.array([1.0, 0, 1, 0]))
    s = skill(p)
    assert s.value == pytest.approx(1 - (0.01 + 0.01 + 0.64 + 0.04) / 1.0)
    assert s.ci.low <= s.value <= s.ci.high
    calls = DrawCalls(10, 4, 5, 3)
    assert (calls.precision.estimate, calls.recall.estimate) == (0.75, 0.6)
    assert Band(0, 0.1, 10, 0.05, 1, 0.1, ConfidenceInterval(0.01, 0.4)).consistent
    assert not Band(0.99, 1, 10, 1.0, 9, 0.9, ConfidenceInterval(0.6, 0.98)).consistent


def test_calibrate_command_on_one_real_event(tmp_path):
    folder = need(MELEE)
    shutil.copy(folder / SMALL, tmp_path / SMALL)
    entry = next(e for e in json.loads((folder / "index.json").read_text()) if e["file"] == SMALL)
    (tmp_path / "index.json").write_text(json.dumps([entry]))
    out = CliRunner().invoke(main, ["calibrate", str(tmp_path), "--folds", "0", "--sims", "500",
                                    "--json", "--figure", str(tmp_path / "rel.png")])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    for model in ("behaviour", "rational"):
        run = data["runs"][model]
        assert run["events"] == [SMALL] and run["apart"] == []
        assert {"brier", "skill", "draw_calls", "reliability", "safe_misses"} <= set(run)
        assert sum(b["players"] for b in run["reliability"]) == run["players"]
    assert (tmp_path / "rel.png").read_bytes()[:4] == b"\x89PNG"
    bad = CliRunner().invoke(main, ["calibrate", str(tmp_path / "rel.png")])
    assert bad.exit_code == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    msg = CliRunner().invoke(main, ["calibrate", str(empty)])
    assert msg.exit_code == 2 and "no event with a playoff" in msg.output


def test_behaviour_tables_same_on_any_thread_count(last_round):
    import numba

    sim, fr = last_round
    mix = fr.with_draw_probabilities(np.full(fr.tables, 0.4))
    many = sim.run(1500, seed=11, first_round=mix, keep_per_sim=True)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = sim.run(1500, seed=11, first_round=mix, keep_per_sim=True)
    finally:
        numba.set_num_threads(before)
    np.testing.assert_array_equal(many.cut, one.cut)
    np.testing.assert_array_equal(many.table_outcome, one.table_outcome)


def test_draw_command_shows_the_model(tmp_path):
    out = CliRunner().invoke(main, ["draw", "--sims", "1000", "--player", "mrm83"])
    assert out.exit_code == 0, out.output
    assert "other tables: behaviour" in out.stdout
    assert "real players at this table draw:" in out.stdout


def test_report_main_batch_mixes_over_the_model():
    """With --others behaviour, a player's P(cut) in the report's main batch is the mixture of
    their table's draw and play figures by the table's draw probability (independent
    simulations: within 4.5 standard errors)."""
    import math

    from drawsafe import open_event
    from drawsafe.report.data import gather

    ctx = open_event(None)
    question = ctx.question(top=8, last_round="standings", model="coin", sims=4000, seed=5, others="behaviour")
    data = gather(ctx.snapshot, ctx.rules, question, rules_source=ctx.rules_source)
    assert data.first_round.draw_p is not None
    for t in data.draw.tables:
        q = t.draw_probability
        for p in t.players:
            main_p = data.p_cut(data.snapshot.index[p.player])
            mixed = q * p.draw.estimate + (1 - q) * p.play.estimate
            var = (main_p.estimate * (1 - main_p.estimate) / main_p.n
                   + mixed * (1 - mixed) / p.play.n)
            assert abs(main_p.estimate - mixed) <= 4.5 * math.sqrt(var) + 1e-9, p.player


def test_skipped_qualifier_by_exact_final_rank():
    from test_calibration import hand_made_event, player

    ev = hand_made_event()
    assert ev.skipped_qualifier == []  # A and C (ranks 1, 2) played the playoff
    players = list(ev.players)
    players[2] = player("C", 2, 0.0, False, 2, True)  # C declined ...
    players[3] = player("D", 2, 0.0, True, 4, False)  # ... and D (rank 4) took the seat
    ev = type(ev)(ev.file, ev.entrants, ev.rounds, ev.question, ev.simulations, ev.converged,
                  tuple(players), ev.tables, ev.final, ev.keys, 0.0)
    assert ev.skipped_qualifier == ["C", "B"]  # both finished above D


def test_cross_validation_fits_without_the_event(tmp_path, monkeypatch):
    """calibrate_folder's folds: the model forecasting an event never saw that event's tables."""
    from drawsafe.simulation import behaviour, calibration

    folder = need(MELEE)
    shutil.copy(folder / SMALL, tmp_path / SMALL)
    entry = next(e for e in json.loads((folder / "index.json").read_text()) if e["file"] == SMALL)
    (tmp_path / "index.json").write_text(json.dumps([entry]))
    obs = Observations.from_rounds([fake_round(SMALL, 30, 1), fake_round("other.json", 60, 2)])
    seen = []
    real_fit = behaviour.fit_observations

    def spy(o, *args, **kwargs):
        seen.append(set(o.file))
        return real_fit(o, *args, **kwargs)

    monkeypatch.setattr(behaviour, "fit_observations", spy)
    question = Question(others="behaviour", budget=Budget(300, None, calibration.CALIBRATION_MAX_SIMS))
    run = calibration.calibrate_folder(tmp_path, question, cut=8, folds=2, observations=obs)
    assert seen and all(SMALL not in files for files in seen)
    assert run.folds == 2 and [e.file for e in run.events] == [SMALL]
    assert all(t.draw_probability is not None for t in run.events[0].tables)


# -- early rounds: the tables' chances from one shared run ----------------------------------------

@pytest.fixture(scope="module")
def early_round():
    """A generated Pokémon event of 96 players before its 4th round of 8 (5 rounds left), its
    round projected."""
    rules = get_rules("pokemon")
    snap = take_snapshot(generate_event(96, 8, 3, seed=7, rules=rules))
    sim = Simulator(snap, rules, Question())
    fr, _ = current_round(snap, rules, "standings", 0)
    return sim, fr


def test_early_round_chances_shared_run_agree_with_scenarios(early_round, monkeypatch):
    sim, fr = early_round
    assert sim.snap.rounds_left >= behaviour.SHARED_FROM
    scenarios, batch = [], ScenarioEvaluator.batch
    monkeypatch.setattr(ScenarioEvaluator, "batch",
                        lambda self, modes, tables, *a: scenarios.append(len(tables)) or batch(self, modes, tables, *a))
    shared = behaviour.table_chances(sim, fr, 3, 4000)
    # 41 tables with a stake; the 5 leading ones (P(cut | draw) near 0.3, drawn in 3% of the
    # worlds) would need more than SHARED_MAX simulations: only they simulate their scenarios
    assert shared.evaluated.sum() == 41 and max(scenarios) == 5
    assert shared.simulations > 30_000
    monkeypatch.undo()
    monkeypatch.setattr(behaviour, "SHARED_FROM", 99)  # as before: two scenarios per table,
    monkeypatch.setattr(behaviour, "FEATURE_PRECISION", 0.001)  # here each to its 4,000 simulations
    own = behaviour.table_chances(sim, fr, 3, 4000)
    np.testing.assert_array_equal(shared.evaluated, own.evaluated)
    t = np.flatnonzero(own.evaluated)
    pair = np.column_stack([fr.a[t], fr.b[t]])
    # the shared run's simulations, and of them those each table drew
    look = sim.run(shared.simulations, seed=3, first_round=fr, by_first=True, ranks=False)
    for a, b, n in ((shared.draw, own.draw, look.by_first[pair, 1, 0]), (shared.play, own.play, look.n)):
        p = np.clip((a[t] + b[t]) / 2, 1 / 4000, None)
        se = np.sqrt(p * (1 - p) * (1 / n + 1 / 4000))
        # each figure within 4.5 standard errors (about 1 in 150,000), and their sum (a bias
        # common to the tables) within 4.5 of its own
        assert np.all(np.abs(a[t] - b[t]) <= 4.5 * se)
        assert abs((a[t] - b[t]).sum()) <= 4.5 * np.sqrt((se ** 2).sum())
    # and the model's probabilities they give
    model = BehaviourModel.load(game="pokemon")
    rank = np.arange(1, sim.snap.players + 1)
    p = [model.probability(behaviour.round_features(sim, fr, c, rank)[0]) for c in (shared, own)]
    assert np.abs(p[0] - p[1]).max() < 0.05


def test_last_two_rounds_keep_their_own_scenarios(last_round, monkeypatch):
    def refuse(*args):
        raise AssertionError("the shared run is for early rounds only")

    monkeypatch.setattr(behaviour, "shared_chances", refuse)
    sim, fr = last_round
    chances = behaviour.table_chances(sim, fr, 0, 1000)
    assert chances.evaluated.any() and chances.simulations > 0
