"""TRF as pairing programs and lichess write it, on hand-made files (tests/data/chess/):

- ``half-paired.trf``: round 5 not paired yet, its column holding only byes entered ahead
  (``0000 - H``, ``0000 - Z``): the standings are after round 4, nobody has dropped;
- ``lichess.trf``: a lichess Swiss export (no rank column, players in lichess's ranking order,
  start numbers by rating, ``H`` for a late start, ``U`` pairing byes, ``-`` absent);
- ``open-no-xxr.trf``: a German open without ``XXR``, a withdrawn player (rank 0) and the bye
  dummy "spielfrei", ranked by the virtual-draw rule of those events (pack ``chess-de``).

Every expected figure is worked out by hand in the test's docstring.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from chess_events import chess_event
from click.testing import CliRunner
from conftest import DATA

from drawsafe import open_event
from drawsafe.cli.main import main
from drawsafe.errors import InputError, UsageError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.io.trf import iso_date, read_trf
from drawsafe.event.model import BYE, HALF_BYE, LOSS, MATCH
from drawsafe.event.schedule import APPENDIX_E, POKEMON
from drawsafe.event.snapshot import take_snapshot
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

CHESS = DATA / "chess"
HALF = CHESS / "half-paired.trf"
LICHESS = CHESS / "lichess.trf"
OPEN = CHESS / "open-no-xxr.trf"


def cli(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


# --- A round not paired yet --------------------------------------------------------------------

def test_a_column_of_byes_entered_ahead_is_a_round_not_paired_yet():
    """Round 5 holds only Cole's 0000 - H and Dunn's 0000 - Z: after round 4 of 5, everyone is
    still in (Ames leads on 3.5 and is not dropped), no published pairings."""
    ctx = open_event(HALF)
    s = ctx.snapshot
    assert (s.after_round, s.total_rounds, s.rounds_source) == (4, 5, "file")
    assert s.next_round is None and s.active.all()
    rows = ctx.standings().rows
    assert [(r.player, r.points) for r in rows[:2]] == [("Ames", 3.5), ("Ford", 3)]
    assert not any(r.dropped for r in rows)
    assert any("round 5 is not paired yet" in n and "1 half-point" in n and "1 zero-point" in n
               for n in ctx.event.notes)
    # the round is kept with its two entries, the snapshot leaves it out
    assert {(m.player_a, m.kind) for m in ctx.event.swiss[4].matches} == {("Cole", HALF_BYE),
                                                                          ("Dunn", LOSS)}


def test_after_round_4_is_the_same_snapshot_and_round_5_cannot_be_asked_for():
    same = open_event(HALF, after_round=4).snapshot
    assert same.next_round is None and same.active.all()
    with pytest.raises(UsageError) as e:
        open_event(HALF, after_round=5)
    assert str(e.value) == ("--after-round 5: the event has results for Swiss rounds 1..4 (round 5 "
                            "is not paired yet)")


def test_the_next_round_is_projected_for_every_player():
    ctx = open_event(HALF)
    pairings = next_round_pairings(ctx.snapshot, ctx.rules)
    assert pairings.round == 5 and pairings.method == "dutch"
    assert sorted(p for t in pairings.tables for p in (t.player_a, t.player_b) if p) == [
        "Ames", "Boyd", "Cole", "Dunn", "Egan", "Ford"]


def test_check_explains_points_that_count_the_entered_bye():
    """Cole is listed with 2.5: 2 from the games and the half-point bye entered for round 5."""
    report = open_event(HALF).check()
    assert (report.points_compared, report.points_agreed, report.ranks_compared) == (6, 5, 0)
    (d,) = report.disagreements
    assert (d.player, d.fields, d.reason) == ("Cole", {"points": (2, 2.5)}, "entered")


def test_standings_command_on_the_half_paired_file():
    result = cli("standings", HALF)
    assert result.exit_code == 0, result.output
    assert "(dropped)" not in result.stdout
    assert "standings after Swiss round 4 of 5 (file)" in result.stderr


# --- lichess -----------------------------------------------------------------------------------

def test_lichess_export_is_read_with_its_ranking():
    """Start numbers are by rating (anton 1 ... emma 5), lines in ranking order (dora first).
    Points: dora 1 + 1/2 + absent 0 + 1; emma H 1/2; cleo and bruno get 1 for U."""
    event = load_event(LICHESS)
    assert (event.rules, event.date, event.swiss_rounds) == ("lichess", "2026-03-07", 4)
    assert event.players == ("dora", "anton", "cleo", "bruno", "emma")
    assert [(r.player, r.rank, r.points) for r in event.standings] == [
        ("dora", 1, 2.5), ("anton", 2, 2.5), ("cleo", 3, 2.5), ("bruno", 4, 2.5), ("emma", 5, 0.5)]
    kinds = {(m.round, m.player_a): m.kind for r in event.swiss for m in r.matches if m.player_b is None}
    assert kinds == {(1, "emma"): HALF_BYE, (2, "cleo"): BYE, (4, "bruno"): BYE}
    assert not any("dora" in m.players for m in event.swiss[2].matches)  # '-': absent


def test_lichess_pack_sonneborn_berger_and_performance():
    """SB over real pairings with the opponents' full points: dora beat cleo (2.5), drew anton
    (1.25), beat emma (0.5) = 4.25; anton beat bruno 2.5 + drew dora 1.25 + beat emma 0.5 = 4.25.
    Performance (opponent +-500): dora (1700+500 + 1900 + 1500+500) / 3 = 2033.3 -> 2033; anton
    (1800+500 + 1600 + 1500+500 + 1700-500) / 4 = 1775; cleo (1100 + 1800 + 2400) / 3 = 1766.7;
    bruno (1400 + 2000 + 1700) / 3 = 1700; emma (1300 + 1400 + 1100) / 3 = 1266.7."""
    rows = open_event(LICHESS).standings().rows
    assert [(r.player, r.values["SB"], r.values["PERF"]) for r in rows] == [
        ("dora", 4.25, 2033), ("anton", 4.25, 1775), ("cleo", 3.75, 1766), ("bruno", 1.75, 1700),
        ("emma", 0, 1266)]
    report = open_event(LICHESS).check()
    assert (report.ranks_compared, report.ranks_agreed, report.disagreements) == (5, 5, ())
    assert report.packs[0] == ("lichess", 5)


def test_lichess_game_in_progress_is_written_z():
    """lichess writes an ongoing game as Z with the opponent: round 4 is in progress."""
    lines = LICHESS.read_text().splitlines()
    lines = [ln[:121] + ln[121:].replace("   5 w 1", "   5 w Z").replace("   4 b 0", "   4 b Z")
             for ln in lines]
    text = "\n".join(lines) + "\n"
    event = read_trf(text, "live.trf")
    (game,) = [m for m in event.swiss[3].matches if "emma" in m.players]
    assert (game.kind, game.reported) == (MATCH, False)
    snap = take_snapshot(event)
    assert snap.after_round == 3 and snap.next_round is not None


def test_lichess_without_ranking_order_publishes_no_rank():
    lines = LICHESS.read_text().splitlines()
    swapped = lines[:10] + [lines[14], *lines[10:14]]  # emma (0.5) first: not a ranking order
    event = read_trf("\n".join(swapped) + "\n", "x.trf")
    assert all(r.rank is None for r in event.standings)
    assert open_event(event).check().ranks_compared == 0


@pytest.mark.parametrize(("text", "iso"), [("May 29, 2020", "2020-05-29"), ("Mar 7, 2026", "2026-03-07"),
                                           ("7 March 2026", "2026-03-07"), ("28. 07. 2005", "2005-07-28"),
                                           ("Smarch 5, 2020", None)])
def test_dates(text, iso):
    assert iso_date(text) == iso


# --- A German open without XXR -----------------------------------------------------------------

def test_open_without_xxr_has_the_rounds_of_its_columns():
    """No XXR: 3 rounds, the columns; not the 5 of Appendix E for 9 players, nor Pokémon's."""
    event = load_event(OPEN)
    assert event.swiss_rounds == 3
    snap = open_event(OPEN).snapshot
    assert (snap.after_round, snap.total_rounds, snap.rounds_left) == (3, 3, 0)
    assert any(n.startswith("no XXR record: 3 rounds") for n in event.notes)


def test_the_bye_dummy_is_left_out_and_games_against_it_are_byes():
    event = load_event(OPEN)
    assert "spielfrei" not in event.players and len(event.players) == 8
    byes = sorted((m.round, m.player_a) for r in event.swiss for m in r.matches if m.kind == BYE)
    assert byes == [(2, "Haas,Hans"), (3, "Dorn,Dora")]
    assert any("'spielfrei': the pairing program's bye dummy" in n for n in event.notes)


def test_virtual_draws_reproduce_the_published_ranking():
    """chess-de.  Scores as an opponent sees them (forfeits and byes against others 1/2, rounds
    not paired 0): Ebert 1/2 + 1 + 1/2 = 2 (his forfeit win), Dorn 1 + 1/2 + 1/2 = 2 (her bye),
    Haas 2, Fuchs 1/2 (his forfeit loss; withdrawn after round 1: 0, 0).  Buchholz: Adler
    Berg 1/2 + Cramer 1 + Ebert 2 = 3.5; Dorn Cramer 1 + Graf 1/2 + own bye 3 x 1/2 = 3; Ebert
    Fuchs with round 1 as it went (1/2 - 1/2 + 0) + Berg 1/2 + Adler 2.5 = 3; Haas Graf 1/2 + bye
    1.5 + Berg 1/2 = 2.5.  Sonneborn-Berger separates Dorn (1 + 1/4 + the bye as a draw 3/4 = 2)
    and Ebert (the forfeit win as a draw: 0, + 1/2 + 1.25 = 1.75).  Published: Adler 1, Dorn 2,
    Ebert 3, Haas 4, Cramer 5, Berg 6, Graf 7, Fuchs 0 (withdrawn), spielfrei 0."""
    ctx = open_event(OPEN, rules="chess-de")
    rows = ctx.standings().rows
    assert [(r.player, r.values["BH"], r.values["SB"]) for r in rows[:4]] == [
        ("Adler,Anna", 3.5, 2.5), ("Dorn,Dora", 3, 2), ("Ebert,Emil", 3, 1.75), ("Haas,Hans", 2.5, 1.5)]
    report = ctx.check()
    assert (report.points_agreed, report.ranks_compared, report.ranks_agreed) == (8, 7, 7)
    assert report.unranked == (("Fuchs,Fritz", "withdrawn after round 1"),)
    assert report.disagreements == ()


def test_check_under_fide_names_the_pack_that_reproduces_the_ranking():
    """FIDE 2023 gives Ebert's forfeit win a dummy with his own 2.5: he ranks first there."""
    report = open_event(OPEN).check()
    assert report.rules == "fide" and report.packs[0] == ("chess-de", 7)
    assert report.ranks_agreed == 5
    assert {d.player: (d.fields["rank"], d.reason) for d in report.disagreements} == {
        "Adler,Anna": ((3, 1), "rules"), "Ebert,Emil": ((1, 3), "rules")}
    assert all("--rules chess-de" in d.explanation for d in report.disagreements)


def test_check_command_text_and_json():
    result = cli("standings", OPEN, "--check")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("checked 8 published players after round 3 under fide: points 8 of 8 agree, "
                          "ranks 5 of 7")
    assert "not ranked by the file (left out of the comparison): Fuchs,Fritz (withdrawn after round 1)" in out
    assert "--rules chess-de reproduces 7 of 7" in out
    data = json.loads(cli("standings", OPEN, "--check", "--json", "--rules", "chess-de").stdout)
    assert (data["compared"], data["agreed"], data["ranks"], data["disagreements"]) == (
        8, 8, {"compared": 7, "agreed": 7}, [])


def test_standings_announce_the_published_ranking():
    result = cli("standings", OPEN)
    assert ("note: published points: 8 of 8 agree; ranks: 5 of 7 under fide; --rules chess-de "
            "reproduces 7") in result.stderr


def line(number: int, name: str, points: str, rank: int, blocks: list[str]) -> str:
    """A 001 line, column by column (TRF-16)."""
    cols = [" "] * 91
    for first, text in ((1, "001"), (5, f"{number:4d}"), (15, name), (81, f"{points:>4}"),
                        (86, f"{rank:4d}")):
        cols[first - 1:first - 1 + len(text)] = list(text)
    return ("".join(cols) + "  ".join(blocks)).rstrip()


def test_start_number_order_is_recognised():
    """A rank column ordering equal points by start number only (a program's working file): B
    beat A, D beat C and B; A beat C.  A and B on 1: every pack puts B first (Buchholz A: B 1 +
    C 0; B: A 1 + D 2), the file A (start number 1)."""
    text = "\n".join(["012 Working file", "XXR 3",
                      line(1, "A", "1.0", 2, ["   2 w 0", "   3 w 1"]),
                      line(2, "B", "1.0", 3, ["   1 b 1", "   4 w 0"]),
                      line(3, "C", "0.0", 4, ["   4 w 0", "   1 b 0"]),
                      line(4, "D", "2.0", 1, ["   3 b 1", "   2 b 1"])]) + "\n"
    report = open_event(read_trf(text, "w.trf")).check()
    assert report.ranks_agreed == 2
    assert {d.player: d.reason for d in report.disagreements} == {"A": "start-order", "B": "start-order"}


# --- Rounds: the card-game table never applies to chess -----------------------------------------

def test_the_snapshot_takes_the_rounds_from_the_schedule_it_is_given():
    """14 players, 3 rounds played, the file silent: Appendix E says 4 rounds, the Play! Pokémon
    table 5, no table (chess): the 3 played."""
    names = [f"P{i:02d}" for i in range(14)]
    rounds = [[f"{names[i]}-{names[(i + k) % 14]} =" for i in range(0, 14, 2)] for k in (1, 3, 5)]
    event = chess_event(rounds, names)
    event = replace(event, swiss_rounds=None)
    assert take_snapshot(event).total_rounds == 4  # the event layer's default: Appendix E
    assert take_snapshot(event, schedule=APPENDIX_E).rounds_source == "Appendix E"
    assert take_snapshot(event, schedule=POKEMON).total_rounds == 5
    none = take_snapshot(event, schedule=None)
    assert (none.total_rounds, none.rounds_source) == (3, "rounds in the file")
    assert open_event(event).snapshot.rounds_source == "rounds in the file"  # fide: no table
    assert open_event(event, rules="mtg").snapshot.total_rounds == 4
    assert open_event(event, rules="pokemon").snapshot.total_rounds == 5


# --- Other things pairing programs write -------------------------------------------------------

def test_a_latin_1_file_is_read():
    """German programs save in Windows-1252: 'Müller' is one byte 0xFC."""
    raw = OPEN.read_bytes().replace(b"Graf,Gabi", "Müller,Gabi".encode("cp1252")[:9])
    event = parse_event(raw, "open.trf")
    assert "Müller,Ga" in event.players
    assert any("not UTF-8" in n for n in event.notes)


def test_team_records_are_noted():
    event = read_trf(OPEN.read_text() + "310   1 Team A\n", "t.trf")
    assert any(n.startswith("a team event") for n in event.notes)


def test_a_game_against_the_dummy_must_have_a_result():
    text = OPEN.read_text().replace("   9 - +", "   9 - H", 1)
    with pytest.raises(InputError) as e:
        read_trf(text, "o.trf")
    assert str(e.value) == "o.trf: line 9: round 3: result 'H' is a bye, but an opponent (9) is given"


def test_byes_entered_for_later_rounds_are_left_out():
    """Columns 5 and 6 of byes entered ahead: 5 is the round to pair, 6 is left out."""
    text = HALF.read_text().replace("0000 - H", "0000 - H  0000 - H")
    event = read_trf(text.replace("XXR 5", "XXR 6"), "h.trf")
    assert len(event.swiss) == 5
    assert any("bye(s) entered ahead for round(s) 6 are left out" in n for n in event.notes)


def test_standings_of_every_pack_on_the_open():
    """Every chess pack reads the file (and --tiebreaks PERF is accepted)."""
    snap = open_event(OPEN).snapshot
    for name in ("fide", "fide-2026", "fide-1998", "chess-plain", "chess-de", "lichess"):
        assert len(compute_standings(snap, get_rules(name)).rows) == 8


def test_a_ranked_player_who_never_played_is_reported_missing():
    """Programs rank a registered player without a game; the standings have no row for them."""
    text = OPEN.read_text() + line(10, "Neu,Nora", "0.0", 8, []) + "\n"
    report = open_event(read_trf(text, "o.trf"), rules="chess-de").check()
    assert report.missing == ("Neu,Nora",)
    assert (report.ranks_compared, report.ranks_agreed) == (7, 7)
