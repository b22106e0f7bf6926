"""RK9 (rk9.gg: every Play! Pokémon Regional, International and World Championship, TCG and VGC):
its pairings as the pairings page loads them, one round of one division at a time
(``rk9.gg/pairings/{id}?pod={pod}&rnd={round}``), saved by a browser or fetched by drawsafe's
connector (:mod:`drawsafe.fetch.rk9`: every round's rows one after the other in one file).

A round is rows ``div.row.row-cols-3.match`` (``complete`` once its result is in), each of three
cells ``id="cell-{pod}-{round}-{table}-{seat}"`` (seat 1 and 2 the players, 3 the table): a
player's cell has ``span.name`` (older markup) or ``span.player-name``, then the record "(W-L-T)
N pts" (after the round once the row is complete, before it otherwise; a top-cut round has no
points) or, in newer markup, ``span.record`` with ``data-wins``, ``data-losses``, ``data-ties``,
``data-points``; the classes ``winner``, ``loser``, ``tie`` give the result and ``dropped`` a
player who left after the round.  Table 0 holds one player: a bye (``winner``), else a loss
without opponent (a no-show or late entry, as TOM's outcome 8).  A "win submitted" or
"tie submitted" badge is a result entered by the players but not confirmed by the judges: read as
pending, with a note.  Rounds after a round whose rows have no points are the top cut.

The markup is read as a browser reads it, however it is written (:mod:`~drawsafe.event.io.markup`:
``<br>``, ``<br/>``, ``<br />``, a tag broken over lines, entities): a name is the text of its
``span``, its line breaks read as spaces ("Ronald<br />Sharpsteen [US]" is "Ronald Sharpsteen [US]").

Names are kept as the page writes them, country tag included, one name per player: a player is
named as at their first row, and found in later rounds under the same name with or without its
country tag or a seat tag written before it ("[VIP 6]", "[TABLE 3]").  The page has no player
ids: two different players of one name (two rows of one round) are told apart in later rounds by
their records (each row shows the record after the round), the second named "Name #2" (as
:mod:`~drawsafe.event.io.pokedata` does), with a note; when they have the same record, which is
which is a guess, said.

The pods are the divisions as in TOM (0 juniors, 1 seniors, 2 masters; ``--division``); a file of
several pods is read for the one with the most players unless ``division`` says.  An event needs
its rounds from round 1: a round alone is refused in one line (its earlier rounds are not in the
file).  The records of the latest complete round are kept as the published standings
(wins, losses, ties, points; no rank: the pairings show none) for ``--check``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.io.formats import TEXT, Format, register
from drawsafe.event.io.markup import Elements, add_text, classes, read_html
from drawsafe.event.io.numbers import MAX_DIGITS, is_digits, too_long
from drawsafe.event.model import BYE, LOSS, Event, Match, PublishedStanding

FORMAT = "rk9"
CELL_ID = re.compile(r"^\s*cell-([0-9]+)-([0-9]+)-([0-9]+)-([123])\s*$")
RECORD = re.compile(r"\(\s*([0-9]+)\s*-\s*([0-9]+)\s*-\s*([0-9]+)\s*\)\s*(?:([0-9]+)\s*pts)?")
#: A seat tag RK9 writes before the name of a player at a fixed table ("[VIP 6] ", "[TABLE 3] ").
SEAT_TAG = re.compile(r"^\[[^\]]*\]\s*")
#: The country tag after a name ("[US]").
COUNTRY = re.compile(r"\s*\[([A-Za-z]{2,3})\]$")
PODS = {"juniors": 0, "junior": 0, "seniors": 1, "senior": 1, "masters": 2, "master": 2}
POD_NAMES = {0: "juniors", 1: "seniors", 2: "masters"}
#: Most rows one file may hold (a guard: a World Championship's day has a few thousand).
MAX_ROWS = 100_000


@dataclass
class Seat:
    name: str = ""
    classes: set[str] = field(default_factory=set)
    record: tuple[int, int, int] | None = None
    points: int | None = None
    submitted: str | None = None
    #: The line of the page the seat's cell starts on.
    line: int = 0

    def result(self, complete: bool, alone: bool) -> int | None:
        """Which of wins (0), losses (1), ties (2) this round added to the record (None: no result
        in yet).  ``alone``: at table 0, where a complete row without ``winner`` is a loss."""
        if not complete:
            return None
        if "winner" in self.classes:
            return 0
        if "tie" in self.classes:
            return 2
        if "loser" in self.classes or alone:
            return 1
        return None

    def before(self, complete: bool, alone: bool) -> tuple[int, int, int] | None:
        """The record before the round: the shown one, less this round's result once it is in."""
        if self.record is None:
            return None
        if not complete:
            return self.record
        k = self.result(complete, alone)
        if k is None:
            return None
        out = list(self.record)
        out[k] -= 1
        return tuple(out) if out[k] >= 0 else None

    def after(self, complete: bool, alone: bool) -> tuple[int, int, int] | None:
        """The record after the round (None until its result is in)."""
        return self.record if complete and self.result(complete, alone) is not None else None


@dataclass
class Row:
    pod: int
    round: int
    table: int
    complete: bool
    seats: dict[int, Seat] = field(default_factory=dict)
    where: str = ""

    def submitted(self) -> str | None:
        return next((s.submitted for s in self.seats.values() if s.submitted), None)

    def players(self) -> list[Seat]:
        return [s for k, s in sorted(self.seats.items()) if k in (1, 2) and s.name]


class _Rows(Elements):
    """The match rows of a page (see the module text); numbers are read bounded, an over-long one
    is one InputError naming its line."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file
        self.rows: list[Row] = []
        self.row: Row | None = None
        self.seat: Seat | None = None
        #: The seat cell's text, each piece with the line it starts on.
        self.text: list[tuple[int, str]] | None = None
        self.name: list[str] | None = None
        self.badge: list[str] | None = None
        self.seat_no = 0

    def count(self, text: str | None, what: str, line: int | None = None) -> int | None:
        """A whole number of the page (None: not one); more than MAX_DIGITS digits is an error
        naming ``line`` (default: the line of ``text`` in the tag being read)."""
        s = (text or "").strip()
        if not s.isascii() or not s.isdigit():
            return None
        if len(s) > MAX_DIGITS:
            if line is None:  # the attribute's line: the tag may be broken over several
                tag = self.get_starttag_text() or ""
                line = self.getpos()[0] + tag[:max(0, tag.find(s))].count("\n")
            raise too_long(self.file, len(s), f"line {line} ({what})")
        return int(s)

    def opened(self, tag, attrs):
        cls = classes(attrs)
        if tag == "div" and {"row", "match"} <= cls:
            line = self.getpos()[0]
            self.row = Row(-1, -1, -1, "complete" in cls, where=f"row {len(self.rows) + 1}, line {line}")
            return "row"
        found = CELL_ID.match(attrs.get("id") or "") if tag == "div" and self.row is not None else None
        if found:
            what = f"the cell id {shorten((attrs.get('id') or '').strip())!r}"
            pod, rnd, table, seat = (self.count(x, what) for x in found.groups())
            self.row.pod, self.row.round, self.row.table = pod, rnd, table
            self.seat_no = seat
            self.seat = Seat(classes=cls, line=self.getpos()[0])
            self.text = []
            return "cell"
        if tag == "span" and self.seat is not None:
            if {"name", "player-name"} & cls:
                self.name = []
                return "name"
            if "record" in cls:
                wins, losses, ties = (self.count(attrs.get(f"data-{k}"), f"its data-{k}")
                                      for k in ("wins", "losses", "ties"))
                if None not in (wins, losses, ties):
                    self.seat.record = (wins, losses, ties)
                    self.seat.points = self.count(attrs.get("data-points"), "its data-points")
            elif "badge" in cls:
                self.badge = []
                return "badge"
        return None

    def void(self, tag, attrs):
        if tag == "br":
            add_text((self.name,), " ")
            add_text((self.text,), (self.getpos()[0], " "))

    def closed(self, tag, role):
        if role == "name" and self.name is not None and self.seat is not None:
            self.seat.name = " ".join("".join(self.name).split())
            self.name = None
        elif role == "badge" and self.badge is not None and self.seat is not None:
            text = " ".join("".join(self.badge).split()).lower()
            if "submitted" in text:
                self.seat.submitted = text
            self.badge = None
        elif role == "cell" and self.seat is not None and self.row is not None:
            pieces = self.text or []
            text = "".join(s for _, s in pieces)
            if self.seat.record is None and (m := RECORD.search(text)):
                line = line_at(pieces, m.start())
                what = f"the record {shorten(' '.join(m.group(0).split()))!r}"
                w, lo, t, pts = (self.count(x, what, line) for x in m.groups())
                self.seat.record, self.seat.points = (w, lo, t), pts
            self.row.seats[self.seat_no] = self.seat
            self.seat, self.text = None, None
        elif role == "row" and self.row is not None:
            if self.row.pod >= 0:
                self.rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        add_text((self.name, self.badge), data)
        add_text((self.text,), (self.getpos()[0], data))


def shorten(text: str, most: int = 40) -> str:
    """``text``, its middle left out ("…") when longer than ``most`` characters."""
    return text if len(text) <= most else f"{text[:most // 2]}…{text[-(most // 2):]}"


def line_at(pieces: list[tuple[int, str]], offset: int) -> int:
    """The line of the character at ``offset`` of the pieces' text joined."""
    at = 0
    for line, piece in pieces:
        if offset < at + len(piece):
            return line + piece[:offset - at].count("\n")
        at += len(piece)
    return pieces[-1][0] if pieces else 0


def looks_like_rk9(text: str) -> bool:
    head = text[:200000]
    return re.search(r"""id\s*=\s*["']?\s*cell-\d+-\d+-\d+-[123]\b""", head, re.IGNORECASE) is not None and \
        "match" in head.lower()


def read_rows(text: str, file: str) -> list[Row]:
    """Every match row of the file, in order (see the module text).

    :raises InputError: for a number of more than MAX_DIGITS digits (its line), or more than
        MAX_ROWS rows."""
    p = read_html(_Rows(file), text, file)
    if len(p.rows) > MAX_ROWS:
        raise InputError(file, None, f"more than {MAX_ROWS} match rows in one file")
    return p.rows


def pod_of(division: str | None, pods: dict[int, set[str]], file: str) -> tuple[int, str | None]:
    if division is None:
        if len(pods) == 1:
            return next(iter(pods)), None
        pod = max(pods, key=lambda k: (len(pods[k]), k))
        return pod, (f"RK9 divisions (pods) {', '.join(POD_NAMES.get(k, str(k)) for k in sorted(pods))} in the file: "
                     f"read {POD_NAMES.get(pod, str(pod))} (the most players; --division to choose)")
    key = division.strip().lower()
    pod = PODS.get(key, int(key) if is_digits(key) else None)
    if pod not in pods:
        raise InputError(file, None, f"no RK9 division {division!r} in the file",
                         f"the file holds {', '.join(POD_NAMES.get(k, str(k)) for k in sorted(pods))}")
    return pod, None


def once(rows: list[Row]) -> list[Row]:
    """The rows without repeats (a page saved with a round's tab loaded twice shows its rows twice)."""
    seen, out = set(), []
    for r in rows:
        key = (r.round, r.table, tuple(sorted((k, s.name, s.record) for k, s in r.seats.items())))
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


# ---------------------------------------------------------------------------------------------
# One name per player


def core(name: str) -> str:
    """A name without its seat tag and country tag: what stays the same for one player."""
    return COUNTRY.sub("", SEAT_TAG.sub("", name)).strip()


def country(name: str) -> str | None:
    m = COUNTRY.search(name)
    return m.group(1).upper() if m else None


@dataclass
class Person:
    name: str
    country: str | None
    record: tuple[int, int, int] | None = None
    seen: int = 0  # the last round they were in


#: A seat of a round, as :func:`name_players` matches it: the seat, its row complete, at table 0,
#: and its row.
Place = tuple[Seat, bool, bool, Row]


def name_players(rows: list[Row], rounds: list[int]) -> list[str]:
    """Every seat named as its player (module text: one name per player, seat tags left out, two
    players of one name told apart by their records): ``Seat.name`` is set, the notes returned."""
    people: dict[str, list[Person]] = {}
    taken: set[str] = set()
    twins: dict[str, tuple[int, list[Row]]] = {}
    guessed: dict[str, int] = {}
    tagged = [m.group(0).strip() for r in rows for s in r.players() if (m := SEAT_TAG.match(s.name))]
    for rnd in rounds:
        seats: dict[str, list[Place]] = {}
        for r in rows:
            if r.round == rnd:
                for s in r.players():
                    seats.setdefault(core(s.name), []).append((s, r.complete, r.table == 0, r))
        for key, mine in seats.items():
            known = people.setdefault(key, [])
            order, guess = assign(mine, known)
            if guess:
                guessed.setdefault(key, rnd)
            for (s, complete, alone, r), p in order:
                if p is None:
                    p = Person(numbered(SEAT_TAG.sub("", s.name), taken), country(s.name))
                    taken.add(p.name)
                    known.append(p)
                    if p.name != SEAT_TAG.sub("", s.name):  # a second player of this name
                        twins.setdefault(key, (rnd, [x[3] for x in mine]))
                p.seen, p.record = rnd, s.after(complete, alone)
                p.country = p.country or country(s.name)
                s.name = p.name
    notes = []
    if tagged:
        tags = sorted(set(tagged), key=lambda x: (len(x), x))
        shown = ", ".join(repr(t) for t in tags[:3]) + (", ..." if len(tags) > 3 else "")
        notes.append(f"seat tags written before {len(tagged)} name(s) ({shown}): left out of the names")
    for key, (rnd, where) in twins.items():
        names = [p.name for p in people[key]]
        tables = ("tables " if len(where) > 1 else "table ") + " and ".join(str(r.table) for r in where)
        notes.append(f"{len(names)} different players named {names[0]!r} (round {rnd}, {tables}): read as "
                     f"{', '.join(repr(n) for n in names)}, told apart in later rounds by their records (RK9 shows "
                     "no player ids)")
    for key, rnd in guessed.items():
        notes.append(f"the players named {people[key][0].name!r} could not be told apart in round {rnd} (the same "
                     "record): which is which from then on is a guess (their opponents, and so their tiebreaks, "
                     "may be swapped)")
    return notes


def assign(seats: list[Place], known: list[Person]) -> tuple[list[tuple[Place, Person | None]], bool]:
    """Each seat of one name in a round with the player it is (None: a player not seen before),
    and whether that was a guess.  One seat and one player: that player.  Several: first by the
    record before the round equal to the player's after their last round, then in order; a
    country tag written on both must agree."""
    left = [p for p in known]
    out: dict[int, Person] = {}
    guess = False
    for step in ("record", "order"):
        for i, (s, complete, alone, _) in enumerate(seats):
            if i in out:
                continue
            before, land = s.before(complete, alone), country(s.name)
            fits = [p for p in left if not (land and p.country and land != p.country)]
            if step == "record" and (len(seats) > 1 or len(known) > 1):
                fits = [p for p in fits if p.record is not None and p.record == before]
                if sum(1 for x in seats if x[0].before(x[1], x[2]) == before) > 1 and len(fits) > 1:
                    guess = True  # two seats and two players of one name with the same record
            elif step == "order" and fits and (len(seats) > 1 or len(known) > 1):
                guess = True
            if fits:
                out[i] = fits[0]
                left.remove(fits[0])
    return [(seat, out.get(i)) for i, seat in enumerate(seats)], guess


def numbered(name: str, taken: set[str]) -> str:
    """``name``, or "name #2", "#3"... when another player has it."""
    if name not in taken:
        return name
    k = 2
    while f"{name} #{k}" in taken:
        k += 1
    return f"{name} #{k}"


# ---------------------------------------------------------------------------------------------


def read_rk9(text: str, file: str, division: str | None = None) -> Event:
    """Read RK9 pairings rows (see the module text).

    :raises InputError: for a file without match rows, a division not in it, rounds missing
        before the first, a row without its players, a result both players are given, a number
        of more than MAX_DIGITS digits.
    """
    rows = read_rows(text, file)
    if not rows:
        raise InputError(file, None, "no RK9 match rows (div.row.match with cells cell-POD-ROUND-TABLE-SEAT)",
                         "save the pairings of a round from rk9.gg/pairings/..., or fetch the event's link")
    pods: dict[int, set[str]] = {}
    for r in rows:
        pods.setdefault(r.pod, set()).update(s.name for s in r.seats.values() if s.name)
    pod, said = pod_of(division, pods, file)
    rows = once([r for r in rows if r.pod == pod])
    rounds = sorted({r.round for r in rows})
    if rounds[0] != 1:
        missing = "round 1" if rounds[0] == 2 else f"rounds 1-{rounds[0] - 1}"
        raise InputError(file, rows[0].where, f"RK9 round {rounds[0]} without {missing}: the earlier rounds are "
                                              "not in the file",
                         "fetch the event's link (drawsafe fetch https://rk9.gg/pairings/...), which reads every round")
    for expected, got in enumerate(rounds, 1):
        if got != expected:
            raise InputError(file, None, f"RK9 round {expected} is missing (rounds found: "
                                         f"{', '.join(map(str, rounds))})")
    for r in rows:
        if not r.players():
            raise InputError(file, f"{r.where} (round {r.round}, table {r.table})", "a match row without players")
    notes: list[str] = [said] if said else []
    notes += name_players(rows, rounds)
    # top cut: the first round whose rows carry no points (the Swiss always shows "N pts")
    playoff_from = None
    for rnd in rounds:
        seats = [s for r in rows if r.round == rnd for s in r.players()]
        if seats and rnd > 1 and all(s.points is None for s in seats):
            playoff_from = rnd
            break
    b = EventBuilder(file, FORMAT)  # as TOM files: a match is one result, 1-0-0 or 0-0-1
    drops: dict[str, int] = {}
    submitted = 0
    for rnd in rounds:
        for r in (r for r in rows if r.round == rnd):
            where = f"{r.where} (round {rnd}, table {r.table})"
            a, c = r.seats.get(1), r.seats.get(2)
            players = r.players()
            if playoff_from is not None and rnd >= playoff_from:
                b.playoff_rounds.add(rnd)
            if len(players) == 1:
                s = players[0]  # table 0: a bye (the winner), else a loss without opponent (no-show, late)
                kind = BYE if "winner" in s.classes or not r.complete else LOSS
                b.add_match(Match(rnd, s.name, kind=kind, table=r.table or None, where=where))
            else:
                win_a, win_b = "winner" in a.classes, "winner" in c.classes
                tie = "tie" in a.classes and "tie" in c.classes
                if (win_a and win_b) or ((win_a or win_b) and tie):
                    raise InputError(file, where, "both players are given the result")
                if r.submitted():
                    submitted += 1
                if win_a or win_b or tie:
                    m = Match(rnd, a.name, c.name, int(win_a), int(win_b), int(tie), table=r.table, where=where)
                else:
                    m = Match(rnd, a.name, c.name, table=r.table, where=where)
                b.add_match(m)
            for s in players:
                if "dropped" in s.classes:
                    drops[s.name] = rnd
    for player, after in drops.items():
        if after < rounds[-1] and any(player in {m.player_a, m.player_b} for m in b.rounds.get(after + 1, ())):
            continue  # shown dropped but paired later: kept in
        b.add_drop(player, after, f"the row of {player!r} in round {after}")
    if submitted:
        notes.append(f"{submitted} result(s) submitted by the players but not confirmed by the judges "
                     "(\"win submitted\", \"tie submitted\"): read as pending")
    if playoff_from is not None:
        notes.append(f"rounds {playoff_from}-{rounds[-1]} carry no points: the top cut")
    swiss_last = (playoff_from - 1) if playoff_from else rounds[-1]
    done = [rnd for rnd in range(1, swiss_last + 1) if all(r.complete for r in rows if r.round == rnd)]
    standings = published(rows, done[-1]) if done else None
    event = b.build(f"RK9 pairings ({POD_NAMES.get(pod, f'pod {pod}')})", rules="pokemon", standings=standings,
                    standings_round=done[-1] if standings else None, notes=tuple(notes),
                    swiss_rounds=swiss_last if playoff_from else None)
    return event


def published(rows: list[Row], rnd: int) -> tuple[PublishedStanding, ...] | None:
    """Each player's record after Swiss round ``rnd`` (every row of it complete) as RK9 shows it:
    a complete row shows the record after its round."""
    mine = [r for r in rows if r.round == rnd]
    out = {}
    for r in mine:
        for s in r.seats.values():
            if s.name and s.record is not None and s.points is not None and s.name not in out:
                w, lo, t = s.record
                out[s.name] = PublishedStanding(rank=0, player=s.name, points=s.points, wins=w, losses=lo, draws=t,
                                                omw=float("nan"), gw=float("nan"), ogw=float("nan"))
    return tuple(out.values()) or None


register(Format("rk9", "RK9's pairings pages (Pokémon TCG and VGC): one round, or every round of every division",
                read_rk9, TEXT, looks_like_rk9, priority=30, division=True, json_like=True, page="[RK9](rk9.md)"))
