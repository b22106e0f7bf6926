"""FIDE TRF-16: reading every result code, one clear error per malformed input, writing, and the
round trip (written and read back, a chess event gives identical standings)."""

from __future__ import annotations

import json

import pytest
from chess_events import chess_event, exercise_event, random_chess_event
from click.testing import CliRunner
from conftest import DATA

from drawsafe.cli.main import main
from drawsafe.errors import InputError
from drawsafe.event.io import parse_event
from drawsafe.event.io.trf import read_trf, write_trf
from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, HALF_BYE, LOSS, Match
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import CHESS_PLAIN, FIDE, FIDE_1998, FIDE_2026, POKEMON


def player(number: int, name: str, rating: int | None, points: str, blocks: list[str]) -> str:
    """An 001 line laid out column by column as TRF-16 specifies (independently of the writer)."""
    cols = [" "] * 91
    def put(first: int, text: str) -> None:  # 1-based first column
        cols[first - 1:first - 1 + len(text)] = list(text)
    put(1, "001")
    put(5, f"{number:4d}")
    put(15, name)
    if rating:
        put(49, f"{rating:4d}")
    put(81, f"{points:>4}")
    put(86, f"{number:4d}")
    return ("".join(cols) + "  ".join(blocks)).rstrip()


SAMPLE = [
    "012 Sample Open",
    "042 2025/10/04",
    "XXR 5",
    player(1, "Alpha", 2100, "3.0", ["   2 w 1", "   3 b =", "0000 - H", "   4 w +"]),
    player(2, "Bravo", 1950, "2.0", ["   1 b 0", "   4 w W", "   3 b L", "0000 - U"]),
    player(3, "Charlie", None, "3.0", ["   4 w D", "   1 w =", "   2 w W", "   5 b 1"]),
    player(4, "Delta", 1800, "0.5", ["   3 b D", "   2 b L", "   5 - -", "   1 b -"]),
    player(5, "Echo", 1700, "1.0", ["0000 - Z", "0000 - F", "   4 - -", "   3 w 0"]),
    player(6, "Foxtrot", 1600, "1.0", ["0000 - +", "        ", "0000 - -"]),
]


def sample(lines=None) -> str:
    return "\n".join(SAMPLE if lines is None else lines) + "\n"


def with_line(i: int, new: str) -> str:
    lines = list(SAMPLE)
    lines[i] = new
    return sample(lines)


def test_every_result_code_is_read():
    event = read_trf(sample(), "s.trf")
    assert event.players == ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot")
    assert event.ratings == {"Alpha": 2100, "Bravo": 1950, "Delta": 1800, "Echo": 1700,
                             "Foxtrot": 1600}
    assert (event.name, event.swiss_rounds, event.date, event.rules, event.best_of) == (
        "Sample Open", 5, "2025-10-04", "fide", 1)
    got = [{(m.kind, m.player_a, m.player_b, m.a_wins, m.b_wins, m.draws) for m in r.matches}
           for r in event.swiss]
    expected = [
        [Match(1, "Alpha", "Bravo", 1, 0, 0), Match(1, "Charlie", "Delta", 0, 0, 1),
         Match(1, "Echo", kind=LOSS), Match(1, "Foxtrot", kind=BYE)],
        [Match(2, "Charlie", "Alpha", 0, 0, 1), Match(2, "Bravo", "Delta", 1, 0, 0),
         Match(2, "Echo", kind=BYE)],
        [Match(3, "Alpha", kind=HALF_BYE), Match(3, "Charlie", "Bravo", 1, 0, 0),
         Match(3, "Delta", "Echo", kind=DOUBLE_LOSS)],
        [Match(4, "Alpha", "Delta", kind=FORFEIT), Match(4, "Bravo", kind=BYE),
         Match(4, "Echo", "Charlie", 0, 1, 0)],
    ]
    assert got == [{(m.kind, m.player_a, m.player_b, m.a_wins, m.b_wins, m.draws) for m in r}
                   for r in expected]
    assert event.notes == ()


def test_points_and_tiebreaks_of_the_sample():
    """Alpha: 1 + 1/2 + 1/2 (H) + 1 (+) = 3; Charlie 3; Foxtrot withdrew after a round-1 bye."""
    table = compute_standings(take_snapshot(read_trf(sample(), "s.trf")), FIDE)
    points = {r.player: r.points for r in table.rows}
    assert points == {"Alpha": 3, "Charlie": 3, "Bravo": 2, "Echo": 1, "Foxtrot": 1, "Delta": 0.5}
    # 2023 rule: Alpha's half bye and forfeit win are dummies with Alpha's own 3 points;
    # Bravo 2 + Charlie 3 + 3 + 3 = 11
    assert table.by_player()["Alpha"].values["BH"] == 11
    assert table.by_player()["Foxtrot"].dropped


def test_listed_points_that_differ_become_a_note():
    text = with_line(3, player(1, "Alpha", 2100, "2.5", SAMPLE[3][91:].split("  ")))
    assert read_trf(text, "s.trf").notes == (
        "line 4: Alpha is listed with 2.5 points but the results give 3.0",)


@pytest.mark.parametrize(("date", "rules"), [("2026/03/15", "fide-2026"),
                                             ("01.03.2026", "fide-2026"),
                                             ("2026-02-28", "fide"), ("26/03/01", "fide")])
def test_start_date_selects_the_tiebreak_rules(date, rules):
    assert read_trf(with_line(1, f"042 {date}"), "s.trf").rules == rules


def test_auto_detection_routes_trf():
    assert parse_event(sample().encode(), "s.trf").format == "trf"


ERRORS = [
    (with_line(3, SAMPLE[3].replace("   2 w 1", "   2 x 1")),
     ("s.trf: line 4: round 1: malformed block '   2 x 1' (columns 92-99) (expected 'NNNN c r': "
      "opponent number, colour w/b/-, result code)")),
    (with_line(4, SAMPLE[4].replace("   1 b 0", "   1 b 1")),
     ("s.trf: line 4: round 1: player 1 reports '1' against 2 but player 2 (line 5) reports '1' "
      "(the two sides of a game must agree (1/0, =/=, +/-, -/-))")),
    (with_line(3, SAMPLE[3].replace("   2 w 1", "   9 w 1")),
     "s.trf: line 4: round 1: opponent 9 has no 001 line"),
    (with_line(3, SAMPLE[3].replace("   3 b =", "   6 b =")),
     ("s.trf: line 4: round 2: player 1 is paired with 6, but player 6's line 9 has nothing in "
      "round 2")),
    (with_line(3, SAMPLE[3].replace("   2 w 1", "   1 w 1")),
     "s.trf: line 4: round 1: player 1 is paired against themselves"),
    (with_line(4, SAMPLE[4].replace("   2", "   1", 1)),
     "s.trf: line 5: start number 1 is used twice (also on line 4)"),
    (with_line(4, SAMPLE[4].replace("   2", "  x2", 1)),
     "s.trf: line 5: start number (columns 5-8) must be a positive whole number, not '  x2'"),
    (with_line(4, SAMPLE[4].replace("1950", "19x0")),
     ("s.trf: line 5: rating (columns 49-52) must be a whole number, not '19x0' (are the columns "
      "shifted?)")),
    (with_line(8, SAMPLE[8].replace("0000 - +", "   3 - H")),
     "s.trf: line 9: round 1: result 'H' is a bye, but an opponent (3) is given"),
    (with_line(8, SAMPLE[8].replace("0000 - +", "0000 w 1")),
     "s.trf: line 9: round 1: a game result '1' needs an opponent number"),
    (with_line(2, "XXR 3"), ("s.trf: line 3: the file announces 3 rounds but its player lines "
                             "have results for 4")),
    (with_line(2, "XXR five"), ("s.trf: line 3: XXR: number of rounds must be a whole number from "
                                "1 to 999, not 'five'")),
    (with_line(2, "XXR\t5"), ("s.trf: line 3: a tab character in a fixed-width TRF line (TRF "
                              "columns are counted in characters; replace tabs by spaces)")),
    (with_line(7, SAMPLE[7].replace("Echo", "Bravo")),
     ("s.trf: line 8: duplicated player name 'Bravo' (also at line 5) (every player needs a unique "
      "name; add a tag such as 'Name #2')")),
    ("012 Nothing\nXXR 5\n", "s.trf: no 001 player lines (is it a FIDE TRF file?)"),
]


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_malformed_input_names_file_line_and_problem(text, message):
    with pytest.raises(InputError) as e:
        read_trf(text, "s.trf")
    assert str(e.value) == message


def test_a_pending_pairing_is_allowed_in_the_last_round_only():
    lines = list(SAMPLE)
    lines[5] = lines[5].replace("   5 b 1", "   5 b  ")
    lines[7] = lines[7].replace("   3 w 0", "   3 w  ")
    event = read_trf(sample(lines), "s.trf")
    assert not event.swiss[3].complete and event.rounds_played == 3
    lines[3] = lines[3].replace("   2 w 1", "   2 w  ")
    lines[4] = lines[4].replace("   1 b 0", "   1 b  ")
    with pytest.raises(InputError, match="round 1 has a match without result but round 4 follows"):
        read_trf(sample(lines), "s.trf")


def standings_of(event, rules):
    return [(r.rank, r.player, r.points, r.wins, r.losses, r.draws, r.values, r.tied, r.dropped)
            for r in compute_standings(take_snapshot(event), rules, seed=7).rows]


@pytest.mark.parametrize("seed", range(16))
def test_round_trip_gives_identical_standings(seed):
    event = random_chess_event(seed, pending=seed % 4 == 3)
    back = read_trf(write_trf(event), "rt.trf")
    assert back.players == event.players
    assert back.ratings == event.ratings
    assert back.swiss_rounds == event.swiss_rounds
    for rules in (FIDE, FIDE_2026, FIDE_1998, CHESS_PLAIN, POKEMON):
        assert standings_of(back, rules) == standings_of(event, rules), rules.name
    assert write_trf(back) == write_trf(event)


def test_exercise_through_trf():
    event = exercise_event(DATA / "fide-exercise-2023.csv")
    back = read_trf(write_trf(event), "ex.trf")
    bh = {r.player: r.values["BH"] for r in compute_standings(take_snapshot(back), FIDE).rows}
    assert (bh["1"], bh["4"], bh["11"]) == (12.5, 15, 13.5)


def test_written_columns_follow_the_specification():
    event = read_trf(sample(), "s.trf")
    lines = write_trf(event).splitlines()
    alpha = next(ln for ln in lines if ln.startswith("001") and "Alpha" in ln)
    assert (alpha[4:8], alpha[14:19], alpha[48:52], alpha[80:84], alpha[91:99]) == (
        "   1", "Alpha", "2100", " 3.0", "   2 w 1")
    assert lines[:3] == ["012 Sample Open", "042 2025-10-04", "XXR 5"]


def test_a_name_too_long_for_the_name_field_is_refused():
    event = chess_event([["A-" + "x" * 34 + " 1"]])
    with pytest.raises(ValueError, match="longer than the 33 columns"):
        write_trf(event)


# --- The command line ---------------------------------------------------------------------------

@pytest.fixture
def trf_file(tmp_path):
    path = tmp_path / "exercise.trf"
    path.write_text(write_trf(exercise_event(DATA / "fide-exercise-2023.csv")), encoding="utf-8")
    return path


def test_standings_of_a_trf_file(trf_file):
    result = CliRunner().invoke(main, ["standings", str(trf_file), "--rules", "fide"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["Rank", "Player", "Pts", "W-L-D", "BH-C1", "BH", "SB", "DE", "WIN"]
    assert lines[2].split()[:5] == ["1", "2", "4.0", "3-0-2", "12.0"]
    assert lines[3].split()[:6] == ["2", "3", "3.5", "2-0-3", "13.0", "15.5"]
    assert "rules fide (--rules)" in result.stderr


def test_standings_json_of_a_trf_file_with_custom_tiebreaks(trf_file):
    result = CliRunner().invoke(main, ["standings", str(trf_file), "--json",
                                       "--tiebreaks", "bh-c1,BH,SB,WIN"])
    assert result.exit_code == 0, result.output
    rows = {r["player"]: r for r in json.loads(result.stdout)}
    assert (rows["1"]["points"], rows["1"]["bh-c1"], rows["1"]["bh"]) == (3.5, 11.0, 12.5)
    assert "tiebreaks from --tiebreaks: BH-C1, BH, SB, WIN" in result.stderr


def test_unknown_tiebreak_key_is_a_usage_error(trf_file):
    result = CliRunner().invoke(main, ["standings", str(trf_file), "--tiebreaks", "BH,XYZ"])
    assert result.exit_code == 2
    assert result.stderr.startswith("drawsafe: error: --tiebreaks 'BH,XYZ': unknown tiebreak "
                                    "'XYZ'; known: OMW, GW, GW-RAW, OGW, BH, BH-C1")
