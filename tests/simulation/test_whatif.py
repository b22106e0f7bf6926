"""What if another table...? (:mod:`drawsafe.simulation.whatif`): each player's odds under each
result of another table, read from the kept worlds, against a direct re-run with that result in
the file, on generated events of three packs; and the law of total probability."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from drawsafe.engine import kernel as engine
from drawsafe.engine.results import ResultModel
from drawsafe.event.cut import Cut
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation import decisions
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.odds import odds_of
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.simulation.whatif import K, play_odds, what_if
from drawsafe.simulation.worlds import kept_worlds
from drawsafe.stats import bounded_interval
from drawsafe.tiebreaks.packs import get_rules

SEED = 20261206
SIMS = 6_000
#: One game score per result (a win 2-0, a draw 1-1; chess 1-0 and 0-0-1), so that a result fixed
#: in the file is exactly the condition the worlds were grouped by (game scores move GW%).
BEST_OF_3 = ResultModel(0.25, ((2, 0, 0, 1.0),), ((1, 1, 0, 1.0),))
ONE_GAME = ResultModel(0.25, ((1, 0, 0, 1.0),), ((0, 0, 1, 1.0),))
PACKS = {"mtg": BEST_OF_3, "pokemon": BEST_OF_3, "fide": ONE_GAME}


def pending(pack: str, players: int = 16, rounds: int = 5, seed: int = 4):
    """A generated event of ``pack`` played to its end, its last round's results taken back."""
    rules = get_rules(pack)
    event = generate_event(players, rounds, rounds, seed=seed, rules=rules)
    last = event.swiss[-1]
    back = replace(last, matches=tuple(replace(m, a_wins=None, b_wins=None, draws=None) if m.kind == MATCH else m
                                       for m in last.matches))
    return replace(event, rounds=tuple(back if r is last else r for r in event.rounds)), rules


def with_result(event, table: int, code: int, results: ResultModel):
    """``event`` with table ``table`` (0-based) of its last round reported as ``code``."""
    last = event.rounds[-1]
    w, lo, d = results.decided[0][:3] if code != engine.DRAWN else results.drawn[0][:3]
    score = (lo, w, d) if code == engine.B_WON else (w, lo, d)
    m = replace(last.matches[table], a_wins=score[0], b_wins=score[1], draws=score[2])
    matches = tuple(m if i == table else x for i, x in enumerate(last.matches))
    return replace(event, rounds=(*event.rounds[:-1], replace(last, matches=matches)))


def half_width(m, level: float = 0.999) -> float:
    low, high = bounded_interval(m.total, m.squares, m.n, level)
    return float(high - low) / 2


def direct(event, rules, question, name: str, seed: int):
    """``name``'s odds from a run of their own (another seed), every table playing."""
    q = replace(question, budget=Budget(SIMS, seed=seed))
    snap = take_snapshot(event)
    return next(p.cut for p in odds_of(Simulator(snap, rules, q), q).players if p.player == name)


@pytest.mark.parametrize("pack", list(PACKS))
def test_each_conditional_agrees_with_a_re_run_with_the_result_in_the_file(pack):
    results = PACKS[pack]
    event, rules = pending(pack)
    snap = take_snapshot(event)
    assert snap.rounds_left == 1 and snap.next_round is not None
    question = Question(Cut(4), results=results, others="none", budget=Budget(SIMS, seed=SEED))
    sim = Simulator(snap, rules, question)
    worlds = kept_worlds(sim, sim.first_round, SEED)
    stakes = what_if(worlds, SIMS, range(snap.players))
    listed = {p: tables for p, tables in stakes.items() if tables}
    assert listed, "a case that teaches something: some table moves someone's odds"
    assert all(len(tables) <= K for tables in listed.values())
    # the player whose listed table matters most, and that table's every result seen often enough
    player, tables = max(listed.items(), key=lambda kv: kv[1][0].matters)
    name, table = snap.names[player], tables[0]
    assert [t.matters for t in tables] == sorted((t.matters for t in tables), reverse=True)
    checked = 0
    for r in table.results:
        if r.cut is None or r.cut.n < 500:
            continue
        fixed = direct(with_result(event, table.table - 1, r.code, results), rules, question, name, SEED + 1)
        spread = math.hypot(half_width(r.cut), half_width(fixed))
        assert abs(r.cut.estimate - fixed.estimate) <= spread, (pack, name, table.table, r, fixed)
        checked += 1
    assert checked >= 2
    # the law of total probability: the results' shares weighted by the odds if each happens give
    # back the player's odds if they play, on the same worlds (a sum), and an independent run's
    mine = play_odds(worlds, SIMS, player)
    for t in tables:
        assert sum(r.p * r.cut.estimate for r in t.results if r.cut is not None) == pytest.approx(mine.estimate)
        assert sum(r.p for r in t.results) == pytest.approx(1.0)
    other = direct(event, rules, question, name, SEED + 2)
    assert abs(mine.estimate - other.estimate) <= math.hypot(half_width(mine), half_width(other))


def test_the_answers_carry_it_in_the_last_round_only():
    """``draw`` and ``odds`` answer what-if from their own worlds in the last round (the draw's
    figures and the odds' are the same worlds), and say why not with rounds to go."""
    event, rules = pending("mtg")
    snap = take_snapshot(event)
    question = Question(Cut(4), results=BEST_OF_3, others="none", budget=Budget(4_000, seed=SEED))
    decisions.KEPT_MODELS.clear()
    report = decisions.draw_decisions(snap, rules, question)
    assert report.what_if_note.startswith("what_if: for the players of each table")
    seated = [p for t in report.tables for p in t.players]
    assert any(p.what_if for p in seated) and all(p.what_if is not None for p in seated)
    for p in seated:
        for t in p.what_if:
            # every result's share and figures; their weighted sum is the player's odds if they play
            total = sum(r.p * r.p_cut for r in t.results if r.p_cut is not None)
            ci = p.play.confidence_interval(0.999)
            assert ci.low - 1e-9 <= total <= ci.high + 1e-9, (p.player, t)
            assert all(r.to_json()["ci"] is None or r.to_json()["ci"][0] <= r.p_cut <= r.to_json()["ci"][1]
                       for r in t.results)
    odds = odds_of(Simulator(snap, rules, question), question)
    assert any(p.what_if for p in odds.players)
    assert "what_if" in next(p for p in odds.players if p.what_if).to_json()
    earlier = take_snapshot(event, after_round=3)
    assert earlier.rounds_left == 2
    q2 = replace(question, budget=Budget(2_000, seed=SEED))
    before = odds_of(Simulator(earlier, rules, q2), q2)
    assert all(p.what_if is None and "what_if" not in p.to_json() for p in before.players)
    assert before.to_json()["what_if_note"].startswith("no what_if")


def test_a_rare_result_says_so():
    """A result the worlds saw a few times has a wide interval; one they never saw, no figure."""
    event, rules = pending("mtg")
    snap = take_snapshot(event)
    question = Question(Cut(4), results=BEST_OF_3, others="none", budget=Budget(40, seed=SEED))
    sim = Simulator(snap, rules, question)
    worlds = kept_worlds(sim, sim.first_round, SEED)
    rows = [r for tables in what_if(worlds, 40, range(snap.players), k=100).values() for t in tables
            for r in t.results]
    assert rows
    rare = [r for r in rows if r.cut is not None and r.cut.n <= 15]
    assert rare and all(np.subtract(*r.to_json()["ci"][::-1]) > 0.15 for r in rare)


def test_the_exact_answer_gives_exact_figures():
    """During the last round (answered exactly): each conditional is the exact answer of the
    event with that result in the file, and the results weighted by their probabilities give back
    the player's exact odds."""
    from drawsafe.simulation.live import live_odds

    event, rules = pending("mtg")
    question = Question(Cut(4), results=BEST_OF_3, others="none", exact_tables=12)
    answer = live_odds(take_snapshot(event), rules, question)
    assert answer.to_json()["what_if_note"].startswith("what_if: exact")
    listed = [p for p in answer.players if p.what_if]
    assert listed
    for p in listed:
        for t in p.what_if:
            assert sum(r.p * r.p_cut for r in t.results) == pytest.approx(p.p_cut, abs=1e-9)
            assert all(r.to_json()["ci"] == [r.p_cut, r.p_cut] for r in t.results)
    p = max(listed, key=lambda o: o.what_if[0].matters)
    table = p.what_if[0]
    codes = {"A wins": engine.A_WON, "draw": engine.DRAWN, "B wins": engine.B_WON}
    for r in table.results:
        fixed = live_odds(take_snapshot(with_result(event, table.table - 1, codes[r.result], BEST_OF_3)), rules, question)
        assert next(o.p_cut for o in fixed.players if o.player == p.player) == pytest.approx(r.p_cut, abs=1e-9)


def test_draw_for_a_player_names_the_tables_to_root_for():
    """``draw --player``: one line per table that moves the player's odds, the result to root for
    and the odds if it happens against the worst result's."""
    from drawsafe.simulation.whatif import ResultIf, TableIf

    up = ResultIf("B wins", "Bo", 0.4, None, exact=0.75)
    down = ResultIf("A wins", "Al", 0.4, None, exact=0.25)
    drawn = ResultIf("draw", None, 0.2, None, exact=0.5)
    line = TableIf(6, ("Al", "Bo"), 0.2, (down, drawn, up)).line()
    assert line == "table 6 (Al v Bo): root for Bo to win: 75.00% if so, 25.00% if Al wins"
    assert TableIf(6, ("Al", "Bo"), 0.2, (down, ResultIf("draw", None, 0.2, None, exact=0.9))).line() == (
        "table 6 (Al v Bo): root for a draw: 90.00% if so, 25.00% if Al wins")
