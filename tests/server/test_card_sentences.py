"""The phone card's sentences (sim/server/verdicts.py): names as the event writes them, no
command-line words, a proven figure without an interval, a player without a table told why.

The sample event (Andrey Pchelkin: clinched if he wins or draws) and a hand-made event with a day 2
(tests/tiny_events.py's native events): D and H missed the day-2 cut on 0 points, F dropped after
day 1, B has the round-3 bye.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tiny_events import native_event

from drawsafe import open_event
from drawsafe.event.cut import Cut
from drawsafe.event.model import Phase
from drawsafe.server import verdicts
from drawsafe.simulation.certified import unpaired

DAY2 = replace(native_event("ABCDEFGH", [
    [("A", "B", "2-0-0"), ("C", "D", "2-0-0"), ("E", "F", "2-0-0"), ("G", "H", "2-0-0")],
    [("A", "C", "2-0-0"), ("E", "G", "2-0-0"), ("B", "D", "2-0-0"), ("F", "H", "2-0-0")],
    [("A", "E"), ("C", "G"), ("B",)],
], 3, "two days"), phases=(Phase("day 1", 2, Cut(points=3)), Phase("day 2")), drops={"F": 2})


@pytest.fixture(scope="module")
def sample_draw():
    return open_event().draw(sims=2000, seed=1)


def test_card_keeps_names_and_names_no_option(sample_draw):
    card = verdicts.card(sample_draw, "Andrey Pchelkin", None)
    needs = card["certainty"]["needs"]
    assert needs and needs[0].startswith("If you lose: sure to be in if at most 1 of these 16 reach 15 points: ")
    assert "Fliegender_Fisch (table 6)" in needs[0] and "fliegender_fisch" not in needs[0]
    assert not any("--" in line for line in needs)
    assert card["certainty"]["headline"] == "Not decided yet: clinched if you win; clinched if you draw."


def test_a_proven_figure_has_no_interval_on_the_card_and_is_named_in_the_json(sample_draw):
    card = verdicts.card(sample_draw, "Andrey Pchelkin", None)
    me = card["me"]
    assert me["proven"] == {"draw": "clinched", "win": "clinched"}
    assert me["p_cut_draw"] == 1.0 and me["ci_draw"] is None and me["ci_win"] is None
    assert me["ci_play"] is not None and me["ci_loss"] is not None  # simulated: their intervals stay
    data = sample_draw.to_json()
    row = next(p for t in data["tables"] for p in t["players"] if p["player"] == "Andrey Pchelkin")
    assert row["proven"] == {"draw": "clinched", "win": "clinched"}
    assert row["ci_draw"] is not None  # the JSON keeps every figure


def test_why_a_player_has_no_table():
    ctx = open_event(DAY2, after_round=2)
    away = unpaired(ctx.snapshot, ctx.rules)
    assert set(away) == {"B", "D", "F", "H"}
    assert away["D"].text == ("D is not paired in round 3: missed the cut for day 2 with 0 points after round 2 "
                              "(day 2 took everyone on 3+ points).")
    assert away["F"].text == "F is not paired in round 3: dropped after round 2."
    assert away["B"].text.startswith("B has a bye in round 3")


@pytest.mark.parametrize("player, said", [("D", "missed the cut for day 2 with 0 points"),
                                          ("F", "dropped after round 2"), ("B", "has a bye in round 3")])
def test_the_card_and_the_json_say_why(player, said):
    ctx = open_event(DAY2, after_round=2)
    report = ctx.draw(player=player, top=2, sims=500, seed=1)
    card = verdicts.card(report, player, None)
    assert card["kind"] == "note" and said in card["text"] and "dropped?" not in card["text"]
    assert json.loads(json.dumps(report.to_json()))["unpaired"][player]["text"] == card["text"]


def test_the_command_line_says_why_for_a_player_without_table(tmp_path):
    """``draw --player`` of a player who has no table prints why (not only the headers)."""
    from click.testing import CliRunner

    from drawsafe.cli.main import main

    path = tmp_path / "bye.json"
    path.write_text(json.dumps({"name": "bye", "swiss_rounds": 3, "players": list("ABCDE"), "rounds": [
        {"round": 1, "matches": [{"a": "A", "b": "B", "score": "2-0-0"}, {"a": "C", "b": "D", "score": "2-0-0"},
                                 {"a": "E", "kind": "bye"}]},
        {"round": 2, "matches": [{"a": "A", "b": "C", "score": "2-0-0"}, {"a": "E", "b": "B", "score": "2-0-0"},
                                 {"a": "D", "kind": "bye"}]},
        {"round": 3, "matches": [{"a": "A", "b": "E"}, {"a": "C", "b": "D"}, {"a": "B", "kind": "bye"}]}]}))
    r = CliRunner().invoke(main, ["draw", str(path), "--player", "B", "--top", "2", "--sims", "500"])
    assert r.exit_code == 0, r.output
    assert "B has a bye in round 3: no opponent, nothing to draw or play." in r.output
