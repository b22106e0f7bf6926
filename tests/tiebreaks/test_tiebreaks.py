"""The numba tiebreak kernels against the naive twin (tests/naive.py), exactly.

The twin reads the events' Match objects and computes with fractions; the kernels read the arrays
of drawsafe.event.snapshot.  They must agree to rounding error on real events (every Swiss round of small
melee.gg files copied into tests/data), on hand-made edge cases and on random small events.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import naive
import numpy as np
import pytest
from brute import match_dict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from drawsafe.event.io import load_event, parse_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.table import compute_standings, tiebreak_table
from drawsafe.tiebreaks.packs import get_rules

DATA = Path(__file__).resolve().parents[1] / "data"
REAL = sorted(DATA.glob("*.json"))
RULES = ("mtg", "mtg-classic")
THIRD = 1.0 / 3.0


def event_from(doc: dict, name: str = "case.json"):
    return parse_event(json.dumps(doc).encode(), name)


def assert_same(event, after_round=None, rules_name="mtg", dedupe=None):
    """Kernels (through compute_standings and tiebreak_table) == naive twin, for every player."""
    rules = get_rules(rules_name)
    snap = take_snapshot(event, after_round)
    lines = naive.standings_lines(event, snap.after_round, floored=rules_name == "mtg",
                                  dedupe=dedupe)
    keys = tiebreak_table(snap, rules, dedupe)
    names = sorted(lines)
    idx = [snap.index[p] for p in names]
    assert_allclose(keys[idx, 0], [lines[p].points for p in names], rtol=0, atol=0)
    for col, field in ((1, "omw"), (2, "gw"), (3, "ogw")):
        expected = [float(getattr(lines[p], field)) for p in names]
        assert_allclose(keys[idx, col], expected, rtol=1e-12, atol=0, err_msg=field)
    # Players who competed in no counted round: nothing to average, every value at the floor.
    others = [i for i, p in enumerate(snap.names) if p not in lines]
    assert_allclose(keys[others, 0], 0.0)
    assert_allclose(keys[others, 1:], THIRD, rtol=1e-12)
    if dedupe is None:
        assert_standings(snap, rules, lines)
    return lines


def assert_standings(snap, rules, lines):
    """compute_standings: records and values as the twin says, rows ordered by the twin's key."""
    table = compute_standings(snap, rules, seed=7)
    for row in table.rows:
        line = lines.get(row.player)
        if line is None:
            assert (row.points, row.wins, row.losses, row.draws) == (0, 0, 0, 0)
            continue
        assert (row.points, row.wins, row.losses, row.draws) == (
            line.points, line.wins, line.losses, line.draws), row.player
        assert_allclose([row.values["OMW"], row.values["GW"], row.values["OGW"]],
                        [float(line.omw), float(line.gw), float(line.ogw)], rtol=1e-12)
    assert {r.player for r in table.rows} >= set(lines)
    keys = [naive.ranking_key(lines[r.player]) for r in table.rows if r.player in lines]
    assert all(a >= b for a, b in pairwise(keys)), "rows not in points/OMW/GW/OGW order"
    # Rows marked tied are exactly tied (in exact arithmetic) with a neighbour, and vice versa.
    rows = [r for r in table.rows if r.player in lines]
    for i, r in enumerate(rows):
        k = naive.ranking_key(lines[r.player])
        neighbours = [naive.ranking_key(lines[rows[j].player]) for j in (i - 1, i + 1)
                      if 0 <= j < len(rows)]
        if len(rows) == len(table.rows):
            assert r.tied == (k in neighbours), r.player


# ---------------------------------------------------------------- real events, every Swiss round


@pytest.mark.parametrize("rules_name", RULES)
@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[:40])
def test_real_event_every_round(path, rules_name):
    event = load_event(path)
    assert len(event.swiss) >= 4
    for after in range(len(event.swiss) + 1):
        lines = assert_same(event, after, rules_name)
        assert len(lines) >= (4 if after else 0)


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[:40])
def test_real_event_without_dedupe_and_with_playoff(path):
    """Dedupe off and on, and the playoff counted (what --check does to explain published rows)."""
    event = load_event(path)
    for dedupe in (False, True):
        assert_same(event, None, "mtg", dedupe=dedupe)
    if not event.playoff:
        return
    whole = event_with_playoff_as_swiss(event)
    snap = take_snapshot(event, include_playoff=True)
    lines = naive.standings_lines(whole, len(whole.swiss), dedupe=True)
    keys = tiebreak_table(snap, get_rules("mtg"), True)
    names = sorted(lines)
    idx = [snap.index[p] for p in names]
    for col, field in ((1, "omw"), (2, "gw"), (3, "ogw")):
        assert_allclose(keys[idx, col], [float(getattr(lines[p], field)) for p in names],
                        rtol=1e-12)


def event_with_playoff_as_swiss(event):
    from dataclasses import replace

    return replace(event, rounds=tuple(replace(r, playoff=False) for r in event.rounds))


def test_real_events_cover_the_edge_cases():
    """The copied files hold what the brief asks for (so the tests above exercise it)."""
    kinds_seen = set()
    scores = set()
    best_of = set()
    for path in REAL:
        event = load_event(path)
        best_of.add(event.best_of)
        for r in event.swiss:
            for m in r.matches:
                kinds_seen.add(m.kind)
                if m.kind == "match":
                    scores.add((m.a_wins, m.b_wins, m.draws))
    assert {"match", "bye", "loss", "double-loss"} <= kinds_seen
    assert (0, 0, 3) in scores
    assert best_of == {1, 3}


# ---------------------------------------------------------------- hand-made edge cases


m = match_dict


EDGE_CASES = {
    "bye round 1": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 1, 0]), m("C", kind="bye")]},
        {"round": 2, "matches": [m("A", "C", [0, 2, 0]), m("B", kind="bye")]},
    ]},
    "bye best-of-one": {"best_of": 1, "rounds": [
        {"round": 1, "matches": [m("A", "B", [1, 0, 0]), m("C", kind="bye")]},
        {"round": 2, "matches": [m("C", "A", [0, 1, 0]), m("B", kind="bye")]},
    ]},
    "loss without opponent": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 0, 0]), m("C", kind="loss")]},
        {"round": 2, "matches": [m("A", "C", [1, 2, 0]), m("B", kind="loss")]},
    ]},
    "double loss": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 0, 1]), m("C", "D", [0, 0, 3])]},
        {"round": 2, "matches": [m("A", "C", kind="double-loss"), m("B", "D", [2, 1, 0])]},
        {"round": 3, "matches": [m("A", "D", [1, 1, 1]), m("B", "C", [0, 2, 0])]},
    ]},
    "dropped player": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 0, 0]), m("C", "D", [2, 1, 0])]},
        {"round": 2, "matches": [m("A", "C", [2, 0, 0]), m("D", kind="bye")]},
        {"round": 3, "matches": [m("A", "D", [0, 2, 0]), m("C", kind="bye")]},
    ], "drops": {"B": 1}},
    "zero games": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 0, 0]), m("Z", kind="loss")]},
        {"round": 2, "matches": [m("A", "Z", kind="double-loss"), m("B", kind="bye")]},
        {"round": 3, "matches": [m("B", "Z", kind="double-loss"), m("A", kind="bye")]},
    ]},
    "only byes": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 0, 0]), m("C", kind="bye")]},
        {"round": 2, "matches": [m("A", "B", [0, 2, 0]), m("C", kind="bye")]},
    ]},
    "rematch": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 0, 0]), m("C", "D", [2, 1, 0])]},
        {"round": 2, "matches": [m("A", "B", [1, 2, 0]), m("C", "D", [0, 0, 3])]},
        {"round": 3, "matches": [m("A", "C", [2, 0, 0]), m("B", "D", [0, 2, 1])]},
    ]},
    "intentional draws": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [0, 0, 3]), m("C", "D", [0, 0, 3])]},
        {"round": 2, "matches": [m("A", "C", [0, 0, 3]), m("B", "D", [2, 0, 0])]},
    ]},
    "low game win %": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [1, 2, 0]), m("C", "D", [0, 2, 0])]},
        {"round": 2, "matches": [m("A", "C", [2, 1, 0]), m("B", "D", [2, 0, 1])]},
        {"round": 3, "matches": [m("A", "D", [0, 2, 0]), m("B", "C", [2, 0, 0])]},
    ]},
    "pending last round": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 0, 0]), m("C", "D", [2, 1, 0])]},
        {"round": 2, "matches": [m("A", "C"), m("B", "D", [2, 0, 0])]},
    ]},
    "late entry": {"rounds": [
        {"round": 1, "matches": [m("A", "B", [2, 0, 0]), m("C", kind="bye")]},
        {"round": 2, "matches": [m("A", "C", [2, 0, 0]), m("B", "E", [0, 2, 0])]},
    ]},
}


@pytest.mark.parametrize("dedupe", (None, False, True))
@pytest.mark.parametrize("rules_name", RULES)
@pytest.mark.parametrize("case", sorted(EDGE_CASES))
def test_edge_case(case, rules_name, dedupe):
    event = event_from(EDGE_CASES[case], f"{case}.json")
    for after in range(event.rounds_played + 1):
        assert_same(event, after, rules_name, dedupe)


def test_edge_cases_mean_what_their_names_say():
    """A few values straight from the rule text, so the twin itself is pinned down too."""
    lines = naive.standings_lines(event_from(EDGE_CASES["bye round 1"]))
    assert lines["C"].game_points == 6 + 6 and lines["C"].games == 4  # bye = 2-0, then 2-0
    assert lines["C"].opponents == ("A",)
    lines = naive.standings_lines(event_from(EDGE_CASES["bye best-of-one"]))
    assert lines["C"].games == 2 and lines["C"].game_points == 3  # bye = 1-0, then lost 0-1
    lines = naive.standings_lines(event_from(EDGE_CASES["zero games"]))
    z = lines["Z"]
    assert (z.rounds, z.games, z.points, z.opponents) == (3, 0, 0, ("A", "B"))
    assert z.gw == naive.THIRD and z.gw_raw == naive.THIRD
    lines = naive.standings_lines(event_from(EDGE_CASES["rematch"]))
    assert lines["A"].opponents == ("B", "C")
    assert len(naive.standings_lines(event_from(EDGE_CASES["rematch"]), dedupe=False)["A"]
               .opponents) == 3
    lines = naive.standings_lines(event_from(EDGE_CASES["intentional draws"]))
    assert lines["A"].game_points == 6 and lines["A"].games == 6 and lines["A"].points == 2
    lines = naive.standings_lines(event_from(EDGE_CASES["low game win %"]), floored=False)
    assert lines["C"].gw == naive.Fraction(3, 3 * 7)


def test_comparison_can_fail():
    """The comparison discriminates: the twin of the other floor variant does not match."""
    event = event_from(EDGE_CASES["low game win %"])
    snap = take_snapshot(event)
    keys = tiebreak_table(snap, get_rules("mtg-classic"))
    lines = naive.standings_lines(event, floored=True)
    c = snap.index["C"]
    assert keys[c, 2] == pytest.approx(3 / 21) and float(lines["C"].gw) == pytest.approx(1 / 3)
    with pytest.raises(AssertionError):
        assert_allclose(keys[c, 2], float(lines["C"].gw), rtol=1e-12)


# ---------------------------------------------------------------- random small events

SCORES_BO3 = [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1), (0, 0, 3), (1, 0, 1),
              (1, 1, 0), (2, 0, 1), (0, 1, 2), (1, 0, 0), (0, 0, 1), (0, 1, 0)]
SCORES_BO1 = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 0, 3)]


@st.composite
def random_events(draw):
    n = draw(st.integers(2, 9))
    rounds = draw(st.integers(1, 5))
    best_of = draw(st.sampled_from((1, 3)))
    scores = SCORES_BO1 if best_of == 1 else SCORES_BO3
    names = [f"P{i}" for i in range(n)]
    doc_rounds = []
    for r in range(1, rounds + 1):
        present = [p for p in names if draw(st.integers(0, 9)) > 0] or names[:1]
        present = draw(st.permutations(present))
        matches = []
        for i in range(0, len(present) - 1, 2):
            a, b = present[i], present[i + 1]
            roll = draw(st.integers(0, 19))
            if roll == 0:
                matches.append(m(a, b, kind="double-loss"))
            elif roll == 1 and r == rounds:
                matches.append(m(a, b))  # pending result in the last round
            else:
                matches.append(m(a, b, list(draw(st.sampled_from(scores)))))
        if len(present) % 2:
            matches.append(m(present[-1], kind=draw(st.sampled_from(("bye", "bye", "loss")))))
        doc_rounds.append({"round": r, "matches": matches})
    return {"best_of": best_of, "rounds": doc_rounds}


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(random_events(), st.sampled_from(RULES), st.sampled_from((None, False, True)))
def test_random_events(doc, rules_name, dedupe):
    event = event_from(doc)
    for after in range(event.rounds_played + 1):
        assert_same(event, after, rules_name, dedupe)


def test_float_values_are_exact_ratios():
    """Values are the nearest double to the exact fraction (no drift from summing in floats)."""
    event = load_event(REAL[0])
    lines = naive.standings_lines(event)
    snap = take_snapshot(event)
    keys = tiebreak_table(snap, get_rules(event.rules or "mtg"))
    gw = np.array([float(lines[p].gw) for p in sorted(lines)])
    assert_allclose(keys[[snap.index[p] for p in sorted(lines)], 2], gw, rtol=1e-15)
