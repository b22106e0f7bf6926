"""FIDE Tournament Report File (TRF-16) import and export.

A TRF is fixed-width text, one record per line, the first three characters naming the record.
This reader uses ``012`` (tournament name), ``042`` (start date), ``XXR`` or ``142`` (number of
rounds; else the count of ``132`` round dates) and the ``001`` player lines; other records are
skipped.  An ``001`` line (columns numbered from 1)::

    1-3 "001"  5-8 start number  10 sex  11-13 title  15-47 name  49-52 FIDE rating
    54-56 federation  58-68 FIDE id  70-79 birth date  81-84 points  86-89 rank
    then one 10-column block per round from column 92:  opponent (4) _ colour (1) _ result (1)

Result codes (player's side): ``1`` ``=`` ``0`` win / draw / loss, ``W`` ``D`` ``L`` the same not
rated (read as played games), ``+`` ``-`` forfeit win / loss (with an opponent), ``H`` half-point
bye, ``F`` full-point bye, ``U`` pairing-allocated bye, ``Z`` zero-point bye, blank: not paired.
Every game appears on both players' lines and the two must agree.  A paired round with a blank
result is a pairing whose result is not in yet (allowed in the last round only).

Mapping to the event model: a game is a best-of-one match, the white player as ``player_a``
(1-0-0 a win, 0-0-1 a draw); ``+``/``-`` a ``forfeit`` (a double ``-`` a ``double-loss``); ``U``
and ``F`` a ``bye``, ``H`` a ``half-bye``, ``Z`` a ``loss`` without opponent; a round not paired
(including ``0000 - -``) has no match.  Ratings come from the 001 lines (0 or blank: unrated).
The event suggests the ``fide`` pack, ``fide-2026`` when it started on or after 2026-03-01.

:func:`write_trf` writes an event back (start numbers in player order), so that a file read and
written again gives the same standings.
"""

from __future__ import annotations

import re

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.model import BYE, DOUBLE_LOSS, FORFEIT, HALF_BYE, LOSS, MATCH, Event, Match

#: First column (0-based) of the round blocks, and their width.
ROUNDS_AT = 91
BLOCK = 10
PLAYED = {"1": 2, "=": 1, "0": 0, "W": 2, "D": 1, "L": 0}  # code -> half points
SOLO = {"U": BYE, "F": BYE, "H": HALF_BYE, "Z": LOSS}
CODES = set(PLAYED) | set(SOLO) | {"+", "-", " "}
RULES_2026_FROM = "2026-03-01"


def read_trf(text: str, file: str) -> Event:
    """Read a TRF-16 file.

    :raises InputError: naming the file and line for a malformed ``001`` line, a player number
        twice, an unknown opponent, a game the two players report differently, a round count
        that does not fit, or anything the shared checks of :class:`EventBuilder` reject.
    """
    b = EventBuilder(file, "trf", best_of=1)
    name = date = None
    declared_rounds: tuple[int, int] | None = None  # (rounds, line number)
    round_dates = 0
    players: dict[int, tuple[str, int]] = {}  # start number -> (name, line number)
    rounds: dict[int, dict[int, tuple[int, str, str, int]]] = {}  # round -> start no -> block
    ratings: dict[str, float] = {}
    listed_points: dict[int, tuple[str, int]] = {}
    for ln, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        tag = line[:3]
        if "\t" in line:
            raise InputError(file, f"line {ln}", "a tab character in a fixed-width TRF line",
                             "TRF columns are counted in characters; replace tabs by spaces")
        if tag == "012":
            name = line[4:].strip() or name
        elif tag == "042":
            date = line[4:].strip() or None
        elif tag in ("XXR", "142"):
            value = line[4:].strip()
            if not value.isdigit() or not 1 <= int(value) <= 999:
                raise InputError(file, f"line {ln}", f"{tag}: number of rounds must be a whole "
                                                     f"number from 1 to 999, not {value!r}")
            declared_rounds = (int(value), ln)
        elif tag == "132":
            round_dates = len(line[ROUNDS_AT:].split())
        elif tag == "001":
            read_player(line, ln, file, b, players, rounds, ratings, listed_points)
    if not players:
        raise InputError(file, None, "no 001 player lines", "is it a FIDE TRF file?")
    matches = pair_up(rounds, players, file)
    for m in matches:
        b.add_match(m)
    played = max(rounds) if rounds else 0
    swiss_rounds = declared_rounds[0] if declared_rounds else (round_dates or None)
    if swiss_rounds is not None and swiss_rounds < played:
        where = f"line {declared_rounds[1]}" if declared_rounds else "132 record"
        raise InputError(file, where, f"the file announces {swiss_rounds} rounds but its player "
                                      f"lines have results for {played}")
    notes = check_points(matches, players, listed_points)
    iso = iso_date(date)
    rules = "fide-2026" if iso and iso >= RULES_2026_FROM else "fide"
    return b.build(name or file, date=iso or date, swiss_rounds=swiss_rounds, ratings=ratings,
                   rules=rules, notes=tuple(notes))


def read_player(line, ln, file, b, players, rounds, ratings, listed_points) -> None:
    """Parse one ``001`` line into the collections of :func:`read_trf`."""
    where = f"line {ln}"
    number = line[4:8].strip()
    if not number.isdigit() or int(number) == 0:
        raise InputError(file, where, f"start number (columns 5-8) must be a positive whole "
                                      f"number, not {line[4:8]!r}")
    number = int(number)
    if number in players:
        raise InputError(file, where, f"start number {number} is used twice (also on line "
                                      f"{players[number][1]})")
    player = b.declare_player(line[14:47].strip(), where)
    players[number] = (player, ln)
    rating = line[48:52].strip()
    if rating and not rating.isdigit():
        raise InputError(file, where, f"rating (columns 49-52) must be a whole number, not "
                                      f"{rating!r}", "are the columns shifted?")
    if rating and int(rating) > 0:
        ratings[player] = float(rating)
    listed_points[number] = (line[80:84].strip(), ln)
    body = line[ROUNDS_AT:].rstrip()
    for r in range((len(body) + BLOCK - 1) // BLOCK):
        block = body[r * BLOCK:(r + 1) * BLOCK].ljust(8)
        opp, colour, code = block[0:4].strip(), block[5], block[7].upper()
        if (opp and not opp.isdigit()) or block[4] != " " or block[6] != " " \
                or colour not in "wWbB- " or code not in CODES or block[8:].strip():
            raise InputError(file, where, f"round {r + 1}: malformed block {block.rstrip()!r} "
                                          f"(columns {ROUNDS_AT + 1 + r * BLOCK}-"
                                          f"{ROUNDS_AT + 8 + r * BLOCK})",
                             "expected 'NNNN c r': opponent number, colour w/b/-, result code")
        o = int(opp) if opp else 0
        if o == 0 and code in " -":
            continue  # not paired
        if o and code in SOLO:
            raise InputError(file, where, f"round {r + 1}: result {code!r} is a bye, but an "
                                          f"opponent ({o}) is given")
        if not o and code in PLAYED:
            raise InputError(file, where, f"round {r + 1}: a game result {code!r} needs an "
                                          "opponent number")
        if o == number:
            raise InputError(file, where, f"round {r + 1}: player {number} is paired against "
                                          "themselves")
        rounds.setdefault(r + 1, {})[number] = (o, colour.lower(), code, ln)


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
            out.append(game(r, p, o, blocks[p], other, players, file))
    return out


def game(r, p, o, mine, theirs, players, file) -> Match:
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


def check_points(matches, players, listed) -> list[str]:
    """Notes for the players whose listed points differ from their results."""
    got: dict[str, int] = {}
    for m in matches:
        for p in m.players:
            got[p] = got.get(p, 0) + half_points(m, p)
    notes = []
    for number, (name, _) in sorted(players.items()):
        text, ln = listed[number]
        try:
            value = float(text) if text else None
        except ValueError:
            value = None
        if value is not None and value * 2 != got.get(name, 0):
            notes.append(f"line {ln}: {name} is listed with {text} points but the results give "
                         f"{points_text(got.get(name, 0))}")
    return notes


def points_text(halves: int) -> str:
    return f"{halves / 2:.1f}"


def iso_date(text: str | None) -> str | None:
    """``YYYY-MM-DD`` from a TRF date (year first or last, any separators), else ``None``."""
    if not text:
        return None
    parts = re.findall(r"\d+", text)
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
