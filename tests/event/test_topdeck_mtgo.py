"""The decklist cache beyond melee.gg, on hand-made files (tests/data/magic/):

- ``topdeck-bye.json``, a TopDeck entry: match results only ("1-0-0", "0-0-1" a draw, "0-0-1" with
  an empty Player2 a bye), Ben's round-3 bye left out as the cache does (his published 3 points
  count it), a Top 4 and a Top 2 named so, the published Wins counting the playoff but no bye;
- ``mtgo-challenge.json``, an MTGO entry: the published top 8 (ranks in Swiss order), the bracket,
  the final places in ``Decks``; no Swiss round.

Expected values are worked out by hand in the docstrings.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from conftest import DATA

from drawsafe import open_event
from drawsafe.cli.main import main
from drawsafe.errors import InputError, UsageError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.model import BYE, MATCH

TOPDECK = DATA / "magic" / "topdeck-bye.json"
MTGO = DATA / "magic" / "mtgo-challenge.json"


def doc(path):
    return json.loads(path.read_text(encoding="utf-8"))


def event_of(data: dict, name: str = "x.json"):
    return parse_event(json.dumps(data).encode(), name)


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# --- TopDeck -----------------------------------------------------------------------------------

def test_topdeck_results_byes_and_playoff():
    event = load_event(TOPDECK)
    assert (event.format, event.best_of, event.swiss_rounds) == ("topdeck", 1, 3)
    assert [r.name for r in event.playoff] == ["Top 4", "Top 2"]
    r1, r2, r3 = event.swiss
    assert {(m.player_a, m.player_b, m.a_wins, m.b_wins, m.draws) for m in r1.matches if m.player_b} >= {
        ("Ann", "Ben", 1, 0, 0), ("Cat", "Dan", 0, 0, 1), ("Eve", "Fay", 0, 1, 0)}
    assert [(m.player_a, m.kind) for m in r2.matches if m.player_b is None] == [("Eve", BYE)]
    # Ben's round-3 bye is not in the file: his published 3 points (two losses) restore it
    assert [(m.player_a, m.kind) for m in r3.matches if m.player_b is None] == [("Ben", BYE)]
    assert any("restored from the published points" in n and "Ben (round 3)" in n for n in event.notes)
    assert any("simulations draw match results" in n for n in event.notes)


def test_topdeck_standings_from_match_results():
    """mtg pack (opponents floored at 1/3): Gus met Hal (0 of 3: floored), Cat 4/9, Ann 7/9:
    (1/3 + 4/9 + 7/9) / 3 = 14/27."""
    rows = {r.player: r for r in open_event(TOPDECK).standings().rows}
    assert [(p, rows[p].points) for p in ("Ann", "Gus", "Fay", "Cat", "Dan", "Ben", "Eve", "Hal")] == [
        ("Ann", 7), ("Gus", 7), ("Fay", 6), ("Cat", 4), ("Dan", 4), ("Ben", 3), ("Eve", 3), ("Hal", 0)]
    assert rows["Gus"].values["OMW"] == pytest.approx(14 / 27)
    assert (rows["Ben"].wins, rows["Ben"].losses) == (1, 2)  # the bye is a win here


def test_topdeck_check_reproduces_every_published_figure():
    """Points (Swiss), records (Fay 2-1 + 2-0 in the playoff; Ben 0-2: his bye not a win), OMW%
    with TopDeck's 0.33 floor (Gus: (0.33 + 4/9 + 7/9) / 3), and the ranks: Fay won the Top 2,
    Ann lost it, Gus and Cat (semi-finals) in Swiss order, then Dan, Ben, Eve, Hal."""
    report = open_event(TOPDECK).check()
    assert (report.compared, report.disagreements) == (8, ())
    assert any("0.33" in n for n in report.notes) and any("GW% and OGW% not compared" in n for n in report.notes)
    gus = next(r for r in load_event(TOPDECK).standings if r.player == "Gus")
    assert gus.omw == pytest.approx(float((Fraction(33, 100) + Fraction(4, 9) + Fraction(7, 9)) / 3))


def tampered(path, player, **fields):
    data = doc(path)
    for row in data["Standings"]:
        if row["Player"] == player:
            row.update(fields)
    return data


@pytest.mark.parametrize(("player", "fields", "reason", "field"), [
    ("Gus", {"OMWP": 14 / 27}, "floor", "omw"),          # the Magic Tournament Rules' 1/3 floor
    ("Ben", {"Wins": 1}, "byes", "record"),              # a bye counted in the wins
    ("Dan", {"Points": 5}, "unknown", "points"),
])
def test_topdeck_check_explains_a_difference(player, fields, reason, field):
    report = open_event(event_of(tampered(TOPDECK, player, **fields))).check()
    (d,) = [d for d in report.disagreements if d.player == player]
    assert (d.reason, field in d.fields) == (reason, True)


def test_topdeck_check_finds_a_rank_out_of_order():
    """Swap Ben (6th: 3 points, OMW% 11/18) and Eve (7th: 3 points, 10/18)."""
    data = tampered(TOPDECK, "Ben", Rank=7)
    for row in data["Standings"]:
        if row["Player"] == "Eve":
            row["Rank"] = 6
    report = open_event(event_of(data)).check()
    assert {d.player: (d.fields["rank"], d.reason) for d in report.disagreements} == {
        "Ben": ((6, 7), "order"), "Eve": ((7, 6), "order")}
    assert "OMW%" in next(d for d in report.disagreements if d.player == "Eve").explanation


def test_topdeck_without_uri_is_recognised_by_its_bye():
    data = doc(TOPDECK)
    del data["Tournament"]["Uri"]
    assert event_of(data).format == "topdeck"


def test_topdeck_simulation_draws_match_results():
    """Before round 3 (--after-round 2): the simulations run on match results (one game a match)."""
    result = open_event(TOPDECK, after_round=2).odds(top=4, sims=400, seed=1, exact_tables=0)  # simulated, not enumerated
    assert result.simulations == 400
    assert {p.player for p in result.players} >= {"Ann", "Gus"}
    ann = next(p for p in result.players if p.player == "Ann")
    assert ann.p_cut > 0.5  # 6 points after two rounds


@pytest.mark.parametrize(("match", "message"), [
    ({"Player1": "Ann", "Player2": "", "Result": "2-2-0"},
     "a match without opponent must be 0-0-1 or 1-0-0 (a bye) or 0-1-0 (a loss), not 2-2-0"),
    ({"Player1": "Ann", "Player2": "Ben", "Result": "won"}, 'Result must look like "1-0-0", not \'won\''),
    ({"Player1": "", "Player2": "Ben", "Result": "1-0-0"}, "Player1 must be a player name, not ''"),
])
def test_topdeck_errors_name_the_match(match, message):
    data = doc(TOPDECK)
    data["Rounds"][1]["Matches"][0] = match
    with pytest.raises(InputError) as e:
        event_of(data, "td.json")
    assert str(e.value) == f"td.json: round 2 (2), match 1: {message}"


def test_topdeck_playoff_before_swiss_is_refused():
    data = doc(TOPDECK)
    data["Rounds"].insert(1, data["Rounds"].pop(3))
    with pytest.raises(InputError, match="'Top 4' is a playoff round but Swiss rounds follow it"):
        event_of(data)


# --- MTGO --------------------------------------------------------------------------------------

def test_mtgo_entry_is_read_as_standings_and_bracket():
    event = load_event(MTGO)
    assert (event.format, event.swiss, len(event.playoff), event.swiss_rounds) == ("mtgo", (), 3, 5)
    assert event.places["Flo"] == 1 and event.places["Hux"] == 8
    assert [r.player for r in event.standings][:3] == ["Ari", "Bo", "Cy"]


def test_mtgo_check_of_what_is_there():
    """Points from the Swiss record (published less the bracket: Ari 7-1 less 2-1 = 5-0, 15) and
    byes; the ranking by points, OMW%; the 1/3 floors; seeds 1 v 8, 2 v 7, 3 v 6, 4 v 5; places
    Flo 1 (won), Ari 2, Bo and Di (semi-finals, Swiss 2nd and 4th), then the quarter-finalists."""
    report = open_event(MTGO).check()
    assert (report.compared, report.disagreements) == (8, ())
    assert "cannot be recomputed" in report.notes[0]


@pytest.mark.parametrize(("player", "fields", "reason"), [
    ("Cy", {"OMWP": 0.63}, "order"),      # 12 points, OMW% above Bo's but ranked below
    ("Eli", {"Points": 10}, "record"),    # 10 points from a 3-2 record: not whole byes
    ("Hux", {"OGWP": 0.3}, "floor"),
])
def test_mtgo_check_finds_inconsistent_figures(player, fields, reason):
    report = open_event(event_of(tampered(MTGO, player, **fields))).check()
    assert reason in {d.reason for d in report.disagreements if d.player == player}


def test_mtgo_check_finds_a_wrong_seeding_and_place():
    data = doc(MTGO)
    data["Rounds"][0]["Matches"][0] = {"Player1": "Ari", "Player2": "Gil", "Result": "2-0-0"}
    data["Rounds"][0]["Matches"][1] = {"Player1": "Bo", "Player2": "Hux", "Result": "2-1-0"}
    report = open_event(event_of(data)).check()
    assert {d.player for d in report.disagreements if d.reason == "bracket"} == {"Ari", "Gil", "Bo", "Hux"}
    data = doc(MTGO)
    data["Decks"][2]["Result"], data["Decks"][3]["Result"] = "4th Place", "3rd Place"
    report = open_event(event_of(data)).check()
    assert {(d.player, d.reason) for d in report.disagreements} == {("Bo", "places"), ("Di", "places")}


def test_mtgo_standings_are_shown_as_published():
    """Real: an MTGO entry has its top 32's standings but no Swiss round: `standings` shows them as
    published (rank, points, OMW%, GW%, OGW%), saying so, instead of refusing."""
    result = cli("standings", MTGO)
    assert result.exit_code == 0, result.output
    assert "published standings, as published" in result.stderr
    rows = json.loads(cli("standings", MTGO, "--json").stdout)
    published = load_event(MTGO).standings
    assert [(r["rank"], r["player"], r["points"]) for r in rows] == \
        [(p.rank, p.player, p.points) for p in sorted(published, key=lambda p: p.rank)]


@pytest.mark.parametrize("command", ["pairings", "odds", "draw"])
def test_mtgo_commands_that_need_swiss_rounds_say_so(command):
    result = cli(command, MTGO)
    assert result.exit_code == 2
    error = [ln for ln in result.stderr.splitlines() if ln.startswith("drawsafe: error:")]
    assert len(error) == 1 and "no Swiss round" in error[0] and "standings --check" in error[0]
    assert "Traceback" not in result.output
    with pytest.raises(UsageError):
        getattr(open_event(MTGO), "standings" if command == "standings" else "pairings")()


def test_mtgo_check_command():
    result = cli("standings", MTGO, "--check")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("checked 8 published rows at 2 decimals: 8 agree, 0 differ")
    data = json.loads(cli("standings", MTGO, "--check", "--json").stdout)
    assert (data["compared"], data["agreed"], len(data["notes"])) == (8, 8, 1)


def test_mtgo_without_standings_is_refused():
    data = copy.deepcopy(doc(MTGO))
    data["Standings"] = []
    with pytest.raises(InputError, match="an MTGO entry needs its published standings"):
        event_of(data, "m.json")


def test_melee_files_are_not_taken_for_topdeck_or_mtgo():
    for path in sorted(DATA.glob("*.json")):
        assert load_event(path).format == "melee", path.name
    assert load_event(TOPDECK).format != "melee" and load_event(MTGO).format != "melee"


def test_the_playoff_of_topdeck_is_not_a_swiss_round():
    event = load_event(TOPDECK)
    assert all(m.kind == MATCH for r in event.playoff for m in r.matches)
    assert open_event(TOPDECK).snapshot.total_rounds == 3


def test_topdeck_playoff_without_names_is_found_by_its_shape():
    data = doc(TOPDECK)
    data["Rounds"][3]["RoundName"], data["Rounds"][4]["RoundName"] = "4", "5"
    event = event_of(data)
    assert event.swiss_rounds == 3 and [r.playoff for r in event.rounds] == [False] * 3 + [True] * 2
    assert open_event(event).check().disagreements == ()
