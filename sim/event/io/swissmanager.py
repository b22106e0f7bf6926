"""Swiss-Manager tournament files (``.TUNX`` individual Swiss, ``.TURX`` individual round robin): the
files chess-results.com receives and offers for download ("Swiss-Manager tournamentfile").

A binary layout, read from the public notes of zyf0717/chess-results-api
(``docs/swiss-manager-format.md``, ``docs/tumx-format.md``), checked here on a real ``.TUNx``
(tests/data/swissmanager, README there).  Integers are little-endian; a string is a ``uint16``
count of UTF-16 code units then the UTF-16LE text; a section starts with a tag byte and
``ff 89 44``:

- ``93`` header: 108 fixed bytes, then 132 strings (0: the event's name; 14 time control);
- ``95`` configuration: at 15 the file's kind (0 individual Swiss, 1 individual round robin,
  2 and 3 team events), 23 the players, 27 the scheduled rounds, 31 the count and 33 the codes of
  the tie-breaks, 75 and 79 the first and last dates (YYYYMMDD);
- ``a3`` schedule: per round 16 strings and 76 bytes (0: the date, 6: the games of the round);
- ``a5`` players: per player 18 strings (0 last name, 1 first name, 4 title, 10 federation) and 134
  bytes (32: rating, 48: FIDE id);
- ``b3`` games, round after round (the schedule's count each): white and black (``uint16``, the
  player's position in the file from 1; black ``ffff`` a bye, ``fffe`` not paired), the result
  byte (0 not in yet, 1 white wins, 2 draw, 3 black wins, 4 and 5 the same by forfeit, 6 double
  forfeit, 9 a bye's point; for a player without opponent: the points of the bye or absence,
  1 or 9 a point, 2 half a point, 3 none), 16 bytes not read;
- ``d3`` the directory: the offsets of the sections present, then ``e3`` the end.

Team files (``.TUMX``, ``.TUTX``) are refused in one line: drawsafe ranks players.  The tie-break
codes are kept in a note, not mapped: no public document names them for individual events.
"""

from __future__ import annotations

import struct

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder, forfeit, solo
from drawsafe.event.io.formats import BYTES, Format, register
from drawsafe.event.model import BYE, MATCH, NO_RESULT, Event, Match

FORMAT = "swissmanager"
MARK = b"\xff\x89\x44"
KINDS = {0: "an individual Swiss (.TUNX)", 1: "an individual round robin (.TURX)", 2: "a team round robin (.TUTX)",
         3: "a team Swiss (.TUMX)"}
BYE_REF, NOT_PAIRED = 0xFFFF, 0xFFFE
GAME = 21


def is_swissmanager(raw: bytes) -> bool:
    return len(raw) >= 112 and raw[0] == 0x93 and raw[1:4] == MARK


class Reader:
    def __init__(self, raw: bytes, file: str):
        self.raw, self.file = raw, file

    def fail(self, at: int, problem: str) -> InputError:
        return InputError(self.file, f"byte {at}", problem,
                          "is it a Swiss-Manager file saved whole? (save it again from Swiss-Manager)")

    def u16(self, at: int) -> int:
        if at + 2 > len(self.raw) or at < 0:
            raise self.fail(at, "the file ends inside a record")
        return struct.unpack_from("<H", self.raw, at)[0]

    def u32(self, at: int) -> int:
        if at + 4 > len(self.raw) or at < 0:
            raise self.fail(at, "the file ends inside a record")
        return struct.unpack_from("<I", self.raw, at)[0]

    def strings(self, at: int, count: int, end: int) -> tuple[list[str], int]:
        out = []
        for _ in range(count):
            n = self.u16(at)
            at += 2
            if at + 2 * n > end:
                raise self.fail(at, "a text runs past the end of its section")
            try:
                out.append(self.raw[at:at + 2 * n].decode("utf-16le"))
            except UnicodeDecodeError:
                raise self.fail(at, "a text is not UTF-16") from None
            at += 2 * n
        return out, at

    def section(self, at: int, tag: int, what: str) -> int:
        if self.raw[at:at + 1] != bytes([tag]) or self.raw[at + 1:at + 4] != MARK:
            raise self.fail(at, f"the {what} section is not where the directory says")
        return at + 4


def read_swissmanager(raw: bytes, file: str) -> Event:
    """Read a Swiss-Manager ``.TUNX``/``.TURX`` file (see the module text).

    :raises InputError: naming the byte for a damaged file, the kind for a team file, the game for
        a player position that is not in the file.
    """
    r = Reader(raw, file)
    if not is_swissmanager(raw):
        raise InputError(file, None, "not a Swiss-Manager file (it does not start with its header mark)")
    names, at = r.strings(108, 132, len(raw))
    title = names[0].strip() or file
    if raw[at:at + 4] != b"\x95" + MARK:
        raise r.fail(at, "the configuration does not follow the header")
    config = at
    filekind = r.u16(config + 15)
    if filekind not in (0, 1):
        raise InputError(file, None, f"{KINDS.get(filekind, f'a Swiss-Manager file of kind {filekind}')}: drawsafe reads "
                                     "individual events only (a team event's players are ranked by their teams)",
                         "for a team event, read its players' games with another tool")
    n_players = r.u16(config + 23)
    n_rounds = r.u16(config + 27)
    n_tb = r.u16(config + 31)
    codes = [r.u16(config + 33 + 2 * i) for i in range(min(n_tb, 9))]
    first = r.u32(config + 75)
    # the directory: the last 36 bytes, d3 mark, seven offsets, e3 mark
    end = len(raw) - 36
    if end < config or raw[end:end + 4] != b"\xd3" + MARK or raw[-4:] != b"\xe3" + MARK:
        raise r.fail(max(end, 0), "no directory at the end of the file (is it truncated?)")
    offsets = [r.u32(end + 4 + 4 * i) for i in range(7)]
    schedule_at, players_at, games_at = offsets[0], offsets[1], offsets[2]
    if not (config < schedule_at < players_at < games_at <= end):
        raise r.fail(end, "the directory's offsets are not in order")
    at = r.section(schedule_at, 0xA3, "schedule")
    per_round = []
    while at < players_at:
        _, at = r.strings(at, 16, players_at)
        if at + 76 > players_at:
            raise r.fail(at, "a round of the schedule is cut short")
        per_round.append(r.u16(at + 6))
        at += 76
    at = r.section(players_at, 0xA5, "players")
    b = EventBuilder(file, FORMAT, best_of=1)
    players: list[str] = []
    ratings: dict[str, float] = {}
    while at < games_at:
        s, at = r.strings(at, 18, games_at)
        if at + 134 > games_at:
            raise r.fail(at, "a player's record is cut short")
        last, first_name = s[0].strip(), s[1].strip()
        shown = f"{last}, {first_name}" if last and first_name else (last or first_name or s[3].strip())
        if not shown:
            shown = f"player {len(players) + 1}"
        name = b.declare_player(shown, f"player {len(players) + 1}")
        rating = r.u16(at + 32)
        if rating:
            ratings[name] = float(rating)
        players.append(name)
        at += 134
    if n_players and n_players != len(players):
        raise r.fail(players_at, f"the configuration counts {n_players} players but the file holds {len(players)}")
    at = r.section(games_at, 0xB3, "games")
    if (end - at) % GAME:
        raise r.fail(at, "the games section is not a whole number of games")
    total = (end - at) // GAME
    if sum(per_round) != total:
        raise r.fail(at, f"the schedule counts {sum(per_round)} games but the file holds {total}")
    notes: list[str] = []
    pending_solo = 0
    last_paired = max((i + 1 for i, n in enumerate(per_round) if n), default=0)
    for rnd, count in enumerate(per_round, 1):
        for k in range(count):
            white, black, code = r.u16(at), r.u16(at + 2), r.raw[at + 4]
            where = f"round {rnd}, game {k + 1}"
            at += GAME
            if white == 0 and black in (0, BYE_REF, NOT_PAIRED):
                continue  # an empty slot
            if not 1 <= white <= len(players):
                raise InputError(file, where, f"player position {white} is not in the file (1-{len(players)})")
            a = players[white - 1]
            if black in (BYE_REF, NOT_PAIRED):
                points = {1: 2, 9: 2, 4: 2, 2: 1, 3: 0, 5: 0, 6: 0, 10: 0}.get(code)
                if code == 0:
                    if black == BYE_REF:
                        b.add_match(Match(rnd, a, kind=BYE, where=where))  # the pairing's bye: its point
                    else:
                        pending_solo += 1
                    continue
                if points is None:
                    raise InputError(file, where, f"unknown result code {code} for a player without opponent")
                if black == NOT_PAIRED and points == 0:
                    continue  # absent, no point: not paired
                b.add_match(solo(rnd, a, points, where))
                continue
            if not 1 <= black <= len(players) or black == white:
                raise InputError(file, where, f"player position {black} is not in the file (1-{len(players)})")
            c = players[black - 1]
            if code == 0:
                kind = MATCH if rnd == last_paired else NO_RESULT
                b.add_match(Match(rnd, a, c, kind=kind, where=where))
            elif code in (1, 2, 3):
                h = {1: 2, 2: 1, 3: 0}[code]
                b.add_match(Match(rnd, a, c, h // 2, (2 - h) // 2, 1 if h == 1 else 0, where=where))
            elif code in (4, 5, 6, 10):  # white's forfeit win, black's, both lost
                b.add_match(forfeit(rnd, a, c, {4: 0, 5: 1}.get(code), where))
            else:
                raise InputError(file, where, f"unknown result code {code} for a game")
    if pending_solo:
        notes.append(f"{pending_solo} player(s) not paired in round {last_paired} without their points yet "
                     "(a requested bye not scored): read as not paired")
    if codes:
        notes.append(f"Swiss-Manager tie-break codes {', '.join(map(str, codes))}: not mapped (no public "
                     "document names them); drawsafe uses the pack's own tie-breaks (--tiebreaks to change)")
    iso = f"{first // 10000:04d}-{first // 100 % 100:02d}-{first % 100:02d}" if first else None
    notes.append(f"{KINDS[filekind]}, {n_rounds} round(s) scheduled, {last_paired} paired")
    rules = "fide-2026" if iso and iso >= "2026-03-01" else "fide"
    return b.build(title, date=iso, swiss_rounds=n_rounds if n_rounds >= last_paired and n_rounds else None,
                   ratings=ratings, rules=rules, notes=tuple(notes))


register(Format("swissmanager", "Swiss-Manager's binary files (`.TUNX`, `.TURX`)", read_swissmanager, BYTES,
                is_swissmanager, priority=20, page="[chess-results.com and Swiss-Manager](chessresults.md)"))
