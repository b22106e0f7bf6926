"""Play Hub's answers read as an event: a bundle (the event document and its rounds' answers),
the event document alone, one round's matches alone, or one round's standings alone."""

from __future__ import annotations

import os

from drawsafe.event.io.build import EventBuilder
from drawsafe.event.io.playhub.document import EventInfo, read_event_document, state_summary
from drawsafe.event.io.playhub.results import (
    Matches,
    People,
    StandingRow,
    collect_matches,
    page_note,
    published,
    read_standing_rows,
    to_match,
)
from drawsafe.event.io.playhub.shapes import Pages, Reader, kind_of, read_pages
from drawsafe.event.model import MATCH, NO_RESULT, Event, Match

#: Play Hub publishes its percentages as fractions at 8 decimals (0.48037037).
PRECISION = 8
DROPPED = "DROPPED"


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
