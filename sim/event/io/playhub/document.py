"""Play Hub's event document (``GET /events/{id}/``): name, date, game, best-of, the rounds of
each phase and their states, Swiss rounds, the top cut and a day 2's cut."""

from __future__ import annotations

import re

from drawsafe.event.cut import Cut
from drawsafe.event.io.build import MAX_ROUNDS
from drawsafe.event.io.playhub.shapes import MAX_PLAYERS, Reader, short
from drawsafe.event.model import Phase

#: The API's root on each game's host, for the notes that say what to save.
HOSTS = {"lorcana": "https://api.cloudflare.ravensburgerplay.com/hydraproxy/api/v2",
         "riftbound": "https://api.cloudflare.riftbound.uvsgames.com/hydraproxy/api/v2"}
#: The rule pack of each ``game_type`` of the event document.
GAMES = {"LORCANA": "lorcana", "RIFTBOUND": "riftbound"}
SWISS = "SWISS"
#: A description announcing two-game matches ("bo2", "best of 2"): the setting of 2 game wins is
#: the same as for best-of-3, only the description tells them apart.
BEST_OF_TWO = re.compile(r"\b(?:bo|best[ -]of[ -])2\b", re.IGNORECASE)


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
