"""FIDE Tournament Report File (TRF-16) import and export, as pairing programs and lichess write it.

A TRF is fixed-width text, one record per line, the first three characters naming the record.
This reader uses ``012`` (tournament name), ``022``/``032`` (place and federation: a lichess export
names lichess there), ``042`` (start date), ``XXR`` or ``142`` (number of rounds; else the count
of ``132`` round dates; else the round columns the player lines have) and the ``001`` player
lines; ``013``/``310`` (team records) only mark a team event; other records are skipped.  An
``001`` line (columns numbered from 1)::

    1-3 "001"  5-8 start number  10 sex  11-13 title  15-47 name  49-52 FIDE rating
    54-56 federation  58-68 FIDE id  70-79 birth date  81-84 points  86-89 rank
    then one 10-column block per round from column 92:  opponent (4) _ colour (1) _ result (1)

Result codes (player's side): ``1`` ``=`` ``0`` win / draw / loss, ``W`` ``D`` ``L`` the same not
rated (read as played games), ``+`` ``-`` forfeit win / loss (with an opponent), ``H`` half-point
bye, ``F`` full-point bye, ``U`` pairing-allocated bye, ``Z`` zero-point bye, blank: not paired.
Every game appears on both players' lines and the two must agree.  A paired round with a blank
result is a pairing whose result is not in yet (allowed in the last round only); lichess writes
a game still being played as ``Z`` with the opponent, read the same way.

What pairing programs add, read here:

- *Published standings*: the points (81-84) and the rank (86-89) columns are the program's final
  (or current) table; rank 0 or blank means "not ranked" (a withdrawn player, a bye dummy).
  They become :attr:`Event.standings` rows (points and rank only) for ``standings --check``.
  lichess writes no rank but lists its players in ranking order: that order is the rank then.
- *Bye dummies*: German programs (Swiss-Chess) add a player "spielfrei" whom the bye player
  meets; a player named as such (:data:`BYE_NAMES`), not ranked, who never scores, is left out
  and a game against them read as a bye (a win: full-point bye; a draw: half-point bye; a loss:
  zero-point bye).
- *A round not paired yet*: a last column holding only byes entered ahead (``0000 - H``,
  ``0000 - Z``: JaVaFo's input for pairing that round) is kept as a round of byes marked not
  paired (``Round.paired`` False), which the snapshot does not count as played
  (:mod:`drawsafe.event.unpaired`).  Byes entered for rounds after that one are left out, with a
  note.

Mapping to the event model: a game is a best-of-one match, the white player as ``player_a``
(1-0-0 a win, 0-0-1 a draw); ``+``/``-`` a ``forfeit`` (a double ``-`` a ``double-loss``); ``U``
and ``F`` a ``bye``, ``H`` a ``half-bye``, ``Z`` a ``loss`` without opponent; a round not paired
(including ``0000 - -``) has no match.  Ratings come from the 001 lines (0 or blank: unrated).
The event suggests the ``lichess`` pack for a lichess export, else ``fide``, ``fide-2026`` when it
started on or after 2026-03-01.

:func:`write_trf` writes an event back (start numbers in player order), so that a file read and
written again gives the same standings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import pairwise

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.io.formats import TEXT, Format, Legacy, register
from drawsafe.event.io.numbers import is_digits
from drawsafe.event.model import (
    BYE,
    DOUBLE_LOSS,
    FORFEIT,
    HALF_BYE,
    LOSS,
    MATCH,
    Event,
    Match,
    PublishedStanding,
)

#: First column (0-based) of the round blocks, and their width.
ROUNDS_AT = 91
BLOCK = 10
PLAYED = {"1": 2, "=": 1, "0": 0, "W": 2, "D": 1, "L": 0}  # code -> half points
SOLO = {"U": BYE, "F": BYE, "H": HALF_BYE, "Z": LOSS}
CODES = set(PLAYED) | set(SOLO) | {"+", "-", " "}
RULES_2026_FROM = "2026-03-01"
#: Names of the bye dummy of pairing programs, lower case without spaces and punctuation
#: ("spielfrei": Swiss-Chess and other German programs).
BYE_NAMES = frozenset({"spielfrei", "freilos", "frei", "bye", "byeplayer", "pairingbye", "free",
                       "libre", "exempt", "exento", "vrij"})
#: What a game against the bye dummy is, by the player's result code.
AGAINST_DUMMY = {"1": BYE, "W": BYE, "+": BYE, " ": BYE, "=": HALF_BYE, "D": HALF_BYE,
                 "0": LOSS, "L": LOSS, "-": LOSS}
#: How a lichess export names the site (its 022 and 102 records give lichess.org URLs, 032 "Lichess").
LICHESS_SITE = re.compile(r"\blichess(\.org)?\b", re.IGNORECASE)
#: Listed points that differ from the results: notes named one by one, then a count.
MAX_POINT_NOTES = 5
MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
                                      "oct", "nov", "dec"), 1)}


@dataclass
class PlayerLine:
    """One ``001`` line as read: its blocks by round, (opponent, colour, code, line number)."""

    number: int
    name: str
    ln: int
    rating: float
    points: str
    rank: str
    blocks: dict[int, tuple[int, str, str, int]] = field(default_factory=dict)
    #: Round columns on the line (blank ones at its end not counted).
    columns: int = 0


@dataclass
class Header:
    name: str | None = None
    date: str | None = None
    rounds: tuple[int, int] | None = None  # (rounds, line number)
    round_dates: int = 0
    lichess: bool = False
    team: bool = False


def looks_like_trf(text: str) -> bool:
    """A FIDE TRF by its records: a ``012`` (name) or ``001`` (player) line among the first 50."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return any(ln[:4] == "012 " or ln[:4] == "001 " for ln in lines[:50])


def looks_like_trf_bytes(raw: bytes) -> bool:
    """A FIDE TRF by its records (``012`` name, ``001`` players), before decoding."""
    head = raw.lstrip()[:20000]
    return head.startswith((b"012 ", b"001 ")) or b"\n001 " in head


def read_trf(text: str, file: str) -> Event:
    """Read a TRF-16 file (also lichess's Swiss export and TRF-2026's 001 lines).

    :raises InputError: naming the file and line for a malformed ``001`` line, a player number
        twice, an unknown opponent, a game the two players report differently, a round count
        that does not fit, or anything the shared checks of :class:`EventBuilder` reject.
    """
    head = Header()
    lines: dict[int, PlayerLine] = {}
    names: dict[str, int] = {}
    for ln, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        tag = line[:3]
        if "\t" in line:
            raise InputError(file, f"line {ln}", "a tab character in a fixed-width TRF line",
                             "TRF columns are counted in characters; replace tabs by spaces")
        if tag == "012":
            head.name = line[4:].strip() or head.name
        elif tag in ("022", "032", "102"):  # place, federation, arbiter: lichess names itself there
            head.lichess = head.lichess or LICHESS_SITE.search(line[4:]) is not None
        elif tag == "042":
            head.date = line[4:].strip() or None
        elif tag in ("XXR", "142"):
            value = line[4:].strip()
            if not is_digits(value) or not 1 <= int(value) <= 999:
                raise InputError(file, f"line {ln}", f"{tag}: number of rounds must be a whole "
                                                     f"number from 1 to 999, not {value!r}")
            head.rounds = (int(value), ln)
        elif tag == "132":
            head.round_dates = len(line[ROUNDS_AT:].split())
        elif tag in ("013", "310"):
            head.team = True
        elif tag == "001":
            p = read_player(line, ln, file, lines, names)
            lines[p.number] = p
    if not lines:
        raise InputError(file, None, "no 001 player lines", "is it a FIDE TRF file?")
    ranked_file = any(p.rank for p in lines.values())
    dummies = {n for n, p in lines.items() if is_bye_dummy(p, ranked_file)}
    b = EventBuilder(file, "trf", best_of=1)
    players: dict[int, tuple[str, int]] = {}
    for n, p in lines.items():
        if n not in dummies:
            players[n] = (b.declare_player(p.name, f"line {p.ln}"), p.ln)
    rounds = collect_rounds(lines, dummies, file)
    notes: list[str] = []
    if dummies:
        names = ", ".join(repr(lines[n].name) for n in sorted(dummies))
        notes.append(f"{names}: the pairing program's bye dummy, left out (a game against it is "
                     "read as a bye)")
    rounds, dropped = trim_entered_ahead(rounds)
    if dropped:
        notes.append(dropped)
    matches = pair_up(rounds, players, file)
    for m in matches:
        b.add_match(m)
    played = max((r for p in lines.values() for r in p.blocks), default=0)
    columns = max(p.columns for p in lines.values())
    swiss_rounds, said = rounds_of(head, columns)
    if swiss_rounds is not None and swiss_rounds < played:
        where = f"line {head.rounds[1]}" if head.rounds else "132 record"
        raise InputError(file, where, f"the file announces {swiss_rounds} rounds but its player "
                                      f"lines have results for {played}")
    if said:
        notes.append(said)
    unpaired = not_paired_yet(rounds)
    if unpaired:
        notes.append(unpaired)
    if head.team:
        notes.append("a team event (team records 013/310): drawsafe ranks the players' own games; "
                     "team standings are not computed")
    notes += check_points(matches, players, lines, rounds)
    standings, how = published(lines, players, head.lichess and not ranked_file)
    if how:
        notes.append(how)
    iso = iso_date(head.date)
    rules = "lichess" if head.lichess else "fide-2026" if iso and iso >= RULES_2026_FROM else "fide"
    ratings = {players[n][0]: p.rating for n, p in lines.items() if n in players and p.rating > 0}
    event = b.build(head.name or file, date=iso or head.date, swiss_rounds=swiss_rounds,
                    ratings=ratings, rules=rules, standings=standings, notes=tuple(notes))
    if unpaired:
        last = event.rounds[-1]
        event = replace(event, rounds=(*event.rounds[:-1], replace(last, paired=False)))
    return event


def read_player(line: str, ln: int, file: str, taken: dict[int, PlayerLine],
                names: dict[str, int]) -> PlayerLine:
    """Parse one ``001`` line (``taken``: the lines read before, by start number; ``names``: their
    line numbers by name, this line's added)."""
    where = f"line {ln}"
    number = line[4:8].strip()
    if not is_digits(number) or int(number) == 0:
        raise InputError(file, where, f"start number (columns 5-8) must be a positive whole "
                                      f"number, not {line[4:8]!r}")
    if int(number) in taken:
        raise InputError(file, where, f"start number {int(number)} is used twice (also on line "
                                      f"{taken[int(number)].ln})")
    name = line[14:47].strip()
    if not name:
        raise InputError(file, where, "player name (columns 15-47) is empty")
    if name in names:
        raise InputError(file, where, f"duplicated player name {name!r} (also at line {names[name]})",
                         "every player needs a unique name; add a tag such as 'Name #2'")
    names[name] = ln
    rating = line[48:52].strip()
    if rating and not is_digits(rating):
        raise InputError(file, where, f"rating (columns 49-52) must be a whole number, not "
                                      f"{rating!r}", "are the columns shifted?")
    p = PlayerLine(int(number), name, ln, float(rating or 0), line[80:84].strip(),
                   line[85:89].strip())
    body = line[ROUNDS_AT:].rstrip()
    p.columns = (len(body) + BLOCK - 1) // BLOCK
    for r in range(p.columns):
        block = body[r * BLOCK:(r + 1) * BLOCK].ljust(8)
        opp, colour, code = block[0:4].strip(), block[5], block[7].upper()
        if (opp and not is_digits(opp)) or block[4] != " " or block[6] != " " \
                or colour not in "wWbB- " or code not in CODES or block[8:].strip():
            raise InputError(file, where, f"round {r + 1}: malformed block {block.rstrip()!r} "
                                          f"(columns {ROUNDS_AT + 1 + r * BLOCK}-"
                                          f"{ROUNDS_AT + 8 + r * BLOCK})",
                             "expected 'NNNN c r': opponent number, colour w/b/-, result code")
        o = int(opp) if opp else 0
        if o == 0 and code in " -":
            continue  # not paired
        if o and code == "Z":
            code = " "  # lichess: a game still being played
        if o and code in SOLO:
            raise InputError(file, where, f"round {r + 1}: result {code!r} is a bye, but an "
                                          f"opponent ({o}) is given")
        if not o and code in PLAYED:
            raise InputError(file, where, f"round {r + 1}: a game result {code!r} needs an "
                                          "opponent number")
        if o == p.number:
            raise InputError(file, where, f"round {r + 1}: player {p.number} is paired against "
                                          "themselves")
        p.blocks[r + 1] = (o, colour.lower(), code, ln)
    return p


def is_bye_dummy(p: PlayerLine, ranked_file: bool) -> bool:
    """A pairing program's bye dummy: named so, not ranked, never scoring a point."""
    if re.sub(r"[\W_]+", "", p.name.lower()) not in BYE_NAMES:
        return False
    if ranked_file and p.rank.strip("0"):
        return False
    if p.points and p.points.replace(",", ".").strip("0.") != "":
        return False
    return all(code in "0LZ- " for _, _, code, _ in p.blocks.values())


def collect_rounds(lines: dict[int, PlayerLine], dummies: set[int], file: str
                   ) -> dict[int, dict[int, tuple[int, str, str, int]]]:
    """Round -> start number -> block, without the bye dummies (a game against one is a bye)."""
    rounds: dict[int, dict[int, tuple[int, str, str, int]]] = {}
    for n, p in lines.items():
        if n in dummies:
            continue
        for r, (o, colour, code, ln) in p.blocks.items():
            if o in dummies:
                if code not in AGAINST_DUMMY:
                    raise InputError(file, f"line {ln}", f"round {r}: result {code!r} against the "
                                                         "bye dummy")
                o, colour, code = 0, "-", {BYE: "F", HALF_BYE: "H", LOSS: "Z"}[AGAINST_DUMMY[code]]
            rounds.setdefault(r, {})[n] = (o, colour, code, ln)
    return rounds


def entered_ahead(blocks: dict) -> bool:
    """True for a round column of byes entered before pairing: no game, no pairing bye."""
    return all(o == 0 and code in "HZF" for o, _, code, _ in blocks.values())


def trim_entered_ahead(rounds: dict) -> tuple[dict, str | None]:
    """Leave out columns of byes entered ahead beyond the first such column, and that one too
    when the round before it is still being played (its results are not in)."""
    last_paired = max((r for r, blocks in rounds.items() if not entered_ahead(blocks)), default=0)
    ahead = sorted(r for r in rounds if r > last_paired)
    keep = ahead[:1]
    if keep and (keep[0] != last_paired + 1 or any(
            code == " " for _, _, code, _ in rounds.get(last_paired, {}).values())):
        keep = []
    gone = [r for r in ahead if r not in keep]
    if not gone:
        return rounds, None
    entries = sum(len(rounds[r]) for r in gone)
    kept = {r: blocks for r, blocks in rounds.items() if r not in gone}
    return kept, (f"{entries} bye(s) entered ahead for round(s) {', '.join(map(str, gone))} are left "
                  f"out (round {last_paired + 1} is the next to be paired)")


def not_paired_yet(rounds: dict) -> str | None:
    """The note for a last column of byes entered ahead (kept: the snapshot reads it as a round
    not paired yet)."""
    if not rounds:
        return None
    last = max(rounds)
    if not entered_ahead(rounds[last]):
        return None
    kinds = {"H": "half-point", "Z": "zero-point", "F": "full-point"}
    count: dict[str, int] = {}
    for _, _, code, _ in rounds[last].values():
        count[kinds[code]] = count.get(kinds[code], 0) + 1
    what = ", ".join(f"{v} {k}" for v, k in sorted(((v, k) for k, v in count.items()), reverse=True))
    return (f"round {last} is not paired yet: it holds only byes entered before its pairing ({what}); "
            f"the standings are after round {last - 1}, every other player is pending in round "
            f"{last}, and a simulation pairs these players too")


def rounds_of(head: Header, columns: int) -> tuple[int | None, str | None]:
    """The event's Swiss rounds: ``XXR``/``142``, else the ``132`` dates, else the round columns
    (a chess event's rounds are never guessed from a card-game table), with a note then."""
    if head.rounds:
        return head.rounds[0], None
    if head.round_dates:
        return head.round_dates, None
    if columns:
        return columns, (f"no XXR record: {columns} rounds, as many as the round columns of the "
                         "player lines (--rounds N if the event has more)")
    return None, None


def pair_up(rounds, players, file) -> list[Match]:
    """Turn the per-player round blocks into matches, checking that both sides agree."""
    out = []
    for r in sorted(rounds):
        blocks = rounds[r]
        for p in sorted(blocks):
            o, _, code, ln = blocks[p]
            name = players[p][0]
            where = f"line {ln}, round {r}"
            if o == 0:
                if code == "+":
                    out.append(Match(r, name, kind=BYE, where=where))
                else:
                    out.append(Match(r, name, kind=SOLO[code], where=where))
                continue
            if o not in players:
                raise InputError(file, f"line {ln}", f"round {r}: opponent {o} has no 001 line")
            other = blocks.get(o)
            if other is None or other[0] != p:
                said = "nothing" if other is None else f"opponent {other[0]}"
                raise InputError(file, f"line {ln}", f"round {r}: player {p} is paired with {o}, "
                                                     f"but player {o}'s line {players[o][1]} "
                                                     f"has {said} in round {r}")
            if p > o:
                continue  # made from the other side
            out.append(game(r, p, o, blocks[p], other, players, file=file))
    return out


def game(r, p, o, mine, theirs, players, *, file) -> Match:
    """The match of players ``p`` < ``o`` in round ``r`` from both of their blocks."""
    _, c1, x, ln = mine
    _, c2, y, ln2 = theirs
    names = players[p][0], players[o][0]
    where = f"line {ln}, round {r}"
    disagree = InputError(file, f"line {ln}", f"round {r}: player {p} reports {x!r} against {o} "
                                              f"but player {o} (line {ln2}) reports {y!r}",
                          "the two sides of a game must agree (1/0, =/=, +/-, -/-)")
    if c1 == c2 and c1 in "wb":
        raise InputError(file, f"line {ln}", f"round {r}: players {p} and {o} both have colour "
                                             f"{c1!r}")
    if x == " " or y == " ":
        if x != y:
            raise disagree
        a, bb = names if c1 != "b" else names[::-1]
        return Match(r, a, bb, where=where)
    if x in "+-" or y in "+-":
        if x == "-" and y == "-":
            return Match(r, names[0], names[1], kind=DOUBLE_LOSS, where=where)
        if {x, y} != {"+", "-"}:
            raise disagree
        winner, loser = names if x == "+" else names[::-1]
        return Match(r, winner, loser, kind=FORFEIT, where=where)
    if x not in PLAYED or y not in PLAYED or PLAYED[x] + PLAYED[y] != 2:
        raise disagree
    a, bb, pa = (names[0], names[1], PLAYED[x]) if c1 != "b" else (names[1], names[0], PLAYED[y])
    return Match(r, a, bb, pa // 2, (2 - pa) // 2, 1 if pa == 1 else 0, where=where)


def half_points(m: Match, player: str) -> int:
    """Points (in halves) ``player`` scored in ``m``."""
    if m.kind in (BYE, FORFEIT):
        return 2 if m.player_a == player else 0
    if m.kind == HALF_BYE:
        return 1
    if m.kind != MATCH or not m.reported:
        return 0
    mine, theirs = (m.a_wins, m.b_wins) if m.player_a == player else (m.b_wins, m.a_wins)
    return 2 if mine > theirs else 0 if mine < theirs else 1


def listed_value(text: str) -> float | None:
    """Listed points as a number (a decimal comma accepted), ``None`` when blank or unreadable."""
    try:
        return float(text.replace(",", ".")) if text else None
    except ValueError:
        return None


def check_points(matches, players, lines, rounds) -> list[str]:
    """Notes for the players whose listed points differ from their results (counting the byes of
    a round not paired yet or not: programs do both)."""
    last = max(rounds, default=0)
    ahead = last if rounds and entered_ahead(rounds[last]) else None
    got: dict[str, int] = {}
    early: dict[str, int] = {}
    for m in matches:
        for p in m.players:
            got[p] = got.get(p, 0) + half_points(m, p)
            if m.round != ahead:
                early[p] = early.get(p, 0) + half_points(m, p)
    notes = []
    for number, (name, _) in sorted(players.items()):
        p = lines[number]
        value = listed_value(p.points)
        if value is not None and value * 2 not in (got.get(name, 0), early.get(name, 0)):
            notes.append(f"line {p.ln}: {name} is listed with {p.points} points but the results "
                         f"give {points_text(got.get(name, 0))}")
    if len(notes) > MAX_POINT_NOTES:
        more = len(notes) - MAX_POINT_NOTES
        rest = f"... and {more} more players whose listed points differ from their results"
        notes = [*notes[:MAX_POINT_NOTES], rest]
    return notes


def published(lines: dict[int, PlayerLine], players: dict, in_line_order: bool
              ) -> tuple[tuple[PublishedStanding, ...] | None, str | None]:
    """The published points and ranks as standings rows (other fields not published: None).

    A rank column: rank 0 or blank = not ranked.  Without one, ``in_line_order`` (lichess, whose
    lines follow its ranking when their points never rise) makes the line order the rank."""
    ranked = any(p.rank for p in lines.values())
    ordered = [p for n, p in sorted(lines.items(), key=lambda item: item[1].ln) if n in players]
    rank_of: dict[int, int | None] = {}
    how = None
    if ranked:
        rank_of = {p.number: int(p.rank) if is_digits(p.rank) else 0 for p in ordered}
    elif in_line_order:
        values = [listed_value(p.points) for p in ordered]
        if None not in values and all(a >= b for a, b in pairwise(values)):
            rank_of = {p.number: i + 1 for i, p in enumerate(ordered)}
            how = "no rank column: lichess lists its players in ranking order, so --check compares that order"
    rows = []
    for p in ordered:
        value = listed_value(p.points)
        rank = rank_of.get(p.number)
        if value is None and rank is None:
            continue
        rows.append(PublishedStanding(rank=rank, player=players[p.number][0], points=value, wins=None,
                                      losses=None, draws=None, omw=None, gw=None, ogw=None))
    return (tuple(rows) if rows else None), how


def points_text(halves: int) -> str:
    return f"{halves / 2:.1f}"


def iso_date(text: str | None) -> str | None:
    """``YYYY-MM-DD`` from a TRF date (year first or last, any separators, or an English month
    name as lichess writes it: "May 29, 2020"), else ``None``."""
    if not text:
        return None
    month = re.search(r"[A-Za-z]{3,}", text)
    parts = re.findall(r"[0-9]{1,9}", text)
    if month and month.group()[:3].lower() in MONTHS and len(parts) >= 2:
        m = str(MONTHS[month.group()[:3].lower()])
        d, y = (parts[0], parts[1]) if len(parts[1]) == 4 else (parts[1], parts[0])
        parts = [d, m, y]
    if len(parts) < 3:
        return None
    if len(parts[0]) == 4:
        y, m, d = parts[0], parts[1], parts[2]
    elif len(parts[2]) == 4:
        d, m, y = parts[0], parts[1], parts[2]
    else:
        return None
    if not (1 <= int(m) <= 12 and 1 <= int(d) <= 31):
        return None
    return f"{int(y):04d}-{int(m):02d}-{int(d):02d}"


def write_trf(event: Event) -> str:
    """The Swiss rounds of ``event`` as TRF-16 text (start numbers follow ``event.players``).

    Games are written with ``player_a`` as white; forfeits with colour ``-``; byes as ``U``,
    half-point byes ``H``, losses without opponent ``Z``, rounds without a match blank.  The
    rank column orders by points, then start number.

    :raises ValueError: for a name longer than the 33 columns of the name field.
    """
    for p in event.players:
        if len(p) > 33:
            raise ValueError(f"player name {p!r} is longer than the 33 columns of a TRF name")
    number = {p: i + 1 for i, p in enumerate(event.players)}
    swiss = event.swiss
    blocks = {p: [" " * 8] * len(swiss) for p in event.players}
    points = dict.fromkeys(event.players, 0)
    for j, rnd in enumerate(swiss):
        for m in rnd.matches:
            for side, p in enumerate(m.players):
                points[p] += half_points(m, p)
                blocks[p][j] = block(m, side, number)
    order = sorted(event.players, key=lambda p: (-points[p], number[p]))
    rank = {p: i + 1 for i, p in enumerate(order)}
    lines = [f"012 {event.name}"]
    if event.date:
        lines.append(f"042 {event.date}")
    lines.append(f"XXR {event.swiss_rounds or len(swiss)}")
    for p in event.players:
        rating = round(event.ratings.get(p, 0))
        sex, title, fed, fide_id, born = "", "", "", "", ""
        rated = f"{rating:4d}" if rating > 0 else ""
        head = (f"001 {number[p]:4d} {sex:1}{title:3} {p:<33} {rated:>4} {fed:3} {fide_id:>11} "
                f"{born:10} {points_text(points[p]):>4} {rank[p]:4d}  ")
        lines.append((head + "  ".join(blocks[p])).rstrip())
    return "\n".join(lines) + "\n"


def block(m: Match, side: int, number: dict[str, int]) -> str:
    """The 8-column round block of the player on ``side`` (0: ``player_a``) of ``m``."""
    if m.player_b is None:
        return "0000 - " + {BYE: "U", HALF_BYE: "H", LOSS: "Z"}[m.kind]
    opp = number[m.players[1 - side]]
    if m.kind == FORFEIT:
        return f"{opp:4d} - {'+' if side == 0 else '-'}"
    if m.kind == DOUBLE_LOSS:
        return f"{opp:4d} - -"
    colour = "w" if side == 0 else "b"
    if not m.reported:
        return f"{opp:4d} {colour}  "
    mine, theirs = (m.a_wins, m.b_wins) if side == 0 else (m.b_wins, m.a_wins)
    code = "1" if mine > theirs else "0" if mine < theirs else "="
    return f"{opp:4d} {colour} {code}"


register(Format("trf", "FIDE TRF-16: chess pairing programs (Swiss Manager, Swiss-Chess, Vega, JaVaFo), lichess",
                read_trf, TEXT, looks_like_trf, priority=50, page="[FIDE TRF](trf.md)",
                # pairing programs (Swiss-Manager, Swiss-Chess) save TRF files in Windows-1252
                legacy=Legacy("cp1252", looks_like_trf_bytes, "Windows-1252, as pairing programs save TRF files")))
