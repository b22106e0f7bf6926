"""`drawsafe draw`: locked tables, the flip shortcut, verdicts, the command's output."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from drawsafe.cli.main import main
from drawsafe.engine import kernel as engine
from drawsafe.event.cut import Cut
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.decisions import (
    DRAW_BOTH,
    DRAW_ONE,
    PLAY,
    SAFE_TO_DRAW,
    PlayerChances,
    current_round,
    draw_decisions,
    locked_tables,
    verdict,
    verdict_settled,
)
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.scenarios import FlipEvaluator, ScenarioEvaluator
from drawsafe.simulation.simulator import Simulator
from drawsafe.stats import PairedDifference, Proportion, z_value
from drawsafe.tiebreaks.packs import get_rules
from drawsafe.tiebreaks.values import REC_POINTS


def brute_locked(sim, fr, top):
    """Guaranteed the cut on points after a draw: fewer than ``top`` others can reach my minimum."""
    points = sim.rec0[:, REC_POINTS]
    win, draw = int(sim.points_table[2]), int(sim.points_table[1])
    left = sim.snap.rounds_left
    best = {}
    for q in np.flatnonzero(sim.active):
        best[q] = points[q] + win * left
    out = []
    for t in range(fr.tables):
        a, b = fr.a[t], fr.b[t]
        if b < 0 or fr.mode[t] != engine.FREE:
            out.append(False)
            continue
        ok = True
        for x, o in ((a, b), (b, a)):
            mine = points[x] + draw
            threats = 0
            for q, reach in best.items():
                if q == x:
                    continue
                if q == o:
                    reach = points[o] + draw + win * (left - 1)
                threats += reach >= mine
            ok = ok and threats < top
        out.append(ok)
    return np.array(out)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("top", [1, 4, 8])
def test_locked_tables_match_a_brute_force_count(seed, top):
    players, rounds = [(12, 4), (24, 5), (40, 6), (64, 6), (30, 5), (18, 5)][seed]
    for played in (rounds - 2, rounds - 1):
        snap = take_snapshot(generate_event(players, rounds, played, seed=seed))
        rules = get_rules("mtg")
        sim = Simulator(snap, rules, Question(Cut(top)))
        fr, _ = current_round(snap, rules, "standings", seed)
        assert locked_tables(sim, fr, top).tolist() == brute_locked(sim, fr, top).tolist()


def test_sample_event_the_three_top_tables_are_locked_or_safe():
    snap = take_snapshot(sample_event())
    rules = get_rules("mtg-classic")
    sim = Simulator(snap, rules)
    fr, how = current_round(snap, rules, "standings", 0)
    assert how == "published"
    # 16 + 1 = 17 points cannot be reached by 8 others: the 16-point pair at table 3 is locked.
    assert np.flatnonzero(locked_tables(sim, fr, 8)).tolist() == [2]


@pytest.mark.parametrize("drawing", [set(), {0, 1, 2}])
def test_flip_shortcut_gives_the_same_simulations_as_full_scenarios(drawing):
    """Flipping one table in a simulated last round equals simulating that scenario in full (the
    tables draw their own random numbers), simulation by simulation."""
    snap = take_snapshot(sample_event())
    rules = get_rules("mtg-classic")
    sim = Simulator(snap, rules)
    fr, _ = current_round(snap, rules, "standings", 0)
    tables = [0, 1, 2, 3, 4, 5, 6]
    flips, _ = FlipEvaluator(sim, fr, 11).evaluate(tables, drawing, Budget(1500, None, 10**6), None)
    full, _ = ScenarioEvaluator(sim, fr, 11).evaluate(tables, drawing, Budget(1500, None, 10**6), None)
    for a, b in zip(flips, full):
        assert np.array_equal(a.cut_play, b.cut_play)
        assert np.array_equal(a.cut_draw, b.cut_draw)
        assert np.array_equal(a.outcome_play, b.outcome_play)


def test_full_scenarios_take_a_smaller_first_look_where_it_costs_more():
    """The first batch is 2,000 simulations unless the scenarios (the base and one per table, each
    the event's remaining rounds) would cost more than FIRST_LOOK player-rounds; never under 500,
    and a function of the event alone. A precision run starts there: a table settled at once
    (its players far from the cut) has exactly the first batch's simulations."""
    rules = get_rules("mtg-classic")
    for players, tables, expected in ((32, 4, 2000), (100, 8, 1800), (128, 26, 500)):
        snap = take_snapshot(generate_event(players, 7, 4, seed=4, rules=rules), after_round=4)
        ev = ScenarioEvaluator(Simulator(snap, rules), current_round(snap, rules, "standings", 0)[0], 5)
        assert snap.rounds_left == 3 and ev.first_batch(tables) == expected
    assert FlipEvaluator(ev.sim, ev.fr, 5).first_batch(26) == 2000
    figures, reached = ev.evaluate(list(range(26)), set(), Budget(None, 0.005, 10**6), None,
                                   settled=lambda i, fig: True)
    assert reached and {len(f.cut_play) for f in figures} == {500}


@pytest.mark.parametrize("p", [0.1, 0.9, 0.5])
def test_behaviour_tables_read_their_usual_choice_from_the_base_worlds(p):
    """With rounds still to pair, a table that draws by its own probability in the base world reads
    its usual choice's figures from the base worlds that made it: simulation by simulation they
    are the full scenario's (common random numbers), over the simulations that made that choice;
    a table that makes both choices often (p = 0.5) runs both scenarios in full."""
    rules = get_rules("mtg-classic")
    snap = take_snapshot(generate_event(32, 6, 3, seed=4, rules=rules), after_round=3)
    assert snap.rounds_left == 3
    sim = Simulator(snap, rules)
    fr, _ = current_round(snap, rules, "standings", 0)
    fr = fr.with_draw_probabilities(np.full(fr.tables, p))
    tables = [0, 1, 2, 3]
    ev = ScenarioEvaluator(sim, fr, 5)
    figures, _ = ev.evaluate(tables, set(), Budget(1000, None, 10**6), None, base=fr.mode)
    focus = np.array([x for t in tables for x in (fr.a[t], fr.b[t])], dtype=np.int64)
    base = ev.scenario(fr.mode.copy(), focus, 0, 1000)
    for i, t in enumerate(tables):
        full = {}
        for name, mode in (("play", engine.FREE), ("draw", engine.INTENTIONAL)):
            modes = fr.mode.copy()
            modes[t] = mode
            full[name] = ev.scenario(modes, focus, 0, 1000)
        drew = base.table_outcome[:, t] == engine.ID
        kept = np.ones(1000, bool) if p == 0.5 else (~drew if p < 0.5 else drew)
        assert 0 < kept.sum() <= 1000 and (p == 0.5 or kept.sum() >= 800)
        cols = slice(2 * i, 2 * i + 2)
        assert np.array_equal(figures[i].cut_play, full["play"].focus_cut[kept, cols])
        assert np.array_equal(figures[i].cut_draw, full["draw"].focus_cut[kept, cols])
        assert np.array_equal(figures[i].outcome_play, full["play"].table_outcome[kept, t])


def chances(draw, play, diff_low, diff=None):
    n = 10_000
    d = draw - play if diff is None else diff
    return PlayerChances("x", 9, Proportion(round(draw * n), n), Proportion(round(play * n), n),
                         Proportion(0, 0), Proportion(0, 0),
                         PairedDifference(d, (d - diff_low) * np.sqrt(n) / z_value(0.95), n))


def test_verdicts():
    safe = 0.99
    assert verdict(chances(1.0, 0.8, 0.19), chances(0.995, 0.99, 0.0), safe) == SAFE_TO_DRAW
    assert verdict(chances(0.7, 0.5, 0.18), chances(0.6, 0.4, 0.17), safe) == DRAW_BOTH
    assert verdict(chances(0.7, 0.5, 0.18), chances(0.1, 0.4, -0.32), safe) == DRAW_ONE
    assert verdict(chances(0.3, 0.5, -0.22), chances(0.2, 0.4, -0.22), safe) == PLAY
    # a difference whose interval straddles zero is not "better": when unsure, play
    assert verdict(chances(0.51, 0.5, -0.005), chances(0.51, 0.5, -0.005), safe) == PLAY


def test_verdict_settled_only_when_no_figure_within_its_interval_changes_the_verdict():
    safe = 0.99
    # both surely safe drawing: settled, whatever else
    assert verdict_settled(chances(0.999, 0.8, 0.15), chances(0.998, 0.7, 0.2), safe)
    # one P(cut | draw) within its interval of the safe threshold: open
    assert not verdict_settled(chances(0.9905, 0.8, 0.15), chances(0.999, 0.7, 0.2), safe)
    # both gain, surely: settled (DRAW_BOTH); one gain not yet signed and material: open
    assert verdict_settled(chances(0.7, 0.5, 0.18), chances(0.6, 0.4, 0.17), safe)
    assert not verdict_settled(chances(0.7, 0.5, 0.18), chances(0.52, 0.5, -0.01), safe)
    # a difference surely within a point of zero decides nothing: settled
    assert verdict_settled(chances(0.7, 0.5, 0.18), chances(0.502, 0.5, -0.002), safe)
    # nor does one surely under a point of gain, however much drawing may cost (99% interval
    # about [-1.8, +0.6] points); the same interval the other way round may be a material gain
    assert verdict_settled(chances(0.7, 0.5, 0.18), chances(0.494, 0.5, -0.015), safe)
    assert not verdict_settled(chances(0.7, 0.5, 0.18), chances(0.506, 0.5, -0.003), safe)
    # one player surely loses by drawing: no draw both want, the other's open sign only tells
    # DRAW_ONE from PLAY (the 95% interval tells it): settled
    a, b = chances(0.52, 0.5, -0.01), chances(0.01, 0.37, -0.37)
    assert verdict_settled(a, b, safe) and verdict_settled(b, a, safe)
    assert verdict(a, b, safe) == PLAY
    # ... but a loss whose 99% interval still reaches zero leaves it open
    assert not verdict_settled(chances(0.52, 0.5, -0.01), chances(0.49, 0.5, -0.02), safe)
    # every figure surely under 1%: nothing at stake, settled; one that may reach 1%: open
    assert verdict_settled(chances(0.0, 0.0005, -0.001), chances(0.0, 0.0005, -0.001), safe)
    assert not verdict_settled(chances(0.009, 0.008, -0.001), chances(0.0, 0.0005, -0.001), safe)


def test_draw_on_the_sample_event_matches_what_the_players_did():
    """In the real event, tables 1-3 drew and the rest played: the tool calls 1-3 safe to draw
    (other tables rational), and table 4 (13 v 13, a draw leaves both out) play."""
    snap = take_snapshot(sample_event())
    from drawsafe.simulation.question import Budget, Question

    question = Question(others="rational", budget=Budget(6000, None, 400_000, 1))
    report = draw_decisions(snap, get_rules("mtg-classic"), question)
    by_table = {t.table: t for t in report.tables}
    assert [by_table[t].verdict for t in (1, 2, 3)] == [SAFE_TO_DRAW] * 3
    assert by_table[4].verdict == PLAY
    a, b = by_table[4].players
    assert a.draw.estimate == 0 and b.draw.estimate == 0
    assert report.converged


def test_draw_json_has_the_documented_fields():
    result = CliRunner().invoke(main, ["draw", "--json", "--sims", "3000", "--player", "mrm83"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"round", "simulations", "tables"} <= set(data)
    assert data["round"] == 7 and data["simulations"] == 3000
    [table] = data["tables"]
    assert table["table"] == 4 and table["verdict"] == PLAY
    for p in table["players"]:
        assert {"player", "p_cut_draw", "p_cut_play", "p_cut_win", "p_cut_loss", "ci_draw", "ci_play"} <= set(p)
        lo, hi = p["ci_play"]
        assert lo <= p["p_cut_play"] <= hi


def test_draw_unknown_player_is_one_line_exit_2():
    result = CliRunner().invoke(main, ["draw", "--player", "Nobody Atall"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "drawsafe: error: --player: no player matches 'Nobody Atall'; type part of the name as it is in the event")
