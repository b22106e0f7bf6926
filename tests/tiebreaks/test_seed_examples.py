"""The worked examples of the Magic Tournament Rules, Appendix C (shared/seeds/000_...txt).

Each example is rebuilt as a small native-JSON event whose records are exactly the example's, and
the kernel output (through the standings) is compared with the exact fraction and with the figure
the text prints (rounded to 2 or 3 decimals), under both rule packs:

- ``mtg``: current rules, a player's own GW% floored at 1/3 (player I gets 1/3);
- ``mtg-classic``: the older wording of the seed text, own GW% not floored (player I gets 9/33).

MW% is not a standings column, so it is read through a *witness*: a player who meets the hero once
and then loses to an *anchor* who plays only that match (MW% 1).  The witness's OMW% is then
``(MW%(hero) + 1) / 2``, which tells a floored 1/3 apart from "no opponent".
"""

from __future__ import annotations

import json
import re
from fractions import Fraction as F

import pytest
from conftest import SEEDS, need

from drawsafe.event.io import parse_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

RULES = ("mtg", "mtg-classic")
SEED = "000_d9f59a25e8b97a9d.txt"
SCORE = {"W": [2, 0, 0], "L": [0, 2, 0], "D": [0, 0, 3]}
FLIP = {"W": "L", "L": "W", "D": "D"}


class EventDoc:
    """A native JSON event assembled round by round, with fresh filler opponents on demand."""

    def __init__(self, rounds: int):
        self.rounds: list[list[dict]] = [[] for _ in range(rounds)]
        self.fillers = 0
        self.drops: dict[str, int] = {}

    def busy(self, r: int, player: str) -> bool:
        return any(player in (m["a"], m.get("b")) for m in self.rounds[r - 1])

    def play(self, r: int, a: str, b: str, score) -> None:
        assert not self.busy(r, a) and not self.busy(r, b)
        self.rounds[r - 1].append({"a": a, "b": b, "score": score})

    def result(self, r: int, a: str, b: str, result: str) -> None:
        """``a`` gets ``result`` (W/L/D) against ``b`` in round ``r``."""
        self.play(r, a, b, SCORE[result])

    def bye(self, r: int, a: str) -> None:
        assert not self.busy(r, a)
        self.rounds[r - 1].append({"a": a, "kind": "bye"})

    def filler(self) -> str:
        self.fillers += 1
        return f"filler {self.fillers}"

    def record(self, player: str, wins: int, losses: int, draws: int) -> None:
        """Give ``player`` this many more results, against fresh fillers, in their free rounds."""
        todo = ["W"] * wins + ["L"] * losses + ["D"] * draws
        for r in range(1, len(self.rounds) + 1):
            if todo and not self.busy(r, player):
                self.result(r, player, self.filler(), todo.pop())
        assert not todo, f"{player} needs more rounds than the event has"

    def witness(self, hero: str, r: int, hero_result: str) -> str:
        """A witness meets ``hero`` in round ``r`` and loses to an anchor in round ``r + 1``."""
        w = f"witness of {hero}"
        self.result(r, hero, w, hero_result)
        self.result(r + 1, "anchor of " + hero, w, "W")
        return w

    def event(self, name: str = "appendix-c.json"):
        doc = {"name": name, "rounds": [{"round": i + 1, "matches": ms}
                                        for i, ms in enumerate(self.rounds)]}
        if self.drops:
            doc["drops"] = self.drops
        return parse_event(json.dumps(doc).encode(), name)


def rows(event, rules_name: str):
    snap = take_snapshot(event)
    return compute_standings(snap, get_rules(rules_name)).by_player()


def mw_through_witness(event, hero: str, rules_name: str) -> float:
    return 2 * rows(event, rules_name)[f"witness of {hero}"].values["OMW"] - 1


def assert_figure(value: float, exact: F, printed: float, decimals: int = 2) -> None:
    assert value == pytest.approx(float(exact), rel=1e-12, abs=1e-12)
    assert round(value, decimals) == printed


# ------------------------------------------------------------------ match points (A, B)


@pytest.mark.parametrize("rules_name", RULES)
def test_players_a_and_b_match_points(rules_name):
    """A: 6-2-0 is 18 match points.  B: 4-2-2 is 14 match points."""
    ev = EventDoc(8)
    ev.record("A", 6, 2, 0)
    ev.record("B", 4, 2, 2)
    table = rows(ev.event(), rules_name)
    assert (table["A"].points, table["A"].wins, table["A"].losses, table["A"].draws) == (18, 6, 2, 0)
    assert (table["B"].points, table["B"].wins, table["B"].losses, table["B"].draws) == (14, 4, 2, 2)


# ------------------------------------------------------------------ match-win % (C, D, E)


@pytest.mark.parametrize("rules_name", RULES)
def test_player_c_match_win_pct(rules_name):
    """C: 5-2-1 in eight rounds, 16 match points: 16/24 = .667."""
    ev = EventDoc(8)
    ev.witness("C", 1, "W")
    ev.record("C", 4, 2, 1)
    event = ev.event()
    assert rows(event, rules_name)["C"].points == 16
    assert_figure(mw_through_witness(event, "C", rules_name), F(16, 24), 0.667, decimals=3)


@pytest.mark.parametrize("rules_name", RULES)
def test_player_d_match_win_pct_is_floored(rules_name):
    """D: 1-3-0 in four rounds, then withdraws: 3/12 = .25, raised to the floor (0.33 = 1/3)."""
    ev = EventDoc(6)
    ev.witness("D", 1, "L")
    ev.record("D", 1, 2, 0)
    ev.drops["D"] = 4
    for r in range(1, 7):  # the event goes on after D's drop
        ev.result(r, "X", "Y", "W" if r % 2 else "L")
    event = ev.event()
    row = rows(event, rules_name)["D"]
    assert (row.points, row.wins, row.losses, row.dropped) == (3, 1, 3, True)
    assert_figure(mw_through_witness(event, "D", rules_name), F(1, 3), 0.33)
    assert mw_through_witness(event, "D", rules_name) != pytest.approx(0.25)


@pytest.mark.parametrize("rules_name", RULES)
def test_player_e_match_win_pct_with_bye(rules_name):
    """E: 3-2-0 with a first-round bye, 9 match points: 9/15 = .60."""
    ev = EventDoc(5)
    ev.bye(1, "E")
    ev.witness("E", 2, "W")
    ev.record("E", 1, 2, 0)
    event = ev.event()
    row = rows(event, rules_name)["E"]
    assert (row.points, row.wins, row.losses) == (9, 3, 2)
    assert_figure(mw_through_witness(event, "E", rules_name), F(9, 15), 0.60)


# ------------------------------------------------------------------ opponents' match-win % (F, G)

#: The opponents' records of players F and G, in the order of the text.
OPPONENTS = [(4, 4, 0), (7, 1, 0), (1, 3, 1), (3, 3, 1), (6, 2, 0), (5, 2, 1), (4, 3, 1), (6, 1, 1)]
#: The rounds F and G lose (to the 7-1-0 and the 6-1-1 opponents): both are 6-2-0.
LOST_TO = {1, 7}


def hero_against(hero: str, opponents: dict[int, tuple[int, int, int]], bye_round: int | None):
    """An eight-round event where ``hero`` meets opponent ``k`` (with that full record) in round
    ``k + 1`` and has a bye in ``bye_round``."""
    ev = EventDoc(8)
    if bye_round is not None:
        ev.bye(bye_round, hero)
    for k, (w, lo, d) in opponents.items():
        opp = f"{hero}'s opponent {k + 1}"
        hero_result = "L" if k in LOST_TO else "W"
        ev.result(k + 1, hero, opp, hero_result)
        their = FLIP[hero_result]
        ev.record(opp, w - (their == "W"), lo - (their == "L"), d - (their == "D"))
    return ev.event()


@pytest.mark.parametrize("rules_name", RULES)
def test_player_f_opponents_match_win_pct(rules_name):
    """F: 6-2-0; opponents 4-4-0, 7-1-0, 1-3-1 (0.27 raised to 0.33), 3-3-1, 6-2-0, 5-2-1,
    4-3-1, 6-1-1: OMW% 4.94/8 = 0.62."""
    event = hero_against("F", dict(enumerate(OPPONENTS)), None)
    table = rows(event, rules_name)
    for k, (w, lo, d) in enumerate(OPPONENTS):
        row = table[f"F's opponent {k + 1}"]
        assert (row.wins, row.losses, row.draws) == (w, lo, d)
    row = table["F"]
    assert (row.wins, row.losses, row.draws) == (6, 2, 0)
    exact = (F(12, 24) + F(21, 24) + F(1, 3) + F(10, 21) + F(18, 24) + F(16, 24) + F(13, 24)
             + F(19, 24)) / 8
    assert_figure(row.values["OMW"], exact, 0.62)
    unfloored = exact - F(1, 3) / 8 + F(4, 15) / 8  # what forgetting the floor would give
    assert row.values["OMW"] != pytest.approx(float(unfloored), rel=1e-9)


@pytest.mark.parametrize("rules_name", RULES)
def test_player_g_opponents_match_win_pct_bye_left_out(rules_name):
    """G: 6-2-0 with a bye; opponents bye, 7-1-0, 1-3-1, 3-3-1, 6-2-0, 5-2-1, 4-3-1, 6-1-1:
    OMW% 4.44/7 = 0.63 (the bye is left out, not counted as an opponent)."""
    event = hero_against("G", dict(list(enumerate(OPPONENTS))[1:]), 1)
    row = rows(event, rules_name)["G"]
    assert (row.points, row.wins, row.losses, row.draws) == (18, 6, 2, 0)
    exact = (F(21, 24) + F(1, 3) + F(10, 21) + F(18, 24) + F(16, 24) + F(13, 24) + F(19, 24)) / 7
    assert_figure(row.values["OMW"], exact, 0.63)


# ------------------------------------------------------------------ game points (E, F, G)


@pytest.mark.parametrize("rules_name", RULES)
@pytest.mark.parametrize("score, winner_points, loser_points", [
    ([2, 0, 0], 6, 0),  # E wins 2-0-0: 6 game points, her opponent 0
    ([2, 1, 0], 6, 3),  # F wins 2-1-0: 6 and 3
    ([2, 0, 1], 7, 1),  # G wins 2-0-1: 7 and 1
])
def test_game_points(rules_name, score, winner_points, loser_points):
    ev = EventDoc(1)
    ev.play(1, "Winner", "Loser", score)
    table = rows(ev.event(), rules_name)
    games = sum(score)
    assert table["Winner"].values["GW"] == pytest.approx(winner_points / (3 * games), rel=1e-12)
    loser = F(loser_points, 3 * games)
    if rules_name == "mtg":
        loser = max(loser, F(1, 3))
    assert table["Loser"].values["GW"] == pytest.approx(float(loser), rel=1e-12, abs=1e-15)
    # Opponents' GW% is floored at 1/3 in both variants.
    assert table["Winner"].values["OGW"] == pytest.approx(
        float(max(F(loser_points, 3 * games), F(1, 3))), rel=1e-12)


# ------------------------------------------------------------------ game-win % (H, I)


def h_and_i():
    """H: 2-0, 2-1, 1-2, 2-0.  I: 1-2, 1-2, 0-2, 1-2.  They meet in round 2 (H wins 2-1)."""
    ev = EventDoc(5)
    ev.play(1, "H", ev.filler(), [2, 0, 0])
    ev.play(2, "H", "I", [2, 1, 0])
    ev.play(3, "H", ev.filler(), [1, 2, 0])
    ev.play(4, "H", ev.filler(), [2, 0, 0])
    ev.play(1, "I", ev.filler(), [1, 2, 0])
    ev.play(3, "I", "witness of I", [0, 2, 0])
    ev.play(4, "anchor of I", "witness of I", [2, 0, 0])  # the anchor's GW% is 1
    ev.play(4, "I", ev.filler(), [1, 2, 0])
    return ev.event()


@pytest.mark.parametrize("rules_name", RULES)
def test_player_h_game_win_pct(rules_name):
    """H: 21 game points in 10 games: 21/30 = .70."""
    row = rows(h_and_i(), rules_name)["H"]
    assert_figure(row.values["GW"], F(21, 30), 0.70)


@pytest.mark.parametrize("rules_name, exact, printed", [
    ("mtg", F(1, 3), 0.33),  # current rules: own GW% floored at 1/3
    ("mtg-classic", F(9, 33), 0.27),  # the seed text: 9/(11*3) = .27, not floored
])
def test_player_i_game_win_pct(rules_name, exact, printed):
    """I: 9 game points in 11 games: 9/33 = .27 (older wording); 1/3 under the current floor."""
    row = rows(h_and_i(), rules_name)["I"]
    assert_figure(row.values["GW"], exact, printed)


@pytest.mark.parametrize("rules_name", RULES)
def test_player_i_as_an_opponent_is_floored(rules_name):
    """Opponents' GW%: "each opponent has a minimum game-win percentage of 0.33", in both packs.

    The witness met I and an anchor with GW% 1, so its OGW% is (I's GW% raised to 1/3 + 1) / 2;
    H met I and three others.
    """
    table = rows(h_and_i(), rules_name)
    assert_figure(table["witness of I"].values["OGW"], (F(1, 3) + 1) / 2, 0.67)
    # H's opponents: a 0-2 filler (GW 0 -> 1/3), I (9/33 -> 1/3), a 2-1 filler (6/9), a 0-2 filler.
    assert table["H"].values["OGW"] == pytest.approx(float((F(1, 3) * 3 + F(6, 9)) / 4), rel=1e-12)


# ------------------------------------------------------------------ byes


@pytest.mark.parametrize("rules_name", RULES)
def test_bye_is_a_two_nil_win(rules_name):
    """A bye: a match win 2-0, 3 match points and 6 game points."""
    ev = EventDoc(2)
    ev.bye(1, "E")
    ev.play(2, "E", "Z", [0, 2, 0])
    row = rows(ev.event(), rules_name)["E"]
    assert (row.points, row.wins, row.losses) == (3, 1, 1)
    assert row.values["GW"] == pytest.approx(6 / 12, rel=1e-12)
    assert row.values["OMW"] == pytest.approx(1.0)  # only Z, who is 1-0; the bye is left out


def test_seed_text_prints_these_figures():
    """The figures used above are the ones the seed text prints (skips without shared/)."""
    text = need(SEEDS / SEED).read_text(encoding="utf-8")
    flat = re.sub(r"\s+", " ", text)
    for phrase in (
        "16/(8*3) = 16/24 = .667",
        "3/(4*3) = 3/12 = .25",
        "player D's match-win percentage is 0.33 instead of 0.25",
        "9/(5*3) = 9/15 = .60",
        "Player F's opponents' match-win percentage is 0.62",
        "Player G's opponents' match-win percentage is 0.63",
        "21/(10*3) = .70",
        "9/(11*3) = .27",
        "each opponent has a minimum game-win percentage of 0.33",
        "4–4–0, 7–1–0, 1–3–1, 3–3–1, 6–2–0, 5–2–1, 4–3–1, and 6–1–1",
        "bye, 7–1–0, 1–3–1, 3–3–1, 6–2–0, 5–2–1, 4–3–1, and 6–1–1",
    ):
        assert phrase in flat, phrase
