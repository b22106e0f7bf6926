"""Play Hub's rows: the players met in the file (:class:`People`), a round's matches as drawsafe's
matches (:func:`to_match`) and a round's published standings."""

from __future__ import annotations

import re

from drawsafe.event.io.build import MAX_ROUNDS
from drawsafe.event.io.playhub.shapes import MAX_PLAYERS, Pages, Reader, short
from drawsafe.event.model import BYE, DOUBLE_LOSS, LOSS, Match, PublishedStanding

# ---------------------------------------------------------------------------------------------
# Players


class People:
    """Every player met in the file, by the platform's player id: their name (unique) and status."""

    def __init__(self, r: Reader):
        self.r = r
        self.handle: dict[str, str] = {}
        self.status: dict[str, str] = {}
        self.order: list[str] = []

    def add(self, pid: str, handle: str | None, status: str | None) -> None:
        if pid not in self.handle:
            if len(self.order) >= MAX_PLAYERS:
                raise self.r.fail(None, f"more than {MAX_PLAYERS:,} players")
            self.order.append(pid)
            self.handle[pid] = f"player {pid}"
        if handle and handle.strip() and self.handle[pid] == f"player {pid}":
            self.handle[pid] = handle.strip()
        if status:
            self.status[pid] = status.strip().upper()

    def names(self) -> dict[str, str]:
        count: dict[str, int] = {}
        for pid in self.order:
            count[self.handle[pid]] = count.get(self.handle[pid], 0) + 1
        out = {pid: self.handle[pid] if count[self.handle[pid]] == 1 else f"{self.handle[pid]} ({pid})"
               for pid in self.order}
        taken: dict[str, str] = {}
        for pid, name in out.items():
            if name in taken:
                raise self.r.fail(None, f"players {taken[name]} and {pid} both end up named {name!r}")
            taken[name] = pid
        return out


def player_id(value: object, r: Reader, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, str)) or str(value).strip() == "":
        raise r.fail(where, f"must be the player's id, not {short(value)}")
    return str(value).strip()


def identify(entry: dict, r: Reader, where: str) -> tuple[str, str | None, str | None]:
    """(player id, handle, registration status) of a match seat or a standings row."""
    player = entry.get("player")
    status = entry.get("user_event_status")
    if player is not None:
        player = r.obj(player, where + ".player")
    if status is not None:
        status = r.obj(status, where + ".user_event_status")
    user = status.get("user") if status else None
    if user is not None:
        user = r.obj(user, where + ".user_event_status.user")
    if player is not None and player.get("id") is not None:
        pid = player_id(player.get("id"), r, where + ".player.id")
    elif user is not None and user.get("id") is not None:
        pid = player_id(user.get("id"), r, where + ".user_event_status.user.id")
    else:
        raise r.fail(where, "names no player (player.id)")
    handle = None
    for source, key in ((status, "user_event_status"), (player, "player"), (user, "user_event_status.user")):
        if source is not None:
            handle = handle or r.text(source.get("best_identifier"), f"{where}.{key}.best_identifier")
    reg = r.text(status.get("registration_status"), where + ".user_event_status.registration_status") \
        if status else None
    return pid, handle, reg


# ---------------------------------------------------------------------------------------------
# Matches


class Seat:
    __slots__ = ("order", "pid", "played")

    def __init__(self, pid: str, order: int, played: int | None):
        self.pid, self.order, self.played = pid, order, played


def read_seats(row: dict, r: Reader, where: str, people: People) -> list[Seat]:
    rels = row.get("player_match_relationships")
    seats: list[Seat] = []
    if rels is not None:
        if not isinstance(rels, list):
            raise r.fail(where + ".player_match_relationships", "must be a list of the match's players")
        for k, rel in enumerate(rels):
            at = f"{where}.player_match_relationships[{k}]"
            rel = r.obj(rel, at)
            pid, handle, status = identify(rel, r, at)
            people.add(pid, handle, status)
            order = r.integer(rel.get("player_order"), at + ".player_order", 0, 100)
            ues = rel.get("user_event_status") or {}
            counts = [ues.get(k) for k in ("matches_won", "matches_lost", "matches_drawn")]
            played = None
            if all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= MAX_ROUNDS for c in counts):
                played = sum(counts)
            seats.append(Seat(pid, order if order is not None else k + 1, played))
    else:
        ids = row.get("players")
        if not isinstance(ids, list):
            raise r.fail(where, "names no player (player_match_relationships or players)")
        for k, value in enumerate(ids):
            pid = player_id(value, r, f"{where}.players[{k}]")
            people.add(pid, None, None)
            seats.append(Seat(pid, k + 1, None))
    if len({s.pid for s in seats}) != len(seats):
        raise r.fail(where, "a player is seated twice at one table")
    if len(seats) > 2:
        raise r.fail(where, f"{len(seats)} players at one table: drawsafe reads matches of two players")
    if not seats:
        raise r.fail(where, "a match without players")
    return sorted(seats, key=lambda s: s.order)


class Matches:
    """One round's matches read: Match objects (names filled in later) and the seats' records."""

    def __init__(self) -> None:
        self.rows: list[tuple[dict, str, list[Seat]]] = []
        self.round_ids: set[str] = set()


def collect_matches(pages: Pages, r: Reader, where: str, people: People) -> Matches:
    if pages.total is not None and len(pages.rows) < pages.total:
        have = ", ".join(map(str, pages.numbers)) or "?"
        raise r.fail(where, f"{len(pages.rows)} of the round's {pages.total} matches are in the file "
                            f"(page {have} of {pages.pages})",
                     "save every page of the round's matches, or one page with page_size as large as the round")
    out = Matches()
    seen: dict[str, str] = {}
    for row, at in pages.rows:
        row = r.obj(row, at, "a match (an object with player_match_relationships)")
        mid = row.get("id")
        if isinstance(mid, (int, str)) and not isinstance(mid, bool):
            if str(mid) in seen:
                raise r.fail(at, f"match {mid} is in the file twice (also at {seen[str(mid)]})")
            seen[str(mid)] = at
        rid = row.get("tournament_round")
        if isinstance(rid, (int, str)) and not isinstance(rid, bool) and str(rid).strip():
            out.round_ids.add(str(rid).strip())
        table = r.integer(row.get("table_number"), at + ".table_number", -1, 1_000_000)
        label = at + (f" (table {table})" if table is not None and table > 0 else "")
        out.rows.append((row, label, read_seats(row, r, at, people)))
    return out


def to_match(row: dict, seats: list[Seat], number: int, where: str, r: Reader, names: dict[str, str],
             *, best_of: int, notes: list[str]) -> Match:
    """One Play Hub match as drawsafe's :class:`Match` (the rules of the module text)."""
    bye = r.flag(row.get("match_is_bye"), where + ".match_is_bye")
    loss = r.flag(row.get("match_is_loss"), where + ".match_is_loss")
    intentional = r.flag(row.get("match_is_intentional_draw"), where + ".match_is_intentional_draw")
    unintentional = r.flag(row.get("match_is_unintentional_draw"), where + ".match_is_unintentional_draw")
    winner = row.get("winning_player")
    winner = None if winner is None else player_id(winner, r, where + ".winning_player")
    won = r.integer(row.get("games_won_by_winner"), where + ".games_won_by_winner", 0, 100)
    lost = r.integer(row.get("games_won_by_loser"), where + ".games_won_by_loser", 0, 100)
    drawn = r.integer(row.get("games_drawn"), where + ".games_drawn", 0, 100)
    ids = [s.pid for s in seats]
    if winner is not None and winner not in ids:
        raise r.fail(where + ".winning_player", f"player {winner} is not at this table ({', '.join(ids)})")
    a = names[ids[0]]
    if len(seats) == 1:
        if bye or (winner == ids[0] and not loss):
            return Match(number, a, kind=BYE, where=where)
        if loss:
            return Match(number, a, kind=LOSS, where=where)
        raise r.fail(where, "a match of one player that is neither a bye (match_is_bye) nor a loss (match_is_loss)")
    if bye:
        raise r.fail(where + ".match_is_bye", "a bye with two players")
    b = names[ids[1]]
    if intentional or unintentional:
        if winner is not None:
            raise r.fail(where, f"a draw (match_is_{'' if intentional else 'un'}intentional_draw) with a winner")
        if intentional:
            return Match(number, a, b, 0, 0, 3, where=where)  # drawsafe's convention for an ID
        if (won or 0) != (lost or 0):
            raise r.fail(where, f"a drawn match won {won}-{lost} in games")
        if (won or 0) + (lost or 0) + (drawn or 0) == 0:
            notes.append(f"round {number}: {a} v {b}: an unintentional draw without games, counted 0-0-1")
            return Match(number, a, b, 0, 0, 1, where=where)
        return Match(number, a, b, won or 0, lost or 0, drawn or 0, where=where)
    if winner is None:
        if loss:
            return Match(number, a, b, kind=DOUBLE_LOSS, where=where)
        if won or lost or drawn:
            if (won or 0) == (lost or 0):  # games counted as a draw, not flagged as one
                return Match(number, a, b, won or 0, lost or 0, drawn or 0, where=where)
            raise r.fail(where, f"games {won}-{lost} without a winner (winning_player)")
        return Match(number, a, b, where=where)  # not reported yet
    if won is None and lost is None and not drawn:
        need = best_of // 2 + 1
        won, lost = need, 0
        notes.append(f"round {number}: {names[winner]} won with no games reported: counted {need}-0")
    won, lost = won or 0, lost or 0
    if won < lost or (won == lost and won > 0):
        raise r.fail(where, f"the winner ({names[winner]}) won {won} games, the loser {lost}")
    if won == 0 and lost == 0 and drawn:
        raise r.fail(where, f"a winner ({names[winner]}) with only drawn games")
    if winner == ids[0]:
        return Match(number, a, b, won, lost, drawn or 0, where=where)
    return Match(number, a, b, lost, won, drawn or 0, where=where)


# ---------------------------------------------------------------------------------------------
# Standings


class StandingRow:
    __slots__ = ("gw", "ogw", "omw", "pid", "points", "rank", "record")

    def __init__(self, rank, pid, points, record, omw, gw, *, ogw):
        self.rank, self.pid, self.points, self.record = rank, pid, points, record
        self.omw, self.gw, self.ogw = omw, gw, ogw


def read_standing_rows(pages: Pages, r: Reader, people: People) -> list[StandingRow]:
    out: list[StandingRow] = []
    seen: dict[str, str] = {}
    for row, at in pages.rows:
        row = r.obj(row, at, "a standings row (an object with rank and player)")
        rank = r.integer(row.get("rank"), at + ".rank", 1, MAX_PLAYERS, optional=False)
        pid, handle, status = identify(row, r, at)
        if pid in seen:
            raise r.fail(at, f"player {pid} is in the standings twice (also at {seen[pid]})")
        seen[pid] = at
        people.add(pid, handle, status)
        ues = row.get("user_event_status") or {}
        points = None
        for key, source in (("points", row), ("match_points", row), ("total_match_points", ues)):
            if source.get(key) is not None:
                prefix = at + (".user_event_status." if source is ues else ".")
                points = r.integer(source.get(key), prefix + key, 0, 10 * MAX_ROUNDS)
                break
        if points is None:
            raise r.fail(at, "no points (points or match_points)")
        record = None
        text = row.get("record", row.get("match_record"))
        if text is not None:
            if not isinstance(text, str) or not re.fullmatch(r"\d{1,3}-\d{1,3}-\d{1,3}", text.strip()):
                raise r.fail(at + ".record", f"must be a record \"W-L-D\", not {short(text)}")
            record = tuple(int(x) for x in text.strip().split("-"))
        elif all(isinstance(ues.get(k), int) and not isinstance(ues.get(k), bool)
                 for k in ("matches_won", "matches_lost", "matches_drawn")):
            record = (ues["matches_won"], ues["matches_lost"], ues["matches_drawn"])
        if record is None:
            raise r.fail(at, "no record (record \"W-L-D\", or user_event_status.matches_won, ...)")
        if max(record) > MAX_ROUNDS:
            raise r.fail(at + ".record", f"a record of more than {MAX_ROUNDS} matches")
        out.append(StandingRow(
            rank, pid, points, record,
            r.fraction(row.get("opponent_match_win_percentage"), at + ".opponent_match_win_percentage"),
            r.fraction(row.get("game_win_percentage"), at + ".game_win_percentage"),
            ogw=r.fraction(row.get("opponent_game_win_percentage"), at + ".opponent_game_win_percentage")))
    return out


def published(rows: list[StandingRow], names: dict[str, str]) -> tuple[PublishedStanding, ...]:
    return tuple(PublishedStanding(s.rank, names[s.pid], s.points, *s.record, s.omw, s.gw, s.ogw)
                 for s in sorted(rows, key=lambda s: s.rank))


def page_note(pages: Pages, rows: int, label: str) -> str | None:
    """What part of the round's standings the file holds, when not all of it."""
    if pages.total is None or rows >= pages.total:
        return None
    have = ", ".join(map(str, pages.numbers)) or "?"
    return (f"the file holds page {have} of {pages.pages} of the standings of {label}: {rows} of "
            f"{pages.total} players; only these rows are compared")
