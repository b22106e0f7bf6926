"""Cuts: --top auto (attendance tables), --cut-points (day 2) in the kernels, ties as an event property."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import DATA

from drawsafe.cli.main import main
from drawsafe.engine.results import ResultModel, tie_share
from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event
from drawsafe.event.model import Event, Match, Round
from drawsafe.event.schedule import POKEMON as POKEMON_TABLE
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.tiebreaks.cuts import auto_top
from drawsafe.tiebreaks.packs import get_rules

POKEMON = get_rules("pokemon")
TWO_PODS = DATA / "pokemon" / "two-pods.tdf"


@pytest.mark.parametrize("players, rounds, top", [
    (4, 3, 0), (8, 3, 0), (9, 4, 4), (12, 4, 4), (13, 5, 4), (20, 5, 4), (21, 5, 8), (32, 5, 8),
    (33, 6, 8), (64, 6, 8), (65, 7, 8), (128, 7, 8), (129, 8, 8), (226, 8, 8), (227, 9, 8),
    (409, 9, 8), (410, 10, 8), (3000, 10, 8)])
def test_pokemon_table_boundaries(players, rounds, top):
    assert POKEMON_TABLE.row(players) == (rounds, top)


def test_auto_top_sources():
    assert auto_top(POKEMON, 100).top == 8 and "TCG Single Day" in auto_top(POKEMON, 100).note
    assert auto_top(POKEMON, 10).top == 4
    assert auto_top(POKEMON, 100, file_cut=16) .top == 16  # the file's own cut comes first
    assert auto_top(get_rules("mtg"), 500).top == 8
    assert auto_top(get_rules("mtg"), 500).note == ("Top 8, by Magic Tournament Rules, Appendix E (a Top 8 at every "
                                                    "size) (--top N to change)")
    assert auto_top(POKEMON, 100, file_cut=16).note == "Top 16, as the file announces (--top N to change)"
    with pytest.raises(UsageError, match="no top cut for 6 players"):
        auto_top(POKEMON, 6)
    with pytest.raises(UsageError, match="no published table .* fide pack; give --top N"):
        auto_top(get_rules("fide"), 100)
    # the event's cut when --top is not given never refuses: a Top 8, saying why
    lenient = auto_top(get_rules("fide"), 100, strict=False)
    assert lenient.top == 8 and "the fide pack has no table of cuts by attendance" in lenient.note
    lenient = auto_top(POKEMON, 6, strict=False)
    assert lenient.top == 8 and "no top cut for 6 players" in lenient.note
    with pytest.raises(UsageError, match="starts at 4 players"):
        POKEMON_TABLE.row(3)


@pytest.fixture(scope="module")
def field():
    """A generated 160-player Pokémon event before its last two rounds."""
    return take_snapshot(generate_event(160, 7, 5, 11, POKEMON))


def test_points_cut_is_everyone_on_the_points(field):
    # the kernel's cut counts equal, player by player, the simulations finishing on >= P points
    for p in (15, 16, 21, 0):
        sim = Simulator(field, POKEMON, Question(Cut(8, p)))
        b = sim.run(600, seed=5)
        want = b.points_hist[:, p:].sum(axis=1) * sim.active
        assert np.array_equal(b.cut, want)
        made = b.cut_at_points[:, 1]
        assert made[:p].sum() == 0 and np.array_equal(made[p:], b.cut_at_points[p:, 0])
    assert Simulator(field, POKEMON, Question(Cut(8, 1000))).run(50).cut.sum() == 0


def test_no_points_cut_is_unchanged(field):
    a = Simulator(field, POKEMON, Question(Cut(8))).run(300, seed=2)
    assert a.cut.sum() == 8 * 300


def test_points_cut_draws_lock_on_points(field):
    from drawsafe.simulation.decisions import current_round, locked_tables

    sim = Simulator(field, POKEMON, Question(Cut(8, 16)))
    fr, _ = current_round(field, POKEMON, "standings", 0)
    locked = locked_tables(sim, fr, 8)
    pts = sim.rec0[:, 0]
    for t in range(fr.tables):
        both = fr.b[t] >= 0 and pts[fr.a[t]] + 1 >= 16 and pts[fr.b[t]] + 1 >= 16
        assert locked[t] == both


@pytest.mark.parametrize("policy", ["locked", "safe", "behaviour"])
def test_points_cut_last_round_draws_only_into_the_cut(field, policy):
    """Under a points cut, a future's last round draws only where both players reach the cut's
    points with the draw (the behaviour model too: a points cut once made every table draw)."""
    from drawsafe.simulation.behaviour import BehaviourModel

    config = Question(Cut(8, 16), future_draws=policy, behaviour=BehaviourModel.load() if policy == "behaviour" else None)
    batch = Simulator(field, POKEMON, config).run(600, seed=3)
    free = Simulator(field, POKEMON, Question(Cut(8, 16), future_draws="none")).run(600, seed=3)
    low = [p for p in range(field.players) if field.active[p] and batch.points_hist[p].argmax() < 9]
    assert low  # players far below 16: they draw with nobody, and win both rounds as often as when nobody draws
    for p in low:
        assert (batch.points_hist[p] == free.points_hist[p]).all()


def test_tie_share_measured_or_default():
    ev = load_event(TWO_PODS)
    m = ResultModel.for_event(ev, POKEMON)
    assert m.draw_share == POKEMON.results.draw_share and "Pokémon default" in m.note
    assert ResultModel.for_event(ev, POKEMON, draw_share=0.3).draw_share == 0.3
    # a big event: its own ties before the last two rounds (1 in 5 here)
    names = tuple(f"P{i}" for i in range(500))
    rounds = tuple(Round(r, tuple(Match(r, names[2 * i], names[2 * i + 1], *((0, 0, 1) if i % 5 == 0 else (1, 0, 0)))
                                  for i in range(250))) for r in (1, 2, 3))
    big = Event("big", names, rounds, swiss_rounds=4)
    assert tie_share(big) == (500, 100)  # rounds 1 and 2 of 4
    m = ResultModel.for_event(big, POKEMON)
    assert m.draw_share == pytest.approx(0.2) and "100 ties in 500" in m.note
    assert POKEMON.results.min_measured <= 500


def test_cli_cut_options():
    r = CliRunner().invoke(main, ["odds", str(TWO_PODS), "--top", "auto", "--sims", "200"])
    assert r.exit_code == 2 and "no top cut for 7 players" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["odds", str(TWO_PODS), "--top", "x"])
    assert r.exit_code == 2 and "is not a valid cut size (a whole number from 1, or auto)" in r.output
    r = CliRunner().invoke(main, ["odds", str(TWO_PODS), "--cut-points", "6", "--sims", "400", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["cut_points"] == 6
    odds = {p["player"]: p for p in out["players"]}
    assert odds["Ash Ketchum (101)"]["p_cut"] == 1.0  # already on 6 points
    r = CliRunner().invoke(main, ["odds", str(TWO_PODS), "--top", "auto", "--rounds", "4", "--sims", "100"])
    assert r.exit_code == 2  # 7 players: still no top cut in the table


def test_cli_top_auto_uses_the_table(tmp_path):
    ev = generate_event(40, 5, 4, 3, POKEMON)
    from drawsafe.event.io.tdf import to_tdf

    path = tmp_path / "forty.tdf"
    path.write_text(to_tdf(ev))
    r = CliRunner().invoke(main, ["odds", str(path), "--top", "auto", "--sims", "200", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["top"] == 8 and "cut: Top 8, by Play! Pokémon" in r.output


def test_draw_verdicts_against_a_points_cut():
    """Last round, cut 19+: a table whose players both reach 19 with a draw is safe to draw; one
    where a draw leaves a player short is not, and their odds if they play are the coin's."""
    from drawsafe.simulation.decisions import SAFE_TO_DRAW, draw_decisions

    # round 7 as published (its results left out): a random last round is never projected
    snap = take_snapshot(generate_event(120, 7, 7, 4, POKEMON), 6)
    from drawsafe.event.cut import Cut
    from drawsafe.simulation.question import Budget, Question

    question = Question(Cut(8, 16), last_round="random", others="none", budget=Budget(2000, seed=1, max_sims=400_000))
    report = draw_decisions(snap, POKEMON, question)
    assert report.cut.label() == "16+ points" and report.pairings == "published" and report.tables
    for t in report.tables:
        a, b = t.players
        if a.points + 1 >= 16 and b.points + 1 >= 16:
            assert t.verdict == SAFE_TO_DRAW and a.draw.k == a.draw.n and b.draw.k == b.draw.n
        for p in (a, b):
            if p.points + 1 < 16:
                assert t.verdict != SAFE_TO_DRAW and p.draw.k == 0
            if p.points + 3 < 16:
                assert p.play.k == 0
            elif p.points + 1 < 16 <= p.points + 3:  # only a win reaches the cut
                assert p.win.k == p.win.n and p.loss.k == 0
