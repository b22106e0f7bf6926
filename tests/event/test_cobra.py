"""cobra's NRTM export (Netrunner): the reader, and cobra's published figures reproduced.

Real files: the two copied into tests/data/netrunner (always run) and the 12 of
shared/data/real/netrunner/cobra (skipped, saying so, when shared/ is absent).  Each published
``matchPoints``, ``strengthOfSchedule`` and ``extendedStrengthOfSchedule`` is checked against a
plain-Python twin of cobra's ``SosCalculator`` that reads the raw document (not drawsafe's
reader), and the published rank against the order by (points, SOS, ESOS); then the same through
drawsafe (reader, snapshot, the netrunner pack's kernels, ``standings --check``).  Hand-made
documents cover what the real files do not: single-sided Swiss, a round in progress, unreported
pairings, hidden identities, and the errors.
"""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import DATA, SHARED, need

from drawsafe import open_event
from drawsafe.cli.main import main
from drawsafe.errors import InputError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.io.cobra import games_of, looks_like_cobra
from drawsafe.event.model import BYE, DOUBLE_LOSS, MATCH, Event, Match, PublishedStanding, Round
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.check import Model
from drawsafe.tiebreaks.packs import PACKS, get_rules

#: The two local files of the first tests (the others of tests/data/netrunner have their own).
LOCAL = [DATA / "netrunner" / "2023-09-30-finland-baltic-nats-cobra.json",
         DATA / "netrunner" / "2024-05-12-401-games-gnk-cobra.json"]
REAL_DIR = SHARED / "data" / "real" / "netrunner" / "cobra"
REAL = sorted(REAL_DIR.glob("*.json"))
FINLAND = DATA / "netrunner" / "2023-09-30-finland-baltic-nats-cobra.json"
GAMES401 = DATA / "netrunner" / "2024-05-12-401-games-gnk-cobra.json"
TOL = 1e-4

needs_pack = pytest.mark.skipif("netrunner" not in PACKS or "netrunner-single" not in PACKS,
                                reason="the netrunner rule packs are not in drawsafe.tiebreaks.packs yet")


def real_files() -> list[Path]:
    need(REAL_DIR)
    assert len(REAL) == 12, REAL
    return REAL


def doc(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def event_of(data: dict, name: str = "x.json", format: str = "auto") -> Event:
    return parse_event(json.dumps(data).encode(), name, format)


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# --- a naive twin of cobra's SosCalculator, on the raw document ---------------------------------

def naive_cobra(data: dict) -> dict:
    """id -> (points, SOS, ESOS) as cobra computes them (app/services/sos_calculator.rb): over the
    completed Swiss rounds (a round with no result at all is not completed), points = the sum of a
    player's round scores (byes included), rounds = the rounds paired (byes included); SOS = mean
    over the non-bye opponents (a repeat counted each time) of opponent points / opponent rounds,
    0 without opponents; ESOS = mean of the same opponents' SOS.  No floor; dropped players count."""
    points: dict = {}
    rounds: dict = {}
    opponents: dict = {}
    for rnd in data["rounds"]:
        if not rnd or rnd[0]["eliminationGame"]:
            continue
        if all(m["player1"].get("combinedScore") is None and m["player2"].get("combinedScore") is None
               for m in rnd if m["player1"]["id"] is not None and m["player2"]["id"] is not None):
            continue  # not completed: cobra counts completed rounds only
        for m in rnd:
            for me, them in ((m["player1"], m["player2"]), (m["player2"], m["player1"])):
                if me["id"] is None:
                    continue
                points[me["id"]] = points.get(me["id"], 0) + (me.get("combinedScore") or 0)
                rounds[me["id"]] = rounds.get(me["id"], 0) + 1
                opponents.setdefault(me["id"], [])
                if them["id"] is not None:
                    opponents[me["id"]].append(them["id"])

    def mean(values):
        return sum(values) / len(values) if values else 0.0

    sos = {p: mean([points[o] / rounds[o] for o in opps]) for p, opps in opponents.items()}
    esos = {p: mean([sos[o] for o in opps]) for p, opps in opponents.items()}
    return {p["id"]: (points.get(p["id"], 0), sos.get(p["id"], 0.0), esos.get(p["id"], 0.0))
            for p in data["players"]}


def ranks_reproduced(data: dict, figures: dict) -> tuple[int, list]:
    """Published ranks reproduced by sorting on (points, SOS, ESOS), players exactly tied on all
    three either way; and the players whose rank is not."""
    def key(p):
        pts, sos, esos = figures[p["id"]]
        return pts, round(sos, 9), round(esos, 9)

    order = sorted(data["players"], key=lambda p: tuple(-x for x in key(p)))
    at_rank = {p["rank"]: p for p in data["players"]}
    good, bad = 0, []
    for place, p in enumerate(order, 1):
        there = at_rank.get(place)
        if p["rank"] == place or (there is not None and key(there) == key(p)):
            good += 1
        else:
            bad.append((p["name"], p["rank"], place))
    return good, bad


def compare_published(paths: list[Path]) -> tuple[int, int, int]:
    players = agreed = ranks = 0
    for path in paths:
        data = doc(path)
        figures = naive_cobra(data)
        for p in data["players"]:
            pts, sos, esos = figures[p["id"]]
            players += 1
            assert pts == p["matchPoints"], (path.name, p["name"])
            assert abs(sos - float(p["strengthOfSchedule"])) <= TOL, (path.name, p["name"], sos)
            assert abs(esos - float(p["extendedStrengthOfSchedule"])) <= TOL, (path.name, p["name"], esos)
            agreed += 1
        good, bad = ranks_reproduced(data, figures)
        assert bad == [], (path.name, bad)
        ranks += good
    return players, agreed, ranks


def test_naive_twin_reproduces_the_local_files():
    assert compare_published(LOCAL) == (25, 25, 25)


def test_naive_twin_reproduces_every_real_file():
    """196 players of 12 events: every points total, SOS and ESOS to 1e-4 and every Swiss rank
    (two pairs of players exactly tied on all three, either way)."""
    assert compare_published(real_files()) == (196, 196, 196)


# --- the reader --------------------------------------------------------------------------------

def test_detected_and_read_double_sided():
    event = load_event(FINLAND)
    assert (event.format, event.rules, event.swiss_rounds, event.top_cut) == ("cobra", "netrunner", 4, 4)
    assert (len(event.players), len(event.swiss), len(event.playoff)) == (15, 4, 5)
    assert all(r.playoff for r in event.playoff) and event.playoff[0].name == "Cut round 1"
    assert any("double-sided" in n and "'role'" in n for n in event.notes)
    scores = {(m.player_a, m.player_b): m.score_text() for r in event.swiss for m in r.matches}
    assert scores[("Aksu", "Tyranda")] == "2-0-0"  # 6-0 (corp 3, runner 3)
    assert scores[("iceprisma", "Wile")] == "1-1-0"  # a 3-3 split
    assert scores[("Artturi", "Tyranda")] == "1-0-1"  # 4-1: a win and a timed tie
    assert scores[("AxWill", "Artturi")] == "2-0-0"  # a 2-for-1 6-0, no side scores
    assert scores[("Aksu", "Jinsei")] == scores[("Roppa", "Aksu")] == "0-0-3"  # intentional draws 3-3
    byes = [(r.number, m.player_a) for r in event.swiss for m in r.matches if m.kind == BYE]
    assert byes == [(1, "Ebesan"), (2, "nacho"), (3, "Raptori"), (4, "Tzane")]
    assert {(m.a_wins, m.b_wins, m.draws) for r in event.swiss for m in r.matches if m.kind == MATCH} <= {
        (2, 0, 0), (0, 2, 0), (1, 1, 0), (1, 0, 1), (0, 1, 1), (0, 0, 2), (0, 0, 3)}
    row = event.standings[0]
    assert (row.rank, row.player, row.points, row.wins) == (1, "Roppa", 18, None)
    assert row.values == {"SOS": 3.9375, "ESOS": 3.328125} and math.isnan(row.omw)
    assert event.precision == 4 and event.drops == {}


def test_drops_from_the_last_round_paired():
    event = load_event(GAMES401)
    assert event.drops == {"VirtualBread": 3, "Robert": 3}
    assert event.swiss_rounds is None and event.top_cut is None
    assert any("taken as dropped" in n for n in event.notes)
    assert any("no cut in the file" in n for n in event.notes)


def test_game_scores_of_combined_scores():
    assert [games_of(a, b, "netrunner") for a, b in ((6, 0), (4, 1), (3, 3), (2, 2), (1, 4), (0, 6))] == [
        (2, 0, 0), (1, 0, 1), (1, 1, 0), (0, 0, 2), (0, 1, 1), (0, 2, 0)]
    assert [games_of(a, b, "netrunner-single") for a, b in ((3, 0), (1, 1), (0, 3))] == [
        (1, 0, 0), (0, 0, 1), (0, 1, 0)]
    assert games_of(3, 0, "netrunner") == (1, 0, 0) and games_of(5, 0, "netrunner") is None


def player(pid, name, rank=1, points=0):
    return {"id": pid, "name": name, "rank": rank, "matchPoints": points, "strengthOfSchedule": "0",
            "extendedStrengthOfSchedule": "0"}


def side(pid, score=None, role=None, single=False):
    out = {"id": pid, "combinedScore": score, "corpScore": None, "runnerScore": None}
    if single:
        out["role"] = role
    return out


def pairing(a, b, sa=None, sb=None, single=False, intentional=False, table=1):
    return {"table": table, "player1": side(a, sa, "corp", single), "player2": side(b, sb, "runner", single),
            "intentionalDraw": intentional, "twoForOne": False, "eliminationGame": False}


def small(single=False, rounds=None) -> dict:
    players = [player(i, n, i) for i, n in enumerate(("Ann", "Ben", "Cat", "Dan", "Eve"), 1)]
    if rounds is None:
        win, tie = (3, 1) if single else (6, 3)
        rounds = [
            [pairing(1, 2, win, 0, single), pairing(3, 4, tie, tie, single, intentional=True),
             pairing(5, None, win, 0, single)],
            [pairing(1, 3, 1, 1, single) if single else pairing(1, 3, 4, 1), pairing(5, 2, 0, win, single),
             pairing(4, None, win, 0, single)],
        ]
    return {"name": "Small", "date": "2025-01-02", "cutToTop": 0, "preliminaryRounds": len(rounds),
            "players": players, "rounds": rounds, "eliminationPlayers": [], "uploadedFrom": "Cobra"}


def test_single_sided_by_role():
    event = event_of(small(single=True))
    assert event.rules == "netrunner-single" and event.best_of == 1
    assert any("'role'" in n and "single-sided" in n for n in event.notes)
    r1, r2 = event.swiss
    got = [(m.player_a, m.player_b, m.kind, m.a_wins, m.b_wins, m.draws) for m in r1.matches]
    assert got == [("Ann", "Ben", MATCH, 1, 0, 0), ("Cat", "Dan", MATCH, 0, 0, 3),
                   ("Eve", None, BYE, None, None, None)]
    assert [(m.a_wins, m.b_wins, m.draws) for m in r2.matches if m.kind == MATCH] == [(0, 0, 1), (0, 1, 0)]


def test_single_sided_by_scores_without_role():
    data = small(single=True)
    for rnd in data["rounds"]:
        for m in rnd:
            for s in ("player1", "player2"):
                m[s].pop("role", None)
    event = event_of(data)
    assert event.rules == "netrunner-single"
    assert any("sums to 3 points or less" in n for n in event.notes)


def test_round_in_progress_and_unreported_pairings():
    data = small()
    data["rounds"].append([pairing(1, 4), pairing(2, 5), pairing(3, None, 6, 0)])
    event = event_of(data)
    last = event.swiss[-1]
    assert [m.reported for m in last.matches] == [False, False, True]
    assert event.rounds_played == 2
    # the same pairings without result, with a later round: cobra's 0-0 (a double loss here)
    data["rounds"].append([pairing(1, 5, 6, 0), pairing(2, 3, 3, 3), pairing(4, None, 6, 0)])
    event = event_of(data)
    assert [m.kind for m in event.swiss[2].matches] == [DOUBLE_LOSS, DOUBLE_LOSS, BYE]
    assert any("counted 0-0, as cobra counts it" in n for n in event.notes)


def test_drop_and_late_entry():
    data = small()
    data["rounds"].append([pairing(1, 2, 6, 0), pairing(3, 5, 6, 0), pairing(6, None, 6, 0)])  # Dan left
    data["players"].append(player(6, "Fay", 6))
    data["rounds"][1][2] = pairing(4, 6, 6, 0)  # Fay joins in round 2
    data["rounds"][0][2] = pairing(5, None, 6, 0)
    event = event_of(data)
    assert event.drops == {"Dan": 2}


def test_hidden_identities_name_players_by_id():
    data = small()
    data["players"] = []
    event = event_of(data)
    assert set(event.players) == {"#1", "#2", "#3", "#4", "#5"} and event.standings is None
    assert any("names" in n and "cobra id" in n for n in event.notes)


def test_duplicate_names_get_their_id():
    data = small()
    data["players"][1]["name"] = "Ann"
    assert {"Ann (#1)", "Ann (#2)"} <= set(event_of(data).players)


def test_unusual_scores_kept_with_their_points():
    data = small(rounds=[[pairing(1, 2, 3, 0), pairing(3, 4, 6, 0), pairing(5, None, 6, 0)]])
    event = event_of(data)
    m = event.swiss[0].matches[0]
    assert (m.a_wins, m.b_wins, m.draws) == (1, 0, 0)
    assert any("scored 3-0, not a usual result" in n for n in event.notes)


RORO = DATA / "netrunner" / "2023-09-30-roro-bathgate-co-cobra.json"
GAMES401_JAN = DATA / "netrunner" / "2024-01-21-401-games-gnk-cobra.json"
WORLDS = DATA / "netrunner" / "2023-10-15-worlds-cobra.json"


def test_scores_corrected_by_hand_counted_as_cobra_counts_them():
    """Real: two rounds scored 5-1 (no two games make it) are read with no option, each player
    their own points, one note naming both rows; every published row agrees (points, SOS, ESOS,
    rank)."""
    event = load_event(RORO)
    notes = [n for n in event.notes if "corrected by hand" in n]
    assert len(notes) == 1 and "rounds[0][3] (round 1, Rob v RoRo, 5-1)" in notes[0]
    assert "rounds[2][0]" in notes[0] and notes[0].startswith("2 score(s)")
    m = event.swiss[0].matches[3]
    assert m.counted and (m.a_wins, m.b_wins, m.draws, m.b_draws) == (1, 0, 2, 1)
    report = open_event(RORO).check()
    assert (report.compared, report.agreed) == (14, 14)


def test_a_bye_scored_zero_is_a_round_without_points():
    """Real: a bye the organiser scored 0 counts as cobra counts it (the round, no points, no
    opponent): all 23 published rows agree (before: 12, the player 6 points over cobra's)."""
    event = load_event(GAMES401_JAN)
    assert any("bye is scored 0" in n for n in event.notes)
    report = open_event(GAMES401_JAN).check()
    assert (report.compared, report.agreed) == (23, 23)


def test_world_championship_2023_reads_with_no_option():
    """Real: the 2023 World Championship (254 players) has nine scores corrected by hand (8-0,
    -2, 9-3, 6-6, ...): read with no option, one note naming the nine rows; a bye cobra counted 7
    points is counted so (a win's 6 and one tie, issue 49 item 3; drawsafe counted 6 before, and 63
    rows' ESOS followed): every published row's points, SOS, ESOS and rank equal cobra's."""
    event = load_event(WORLDS)
    notes = [n for n in event.notes if "corrected by hand" in n]
    assert len(notes) == 1 and notes[0].startswith("9 score(s)") and "rounds[1][94]" in notes[0]
    assert "round 3: Hello's bye is scored 7: counted as cobra counts it, 7 points (+1 on a bye's 6)" in event.notes
    bye = next(m for m in event.swiss[2].matches if m.player_a == "Hello" and m.kind == BYE)
    assert bye.draws == 1
    report = open_event(WORLDS).check()
    assert (report.compared, report.agreed) == (254, 254), report.disagreements[:3]
    assert open_event(WORLDS).standings().by_player()["Hello"].points == 25


def test_a_bye_scored_by_hand_single_sided_is_a_bye_with_a_note():
    """Single-sided, the pack scores a round by its result: a bye cobra scored 4 is a bye (3),
    the note saying the total is 1 below cobra's."""
    event = event_of(small(rounds=[[pairing(1, 2, 3, 0, True), pairing(3, 4, 0, 3, True),
                                    pairing(5, None, 4, 0, True)]]))
    assert event.rules == "netrunner-single"
    assert any("bye is scored 4; read as a bye (3 points in rules netrunner-single" in n and "-1 from cobra's" in n
               for n in event.notes)
    assert next(m for m in event.swiss[0].matches if m.kind == BYE).draws is None


def test_format_option_and_auto_detection():
    data = doc(FINLAND)
    assert looks_like_cobra(data) and not looks_like_cobra({"rounds": [{"round": 1, "matches": []}]})
    assert event_of(data, format="cobra").rules == "netrunner"
    assert event_of(data, format="json").format == "cobra"


@pytest.mark.parametrize("mutate, where, problem", [
    (lambda d: d["rounds"][0][0]["player1"].update(id=99), "rounds[0][0].player1.id",
     "player id 99 is not in the players"),
    (lambda d: d["rounds"][0][0]["player1"].update(combinedScore=61), "rounds[0][0].player1.combinedScore",
     "61 is not a round's score (cobra's are 0 to 6; a corrected one within 60 of 0 is counted"),
    (lambda d: d["rounds"][0][0].update(eliminationGame=True), "rounds[0]",
     "the round mixes Swiss pairings and cut games (eliminationGame)"),
    (lambda d: d["rounds"].__setitem__(0, {"x": 1}), "rounds[0]", "a round must be a list of pairings, not dict"),
    (lambda d: d["players"].append(player(1, "Zed")), "players[5].id", "player id 1 is listed twice"),
    (lambda d: d["players"][0].update(rank="first"), "players[0].rank", "must be a whole number from 1"),
    (lambda d: d["players"][0].update(strengthOfSchedule="high"), "players[0].strengthOfSchedule",
     "must be a number, not 'high'"),
    (lambda d: d["rounds"][0][0]["player2"].update(id=None) or d["rounds"][0][0]["player1"].update(id=None),
     "rounds[0][0] (round 1)", "a pairing without players"),
    (lambda d: d["rounds"][1][1]["player1"].update(id=1), "rounds[1][1] (round 2)", "plays twice in round 2"),
])
def test_errors_name_the_place(mutate, where, problem):
    data = small()
    mutate(data)
    with pytest.raises(InputError) as e:
        event_of(data)
    assert e.value.where == where and problem in e.value.problem, str(e.value)
    assert "\n" not in str(e.value)


def test_swiss_after_the_cut_is_an_error():
    data = doc(FINLAND)
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))
    with pytest.raises(InputError, match="a Swiss round after the cut's rounds"):
        event_of(data)


# --- the check: published fields that are NaN, published values by key ---------------------------

def test_nan_fields_are_not_compared():
    """A row publishing only some of OMW%/GW%/OGW% (NaN for the others; Play Hub) is compared on
    those it publishes; cobra's figures are compared only under a pack with those tiebreaks."""
    rounds = (Round(1, (Match(1, "A", "B", 2, 0, 0), Match(1, "C", "D", 2, 1, 0))),)
    event = Event("t", ("A", "B", "C", "D"), rounds)
    model = Model(take_snapshot(event), get_rules("mtg"))
    nan = float("nan")
    row = PublishedStanding(1, "A", 3, 1, 0, 0, nan, 1.0, nan)
    assert model.differences(row, 4) == {}
    assert set(model.differences(PublishedStanding(1, "A", 3, 1, 0, 0, nan, 0.5, nan), 4)) == {"gw"}
    assert model.differences(PublishedStanding(1, "A", 3, None, None, None, nan, nan, nan,
                                               values={"SOS": 9.0}), 4) == {}


@needs_pack
def test_standings_match_the_naive_twin():
    for path in LOCAL:
        data = doc(path)
        figures = naive_cobra(data)
        names = {p["id"]: p["name"] for p in data["players"]}
        rows = {r.player: r for r in open_event(path).standings().rows}
        for pid, (pts, sos, esos) in figures.items():
            row = rows[names[pid]]
            assert row.points == pts and row.values["SOS"] == pytest.approx(sos, abs=1e-12)
            assert row.values["ESOS"] == pytest.approx(esos, abs=1e-12)


def check_counts(paths: list[Path]) -> tuple[int, int]:
    compared = agreed = 0
    for path in paths:
        report = open_event(path).check()
        assert report.disagreements == (), (path.name, report.disagreements)
        assert any("SOS, ESOS" in n and "Swiss rank" in n for n in report.notes)
        compared += report.compared
        agreed += report.agreed
    return compared, agreed


@needs_pack
def test_check_agrees_on_the_local_files():
    assert check_counts(LOCAL) == (25, 25)


@needs_pack
def test_check_agrees_on_every_real_file():
    """Points, SOS, ESOS and Swiss rank of all 196 published rows agree."""
    assert check_counts(real_files()) == (196, 196)


def single_sided(data: dict) -> dict:
    """``data`` as a single-sided event: sides given, rounds scored 3/1/0 (6 and 4 a win, 3 and 2
    a draw, 1 and 0 a loss; a bye 3), and the published figures those of the naive twin."""
    out = copy.deepcopy(data)
    for rnd in out["rounds"]:
        for m in rnd:
            if not m["eliminationGame"]:
                for s, role in (("player1", "corp"), ("player2", "runner")):
                    m[s]["role"] = role
                    m[s]["combinedScore"] = {6: 3, 4: 3, 3: 1, 2: 1, 1: 0, 0: 0}[m[s]["combinedScore"]]
    figures = naive_cobra(out)
    order = sorted(out["players"], key=lambda p: tuple(-x for x in figures[p["id"]]))
    for rank, p in enumerate(order, 1):
        pts, sos, esos = figures[p["id"]]
        p.update(rank=rank, matchPoints=pts, strengthOfSchedule=repr(sos), extendedStrengthOfSchedule=repr(esos))
    return out


@needs_pack
def test_single_sided_check_agrees_with_the_naive_twin():
    """The netrunner-single pack (3/1/0, a bye 3, an intentional draw 1-1) gives cobra's figures."""
    event = event_of(single_sided(doc(FINLAND)))
    assert event.rules == "netrunner-single"
    report = open_event(event).check()
    assert (report.compared, report.disagreements) == (15, ())


@needs_pack
def test_check_finds_and_explains_differences():
    data = doc(FINLAND)
    data["players"][0]["strengthOfSchedule"] = "3.9"
    data["players"][3]["rank"], data["players"][4]["rank"] = 5, 4
    data["players"][6]["matchPoints"] = 13
    report = open_event(event_of(data)).check()
    found = {d.player: (set(d.fields), d.reason) for d in report.disagreements}
    assert found == {"Roppa": ({"SOS"}, "unknown"), "Aksu": ({"rank"}, "order"),
                     "Jinsei": ({"rank"}, "order"), "Raptori": ({"points"}, "unknown")}
    assert "manual seeds" in next(d for d in report.disagreements if d.player == "Aksu").explanation


@needs_pack
def test_check_under_another_pack_says_what_it_leaves_out():
    report = open_event(FINLAND, rules="mtg").check()
    assert any("published ESOS, SOS not compared: not tiebreaks of rules mtg" in n for n in report.notes)


# --- the command line ------------------------------------------------------------------------------

@needs_pack
@pytest.mark.parametrize("path", LOCAL, ids=lambda p: p.name)
def test_cli_standings_local(path):
    for extra in ((), ("--format", "cobra")):
        result = cli("standings", path, *extra)
        assert result.exit_code == 0, result.output
        assert "rules netrunner (suggested by the cobra file)" in result.stderr
        assert "SOS" in result.stdout and "ESOS" in result.stdout


@needs_pack
def test_cli_standings_and_check_on_every_real_file():
    for path in real_files():
        for extra in ((), ("--format", "cobra")):
            result = cli("standings", path, *extra)
            assert result.exit_code == 0, (path.name, result.output)
        result = cli("standings", path, "--check", "--json")
        assert result.exit_code == 0, (path.name, result.output)
        out = json.loads(result.stdout)
        assert out["compared"] == out["agreed"] == len(doc(path)["players"]), (path.name, out)


@needs_pack
def test_cli_draw_before_the_last_swiss_round_of_every_cut_event():
    """On each real event with a cut, ``draw`` after the next-to-last Swiss round, at the file's cut."""
    cut_events = [p for p in real_files() if doc(p)["cutToTop"]]
    assert len(cut_events) == 4
    for path in cut_events:
        event = load_event(path)
        last = len(event.swiss)
        result = cli("draw", path, "--after-round", last - 1, "--top", "auto", "--json", "--precision", "0.02")
        assert result.exit_code == 0, (path.name, result.output)
        out = json.loads(result.stdout)
        assert out["tables"] and out["round"] == last and out["cut"] == f"Top {event.top_cut}", path.name
