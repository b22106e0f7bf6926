"""The exact answer of the last round in progress (drawsafe.simulation.enumeration) against its
plain-Python twin (tests/naive_enumeration.py: every game score of every open table, exact
fractions), against itself (the incremental evaluation of MTG packs against the standings ranked
afresh), and against the simulations (every exact figure inside the 95% interval of 200,000
simulations, a slow test)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from naive_enumeration import enumerate_naive

from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation import enumeration
from drawsafe.simulation.enumeration import NotExact, enumerate_outcomes, key_depths
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Question
from drawsafe.tiebreaks.packs import get_rules


def pending(event, k: int, seed: int):
    """``event`` (its Swiss rounds) with the results of ``k`` tables of its last round taken out."""
    swiss = event.swiss
    last = swiss[-1]
    tables = [i for i, m in enumerate(last.matches) if m.player_b is not None]
    rng = np.random.default_rng(seed)
    chosen = set(rng.choice(tables, size=min(k, len(tables)), replace=False).tolist())
    matches = tuple(replace(m, a_wins=None, b_wins=None, draws=None) if i in chosen else m
                    for i, m in enumerate(last.matches))
    return replace(event, rounds=swiss[:-1] + (replace(last, matches=matches),))


CASES = [  # players, rounds, open tables, seed, top, points cut, pack
    (8, 3, 2, 1, 4, None, "mtg"), (10, 4, 2, 2, 4, None, "mtg"), (12, 4, 3, 3, 4, None, "mtg"),
    (9, 3, 2, 4, 2, None, "mtg"), (16, 4, 2, 5, 8, None, "mtg"), (12, 4, 2, 6, 4, 7.0, "mtg"),
    (11, 4, 3, 7, 3, None, "mtg-classic"), (14, 4, 2, 8, 6, None, "mtg-classic"), (10, 3, 2, 9, 1, None, "mtg"),
]


@pytest.mark.parametrize("players,rounds,k,seed,top,cut_points,pack", CASES)
def test_the_enumeration_agrees_with_its_plain_python_twin(players, rounds, k, seed, top, cut_points, pack):
    rules = get_rules(pack)
    snap = take_snapshot(pending(generate_event(players, rounds, rounds, seed, rules), k, seed))
    config = Question(Cut(top, cut_points))
    e = enumerate_outcomes(snap, rules, config, limit=12)
    p_cut, joint, places = enumerate_naive(snap, rules, config)
    for name, p in p_cut.items():
        assert e.p_cut[snap.index[name]] == pytest.approx(p, abs=1e-12), name
    assert sum(e.p_cut[snap.active]) == pytest.approx(min(top, snap.active.sum()) if cut_points is None
                                                      else sum(p_cut.values()), abs=1e-9)
    for j, t in enumerate(e.enumerated):
        table = e.tables[t]
        for o, outcome in enumerate(table.outcomes):
            row = joint[(table.table, outcome.result, outcome.score)]
            for q, player in enumerate(e.contenders):
                assert e.conditional[q, j, o] == pytest.approx(row.get(snap.names[player], 0.0), abs=1e-12)
        # the conditionals average back to the figure itself
        for q, player in enumerate(e.contenders):
            mean = sum(oc.prior * e.conditional[q, j, o] for o, oc in enumerate(table.outcomes))
            assert mean == pytest.approx(e.p_cut[player], abs=1e-12)
    for q, player in enumerate(e.contenders):
        assert (int(e.best[q]), int(e.worst[q])) == places[snap.names[player]], snap.names[player]


def test_game_scores_are_tried_where_they_decide_and_the_twin_agrees():
    """Small events tie on points and OMW% at the line: the game scores of the tables entering
    GW% and OGW% are enumerated there (straddles), and still agree with every game score tried."""
    found = 0
    for seed in range(10, 40):
        rules = get_rules("mtg")
        snap = take_snapshot(pending(generate_event(10, 3, 3, seed, rules), 2, seed))
        config = Question(Cut(4))
        e = enumerate_outcomes(snap, rules, config)
        if e.straddles == 0:
            continue
        found += 1
        p_cut, _, _ = enumerate_naive(snap, rules, config)
        for name, p in p_cut.items():
            assert e.p_cut[snap.index[name]] == pytest.approx(p, abs=1e-12), (seed, name)
        if found == 4:
            break
    assert found >= 2


@pytest.fixture(scope="module")
def melee_snapshot():
    from conftest import MELEE, need

    from drawsafe.event.io import load_event

    path = need(MELEE / "izzet-explosive-experiment-event-standard-81450-2024-04-21.json")
    return take_snapshot(pending(load_event(path), 7, 3)), get_rules("mtg")


def test_the_incremental_evaluation_equals_the_standings_ranked_afresh(melee_snapshot, monkeypatch):
    snap, rules = melee_snapshot
    fast = enumerate_outcomes(snap, rules, Question(Cut(8)))
    monkeypatch.setattr(enumeration, "FAST", False)
    fresh = enumerate_outcomes(snap, rules, Question(Cut(8)))
    assert np.array_equal(fast.p_cut, fresh.p_cut)
    assert np.array_equal(fast.conditional, fresh.conditional)
    assert np.array_equal(fast.best, fresh.best) and np.array_equal(fast.worst, fresh.worst)


def test_the_answer_is_the_same_on_any_number_of_threads(melee_snapshot):
    import numba

    snap, rules = melee_snapshot
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = enumerate_outcomes(snap, rules, Question(Cut(8)))
        numba.set_num_threads(max(2, before))
        many = enumerate_outcomes(snap, rules, Question(Cut(8)))
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(one.p_cut, many.p_cut) and np.array_equal(one.conditional, many.conditional)


def test_too_many_open_tables_is_said_not_guessed(melee_snapshot):
    snap, rules = melee_snapshot
    with pytest.raises(NotExact, match=r"open tables can still change who makes the cut; the exact answer "
                                       r"enumerates at most 3 \(--exact-tables\)"):
        enumerate_outcomes(snap, rules, Question(Cut(8)), limit=3)


def test_not_the_last_round_is_not_exact():
    rules = get_rules("mtg")
    snap = take_snapshot(generate_event(12, 4, 2, 1, rules))
    with pytest.raises(NotExact, match="last Swiss round"):
        enumerate_outcomes(snap, rules, Question(Cut(4)))


def test_key_depths_read_from_the_codes():
    depth, col_depth, prefix = key_depths(get_rules("mtg").codes())
    assert (depth, list(col_depth), prefix) == (1, [-1, -1, 0, 1], 1)
    depth, col_depth, prefix = key_depths(get_rules("pokemon").codes())
    assert depth == 2 and prefix == 2 and (col_depth == -1).all()


def neighbours(snap, start: set[int], depth: int) -> set[int]:
    seen, frontier = set(start), set(start)
    for _ in range(depth):
        frontier = {int(o) for p in frontier for o in snap.opp[p] if o >= 0} - seen
        seen |= frontier
    return seen


@pytest.mark.parametrize("key", list(__import__("drawsafe.tiebreaks.packs", fromlist=["x"]).TIEBREAKS))
def test_each_tiebreak_reads_what_the_enumeration_assumes(key):
    """A tiebreak declared as reading match results only (``Tiebreak.games`` false) does not move when
    a game score changes but not the result; every tiebreak, when a table's result or score
    changes, moves only for players within its declared reach of that table's players."""
    from drawsafe.standings.table import tiebreak_table
    from drawsafe.tiebreaks.packs import TIEBREAKS, with_tiebreaks

    base = get_rules("fide") if key not in ("OMW", "GW", "GW-RAW", "OGW", "OWP", "OOWP") else get_rules("mtg")
    rules = with_tiebreaks(base, key)
    declared = TIEBREAKS[key]
    reach = declared.reach
    for seed in range(6):
        event = generate_event(14, 4, 4, seed, get_rules("mtg"))
        snap = take_snapshot(event)
        before = tiebreak_table(snap, rules)[:, 1]
        last = event.swiss[-1]
        for i, m in enumerate(last.matches):
            if m.player_b is None or m.a_wins == m.b_wins:
                continue
            same = replace(m, a_wins=1, b_wins=0, draws=0) if m.a_wins > m.b_wins else replace(m, a_wins=0, b_wins=1,
                                                                                            draws=0)
            flipped = replace(m, a_wins=m.b_wins, b_wins=m.a_wins)
            for changed, result_kept in ((same, True), (flipped, False)):
                matches = last.matches[:i] + (changed,) + last.matches[i + 1:]
                other = take_snapshot(replace(event, rounds=event.rounds[:-1] + (replace(last, matches=matches),)))
                after = tiebreak_table(other, rules)[:, 1]
                moved = set(np.flatnonzero(np.abs(after - before) > 1e-9).tolist())
                if result_kept and not declared.games:
                    assert not moved, (key, seed, m)
                a, b = snap.index[m.player_a], snap.index[m.player_b]
                assert moved <= neighbours(snap, {a, b}, reach), (key, seed, m, moved)
            break


def test_a_tiebreak_must_declare_its_reach():
    """The exact answer reads each tiebreak's reach; a tiebreak without one is refused when it is
    declared, and a code nobody declared is refused when the enumeration reads it (no silent
    default)."""
    from drawsafe.tiebreaks.packs import Tiebreak

    with pytest.raises(ValueError, match="declare its reach"):
        Tiebreak("NEW", 999, "a new tiebreak", "undeclared reach")
    with pytest.raises(ValueError, match="not declared"):
        enumeration.key_depths(np.array([0, 999]))


def test_a_round_too_costly_to_enumerate_is_said_not_guessed(melee_snapshot):
    snap, rules = melee_snapshot
    with pytest.raises(NotExact, match=r"more than 10 standings to evaluate"):
        enumerate_outcomes(snap, rules, Question(Cut(8)), evaluation_cap=10)
    with pytest.raises(NotExact, match=r"game scores to try at the cut line exceed 1 combinations"):
        small = take_snapshot(pending(generate_event(10, 3, 3, 12, get_rules("mtg")), 2, 12))
        for seed in range(10, 40):
            small = take_snapshot(pending(generate_event(10, 3, 3, seed, get_rules("mtg")), 2, seed))
            if enumerate_outcomes(small, get_rules("mtg"), Question(Cut(4))).straddles:
                break
        enumerate_outcomes(small, get_rules("mtg"), Question(Cut(4)), variant_cap=1)
