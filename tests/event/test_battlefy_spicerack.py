"""Battlefy's and Spicerack's answers (tests/data/battlefy, tests/data/magic/spicerack, READMEs
there): Battlefy's real tournament (GSL groups and a top 16, no Swiss stage) refused in one line
naming its stages, its real match objects read; a Swiss stage built in that shape read with a
pending round; Spicerack's real export read as the top cut's records (nothing to simulate)."""

from __future__ import annotations

import json

import pytest
from conftest import DATA

from drawsafe.errors import InputError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.io.battlefy import kind_of, stages_of
from drawsafe.event.model import BYE, DOUBLE_LOSS

BATTLEFY = DATA / "battlefy" / "66f5d01a70020f0022f63314.json"
SWISS = DATA / "fetch" / "real" / "battlefy" / "swiss.built-here.json"
SPICERACK = DATA / "magic" / "spicerack"


def test_battlefys_real_tournament_has_no_swiss_stage():
    data = json.loads(BATTLEFY.read_text(encoding="utf-8"))
    name, stages = stages_of(data, "bf")
    assert name == "Verizon VCT Game Changers Series 3 Open Qualifier #3"
    assert [kind_of(s) for s in stages] == ["elimination (double)"] * 8 + ["elimination (single)"]
    assert sum(len(s["matches"]) for s in stages) == 8 * 7 + 15
    with pytest.raises(InputError) as e:
        load_event(BATTLEFY)
    assert "no Swiss stage in this Battlefy event (stages: Group A (elimination (double));" in str(e.value)
    assert "\n" not in str(e.value)


def test_a_real_elimination_stage_read_as_swiss_is_refused_at_its_lower_bracket():
    data = json.loads(BATTLEFY.read_text(encoding="utf-8"))
    with pytest.raises(InputError, match="a lower-bracket match"):
        parse_event(json.dumps(data[0]["stages"][0]["matches"]).encode(), "group-a.json")


def test_a_swiss_stage_reads_with_its_pending_round_and_standings():
    event = load_event(SWISS)
    assert event.format == "battlefy" and len(event.players) == 8 and len(event.rounds) == 3
    assert event.best_of == 3 and [r.complete for r in event.rounds] == [True, True, False]
    first = event.rounds[0].matches[0]
    assert (first.a_wins, first.b_wins, first.draws) == (2, 0, 0)
    assert len(event.standings) == 8


def test_byes_double_losses_and_draws():
    data = json.loads(SWISS.read_text(encoding="utf-8"))
    stage = data[0]["stages"][0]
    m = stage["matches"]
    m[0]["bottom"] = {}
    m[1]["doubleLoss"] = True
    m[2]["top"]["winner"] = m[2]["bottom"]["winner"] = False
    m[2]["top"]["score"] = m[2]["bottom"]["score"] = 1
    event = parse_event(json.dumps(data).encode(), "edited.json")
    kinds = [x.kind for x in event.rounds[0].matches]
    assert BYE in kinds and DOUBLE_LOSS in kinds
    assert any(x.is_draw for x in event.rounds[0].matches)


def test_spicerack_export_reads_a_tournaments_top_cut():
    event = load_event(SPICERACK / "tournaments_legacy.json")
    assert event.format == "spicerack" and event.name.startswith("ETB x LOTN 3k-5k Jim Monolith")
    assert len(event.players) == 8 and not event.rounds and event.top_cut == 8
    first = event.standings[0]
    assert (first.player, first.wins, first.losses, first.draws, first.points) == ("Chris Switalski", 5, 1, 1, 16)
    assert event.places["Chris Switalski"] == 1 and event.date == "2026-03-28"
    assert any("says 5 Swiss rounds but its records hold up to 7" in n for n in event.notes)
    other = parse_event((SPICERACK / "tournaments_legacy.json").read_bytes(), "x.json", division="2919004")
    assert other.name == "$2.5k Legacy Trial - NRG Series"


@pytest.mark.parametrize(("name", "said"), [("tournaments_empty.json", "must be an object with a 'rounds' list"),
                                            ("error_invalid_format.json", "no 'rounds' list")])
def test_spicerack_empty_and_error_answers_are_one_line(name, said):
    with pytest.raises(InputError, match=said):
        load_event(SPICERACK / name)
