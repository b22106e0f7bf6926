"""Pokémon TOM .tdf and Limitless importers and writers: hand-made files with every TOM round type
(3 and 2 Swiss, 1 single elimination), pod category (0, 1, 2, 8, 10) and outcome code (0, 1, 2, 3,
4, 5, 8, 10), drops, pending matches and pairings without result, divisions of combined pods, the
freeze at drop (the League Cup case of issue 22 in miniature); the real TOM files of
../shared/data/real/pokemon/tom; errors; round trips of real events (fast on files in tests/data,
slow over all of shared/data/melee)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import DATA, MELEE, SHARED, need

from drawsafe.cli.main import main
from drawsafe.errors import InputError, UsageError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.io.limitless import to_limitless
from drawsafe.event.io.tdf import to_tdf
from drawsafe.event.model import BYE, DOUBLE_LOSS, LOSS, MATCH, NO_RESULT
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.places import check_places, compare_places
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

POKEMON = DATA / "pokemon"
TWO_PODS = POKEMON / "two-pods.tdf"
TOP_CUT = POKEMON / "with-top-cut.tdf"
LEAGUE_CUP = POKEMON / "league-cup-drop.tdf"
CHALLENGE = POKEMON / "league-challenge.tdf"
VGC = POKEMON / "vgc-midround.tdf"
OUTCOMES = POKEMON / "outcomes.tdf"
FINAL = POKEMON / "unreported-final.tdf"
REAL_TOM = SHARED / "data" / "real" / "pokemon" / "tom"
RULES = get_rules("pokemon")


def standings_of(event, after_round=None):
    snap = take_snapshot(event, after_round)
    return {r.player: (r.points, r.wins, r.losses, r.draws, round(r.values["OWP"], 12),
                       round(r.values["OOWP"], 12), r.dropped)
            for r in compute_standings(snap, RULES).rows}


def ranked(event, after_round=None):
    """Players in standings order, exact ties as sets (their order is random)."""
    rows = compute_standings(take_snapshot(event, after_round), RULES).rows
    out, group = [], []
    for r in rows:
        key = (r.points, round(r.values["OWP"], 12), round(r.values["OOWP"], 12))
        if group and key != group[0][0]:
            out.append(frozenset(p for _, p in group))
            group = []
        group.append((key, r.player))
    if group:
        out.append(frozenset(p for _, p in group))
    return out


# ------------------------------------------------------------------ TOM: the hand-made files

def test_tdf_masters_by_default_outcomes_1_2_3_5_10_and_0():
    e = load_event(TWO_PODS)
    assert e.format == "tdf" and e.rules == "pokemon" and e.date == "2026-11-28"
    assert e.name == "Pallet Town League Cup (masters)"
    # two players named Ash Ketchum stay two players, told apart by userid
    assert e.players == ("Ash Ketchum (101)", "Misty Waterflower", "Brock Harrison", "Gary Oak",
                         "Ash Ketchum (105)", "Dawn Berlitz", "May Maple")
    r1, r2, r3 = e.swiss
    by_pair = {frozenset(m.players): m for r in (r1, r2) for m in r.matches}
    assert by_pair[frozenset({"Ash Ketchum (101)", "Misty Waterflower"})].winner() == "Ash Ketchum (101)"  # 1
    assert by_pair[frozenset({"Brock Harrison", "Gary Oak"})].winner() == "Gary Oak"  # 2
    assert by_pair[frozenset({"Ash Ketchum (105)", "Dawn Berlitz"})].is_draw  # 3
    assert by_pair[frozenset({"Ash Ketchum (101)", "Gary Oak"})].winner() == "Ash Ketchum (101)"  # 1
    assert by_pair[frozenset({"Misty Waterflower", "Dawn Berlitz"})].winner() == "Dawn Berlitz"  # 2
    assert by_pair[frozenset({"Brock Harrison", "May Maple"})].kind == DOUBLE_LOSS  # 10
    assert [m.player_a for m in r1.matches + r2.matches if m.kind == BYE] == ["May Maple", "Ash Ketchum (105)"]  # 5
    # round 3 is in progress: outcome 0 is pending, the reported table is kept
    assert [m.reported for m in r3.matches] == [False, True, False]
    assert e.drops == {"Gary Oak": 2}
    snap = take_snapshot(e)
    assert snap.after_round == 2 and snap.next_round is not None and not snap.active[snap.index["Gary Oak"]]


def test_tdf_standings_by_hand():
    s = standings_of(load_event(TWO_PODS))
    # Ash (101): beat Misty (0/2, floored to 25%) and Gary (1/2, dropped: at most 75%): OWP 37.5%
    assert s["Ash Ketchum (101)"][:6] == (6, 2, 0, 0, 0.375, 0.75)
    # May: a bye (a win, left out of the tiebreaks) and a double loss against Brock (0/2: 25%)
    assert s["May Maple"][:6] == (3, 1, 1, 0, 0.25, 0.375)
    assert s["Gary Oak"][6] is True


def test_tdf_division_choice():
    junior = load_event(TWO_PODS, division="junior")
    assert junior.players == ("Max Maple", "Bonnie Lemon", "Lillie Aether")
    assert load_event(TWO_PODS, division="0").players == junior.players
    with pytest.raises(UsageError, match=r"--division senior: .* has the division\(s\) junior, masters"):
        load_event(TWO_PODS, division="senior")


def test_tdf_top_cut_finals_options_and_places():
    e = load_event(TOP_CUT)
    assert e.name == "Cerulean Challenge (combined)" and e.players[0] == "Red"  # no last name
    assert e.swiss_rounds == 2 and [r.playoff for r in e.rounds] == [False, False, True]
    assert e.top_cut == 2
    assert e.places == {"Leaf Green": 1, "Red": 2, "Ethan Gold": 3, "Blue Oak": 4}
    check = compare_places(e, compute_standings(take_snapshot(e), RULES))
    assert (check.agree, check.compared, check.cut) == (4, 4, 2)


def test_tdf_places_disagreement_is_reported():
    text = TOP_CUT.read_text().replace('<player id="4" place="3"/><player id="2" place="4"/>',
                                       '<player id="4" place="4"/><player id="2" place="3"/>')
    e = parse_event(text.encode(), "swapped.tdf")
    check = compare_places(e, compute_standings(take_snapshot(e), RULES))
    assert (check.agree, check.compared) == (2, 4)
    assert ("Blue Oak", 3, 4) in check.differences


def mutate(old: str, new: str, source: Path = TWO_PODS) -> str:
    text = source.read_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("text, where, problem", [
    (mutate('outcome="3"', 'outcome="7"'), "masters pod, round 1, match 3 (table 3)",
     "unknown outcome code '7'"),
    (mutate('<player1 userid="103"/>', '<player1 userid="999"/>'), "round 1, match 2 (table 2)",
     "<player1> names userid '999', who is not in <players>"),
    (mutate('<match outcome="5"><player userid="107"/>', '<match outcome="5"><player1 userid="107"/>'
            '<player2 userid="103"/>'), "match 4", "outcome 5 (a bye) with two players"),
    (mutate('<round number="2" type="3"', '<round number="2" type="7"'), "masters pod, round 2",
     "round type '7' is neither 3 or 2 (Swiss) nor 1 (single elimination)"),
    (mutate('<round number="2" type="3"', '<round number="4" type="3"'), "masters pod, round 2",
     "Swiss round 4 follows round 1"),
    (mutate('<startdate>11/28/2026</startdate>', '<startdate>2026-11-28</startdate>'), "<data><startdate>",
     "start date must be MM/DD/YYYY"),
    (mutate('<player userid="105">', '<player userid="101">'), "<players>, player 5", "userid 101 is listed twice"),
    (mutate('<round>2</round>', '<round>x</round>'), "<dropped><round>", "drop round must be a whole number"),
    (mutate('<match outcome="5"><player userid="107"/>', '<match outcome="3"><player userid="107"/>'),
     "round 1, match 4 (table 0)", "a match with one player has outcome 3"),
    (mutate('<player1 userid="102"/><player2 userid="103"/>', '<player1 userid="102"/><player2 userid="102"/>'),
     "round 3, match 2 (table 2)", "'Misty Waterflower' is paired against themselves"),
    (mutate("</pods>", "</pod>"), "line", "invalid XML: mismatched tag"),
    ('<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "b">]><tournament/>', None, "declares a DOCTYPE"),
    ("<tournament><data/></tournament>", None, "no <players> element"),
], ids=range(13))
def test_tdf_errors_name_the_place(text, where, problem):
    with pytest.raises(InputError) as info:
        parse_event(text.encode(), "bad.tdf")
    message = str(info.value)
    assert message.startswith("bad.tdf: ") and problem in message, message
    if where:
        assert where in message, message


def test_round_types_3_2_and_1():
    """TOM writes Swiss rounds as type 3 (TCG1DAY, VGC premier) and 2 (League Challenge, Prerelease,
    Custom); type 1 is single elimination, the top cut."""
    challenge = load_event(CHALLENGE)
    assert len(challenge.swiss) == 3 and not challenge.playoff  # type 2 throughout
    cup = load_event(TOP_CUT)
    assert [r.playoff for r in cup.rounds] == [False, False, True]  # 3, 3, then 1
    assert load_event(OUTCOMES).rounds_played == 3  # type 2 in a Custom event


def test_outcomes_4_8_and_10():
    """4 and 10 (two players): a loss for both; 8 with one <player>: a late or no-show loss; 8 with
    two players (undocumented): a loss for both, with a note."""
    e = load_event(OUTCOMES)
    assert e.name == "Fuchsia Custom Swiss (senior)"  # the file's only pod, category 1
    kind = {(m.round, frozenset(m.players)): m.kind for r in e.rounds for m in r.matches}
    assert kind[(1, frozenset({"Ann A", "Bob B"}))] == DOUBLE_LOSS  # 4
    assert kind[(1, frozenset({"Cat C", "Dan D"}))] == DOUBLE_LOSS  # 10
    assert kind[(2, frozenset({"Fox F"}))] == LOSS  # 8, one player
    assert kind[(2, frozenset({"Dan D"}))] == BYE  # 5
    assert kind[(3, frozenset({"Ann A", "Eli E"}))] == DOUBLE_LOSS  # 8, two players
    assert any("outcome 8 (a late loss) with two players" in n for n in e.notes)
    s = standings_of(e)
    # Dan: a double loss, a bye, a win: 6 points; his OWP counts Cat twice (0/3: 25%): 25%
    assert s["Dan D"][:5] == (6, 2, 1, 0, 0.25)
    # Fox: a loss to Eli, the late loss (a round of his record, no opponent), a tie with Bob
    assert s["Fox F"][:4] == (1, 0, 2, 1)


def test_outcome_0_pending_in_the_latest_round_no_result_before():
    vgc = load_event(VGC)
    assert vgc.rounds_played == 1 and [m.reported for m in vgc.swiss[1].matches] == [False, True]
    assert any("VGC" in n for n in vgc.notes)
    # outcome 0 in round 2 of 3: the pairing never got a result; they count as each other's opponents
    e = load_event(CHALLENGE)
    m = next(m for m in e.swiss[1].matches if "Mona One" in m.players)
    assert m.kind == NO_RESULT and set(m.players) == {"Mona One", "Sami Senior"}
    s = standings_of(e)
    assert s["Mona One"][:4] == (6, 2, 0, 0)  # no points for the pairing without result
    # Mona's OWP: Jo 0-3 (25%), Sami 1-0-1 (3/4; the pairing is no round of his record), Milo 1/3
    assert s["Mona One"][4] == round((0.25 + 0.75 + 1 / 3) / 3, 12)
    # the top cut's final never reported: pending, the Swiss complete
    final = load_event(FINAL)
    assert final.swiss_rounds == 2 and final.playoff[0].matches[0].kind == MATCH
    assert not final.playoff[0].complete and take_snapshot(final).rounds_left == 0


def test_pods_0_1_2_8_and_10():
    assert {load_event(TWO_PODS, division=d).name for d in ("junior", "masters")} == {
        "Pallet Town League Cup (junior)", "Pallet Town League Cup (masters)"}  # pods 0 and 2
    assert load_event(OUTCOMES, division="senior").players[0] == "Ann A"  # pod 1
    assert load_event(TOP_CUT).name == "Cerulean Challenge (combined)"  # pod 8, read whole
    every = load_event(CHALLENGE, division="all-ages")  # pod 10, read whole
    assert len(every.players) == 6 and every.ranked is None
    assert every.divisions == {"Mona One": "masters", "Milo Two": "masters", "Mira Three": "masters",
                               "Sami Senior": "senior", "Jo Junior": "junior", "Jay Junior": "junior"}


def test_a_combined_pod_split_by_division_as_tom_splits_it():
    """A pod of every age is paired as one; each division is ranked among itself, with its own
    published places (the standings' split) -- the default is its masters."""
    masters = load_event(CHALLENGE)
    assert masters.name == "Saffron League Challenge (masters)"
    assert masters.ranked == {"Mona One", "Milo Two", "Mira Three"}
    rows = compute_standings(take_snapshot(masters), RULES).rows
    assert [r.player for r in rows] == ["Mona One", "Mira Three", "Milo Two"]
    assert masters.places == {"Mona One": 1, "Mira Three": 2, "Milo Two": 3}
    junior = load_event(CHALLENGE, division="junior")
    assert [r.player for r in compute_standings(take_snapshot(junior), RULES).rows] == ["Jay Junior", "Jo Junior"]
    senior = load_event(CHALLENGE, division="senior")
    assert [r.rank for r in compute_standings(take_snapshot(senior), RULES).rows] == [1]
    # the pod read whole: places compared division by division, all 6 agree
    every = load_event(CHALLENGE, division="combined")
    check = compare_places(every, compute_standings(take_snapshot(every), RULES))
    assert (check.agree, check.compared) == (6, 6)


def test_division_by_birth_year_without_split_standings():
    """A combined pod saved before its standings: divisions from the birth year (season 2026:
    juniors born 2014 or later, seniors 2010-2013), with a note."""
    junior = load_event(VGC, division="junior")
    assert junior.ranked == {"Kit Kid", "Kai Kid"}
    assert any("birth year" in n for n in junior.notes)
    senior = load_event(VGC, division="senior")
    assert senior.ranked == {"Tess Teen", "Theo Teen"}
    assert load_event(VGC, division="combined").ranked is None
    text = VGC.read_text().replace("<birthdate>05/05/2015</birthdate>", "")
    with pytest.raises(UsageError, match="does not say who is in which"):
        parse_event(text.encode(), "vgc.tdf", division="junior")


def test_league_cup_freeze_at_drop():
    """The League Cup case of issue 22 in miniature: Hal Hart went 1-3 and dropped after round 4,
    Ada Abbott went 1-4; TOM places Hal below Ada (7th and 8th) because Hal's OWP is frozen after
    round 4 (7/16 against Ada's 23/50).  Every published place agrees; without the freeze the two
    swap, and --check says so."""
    from dataclasses import replace

    e = load_event(LEAGUE_CUP)
    assert e.drops == {"Hal Hart": 4}
    snap = take_snapshot(e)
    report = check_places(e, snap, RULES)
    assert (report.compared, report.agreed) == (8, 8)
    s = standings_of(e)
    assert s["Hal Hart"][4] == 0.4375 and s["Ada Abbott"][4] == 0.46
    thawed = compute_standings(snap, replace(RULES, freeze=False)).by_player()
    assert thawed["Hal Hart"].rank == 7 and thawed["Ada Abbott"].rank == 8
    check = compare_places(e, compute_standings(snap, replace(RULES, freeze=False)))
    assert {"Hal Hart", "Ada Abbott"} <= {p for p, _, _ in check.differences}


def test_check_of_published_places_cli(tmp_path):
    r = CliRunner().invoke(main, ["standings", str(LEAGUE_CUP), "--check"])
    assert r.exit_code == 0, r.output
    assert "checked 8 published final places" in r.output and "8 agree, 0 differ" in r.output
    # swap two places: both differences listed with a reason
    text = LEAGUE_CUP.read_text().replace('id="3001" place="7"', 'id="3001" place="X"').replace(
        'id="3008" place="8"', 'id="3001" place="8"').replace('id="3001" place="X"', 'id="3008" place="7"')
    bad = tmp_path / "swapped.tdf"
    bad.write_text(text)
    r = CliRunner().invoke(main, ["standings", str(bad), "--check", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert (out["compared"], out["agreed"], out["what"]) == (8, 6, "final places")
    reasons = {d["player"]: d["reason"] for d in out["disagreements"]}
    assert reasons == {"Hal Hart": "not frozen", "Ada Abbott": "not frozen"}
    # a mid-event snapshot is not checked against final places
    r = CliRunner().invoke(main, ["standings", str(LEAGUE_CUP), "--check", "--after-round", "3"])
    assert r.exit_code == 2 and "publishes final places" in r.output


@pytest.mark.parametrize("name, division, agree", [
    ("Completed2025 DG Nov Cup_25-11-024905.tdf", None, 18),
    ("Completed2025 DG Nov Cup_25-11-024905.tdf", "senior", 9),
    ("Completed2025 DG Nov Cup_25-11-024905.tdf", "junior", 2),
    ("Completed2025 DG Nov Cup_25-11-024905.tdf", "combined", 11),
    ("cg-league-night-2026-07-28.xml", None, 12),
    ("cg-league-night-2026-07-28.xml", "senior", 1),
    ("cg-league-night-2026-07-28.xml", "junior", 3),
    ("cg-league-night-2026-07-28.xml", "combined", 16),
])
def test_real_tom_files_every_published_place(name, division, agree):
    """The real TOM files of ../shared/data/real/pokemon/tom: every published place is reproduced
    (masters 18/18 of the League Cup, where counting a dropped player's opponents' later rounds gave
    16/18; its combined junior-senior pod 11/11; the Prerelease's pod of every age 16/16)."""
    e = load_event(need(REAL_TOM / name), division=division)
    report = check_places(e, take_snapshot(e), RULES)
    assert (report.compared, report.agreed) == (agree, agree), report.to_json()


def test_real_league_cup_without_the_freeze_disagrees():
    from dataclasses import replace

    e = load_event(need(REAL_TOM / "Completed2025 DG Nov Cup_25-11-024905.tdf"))
    check = compare_places(e, compute_standings(take_snapshot(e), replace(RULES, freeze=False)))
    assert (check.agree, check.compared) == (16, 18)
    assert {p for p, _, _ in check.differences} == {"Noah Ritson", "Carl Orbista"}


def test_tdf_recognised_by_auto_and_cli_errors_exit_2(tmp_path):
    bad = tmp_path / "bad.tdf"
    bad.write_text(mutate('outcome="3"', 'outcome="7"'))
    before = bad.read_bytes()
    result = CliRunner().invoke(main, ["standings", str(bad)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "unknown outcome code '7'" in result.output
    assert bad.read_bytes() == before
    ok = CliRunner().invoke(main, ["standings", str(TWO_PODS), "--division", "junior", "--json"])
    assert ok.exit_code == 0, ok.output
    assert [r["player"] for r in json.loads(ok.stdout)][:1] == ["Max Maple"]


# ------------------------------------------------------------------ Limitless

LIMITLESS = {
    "details": {"id": "x", "name": "Online Open", "date": "2026-11-30T15:00:00.000Z",
                "phases": [{"phase": 1, "type": "SWISS", "rounds": 3, "mode": "BO3"},
                           {"phase": 2, "type": "SINGLE_BRACKET", "rounds": 1, "mode": "BO3"}]},
    "standings": [
        {"player": "ash", "name": "Ash", "placing": 1, "record": {"wins": 3, "losses": 0, "ties": 0}, "drop": None},
        {"player": "misty", "name": "Misty", "placing": 2, "record": {"wins": 1, "losses": 1, "ties": 1}},
        {"player": "brock", "name": "Brock", "placing": 3, "record": {"wins": 1, "losses": 1, "ties": 0}, "drop": 2},
        {"player": "gary", "name": "Ash", "placing": 4, "record": {"wins": 0, "losses": 2, "ties": 1}},
        {"player": "late", "name": "Late Larry", "placing": 5, "record": {"wins": 1, "losses": 2, "ties": 0}},
    ],
    "pairings": [
        {"round": 1, "phase": 1, "table": 1, "player1": "ash", "player2": "misty", "winner": "ash"},
        {"round": 1, "phase": 1, "table": 2, "player1": "brock", "player2": "gary", "winner": "brock"},
        {"round": 1, "phase": 1, "player1": "late", "winner": -1},
        {"round": 2, "phase": 1, "table": 1, "player1": "ash", "player2": "brock", "winner": "ash"},
        {"round": 2, "phase": 1, "table": 2, "player1": "misty", "player2": "gary", "winner": 0},
        {"round": 2, "phase": 1, "player1": "late", "winner": "late"},
        {"round": 3, "phase": 1, "table": 1, "player1": "ash", "player2": "late", "winner": "ash"},
        {"round": 3, "phase": 1, "table": 2, "player1": "misty", "player2": "gary", "winner": -1},
        {"round": 4, "phase": 2, "match": "T2-1", "player1": "ash", "player2": "misty", "winner": "ash"},
    ],
}


def test_limitless_object():
    e = parse_event(json.dumps(LIMITLESS).encode(), "open.json")
    assert e.format == "limitless" and e.swiss_rounds == 3 and e.date == "2026-11-30"
    assert e.players == ("Ash (ash)", "Misty", "Brock", "Ash (gary)", "Late Larry")
    kinds = {(m.round, m.player_a): m.kind for r in e.rounds for m in r.matches}
    assert kinds[(1, "Late Larry")] == LOSS and kinds[(2, "Late Larry")] == BYE
    assert kinds[(3, "Misty")] == DOUBLE_LOSS
    assert e.drops == {"Brock": 2}
    assert [r.playoff for r in e.rounds] == [False, False, False, True] and e.top_cut == 2
    s = standings_of(e)
    assert s["Ash (ash)"][:4] == (9, 3, 0, 0) and s["Misty"][:4] == (1, 0, 2, 1)
    assert e.places["Ash (ash)"] == 1


def test_limitless_folder_and_pending(tmp_path):
    data = json.loads(json.dumps(LIMITLESS))
    del data["pairings"][-2:]  # no playoff; round 3's second table pending
    data["pairings"].append({"round": 3, "phase": 1, "table": 2, "player1": "misty", "player2": "gary"})
    for part in ("details", "standings", "pairings"):
        (tmp_path / f"{part}.json").write_text(json.dumps(data[part]))
    e = load_event(tmp_path)
    assert e.rounds_played == 2 and not e.swiss[2].complete
    result = CliRunner().invoke(main, ["standings", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["pairings"][0].update(winner="nobody"), "pairings[0] (round 1): winner 'nobody' is neither"),
    (lambda d: d["pairings"][0].update(player2="zed"), "pairings[0] (round 1): player2 'zed' is not in the standings"),
    (lambda d: d["pairings"][0].update(round="1"), "pairings[0]: round must be a whole number"),
    (lambda d: d["standings"].append(dict(d["standings"][0])), "standings[5]: player 'ash' is listed twice"),
    (lambda d: d["details"]["phases"][0].update(mode="BO2"), "details.phases[0].mode: best_of must be odd"),
    (lambda d: d["pairings"][3].update(player2="ash"), "'Ash (ash)' is paired against themselves"),
    (lambda d: d.update(pairings={"a": 1}), "pairings: must be a list of pairings"),
])
def test_limitless_errors(change, problem):
    data = json.loads(json.dumps(LIMITLESS))
    change(data)
    with pytest.raises(InputError) as info:
        parse_event(json.dumps(data).encode(), "open.json", "limitless")
    assert str(info.value).startswith("open.json: ") and problem in str(info.value), str(info.value)


def test_folder_without_pairings(tmp_path):
    with pytest.raises(InputError, match="the folder has no pairings.json"):
        load_event(tmp_path)


# ------------------------------------------------------------------ writers and round trips

def round_trip(event):
    tdf = parse_event(to_tdf(event).encode(), "back.tdf")
    lim = parse_event(json.dumps(to_limitless(event)).encode(), "back.json")
    return tdf, lim


def assert_same_standings(a, b):
    for after in range(a.rounds_played + 1):
        assert standings_of(a, after) == standings_of(b, after)
        assert ranked(a, after) == ranked(b, after)


def test_hand_made_files_round_trip():
    for path in (TWO_PODS, TOP_CUT):
        e = load_event(path)
        for back in round_trip(e):
            assert_same_standings(e, back)
            assert back.drops == e.drops
            assert [m.reported for r in back.swiss for m in r.matches] == \
                   [m.reported for r in e.swiss for m in r.matches]
            assert len(back.playoff) == len(e.playoff)


FAST = sorted((DATA).glob("*.json"))[:2]


@pytest.mark.parametrize("path", FAST, ids=lambda p: p.name[:40])
def test_real_events_round_trip_fast(path):
    e = load_event(path)
    for back in round_trip(e):
        assert_same_standings(e, back)
        assert set(back.players) == set(e.players) and back.drops == e.drops


@pytest.mark.slow
def test_every_melee_event_round_trips():
    files = sorted(p for p in need(MELEE).glob("*.json") if p.name != "index.json")
    checked = 0
    for path in files:
        e = load_event(path)
        for back in round_trip(e):
            assert_same_standings(e, back), path.name
        checked += 1
    assert checked == len(files) >= 280  # 284 events


def test_export_cli(tmp_path):
    src = FAST[0]
    out = tmp_path / "event.tdf"
    r = CliRunner().invoke(main, ["export", str(src), "--to", "tdf", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert_same_standings(load_event(src), load_event(out))
    folder = tmp_path / "lim"
    folder.mkdir()
    r = CliRunner().invoke(main, ["export", str(out), "--to", "limitless", "-o", str(folder), "--json"])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in folder.iterdir()) == ["details.json", "pairings.json", "standings.json"]
    assert_same_standings(load_event(src), load_event(folder))
    # written places are the pokemon standings: the published places of the copy agree
    back = load_event(folder)
    check = compare_places(back, compute_standings(take_snapshot(back), RULES))
    assert check.agree == check.compared > 0
    r = CliRunner().invoke(main, ["export", str(out), "--to", "tdf", "-o", str(out)])
    assert r.exit_code == 2 and "never overwrites its input" in r.output


def test_tdf_writer_refuses_half_byes():
    from drawsafe.event.model import HALF_BYE, Event, Match, Round

    e = Event("x", ("A",), (Round(1, (Match(1, "A", kind=HALF_BYE),)),))
    with pytest.raises(UsageError, match="half-bye cannot be written"):
        to_tdf(e)


def test_tdf_names_round_trip_exactly():
    from drawsafe.event.model import Event, Match, Round

    names = ("Zoë  Two  Spaces", "Solo", "Ann Marie de la Cruz", "O'Brien <&> \"Q\"")
    e = Event("x", names, (Round(1, (Match(1, names[0], names[1], 1, 0, 0),
                                     Match(1, names[2], names[3], 0, 0, 1))),))
    assert parse_event(to_tdf(e).encode(), "n.tdf").players == names
    assert re.search("<lastname>Two  Spaces</lastname>", to_tdf(e)) is None  # kept whole in firstname


def test_export_of_an_unfinished_event_writes_no_final_places(tmp_path):
    """TOM writes <standings> when the event ends; a mid-event export with them would read back as
    finished (its Swiss rounds those played)."""
    src, out = tmp_path / "live.json", tmp_path / "live.tdf"
    r = CliRunner().invoke(main, ["generate", "--players", "24", "--rounds", "5", "--played", "3", "--rules",
                                  "pokemon", "--seed", "3", "-o", str(src)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["export", str(src), "--to", "tdf", "-o", str(out)])
    assert r.exit_code == 0 and "not finished: no final places written" in r.output and "--rounds 5" in r.output
    assert "<standings>" not in out.read_text()
    assert not load_event(out).places
    r = CliRunner().invoke(main, ["odds", str(out), "--rounds", "5", "--top", "4", "--sims", "200", "--json"])
    assert r.exit_code == 0, r.output
