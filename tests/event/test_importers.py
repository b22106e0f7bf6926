"""Importers: one precise InputError per bad input, and what the melee.gg reader does with real data.

Every bad-input class gives exactly one InputError whose one-line message names the file, the
place (row, round/match or field) and the problem; the texts are asserted exactly, because they are
what a user reads.  The melee.gg checks compare with the data set's own index and published
standings, never with figures this code produced.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import naive
import pytest
from brute import match_dict
from conftest import DATA, MELEE, need

from drawsafe.errors import InputError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.model import DOUBLE_LOSS, MATCH
from drawsafe.standings.check import agrees

HEADER = "round,player_a,player_b,a_wins,b_wins,draws,kind\n"
MONT = "mont-weekly-legacy-368680-2025-10-02.json"
ATLANTA = "uper-unday-rcq-standard-scg-con-atlanta-sunday-930-am-387525-2026-01-11.json"
BRISTOL_BO1 = "bristol-pauper-league-winter-26-brew-off-416320-2026-03-26.json"
TIGULLIO = "7-tappa-tigullio-legacy-league-by-kryptalegacy-212625-2025-03-09.json"
#: Entries of shared/data/melee/index.json for the files copied into tests/data.
INDEX = {
    TIGULLIO: (11, 4, 2),
    MONT: (20, 4, 0),
    ATLANTA: (83, 6, 0),
    BRISTOL_BO1: (14, 7, 0),
    "bristol-pauper-league-spring-26-rebound-417805-2026-06-18.json": (22, 4, 0),
}


def error_of(raw: str | bytes, file: str = "ev.json", format: str = "auto") -> str:
    """The message of the one InputError that parsing ``raw`` raises."""
    if isinstance(raw, str):
        raw = raw.encode()
    with pytest.raises(InputError) as info:
        parse_event(raw, file, format)
    text = str(info.value)
    assert "\n" not in text and text.startswith(f"{file}: ")
    return text


def native(rounds, **extra) -> str:
    doc = dict(extra)
    doc["rounds"] = [{"round": i + 1, "matches": ms} for i, ms in enumerate(rounds)]
    return json.dumps(doc)


mt = match_dict


SCORE_HINT = "(fix the score or set best_of for longer matches)"


# ------------------------------------------------------------------ bad input, native JSON


def test_unknown_player_json():
    raw = native([[mt("Alice", "Bob", [2, 0, 0]), mt("Carol", "Dave", [2, 1, 0])]],
                 players=["Alice", "Bob", "Carol"])
    assert error_of(raw) == (
        "ev.json: round 1, match 2: unknown player 'Dave' in round 1 "
        "(every player must be in the file's player list; check the spelling)")


def test_player_twice_in_a_round_json():
    raw = native([[mt("Alice", "Bob", [2, 0, 0]), mt("Carol", kind="bye"), mt("Bob", "Carol", [2, 0, 0])]])
    assert error_of(raw) == (
        "ev.json: round 1, match 3: 'Bob' plays twice in round 1 (also at round 1, match 1) "
        "(a player has one match, bye or loss per round)")


@pytest.mark.parametrize("score, problem", [
    ([3, 0, 0], "game score 3-0-0 is impossible in a best-of-3 match"),
    ("0-3", "game score 0-3-0 is impossible in a best-of-3 match"),
    ([-1, 2, 0], "negative game count in -1-2-0"),
    ([2, 0, -1], "negative game count in 2-0--1"),
    ([2, 2, 0], "game score 2-2-0: both players cannot win the match"),
    ("0-0-0", "game score 0-0-0 reports no games (an intentional draw is reported as 0-0-3)"),
    ([1, 1, 9], "game score 1-1-9 has more drawn games than a best-of-3 match allows"),
])
def test_impossible_game_score_json(score, problem):
    raw = native([[mt("Alice", "Bob", [2, 0, 0])], [mt("Alice", "Bob", score)]])
    assert error_of(raw) == f"ev.json: round 2, match 1: {problem} {SCORE_HINT}"


def test_best_of_five_allows_three_nil():
    event = parse_event(native([[mt("Alice", "Bob", [3, 0, 0])]], best_of=5).encode(), "ev.json")
    assert event.best_of == 5 and event.rounds[0].matches[0].a_wins == 3
    raw = native([[mt("Alice", "Bob", [3, 0, 0])]], best_of=1)
    assert error_of(raw) == (
        f"ev.json: round 1, match 1: game score 3-0-0 is impossible in a best-of-1 match {SCORE_HINT}")


def test_round_number_gap_json():
    raw = json.dumps({"rounds": [{"round": 1, "matches": [mt("Alice", "Bob", [2, 0, 0])]},
                                 {"round": 3, "matches": [mt("Alice", "Bob", [2, 0, 0])]}]})
    assert error_of(raw) == (
        "ev.json: round 3, match 1: round 2 is missing (rounds found: 1, 3) "
        "(round numbers must run 1, 2, 3, ... without gaps)")


def test_rounds_out_of_order_json():
    raw = json.dumps({"rounds": [{"round": 2, "matches": [mt("Alice", "Bob", [2, 0, 0])]},
                                 {"round": 1, "matches": [mt("Alice", "Bob", [2, 0, 0])]}]})
    assert error_of(raw) == (
        "ev.json: rounds[1]: round 1 comes after round 2 (list rounds in increasing order, each once)")


def test_duplicated_player_names_json():
    raw = native([[mt("Alice", "Bob", [2, 0, 0])]],
                 players=["Alice", {"name": "Bob", "rating": 1500}, "Carol", "Bob"])
    assert error_of(raw) == (
        "ev.json: players[3]: duplicated player name 'Bob' (also at players[1]) "
        "(every player needs a unique name; add a tag such as 'Name #2')")


def test_pending_match_before_a_later_round_json():
    raw = native([[mt("Alice", "Bob", [2, 0, 0]), mt("Carol", "Dave")],
                  [mt("Alice", "Carol", [2, 0, 0])]])
    assert error_of(raw) == (
        "ev.json: round 1, match 2: round 1 has a match without result but round 2 follows "
        "(only the latest round may be in progress; fill in the result)")


def test_drop_of_unknown_player_json():
    raw = native([[mt("Alice", "Bob", [2, 0, 0])]], drops={"Zed": 1})
    assert error_of(raw) == "ev.json: drops['Zed']: unknown player 'Zed' in a drop"


def test_playing_after_drop_json():
    raw = native([[mt("Alice", "Bob", [2, 0, 0])], [mt("Alice", "Bob", [0, 2, 0])]], drops={"Bob": 1})
    assert error_of(raw) == "ev.json: drops['Bob']: 'Bob' dropped after round 1 but plays in round 2"


@pytest.mark.parametrize("doc, message", [
    ({"rounds": [{"round": 1, "matches": [mt("A", "B", [2, 0, 0])]}], "rules": ["mtg"]},
     "ev.json: rules: must be a text, not ['mtg']"),
    ({"rounds": [{"round": 1, "matches": [mt("A", "B", [2, 0, 0])]}], "swiss_rounds": 0},
     "ev.json: swiss_rounds: swiss_rounds must be from 1 to 99, not 0"),
    ({"rounds": [{"round": 1, "matches": [mt("A", "B", [2, 0, 0])]}], "best_of": 2},
     "ev.json: best_of: best_of must be odd, from 1 to 99, not 2"),
    ({"rounds": [{"round": 1, "matches": [mt("A", "B", [2, 0, 0])]}],
      "players": ["A", {"name": "B", "rating": "high"}]},
     "ev.json: players[1].rating: must be a number, not 'high'"),
    ({"rounds": [{"round": 1, "matches": [mt("A", "B", [2, 0, 0], kind="win")]}]},
     ("ev.json: round 1, match 1: unknown match kind 'win' "
     "(use one of match, bye, loss, half-bye, forfeit, double-loss)")),
    ({"rounds": [{"round": 1, "matches": [mt("A", "A", [2, 0, 0])]}]},
     "ev.json: round 1, match 1: 'A' is paired against themselves"),
    ({"rounds": [{"round": 1, "matches": [{"a": "A", "b": "B", "result": "2-0"}]}]},
     "ev.json: round 1, match 1: unknown key(s) 'result' (known keys: a, b, kind, score, table)"),
    ({"rounds": [{"round": 1, "matches": [mt("A", "B", "2-x-0")]}]},
     "ev.json: round 1, match 1: game count must be a whole number, not 'x'"),
    ({"rounds": [{"round": 1, "matches": [mt("A", "B", [2, 0, 0])]}],
      "standings": [{"rank": 1, "player": "A", "points": 3}]},
     "ev.json: standings[0]: standings row lacks 'omw'"),
    ({"matches": []}, "ev.json: no 'rounds' list (a native JSON event needs a 'rounds' list)"),
])
def test_other_bad_fields_json(doc, message):
    assert error_of(json.dumps(doc)) == message


# ------------------------------------------------------------------ bad input, native CSV


@pytest.mark.parametrize("rows, message", [
    ("1,Alice,Bob,2,0,0,\n1,Carol,Bob,2,1,0,\n",
     ("ev.csv: row 3: 'Bob' plays twice in round 1 (also at row 2) "
     "(a player has one match, bye or loss per round)")),
    ("1,Alice,Bob,3,0,0,\n", f"ev.csv: row 2: game score 3-0-0 is impossible in a best-of-3 match {SCORE_HINT}"),
    ("1,Alice,Bob,-1,0,0,\n", f"ev.csv: row 2: negative game count in -1-0-0 {SCORE_HINT}"),
    ("1,Alice,Bob,2,2,0,\n", f"ev.csv: row 2: game score 2-2-0: both players cannot win the match {SCORE_HINT}"),
    ("1,Alice,Bob,0,0,0,\n",
     "ev.csv: row 2: game score 0-0-0 reports no games (an intentional draw is reported as 0-0-3) "
     + SCORE_HINT),
    ("1,Alice,Bob,2,0,0,\n3,Alice,Bob,2,0,0,\n",
     ("ev.csv: row 3: round 2 is missing (rounds found: 1, 3) "
     "(round numbers must run 1, 2, 3, ... without gaps)")),
    ("1,Alice,Bob,2,0,0,\n2,Alice,Bob,2,0,0,\n1,Carol,Dave,2,0,0,\n",
     "ev.csv: row 4: round 1 comes after round 2 (rows must be sorted by round)"),
    ("1,Alice,Bob,,,,\n2,Alice,Bob,2,0,0,\n",
     ("ev.csv: row 2: round 1 has a match without result but round 2 follows "
     "(only the latest round may be in progress; fill in the result)")),
    ("1,Alice,Bob,2,0,0,\n1,Zed,,,,,drop\n", "ev.csv: row 3: unknown player 'Zed' in a drop"),
    ("1,Alice,Bob,2,0,0,\n1,Bob,,,,,drop\n2,Alice,Bob,2,0,0,\n",
     "ev.csv: row 3: 'Bob' dropped after round 1 but plays in round 2"),
    ("1,Alice,Bob,2,0,0,\n1,Bob,,,,,drop\n1,Bob,,,,,drop\n",
     "ev.csv: row 4: 'Bob' is dropped twice (also at row 3)"),
    ("1,Alice,,2,0,0,\n",
     ("ev.csv: row 2: a match needs player_b "
     "(for a bye or a loss without opponent set kind to 'bye' or 'loss')")),
    ("x,Alice,Bob,2,0,0,\n", "ev.csv: row 2: round must be a whole number, not 'x'"),
    ("\u00b9,Alice,Bob,2,0,0,\n", "ev.csv: row 2: round must be a whole number, not '\u00b9'"),
    ("1,Alice,Bob,--2,0,0,\n", "ev.csv: row 2: a_wins must be a whole number, not '--2'"),
    ("1,Alice,Bob,2,1,0,,extra\n", "ev.csv: row 2: 8 cells but the header has 7 columns"),
    ("1,Alice,Bob,2,,0,\n",
     "ev.csv: row 2: incomplete game score: give wins of A, wins of B and draws"),
    ("1,Alice,Bob,,,,bye\n", "ev.csv: row 2: a bye has no opponent, but 'Bob' is given"),
])
def test_bad_rows_csv(rows, message):
    assert error_of(HEADER + rows, "ev.csv") == message


def test_bad_header_csv():
    assert error_of("round,player,score\n1,A,2-0\n", "ev.csv") == (
        "ev.csv: line 1: header lacks column(s) player_a "
        "(the header must name columns from: round,player_a,player_b,a_wins,b_wins,draws,kind)")
    assert error_of("# swiss_rounds: 5\n# best_of: 4\n" + HEADER + "1,A,B,2,0,0,\n", "ev.csv") == (
        "ev.csv: header comment best_of: best_of must be odd, from 1 to 99, not 4")


def test_row_numbers_count_comment_lines_csv():
    raw = "# name: x\n\n# swiss_rounds: 3\r\n" + HEADER.replace("\n", "\r\n") + "1,A,B,2,0,0,\r\n1,A,C,2,0,0,\r\n"
    assert error_of(raw, "ev.csv") == (
        "ev.csv: row 6: 'A' plays twice in round 1 (also at row 5) "
        "(a player has one match, bye or loss per round)")


# ------------------------------------------------------------------ bad files


def test_empty_file():
    assert error_of(b"") == "ev.json: the file is empty"
    assert error_of(b" \n\t\n") == "ev.json: the file is empty"


def test_not_json_nor_csv():
    assert error_of(b"Alice beat Bob 2-0\n", "ev.txt") == (
        "ev.txt: a text file, not an event file of any format drawsafe reads (battlefy, chessresults, cobra, csv, "
        "json, limitless, melee, mtgo, playhub, pokedata, rk9, sce, spicerack, swissmanager, tdf, topdeck, trf) "
        "(the formats: docs/formats/ in the manual; --format NAME reads a file as one of them)")


def test_invalid_json():
    assert error_of(b'{"rounds": [\n  {"round": 1,, }\n]}') == (
        "ev.json: line 2, column 15: invalid JSON: Expecting property name enclosed in double quotes")


def test_not_utf8():
    assert error_of(b"round,player_a\n1,Ren\xe9e\n", "ev.csv") == (
        "ev.csv: byte 20: the file is not UTF-8 text (save it as UTF-8)")


def test_json_that_is_not_an_event():
    assert error_of(b"[1, 2, 3]") == (
        "ev.json: the JSON must be an object with a 'rounds' list (see the native JSON format in the manual, docs/formats/native.md)")
    assert error_of(b'{"Rounds": []}', format="melee") == (
        "ev.json: not a melee.gg file: it lacks 'Rounds' and 'Tournament'")


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.json"
    with pytest.raises(InputError) as info:
        load_event(path)
    assert str(info.value) == f"{path}: cannot read the file: No such file or directory"


def test_files_are_read_only(tmp_path):
    """Loading (even a bad file) leaves the bytes and the modification time as they were."""
    for name, raw in (("good.csv", (DATA / "native" / "friday.csv").read_bytes()),
                      ("bad.csv", (HEADER + "1,A,B,3,0,0,\n").encode())):
        path = tmp_path / name
        path.write_bytes(raw)
        before = path.stat().st_mtime_ns
        try:
            load_event(path)
        except InputError:
            pass
        assert path.read_bytes() == raw and path.stat().st_mtime_ns == before
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"good.csv", name})


# ------------------------------------------------------------------ good native files


def test_native_csv_and_json_read_as_written():
    csv_event = load_event(DATA / "native" / "friday.csv")
    assert (csv_event.name, csv_event.date, csv_event.swiss_rounds) == (
        "Friday Modern", "2025-03-01", 4)
    assert csv_event.drops == {"Carol": 2}
    assert [len(r.matches) for r in csv_event.rounds] == [3, 3, 2, 2]
    assert csv_event.rounds_played == 3 and not csv_event.rounds[3].complete
    json_event = load_event(DATA / "native" / "friday.json")
    assert json_event.players[-1] == "Erin Ünicode #1234"
    assert json_event.ratings == {"Carol": 1650.0} and json_event.awarded_byes == {"Carol": 1}
    carol_dave = json_event.rounds[1].matches[1]
    assert (carol_dave.a_wins, carol_dave.b_wins, carol_dave.draws) == (2, 0, 0)  # "score": [2, 0]
    assert json_event.rounds[2].matches[1].kind == DOUBLE_LOSS
    assert json_event.standings[0].player == "Carol"


# ------------------------------------------------------------------ melee.gg specifics


def raw_melee(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def published(event) -> dict:
    return {s.player: s for s in event.standings}


def test_melee_keeps_three_nil_as_published():
    """mont-weekly round 3 lists Matiuzzzo v emanosb as 3-0-0; the published standings count it."""
    event = load_event(DATA / MONT)
    m = next(m for m in event.rounds[2].matches if {"Matiuzzzo", "emanosb"} == set(m.players))
    assert (m.player_a, m.a_wins, m.b_wins, m.draws) == ("Matiuzzzo", 3, 0, 0)
    assert ("round 3: Matiuzzzo v emanosb: game score 3-0-0 is impossible in a best-of-3 match; "
            "kept as published") in event.notes
    # The published GW% of Matiuzzzo counts three game wins in that match; 2-0-0 would not match.
    pub = published(event)["Matiuzzzo"]
    floored = event.rules == "mtg"
    gw = naive.standings_lines(event, floored=floored)["Matiuzzzo"].gw
    assert agrees(float(gw), pub.gw, event.precision)
    two_nil = replace(m, a_wins=2)
    rounds = list(event.rounds)
    rounds[2] = replace(rounds[2], matches=tuple(two_nil if x is m else x for x in rounds[2].matches))
    gw2 = naive.standings_lines(replace(event, rounds=tuple(rounds)), floored=floored)["Matiuzzzo"].gw
    assert not agrees(float(gw2), pub.gw, event.precision)


def test_melee_strict_formats_refuse_what_melee_keeps():
    raw = json.dumps({"Tournament": {"Name": "x"}, "Rounds": [
        {"RoundName": "Round 1", "Matches": [{"Player1": "A", "Player2": "B", "Result": "-1-2-0"}]}]})
    assert error_of(raw) == (
        f"ev.json: round 1 (Round 1), match 1: negative game count in -1-2-0 {SCORE_HINT}")


def listed_twice(doc: dict) -> int:
    """Matches listed from both sides, counted straight from the raw file."""
    n = 0
    for rnd in doc["Rounds"]:
        seen = set()
        for m in rnd["Matches"]:
            if m["Player2"] in ("-", None, ""):
                continue
            key = frozenset((m["Player1"], m["Player2"]))
            n += key in seen
            seen.add(key)
    return n


@pytest.mark.parametrize("name", [MONT, ATLANTA, TIGULLIO])
def test_melee_merges_matches_listed_twice(name):
    doc = raw_melee(name)
    twice = listed_twice(doc)
    assert twice > 0
    event = load_event(DATA / name)
    assert f"{twice} match(es) listed twice (once from each side) counted once" in event.notes
    raw_count = sum(len(r["Matches"]) for r in doc["Rounds"])
    assert sum(len(r.matches) for r in event.rounds) == raw_count - twice
    # Every player's record, counted once per match, is the published one (Swiss players only).
    lines = naive.standings_lines(event, len(event.swiss))
    in_playoff = {p for r in event.playoff for p in r.players}
    for player, row in published(event).items():
        if player not in in_playoff:
            line = lines[player]
            assert (line.wins, line.losses, line.draws) == (row.wins, row.losses, row.draws), player


def test_melee_double_listing_with_0_0_0_is_a_double_loss():
    event = load_event(DATA / ATLANTA)
    m = next(m for m in event.rounds[4].matches if "Jackisch" in m.players)
    assert m.kind == DOUBLE_LOSS and set(m.players) == {"Jackisch", "Jackson McMillan"}
    lines = naive.standings_lines(event)
    for player in ("Jackisch", "Jackson McMillan"):
        row = published(event)[player]
        assert (row.wins, row.losses, row.draws) == (2, 3, 0)  # the published record
        line = lines[player]
        assert (line.wins, line.losses, line.draws, line.points) == (2, 3, 0, row.points)


def test_melee_conflicting_double_listing():
    raw = json.dumps({"Tournament": {"Name": "x"}, "Rounds": [{"RoundName": "Round 1", "Matches": [
        {"Player1": "A", "Player2": "B", "Result": "2-1-0"},
        {"Player1": "B", "Player2": "A", "Result": "2-1-0"}]}]})
    assert error_of(raw) == (
        "ev.json: round 1 (Round 1), match 2: A v B is listed twice with different results "
        "(2-1-0 at round 1 (Round 1), match 1) (keep one listing of the match)")
    mirrored = json.dumps({"Tournament": {"Name": "x"}, "Rounds": [{"RoundName": "Round 1", "Matches": [
        {"Player1": "A", "Player2": "B", "Result": "2-1-0"},
        {"Player1": "B", "Player2": "A", "Result": "1-2-0"}]}]})
    event = parse_event(mirrored.encode(), "ev.json")
    assert [(m.player_a, m.a_wins, m.b_wins) for m in event.rounds[0].matches] == [("A", 2, 1)]


def test_melee_bye_and_loss_without_opponent():
    raw = json.dumps({"Tournament": {"Name": "x"}, "Rounds": [{"RoundName": "Round 1", "Matches": [
        {"Player1": "A", "Player2": "B", "Result": "2-1-0"},
        {"Player1": "C", "Player2": "-", "Result": "2-0-0"},
        {"Player1": "D", "Player2": None, "Result": "0-2-0"},
        {"Player1": "E", "Player2": "-", "Result": "1-0-0"}]}]})
    assert error_of(raw) == (
        "ev.json: round 1 (Round 1), match 4: a match without opponent must be 2-0-0 (bye) or 0-2-0 "
        "(loss), not 1-0-0")
    event = parse_event(raw.replace(', {"Player1": "E", "Player2": "-", "Result": "1-0-0"}', "")
                        .encode(), "ev.json")
    assert sorted((m.player_a, m.player_b, m.kind) for m in event.rounds[0].matches) == [
        ("A", "B", MATCH), ("C", None, "bye"), ("D", None, "loss")]


@pytest.mark.parametrize("name", sorted(INDEX))
def test_melee_playoff_detection_local(name):
    """The copied files: players, Swiss rounds and first playoff round as in the data set's index."""
    event = load_event(DATA / name)
    first = len(event.playoff[0].matches) if event.playoff else 0
    assert (len(event.players), len(event.swiss), first) == INDEX[name]
    assert event.swiss_rounds == len(event.swiss)
    assert all(not r.playoff for r in event.rounds[:len(event.swiss)])


def test_melee_playoff_detection_every_file():
    """Every file of shared/data/melee: Swiss rounds and first playoff size as in index.json."""
    index = json.loads((need(MELEE) / "index.json").read_text())
    assert len(index) >= 280
    wrong = []
    for entry in index:
        event = load_event(MELEE / entry["file"])
        first = len(event.playoff[0].matches) if event.playoff else 0
        got = (len(event.swiss), first, len(event.players))
        want = (entry["swiss_rounds"], entry["playoff_first_round_matches"], entry["players"])
        if got != want:
            wrong.append((entry["file"], got, want))
    assert wrong == []


def test_melee_infers_best_of_one():
    for name in INDEX:
        doc = raw_melee(name)
        most = max(max(int(x) for x in m["Result"].split("-")[:2])
                   for r in doc["Rounds"] for m in r["Matches"] if m["Player2"] not in ("-", None))
        assert load_event(DATA / name).best_of == (1 if most <= 1 else 3), name
    assert load_event(DATA / BRISTOL_BO1).best_of == 1


def test_melee_best_of_one_bye_is_one_nil():
    """In the best-of-one file a bye is a 1-0 win: the published GW% of a bye player says so."""
    event = load_event(DATA / BRISTOL_BO1)
    byes = {m.player_a for r in event.swiss for m in r.matches if m.kind == "bye"}
    assert byes
    floored = event.rules == "mtg"
    as_one_nil = naive.standings_lines(event, floored=floored)
    as_two_nil = naive.standings_lines(replace(event, best_of=3), floored=floored)
    for player in byes:
        pub = published(event)[player]
        assert agrees(float(as_one_nil[player].gw), pub.gw, event.precision), player
        assert not agrees(float(as_two_nil[player].gw), pub.gw, event.precision), player


def test_melee_rules_and_precision_by_date():
    assert load_event(DATA / MONT).rules == "mtg-classic"  # 2025-10: own GW% not floored
    assert load_event(DATA / ATLANTA).rules == "mtg"  # 2026-01: floored again
    assert load_event(DATA / TIGULLIO).rules == "mtg-classic"  # 2025-03
    for date, rules in (("2024-05-15T23:00:00", "mtg"), ("2024-05-16", "mtg-classic"),
                        ("2025-11-11T20:00:00+00:00", "mtg-classic"), ("2025-11-12", "mtg")):
        raw = json.dumps({"Tournament": {"Name": "x", "Date": date}, "Rounds": [
            {"RoundName": "Round 1", "Matches": [{"Player1": "A", "Player2": "B", "Result": "2-1-0"}]}]})
        assert parse_event(raw.encode(), "ev.json").rules == rules, date
    for name in INDEX:
        event = load_event(DATA / name)
        decimals = {len(repr(float(r[k])).split(".")[1]) for r in raw_melee(name)["Standings"]
                    for k in ("OMWP", "GWP", "OGWP") if "e" not in repr(float(r[k]))}
        assert event.precision == max(decimals)


def test_local_data_files_exist():
    assert all((DATA / name).exists() for name in INDEX)
    assert Path(DATA / "native" / "friday.csv").exists()


def test_melee_player_twice_in_a_round():
    def melee(matches):
        return json.dumps({"Tournament": {"Name": "x"},
                           "Rounds": [{"RoundName": "Round 1", "Matches": matches}]})

    assert error_of(melee([{"Player1": "A", "Player2": "B", "Result": "2-1-0"},
                           {"Player1": "C", "Player2": "A", "Result": "2-1-0"}])) == (
        "ev.json: round 1 (Round 1), match 2: 'A' plays twice in round 1 "
        "(also at round 1 (Round 1), match 1) (a player has one match, bye or loss per round)")
    # A bye is checked before the round's matches: both places are named either way.
    assert error_of(melee([{"Player1": "A", "Player2": "B", "Result": "2-1-0"},
                           {"Player1": "A", "Player2": "-", "Result": "2-0-0"}])) == (
        "ev.json: round 1 (Round 1), match 1: 'A' plays twice in round 1 "
        "(also at round 1 (Round 1), match 2) (a player has one match, bye or loss per round)")
