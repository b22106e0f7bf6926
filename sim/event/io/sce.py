"""Sharly Chess event files (``.sce``): the French federation's tournament manager keeps an event
in an SQLite database; this module reads one of its tournaments as a chess event.

The schema, from Sharly Chess's migrations (Sharly-Chess/sharly-chess,
``src/database/sqlite/event/migrations``) and the real example files of its repository:

- ``metadata(version, migration)``: the Sharly Chess version and the last migration applied.
- ``tournament(id, name, rounds, pairing, rating, ...)``: ``rounds`` the rounds the pairing plans,
  ``pairing`` the system (``SWISS_STANDARD``, ``pairing_acceleration-SWISS_PROGRESSIVE``,
  ``ROUND_ROBIN_BERGER``, ...), ``rating`` the rating used (1 standard, 2 rapid, 3 blitz),
  ``paired_bye_result`` / ``pab_value`` what a pairing-allocated bye scores (a result code, 3 a
  win: the default), ``three_points_for_a_win`` (older files), ``player_rating_type`` (1
  estimated, 2 national, 3 FIDE), and until migration m054 ``tie_breaks`` (JSON list of
  ``{type, options}``); from m054 on the table ``tie_break(tournament_id, type, options, index)``.
- ``player(id, last_name, first_name, ratings)``: ``ratings`` JSON by rating kind ("1", "2",
  "3"): ``{"value", "type"}`` before m050, ``{"fide", "national", "estimated"}`` after.
- ``tournament_player(tournament_id, player_id, pairing_number)``.
- ``board(id, white_player_id, black_player_id, index)`` and ``pairing(tournament_id,
  player_id, round, result, board_id)``, one row per player and round, the result the player's
  own: 0 none (not paired, or a game not finished), 1 loss, 2 draw, 3 win, 4 forfeit loss, 5
  double forfeit, 6 forfeit win, 7 zero-point bye, 8 half-point bye, 9 pairing-allocated bye, 10
  full-point bye, 11-13 unrated loss/draw/win, 14 rest (no game: round robins), 15-20 penalties
  (0-0, ½-0, 0-½, rated or not).

Files before the player, board and pairing tables (Sharly Chess 2.x up to migration m034) kept
players and results in Papi files beside the event: they are refused in one line saying so.

Mapping, as :mod:`drawsafe.event.io.trf` maps the same chess results: a game is a best-of-one
match, white as ``player_a``, at its board (``Match.table``: the board's ``index`` + 1; a round's
games in the order of their boards, then the byes); unrated games are played games; a forfeit a ``forfeit``, a double
forfeit a ``double-loss``; a full-point bye a ``bye``, a half-point bye a ``half-bye``, a
zero-point bye a ``loss`` without opponent; a pairing-allocated bye what the tournament makes it
(a ``bye``, a ``half-bye`` or a ``loss``); a rest and a round not paired: no match.  Byes
requested ahead for the next round (no game paired in it yet) make a round not paired
(``Round.paired`` False), as a TRF's ``0000 - H`` column; those of later rounds are left out.

Tie-breaks: Sharly's list (:data:`TIEBREAK_KEYS`) becomes drawsafe's ``--tiebreaks`` keys,
carried as ``Event.rules`` ``"PACK:KEYS"``; the pack is ``fide`` (FIDE C.07 2023: the rules
of every Sharly tie-break marked legacy, i.e. every one of a file before migration m082),
``fide-2026`` for the newer ones, ``fide-1998`` when the list holds Papi's Buchholz (unplayed
rounds as draws).  Settings without an equivalent are named in a note with the nearest taken.

Sharly Chess stores no standings (it computes them when it shows them): the points of each
player, summed from the file's result codes with the tournament's points, are given as
published standings rows (points only) for ``standings --check``.

The file is only read: the bytes are loaded in memory (``sqlite3`` ``deserialize``), never
opened for writing.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field, replace

from drawsafe.errors import InputError, UsageError
from drawsafe.event.io.build import MAX_ROUNDS, EventBuilder
from drawsafe.event.io.formats import BYTES, Format, register
from drawsafe.event.io.numbers import TooLong, is_digits, json_int
from drawsafe.event.model import (
    BYE,
    DOUBLE_LOSS,
    FORFEIT,
    HALF_BYE,
    LOSS,
    Event,
    Match,
    PublishedStanding,
)

MAGIC = b"SQLite format 3\x00"
HINT = "export the tournament from Sharly Chess as a FIDE TRF file and give that"

# result codes (Sharly Chess utils/enum.py Result)
NONE, LOSS_, DRAW, WIN, FORFEIT_LOSS, DOUBLE_FORFEIT, FORFEIT_WIN = 0, 1, 2, 3, 4, 5, 6
ZPB, HPB, PAB, FPB, U_LOSS, U_DRAW, U_WIN, REST = 7, 8, 9, 10, 11, 12, 13, 14
PENALTY_LL, PENALTY_DL, PENALTY_LD, U_PENALTY_LL, U_PENALTY_DL, U_PENALTY_LD = 15, 16, 17, 18, 19, 20
#: Half points of a game result code, for the player whose code it is.
GAME = {LOSS_: 0, DRAW: 1, WIN: 2, U_LOSS: 0, U_DRAW: 1, U_WIN: 2}
#: Result codes without an opponent.
SOLO = {ZPB, HPB, PAB, FPB, REST}
PENALTIES = {PENALTY_LL, PENALTY_DL, PENALTY_LD, U_PENALTY_LL, U_PENALTY_DL, U_PENALTY_LD}
KNOWN = set(range(21))
#: Half points of each result by Sharly's default values (win 1, draw 1/2, loss 0), PAB apart.
HALVES = {NONE: 0, LOSS_: 0, DRAW: 1, WIN: 2, FORFEIT_LOSS: 0, DOUBLE_FORFEIT: 0, FORFEIT_WIN: 2,
          ZPB: 0, HPB: 1, FPB: 2, U_LOSS: 0, U_DRAW: 1, U_WIN: 2, REST: 0, PENALTY_LL: 0,
          PENALTY_DL: 1, PENALTY_LD: 0, U_PENALTY_LL: 0, U_PENALTY_DL: 1, U_PENALTY_LD: 0}
OPPOSITE = {LOSS_: WIN, WIN: LOSS_, DRAW: DRAW, U_LOSS: U_WIN, U_WIN: U_LOSS, U_DRAW: U_DRAW,
            FORFEIT_WIN: FORFEIT_LOSS, FORFEIT_LOSS: FORFEIT_WIN, DOUBLE_FORFEIT: DOUBLE_FORFEIT,
            NONE: NONE, PENALTY_LL: PENALTY_LL, PENALTY_DL: PENALTY_LD, PENALTY_LD: PENALTY_DL,
            U_PENALTY_LL: U_PENALTY_LL, U_PENALTY_DL: U_PENALTY_LD, U_PENALTY_LD: U_PENALTY_DL}
#: The migration from which a core tie-break not marked legacy follows FIDE C.07 2026.
LEGACY_MARKED = 82

#: Sharly's core tie-breaks and drawsafe's key (None: no equivalent), with its cutter options.
TIEBREAK_KEYS = {
    "BUCHHOLZ": "BH", "SONNEBORN_BERGER": "SB", "PROGRESSIVE_SCORES": "PS", "KOYA": "KS",
    "DIRECT_ENCOUNTER": "DE", "WINS": "WIN", "GAMES_WON": "WON", "AVERAGE_RATING_OPPONENTS": "ARO",
    "TOURNAMENT_PERFORMANCE_RATING": "TPR", "SUM_OF_BUCHHOLZ": "SBH",
}
#: Tie-breaks without an equivalent: the nearest drawsafe key (None: left out) and why.
NEAREST = {
    "FORE_BUCHHOLZ": ("BH", "Buchholz"),
    "AVERAGE_OF_BUCHHOLZ": ("BH", "Buchholz"),
    "KASHDAN": ("WIN", "the number of wins"),
    "ffe-PAPI_KASHDAN": ("WIN", "the number of wins"),
    "GAMES_WON_WITH_BLACK": ("WON", "games won"),
    "PERFECT_TOURNAMENT_PERFORMANCE": ("TPR", "the performance rating"),
    "AVERAGE_PERFECT_PERFORMANCE": ("ARO", "the opponents' average rating"),
    "AVERAGE_PERFORMANCE_RATING_OPPONENTS": ("ARO", "the opponents' average rating"),
    "ffe-PAPI_PERFORMANCE": ("TPR", ("FIDE's performance rating (Papi clamps each opponent to "
                                     "+-400 of the player and estimates unrated players)")),
}
#: Cutter options (``CUTTER``, ``CUTTER_WITH_MEDIAN``) to key suffixes drawsafe has.
CUTS = {"NO_CUT": "", "CUT_1": "-C1", "CUT_2": "-C2", "MEDIAN_1": "-M1", "MEDIAN_2": "-M2"}
HAS_CUTS = {"BH": ("", "-C1", "-C2", "-M1", "-M2"), "PS": ("", "-C1", "-C2"), "ARO": ("", "-C1")}


def is_sqlite(raw: bytes) -> bool:
    return raw.startswith(MAGIC)


@dataclass
class Schema:
    """What the file holds, by table and column (the migrations add and drop columns)."""

    tables: set[str]
    columns: dict[str, set[str]] = field(default_factory=dict)
    version: str | None = None
    migration: str | None = None

    @property
    def migration_number(self) -> int:
        m = (self.migration or "").lstrip("m")
        digits = m[:3]
        return int(digits) if is_digits(digits) else 0

    def what(self) -> str:
        return (f"a Sharly Chess event file (SQLite, Sharly Chess "
                f"{self.version or 'of unknown version'}"
                + (f", migration {self.migration}" if self.migration else "") + ")")


def open_db(raw: bytes, file: str) -> sqlite3.Connection:
    """The database of ``raw``, in memory and read only."""
    if raw[18:20] == b"\x02\x02":  # a WAL-mode header: read this copy in memory as a rollback-journal file
        raw = raw[:18] + b"\x01\x01" + raw[20:]
    db = sqlite3.connect(":memory:")
    try:
        db.deserialize(raw)
        db.execute("PRAGMA query_only = ON")
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except (sqlite3.Error, ValueError, OverflowError) as e:
        db.close()
        raise InputError(file, None, f"an SQLite database that cannot be opened ({e}; damaged or "
                                     "truncated?)", HINT) from None
    return db


def read_schema(db: sqlite3.Connection) -> Schema:
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    s = Schema(tables)
    for t in tables & {"tournament", "player", "tournament_player", "board", "pairing", "tie_break",
                       "metadata"}:
        s.columns[t] = {r[1] for r in db.execute(f"PRAGMA table_info(`{t}`)")}
    if "metadata" in tables and {"version", "migration"} <= s.columns["metadata"]:
        row = db.execute("SELECT version, migration FROM metadata").fetchone()
        if row:
            s.version, s.migration = (str(x) if x is not None else None for x in row)
    return s


NEEDED = {
    "tournament": {"id", "name", "rounds"},
    "player": {"id", "last_name", "first_name", "ratings"},
    "tournament_player": {"tournament_id", "player_id"},
    "board": {"id", "white_player_id", "black_player_id"},
    "pairing": {"tournament_id", "player_id", "round", "result", "board_id"},
}


def missing_parts(s: Schema) -> list[str]:
    out = []
    for t, cols in NEEDED.items():
        if t not in s.tables:
            out.append(f"table {t}")
        else:
            out += [f"{t}.{c}" for c in sorted(cols - s.columns[t])]
    return out


def read_sce(raw: bytes, file: str, division: str | None = None) -> Event:
    """Read one tournament of a Sharly Chess ``.sce`` file (``division``: its name or id; else the
    first, with a note naming the others).

    :raises InputError: for a damaged file, a version whose tables are not the ones read (one
        line saying what the file is and what is missing), or results that contradict each other.
    :raises UsageError: for a ``division`` the file does not hold.
    """
    if not is_sqlite(raw):
        raise InputError(file, None, "not a Sharly Chess event file: it does not start with the SQLite header",
                         "give the .sce file Sharly Chess saved")
    db = open_db(raw, file)
    try:
        return read_db(db, file, division)
    except (sqlite3.Error, json.JSONDecodeError, TooLong) as e:
        raise InputError(file, None, f"a Sharly Chess event file that cannot be read ({e}; damaged or "
                                     "truncated?)", HINT) from None
    finally:
        db.close()


def read_db(db: sqlite3.Connection, file: str, division: str | None) -> Event:
    s = read_schema(db)
    if "metadata" not in s.tables or "tournament" not in s.tables:
        raise InputError(file, None, "an SQLite database that is not a Sharly Chess event (no metadata and "
                                     "tournament tables)", HINT)
    missing = missing_parts(s)
    if missing:
        papi = {"path", "filename"} & s.columns["tournament"]
        why = (": this version keeps players and results in Papi files beside the event, not in the .sce"
               if papi and "pairing" not in s.tables else "")
        raise InputError(file, None, f"{s.what()} that drawsafe cannot read: no {', '.join(missing)}{why}",
                         HINT)
    tid, tname, notes = choose(db, s, file, division)
    return read_tournament(db, s, file, tid, tname, notes)


def choose(db, s: Schema, file: str, division: str | None) -> tuple[int, str, list[str]]:
    order = "`index`, id" if "index" in s.columns["tournament"] else "id"
    rows = [(int(i), str(n)) for i, n in db.execute(f"SELECT id, name FROM tournament ORDER BY {order}")]
    if not rows:
        raise InputError(file, None, f"{s.what()} without any tournament", HINT)
    names = ", ".join(repr(n) for _, n in rows)
    if division is not None:
        want = division.strip().casefold()
        for i, n in rows:
            if n.strip().casefold() == want or str(i) == want:
                return i, n, []
        raise UsageError(f"--division {division}: {file} holds no such tournament; its tournaments: {names}")
    notes = []
    if len(rows) > 1:
        others = ", ".join(repr(n) for _, n in rows[1:])
        notes.append(f"the file holds {len(rows)} tournaments: {rows[0][1]!r} is read; the others are "
                     f"{others} (--division NAME)")
    return rows[0][0], rows[0][1], notes


def column(db, s: Schema, table: str, name: str, where: str, args: tuple):
    if name not in s.columns[table]:
        return None
    row = db.execute(f"SELECT `{name}` FROM `{table}` WHERE {where}", args).fetchone()
    return row[0] if row else None


def rating_of(text: str | None, kind: int, prefer: int | None, with_estimated: bool) -> tuple[float, bool]:
    """(rating, estimated) of a player's ``ratings`` JSON for the tournament's rating kind."""
    try:
        data = json.loads(text or "{}", parse_int=json_int)
    except ValueError:  # invalid JSON, or a number of more than MAX_DIGITS digits
        return 0.0, False
    entry = data.get(str(kind)) if isinstance(data, dict) else None
    if not isinstance(entry, dict):
        return 0.0, False
    if "value" in entry:  # before migration m050: {"value", "type"} (1 estimated, 2 national, 3 FIDE)
        entry = {{1: "estimated", 2: "national", 3: "fide"}.get(entry.get("type"), "fide"): entry["value"]}
    kinds = ["fide", "national", "estimated"]
    first = {1: "estimated", 2: "national", 3: "fide"}.get(prefer)
    if first and first != "estimated":
        kinds.remove(first)
        kinds.insert(0, first)
    for k in kinds:
        v = entry.get(k)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0:
            if k == "estimated" and not with_estimated:
                return 0.0, True
            return float(v), k == "estimated"
    return 0.0, False


def read_tournament(db, s: Schema, file: str, tid: int, tname: str, notes: list[str]) -> Event:
    where = "id = ?"
    rounds = column(db, s, "tournament", "rounds", where, (tid,))
    pairing = column(db, s, "tournament", "pairing", where, (tid,)) or ""
    kind = column(db, s, "tournament", "rating", where, (tid,)) or 1
    prefer = column(db, s, "tournament", "player_rating_type", where, (tid,))
    pab = column(db, s, "tournament", "paired_bye_result", where, (tid,))
    if pab is None:
        pab = column(db, s, "tournament", "pab_value", where, (tid,))
    three = column(db, s, "tournament", "three_points_for_a_win", where, (tid,))
    game_points = column(db, s, "tournament", "game_points", where, (tid,))
    date = column(db, s, "tournament", "start_date", where, (tid,))
    if date is None and "start" in s.columns["tournament"]:
        start = column(db, s, "tournament", "start", where, (tid,))
        if isinstance(start, (int, float)) and start > 0:
            import datetime as dt

            date = dt.datetime.fromtimestamp(start, dt.timezone.utc).date().isoformat()
    tiebreaks = stored_tiebreaks(db, s, tid)
    keys, pack, said = map_tiebreaks(tiebreaks, s, rounds or 0)
    notes += said
    estimated = any(t == "TOURNAMENT_PERFORMANCE_RATING" and o.get("ESTIMATED_RATINGS") for t, o in tiebreaks)

    pab_half = {WIN: 2, DRAW: 1, LOSS_: 0}.get(pab if isinstance(pab, int) else WIN, 2)
    pab_kind = {2: BYE, 1: HALF_BYE, 0: LOSS}[pab_half]
    if pab_half != 2:
        notes.append(f"a pairing-allocated bye scores {pab_half / 2:g} in this tournament: read as a "
                     f"{pab_kind}")
    if three:
        notes.append("the tournament gives 3 points for a win: drawsafe's chess packs count 1, 1/2, 0 "
                     "(the nearest; points and ranks may differ)")
    if game_points:
        notes.append(f"the tournament's own game points ({game_points}): drawsafe's chess packs count "
                     "1, 1/2, 0 (the nearest)")
    if "ROUND_ROBIN" in str(pairing).upper():
        notes.append(f"a round robin ({pairing}): read as rounds of games; simulated rounds are paired "
                     "as a Swiss")

    players = db.execute(
        "SELECT p.id, p.last_name, p.first_name, p.ratings, tp.pairing_number FROM tournament_player tp "
        "JOIN player p ON p.id = tp.player_id WHERE tp.tournament_id = ? "
        "ORDER BY tp.pairing_number IS NULL, tp.pairing_number, p.last_name, p.first_name, p.id",
        (tid,)).fetchall()
    if not players:
        raise InputError(file, f"tournament {tname!r}", "the tournament has no players yet",
                         "choose a tournament with players with --division NAME")
    b = EventBuilder(file, "sce", best_of=1)
    names: dict[int, str] = {}
    ratings: dict[str, float] = {}
    taken: dict[str, int] = {}
    counts: dict[str, int] = {}
    full = [" ".join(str(x).strip() for x in (last, first) if x and str(x).strip()) or f"player {pid}"
            for pid, last, first, _, _ in players]
    for name in full:
        counts[name] = counts.get(name, 0) + 1
    unrated_estimated = 0
    twins = []
    for (pid, _, _, text, number), name in zip(players, full):
        if counts[name] > 1:
            twins.append(name)
            name = f"{name} #{number if number is not None else pid}"
        while name in taken:
            name += "'"
        taken[name] = pid
        names[pid] = b.declare_player(name, f"player {pid}")
        value, est = rating_of(text, kind, prefer, estimated)
        if value > 0:
            ratings[names[pid]] = value
        elif est:
            unrated_estimated += 1
    if twins:
        notes.append(f"{len(twins)} players share a name with another ({', '.join(sorted(set(twins)))}): "
                     "each is named with their pairing number")
    if unrated_estimated:
        notes.append(f"{unrated_estimated} players have only a rating estimated by the organiser: unrated "
                     "here, as FIDE's rating tie-breaks count them")

    index = "bd.`index`" if "index" in s.columns.get("board", set()) else "NULL"
    rows = db.execute(
        "SELECT pr.player_id, pr.round, pr.result, pr.board_id, bd.white_player_id, bd.black_player_id, "
        f"{index} FROM pairing pr LEFT JOIN board bd ON bd.id = pr.board_id WHERE pr.tournament_id = ? "
        "ORDER BY pr.round, pr.player_id", (tid,)).fetchall()
    matches, more = build_rounds(rows, names, pab_kind, file)
    notes += more
    # the last round paired: a game or a pairing-allocated bye in it (requested byes come before pairing)
    last_game = max((r[1] for r in rows if r[3] is not None or r[2] == PAB), default=0)
    ahead = sorted({m.round for m in matches if m.round > last_game})
    pending = any(m.player_b is not None and not m.reported for m in matches if m.round == last_game)
    keep = ahead[:1] if ahead and ahead[0] == last_game + 1 and not pending and last_game else []
    gone = [r for r in ahead if r not in keep]
    if gone:
        n = sum(1 for m in matches if m.round in gone)
        notes.append(f"{n} bye(s) requested ahead for round(s) {', '.join(map(str, gone))} are left out "
                     f"(round {last_game + 1} is the next to be paired)")
        matches = [m for m in matches if m.round not in gone]
    for m in matches:
        b.add_match(m)
    if keep:
        notes.append(f"round {keep[0]} is not paired yet: it holds only byes requested before its pairing; "
                     f"the standings are after round {keep[0] - 1}")
    if not matches:
        notes.append("no round is paired yet")
    paired_rounds = {m.round for m in matches} - set(keep)
    published = None
    # the published table goes with the standings after the last complete round (as the check reads them)
    waiting = {r[1] for r in rows if r[3] is not None and r[2] == NONE and r[1] in paired_rounds}
    complete = min(waiting) - 1 if waiting else max(paired_rounds, default=0)
    if complete and not three and not game_points:
        sums = {}
        for pid, rnd, result, *_ in rows:
            if rnd in paired_rounds and rnd <= complete and pid in names and result in KNOWN:
                sums[names[pid]] = sums.get(names[pid], 0) + (pab_half if result == PAB else HALVES[result])
        published = tuple(PublishedStanding(rank=None, player=p, points=sums.get(p, 0) / 2, wins=None,
                                            losses=None, draws=None, omw=None, gw=None, ogw=None)
                          for p in names.values() if p in sums)
        notes.append("Sharly Chess stores no standings: standings --check compares the points with the sums "
                     f"of the file's result codes to round {complete} (win 1, draw 1/2, byes as the tournament "
                     "scores them)")
    swiss = rounds if isinstance(rounds, int) and rounds >= max(paired_rounds | set(keep), default=0) else None
    rules = pack + (":" + ",".join(keys) if keys else "")
    event = b.build(tname or file, date=date if isinstance(date, str) else None, swiss_rounds=swiss,
                    ratings=ratings, rules=rules, standings=published, notes=tuple(notes))
    if keep:
        last = event.rounds[-1]
        event = replace(event, rounds=(*event.rounds[:-1], replace(last, paired=False)))
    return event


def build_rounds(rows, names: dict[int, str], pab_kind: str, file: str) -> tuple[list[Match], list[str]]:
    """The matches of the pairing rows (both players of a board must agree), each round's in the
    order of its boards (the board's ``index``, 0 for board 1; each game's ``table`` is its board),
    then the byes."""
    out: list[Match] = []
    notes: list[str] = []
    by_round: dict[int, dict[int, tuple]] = {}
    order: dict[int, int] = {}  # board id -> its index
    rests = penalties = 0
    for pid, rnd, result, board, white, black, *place in rows:
        if board is not None and place and isinstance(place[0], int):
            order[board] = place[0]
        if pid not in names:
            raise InputError(file, f"round {rnd}", f"a pairing of player {pid}, who is not in the tournament")
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= MAX_ROUNDS:
            raise InputError(file, f"player {names[pid]}", f"a pairing of round {rnd!r}, not a round number",
                             f"rounds are 1 to {MAX_ROUNDS}")
        if result not in KNOWN:
            raise InputError(file, f"player {names[pid]}", f"round {rnd!r}: unknown result code {result!r}",
                             "Sharly Chess's results are 0-20")
        by_round.setdefault(rnd, {})[pid] = (result, board, white, black)
    boards: dict[int, int] = {}  # id of a game's match -> its board's index
    for rnd in sorted(by_round):
        seen: set[int] = set()
        for pid, (result, board, white, black) in sorted(by_round[rnd].items()):
            if pid in seen:
                continue
            name = names[pid]
            where = f"round {rnd}, {name}"
            if result in SOLO or board is None or white is None:
                if result == REST:
                    rests += 1
                elif result == PAB:
                    out.append(Match(rnd, name, kind=pab_kind, where=where))
                elif result in (FPB, FORFEIT_WIN):
                    out.append(Match(rnd, name, kind=BYE, where=where))
                elif result == HPB:
                    out.append(Match(rnd, name, kind=HALF_BYE, where=where))
                elif result in (ZPB, FORFEIT_LOSS, DOUBLE_FORFEIT):
                    out.append(Match(rnd, name, kind=LOSS, where=where))
                elif result != NONE:
                    raise InputError(file, where, f"result code {result} (a game) without a board")
                seen.add(pid)
                continue
            other = black if white == pid else white
            if other is None or other == pid or (white != pid and black != pid):
                if other is None and white == pid:  # a board without a black player: a bye board
                    out.append(Match(rnd, name, kind=pab_kind if result in (NONE, PAB) else BYE, where=where))
                    seen.add(pid)
                    continue
                raise InputError(file, where, f"board {board} does not seat this player")
            theirs = by_round[rnd].get(other)
            if other not in names or theirs is None:
                raise InputError(file, where, f"the opponent on board {board} (player {other}) has no pairing "
                                              "in this round")
            seen.update((pid, other))
            out.append(replace(game(rnd, names[white], names[black], by_round[rnd][white][0],
                                    by_round[rnd][black][0], board_text(rnd, board, order), file=file),
                               table=order[board] + 1 if board in order else None))
            boards[id(out[-1])] = order.get(board, BYES_LAST)
            penalties += by_round[rnd][white][0] in PENALTIES
    out.sort(key=lambda m: (m.round, boards.get(id(m), BYES_LAST)))
    if rests:
        notes.append(f"{rests} rest(s) (no game, no point): read as rounds not paired")
    if penalties:
        notes.append(f"{penalties} game(s) scored with a penalty (0-0, 1/2-0): drawsafe has no such result; a "
                     "0-0 is read as a double forfeit, 1/2-0 as a draw (the nearest)")
    return out, notes


#: Where matches without a board (byes) go in a round's order: after every board.
BYES_LAST = 1 << 30


def board_text(rnd: int, board: int, order: dict[int, int]) -> str:
    """Where a game is, as Sharly shows it: board ``index + 1`` (the board's id without an index)."""
    return f"round {rnd}, board {order[board] + 1}" if board in order else f"round {rnd}, board id {board}"


def game(rnd: int, white: str, black: str, x: int, y: int, where: str, *, file: str) -> Match:
    """A game (``where``: :func:`board_text`)."""
    if OPPOSITE.get(x) != y:
        raise InputError(file, where, f"{white} has result {x} and {black} result {y}: the two sides of a game "
                                      "must agree")
    if x == NONE:
        return Match(rnd, white, black, where=where)
    if x in (FORFEIT_WIN, FORFEIT_LOSS):
        winner, loser = (white, black) if x == FORFEIT_WIN else (black, white)
        return Match(rnd, winner, loser, kind=FORFEIT, where=where)
    if x in (DOUBLE_FORFEIT, PENALTY_LL, U_PENALTY_LL):
        return Match(rnd, white, black, kind=DOUBLE_LOSS, where=where)
    if x in PENALTIES:
        return Match(rnd, white, black, 0, 0, 1, where=where)
    h = GAME[x]
    return Match(rnd, white, black, h // 2, (2 - h) // 2, 1 if h == 1 else 0, where=where)


def stored_tiebreaks(db, s: Schema, tid: int) -> list[tuple[str, dict]]:
    """(type, options) of the tournament's tie-breaks, in order."""
    if "tie_break" in s.tables and {"tournament_id", "type", "options"} <= s.columns["tie_break"]:
        order = "`index`, id" if "index" in s.columns["tie_break"] else "id"
        out = []
        for t, o in db.execute(f"SELECT type, options FROM tie_break WHERE tournament_id = ? ORDER BY {order}",
                               (tid,)):
            opts = json.loads(o or "{}", parse_int=json_int)
            out.append((str(t), opts if isinstance(opts, dict) else {}))
        return out
    text = column(db, s, "tournament", "tie_breaks", "id = ?", (tid,))
    items = json.loads(text or "[]", parse_int=json_int)
    out = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and isinstance(item.get("type"), str):
            opts = item.get("options")
            out.append((item["type"].replace("SONNENBORN_BERGER", "SONNEBORN_BERGER"),
                        opts if isinstance(opts, dict) else {}))
    return out


def papi_cut(rounds: int) -> int:
    """Papi's Buchholz cut by the tournament's rounds (Sharly's ffe_tie_breaks.papi_buchholz_cut)."""
    return 1 if rounds <= 7 else 2 if rounds <= 12 else 3


def map_tiebreaks(items: list[tuple[str, dict]], s: Schema, rounds: int) -> tuple[list[str], str, list[str]]:
    """drawsafe's keys, the pack and the notes for Sharly's tie-break list."""
    keys: list[str] = []
    said: list[str] = []
    papi = False
    legacy = s.migration_number < LEGACY_MARKED

    def add(key: str, what: str) -> None:
        if key in keys:
            said.append(f"{what}: {key} already in the list, left out")
        else:
            keys.append(key)

    for t, o in items:
        if o.get("LEGACY_03_2026"):
            legacy = True
        if o.get("PLAYED_MODIFIER"):
            said.append(f"{t} counts played games only (FIDE's P modifier): drawsafe has no such variant, "
                        "the plain one is used")
        if t in ("ffe-PAPI_BUCHHOLZ", "ffe-PAPI_BUCHHOLZ_CUT_BOTTOM", "ffe-PAPI_MEDIAN_BUCHHOLZ"):
            papi = True
            kind = o.get("ffe-PAPI_BUCHHOLZ_TYPE") or {"ffe-PAPI_BUCHHOLZ_CUT_BOTTOM": "CUT",
                                                       "ffe-PAPI_MEDIAN_BUCHHOLZ": "MEDIAN"}.get(t, "STANDARD")
            n = papi_cut(rounds)
            key = {"STANDARD": "BH", "CUT": f"BH-C{n}", "MEDIAN": f"BH-M{n}"}.get(kind, "BH")
            if n > 2 and key != "BH":
                said.append(f"Papi's {kind.lower()} Buchholz of {rounds} rounds removes {n} values: drawsafe "
                            f"stops at 2, {key[:-1]}2 is used")
                key = key[:-1] + "2"
            add(key, f"Papi's Buchholz ({kind.lower()})")
            continue
        if t in TIEBREAK_KEYS:
            key = TIEBREAK_KEYS[t]
            cut = o.get("CUTTER_WITH_MEDIAN") or o.get("CUTTER") or "NO_CUT"
            suffix = CUTS.get(cut)
            if isinstance(o.get("CUT_BOTTOM"), int) and o.get("CUT_BOTTOM"):
                suffix = f"-C{o['CUT_BOTTOM']}" if not o.get("CUT_TOP") else f"-M{o['CUT_BOTTOM']}"
            if suffix is None or suffix not in HAS_CUTS.get(key, ("",)):
                said.append(f"{t} with {cut}: drawsafe has no such variant of {key}, {key} is used")
                suffix = ""
            if t == "KOYA" and o.get("KOYA_LIMIT") not in (None, 50):
                said.append(f"Koya with limit {o['KOYA_LIMIT']}%: drawsafe's Koya counts opponents on 50% or "
                            "more")
            add(key + suffix, t)
            continue
        if t in NEAREST:
            key, what = NEAREST[t]
            said.append(f"{t}: no drawsafe equivalent, the nearest is {key} ({what})")
            add(key, t)
            continue
        said.append(f"{t}: no drawsafe equivalent, left out (drawsafe breaks the ties it leaves at random)")
    pack = "fide-1998" if papi else "fide" if legacy else "fide-2026"
    if papi:
        said.append("Papi's Buchholz counts an opponent's unplayed rounds as draws and an own unplayed round "
                    "as a virtual opponent: the nearest pack is fide-1998 (every unplayed round a draw)")
    said = list(dict.fromkeys(said))
    listed = ", ".join(t for t, _ in items) or "none"
    said.append(f"Sharly Chess tie-breaks: {listed}; read as rules {pack}"
                + (f" with --tiebreaks {','.join(keys)}" if keys else " and its own tie-breaks"))
    return keys, pack, said


def describe(raw: bytes) -> str:
    """What the file is, in a few words (for messages)."""
    try:
        db = open_db(raw, "<bytes>")
    except InputError:
        return "an SQLite database that cannot be opened (damaged or truncated?)"
    try:
        s = read_schema(db)
        if "metadata" not in s.tables or "tournament" not in s.tables:
            return "an SQLite database that is not a Sharly Chess event"
        n = db.execute("SELECT count(*) FROM tournament").fetchone()[0]
        return f"{s.what()[:-1]}; {n} tournament(s))"
    except sqlite3.Error:
        return "an SQLite database that cannot be read (damaged or truncated?)"
    finally:
        db.close()


register(Format("sce", "Sharly Chess event files (SQLite), one tournament of the file", read_sce, BYTES, is_sqlite,
                priority=10, division=True, page="[Sharly Chess .sce](sce.md)"))
