"""Play Hub (Carde.io): Disney Lorcana's events (``api.cloudflare.ravensburgerplay.com``) and
Riftbound's (``api.cloudflare.riftbound.uvsgames.com``), one API under ``/hydraproxy/api/v2``.

The platform's answers are read as they are (``../shared/PLATFORMS.md``):

- the **event document**, ``GET /events/{id}/``: ``name``, ``start_datetime``, ``game_type``
  (``LORCANA``, ``RIFTBOUND``: the rule pack), ``settings.maximum_number_of_game_wins_per_match``
  (2: best of 3; a phase's ``effective_maximum_number_of_game_wins_per_match`` wins),
  ``top_cut_size`` (else the cut phase's ``rank_required_to_enter_phase``), ``tiebreakers[]`` and
  ``tournament_phases[]``, each with ``round_type`` (``SWISS``; any other is the top cut),
  ``number_of_rounds`` and ``rounds[]`` of ``{id, round_number, status, pairings_status,
  standings_status}``.  It names no player and no result.
- a round's **matches**, ``GET /tournament-rounds/{rid}/matches/paginated/?page=N&page_size=M``:
  the envelope ``{count, total, page_size, current_page_number, next_page_number, results}``, or a
  plain list of matches, or the unpaginated round ``{..., "matches": [...]}``.  A match:
  ``table_number, winning_player, games_won_by_winner, games_won_by_loser, games_drawn,
  match_is_bye, match_is_intentional_draw, match_is_unintentional_draw, match_is_loss, status,
  players[], player_match_relationships[{player_order, player{id, best_identifier},
  user_event_status{best_identifier, registration_status, matches_won, ...}}]``.
- a round's **standings**, ``GET /tournament-rounds/{rid}/standings/paginated/`` (older events:
  ``/standings/``, ``{"standings": [...]}``): rows ``{rank, player{id}, user_event_status,
  record "W-L-D", match_points (points, when given, wins), opponent_match_win_percentage,
  game_win_percentage (newer answers), opponent_game_win_percentage}``.

A file holds one answer, or the **bundle** of one event (what ``drawsafe fetch`` writes for a
Play Hub link, and what a person saves by hand), every answer unchanged::

    {"event": <the /events/{id}/ answer>,
     "rounds": {"<round id>": {"matches": [<page 1>, <page 2>, ...],
                               "standings": [<page 1>, ...]}, ...}}

keyed by the platform's round ids (the event document numbers them); ``matches`` and
``standings`` are each one answer or a list of pages, and either may be left out.  A folder of
saved answers reads as the bundle: one event document, and matches and standings answers whose
round id is in their rows (``tournament_round``) or in the file name (``round-7906-matches.json``,
``standings_round7906_page1_of2.json``).

What each reads as:

- the event document alone: the event with no player and no result yet (its name, game, best-of,
  Swiss rounds and cut), with a note of each round's state and how to save its matches;
- one round's matches alone: that round, read as round 1 when its players had played nothing
  before it (their ``user_event_status`` records), else one error (the earlier rounds are missing);
- one page of standings alone: the published standings only (compared with each other by
  ``standings --check``; a page of several compares its own rows and says so);
- a bundle: every round whose matches it holds, from round 1 without a gap (a round's every page:
  a page short is an error), and the published standings of its latest round with standings.
  Without the matches of the rounds before, it reads as its standings (above), with a note.

Reading, as the platform records it: a player is their id, named by the handle they entered under
(``user_event_status.best_identifier``, as the platform's standings show it; else the account's
``player.best_identifier``); two players of one name are "Name (id)".  An intentional draw is
0-0-3 (drawsafe's convention: Carde.io records it so too); an unintentional draw keeps its games;
a bye is a bye; a match loss of one player alone (``match_is_loss``) a loss; a match with a winner
but no games counted is a win by the games a match needs (with a note).  A match without result in
a round followed by others is a pairing without result; in the latest round, pending.  A player
whose ``registration_status`` is ``DROPPED`` dropped after the last round they play in the file.
Published percentages are fractions at 8 decimals; a figure not published is NaN.
"""

from __future__ import annotations

import os
import re

from drawsafe.errors import InputError
from drawsafe.event.cut import Cut
from drawsafe.event.io.build import MAX_ROUNDS, EventBuilder
from drawsafe.event.io.numbers import parse_json
from drawsafe.event.model import (
    BYE,
    DOUBLE_LOSS,
    LOSS,
    MATCH,
    NO_RESULT,
    Event,
    Match,
    Phase,
    PublishedStanding,
)

#: The API's root on each game's host, for the notes that say what to save.
HOSTS = {"lorcana": "https://api.cloudflare.ravensburgerplay.com/hydraproxy/api/v2",
         "riftbound": "https://api.cloudflare.riftbound.uvsgames.com/hydraproxy/api/v2"}
#: The rule pack of each ``game_type`` of the event document.
GAMES = {"LORCANA": "lorcana", "RIFTBOUND": "riftbound"}
SWISS = "SWISS"
#: Play Hub publishes its percentages as fractions at 8 decimals (0.48037037).
PRECISION = 8
MAX_PLAYERS = 100_000
MAX_ROWS = 2_000_000
DROPPED = "DROPPED"
NAN = float("nan")
#: A description announcing two-game matches ("bo2", "best of 2"): the setting of 2 game wins is
#: the same as for best-of-3, only the description tells them apart.
BEST_OF_TWO = re.compile(r"\b(?:bo|best[ -]of[ -])2\b", re.IGNORECASE)
MATCH_KEYS = ("player_match_relationships", "match_is_bye", "games_won_by_winner", "winning_player")
STANDING_KEYS = ("record", "match_record", "match_points", "opponent_match_win_percentage")


# ---------------------------------------------------------------------------------------------
# What a document is


def is_match_row(row: object) -> bool:
    return isinstance(row, dict) and any(k in row for k in MATCH_KEYS)


def is_standing_row(row: object) -> bool:
    return isinstance(row, dict) and "rank" in row and any(k in row for k in STANDING_KEYS)


def rows_of(answer: object) -> list | None:
    """The rows of one answer (a page's ``results``, an unpaginated ``matches`` or ``standings``,
    or a plain list), ``None`` when it is none of these."""
    if isinstance(answer, list):
        return answer
    if isinstance(answer, dict):
        for key in ("results", "matches", "standings"):
            if isinstance(answer.get(key), list):
                return answer[key]
    return None


def kind_of(answer: object) -> str | None:
    """``"event"``, ``"bundle"``, ``"matches"``, ``"standings"`` or ``None`` (not Play Hub)."""
    if isinstance(answer, dict):
        if isinstance(answer.get("tournament_phases"), list):
            return "event"
        event, rounds = answer.get("event"), answer.get("rounds")
        if (isinstance(event, dict) and isinstance(event.get("tournament_phases"), list)) or (
                isinstance(rounds, dict) and rounds
                and all(isinstance(v, dict) and ("matches" in v or "standings" in v) for v in rounds.values())):
            return "bundle"
    rows = rows_of(answer)
    if not rows:
        return None
    if all(is_match_row(r) for r in rows[:5]):
        return "matches"
    if all(is_standing_row(r) for r in rows[:5]):
        return "standings"
    return None


def looks_like_playhub(data: object) -> bool:
    """True for an event document, a page (or list) of a round's matches or standings, or the
    bundle of the module text."""
    return kind_of(data) is not None


# ---------------------------------------------------------------------------------------------
# Small checked readers


class Reader:
    """Type-checked access to the documents, every problem one :class:`InputError`."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, where: str | None, problem: str, hint: str | None = None) -> InputError:
        return InputError(self.file, where, problem, hint)

    def obj(self, value: object, where: str, what: str = "an object") -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be {what}, not {short(value)}")
        return value

    def integer(self, value: object, where: str, low: int = 0, high: int = 10**12,
                optional: bool = True) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(where, f"must be a whole number from {low} to {high}, not {short(value)}")
        return value

    def flag(self, value: object, where: str) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(where, f"must be true or false, not {short(value)}")
        return value

    def text(self, value: object, where: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.fail(where, f"must be a text, not {short(value)}")
        return value

    def fraction(self, value: object, where: str) -> float:
        """A published percentage (a fraction from 0 to 1), NaN when not published."""
        if value is None:
            return NAN
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            raise self.fail(where, f"must be a fraction from 0 to 1, not {short(value)}",
                            "Play Hub publishes its percentages as fractions (0.48037037)")
        return float(value)


def short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------------------------------------
# The event document


class RoundInfo:
    """One round of the event document: the platform's id, drawsafe's number, and its state."""

    __slots__ = ("id", "number", "pairings", "phase", "playoff", "standings", "status")

    def __init__(self, rid: str, number: int, phase: int, playoff: bool, status: str | None,
                 pairings: str | None, *, standings: str | None):
        self.id, self.number, self.phase, self.playoff = rid, number, phase, playoff
        self.status, self.pairings, self.standings = status, pairings, standings

    def state(self) -> str:
        status = (self.status or "").upper()
        if status in ("COMPLETE", "COMPLETED"):
            return "complete"
        if status == "IN_PROGRESS":
            return "in progress" + (" (pairings published)" if (self.pairings or "").upper() == "GENERATED" else "")
        return "not started"


class EventInfo:
    """What the event document says: name, date, rule pack, best-of, rounds, Swiss rounds, cut."""

    def __init__(self) -> None:
        self.name: str | None = None
        self.date: str | None = None
        self.rules: str | None = None
        self.best_of = 3
        self.rounds: list[RoundInfo] = []
        self.swiss_rounds: int | None = None
        self.top_cut: int | None = None
        self.phases: tuple[Phase, ...] = ()
        self.registered: int | None = None
        self.notes: list[str] = []

    @property
    def host(self) -> str:
        return HOSTS.get(self.rules or "", HOSTS["lorcana"])

    def by_id(self) -> dict[str, RoundInfo]:
        return {r.id: r for r in self.rounds}


def read_event_document(doc: dict, r: Reader, at: str) -> EventInfo:
    """The event document (``at``: where it is in the file, "" or "event.")."""
    info = EventInfo()
    name = r.text(doc.get("name"), at + "name")
    info.name = name.strip() if name and name.strip() else None
    start = r.text(doc.get("start_datetime"), at + "start_datetime")
    info.date = start[:10] if start and re.match(r"\d{4}-\d\d-\d\d", start) else None
    info.registered = r.integer(doc.get("registered_user_count"), at + "registered_user_count", 0, MAX_PLAYERS)
    game = r.text(doc.get("game_type"), at + "game_type")
    info.rules = GAMES.get((game or "").strip().upper())
    cut = r.integer(doc.get("top_cut_size"), at + "top_cut_size", 0, MAX_PLAYERS)
    info.top_cut = cut or None
    tiebreakers = doc.get("tiebreakers")
    if isinstance(tiebreakers, list) and tiebreakers and all(isinstance(t, str) for t in tiebreakers):
        info.notes.append(f"the event's tiebreakers: {', '.join(tiebreakers)}")
    if info.rules is None:
        named = f"names the game {game!r}, neither Lorcana nor Riftbound" if game else "names no game (game_type)"
        info.notes.append(f"the event document {named}: give --rules")
    settings = doc.get("settings")
    settings = r.obj(settings, at + "settings") if settings is not None else {}
    wins = r.integer(settings.get("maximum_number_of_game_wins_per_match"),
                     at + "settings.maximum_number_of_game_wins_per_match", 1, 50)
    phases = doc.get("tournament_phases")
    if not isinstance(phases, list):
        raise r.fail(at + "tournament_phases", "must be a list of phases")
    read_phases(phases, r, at, info)
    swiss_wins = None
    for k, ph in enumerate(phases):
        w = r.integer(ph.get("effective_maximum_number_of_game_wins_per_match"),
                      f"{at}tournament_phases[{k}].effective_maximum_number_of_game_wins_per_match", 1, 50)
        if w is not None and (ph.get("round_type") or "").upper() == SWISS and swiss_wins is None:
            swiss_wins = w
    info_wins = swiss_wins or wins
    if info_wins is None:
        info.notes.append("the event document does not say how many games win a match: best of 3 taken")
    else:
        info.best_of = 2 * info_wins - 1
        description = r.text(doc.get("description"), at + "description") or ""
        said = BEST_OF_TWO.search(description)
        if info_wins == 2 and said:
            info.best_of = 2
            info.notes.append(f"best of 2: the description says {said.group(0)!r} (two games, 1-1 a draw); "
                              "Play Hub's setting, 2 game wins a match, is that of best-of-3 too")
    top = r.integer(doc.get("number_of_rounds"), at + "number_of_rounds", 0, MAX_ROUNDS)
    if info.swiss_rounds is None and top:
        info.swiss_rounds = top
    return info


def read_phases(phases: list, r: Reader, at: str, info: EventInfo) -> None:
    """Phases in order (``order_in_phases``), their rounds numbered 1, 2, ... across phases."""
    listed = []
    for k, ph in enumerate(phases):
        where = f"{at}tournament_phases[{k}]"
        ph = r.obj(ph, where, "a phase (an object with round_type and rounds)")
        order = r.integer(ph.get("order_in_phases"), where + ".order_in_phases", 0, 1000)
        listed.append((order if order is not None else k, k, ph, where))
    listed.sort(key=lambda x: (x[0], x[1]))
    swiss: list[tuple[str, int | None]] = []  # (name, rounds) of each Swiss phase
    cut_ranks: list[tuple[int, int | None]] = []  # (phase position, rank_required_to_enter_phase)
    seen: dict[str, str] = {}
    for pos, (_, k, ph, where) in enumerate(listed):
        kind = r.text(ph.get("round_type"), where + ".round_type") or SWISS
        playoff = kind.upper() != SWISS
        count = r.integer(ph.get("number_of_rounds"), where + ".number_of_rounds", 0, MAX_ROUNDS)
        rank = r.integer(ph.get("rank_required_to_enter_phase"), where + ".rank_required_to_enter_phase", 0,
                         MAX_PLAYERS)
        cut_ranks.append((pos, rank))
        rounds = ph.get("rounds", [])
        if not isinstance(rounds, list):
            raise r.fail(where + ".rounds", "must be a list of rounds")
        entries = []
        for j, rd in enumerate(rounds):
            rw = f"{where}.rounds[{j}]"
            rd = r.obj(rd, rw, "a round (an object with id and round_number)")
            rid = rd.get("id")
            if isinstance(rid, bool) or not isinstance(rid, (int, str)) or str(rid).strip() == "":
                raise r.fail(rw + ".id", f"must be the round's id, not {short(rid)}")
            rid = str(rid).strip()
            if rid in seen:
                raise r.fail(rw + ".id", f"round id {rid} is listed twice (also at {seen[rid]})")
            seen[rid] = rw
            number = r.integer(rd.get("round_number"), rw + ".round_number", 0, 10_000)
            entries.append((number if number is not None else j, j, rid, rd, rw))
        entries.sort(key=lambda x: (x[0], x[1]))
        for _, _, rid, rd, rw in entries:
            if len(info.rounds) >= MAX_ROUNDS:
                raise r.fail(rw, f"more than {MAX_ROUNDS} rounds")
            info.rounds.append(RoundInfo(
                rid, len(info.rounds) + 1, pos, playoff, r.text(rd.get("status"), rw + ".status"),
                r.text(rd.get("pairings_status"), rw + ".pairings_status"),
                standings=r.text(rd.get("standings_status"), rw + ".standings_status")))
        if not playoff:
            name = r.text(ph.get("phase_name"), where + ".phase_name")
            rounds_here = max(count or 0, len(entries)) or None
            swiss.append((name or f"Swiss phase {len(swiss) + 1}", rounds_here))
    if swiss and all(n is not None for _, n in swiss):
        info.swiss_rounds = sum(n for _, n in swiss)
        if info.swiss_rounds > MAX_ROUNDS:
            raise r.fail(at + "tournament_phases", f"more than {MAX_ROUNDS} Swiss rounds")
    # the top cut: the first phase after the Swiss that enters by rank (top_cut_size, when set, wins)
    kinds = [(listed[pos][2].get("round_type") or SWISS).upper() != SWISS for pos, _ in cut_ranks]
    if info.top_cut is None:
        info.top_cut = next((rank for (pos, rank), playoff in zip(cut_ranks, kinds) if playoff and rank), None)
    if len(swiss) > 1 and all(n is not None for _, n in swiss[:-1]):
        # a later Swiss phase (a day 2) enters by rank: the next phase's rank_required_to_enter_phase
        starts = [pos for (pos, _), playoff in zip(cut_ranks, kinds) if not playoff]
        out = []
        for k, (name, n) in enumerate(swiss):
            last = k + 1 == len(swiss)
            nxt = None if last else cut_ranks[starts[k + 1]][1]
            out.append(Phase(name, None if last else n, Cut(top=nxt) if nxt else None))
        info.phases = tuple(out)


def state_summary(info: EventInfo) -> str:
    """Each round's state in a few words: "rounds 1-3 complete, round 4 in progress (pairings
    published)"."""
    parts: list[tuple[str, list[int]]] = []
    for rd in info.rounds:
        s = rd.state() + (" (top cut)" if rd.playoff else "")
        if parts and parts[-1][0] == s and parts[-1][1][-1] == rd.number - 1:
            parts[-1][1].append(rd.number)
        else:
            parts.append((s, [rd.number]))
    out = []
    for s, nums in parts:
        label = f"round {nums[0]}" if len(nums) == 1 else f"rounds {nums[0]}-{nums[-1]}"
        out.append(f"{label} {s}")
    return ", ".join(out) if out else "no round listed"


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
# Answers and pages


class Pages:
    """The rows of one round's matches or standings, from one answer or several pages."""

    def __init__(self, rows: list[tuple[object, str]], total: int | None, pages: int | None,
                 numbers: list[int]):
        self.rows, self.total, self.pages, self.numbers = rows, total, pages, numbers


def read_pages(value: object, r: Reader, where: str) -> Pages:
    """One answer, or a list of pages (each an answer), as rows with where each was read."""
    if isinstance(value, list) and value and all(isinstance(v, dict) and rows_of(v) is not None
                                                 and not is_match_row(v) and not is_standing_row(v)
                                                 for v in value):
        answers = [(v, f"{where}[{k}]") for k, v in enumerate(value)]
    else:
        answers = [(value, where)]
    rows: list[tuple[object, str]] = []
    total = pages = None
    numbers = []
    for answer, at in answers:
        got = rows_of(answer)
        if got is None:
            raise r.fail(at, "must be a Play Hub answer: a page {results: [...]}, a list of rows, or "
                             "{matches: [...]} / {standings: [...]}")
        key = "results" if isinstance(answer, dict) and "results" in answer else \
            "matches" if isinstance(answer, dict) and "matches" in answer else \
            "standings" if isinstance(answer, dict) and "standings" in answer else ""
        if isinstance(answer, dict) and "results" in answer:
            t = r.integer(answer.get("total", answer.get("count")), at + ".total", 0, MAX_ROWS)
            size = r.integer(answer.get("page_size"), at + ".page_size", 1, MAX_ROWS)
            page = r.integer(answer.get("current_page_number"), at + ".current_page_number", 1, MAX_ROWS)
            if t is not None:
                if total is not None and t != total:
                    raise r.fail(at + ".total", f"says {t} rows, another page of the round says {total}")
                total = t
                if size:
                    pages = max(1, -(-t // size))
            if page is not None:
                if page in numbers:
                    raise r.fail(at + ".current_page_number", f"page {page} is in the file twice")
                numbers.append(page)
        if len(rows) + len(got) > MAX_ROWS:
            raise r.fail(at, f"more than {MAX_ROWS:,} rows")
        rows.extend((row, f"{at}.{key}[{i}]" if key else f"{at}[{i}]") for i, row in enumerate(got))
    return Pages(rows, total, pages, sorted(numbers))


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


# ---------------------------------------------------------------------------------------------
# Reading


def read_playhub(data: object, file: str) -> Event:
    """Build an event from Play Hub answers (see the module text).

    :raises InputError: naming the file and the place for a shape that is not Play Hub's, a page
        missing from a round's matches, a result that contradicts itself (a winner not at the
        table, a draw with a winner), a gap in the rounds, or anything :class:`EventBuilder` rejects.
    """
    r = Reader(file)
    kind = kind_of(data)
    if kind is None:
        raise r.fail(None, "not a Play Hub answer: neither an event document (tournament_phases), a page "
                           "of a round's matches or standings, nor a bundle {event, rounds}")
    if kind == "event":
        return read_bundle(data, {}, r, "")
    if kind == "bundle":
        event = data.get("event")
        rounds = data.get("rounds", {})
        if rounds is None:
            rounds = {}
        if not isinstance(rounds, dict):
            raise r.fail("rounds", "must be an object of rounds by their Play Hub id: "
                                   "{\"7906\": {\"matches\": [...], \"standings\": [...]}}")
        if event is None:
            raise r.fail("event", "a bundle without the event document: its round ids cannot be numbered",
                         "add the /events/{id}/ answer as \"event\"")
        return read_bundle(r.obj(event, "event"), rounds, r, "event.")
    if kind == "matches":
        return read_lone_matches(data, r)
    return read_lone_standings(data, r)


def read_bundle(doc: dict, rounds: dict, r: Reader, at: str) -> Event:
    info = read_event_document(doc, r, at)
    known = info.by_id()
    people = People(r)
    notes = list(info.notes)
    match_rounds: dict[int, tuple[Matches, str]] = {}
    standing_rounds: dict[int, tuple[Pages, list[StandingRow], str]] = {}
    for key, entry in rounds.items():
        where = f"rounds.{key}"
        entry = r.obj(entry, where, "an object {\"matches\": ..., \"standings\": ...}")
        rid = str(key).strip()
        if rid not in known:
            raise r.fail(where, f"round id {rid} is not a round of the event document "
                                f"({', '.join(known) or 'it lists none'})")
        rd = known[rid]
        if entry.get("matches") is not None:
            got = collect_matches(read_pages(entry["matches"], r, where + ".matches"), r, where + ".matches", people)
            other = got.round_ids - {rid}
            if other:
                raise r.fail(where + ".matches", f"holds matches of round id {min(other)}, not {rid}")
            match_rounds[rd.number] = (got, where)
        if entry.get("standings") is not None:
            pages = read_pages(entry["standings"], r, where + ".standings")
            standing_rounds[rd.number] = (pages, read_standing_rows(pages, r, people), where)
    names = people.names()
    title = info.name or os.path.basename(r.file.rstrip("/"))
    head = (f"Play Hub: {len(info.rounds)} round(s) listed: {state_summary(info)}"
            + (f"; {info.registered} registered" if info.registered is not None else ""))
    latest = max(standing_rounds, default=None)
    by_number = {rd.number: rd for rd in info.rounds}
    if latest is not None:
        pages, rows, _ = standing_rounds[latest]
        rd = by_number[latest]
        label = f"round {latest} (id {rd.id})"
        note = page_note(pages, len(rows), label)
        if note:
            notes.append(note)
        if rd.state().startswith("in progress") or (rd.standings or "").upper() == "NOT_GENERATED":
            notes.append(f"the standings of {label} were saved while the round was played: they count "
                         "its results reported so far")
    if not match_rounds:
        ids = ", ".join(rd.id for rd in info.rounds if rd.state() != "not started")
        want = (f"save each round's matches ({info.host}/tournament-rounds/{{id}}/matches/paginated/"
                f"?page=1&page_size=1000{'; ids ' + ids if ids else ''}) with the event in a bundle (see "
                "drawsafe.event.io.playhub)")
        if latest is None:
            notes.insert(0, f"{head}; the event document names no player and no result: {want}")
            return Event(name=title, players=(), rounds=(), source=r.file, format="playhub", date=info.date,
                         swiss_rounds=info.swiss_rounds, rules=info.rules, best_of=info.best_of,
                         notes=tuple(notes), top_cut=info.top_cut, phases=info.phases)
        notes.insert(0, f"{head}; no round's matches in the file: the published standings are checked "
                        f"against each other ({want})")
        return standings_only(title, standing_rounds[latest][1], names, people, r, info, notes=notes)
    numbers = sorted(match_rounds)
    if numbers[0] != 1:
        missing = [by_number[n] for n in range(1, numbers[0])]
        text = (f"the matches of round(s) {', '.join(str(m.number) for m in missing)} (ids "
                f"{', '.join(m.id for m in missing)}) are not in the file")
        if latest is None:
            raise r.fail(None, text, f"save them from {info.host}/tournament-rounds/{{id}}/matches/paginated/ "
                                     "into the bundle with the others")
        notes.insert(0, f"{head}; {text}: the published standings are checked against each other")
        players = [pid for pid in people.order]
        return standings_only(title, standing_rounds[latest][1], names, people, r, info, notes=notes, players=players)
    for expected, n in enumerate(numbers, start=1):
        if n != expected:
            rd = by_number[expected]
            raise r.fail(match_rounds[n][1], f"round {expected} (id {rd.id}) has no matches in the file but "
                                             f"round {n} has", "save every round's matches from round 1")
    last = numbers[-1]
    b = EventBuilder(r.file, "playhub", strict=False, best_of=info.best_of)
    for n in numbers:
        got, _ = match_rounds[n]
        rd = by_number[n]
        if rd.playoff:
            b.playoff_rounds.add(n)
            b.round_names[n] = f"Top cut round {n - min(x.number for x in info.rounds if x.playoff) + 1}"
        for row, where, seats in got.rows:
            m = to_match(row, seats, n, where, r, names, best_of=info.best_of, notes=notes)
            if m.kind == MATCH and not m.reported and n < last:
                m = Match(m.round, m.player_a, m.player_b, kind=NO_RESULT, where=m.where)
                notes.append(f"round {n}: {m.player_a} v {m.player_b} has no result and later rounds "
                             "were played: a pairing without result")
            b.add_match(m)
    add_drops(b, people, names)
    after = [rd for rd in info.rounds if rd.number > last and rd.state() != "not started"]
    if after:
        notes.append(f"round(s) {', '.join(str(rd.number) for rd in after)} (id "
                     f"{', '.join(rd.id for rd in after)}) started on Play Hub but their matches are not in "
                     "the file")
    if latest is not None and latest != last:
        notes.append(f"the published standings are those of round {latest}: give --after-round {latest} "
                     "to compare them")
    standings = published(standing_rounds[latest][1], names) if latest is not None else None
    swiss_played = sum(1 for n in numbers if not by_number[n].playoff)
    rounds_known = info.swiss_rounds
    if rounds_known is None and any(rd.playoff for rd in info.rounds):
        rounds_known = sum(1 for rd in info.rounds if not rd.playoff) or None
    if rounds_known is not None and rounds_known < swiss_played:
        rounds_known = swiss_played
    return b.build(title, date=info.date, swiss_rounds=rounds_known, rules=info.rules, top_cut=info.top_cut,
                   standings=standings, precision=PRECISION if standings else None, phases=info.phases,
                   standings_round=latest if standings else None, notes=[head, *notes])


def add_drops(b: EventBuilder, people: People, names: dict[str, str]) -> None:
    """A ``DROPPED`` player dropped after the last round they play in the file (the status is the
    player's at the time of saving, in every answer)."""
    for pid, status in people.status.items():
        if status != DROPPED:
            continue
        name = names[pid]
        played = [n for n, ms in b.rounds.items() if any(name in m.players for m in ms)]
        if played:
            b.add_drop(name, max(played), f"player {pid} (registration_status {DROPPED})")


def standings_only(title: str, rows: list[StandingRow], names: dict[str, str], people: People, r: Reader,
                   info: EventInfo | None, *, notes: list[str], players: list[str] | None = None) -> Event:
    """The published standings alone (no round to recompute them from)."""
    if not rows:
        raise r.fail(None, "the standings hold no player", "is the round started?")
    order = players or [s.pid for s in sorted(rows, key=lambda s: s.rank)]
    most = max(sum(s.record) for s in rows)
    swiss = info.swiss_rounds if info is not None else None
    if swiss is None and most:
        swiss = most
        notes.append(f"the file does not say how many Swiss rounds the event has: {most} taken (the most "
                     "matches any player has played; --rounds to change)")
    return Event(name=title, players=tuple(names[p] for p in order), rounds=(), source=r.file,
                 format="playhub", date=info.date if info else None, swiss_rounds=swiss,
                 rules=info.rules if info else None, best_of=info.best_of if info else 3,
                 standings=published(rows, names), precision=PRECISION, notes=tuple(notes),
                 top_cut=info.top_cut if info else None, phases=info.phases if info else ())


def read_lone_matches(data: object, r: Reader) -> Event:
    """One round's matches alone: round 1 when its players had played nothing before it."""
    people = People(r)
    got = collect_matches(read_pages(data, r, "matches" if isinstance(data, list) else "page"), r, "", people)
    names = people.names()
    earlier = 0
    for row, _, seats in got.rows:
        reported = row.get("winning_player") is not None or row.get("match_is_bye") is True or \
            row.get("match_is_intentional_draw") is True or row.get("match_is_unintentional_draw") is True or \
            row.get("match_is_loss") is True
        for s in seats:
            if s.played is not None:
                earlier = max(earlier, s.played - (1 if reported else 0))
    rid = f" (round id {min(got.round_ids)})" if got.round_ids else ""
    if earlier > 0:
        raise r.fail(None, f"the matches of one round{rid} whose players had played up to {earlier} rounds "
                           "before it: the earlier rounds' matches are missing",
                     "save the event with every round's matches in one bundle: see drawsafe.event.io.playhub")
    notes = [(f"Play Hub: one round's matches{rid}, read as round 1 (its players had played nothing before "
              "it); the file does not say how many Swiss rounds the event has nor which game it is (--rules "
              "lorcana or riftbound)")]
    b = EventBuilder(r.file, "playhub", strict=False)
    for row, where, seats in got.rows:
        b.add_match(to_match(row, seats, 1, where, r, names, best_of=3, notes=notes))
    add_drops(b, people, names)
    return b.build(os.path.basename(r.file.rstrip("/")), notes=notes)


def read_lone_standings(data: object, r: Reader) -> Event:
    people = People(r)
    pages = read_pages(data, r, "standings" if isinstance(data, list) else "page")
    rows = read_standing_rows(pages, r, people)
    names = people.names()
    notes = [("Play Hub: one round's published standings, without the matches: they are checked against "
              "each other (the standings cannot be recomputed); the page does not name the game (--rules "
              "lorcana or riftbound)")]
    note = page_note(pages, len(rows), "the round")
    if note:
        notes.append(note)
    return standings_only(os.path.basename(r.file.rstrip("/")), rows, names, people, r, None, notes=notes)


# ---------------------------------------------------------------------------------------------
# A folder of saved answers


ROUND_IN_NAME = re.compile(r"round[-_ ]?(\d+)", re.IGNORECASE)


def looks_like_playhub_folder(folder: str) -> bool:
    """True when the folder holds a Play Hub event document (a ``.json`` file whose name starts
    with ``event``)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    return any(n.lower().startswith("event") and n.lower().endswith(".json") for n in names)


def read_folder(folder: str) -> Event:
    """Read a folder of saved answers as the bundle (see the module text)."""
    r = Reader(folder)
    try:
        names = sorted(n for n in os.listdir(folder) if n.lower().endswith(".json"))
    except OSError as e:
        raise r.fail(None, f"cannot read the folder: {e.strerror}") from None
    event = None
    rounds: dict[str, dict[str, list]] = {}
    for name in names:
        path = os.path.join(folder, name)
        data = load_json(path)
        kind = kind_of(data)
        if kind == "event":
            if event is not None:
                raise InputError(path, None, f"a second event document (the first is {event[0]})",
                                 "keep one event per folder")
            event = (name, data)
            continue
        if kind not in ("matches", "standings"):
            raise InputError(path, None, "not a Play Hub answer (an event document, or a page of a round's "
                                         "matches or standings)")
        rid = None
        if kind == "matches":
            ids = {str(row.get("tournament_round")) for row in rows_of(data) or ()
                   if isinstance(row, dict) and row.get("tournament_round") is not None}
            rid = ids.pop() if len(ids) == 1 else None
        if rid is None:
            found = ROUND_IN_NAME.search(name)
            if found is None:
                raise InputError(path, None, "its round is unknown: the rows do not say it and the file name "
                                             "has no round id", "name it like round-7906-standings.json")
            rid = found.group(1)
        rounds.setdefault(rid, {}).setdefault(kind, []).append(data)
    if event is None:
        raise r.fail(None, "the folder has no event document", "save /events/{id}/ as event.json beside the rounds")
    return read_playhub({"event": event[1], "rounds": rounds}, folder)


def load_json(path: str) -> object:
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise InputError(path, None, f"cannot read the file: {e.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(path, f"byte {e.start}", "the file is not UTF-8 text", "save it as UTF-8") from None
    return parse_json(text, path)


__all__ = ["looks_like_playhub", "looks_like_playhub_folder", "read_folder", "read_playhub"]
