"""``odds`` and ``draw`` answered exactly during the last round (drawsafe.simulation.live): the
figures against the simulations' (fixed seeds; every exact figure within 4.5 binomial standard
errors of 40,000 simulations: about 30 figures compared each, so a false alarm has odds under
1 in 10,000), the command line's and the library's switch, and what they say."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from dataclasses import replace

import pytest
from test_enumeration import pending

from drawsafe.app.context import event_context
from drawsafe.event.cut import Cut
from drawsafe.event.io.export import to_native_dict
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.decisions import draw_decisions
from drawsafe.simulation.live import ExactShare, LiveDraw, LiveOdds, live_draw, live_odds
from drawsafe.simulation.odds import compute_odds
from drawsafe.simulation.question import Budget, Question
from drawsafe.tiebreaks.packs import get_rules

SIMS = 40_000


@pytest.fixture(scope="module")
def event():
    from conftest import MELEE, need

    from drawsafe.event.io import load_event

    return pending(load_event(need(MELEE / "izzet-explosive-experiment-event-standard-81450-2024-04-21.json")), 6, 11)


def close(exact: float, estimate: float, n: int) -> bool:
    """Within 4.5 binomial standard errors: a simulated share, or odds averaged over each world
    (whose variance is at most the share's)."""
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    return abs(estimate - exact) <= 4.5 * se + 1e-12


def test_exact_odds_agree_with_the_simulations(event):
    snap, rules, config = take_snapshot(event), get_rules("mtg"), Question(Cut(8))
    exact = live_odds(snap, rules, Question(Cut(8), others="none"))
    simulated = compute_odds(snap, rules, replace(config, budget=Budget(SIMS, seed=5)))
    by_name = {p.player: p for p in exact.players}
    checked = 0
    for p in simulated.players:
        x = by_name[p.player].p_cut
        assert close(x, p.cut.estimate, p.cut.n), (p.player, x, p.cut.estimate)
        checked += 0 < x < 1
    assert checked >= 4  # the contenders of this snapshot
    assert sum(p.p_cut for p in exact.players) == pytest.approx(8.0, abs=1e-9)
    for p in exact.players:
        assert sum(p.points_probability.values()) == pytest.approx(1.0, abs=1e-9)
        if 0 < p.p_cut < 1:
            assert p.places is not None and p.places.best <= 8 < p.places.worst + 1
            assert all(r.swing > 0 for r in p.root_for)
    assert any(p.root_for for p in exact.players)  # other tables move someone's odds


def test_exact_draw_or_play_agrees_with_the_simulations(event):
    snap, rules = take_snapshot(event), get_rules("mtg")
    question = Question(Cut(8), others="none", budget=Budget(SIMS, None, 400_000, 7))
    exact = live_draw(snap, rules, question)
    simulated = draw_decisions(snap, rules, question)
    tables = {t.table: t for t in simulated.tables}
    assert exact.tables and isinstance(exact, LiveDraw)
    for t in exact.tables:
        if t.table not in tables:
            continue
        for mine, theirs in zip(t.players, tables[t.table].players):
            for kind in ("draw", "play", "win", "loss"):
                x, s = getattr(mine, kind), getattr(theirs, kind)
                assert isinstance(x, ExactShare)
                assert close(x.estimate, s.estimate, s.n), (t.table, mine.player, kind, x.estimate, s.estimate)
        assert t.verdict == tables[t.table].verdict or t.verdict in ("draw is better for both", "play")


def test_the_commands_answer_exactly_and_say_so(event, tmp_path):
    path = tmp_path / "live.json"
    path.write_text(json.dumps(to_native_dict(event)))
    run = [sys.executable, "-m", "drawsafe.cli.main"]
    r = subprocess.run(run + ["odds", str(path), "--json"], capture_output=True, text=True, timeout=900, check=False)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["method"] == "exact" and data["exact"]["enumerated_tables"]
    assert data["exact"]["words"] == "exact (every outcome of the 6 open tables)"
    r = subprocess.run(run + ["odds", str(path), "--exact-tables", "0", "--sims", "2000", "--json"],
                       capture_output=True, text=True, timeout=900, check=False)
    assert r.returncode == 0 and "method" not in json.loads(r.stdout)
    r = subprocess.run(run + ["odds", str(path), "--exact-tables", "3", "--sims", "2000"], capture_output=True,
                       text=True, timeout=900, check=False)
    assert "not exact: 6 open tables can still change who makes the cut; the exact answer enumerates at most 3" \
        in r.stderr
    r = subprocess.run(run + ["draw", str(path), "--others", "none"], capture_output=True, text=True, timeout=900,
                       check=False)
    assert r.returncode == 0 and "SAFE TO DRAW" in r.stdout and "places" in r.stdout
    said = [line for line in r.stdout.splitlines() if "exact (every outcome of the 6 open tables)" in line]
    assert len(said) == 1 and "no simulation, no interval" in said[0]  # said once, in the answer
    assert "exact (every outcome" not in r.stderr


def test_the_library_takes_the_same_switch(event):
    ctx = event_context(event)
    assert isinstance(ctx.odds(), LiveOdds)
    assert not isinstance(ctx.odds(exact_tables=0, sims=1000), LiveOdds)
    assert isinstance(ctx.draw(others="none", player=event.swiss[-1].matches[0].player_a), LiveDraw)


@pytest.mark.parametrize("others", ["locked", "behaviour"])
def test_one_number_in_the_exact_odds_and_draw(event, others):
    """The exact ``odds`` model the other tables' draws as ``draw`` does: a player's P(cut) is their
    table's draw and play figures mixed by that table's probability of drawing."""
    snap, rules = take_snapshot(event), get_rules("mtg")
    question = Question(Cut(8), others=others, budget=Budget(seed=3))
    odds = live_odds(snap, rules, question)
    draw = live_draw(snap, rules, question)
    assert odds.others == others and odds.drawing_tables == draw.drawing_tables
    p_cut = {p.player: p.p_cut for p in odds.players}
    q = dict(draw.draw_probabilities)
    checked = 0
    for t in draw.tables:
        share = q.get(t.table, 1.0 if t.table in draw.drawing_tables else 0.0)
        for c in t.players:
            assert p_cut[c.player] == pytest.approx(share * c.draw.estimate + (1 - share) * c.play.estimate,
                                                    abs=1e-9), (t.table, c.player)
            checked += 1
    assert checked >= 2  # this snapshot's tables with a stake
