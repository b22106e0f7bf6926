"""The other card games' packs against their naive twin (tests/naive_cardgames.py): points,
tiebreak values and order on generated events of each game, a hand-made miniature per pack
(byes, a double loss, a loss without opponent, an intentional draw), and the draw verdict of the
miniature's last round against a plain enumeration of its open tables."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from naive_cardgames import COVERED, naive_keys, naive_order_key

from drawsafe.app.context import open_event
from drawsafe.engine.results import ResultModel
from drawsafe.event.io import parse_event
from drawsafe.event.model import Match
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks import packs

NEW_PACKS = [packs.get_rules(name) for name in COVERED]


def assert_twin(event, pack, after_round=None):
    standings = compute_standings(take_snapshot(event, after_round), pack)
    keys = naive_keys(event, pack, after_round)
    assert {r.player for r in standings.rows} == set(keys)
    for row in standings.rows:
        key = keys[row.player]
        assert row.points * pack.point_scale == key[0], row
        for t, value in zip(pack.tiebreaks, key[1:]):
            assert row.values[t.key] == pytest.approx(float(value), abs=1e-12), (row.player, t.key)
    order = [naive_order_key(pack, keys[r.player]) for r in standings.rows]
    assert order == sorted(order, reverse=True)  # exact ties in any order
    return standings


@pytest.mark.parametrize("pack", NEW_PACKS, ids=lambda p: p.name)
@pytest.mark.parametrize("seed", range(3))
def test_generated_events_rank_as_the_naive_twin(pack, seed):
    event = replace(generate_event(19, 5, 5, seed=seed, rules=pack), rules=pack.name)
    assert_twin(event, pack)


def test_netrunner_rounds_score_by_their_games():
    """Double-sided: 6-0, 4-1 (a win and a timed tie), 3-3 (a split or an intentional draw), a bye 6."""
    event = miniature()
    pack = packs.get_rules("netrunner")
    rows = compute_standings(take_snapshot(event, 3), pack).by_player()
    # A: 2-0 (6), 1-0-1 (4), bye (6); E: 0-2 (0), 0-0-3 ID (3), 1-1 (3)
    assert rows["A"].points == 16 and rows["E"].points == 6
    generated = generate_event(40, 4, 4, seed=1, rules=pack)
    seen = {(m.a_wins, m.b_wins, m.draws) for r in generated.swiss for m in r.matches if m.kind == "match"}
    assert seen <= {(2, 0, 0), (0, 2, 0), (1, 0, 1), (0, 1, 1), (1, 1, 0)} and (1, 1, 0) in seen


def miniature_data() -> dict:
    """Ten players, four rounds: a bye, a double loss, a loss without opponent, an intentional
    draw (0-0-3), a 1-0-1 result; round 4 published, two tables reported."""
    def m(a, b=None, score=None, kind=None):
        out = {"a": a}
        if b:
            out["b"] = b
        if score:
            out["score"] = score
        if kind:
            out["kind"] = kind
        return out

    rounds = [
        [m("A", "B", "2-0-0"), m("C", "D", "2-1-0"), m("E", "F", "0-2-0"), m("G", "H", "1-1-0"), m("I", "J", kind="double-loss")],
        [m("A", "C", "1-0-1"), m("F", "B", "2-1-0"), m("D", "E", "0-0-3"), m("H", "I", "2-0-0"), m("J", kind="loss"), m("G", kind="bye")],
        [m("A", kind="bye"), m("F", "C", "0-2-0"), m("B", "G", "2-1-0"), m("H", "D", "1-2-0"), m("E", "J", "1-1-0"), m("I", kind="loss")],
        [m("A", "F", None), m("C", "B", None), m("D", "G", None), m("H", "E", "2-0-0"), m("I", "J", "0-2-0")],
    ]
    return {"name": "miniature", "swiss_rounds": 4, "players": list("ABCDEFGHIJ"),
            "rounds": [{"round": i + 1, "matches": r} for i, r in enumerate(rounds)]}


def miniature():
    return parse_event(json.dumps(miniature_data()).encode(), "miniature.json")


#: The miniature's values for A after round 3, by hand from the rule texts.  A won 2-0 (B), 1-0-1
#: (C), then had a bye.  Netrunner scores games: B has 0 + 3 + 6 = 9 points in 3 rounds, C 6 + 1 +
#: 6 = 13, so A's SOS is (9/3 + 13/3) / 2.
PINNED = {
    "netrunner": ("A", 16, {"SOS": (3 + 13 / 3) / 2}),
    "onepiece": ("A", 9, {"WR": 1.0}),
    "fab": ("A", 3, {"MLP": 0.0}),
    "swu": ("A", 3, {}),
}


@pytest.mark.parametrize("pack", NEW_PACKS + [packs.get_rules("digimon")], ids=lambda p: p.name)
def test_the_miniature_ranks_as_the_naive_twin(pack):
    event = miniature()
    if pack.name in COVERED:
        standings = assert_twin(event, pack, 3)
    else:  # digimon: head-to-head is the chess kernel's direct encounter; the rates are checked
        standings = compute_standings(take_snapshot(event, 3), pack)
        keys = naive_keys(event, replace(pack, tiebreaks=pack.tiebreaks[:2]), 3)
        for row in standings.rows:
            assert row.values["WR"] == pytest.approx(float(keys[row.player][1]), abs=1e-12)
            assert row.values["OWR"] == pytest.approx(float(keys[row.player][2]), abs=1e-12)
    if pack.name in PINNED:
        player, points, values = PINNED[pack.name]
        row = standings.by_player()[player]
        assert row.points == points
        for key, value in values.items():
            if value is not None:
                assert row.values[key] == pytest.approx(value, abs=1e-12)


# --- the draw verdict, against a plain enumeration of the last round --------------------------------

def naive_draw(pack, top: int, table: tuple[str, str]) -> dict[str, tuple[Fraction, Fraction]]:
    """P(cut | the table draws), P(cut | it plays) for both players of ``table``, every other
    open table played (coin flips, the pack's draw share and game scores), exact ties sharing the
    places left at random."""
    event = miniature()
    results = ResultModel.for_event(event, pack, "coin")
    share = Fraction(results.draw_share).limit_denominator(10**9)

    def outcomes():
        out = []
        for rows, weight in ((results.decided, (1 - share) / 2), (results.drawn, share)):
            total = sum(Fraction(r[3]).limit_denominator(10**6) for r in rows)
            for a, b, d, w in rows:
                p = weight * Fraction(w).limit_denominator(10**6) / total
                out.append(((a, b, d), p))
                if a != b:
                    out.append(((b, a, d), p))
        return [(s, p) for s, p in out if p]

    last = event.swiss[-1]
    open_ = [m for m in last.matches if not m.reported]
    fixed = [m for m in last.matches if m.reported]
    answer = {}
    for mode in ("draw", "play"):
        per = {}
        options = []
        for m in open_:
            if (m.player_a, m.player_b) == table and mode == "draw":
                options.append([((0, 0, 3), Fraction(1))])
            else:
                options.append(outcomes())
        for combo in product(*options):
            prob = math.prod((p for _, p in combo), start=Fraction(1))
            played = [Match(4, m.player_a, m.player_b, *s) for m, (s, _) in zip(open_, combo)]
            rounds = event.rounds[:-1] + (replace(last, matches=tuple(fixed + played)),)
            keys = naive_keys(replace(event, rounds=rounds), pack)
            ranked = sorted(keys, key=lambda p: naive_order_key(pack, keys[p]), reverse=True)
            for p in table:
                k = naive_order_key(pack, keys[p])
                above = sum(naive_order_key(pack, keys[q]) > k for q in ranked)
                tied = sum(naive_order_key(pack, keys[q]) == k for q in ranked)
                share_p = Fraction(max(0, min(tied, top - above)), tied)
                per[p] = per.get(p, Fraction(0)) + prob * share_p
        answer[mode] = per
    return {p: (answer["draw"][p], answer["play"][p]) for p in table}


@pytest.mark.parametrize("name", ["netrunner", "lorcana", "yugioh", "netrunner-single"])
def test_the_miniature_draw_figures_equal_the_enumeration(name):
    """Exact answers to 1e-9; Netrunner's rounds score by their games, so its answer is simulated
    (40,000 simulations per scenario, fixed seed): within 4.5 standard errors."""
    pack = packs.get_rules(name)
    ctx = open_event(miniature_data(), rules=name)
    sims = 40_000 if pack.game_points[0] else None
    report = ctx.draw(top=4, others="none", exact_tables=8, safe=0.99, sims=sims, seed=7)
    assert report.tables, "some table has a stake"
    for decision in report.tables:
        a, b = (p.player for p in decision.players)
        naive = naive_draw(pack, 4, (a, b))
        for p in decision.players:
            draw, play = naive[p.player]
            for got, want, what in ((p.draw, draw, "draw"), (p.play, play, "play")):
                band = 4.5 * math.sqrt(float(want * (1 - want)) / got.n) + 1e-9 if sims else 1e-9
                assert got.estimate == pytest.approx(float(want), abs=band), (name, p.player, what)
        if all(naive[p][0] >= Fraction(99, 100) for p in (a, b)):
            assert decision.verdict == "safe to draw"


@pytest.mark.parametrize("name", ["fab", "onepiece", "swu"])
def test_a_draw_that_scores_as_a_loss_gets_no_verdict(name):
    report = open_event(miniature_data(), rules=name).draw(top=4)
    assert report.tables == () and "cannot help" in report.no_draw
    assert report.to_json()["no_draw"] == report.no_draw
