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

The pods are the divisions as in TOM (0 juniors, 1 seniors, 2 masters; ``--division``); a file of
several pods is read for the one with the most players unless ``division`` says.  An event needs
its rounds from round 1: a round alone is refused in one line (its earlier rounds are not in the
file).  The records of the latest complete round are kept as the published standings
(wins, losses, ties, points; no rank: the pairings show none) for ``--check``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.io.formats import TEXT, Format, register
from drawsafe.event.io.markup import add_text, read_html
from drawsafe.event.io.numbers import is_digits
from drawsafe.event.model import BYE, LOSS, Event, Match, PublishedStanding

FORMAT = "rk9"
CELL_ID = re.compile(r"^cell-(\d+)-(\d+)-(\d+)-([123])$")
RECORD = re.compile(r"\((\d+)-(\d+)-(\d+)\)\s*(?:(\d+)\s*pts)?")
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


class _Rows(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows: list[Row] = []
        self.stack: list[tuple[str, str]] = []  # (tag, role)
        self.row: Row | None = None
        self.seat: Seat | None = None
        self.text: list[str] | None = None
        self.name: list[str] | None = None
        self.badge: list[str] | None = None
        self.seat_no = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "input", "meta", "link", "hr"):
            if tag == "br":
                add_text((self.name, self.text), " ")
            return
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        role = ""
        if tag == "div" and {"row", "match"} <= classes:
            self.row = Row(-1, -1, -1, "complete" in classes, where=f"row {len(self.rows) + 1}")
            role = "row"
        elif tag == "div" and self.row is not None and CELL_ID.match(a.get("id") or ""):
            pod, rnd, table, seat = map(int, CELL_ID.match(a["id"]).groups())
            self.row.pod, self.row.round, self.row.table = pod, rnd, table
            self.seat_no = seat
            self.seat = Seat(classes=classes)
            self.text = []
            role = "cell"
        elif tag == "span" and self.seat is not None and ({"name", "player-name"} & classes):
            self.name = []
            role = "name"
        elif tag == "span" and self.seat is not None and "record" in classes:
            try:
                self.seat.record = (int(a.get("data-wins")), int(a.get("data-losses")), int(a.get("data-ties")))
                self.seat.points = int(a["data-points"]) if a.get("data-points") not in (None, "") else None
            except (TypeError, ValueError):
                pass
        elif tag == "span" and self.seat is not None and "badge" in classes:
            self.badge = []
            role = "badge"
        self.stack.append((tag, role))

    def handle_endtag(self, tag):
        while self.stack:
            t, role = self.stack.pop()
            self.finish(role)
            if t == tag:
                break

    def finish(self, role: str) -> None:
        if role == "name" and self.name is not None and self.seat is not None:
            self.seat.name = " ".join("".join(self.name).split())
            self.name = None
        elif role == "badge" and self.badge is not None and self.seat is not None:
            text = " ".join("".join(self.badge).split()).lower()
            if "submitted" in text:
                self.seat.submitted = text
            self.badge = None
        elif role == "cell" and self.seat is not None and self.row is not None:
            text = " ".join("".join(self.text or []).split())
            if self.seat.record is None and (m := RECORD.search(text)):
                self.seat.record = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
                self.seat.points = int(m.group(4)) if m.group(4) else None
            self.row.seats[self.seat_no] = self.seat
            self.seat, self.text = None, None
        elif role == "row" and self.row is not None:
            if self.row.pod >= 0:
                self.rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        add_text((self.name, self.text, self.badge), data)


def looks_like_rk9(text: str) -> bool:
    head = text[:200000]
    return re.search(r'id="cell-\d+-\d+-\d+-[123]"', head) is not None and "match" in head


def read_rows(text: str, file: str) -> list[Row]:
    """Every match row of the file, in order (see the module text)."""
    p = read_html(_Rows(), text, file)
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


def read_rk9(text: str, file: str, division: str | None = None) -> Event:
    """Read RK9 pairings rows (see the module text).

    :raises InputError: for a file without match rows, a division not in it, rounds missing
        before the first, a row without its players, a result both players are given.
    """
    rows = read_rows(text, file)
    if not rows:
        raise InputError(file, None, "no RK9 match rows (div.row.match with cells cell-POD-ROUND-TABLE-SEAT)",
                         "save the pairings of a round from rk9.gg/pairings/..., or fetch the event's link")
    pods: dict[int, set[str]] = {}
    for r in rows:
        pods.setdefault(r.pod, set()).update(s.name for s in r.seats.values() if s.name)
    pod, said = pod_of(division, pods, file)
    rows = [r for r in rows if r.pod == pod]
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
    # top cut: the first round whose rows carry no points (the Swiss always shows "N pts")
    playoff_from = None
    for rnd in rounds:
        seats = [s for r in rows if r.round == rnd for s in r.seats.values() if s.name]
        if seats and rnd > 1 and all(s.points is None for s in seats):
            playoff_from = rnd
            break
    b = EventBuilder(file, FORMAT)  # as TOM files: a match is one result, 1-0-0 or 0-0-1
    notes: list[str] = [said] if said else []
    drops: dict[str, int] = {}
    submitted = 0
    last_by_player: dict[str, Seat] = {}
    for rnd in rounds:
        seen = set()
        for r in (r for r in rows if r.round == rnd):
            where = f"{r.where} (round {rnd}, table {r.table})"
            key = (r.table, tuple(sorted(s.name for s in r.seats.values())))
            if key in seen:
                continue  # the same row twice (a page saved with its tab loaded twice)
            seen.add(key)
            a, c = r.seats.get(1), r.seats.get(2)
            players = [s for s in (a, c) if s is not None and s.name]
            if not players:
                raise InputError(file, where, "a match row without players")
            if playoff_from is not None and rnd >= playoff_from:
                b.playoff_rounds.add(rnd)
            if len(players) == 1:
                s = players[0]  # table 0: a bye (the winner), else a loss without opponent (no-show, late)
                kind = BYE if "winner" in s.classes or not r.complete else LOSS
                b.add_match(Match(rnd, s.name, kind=kind, where=where))
            else:
                pa, pb = a, c
                win_a, win_b = "winner" in pa.classes, "winner" in pb.classes
                tie = "tie" in pa.classes and "tie" in pb.classes
                if (win_a and win_b) or ((win_a or win_b) and tie):
                    raise InputError(file, where, "both players are given the result")
                if r.submitted():
                    submitted += 1
                if win_a or win_b or tie:
                    m = Match(rnd, pa.name, pb.name, int(win_a), int(win_b), int(tie), where=where)
                else:
                    m = Match(rnd, pa.name, pb.name, where=where)
                b.add_match(m)
            for s in players:
                if "dropped" in s.classes:
                    drops[s.name] = rnd
                last_by_player[s.name] = s
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
