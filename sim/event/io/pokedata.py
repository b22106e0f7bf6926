"""pokedata: the live standings of Play! Pokémon premier events (regionals, internationals,
worlds), scraped from RK9, as its two JSON documents (``../shared/PLATFORMS.md``).

- The **standings document**: ``{"type", "tournament": {"id", "name", "date": {"start", "end"},
  "players": {...}, "roundNumbers": {...}, "tournamentStatus", "rk9link"}, "tournament_data":
  [{"division": "masters", "data": [row, ...]}]}``, a row ``{"name", "placing", "record": {"wins",
  "losses", "ties"}, "resistances", "drop", "rounds": {"1": {"name", "result", "table"}, ...},
  "decklist"}``: every division, each player's rounds (opponent's name, ``W``/``L``/``T``, table).
- The **per-round pairings document** of round R: the same ``type`` and ``tournament``, and
  ``"tournament_data": [{"division", "data": {"round": "R", "data": [{"name", "record",
  "round_data": {"table", "vs", "result"}}]}}]``: every player's pairing of that round, live (an
  empty ``round_data`` when not paired; ``result`` missing or empty while the match is on).
- A file holds one standings document, one per-round document, a list of per-round documents, or
  both as ``{"standings": <standings document>, "pairings": [<per-round document>, ...]}`` (what
  ``drawsafe fetch`` writes).  A round that a per-round document holds is read from it (the live
  pairings), the others from the standings' ``rounds``; without a standings document the per-round
  documents must hold every round from round 1.

Reading, as the data is: names are kept as they are, country tag included ("Brent Tonisson
[AU]"); two players of one name are told apart by their table in the same round (the second in
the file is named "Name #2", the third "Name #3"); a leading fixed-seat tag ("[Table 1]Sam Hendle
[AU]") is part of the name, and an opponent named without it is still found.  Opponent ``BYE`` (or
``R1 BYE``, an awarded round-1 bye) is a bye, ``LATE`` a match loss without opponent.  A pairing
with no result in a round followed by later ones is a pairing without result (the Pokémon
tiebreaks count it as an opponent), in the latest round a pending match.  ``placing`` is the
published final place (9999: not placed); ``drop`` the round in which a player dropped (-1 or
missing: none), read like TOM's; ``resistances`` are the scraper's own figures and are ignored.

Structure, found from the rounds' shape (the documents do not say it): the top cut is the single
elimination after the Swiss (no ties; each later round holds only the previous one's winners and
bracket byes; its first round at most half the round before); a day 2 is a round after which at
least half of the field stops and the players who go on all have at least P match points (P the
lowest of them): ``Event.phases`` day 1 (cut: P points) and day 2.  Players stopped by that cut
are cut, not dropped.  The number of Swiss rounds is the rounds played when the event is finished
(``tournamentStatus`` "finished" or a top cut played), else the Play! Pokémon table's (with a note:
give ``--rounds``; during day 1 of a regional, day 1's rounds, e.g. ``--rounds 9 --cut-points 19``).

``--division`` picks ``masters`` (default), ``seniors``, ``juniors`` or a combined division such as
``juniorsseniors`` (junior, senior and combined are accepted as well).
"""

from __future__ import annotations

import re

from drawsafe.errors import InputError, UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.io.build import MAX_ROUNDS, EventBuilder
from drawsafe.event.io.formats import Format, register
from drawsafe.event.model import BYE, DOUBLE_LOSS, LOSS, MATCH, NO_RESULT, Event, Match, Phase

#: Most players of one division, and the placing that means "not placed".
MAX_PLAYERS = 100_000
NOT_PLACED = 9999
RESULTS = {"W": (1, 0, 0), "L": (0, 1, 0), "T": (0, 0, 1)}
FLIP = {"W": "L", "L": "W", "T": "T", None: None}
BYE_NAME = re.compile(r"(R\d+ )?BYE", re.IGNORECASE)
LATE_NAME = "LATE"
SEAT_TAG = re.compile(r"^\[Table \d+\]\s*")
#: ``--division`` words for the divisions' names in the documents.
ALIASES = {"junior": "juniors", "senior": "seniors", "master": "masters", "combined": "juniorsseniors",
           "junior-senior": "juniorsseniors"}
#: A day 2 leaves at most this share of the field playing on.
DAY2_SHARE = 0.5


def looks_like_pokedata(data: object) -> bool:
    """True for a standings or per-round document, a list of per-round documents, or both in one
    object ``{"standings": ..., "pairings": [...]}``."""
    def doc(d: object) -> bool:
        return isinstance(d, dict) and isinstance(d.get("tournament_data"), list)

    if doc(data):
        return True
    if isinstance(data, list):
        return bool(data) and all(doc(d) for d in data[:5])
    if isinstance(data, dict) and ("standings" in data or "pairings" in data):
        pairings = data.get("pairings")
        return doc(data.get("standings")) or (isinstance(pairings, list) and bool(pairings) and doc(pairings[0])) \
            or doc(pairings)
    return False


class Person:
    """One player of the chosen division: the name drawsafe gives them, the name as written,
    placing, ``drop`` and where they were read."""

    __slots__ = ("drop", "figures", "name", "placing", "raw", "where")

    def __init__(self, raw: str, where: str, placing: int | None = None, drop: int | None = None,
                 figures: tuple[float, float] | None = None):
        self.raw, self.where, self.placing, self.drop = raw, where, placing, drop
        self.name = raw
        self.figures = figures


class Entry:
    """One player's line of one round: the opponent as written, the result, the table."""

    __slots__ = ("opponent", "result", "table", "where")

    def __init__(self, opponent: str, result: str | None, table: int | None, where: str):
        self.opponent, self.result, self.table, self.where = opponent, result, table, where


def read_pokedata(data: object, file: str, division: str | None = None) -> Event:
    """Read pokedata documents (see the module text) for one division.

    :raises InputError: naming the file and the place for a wrong shape, a result that is not W,
        L or T, two sides of a match that disagree, an opponent who cannot be told apart, or
        anything the shared checks of :class:`EventBuilder` reject.
    :raises UsageError: for a division that is not in the file.
    """
    standings, round_docs = split_documents(data, file)
    tournament = (standings or (round_docs[0][1] if round_docs else {})).get("tournament") or {}
    if not isinstance(tournament, dict):
        raise InputError(file, "tournament", "must be an object (the event's name, date, status)")
    divisions = division_names(standings, round_docs, file)
    chosen = choose_division(divisions, division, file, division_sizes(standings, round_docs, divisions))
    people: list[Person] = []
    entries: dict[int, dict[int, Entry]] = {}
    if standings is not None:
        rows = division_rows(standings, chosen, file)
        read_standing_rows(rows, chosen, file, people, entries)
    live = live_rounds(round_docs, chosen, file)
    if standings is None and live and min(live) != 1:
        raise InputError(file, None, f"the pairings of round(s) {', '.join(map(str, sorted(live)))} alone: "
                                     "the rounds before are missing",
                         "give the standings document too, or every round's pairings from round 1")
    for number in sorted(live):
        read_live_round(number, live[number], people, entries, file)
    name_people(people)
    notes: list[str] = []
    b = EventBuilder(file, "pokedata")
    matches = pair_up(people, entries, file, notes)
    if not matches:
        raise InputError(file, None, f"the {chosen} division has no pairings", "is the event started?")
    last = max(matches)
    for number in range(1, last + 1):
        for m in matches.get(number, []):
            if m.kind == MATCH and not m.reported and number < last:
                m = Match(m.round, m.player_a, m.player_b, kind=NO_RESULT, where=m.where)
            b.add_match(m)
    if len(b.rounds) != last:
        missing = min(set(range(1, last + 1)) - set(b.rounds))
        raise InputError(file, f"{chosen}, round {missing}", f"round {missing} has no pairing",
                         "rounds must run 1, 2, 3, ... without gaps")
    first_playoff = find_playoff(b, last)
    for number in range(first_playoff, last + 1):
        b.playoff_rounds.add(number)
        b.round_names[number] = f"Top cut round {number - first_playoff + 1}"
    swiss = first_playoff - 1
    phases, cut = find_day2(b, swiss)
    add_drops(b, people, swiss, cut, notes)
    status = tournament.get("tournamentStatus")
    finished = first_playoff <= last or status == "finished"
    from drawsafe.event.io.tdf import swiss_rounds_of

    rounds, more = swiss_rounds_of(swiss if finished else None, swiss, len(b.seen))
    places = {p.name: p.placing for p in people if p.placing is not None and p.name in b.seen}
    figures = {p.name: p.figures for p in people if p.figures is not None and p.name in b.seen}
    top = None
    if first_playoff <= last:
        first = b.rounds[first_playoff]
        top = sum(len(m.players) for m in first)
    name = tournament.get("name")
    title = name.strip() if isinstance(name, str) and name.strip() else file.rsplit("/", 1)[-1]
    return b.build(f"{title} ({chosen})", date=event_date(tournament), swiss_rounds=rounds, rules="pokemon",
                   top_cut=top, places=places, phases=phases, notes=notes + more, published_tiebreaks=figures)


# ---------------------------------------------------------------------------------------------
# The documents


def split_documents(data: object, file: str) -> tuple[dict | None, list[tuple[str, dict]]]:
    """(the standings document or None, [(where, per-round document)])."""
    def is_round_doc(d: dict) -> bool:
        td = d.get("tournament_data")
        return isinstance(td, list) and bool(td) and isinstance(td[0], dict) and isinstance(td[0].get("data"), dict)

    if isinstance(data, list):
        return None, check_round_docs(data, file, "")
    if not isinstance(data, dict):
        raise InputError(file, None, "pokedata must be a JSON object or a list of per-round documents")
    if "tournament_data" in data:
        return (None, [("", data)]) if is_round_doc(data) else (data, [])
    standings = data.get("standings")
    if standings is not None and not isinstance(standings, dict):
        raise InputError(file, "standings", "must be the standings document (an object with tournament_data)")
    if standings is not None and not isinstance(standings.get("tournament_data"), list):
        raise InputError(file, "standings", "the standings document has no tournament_data list")
    pairings = data.get("pairings", [])
    if isinstance(pairings, dict):
        pairings = [pairings]
    if not isinstance(pairings, list):
        raise InputError(file, "pairings", "must be a list of per-round documents")
    return standings, check_round_docs(pairings, file, "pairings")


def check_round_docs(docs: list, file: str, prefix: str) -> list[tuple[str, dict]]:
    out = []
    for i, d in enumerate(docs):
        where = f"{prefix}[{i}]"
        if not isinstance(d, dict) or not isinstance(d.get("tournament_data"), list):
            raise InputError(file, where, "a per-round document must be an object with a tournament_data list")
        out.append((where, d))
    return out


def division_names(standings: dict | None, round_docs: list[tuple[str, dict]], file: str) -> list[str]:
    names: dict[str, None] = {}
    docs = ([("standings" if round_docs else "", standings)] if standings is not None else []) + round_docs
    for where, d in docs:
        parts = d["tournament_data"]  # not yet checked a list in a standings document given alone
        for i, part in enumerate(parts if isinstance(parts, list) else ()):
            w = f"{where}.tournament_data[{i}]".lstrip(".")
            if not isinstance(part, dict) or not isinstance(part.get("division"), str):
                raise InputError(file, w, "each entry of tournament_data needs a division (masters, seniors, ...)")
            names.setdefault(part["division"])
    if not names:
        raise InputError(file, "tournament_data", "no division in the file", "is it a pokedata document?")
    return list(names)


def division_sizes(standings: dict | None, round_docs: list[tuple[str, dict]], divisions: list[str]) -> dict[str, int]:
    """How many players each division's rows list (0: none, pokedata's ``data: null`` of a division
    the event did not hold), the most of its standings and per-round documents."""
    sizes = dict.fromkeys(divisions, 0)
    for _, d in ([("", standings)] if standings is not None else []) + round_docs:
        for part in d["tournament_data"]:
            rows = part.get("data")
            if isinstance(rows, dict):
                rows = rows.get("data")
            if part["division"] in sizes and rows is not None:
                # a shape that is not a list counts as held: reading it names what is wrong
                size = len(rows) if isinstance(rows, list) else 1
                sizes[part["division"]] = max(sizes[part["division"]], size)
    return sizes


def held(sizes: dict[str, int]) -> str:
    """The divisions of a file in words: those with players (and how many), then the empty ones."""
    full = [f"{d} ({n:,} player{'s' if n != 1 else ''})" for d, n in sizes.items() if n]
    empty = [d for d, n in sizes.items() if not n]
    said = ", ".join(full) if full else "no division with players"
    if empty:
        said += f"; {' and '.join(empty)} list{'s' if len(empty) == 1 else ''} no player"
    return said


def choose_division(divisions: list[str], division: str | None, file: str,
                    sizes: dict[str, int] | None = None) -> str:
    """The division to read: ``division`` (a name or an alias), else masters, else the only one
    with players.

    :raises UsageError: for a division the file does not hold, or holds without a player, naming
        the divisions it holds (and their players)."""
    sizes = sizes if sizes is not None else dict.fromkeys(divisions, 1)
    if division is not None:
        want = division.strip().lower()
        want = ALIASES.get(want, want)
        for d in divisions:
            if d.lower() == want:
                if not sizes.get(d):
                    raise UsageError(f"--division {division}: {file} lists no player in its {d} division; its "
                                     f"divisions: {held(sizes)}")
                return d
        raise UsageError(f"--division {division}: {file} has the division(s) {held(sizes)}")
    with_players = [d for d in divisions if sizes.get(d)]
    for d in with_players:
        if d.lower() == "masters":
            return d
    if len(with_players) == 1:
        return with_players[0]
    if not with_players:
        raise InputError(file, "tournament_data", f"no division lists a player ({', '.join(divisions)} are empty)",
                         "is the event started? pokedata lists a division's players once its round 1 is paired")
    raise UsageError(f"{file} has the divisions {held(sizes)}, and none is masters: choose one with --division")


def division_rows(doc: dict, division: str, file: str) -> list:
    for i, part in enumerate(doc["tournament_data"]):
        if part.get("division") == division:
            rows = part.get("data")
            if not isinstance(rows, list):
                raise InputError(file, f"tournament_data[{i}].data", "the standings of a division must be a list "
                                                                     "of players")
            if len(rows) > MAX_PLAYERS:
                raise InputError(file, f"tournament_data[{i}].data", f"more than {MAX_PLAYERS:,} players")
            return rows
    return []


def whole(value: object, file: str, where: str, what: str, low: int, high: int) -> int:
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,9}", value.strip()):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(file, where, f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def text(value: object, file: str, where: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(file, where, f"{what} must be a non-empty text, not {value!r}")
    return value


def result_of(value: object, file: str, where: str) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or value.strip().upper() not in RESULTS:
        raise InputError(file, where, f"result must be W, L or T (or empty while the match is on), not {value!r}")
    return value.strip().upper()


def table_of(value: object, file: str, where: str) -> int | None:
    if value is None or value == "":
        return None
    return whole(value, file, where, "table", 0, 10**7)


def named_row(row: object, file: str, where: str, shape: str) -> tuple[str, str]:
    """The name of a player's row as written, and where the row is (with the name).

    :raises InputError: for a row that is not an object (``shape`` says what it must be) or
        without a name."""
    if not isinstance(row, dict):
        raise InputError(file, where, shape)
    raw = text(row.get("name"), file, where, "name")
    return raw, f"{where} ({raw})"


def read_standing_rows(rows: list, division: str, file: str, people: list[Person],
                       entries: dict[int, dict[int, Entry]]) -> None:
    for i, row in enumerate(rows):
        raw, where = named_row(row, file, f"{division}, standings row {i + 1}",
                               "a standings row must be an object with name, placing, rounds")
        placing = row.get("placing")
        if placing is not None:
            placing = whole(placing, file, where + " placing", "placing", 1, max(MAX_PLAYERS, NOT_PLACED))
            if placing == NOT_PLACED:
                placing = None
        drop = row.get("drop")
        if drop is not None:
            drop = whole(drop, file, where + " drop", "drop", -1, MAX_ROUNDS)
            drop = None if drop <= 0 else drop
        people.append(Person(raw, where, placing, drop, resistances(row.get("resistances"))))
        rounds = row.get("rounds", {})
        if rounds in (None, []):
            rounds = {}
        if not isinstance(rounds, dict):
            raise InputError(file, where + " rounds", "must be an object of rounds {\"1\": {...}, ...}")
        for key, e in rounds.items():
            number = whole(key, file, where + " rounds", "round number", 1, MAX_ROUNDS)
            w = f"{where}, round {number}"
            if not isinstance(e, dict):
                raise InputError(file, w, "a round must be an object with name, result, table")
            entries.setdefault(number, {})[len(people) - 1] = Entry(
                text(e.get("name"), file, w, "opponent name"), result_of(e.get("result"), file, w),
                table_of(e.get("table"), file, w), w)


def resistances(value: object) -> tuple[float, float] | None:
    """The scraper's own (opp, oppopp) figures, when present and numbers (only used to explain)."""
    if not isinstance(value, dict):
        return None
    opp, oppopp = value.get("opp"), value.get("oppopp")
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in (opp, oppopp)):
        return float(opp), float(oppopp)
    return None


def live_rounds(round_docs: list[tuple[str, dict]], division: str, file: str) -> dict[int, tuple[str, list]]:
    """{round: (where, rows)} of the per-round documents for ``division``."""
    out: dict[int, tuple[str, list]] = {}
    for where, d in round_docs:
        for i, part in enumerate(d["tournament_data"]):
            if part.get("division") != division:
                continue
            w = f"{where}.tournament_data[{i}].data".lstrip(".")
            body = part.get("data")
            if not isinstance(body, dict):
                raise InputError(file, w, "a per-round document's data must be an object with round and data",
                                 "is it a standings document inside the pairings?")
            number = whole(body.get("round"), file, w + ".round", "round", 1, MAX_ROUNDS)
            rows = body.get("data")
            if not isinstance(rows, list):
                raise InputError(file, w + ".data", "must be the list of the round's players")
            if len(rows) > MAX_PLAYERS:
                raise InputError(file, w + ".data", f"more than {MAX_PLAYERS:,} players")
            if number in out:
                raise InputError(file, w, f"round {number} is in two per-round documents")
            out[number] = (f"{division}, round {number} pairings", rows)
    return out


def key(name: str) -> str:
    return SEAT_TAG.sub("", name)


def read_live_round(number: int, doc: tuple[str, list], people: list[Person],
                    entries: dict[int, dict[int, Entry]], file: str) -> None:
    """Round ``number`` from its per-round document: it replaces the standings' lines of that
    round; each row is matched to a known player by name (two of one name: by the table the
    standings give them this round, else by their record), or is a new player."""
    label, rows = doc
    by_raw: dict[str, list[int]] = {}
    for i, p in enumerate(people):
        by_raw.setdefault(p.raw, []).append(i)
    old = entries.get(number, {})
    new: dict[int, Entry] = {}
    used: set[int] = set()
    for j, row in enumerate(rows):
        raw, where = named_row(row, file, f"{label}, row {j + 1}", "a row must be an object with name, record, round_data")
        data = row.get("round_data")
        if data in (None, [], {}):
            data = None
        elif not isinstance(data, dict):
            raise InputError(file, where + " round_data", "must be an object with table, vs, result (or empty)")
        entry = None
        if data is not None:
            entry = Entry(text(data.get("vs"), file, where, "vs (the opponent)"),
                          result_of(data.get("result"), file, where), table_of(data.get("table"), file, where),
                          where)
        candidates = [i for i in by_raw.get(raw, []) if i not in used]
        if len(candidates) > 1 and entry is not None:
            same = [i for i in candidates if i in old and old[i].table == entry.table]
            candidates = same or candidates
        if len(candidates) > 1:
            same = [i for i in candidates if record_matches(row.get("record"), i, number, entries, entry)]
            candidates = same or candidates
        if candidates:
            i = candidates[0]
        else:
            people.append(Person(raw, where))
            i = len(people) - 1
            by_raw.setdefault(raw, []).append(i)
        used.add(i)
        if entry is not None:
            new[i] = entry
    entries[number] = new


def record_matches(record: object, i: int, number: int, entries: dict[int, dict[int, Entry]],
                   entry: Entry | None) -> bool:
    """True when player ``i``'s results before round ``number`` and this round's give ``record``."""
    if not isinstance(record, dict):
        return False
    count = {"W": 0, "L": 0, "T": 0}
    results = [entries[r][i].result for r in entries if r < number and i in entries[r]]
    if entry is not None:
        results.append(entry.result)
    for res in results:
        if res in count:
            count[res] += 1
    return (record.get("wins"), record.get("losses"), record.get("ties")) == (count["W"], count["L"], count["T"])


def name_people(people: list[Person]) -> None:
    """Names kept as written; the second and later players of one name get "#2", "#3"."""
    seen: dict[str, int] = {}
    taken = {p.raw for p in people}
    for p in people:
        seen[p.raw] = seen.get(p.raw, 0) + 1
        if seen[p.raw] > 1:
            k = seen[p.raw]
            while f"{p.raw} #{k}" in taken:
                k += 1
            p.name = f"{p.raw} #{k}"
            taken.add(p.name)


# ---------------------------------------------------------------------------------------------
# Matches


#: :func:`find_opponent`'s answer when same-named players cannot be told apart.
AMBIGUOUS = -1


def find_opponent(i: int, number: int, e: Entry, people: list[Person], by_raw: dict[str, list[int]],
                  by_key: dict[str, list[int]], *, round_entries: dict[int, Entry], file: str) -> int | None:
    """The index of player ``i``'s round-``number`` opponent ``e.opponent`` (None: not a player
    of the division)."""
    candidates = [j for j in by_raw.get(e.opponent, []) if j != i] or \
        [j for j in by_key.get(key(e.opponent), []) if j != i]
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    me = people[i]
    exact = [j for j in candidates if j in round_entries and round_entries[j].table == e.table
             and key(round_entries[j].opponent) == key(me.raw)]
    if len(exact) == 1:
        return exact[0]
    table = [j for j in candidates if j in round_entries and round_entries[j].table == e.table]
    if len(table) == 1:
        return table[0]
    naming = [j for j in candidates if j in round_entries and key(round_entries[j].opponent) == key(me.raw)]
    if len(naming) == 1:
        return naming[0]
    # pokedata repeats placeholder names ("Gonzalo Salinas []" seven times): who cannot be told
    # apart is AMBIGUOUS, and the caller leaves the line out with a note
    return AMBIGUOUS


def pair_up(people: list[Person], entries: dict[int, dict[int, Entry]], file: str,
            notes: list[str]) -> dict[int, list[Match]]:
    """The matches of every round, each from its two players' lines (which must agree)."""
    by_raw: dict[str, list[int]] = {}
    by_key: dict[str, list[int]] = {}
    for i, p in enumerate(people):
        by_raw.setdefault(p.raw, []).append(i)
        by_key.setdefault(key(p.raw), []).append(i)
    out: dict[int, list[Match]] = {}
    strangers: set[str] = set()
    dropped: list[str] = []
    clashes: list[str] = []
    for number in sorted(entries):
        lines = entries[number]
        done: set[int] = set()
        partner: dict[int, str] = {}
        for i in sorted(lines):
            if i in done:
                continue
            e = lines[i]
            me = people[i].name
            where = f"{e.where} (table {e.table})" if e.table is not None else e.where
            if BYE_NAME.fullmatch(e.opponent.strip()):
                if e.result == "L":
                    raise InputError(file, e.where, "a bye that is lost", "a bye's result is W")
                out.setdefault(number, []).append(Match(number, me, kind=BYE, where=where))
                done.add(i)
                continue
            if e.opponent.strip().upper() == LATE_NAME:
                out.setdefault(number, []).append(Match(number, me, kind=LOSS, where=where))
                done.add(i)
                continue
            j = find_opponent(i, number, e, people, by_raw, by_key, round_entries=lines, file=file)
            if j == AMBIGUOUS:
                dropped.append(f"{me} (round {number}: several players are named {e.opponent!r}, table {e.table})")
                done.add(i)
                continue
            if j is None:
                # an opponent without a line of their own (not in the document): a player anyway
                people.append(Person(e.opponent, e.where))
                j = len(people) - 1
                by_raw.setdefault(e.opponent, []).append(j)
                by_key.setdefault(key(e.opponent), []).append(j)
                taken = {p.name for p in people[:-1]}
                name, k = e.opponent, 2
                while name in taken:
                    name, k = f"{e.opponent} #{k}", k + 1
                people[j].name = name
                strangers.add(name)
            other = lines.get(j)
            back = None
            if other is not None and not BYE_NAME.fullmatch(other.opponent.strip()) \
                    and other.opponent.strip().upper() != LATE_NAME:
                back = find_opponent(j, number, other, people, by_raw, by_key, round_entries=lines, file=file)
            if other is not None and back != i and back != AMBIGUOUS:
                # a claim the opponent's own line contradicts (pokedata's placeholder rows, e.g.
                # "Donovan Palominos []" six times, each one round of another player): the
                # opponent's line wins, this one is left out and named
                dropped.append(f"{me} (round {number}, {e.opponent!r} at table {e.table})")
                done.add(i)
                continue
            if j in done:
                raise InputError(file, e.where, f"{people[j].name!r} is already paired in round {number} "
                                                f"(against {partner.get(j, 'a bye')!r})",
                                 "each player has one opponent per round")
            result = e.result
            if other is not None:
                if result is None:
                    result = FLIP[other.result]
                elif result == "L" and other.result == "L":
                    result = "LL"  # both lost: a double loss
                elif other.result is not None and other.result != FLIP[result]:
                    # the two lines disagree (real documents: a W against a T): no result, said
                    clashes.append(f"{me} {result} v {people[j].name} {other.result} (round {number})")
                    result = None
            done |= {i, j}
            partner[i], partner[j] = people[j].name, me
            if result == "LL":
                out.setdefault(number, []).append(Match(number, me, people[j].name, kind=DOUBLE_LOSS, where=where))
            elif result is None:
                out.setdefault(number, []).append(Match(number, me, people[j].name, where=where))
            else:
                out.setdefault(number, []).append(Match(number, me, people[j].name, *RESULTS[result], where=where))
    if clashes:
        notes.append(f"{len(clashes)} match(es) whose two lines disagree, read without a result: "
                     f"{'; '.join(clashes[:5])}" + (" ..." if len(clashes) > 5 else ""))
    if dropped:
        notes.append(f"{len(dropped)} line(s) left out: their opponent's own line names another opponent "
                     f"that round (pokedata's rows contradict each other): {'; '.join(dropped[:5])}"
                     + (" ..." if len(dropped) > 5 else ""))
    if strangers:
        notes.append(f"{len(strangers)} opponent(s) without a line of their own in the file, read from their "
                     f"opponents' lines: {', '.join(sorted(strangers)[:5])}")
    return out


# ---------------------------------------------------------------------------------------------
# Structure: top cut, day 2, drops


def winners(matches: list[Match]) -> set[str]:
    return {m.winner() for m in matches if m.winner() is not None}


def elimination(matches: list[Match]) -> bool:
    """The shape of a single-elimination round: matches without a tie (an unreported final
    allowed) and a bracket's byes."""
    return bool(matches) and all(m.kind == BYE or (m.kind == MATCH and not m.is_draw) for m in matches) \
        and any(m.kind == MATCH for m in matches)


def find_playoff(b: EventBuilder, last: int) -> int:
    """The first top-cut round (``last + 1`` when none): of the chain of single-elimination rounds
    that ends the event, each holding only the previous one's winners (and bracket byes), the
    first round with at most half the players of the round before it."""
    rounds = {n: b.rounds.get(n, []) for n in range(1, last + 1)}
    players = {n: {p for m in ms for p in m.players} for n, ms in rounds.items()}
    if not elimination(rounds[last]):
        return last + 1
    start = last
    while start - 1 >= 1 and elimination(rounds[start - 1]) and players[start] <= winners(rounds[start - 1]):
        start -= 1
    for j in range(max(start, 2), last + 1):
        if 2 * len(players[j]) <= len(players[j - 1]):
            return j
    return last + 1


def points_after(b: EventBuilder, number: int) -> dict[str, int]:
    pts: dict[str, int] = {}
    for n in range(1, number + 1):
        for m in b.rounds.get(n, []):
            if m.kind == BYE:
                pts[m.player_a] = pts.get(m.player_a, 0) + 3
            elif m.kind == MATCH and m.reported:
                w = m.winner()
                for p in m.players:
                    pts[p] = pts.get(p, 0) + (3 if w == p else 1 if w is None else 0)
    return pts


def find_day2(b: EventBuilder, swiss: int) -> tuple[tuple[Phase, ...], tuple[int, int, set[str]] | None]:
    """The phases (day 1 with its points cut, day 2) and the cut (day-1 rounds, points, the players
    it stopped); ``((), None)`` without a day 2."""
    players = {n: {p for m in b.rounds.get(n, []) for p in m.players} for n in range(1, swiss + 1)}
    for d in range(1, swiss):
        here, on = players[d], players[d + 1]
        stayed = here & on
        if not stayed or len(stayed) > DAY2_SHARE * len(here):
            continue
        pts = points_after(b, d)
        cut = min(pts.get(p, 0) for p in stayed)
        stopped = here - on
        if cut <= 0:
            continue
        above = [p for p in stopped if pts.get(p, 0) >= cut]
        if len(above) > max(2, 0.1 * len(stayed)):
            continue
        return ((Phase("day 1", d, Cut(points=cut)), Phase("day 2")),
                (d, cut, {p for p in stopped if pts.get(p, 0) < cut}))
    return (), None


def add_drops(b: EventBuilder, people: list[Person], swiss: int, cut: tuple[int, int, set[str]] | None,
              notes: list[str]) -> None:
    """Drops from the standings' ``drop`` (read like TOM's: the round dropped in, the last round
    played when paired in it), within the Swiss; players the day-2 cut stopped are not dropped."""
    ignored = []
    cut_players = cut[2] if cut else set()
    # who is paired in each round, and the last round each player is paired in: read once, not
    # once per dropped player (a 975-player regional drops 900: 0.25 s of its reading)
    paired = {n: {name for m in matches for name in m.players} for n, matches in b.rounds.items()}
    last = {}
    for n in sorted(paired):
        for name in paired[n]:
            last[name] = n
    for p in people:
        if p.drop is None or p.name not in b.seen or p.name in cut_players:
            continue
        after = p.drop if p.name in paired.get(p.drop, ()) else p.drop - 1
        if after >= swiss:
            continue
        if last.get(p.name, 0) > after:
            ignored.append(p.name)
            continue
        b.add_drop(p.name, max(after, 0), p.where + " drop")
    if ignored:
        notes.append(f"the drop of {len(ignored)} player(s) who played later rounds is ignored: "
                     + ", ".join(ignored[:5]))


def event_date(tournament: dict) -> str | None:
    date = tournament.get("date")
    if isinstance(date, dict):
        date = date.get("start")
    if isinstance(date, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}.*", date):
        return date[:10]
    return None


register(Format("pokedata", "pokedata's live standings and pairings documents (Play! Pokémon premier events, "
                "from RK9)", read_pokedata, sniff=looks_like_pokedata, priority=10, division=True,
                page="[Pokémon: TOM, pokedata, Limitless](pokemon.md)"))
