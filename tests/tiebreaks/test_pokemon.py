"""Pokémon: opponents' win % (byes removed, 25% floor, 75% cap for a dropped opponent, a tie half a
win) and opponents' opponents' win %, as TOM computes them (frozen when a player leaves, a day 2
counting only its own rounds, a pairing without result counting its opponent); worked examples
from the sources cited in sim/tiebreaks/pokemon.py and from the rules of ../shared/BRIEF.md, and
the plain-Python twin (tests/naive_pokemon.py) on random events."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from naive_pokemon import pokemon_values

from drawsafe.event.cut import Cut
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.model import BYE, NO_RESULT, Match, Phase
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import POKEMON

SCORE = {"W": (2, 1, 0), "L": (0, 2, 0), "T": (1, 1, 1)}


def event(rounds, drops=None, phases=()):
    """Rounds of "A-B W" (A wins), "A-B T" (tie), "A-B L", "A-B -" (paired, no result), "A bye";
    best-of-three matches."""
    b = EventBuilder("<test>", "native")
    for number, tables in enumerate(rounds, 1):
        for t in tables:
            parts = t.split()
            if parts[1] == "bye":
                b.add_match(Match(number, parts[0], kind=BYE))
            elif parts[1] == "-":
                a, c = parts[0].split("-")
                b.add_match(Match(number, a, c, kind=NO_RESULT))
            else:
                a, c = parts[0].split("-")
                b.add_match(Match(number, a, c, *SCORE[parts[1]]))
    for p, after in (drops or {}).items():
        b.add_drop(p, after, "drops")
    return b.build("pokemon test", swiss_rounds=len(rounds), rules="pokemon", phases=tuple(phases))


def table(ev):
    return compute_standings(take_snapshot(ev), POKEMON)


# F wins twice and drops; C has a bye in round 3.  Win %, byes removed: A 2/3, B 1.5/3, C 0.5/2
# (floored: 1/4), D 1/3, E 1/3, F 2/2 (dropped: capped at 3/4).
WORKED = [["A-B W", "C-D T", "E-F L"], ["A-C W", "B-E W", "D-F L"], ["A-E L", "B-D T", "C bye"]]


def test_worked_example_opponents_win_percentage():
    """F is frozen after round 2, their last: E and D were then 0-2 and 0-1-1 (both 25%), so F's OWP
    is 1/4 (after round 3 it would be 1/3).  Everyone else is valued after round 3."""
    rows = table(event(WORKED, {"F": 2})).by_player()
    expected = {"A": F(13, 36), "B": F(4, 9), "C": F(1, 2), "D": F(1, 2), "E": F(23, 36),
                "F": F(1, 4)}
    for p, v in expected.items():
        assert rows[p].values["OWP"] == pytest.approx(float(v), abs=1e-12), p


def test_worked_example_opponents_opponents_win_percentage():
    """F's OOWP after round 2: E's OWP then (F 2/2 = 1, B 1/2: 3/4) and D's (C 1/4, F 1: 5/8), mean
    11/16.  E and D count F with F's frozen OWP 1/4: E (F, B 4/9, A 13/36) 19/54, D (C 1/2, F, B)
    43/108."""
    rows = table(event(WORKED, {"F": 2})).by_player()
    expected = {"A": F(19, 36), "B": F(1, 2), "C": F(31, 72), "D": F(43, 108), "E": F(19, 54),
                "F": F(11, 16)}
    for p, v in expected.items():
        assert rows[p].values["OOWP"] == pytest.approx(float(v), abs=1e-12), p


def test_worked_example_order():
    """A and F on 6 points: OWP 13/36 > 1/3; C (bye: 4 points) above B on OWP 1/2 > 4/9."""
    rows = table(event(WORKED, {"F": 2})).rows
    assert [r.player for r in rows] == ["A", "F", "C", "B", "E", "D"]
    assert [r.points for r in rows] == [6, 6, 4, 4, 3, 2]


def staying(rounds, player):
    """``rounds`` with a bye for ``player`` in every round they do not play: they stay in the event
    to the end (a player who leaves is valued when they leave), and a bye is in no tiebreak."""
    return [tables if any(player in t.split()[0].split("-") for t in tables) else tables + [f"{player} bye"]
            for tables in rounds]


def test_a_tie_counts_half_a_win():
    """RK9: "an opponent finished 3-1-1, their contribution is (1 + 1 + 1 + 0.5 + 0) / 5 = 70%"."""
    ev = event(staying([["Y-X W"], ["Y-O1 W"], ["Y-O2 W"], ["Y-O3 T"], ["Y-O4 L"]], "X"))
    assert table(ev).by_player()["X"].values["OWP"] == 0.7


def test_byes_are_removed_from_the_opponents_record():
    """TOP: "an opponent went 4-3 in a 7 round tournament with 1 bye ... counted as going 3-3 in a
    6-round tournament" (50%, where counting the bye would give 4/7)."""
    ev = event(staying([["Z bye"], ["Z-X W"], ["Z-O1 W"], ["Z-O2 W"], ["Z-O3 L"], ["Z-O4 L"], ["Z-O5 L"]], "X"))
    assert table(ev).by_player()["X"].values["OWP"] == 0.5


def test_a_dropped_opponent_counts_the_rounds_played():
    """TOP: "an opponent went 1-3 drop in a 6 round tournament ... counted as going 1-3 in a 4 round
    tournament".  Here 2-2 then a drop in 6 rounds: 2/4 = 50% (2/6 would be 33%)."""
    ev = event(staying([["D-X W"], ["D-O1 W"], ["D-O2 L"], ["D-O3 L"], ["O1-O2 W"], ["O1-O3 W"]], "X"),
               {"D": 4})
    assert table(ev).by_player()["X"].values["OWP"] == 0.5


def test_a_dropped_opponent_counts_at_most_three_quarters():
    """D wins twice and drops: 75%, not 100%; when D plays on (and ties) 2.5/3."""
    dropped = event(staying([["D-X W"], ["D-O1 W"], ["O1-O2 W"]], "X"), {"D": 2})
    assert table(dropped).by_player()["X"].values["OWP"] == 0.75
    stays = event(staying([["D-X W"], ["D-O1 W"], ["D-O2 T"]], "X"))
    assert table(stays).by_player()["X"].values["OWP"] == pytest.approx(2.5 / 3)


def test_a_weak_opponent_counts_a_quarter():
    """D goes 0-2-1: 1/6, counted as 1/4.  A's opponents B 1/3, C 1/2, D 1/4: 13/36."""
    ev = event([["A-B W", "C-D W"], ["A-C W", "B-D T"], ["A-D W", "B-C T"]])
    rows = table(ev).by_player()
    assert rows["A"].values["OWP"] == pytest.approx(13 / 36)
    assert rows["B"].values["OWP"] == pytest.approx((1 + 0.25 + 0.5) / 3)


# --- TOM's freeze, phases and pairings without result -------------------------------------------

#: The League Cup case of issue 22 in miniature (8 players, 5 rounds): H goes 1-3 and drops after
#: round 4, A goes 1-4.  TOM values H after round 4: opponents C 3/4, B 2/4, G 1/4, A 1/4, OWP 7/16;
#: A after round 5: G 1/4, E 3/5, D 2/5, H 1/4, F 4/5, OWP 23/50.  So A (1-4) is above H (1-3);
#: counting H's opponents' round 5 (C 4/5, B 3/5) would give H 19/40 and the other order.
LEAGUE_CUP = [["C-H W", "E-B W", "D-F L", "G-A L"], ["A-E L", "C-F L", "D-G W", "H-B L"],
              ["E-F L", "C-B W", "D-A W", "G-H W"], ["F-B L", "D-E L", "C-G W", "A-H L"],
              ["F-A W", "C-E W", "B-D W", "G bye"]]


def test_a_dropped_player_is_valued_after_their_last_round():
    rows = table(event(LEAGUE_CUP, {"H": 4})).by_player()
    assert rows["H"].values["OWP"] == 7 / 16 and rows["A"].values["OWP"] == pytest.approx(23 / 50)
    assert (rows["A"].points, rows["H"].points) == (3, 3)
    assert rows["A"].rank < rows["H"].rank and rows["H"].dropped


def test_not_frozen_the_order_flips():
    """The variant other software computes (values after the last round for everyone)."""
    from dataclasses import replace

    rows = compute_standings(take_snapshot(event(LEAGUE_CUP, {"H": 4})), replace(POKEMON, freeze=False))
    by = rows.by_player()
    assert by["H"].values["OWP"] == pytest.approx(19 / 40) and by["H"].rank < by["A"].rank


#: Day 2 after two rounds (cut: 3+ points): A 6, C 6, B 3, D 3 go on; E, F, G, H (1 point each)
#: are cut.  Day 2 counts only day-2 opponents and their day-2 records (rounds 3-4): A 1-1 (1/2),
#: B 0-1-1 (1/4), C 1-1 (1/2), D 1-0-1 (3/4).
DAY2 = [["A-E W", "B-F W", "C-G W", "D-H W"], ["A-B W", "C-D W", "E-F T", "G-H T"],
        ["A-C W", "B-D T"], ["D-A W", "C-B W"]]


def day2_event():
    return event(DAY2, phases=(Phase("day 1", 2, Cut(points=3)), Phase("day 2")))


def test_day_two_counts_only_its_own_rounds():
    rows = table(day2_event()).by_player()
    assert rows["A"].points == 9  # match points carry over
    assert rows["A"].values["OWP"] == pytest.approx((0.5 + 0.75) / 2)  # C, D
    assert rows["B"].values["OWP"] == pytest.approx((0.75 + 0.5) / 2)  # D, C
    assert rows["D"].values["OWP"] == pytest.approx((0.25 + 0.5) / 2)  # B, A
    # OOWP over day-2 OWPs: A's opponents C (D 3/4, A... C met A and B: (1/2 + 1/4) / 2 = 3/8) and
    # D (3/8): 3/8
    assert rows["A"].values["OOWP"] == pytest.approx(3 / 8)
    # E was cut after day 1 (not dropped) and is valued after round 2 over day 1: A 2/2, F 1/4
    assert rows["E"].values["OWP"] == pytest.approx(0.625) and not rows["E"].dropped
    assert [r.player for r in table(day2_event()).rows][:4] == ["A", "C", "D", "B"]


def test_day_two_carries_on_when_the_pack_says_so():
    from dataclasses import replace

    rows = compute_standings(take_snapshot(day2_event()), replace(POKEMON, phase_tiebreaks="carry")).by_player()
    owp = pokemon_values(day2_event(), restart=False)["A"][0]
    assert rows["A"].values["OWP"] == pytest.approx(float(owp)) and owp != F(5, 8)


def test_a_pairing_without_result_counts_the_opponent_only():
    """A and B were paired in round 1 and nothing was reported; A then beat C.  A's record is 1-0
    (3 points), B's 0-0 before round 2's loss to C; A's OWP averages B and C."""
    ev = event([["A-B -", "C bye"], ["A-C W", "B bye"], ["C-B W", "A bye"]])
    rows = table(ev).by_player()
    assert (rows["A"].points, rows["A"].wins, rows["A"].losses) == (6, 2, 0)
    # B: 0-1 (25%), C: 1-1 (1/2): A's OWP 3/8; B's opponents A (1/1) and C (1/2): 3/4
    assert rows["A"].values["OWP"] == pytest.approx(3 / 8)
    assert rows["B"].values["OWP"] == pytest.approx(3 / 4)


# --- The plain-Python twin on random events ------------------------------------------------------

def random_event(seed):
    """Random events with drops, byes, ties, pairings without result, rematches (even seeds) and,
    one seed in three, a day 2 for the players on at least 3 points after round 2 or 3."""
    rng = random.Random(seed)
    names = [f"T{i}" for i in range(rng.randint(4, 16))]
    leave = {p: rng.randint(1, 6) if rng.random() < 0.25 else 99 for p in names}
    total = rng.randint(2, 7)
    day1 = rng.choice((2, 3)) if seed % 3 == 0 and total > 3 else None
    rounds, drops, met, points = [], {}, set(), dict.fromkeys(names, 0)
    for r in range(1, total + 1):
        here = [p for p in names if r <= leave[p]]
        if day1 is not None and r == day1 + 1:
            cut = {p for p in here if points[p] >= 3}
            if len(cut) < 2:
                day1 = None
            else:
                here = [p for p in here if p in cut]
        for _ in range(20 if seed % 2 else 1):  # even seeds allow rematches (counted once)
            rng.shuffle(here)
            pairs = list(zip(here[::2], here[1::2]))
            if not any(frozenset(x) in met for x in pairs):
                break
        met |= {frozenset(x) for x in pairs}
        tables = [f"{here[-1]} bye"] if len(here) % 2 else []
        if len(here) % 2:
            points[here[-1]] += 3
        for a, b in pairs:
            res = rng.choice("WWLLT-") if r < total else rng.choice("WLT")
            tables.append(f"{a}-{b} {res}")
            points[a] += {"W": 3, "T": 1}.get(res, 0)
            points[b] += {"L": 3, "T": 1}.get(res, 0)
        rounds.append(tables)
    played = {p for tables in rounds for t in tables for p in t.split()[0].split("-")}
    for p in names:
        if p in played and leave[p] < len(rounds):
            drops[p] = leave[p]
    phases = (Phase("day 1", day1, Cut(points=3)), Phase("day 2")) if day1 else ()
    return event([t for t in rounds if t], {p: a for p, a in drops.items()}, phases)


@pytest.mark.parametrize("seed", range(40))
def test_random_events_match_the_twin(seed):
    ev = random_event(seed)
    twin = pokemon_values(ev)
    for r in table(ev).rows:
        owp, oowp = twin[r.player]
        assert r.values["OWP"] == pytest.approx(float(owp), abs=1e-12), r.player
        assert r.values["OOWP"] == pytest.approx(float(oowp), abs=1e-12), r.player


@pytest.mark.parametrize("seed", range(0, 40, 3))
def test_random_events_match_the_twin_at_every_snapshot(seed):
    ev = random_event(seed)
    for after in range(ev.rounds_played + 1):
        twin = pokemon_values(ev, after)
        for r in compute_standings(take_snapshot(ev, after), POKEMON).rows:
            assert r.values["OOWP"] == pytest.approx(float(twin[r.player][1]), abs=1e-12), (after, r.player)


@pytest.mark.parametrize("seed", range(0, 40, 4))
def test_not_frozen_matches_the_twin(seed):
    from dataclasses import replace

    ev = random_event(seed)
    twin = pokemon_values(ev, freeze=False)
    for r in compute_standings(take_snapshot(ev), replace(POKEMON, freeze=False)).rows:
        assert r.values["OWP"] == pytest.approx(float(twin[r.player][0]), abs=1e-12), r.player
        assert r.values["OOWP"] == pytest.approx(float(twin[r.player][1]), abs=1e-12), r.player


@pytest.mark.parametrize("seed", range(0, 40, 2))
def test_partial_columns_equal_the_whole_columns(seed):
    """The values of some players only (a cut's point groups: standings.order.refined_order) are
    bit for bit those of the whole columns, with and without the freeze, in day 1 and day 2."""
    import numpy as np

    from drawsafe.tiebreaks.pokemon import pokemon_columns

    ev = random_event(seed)
    snap = take_snapshot(ev)
    rng = np.random.default_rng(seed)
    nr = snap.kind.shape[1]
    flags = POKEMON.flags(snap.has_rematch, snap.phase_start)
    for freeze in (True, False):
        args = (snap.opp, snap.kind, snap.gw, snap.gl, nr, bool(flags[0]), int(flags[2]), freeze)
        full_owp, full_oowp = np.zeros(snap.players), np.zeros(snap.players)
        pokemon_columns(*args, np.ones(snap.players, dtype=np.bool_), full_owp, full_oowp)
        for _ in range(5):
            want = rng.random(snap.players) < 0.4
            owp, oowp = np.full(snap.players, np.nan), np.full(snap.players, np.nan)
            pokemon_columns(*args, want, owp, oowp)
            assert np.array_equal(oowp[want], full_oowp[want])
            assert np.array_equal(owp[want], full_owp[want])
