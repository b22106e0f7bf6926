"""Chess tiebreaks: the FIDE 2023 exercise, worked examples from the rule texts (the 1998 annex,
seed 004; C.07 2023 and its 2026 caps), and the kernels against tests/naive_chess.py, exactly.

Every expected value below was worked out by hand from the rule text quoted next to it.
"""

from __future__ import annotations

from dataclasses import replace

import naive_chess as nv
import numpy as np
import pytest
from chess_events import chess_event, exercise_event, random_chess_event
from conftest import DATA, FIDE, need

from drawsafe.errors import UsageError
from drawsafe.event import kinds
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.table import compute_standings, tiebreak_table
from drawsafe.tiebreaks import chess as tc
from drawsafe.tiebreaks import values as tb
from drawsafe.tiebreaks.packs import (
    CHESS_PLAIN,
    FIDE_1998,
    FIDE_2026,
    PACKS,
    TIEBREAKS,
    parse_tiebreaks,
    with_tiebreaks,
)
from drawsafe.tiebreaks.packs import FIDE as FIDE_PACK
from drawsafe.tiebreaks.ranking import direct_encounter_column

EXERCISE = DATA / "fide-exercise-2023.csv"
MODE = {"none": tc.UNPLAYED_NONE, "1998": tc.UNPLAYED_1998, "2023": tc.UNPLAYED_2023,
        "2026": tc.UNPLAYED_2026, "virtual": tc.UNPLAYED_VIRTUAL}
#: Every chess key but direct encounter, with its naive twin.
NAIVE = {
    "BH": lambda rec, m, r: nv.buchholz(rec, m),
    "BH-C1": lambda rec, m, r: nv.buchholz(rec, m, 1),
    "BH-C2": lambda rec, m, r: nv.buchholz(rec, m, 2),
    "BH-M1": lambda rec, m, r: nv.buchholz(rec, m, 1, 1),
    "BH-M2": lambda rec, m, r: nv.buchholz(rec, m, 2, 2),
    "SBH": lambda rec, m, r: nv.sum_of_buchholz(rec, m),
    "SB": lambda rec, m, r: nv.sonneborn_berger(rec, m),
    "PS": lambda rec, m, r: nv.progressive(rec),
    "PS-C1": lambda rec, m, r: nv.progressive(rec, 1),
    "PS-C2": lambda rec, m, r: nv.progressive(rec, 2),
    "KS": lambda rec, m, r: nv.koya(rec),
    "WIN": lambda rec, m, r: nv.wins(rec, m),
    "WON": lambda rec, m, r: nv.wins(rec, m, True),
    "ARO": lambda rec, m, r: nv.aro(rec, m, r),
    "ARO-C1": lambda rec, m, r: nv.aro(rec, m, r, 1),
    "TPR": lambda rec, m, r: nv.tpr(rec, m, r),
    "PERF": lambda rec, m, r: nv.lichess_performance(rec, r),
}


def values(event, keys, mode="2023", after_round=None, pack=FIDE_PACK):
    """{player: {key: value}} from the kernels, through the standings code path."""
    rules = replace(pack, tiebreaks=tuple(TIEBREAKS[k] for k in keys), unplayed=MODE[mode])
    snap = take_snapshot(event, after_round)
    table = tiebreak_table(snap, rules)
    return {p: dict(zip(("PTS", *keys), table[i].tolist())) for i, p in enumerate(snap.names)}


def column(event, key, mode="2023", after_round=None):
    return {p: v[key] for p, v in values(event, [key], mode, after_round).items()}


# --- The FIDE exercise (TEC, 2024-03-18), expected values from its README -----------------------

def test_exercise_buchholz_under_the_2023_rules():
    bh = column(exercise_event(EXERCISE), "BH", "2023")
    expected = {1: 12.5, 2: 13, 3: 15.5, 4: 15, 5: 8.5, 8: 13.5, 11: 13.5, 16: 12.5}
    assert {p: bh[str(p)] for p in expected} == expected


def test_exercise_buchholz_cut_1_under_the_2023_rules():
    c1 = column(exercise_event(EXERCISE), "BH-C1", "2023")
    expected = {1: 11, 3: 13, 4: 11.5, 5: 7.5, 7: 12.5, 8: 12, 9: 7.5, 11: 12, 12: 9.5, 13: 12,
                14: 9, 15: 11, 16: 11}
    assert {p: c1[str(p)] for p in expected} == expected


def test_exercise_player_11_without_adjustment():
    """11 won by forfeit against 9: unadjusted, 9's real 1.5 counts (12.5); 2023: a dummy with 11's
    own 2.5 (13.5)."""
    assert column(exercise_event(EXERCISE), "BH", "none")["11"] == 12.5


def test_exercise_under_the_2026_caps():
    """C.07 2026 art. 16.4: a forfeit's dummy is at most the forfeiting opponent's score (11 v 9:
    min(2.5, 1.5)); a round without opponent at most half the maximum, 2.5 of 5 (4's half-point
    bye: min(3.5, 2.5); 6's bye: min(3, 2.5))."""
    bh = column(exercise_event(EXERCISE), "BH", "2026")
    assert (bh["11"], bh["4"], bh["6"]) == (12.5, 14, 11.5)


def test_exercise_median_buchholz_of_player_1():
    """Player 1 met 9 (1.5), 13 (1.5), 2 (4), 15 (2), 4 (3.5), all over the board, and none of them
    withdrew, so 1998 and 2023 agree: median 1 drops 1.5 and 4 (7); median 2 drops both 1.5s, 4
    and 3.5 (2)."""
    event = exercise_event(EXERCISE)
    for mode in ("1998", "2023"):
        got = values(event, ["BH-M1", "BH-M2"], mode)["1"]
        assert (got["BH-M1"], got["BH-M2"]) == (7, 2), mode


def test_exercise_copy_matches_the_shared_data():
    shared = need(FIDE / "fide-exercise-2023.csv")
    assert shared.read_bytes() == EXERCISE.read_bytes()


@pytest.mark.parametrize("mode", nv.MODES)
def test_exercise_every_tiebreak_matches_the_naive_twin(mode):
    assert_matches_naive(exercise_event(EXERCISE), mode)


# --- Worked examples: an event with every game played (annex 1998, 2.1-2.3) ----------------------

E1 = [["A-B 1", "C-D =", "E-F 0"], ["A-C =", "B-E 1", "D-F 1"], ["A-D 1", "B-F =", "C-E 1"],
      ["A-F 0", "B-C 1", "D-E ="]]
E1_RATINGS = {"A": 2010, "B": 1905, "C": 1820, "D": 1733, "E": 1600, "F": 1497}
# Scores A 2.5, B 2.5, C 2, D 2, E 0.5, F 2.5.  A met B C D F; B: A E F C; C: D A E B;
# D: C F A E; E: F B C D; F: E D B A.
E1_EXPECTED = {
    # 2.2.1.1 sum of the opponents' scores
    "BH": {"A": 9, "B": 7.5, "C": 7.5, "D": 7.5, "E": 9, "F": 7.5},
    # 2.2.1.4 less the lowest (A: 2 of C or D; B: E's 0.5), 2.2.1.5 the two lowest
    "BH-C1": {"A": 7, "B": 7, "C": 7, "D": 7, "E": 7, "F": 7},
    "BH-C2": {"A": 5, "B": 5, "C": 5, "D": 5, "E": 5, "F": 5},
    # 2.2.1.2 less the highest and the lowest; 2.2.1.3 two of each: nothing left of 4 rounds
    "BH-M1": {"A": 4.5, "B": 4.5, "C": 4.5, "D": 4.5, "E": 4.5, "F": 4.5},
    "BH-M2": {"A": 0, "B": 0, "C": 0, "D": 0, "E": 0, "F": 0},
    # 2.2.1.6 sum of the opponents' Buchholz (A: 7.5 x 4; B: 9 + 9 + 7.5 + 7.5)
    "SBH": {"A": 30, "B": 33, "C": 33, "D": 33, "E": 30, "F": 33},
    # 2.2.2.1 beaten opponents' scores + half the drawn ones' (A: B 2.5 + C 1 + D 2)
    "SB": {"A": 5.5, "B": 3.75, "C": 2.75, "D": 3.75, "E": 1, "F": 4.25},
    # 2.1.1 running scores summed (A: 1 + 1.5 + 2.5 + 2.5); 2.1.1.1 cuts from round 1
    "PS": {"A": 7.5, "B": 5, "C": 5.5, "D": 5.5, "E": 0.5, "F": 6},
    "PS-C1": {"A": 6.5, "B": 5, "C": 5, "D": 5, "E": 0.5, "F": 5},
    "PS-C2": {"A": 5, "B": 4, "C": 4, "D": 3.5, "E": 0.5, "F": 4},
    # 2.1.3 points against opponents with 50% (2 of 4) or more: everyone but E
    "KS": {"A": 2.5, "B": 1.5, "C": 1, "D": 1.5, "E": 0.5, "F": 1.5},
    # 2.1.5 games won
    "WIN": {"A": 2, "B": 2, "C": 1, "D": 1, "E": 0, "F": 2},
    # 2.3.1 (A: 6955 / 4 = 1738.75); 2.3.1.1 less the lowest (A: 5458 / 3 = 1819.3)
    "ARO": {"A": 1739, "B": 1732, "C": 1812, "D": 1732, "E": 1739, "F": 1812},
    "ARO-C1": {"A": 1819, "B": 1810, "C": 1883},
    # 2.3.2 ARO + dp(p): A 2.5/4 = 62.5% rounds to 63%, dp 95; E 12.5% -> 13%, dp -322
    "TPR": {"A": 1834, "B": 1827, "C": 1812, "E": 1417},
}


@pytest.mark.parametrize("key", sorted(E1_EXPECTED))
def test_annex_1998_worked_example(key):
    got = column(chess_event(E1, ratings=E1_RATINGS), key, "1998")
    assert {p: got[p] for p in E1_EXPECTED[key]} == E1_EXPECTED[key]


def test_without_unplayed_rounds_every_rule_agrees():
    event = chess_event(E1, ratings=E1_RATINGS)
    keys = list(NAIVE)
    tables = [values(event, keys, mode) for mode in nv.MODES]
    assert all(t == tables[0] for t in tables)


def test_direct_encounter_decides_a_group_that_has_all_met():
    """2.1.4: A, B, F on 2.5 have all met: F beat A, A beat B, B-F drawn: F 1.5, A 1, B 0.5."""
    event = chess_event(E1, ratings=E1_RATINGS)
    de = column(event, "DE", "2023")
    assert (de["F"], de["A"], de["B"]) == (2, 1, 0)
    assert (de["C"], de["D"]) == (0, 0)  # drew each other: not separated
    rules = replace(FIDE_PACK, tiebreaks=(TIEBREAKS["DE"], TIEBREAKS["BH"]))
    rows = compute_standings(take_snapshot(event), rules).rows
    assert [r.player for r in rows[:3]] == ["F", "A", "B"]
    assert rows[3].tied and rows[4].tied and {rows[3].player, rows[4].player} == {"C", "D"}


def test_fide_pack_orders_the_worked_example():
    """fide: BH-C1 (all 7), then BH (A 9), SB (F 4.25 > B 3.75; D 3.75 > C 2.75)."""
    rows = compute_standings(take_snapshot(chess_event(E1)), FIDE_PACK).rows
    assert [r.player for r in rows] == ["A", "F", "B", "D", "C", "E"]
    assert [r.points for r in rows] == [2.5, 2.5, 2.5, 2, 2, 0.5]


# --- Unplayed rounds under each rule ------------------------------------------------------------

# T has a full bye in round 1, S a half-point bye in round 2; in round 3 P wins by forfeit
# against T and R is not paired.  Scores P 3, Q 2, R 0.5, S 1, T 1.
E2 = [["P-Q 1", "R-S =", "T bye"], ["P-R 1", "T-Q 0", "S half"], ["P-T +", "Q-S 1"]]
E2_EXPECTED = {
    # unadjusted: every scheduled opponent's real score, 0 without opponent (P: 2 + 0.5 + T's 1)
    ("BH", "none"): {"P": 3.5, "Q": 5, "R": 4, "S": 2.5, "T": 5},
    # 1998, 1: every unplayed result a draw against oneself.  Tiebreak scores P 2.5 (1 + 1 + 1/2),
    # Q 2, R 1, S 1, T 1; P: Q 2 + R 1 + himself 2.5
    ("BH", "1998"): {"P": 5.5, "Q": 4.5, "R": 4.5, "S": 4, "T": 4},
    # 2023: a dummy with one's own score; R's missing last round counts as a draw for his
    # opponents (S: R 1 + herself 1 + Q 2)
    ("BH", "2023"): {"P": 6, "Q": 5, "R": 4.5, "S": 4, "T": 4},
    # 2026: P's forfeit dummy capped at T's 1
    ("BH", "2026"): {"P": 4, "Q": 5, "R": 4.5, "S": 4, "T": 4},
    # 2023: voluntary unplayed rounds are cut first (R's absence, S's half bye, T's forfeit loss)
    ("BH-C1", "2023"): {"P": 5, "Q": 4, "R": 4, "S": 3, "T": 3},
    # 1998: P beat Q (2) and R (1) and drew himself (2.5 / 2)
    ("SB", "1998"): {"P": 4.25, "Q": 2, "R": 1, "S": 1, "T": 1},
    # 2023: the dummy times the points of the round (P: 2 + 1 + 3 x 1; S: 1/2 + 1 x 1/2)
    ("SB", "2023"): {"P": 6, "Q": 2, "R": 0.5, "S": 1, "T": 1},
    # wins: forfeits and byes count (2023), or only games over the board (1998)
    ("WIN", "2023"): {"P": 3, "Q": 2, "R": 0, "S": 0, "T": 1},
    ("WIN", "1998"): {"P": 2, "Q": 2, "R": 0, "S": 0, "T": 0},
    ("WON", "2023"): {"P": 2, "Q": 2, "R": 0, "S": 0, "T": 0},
    # progressive scores and Koya: the real results only ("in these Systems only the result
    # counts"); Koya threshold 1.5 of 3: only P and Q qualify as opponents
    ("PS", "1998"): {"P": 6, "Q": 3, "R": 1.5, "S": 2.5, "T": 3},
    ("KS", "1998"): {"P": 1, "Q": 0, "R": 0, "S": 0, "T": 0},
    # virtual draws (German opens): scores as opponents see them P 2.5 (the forfeit win a draw),
    # Q 2, R 0.5 (his round not paired at 0), S 1 (the half bye a draw), T 1 (bye and forfeit loss
    # draws).  P: Q 2 + R 0.5 + T with round 3 at its result (1 - 1/2 + 0); T: own bye 3 x 1/2 +
    # Q 2 + P with round 3 at its result (2.5 - 1/2 + 1); R: S 1 + P 2.5 + not paired 0
    ("BH", "virtual"): {"P": 3, "Q": 4.5, "R": 3.5, "S": 4, "T": 6.5},
    # the forfeit win and the bye count as draws (P: 2 + 0.5 + 1/2 x 0.5; T: 1/2 x 1.5)
    ("SB", "virtual"): {"P": 2.75, "Q": 2, "R": 0.5, "S": 1, "T": 0.75},
    ("WIN", "virtual"): {"P": 3, "Q": 2, "R": 0, "S": 0, "T": 1},
}


@pytest.mark.parametrize(("key", "mode"), sorted(E2_EXPECTED))
def test_unplayed_rounds_worked_example(key, mode):
    assert column(chess_event(E2), key, mode) == E2_EXPECTED[key, mode]


def test_a_bye_for_a_player_above_half_is_capped_in_2026():
    """X: 2 of 2 with a bye in round 2; Z: 1.5 with a bye in round 1; Y: 0.5."""
    event = chess_event([["X-Y 1", "Z bye"], ["X bye", "Y-Z ="]])
    expected = {"none": (0.5, 3.5, 0.5), "1998": (2, 2.5, 1.5), "2023": (2.5, 3.5, 2),
                "2026": (1.5, 3.5, 1.5)}
    for mode, want in expected.items():
        bh = column(event, "BH", mode)
        assert (bh["X"], bh["Y"], bh["Z"]) == want, mode


def test_lichess_performance_worked_example():
    """lichess: mean of (opponent's rating +500 win / -500 loss / 0 draw), whole part.  A beat
    B (1500) and drew C (1700): (2000 + 1700) / 2 = 1850; B lost to A (1600) and beat C: (1100 +
    2200) / 2 = 1650; C drew A, lost to B: (1600 + 1000) / 2 = 1300; D had byes only: own 1234."""
    event = chess_event([["A-B 1", "D bye"], ["A-C =", "D half"], ["B-C 1"]],
                        ratings={"A": 1600, "B": 1500, "C": 1700, "D": 1234.6})
    perf = column(event, "PERF", "none")
    assert perf == {"A": 1850, "B": 1650, "C": 1300, "D": 1234}
    unrated = chess_event([["A-B 1"]], ratings={"A": 1600})
    assert column(unrated, "PERF", "none") == {"A": 0, "B": 1100}


# --- Direct encounter: iteration and the Swiss rule ----------------------------------------------

def test_direct_encounter_is_applied_again_to_those_still_tied():
    """W X Y Z all on 2 and all met: W 2, X 1.5, Y 1.5, Z 1 among them; X beat Y."""
    event = chess_event([["W-X =", "Y-Z 1"], ["W-Y =", "X-Z 0"], ["W-Z 1", "X-Y 1"],
                         ["W-O1 0", "X-O2 =", "Y-O3 =", "Z-O4 1"]])
    for mode in ("1998", "2023"):
        de = column(event, "DE", mode)
        assert [de[p] for p in "WXYZ"] == [3, 2, 1, 0]


def test_direct_encounter_separates_an_uncatchable_leader_in_a_swiss():
    """A1 beat A2 and A3, who never met: nobody can reach A1's 2 (the others' most is 1)."""
    event = chess_event([["A1-A2 1", "A3-B1 1"], ["A1-A3 1", "A2-B2 1"],
                         ["A1-B3 0", "A2-B4 1", "A3-B5 1"]])
    assert [column(event, "DE", "2023")[p] for p in ("A1", "A2", "A3")] == [2, 0, 0]
    assert [column(event, "DE", "1998")[p] for p in ("A1", "A2", "A3")] == [0, 0, 0]


def test_direct_encounter_does_not_separate_a_catchable_leader():
    """A1 beat A2; A3 met neither and could still reach 2 > A1's 1."""
    event = chess_event([["A1-A2 1", "A3-B1 1"], ["A1-B2 0", "A2-B3 1", "A3-B4 0"]])
    assert [column(event, "DE", "2023")[p] for p in ("A1", "A2", "A3")] == [0, 0, 0]


def test_direct_encounter_column_on_arrays():
    """The kernel on bare arrays: players 0-2 tied (key 5), 3 apart; 0 beat 1, 1 beat 2, 2 beat 0
    (a cycle: 1 point each, not separated; the others' rounds are byes)."""
    opp = np.array([[1, -1, 2], [0, 2, -1], [-1, 1, 0], [-1, -1, -1]], dtype=np.int32)
    kind = np.where(opp >= 0, kinds.PLAYED, kinds.BYE).astype(np.int8)
    gw = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1], [1, 1, 1]], dtype=np.int8)
    gl = np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0], [0, 0, 0]], dtype=np.int8)
    keys = np.array([[5.0, 9], [5, 9], [5, 9], [2, 9]])
    table = np.array([0, 1, 2], dtype=np.int64)
    direct_encounter_column(keys, 1, opp, kind, gw, gl, 3, table, True)
    assert keys[:, 1].tolist() == [0, 0, 0, 0]
    gw[0, 2] = gl[0, 2] = gw[2, 2] = gl[2, 2] = 0  # 2-0 drawn instead: 0 1.5, 1 1, 2 0.5
    direct_encounter_column(keys, 1, opp, kind, gw, gl, 3, table, True)
    assert keys[:, 1].tolist() == [2, 1, 0, 0]


# --- The kernels against the naive twin ----------------------------------------------------------

def assert_matches_naive(event, mode, after_round=None):
    snap = take_snapshot(event, after_round)
    nr = snap.kind.shape[1]
    rec = nv.records(event, nr)
    got = values(event, list(NAIVE), mode, after_round)
    for key, twin in NAIVE.items():
        want = twin(rec, mode, event.ratings)
        for p in event.players:
            assert got[p][key] == float(want[p]), (key, mode, p, got[p][key], want[p])
    # direct encounter, first and after Buchholz: groups from the naive values before it
    members = [p for p in event.players if any(x.kind != "absent" for x in rec[p])]
    points, bh = nv.score(rec), nv.buchholz(rec, mode)
    for keys, group_key in ((["DE"], lambda p: points[p]),
                            (["BH", "DE"], lambda p: (points[p], bh[p]))):
        got = values(event, keys, mode, after_round)
        groups = {}
        for p in members:
            groups.setdefault(group_key(p), []).append(p)
        want = nv.direct_encounter(rec, list(groups.values()), mode != "1998")
        assert {p: got[p]["DE"] for p in event.players} == want, (keys, mode)


@pytest.mark.parametrize("mode", nv.MODES)
@pytest.mark.parametrize("seed", range(12))
def test_random_events_match_the_naive_twin(seed, mode):
    event = random_chess_event(seed)
    assert_matches_naive(event, mode)
    if len(event.swiss) > 2:
        assert_matches_naive(event, mode, after_round=len(event.swiss) - 1)


@pytest.mark.parametrize("seed", range(4))
def test_round_robins_match_the_naive_twin(seed):
    """Small groups where everyone has met: direct encounter decides more often."""
    event = random_chess_event(100 + seed, players=4, rounds=5)
    for mode in nv.MODES:
        assert_matches_naive(event, mode)


# --- Consistency with the shared code ------------------------------------------------------------

def test_round_points_agree_with_the_shared_round_result():
    table = np.array([0, 1, 2], dtype=np.int64)
    for k in kinds.KIND_NAMES:
        for a, b in ((1, 0), (0, 1), (0, 0)):
            want = 0 if k == kinds.ABSENT else table[tb.round_result(k, a, b)]
            assert tc.round_points(k, a, b, table) == want, (k, a, b)


def test_chess_packs_score_in_half_points():
    for pack in (FIDE_PACK, FIDE_2026, FIDE_1998, CHESS_PLAIN):
        assert pack.points == (0, 1, 2) and pack.point_scale == 2
        assert pack.flags(False)[tb.FLAG_UNPLAYED] == pack.unplayed
    assert [FIDE_PACK.unplayed, FIDE_2026.unplayed, FIDE_1998.unplayed, CHESS_PLAIN.unplayed] == [
        tc.UNPLAYED_2023, tc.UNPLAYED_2026, tc.UNPLAYED_1998, tc.UNPLAYED_NONE]
    assert {"fide", "fide-2026", "fide-1998", "chess-plain", "pokemon"} <= set(PACKS)


def test_unknown_code_is_an_error():
    snap = take_snapshot(chess_event(E1))
    out = np.zeros((snap.players, 2))
    with pytest.raises(ValueError):
        tb.tiebreak_values(snap.opp, snap.kind, snap.gw, snap.gl, snap.gd, 4,
                           np.array([0, 1, 2]), np.array([0, tc.LAST + 1], dtype=tb.CODES_DTYPE),
                           FIDE_PACK.flags(False), snap.ratings, out)


# --- The tiebreak registry and --tiebreaks -------------------------------------------------------

def test_every_tiebreak_has_a_name_and_a_definition():
    for key, t in TIEBREAKS.items():
        assert t.name and len(t.definition) > 20, key
        assert t.percent == (t.decimals is None), key
    assert {t.code for t in TIEBREAKS.values()} >= set(range(tc.FIRST, tc.LAST + 1))


def test_parse_tiebreaks():
    assert [t.key for t in parse_tiebreaks(" bh-c1, BH ,sb,Win")] == ["BH-C1", "BH", "SB", "WIN"]
    assert [t.key for t in parse_tiebreaks("PTS,DE")] == ["DE"]
    custom = with_tiebreaks(FIDE_1998, "ARO,TPR")
    assert (custom.keys, custom.unplayed, custom.points) == (("ARO", "TPR"), tc.UNPLAYED_1998,
                                                             (0, 1, 2))


@pytest.mark.parametrize(("spec", "message"), [
    ("", ("--tiebreaks '': give tiebreak keys separated by commas, e.g. BH-C1,BH,SB,WIN "
          "(see `drawsafe rules`)")),
    ("BH,,SB", ("--tiebreaks 'BH,,SB': give tiebreak keys separated by commas, e.g. "
                "BH-C1,BH,SB,WIN (see `drawsafe rules`)")),
    ("BH,PTS", "--tiebreaks 'BH,PTS': points always rank first; leave PTS out"),
    ("BH,bh", "--tiebreaks 'BH,bh': BH is given twice (or with its variant)"),
    ("GW,GW-RAW", "--tiebreaks 'GW,GW-RAW': GW-RAW is given twice (or with its variant)"),
    ("BH,MB", "--tiebreaks 'BH,MB': unknown tiebreak 'MB'; known: " + ", ".join(TIEBREAKS)),
])
def test_parse_tiebreaks_errors(spec, message):
    with pytest.raises(UsageError) as e:
        parse_tiebreaks(spec)
    assert str(e.value) == message
