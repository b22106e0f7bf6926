"""A new game is a declaration: a pack declared here, in the tests only, runs on the compiled engine
every game shares, compiles nothing new, and its standings equal its naive twin's.

The pack is a card game ranked by match points (win 3, draw 1, loss 0), then match wins, then
OMW% and OGW% as Magic computes them (Star Wars: Unlimited's order, see shared/GAMES.md); its twin
is written from that rule text with exact fractions (tests/naive.py's lines)."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest
from click.testing import CliRunner
from naive import standings_lines

from drawsafe.app.compiling import CompileWatch
from drawsafe.cli.main import main
from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.odds import compute_odds
from drawsafe.simulation.question import Budget, Question
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks import packs
from drawsafe.tiebreaks.catalogue import catalogue

#: The whole declaration of the new game.
NEW_GAME = packs.RulePack(
    "test-wins-first", "A test game: match points 3/1/0, then match wins, OMW%, OGW% (declared in the tests)",
    (packs.WIN, packs.OMW, packs.OGW), game="a test game",
    results=packs.ResultDefaults(draw_share=0.25))  # draws common: equal points, unequal wins


@pytest.fixture
def new_game(monkeypatch):
    monkeypatch.setitem(packs.PACKS, NEW_GAME.name, NEW_GAME)
    return NEW_GAME


def twin_key(line) -> tuple:
    return (line.points, line.wins, line.omw, line.ogw)


@pytest.mark.parametrize("seed", range(4))
def test_the_new_game_ranks_as_its_naive_twin(new_game, seed):
    event = replace(generate_event(23, 5, 5, seed=seed, rules=new_game), rules=new_game.name)
    standings = compute_standings(take_snapshot(event), new_game)
    lines = standings_lines(event)
    assert {r.player for r in standings.rows} == set(lines)
    for row in standings.rows:
        line = lines[row.player]
        assert row.points == line.points and row.wins == line.wins, row
        assert row.values["WIN"] == pytest.approx(line.wins, abs=0)
        assert row.values["OMW"] == pytest.approx(float(line.omw), abs=1e-12)
        assert row.values["OGW"] == pytest.approx(float(line.ogw), abs=1e-12)
    # the order: by the twin's key, best first; exact ties (equal keys) in any order
    keys = [twin_key(lines[r.player]) for r in standings.rows]
    assert keys == sorted(keys, reverse=True)
    # wins decide before OMW%: some seed has two players on equal points split by wins
    if seed == 0:
        assert any(a[0] == b[0] and a[1] != b[1] for a, b in itertools.pairwise(keys))


def test_the_new_game_compiles_nothing(new_game):
    """Magic's run loads (or compiles) the engine; the new game's run then compiles nothing: the
    same machine code serves it."""
    config = Question(Cut(4), budget=Budget(64, None))
    magic = take_snapshot(generate_event(16, 4, 2, seed=5))
    compute_standings(magic, packs.get_rules("mtg"))
    compute_odds(magic, packs.get_rules("mtg"), config)
    snap = take_snapshot(generate_event(16, 4, 2, seed=5, rules=new_game))
    with CompileWatch() as watch:
        compute_standings(snap, new_game)
        odds = compute_odds(snap, new_game, config)
    assert watch.names == []
    assert len(odds.players) == 16


def test_the_new_game_is_in_the_catalogue(new_game):
    """``drawsafe rules`` (text, ``--json``) and the manual's table list the pack declared here."""
    text = CliRunner().invoke(main, ["rules"])
    assert text.exit_code == 0
    assert f"  {new_game.name}: {new_game.description}" in text.output
    assert "      points win/draw/loss 3/1/0; tiebreaks WIN, OMW, OGW" in text.output
    listed = CliRunner().invoke(main, ["rules", "--json"])
    assert listed.exit_code == 0
    entry = next(p for p in json.loads(listed.output)["packs"] if p["name"] == new_game.name)
    assert entry["game"] == "a test game" and entry["tiebreaks"] == ["WIN", "OMW", "OGW"]
    assert entry["points"] == {"win": 3, "draw": 1, "loss": 0}
    row = f"| `{new_game.name}` | a test game | 3/1/0 | WIN, OMW, OGW | mtg, standings | 25% | Appendix E |"
    assert row in catalogue().markdown().splitlines()
    assert row in CliRunner().invoke(main, ["rules", "--markdown"]).output.splitlines()
