"""Chess's declared agreed draws (issue 33: "a chess event's draw model says real players draw 2%
where 25.6% of its games were drawn").

A chess file records an agreed draw as any other draw, so the chess packs declare the rates
measured on real PGN (reports/field/chess-draws.md) instead of Magic's fitted behaviour model, and
the event's own draw share, which counts the agreed draws, is reduced to the games played out.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from chess_events import random_chess_event

from drawsafe.engine.results import ResultModel, played_games
from drawsafe.event.cut import Cut
from drawsafe.simulation.behaviour_model import (
    BehaviourModel,
    DeclaredDraws,
    model_for,
    table_features,
)
from drawsafe.simulation.question import Question
from drawsafe.tiebreaks.packs import CHESS_AGREED, PACKS, get_rules


def test_every_chess_pack_declares_the_measured_rates_and_no_card_game_does():
    for pack in PACKS.values():
        assert (pack.agreed_draws is CHESS_AGREED) == (pack.game == "chess"), pack.name
    assert isinstance(model_for(get_rules("fide"), 8), DeclaredDraws)
    assert isinstance(model_for(get_rules("mtg"), 8), BehaviourModel)


def features(ranks, rounds_left, cut=8):
    """Feature rows of tables whose players have ``ranks`` ([tables, 2]); odds and points do not
    matter to the declared rates."""
    ranks = np.asarray(ranks, float)
    half = np.full(ranks.shape, 0.5)
    return table_features(half, half, np.ones(ranks.shape), ranks, cut, rounds_left, win_points=1.0, total_rounds=9)


@pytest.mark.parametrize("cut", [3, 8, 20])
def test_rates_by_round_and_by_the_worse_ranked_player(cut):
    model = model_for(get_rules("fide"), cut)
    last = model.probability(features([[1, 2], [9, 10], [10, 11], [3, 40], [50, 51]], 1, cut))
    assert last.tolist() == [CHESS_AGREED.last_leaders] * 2 + [CHESS_AGREED.last] * 3
    before = model.probability(features([[1, 2], [9, 10], [50, 51]], 2, cut))
    assert before.tolist() == [CHESS_AGREED.before_last] * 3


def test_the_measured_rates_are_the_reports():
    from conftest import ROOT

    text = (ROOT / "reports" / "field" / "chess-draws.md").read_text(encoding="utf-8")
    for rate in (CHESS_AGREED.before_last, CHESS_AGREED.last, CHESS_AGREED.last_leaders):
        assert f"{100 * rate:.1f} %" in text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_played_draw_share_is_the_events_less_the_agreed(seed):
    event = random_chess_event(seed, players=40, rounds=6)
    rules = get_rules("fide")
    games, draws = played_games(event)
    assert games >= rules.results.min_measured
    plain = ResultModel.for_event(event, dataclasses.replace(rules, agreed_draws=None), "coin")
    model = ResultModel.for_event(event, rules, "coin")
    a = CHESS_AGREED.before_last
    assert plain.draw_share == pytest.approx(draws / games)
    assert model.draw_share == pytest.approx((draws / games - a) / (1 - a))
    assert f"less the {a:.1%} agreed" in model.note
    given = ResultModel.for_event(event, rules, "coin", draw_share=0.3)  # a given share is the user's
    assert given.draw_share == 0.3


def test_draw_gives_each_chess_table_its_declared_rate():
    """The last round of a 30-player chess event, paired and not played: every playing table gets
    the last round's rate, those of two of the first 10 the leaders' (by the standings before it)."""
    from drawsafe.event.snapshot import take_snapshot
    from drawsafe.simulation.decisions import draw_decisions
    from drawsafe.standings.table import compute_standings

    event = random_chess_event(19, players=30, rounds=6, pending=True)  # its last round: games and a bye
    event = dataclasses.replace(event, swiss_rounds=6)
    rules = get_rules("fide")
    snap = take_snapshot(event, after_round=5)
    from drawsafe.simulation.question import Budget, Question

    report = draw_decisions(snap, rules, Question(others="behaviour", budget=Budget(400, None, 400_000, 1)))
    rank = {row.player: row.rank for row in compute_standings(snap, rules).rows}
    assert report.tables
    leaders = 0
    for t in report.tables:
        lead = max(rank[p.player] for p in t.players) <= CHESS_AGREED.leaders
        leaders += lead
        assert t.draw_probability == (CHESS_AGREED.last_leaders if lead else CHESS_AGREED.last), t.table
    assert 0 < leaders < len(report.tables)


def test_a_published_half_point_bye_is_simulated_as_half_a_point():
    """A chess round published with a half-point bye (taken ahead, common in opens) is simulated:
    the player gets a draw's points, every simulation alike, and the table is listed as no opponent."""
    from drawsafe.event.model import HALF_BYE
    from drawsafe.event.snapshot import take_snapshot
    from drawsafe.simulation.simulator import Simulator, published_first_round
    from drawsafe.tiebreaks.values import REC_POINTS

    for seed in range(11, 40):
        event = random_chess_event(seed, players=24, rounds=5, pending=True)
        halves = [m.player_a for m in event.swiss[-1].matches if m.kind == HALF_BYE]
        if halves:
            break
    event = dataclasses.replace(event, swiss_rounds=5)
    snap = take_snapshot(event, after_round=4)
    rules = get_rules("fide")
    sim = Simulator(snap, rules, Question(Cut(4)))
    fr = published_first_round(snap)
    assert (fr.b == -3).sum() == len(halves)
    assert snap.rounds_left == 1
    batch = sim.run(300, seed=2, first_round=fr)
    for name in halves:  # the last round: their final points are a draw's more, in every simulation
        p = snap.index[name]
        final = sim.rec0[p, REC_POINTS] + rules.points[1]
        assert batch.points_hist[p, final] == batch.n == batch.points_hist[p].sum()
