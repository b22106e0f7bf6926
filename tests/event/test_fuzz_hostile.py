"""Fuzzing every reader with the mutations that found issue 49's hostile inputs: a cell around and
over the csv module's limit (131,072 characters), numbers of 30 to 5,000 digits (drawsafe's
bound, Python's), two players given one name, and (for the HTML pages, RK9's and
chess-results') every way of writing the same markup (:data:`fuzzing.SERIALIZATIONS`).

Sources: one real (or, said so in its README, built) file of every text and JSON format in
tests/data.  Each mutated file is an Event or one InputError line naming the file, never a
traceback; the event goes on through ``standings`` and ``--check``.  A page written another way
reads as the same event.  The command line on some: exit 0 or 2, one ``drawsafe: error:`` line,
the file unchanged.  ``DRAWSAFE_FUZZ_EXAMPLES`` (default 200) examples per test.
"""

from __future__ import annotations

import json
import os

from conftest import DATA
from fuzzing import HOSTILE, hostile_text, run_cli, survive
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawsafe.event.io import parse_event


def limitless() -> bytes:
    parts = {p: json.loads((DATA / "fetch" / f"limitless-e1-{p}.json").read_text(encoding="utf-8"))
             for p in ("details", "standings", "pairings")}
    return json.dumps(parts, ensure_ascii=False).encode("utf-8")


#: One file of every text and JSON format (the binary ones, sce and swissmanager, have their own).
SOURCES = {
    "battlefy.json": (DATA / "fetch/real/battlefy/swiss.built-here.json").read_bytes(),
    "chessresults-pairings.html": (DATA / "chess/chessresults/ended_pairings.html").read_bytes()
    .replace(b"Round 9 on", b"Round 1 on"),
    "chessresults-ranking.html": (DATA / "chess/chessresults/ended_standings.html").read_bytes(),
    "chessresults-export.csv": (DATA / "chess/chessresults/tnr1316880-crosstable.csv").read_bytes(),
    "cobra.json": (DATA / "netrunner/2023-09-30-roro-bathgate-co-cobra.json").read_bytes(),
    "native.csv": (DATA / "native/friday.csv").read_bytes(),
    "native.json": (DATA / "native/friday.json").read_bytes(),
    "limitless.json": limitless(),
    "melee.json": (DATA / "7-tappa-tigullio-legacy-league-by-kryptalegacy-212625-2025-03-09.json").read_bytes(),
    "mtgo.json": (DATA / "magic/mtgo-challenge.json").read_bytes(),
    "playhub.json": (DATA / "playhub/synthetic_bundle.json").read_bytes(),
    "pokedata.json": (DATA / "pokemon/pokedata-rounds.json").read_bytes(),
    "rk9-real.html": (DATA / "pokemon/rk9/vancouver-2024-masters-round1.excerpt.html").read_bytes(),
    "rk9-division.html": (DATA / "pokemon/rk9/division.built-here.html").read_bytes(),
    "spicerack.json": (DATA / "magic/spicerack/tournaments_legacy.json").read_bytes(),
    "tdf.tdf": (DATA / "pokemon/league-challenge.tdf").read_bytes(),
    "topdeck.json": (DATA / "magic/topdeck-bye.json").read_bytes(),
    "trf.trf": (DATA / "chess/lichess.trf").read_bytes(),
}
EVENTS = {name: parse_event(raw, name) for name, raw in SOURCES.items()}
NAMES = {name: list(e.players) for name, e in EVENTS.items()}
EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("DRAWSAFE_FUZZ_RANDOM"),
                database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI_FUZZ = settings(FUZZ, max_examples=max(20, EXAMPLES // 8))


def test_every_text_and_json_format_has_a_source():
    from drawsafe.event.io import formats

    read = {e.format for e in EVENTS.values()}
    binary = {name for name in formats.names()[1:] if formats.get(name).reads == formats.BYTES}
    assert read | binary == set(formats.names()[1:]), set(formats.names()[1:]) - read - binary


@st.composite
def hostile(draw, kinds=HOSTILE):
    name = draw(st.sampled_from(sorted(SOURCES)))
    text, kind = hostile_text(draw, SOURCES[name].decode("utf-8"), NAMES[name], kinds)
    return name, text.encode("utf-8"), kind


@FUZZ
@given(hostile())
def test_hostile_files_are_an_event_or_one_line(case):
    name, raw, _kind = case
    survive(raw, name)


def digest(event):
    return (event.players, [[(m.player_a, m.player_b, m.kind, m.a_wins, m.b_wins, m.draws) for m in r.matches]
                            for r in event.rounds], event.drops, [(r.player, r.points) for r in event.standings or ()])


HTML = sorted(n for n in SOURCES if n.endswith(".html"))


@FUZZ
@given(st.sampled_from(HTML), st.data())
def test_a_page_written_another_way_is_the_same_event(name, data):
    text, kind = hostile_text(data.draw, SOURCES[name].decode("utf-8"), NAMES[name], ("serialize",))
    assert digest(parse_event(text.encode("utf-8"), name)) == digest(EVENTS[name]), kind


@CLI_FUZZ
@given(hostile(("cell", "number", "twins")))
def test_the_command_line_on_hostile_files(case):
    name, raw, _kind = case
    run_cli(raw, "." + name.rsplit(".", 1)[1], check=False)


# --- the SQLite file (Sharly Chess): the same mutations, written into its tables ---------------------

SCE = DATA / "chess" / "sce" / "minimal.sce"


@st.composite
def sce_hostile(draw):
    """The Sharly Chess file with one hostile edit: a text cell of a player or the tournament
    around the csv limit's size, a whole number of many digits where the file keeps a number or
    a text, or one player's name given to another."""
    import sqlite3
    import tempfile

    kind = draw(st.sampled_from(("cell", "number", "twins")))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "e.sce")
        with open(path, "wb") as f:
            f.write(SCE.read_bytes())
        db = sqlite3.connect(path)
        ids = [r[0] for r in db.execute("SELECT id FROM player ORDER BY id")]
        if kind == "cell":
            table, column = draw(st.sampled_from([("player", "last_name"), ("player", "first_name"),
                                                  ("player", "ratings"), ("tournament", "name")]))
            value = draw(st.sampled_from("x9,")) * draw(st.sampled_from(CELL_SIZES_SCE))
            db.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = (SELECT min(rowid) FROM {table})", (value,))
        elif kind == "number":
            table, column = draw(st.sampled_from([("pairing", "round"), ("pairing", "result"), ("player", "ratings"),
                                                  ("tournament_player", "pairing_number"), ("board", "index")]))
            digits = "9" * draw(st.sampled_from(NUMBER_LENGTHS_SCE))
            db.execute(f'UPDATE {table} SET "{column}" = ? WHERE rowid = (SELECT min(rowid) FROM {table})',
                       (digits,))
        else:
            a, b = draw(st.permutations(ids))[:2]
            db.execute("UPDATE player SET last_name = (SELECT last_name FROM player WHERE id = ?), first_name = "
                       "(SELECT first_name FROM player WHERE id = ?) WHERE id = ?", (a, a, b))
        db.commit()
        db.close()
        with open(path, "rb") as f:
            return f.read(), kind


CELL_SIZES_SCE = (131_073, 200_000)
NUMBER_LENGTHS_SCE = (19, 31, 5_000)


@settings(FUZZ, max_examples=max(20, EXAMPLES // 4))
@given(sce_hostile())
def test_hostile_sharly_chess_files_are_an_event_or_one_line(case):
    raw, _kind = case
    survive(raw, "e.sce")
