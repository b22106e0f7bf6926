"""Simulations from a day-1 snapshot through the day-2 cut to the final standings
(:func:`drawsafe.event.snapshot.through_day2`): one simulated world read back as an event and
checked against the plain twins of the tiebreaks (``tests/naive_pokemon.py``: day 2 restarts;
``tests/naive.py``: Magic carries on).  The distribution is checked against the reference
simulator in ``tests/engine/test_engine_reference.py``."""

from __future__ import annotations

from dataclasses import replace

import naive
import naive_pokemon
import numpy as np
import pytest

from drawsafe.engine import kernel as engine
from drawsafe.engine.inputs import FirstTables
from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.model import Match, Phase, Round
from drawsafe.event.snapshot import strip_results, take_snapshot, through_day2
from drawsafe.simulation.generate import generate_event, rounds_from_arrays
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.tiebreaks.packs import get_rules


def one_world(snap, rules, seed):
    """Simulation ``seed`` of ``snap``: the event it plays (with its phases), the final order and
    who played on to the end."""
    sim = Simulator(snap, rules, Question(future_draws="none", results=generate_config(rules)))
    work = engine.work_arrays(sim.field, len(sim.codes), 0)
    none = np.zeros(0, dtype=np.int64)
    tables = FirstTables(none, none, none, np.zeros((0, 3), np.int64), np.zeros(0))
    order = engine.simulate_one(seed, np.uint64(seed), sim.field, tables, sim.match, sim.kernel_rules,
                                sim.plan(engine.NO_DRAWS, 0), snap.players, True, work)
    rounds = rounds_from_arrays(snap.names, work.opp, work.kind, work.gw, work.gl, work.gd, played=snap.total_rounds)
    event = replace(snap.event, rounds=tuple(rounds), swiss_rounds=snap.total_rounds,
                    phases=(Phase("day 1", snap.phase_end, snap.phase_cut.cut), Phase("day 2")))
    return event, [snap.names[p] for p in order], {snap.names[p] for p in np.flatnonzero(work.act)}


def generate_config(rules):
    from drawsafe.engine.results import ResultModel

    return ResultModel.for_rules(rules)


def points_after(event, rounds):
    pts = {p: 0 for p in event.players}
    for r in event.swiss[:rounds]:
        for m in r.matches:
            if m.kind == "bye":
                pts[m.player_a] += 3
            elif m.kind == "match":
                w = m.winner()
                for p in m.players:
                    pts[p] += 3 if w == p else 1 if w is None else 0
    return pts


def pokemon_world(seed):
    """A 40-player Pokémon day 1 of 5 rounds (3 played), 9+ points to a 3-round day 2."""
    rules = get_rules("pokemon")
    day1 = generate_event(40, 5, 3, seed=seed, rules=rules)
    snap = through_day2(take_snapshot(day1, rounds=5), 3, cut_points=9)
    return one_world(snap, rules, seed)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pokemon_day2_restarts_its_tiebreaks(seed):
    event, order, final = pokemon_world(seed)
    after1 = points_after(event, 5)
    day2 = {p for m in event.swiss[5].matches for p in m.players}
    assert day2 == {p for p, v in after1.items() if v >= 9} == final
    for r in event.swiss[5:]:
        assert {p for m in r.matches for p in m.players} == day2
    values = naive_pokemon.pokemon_values(event)
    pts = points_after(event, 8)
    keys = [(pts[p], *values[p]) for p in order if p in final]
    assert keys == sorted(keys, reverse=True)


def test_the_restart_changes_the_day2_order():
    """The check above can fail: counted over both days, the same world's day-2 order is another."""
    event, order, final = pokemon_world(1)
    whole = naive_pokemon.pokemon_values(event, restart=False)
    pts = points_after(event, 8)
    carried = [(pts[p], *whole[p]) for p in order if p in final]
    assert carried != sorted(carried, reverse=True)


def test_magic_day2_carries_its_tiebreaks_and_cuts_by_rank():
    rules = get_rules("mtg")
    day1 = generate_event(30, 4, 2, seed=8, rules=rules)
    snap = through_day2(take_snapshot(day1, rounds=4), 2, cut_top=10)
    event, order, final = one_world(snap, rules, 8)
    assert len(final) == 10
    lines = naive.standings_lines(event, 4)
    day1_order = sorted(lines, key=lambda p: naive.ranking_key(lines[p]), reverse=True)
    line = naive.ranking_key(lines[day1_order[9]])
    assert all(naive.ranking_key(lines[p]) >= line for p in final)
    assert all(naive.ranking_key(lines[p]) <= line for p in set(event.players) - final)
    end = naive.standings_lines(event, 6)
    keys = [naive.ranking_key(end[p]) for p in order if p in final]
    assert keys == sorted(keys, reverse=True)


def test_a_snapshot_after_day1_is_cut_before_day2():
    rules = get_rules("mtg")
    event = generate_event(16, 3, 3, seed=2, rules=rules)
    snap = through_day2(take_snapshot(event, rounds=3), 2, cut_points=6)
    batch = Simulator(snap, rules, Question(Cut(4), future_draws="none")).run(2_000, seed=3)
    after1 = points_after(event, 3)
    through = {i for i, p in enumerate(snap.names) if after1[p] >= 6}
    assert set(np.flatnonzero(batch.cut)) <= through and len(set(np.flatnonzero(batch.cut))) > 4
    assert batch.cut.sum() == 4 * batch.n


def test_published_day2_tables_are_not_cut_again():
    """Day 2's first round published: its tables say who plays on, whatever the cut would say."""
    rules = get_rules("mtg")
    event = generate_event(16, 3, 3, seed=2, rules=rules)
    after1 = points_after(event, 3)
    ranked = sorted(event.players, key=lambda p: -after1[p])
    published = ranked[:10]  # everyone on 6+ points, and more
    low = [p for p in published if after1[p] < 6]
    assert low, "the published round must hold a player the points cut would stop"
    tables = tuple(Match(4, published[i], published[i + 1], None, None, None) for i in range(0, 10, 2))
    event = replace(event, rounds=(*event.rounds, Round(4, tables, "Round 4")), swiss_rounds=None)
    # (a file that shows its day 2 has phases, and its snapshot is in day 2: this is the kernel's
    # own guard, reached with a day 1 of 3 rounds set by hand)
    snap = through_day2(replace(take_snapshot(event, 3), total_rounds=3), 2, cut_points=6)
    assert snap.next_round is not None
    batch = Simulator(snap, rules, Question(Cut(4), future_draws="none")).run(2_000, seed=3)
    index = {p: i for i, p in enumerate(snap.names)}
    assert set(np.flatnonzero(batch.cut)) <= {index[p] for p in published}
    assert batch.cut[index[low[0]]] > 0


def test_through_day2_says_what_is_wrong():
    snap = take_snapshot(generate_event(16, 4, 2, seed=2), rounds=4)
    with pytest.raises(UsageError, match="no day-1 cut"):
        through_day2(snap, 2)
    with pytest.raises(UsageError, match="not both"):
        through_day2(snap, 2, cut_points=9, cut_top=8)
    with pytest.raises(UsageError, match="at least 1 round"):
        through_day2(snap, 0, cut_points=9)
    later = through_day2(snap, 2, cut_points=9)
    assert (later.total_rounds, later.phase_end, later.phase_start) == (6, 4, 4)


def test_other_tables_play_day1s_last_round_for_the_day2_cut():
    """Through day 2, in day 1's last round the other tables draw as real players there do: for the
    day-2 cut (the behaviour model's probabilities are those of the day-2 cut alone)."""
    from drawsafe.simulation.forecast import forecast_odds

    rules = get_rules("pokemon")
    event = generate_event(40, 5, 5, seed=6, rules=rules)
    snap = take_snapshot(replace(event, rounds=(*event.swiss[:-1], strip_results(event.swiss[-1]))))
    assert snap.after_round == 4 and snap.next_round is not None
    from drawsafe.event.cut import Cut
    from drawsafe.simulation.question import Budget, Question

    budget = Budget(sims=400, precision=None, seed=2)
    day2 = forecast_odds(snap, rules, Question(Cut(8, 9), others="behaviour", budget=budget))
    final = forecast_odds(through_day2(snap, 2, cut_points=9), rules, Question(Cut(8), others="behaviour",
                                                                               budget=budget))
    assert final.draw_probabilities == day2.draw_probabilities
    assert max(p for _, p in day2.draw_probabilities) > 0.5  # tables that draw into day 2


def test_players_cut_after_day1_rank_below_day2s():
    """A cut by rank stops players on the same points as some who go on; in the final standings
    every day-2 player is placed above them (their ranks start after day 2's field)."""
    from drawsafe.standings.table import compute_standings

    rules = get_rules("mtg")
    event = generate_event(40, 4, 4, seed=5, rules=rules)
    snap = take_snapshot(event, rounds=4)
    rows = compute_standings(snap, rules).rows
    line = rows[15]
    def key(row):
        return (row.points, *(row.values[t.key] for t in rules.tiebreaks))

    below = [r for r in rows[16:] if key(r) < key(line)]
    surely_cut = [snap.index[r.player] for r in below]
    assert any(r.points == line.points for r in below), "the case needs players cut on the line's points"
    batch = Simulator(through_day2(snap, 3, cut_top=16), rules, Question(Cut(4), future_draws="none")).run(
        3_000, seed=4)
    for p in surely_cut:  # (without the rule, 695 of their finishes were among the first 16)
        assert batch.rank_hist[p, :16].sum() == 0, snap.names[p]
