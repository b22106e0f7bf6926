"""Sharly Chess ``.sce`` event files (SQLite): real files of Sharly-Chess/sharly-chess
(tests/data/chess/sce/README.md) read as chess events with their tie-break settings."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from drawsafe.app.context import open_event
from drawsafe.cli.main import main as cli
from drawsafe.errors import InputError, UsageError
from drawsafe.event.io import load_event, parse_event
from drawsafe.event.io.sce import Schema, map_tiebreaks
from drawsafe.event.model import BYE, FORFEIT, LOSS

DATA = Path(__file__).resolve().parents[1] / "data" / "chess" / "sce"
MINIMAL, HANDICAP = DATA / "minimal.sce", DATA / "handicap.sce"
BOLIDES, CHAMPIGNOL = DATA / "petits_bolides_20251206.sce", DATA / "champignol-2025.sce"
#: Sharly Chess's default points of each result code (utils/enum.py Result.point_value), PAB a win.
SHARLY_POINTS = {0: 0, 1: 0, 2: 0.5, 3: 1, 4: 0, 5: 0, 6: 1, 7: 0, 8: 0.5, 9: 1, 10: 1, 11: 0, 12: 0.5,
                 13: 1, 14: 0}


def test_a_finished_event_is_read_with_its_tiebreaks():
    event = load_event(HANDICAP)
    assert event.format == "sce" and event.name == "Tournoi à handicap"
    assert len(event.players) == 38 and len(event.rounds) == 7 and event.swiss_rounds == 7
    # Papi's Buchholz cut and median (1 value each for 7 rounds), Papi's performance
    assert event.rules == "fide-1998:BH-C1,BH-M1,TPR"
    kinds = [m.kind for r in event.rounds for m in r.matches]
    assert kinds.count(FORFEIT) == 1 and kinds.count(BYE) == 6 and kinds.count(LOSS) == 6
    assert len(event.ratings) == 30  # 8 players have only an estimated rating
    assert any("Papi's Buchholz" in n for n in event.notes)


def test_the_standings_use_the_files_tiebreaks_and_check_against_sharlys_results():
    ctx = open_event(HANDICAP)
    assert ctx.rules.name == "fide-1998" and ctx.rules.keys == ("BH-C1", "BH-M1", "TPR")
    check = ctx.check()
    assert (check.points_agreed, check.points_compared, check.after_round) == (38, 38, 7)


def test_points_equal_the_sums_of_sharlys_own_result_codes():
    """Independent of the reader: Sharly's result codes summed in SQL with its default values."""
    db = sqlite3.connect(f"file:{HANDICAP}?mode=ro", uri=True)
    sums = dict(db.execute(
        "SELECT p.last_name || ' ' || p.first_name, SUM(CASE pr.result " +
        " ".join(f"WHEN {k} THEN {v}" for k, v in SHARLY_POINTS.items()) + " END) "
        "FROM pairing pr JOIN player p ON p.id = pr.player_id GROUP BY pr.player_id"))
    db.close()
    rows = open_event(HANDICAP).standings().rows
    assert len(rows) == len(sums) == 38
    assert {r.player: float(r.points) for r in rows} == sums


def test_a_file_of_several_tournaments_reads_the_first_or_the_one_named():
    first = load_event(BOLIDES)
    assert first.name == "Petits Bolides - Saison 19 - Tournoi 3" and len(first.players) == 31
    assert any("'Bolides - Saison 19 - Tournoi 3' (--division NAME)" in n for n in first.notes)
    assert first.rules == "fide:PS,TPR"  # core progressive scores (legacy rules, FIDE 2023) and Papi's performance
    other = load_event(BOLIDES, division="bolides - saison 19 - tournoi 3")
    assert other.name == "Bolides - Saison 19 - Tournoi 3" and len(other.players) == 22
    assert open_event(BOLIDES, division="Bolides - Saison 19 - Tournoi 3").check().points_agreed == 22
    with pytest.raises(UsageError, match="holds no such tournament; its tournaments: 'Petits Bolides"):
        load_event(BOLIDES, division="U8")


def test_an_event_in_progress_keeps_its_pending_games_and_leaves_requested_byes_out():
    event = load_event(MINIMAL)
    assert len(event.rounds) == 1 and not event.rounds[0].complete
    assert any("8 bye(s) requested ahead for round(s) 2, 3, 4, 5 are left out" in n for n in event.notes)
    assert "NORMAND Patrick #2" in event.players and "NORMAND Patrick #3" in event.players


def test_an_old_version_is_one_line_saying_what_it_is_and_what_is_missing():
    with pytest.raises(InputError) as caught:
        load_event(CHAMPIGNOL)
    text = str(caught.value)
    assert "\n" not in text and "UTF-8" not in text
    assert ("a Sharly Chess event file (SQLite, Sharly Chess 2.6.1, migration m023_add_tournament_current_round) "
            "that drawsafe cannot read: no table player") in text
    assert "keeps players and results in Papi files" in text


def test_the_file_is_never_modified(tmp_path):
    copy = tmp_path / "h.sce"
    copy.write_bytes(HANDICAP.read_bytes())
    before = copy.stat().st_mtime_ns
    load_event(copy)
    assert copy.read_bytes() == HANDICAP.read_bytes() and copy.stat().st_mtime_ns == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.sce"]  # no journal left beside it


@pytest.mark.parametrize("cut", [100, 5000, 30000, 100000, 160000])
def test_a_truncated_file_is_one_input_error_line(cut):
    raw = HANDICAP.read_bytes()[:cut]
    try:
        parse_event(raw, "cut.sce")
    except InputError as e:
        assert "\n" not in str(e) and str(e).startswith("cut.sce: ")


def test_damaged_bytes_are_one_input_error_line_never_a_traceback():
    raw = bytearray(HANDICAP.read_bytes())
    rng = random.Random(20261202)
    for _ in range(60):
        bad = bytearray(raw)
        for _ in range(rng.randint(1, 40)):
            bad[rng.randrange(100, len(bad))] = rng.randrange(256)
        try:
            parse_event(bytes(bad), "bad.sce")
        except InputError as e:
            assert "\n" not in str(e)


@pytest.mark.parametrize("table", ["pairing", "board", "player", "tournament", "metadata"])
def test_a_missing_table_is_one_line(tmp_path, table):
    db = sqlite3.connect(":memory:")
    db.deserialize(HANDICAP.read_bytes())
    db.execute("PRAGMA foreign_keys = OFF")
    for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        db.execute(f"DROP TRIGGER `{name}`")
    db.execute(f"DROP TABLE `{table}`")
    db.commit()
    raw = db.serialize()
    with pytest.raises(InputError) as caught:
        parse_event(raw, "gone.sce")
    text = str(caught.value)
    assert "\n" not in text
    assert (f"table {table}" in text) if table not in ("tournament", "metadata") else "not a Sharly Chess" in text


def test_format_sce_on_other_bytes_says_so():
    with pytest.raises(InputError, match=r"^x.sce: FIDE TRF-16, not Sharly Chess event files \(--format sce\) "
                                         r"\(leave out --format, or give --format trf\)$"):
        parse_event(b"012 an event\n", "x.sce", format="sce")
    with pytest.raises(InputError, match="does not start with the SQLite header"):
        parse_event(b"\x89PNG\r\n\x1a\n an image", "x.sce", format="sce")  # not text: what sce says


def test_tiebreak_mapping():
    new = Schema(set(), migration="m090_x")
    keys, pack, notes = map_tiebreaks([
        ("BUCHHOLZ", {"CUTTER_WITH_MEDIAN": "CUT_2"}), ("SONNEBORN_BERGER", {}), ("KOYA", {"KOYA_LIMIT": None}),
        ("WINS", {}), ("GAMES_WON", {}), ("AVERAGE_RATING_OPPONENTS", {"CUTTER": "CUT_1"}),
        ("PROGRESSIVE_SCORES", {"CUTTER": "CUT_1"}), ("MANUAL", {}), ("FORE_BUCHHOLZ", {})], new, 9)
    assert keys == ["BH-C2", "SB", "KS", "WIN", "WON", "ARO-C1", "PS-C1", "BH"] and pack == "fide-2026"
    assert any("MANUAL: no drawsafe equivalent, left out" in n for n in notes)
    keys, pack, _ = map_tiebreaks([("ffe-PAPI_BUCHHOLZ", {"ffe-PAPI_BUCHHOLZ_TYPE": "MEDIAN"})], new, 13)
    assert keys == ["BH-M2"] and pack == "fide-1998"  # Papi cuts 3 values from 13 rounds: drawsafe stops at 2
    _, pack, _ = map_tiebreaks([("BUCHHOLZ", {"LEGACY_03_2026": True})], new, 9)
    assert pack == "fide"


def test_the_cli_reads_a_sce_file():
    result = CliRunner().invoke(cli, ["standings", str(HANDICAP)])
    assert result.exit_code == 0, result.output
    assert "BH-C1" in result.output and "TPR" in result.output
    result = CliRunner().invoke(cli, ["standings", str(HANDICAP), "--check"])
    assert result.exit_code == 0, result.output
    assert "points 38 of 38 agree" in result.output


MIRROR = Path("/work/.mirror/Sharly-Chess+sharly-chess/repo")


@pytest.mark.skipif(not MIRROR.is_dir(), reason="the Sharly-Chess/sharly-chess mirror is not on this machine")
def test_every_example_file_reads_or_is_one_line():
    """Every .sce file of the repository's examples/events: read, or refused in one line."""
    git = ["git", f"--git-dir={MIRROR}"]
    names = [n for n in subprocess.run(git + ["ls-tree", "-r", "HEAD", "--name-only"], capture_output=True,
                                       text=True, check=True).stdout.split("\n")
             if n.startswith("examples/events/") and n.endswith(".sce")]
    read, refused = [], []
    for name in names:
        raw = subprocess.run(git + ["show", f"HEAD:{name}"], capture_output=True, check=True).stdout
        try:
            parse_event(raw, os.path.basename(name))
            read.append(name)
        except InputError as e:
            assert "\n" not in str(e) and "Papi files" in str(e)
            refused.append(name)
    assert (len(names), len(read), len(refused)) == (23, 21, 2)


def file_boards(path: Path, tournament: str | None = None) -> dict[tuple[int, str, str], int]:
    """(round, white, black) -> the board Sharly shows (its ``index`` + 1), from the SQLite file."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    tid = db.execute("SELECT id FROM tournament WHERE name = ?", (tournament,)).fetchone()[0] if tournament \
        else db.execute("SELECT id FROM tournament ORDER BY id").fetchone()[0]
    name = {i: f"{last} {first}".strip() for i, last, first in db.execute("SELECT id, last_name, first_name FROM player")}
    rows = db.execute("SELECT pr.round, bd.white_player_id, bd.black_player_id, bd.`index` FROM pairing pr JOIN "
                      "board bd ON bd.id = pr.board_id WHERE pr.tournament_id = ? AND pr.player_id = "
                      "bd.white_player_id AND bd.black_player_id IS NOT NULL", (tid,))
    return {(r, name[w], name[b]): i + 1 for r, w, b, i in rows}


@pytest.mark.parametrize("path, tournament", [
    (HANDICAP, None), (BOLIDES, "Petits Bolides - Saison 19 - Tournoi 3"),
    (BOLIDES, "Bolides - Saison 19 - Tournoi 3")])
def test_published_pairings_seat_every_game_at_its_board(path, tournament):
    """Real files: every round's published pairings (``pairings --after-round R-1``) give each
    game the board the file has it on (before: its place among the pairing rows sorted by player
    id, e.g. BELKAID-JANZELJ at table 52 for board 1 in france-rapide-2023)."""
    truth = file_boards(path, tournament)
    event = load_event(path, division=tournament)
    seated = 0
    for r in event.swiss:
        for t in open_event(path, division=tournament, after_round=r.number - 1).pairings().tables:
            if t.player_b is not None:
                assert t.table == truth[(r.number, t.player_a, t.player_b)], (r.number, t)
                seated += 1
    assert seated == len(truth) > 50


def test_a_forfeit_reads_as_a_forfeit_in_pairings_and_draw():
    """Real: EL IDRISSI Wael forfeits round 1 on board 14 and is absent (a loss without opponent)
    in rounds 2-7: pairings names the round a forfeit, not a BYE; draw's left-out table names it
    a forfeit, not "v loss: no opponent"."""
    tables = open_event(HANDICAP, after_round=1).pairings().tables
    mine = next(t for t in tables if t.player_a == "EL IDRISSI Wael")
    assert mine.kind == LOSS and mine.opponent_text == "forfeit (a loss, no opponent)"
    out = CliRunner().invoke(cli, ["pairings", str(HANDICAP), "--after-round", "1"]).output
    line = next(x for x in out.splitlines() if "EL IDRISSI Wael" in x)
    assert "forfeit (a loss, no opponent)" in line and "BYE" not in line
    out = CliRunner().invoke(cli, ["draw", str(HANDICAP), "--after-round", "6", "--top", "4",
                                   "--sims", "200", "--json"]).stdout
    left = next(t for t in json.loads(out)["left_out"] if t["player_a"] == "EL IDRISSI Wael")
    assert (left["player_b"], left["reason"]) == ("forfeit (a loss, no opponent)", "no game to play")
