"""TopDeck.gg events in the decklist cache (the family of the melee.gg files, ``Tournament.Uri`` on
topdeck.gg).

What the cache writes for them (shared/PLATFORMS.md, the real files of shared/data/real/magic):

- ``Result`` is a *match* result, not game counts: ``"1-0-0"`` Player1 won, ``"0-1-0"`` Player2
  won, ``"0-0-1"`` a draw; ``"0-0-1"`` (or ``"1-0-0"``) with an empty Player2 is a bye, ``"0-1-0"``
  with an empty Player2 a match loss without opponent; ``"0-0-0"`` with two players: no result yet.
- ``RoundName`` is the Swiss round's number, and "Top 8", "Top 4", "Top 2" (also "Top 16",
  "Quarterfinals", "Semifinals", "Finals") for the playoff, recognised by name (in a file naming
  none so, by its shape, as in melee.gg files).
- ``Standings``: ``Points`` are Swiss points; ``Wins``/``Losses``/``Draws`` include the playoff
  matches and leave byes out of ``Wins``; ``GWP`` and ``OGWP`` are TopDeck's own, from game scores
  the cache does not keep.

A match result is read as a one-game match (best of one: a win 1-0, a draw 0-0-1, a bye 1-0), so
points and OMW% are exact; GW% and OGW% computed from it are not TopDeck's (a note says so), and
the simulations draw match results the same way.  A file whose results are real game counts
("2-1-0") is read with them, as melee.gg files are.
"""

from __future__ import annotations

import re
from dataclasses import replace

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.io.formats import Format, register
from drawsafe.event.io.melee import (
    NO_OPPONENT,
    cache_parts,
    check_entry,
    detect_playoff,
    listing,
    looks_like_melee,
    merge_listed_twice,
    parse_standings,
    published_precision,
)
from drawsafe.event.model import BYE, LOSS, Event, Match

#: Match results of the cache's TopDeck files (wins of Player1, wins of Player2, draws).
MATCH_RESULTS = {(1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 0, 0)}
#: Round names of the playoff.
PLAYOFF_NAME = re.compile(r"\s*(top\s*\d+|quarter\s*-?\s*finals?|semi\s*-?\s*finals?|finals?)\s*$",
                          re.IGNORECASE)
SITE = "topdeck.gg"


def looks_like_topdeck(data: dict) -> bool:
    """A TopDeck event of the cache: its ``Tournament.Uri`` is on topdeck.gg, or (no Uri) a bye is
    written as "0-0-1" with an empty Player2, which only TopDeck's entries do."""
    info = data.get("Tournament")
    uri = info.get("Uri") if isinstance(info, dict) else None
    if isinstance(uri, str) and uri:
        return SITE in uri.lower()
    rounds = data.get("Rounds")
    for rnd in rounds if isinstance(rounds, list) else []:
        matches = rnd.get("Matches") if isinstance(rnd, dict) else None
        for m in matches if isinstance(matches, list) else []:
            if isinstance(m, dict) and m.get("Player2") in ("", None) and m.get("Result") == "0-0-1":
                return True
    return False


def looks_like_topdeck_entry(data: object) -> bool:
    """A TopDeck entry among the decklist cache's (:func:`looks_like_topdeck`)."""
    return looks_like_melee(data) and looks_like_topdeck(data)


def is_playoff_name(name: str) -> bool:
    return PLAYOFF_NAME.match(name) is not None


def read_topdeck(data: dict, file: str) -> Event:
    """Build an event from a parsed TopDeck entry of the decklist cache.

    :raises InputError: on any problem, naming the file, round and match.
    """
    info, rounds = cache_parts(check_entry(data, file, "a TopDeck.gg file"), file)
    b = EventBuilder(file, "topdeck", strict=False)
    games_seen = False
    merged = 0
    for i, rnd in enumerate(rounds):
        number = i + 1
        name = str(rnd.get("RoundName") or f"Round {number}")
        b.round_names[number] = name
        if is_playoff_name(name):
            b.playoff_rounds.add(number)
        kept: dict[frozenset, Match] = {}
        for j, raw in enumerate(rnd["Matches"]):
            where = f"round {number} ({name}), match {j + 1}"
            m, games = parse_match(raw, number, file, where)
            games_seen |= games
            if m.player_b is None:
                b.add_match(m)
                continue
            key = frozenset(m.players)
            if key in kept:
                kept[key] = merge_listed_twice(kept[key], m, file)
                merged += 1
            else:
                kept[key] = m
        for m in kept.values():
            b.add_match(m)
    later = [n for n in b.round_names if b.playoff_rounds and n > min(b.playoff_rounds)
             and n not in b.playoff_rounds]
    if later:
        first = min(b.playoff_rounds)
        raise InputError(file, f"Rounds[{first - 1}]",
                         f"round {b.round_names[first]!r} is a playoff round but Swiss rounds follow it",
                         "list the Swiss rounds first, then the playoff")
    standings = parse_standings(data.get("Standings"), file)
    notes = []
    restored = restore_byes(b, standings)
    if restored:
        notes.append(f"{len(restored)} bye(s) the cache leaves out restored from the published points "
                     f"(3 points more than the listed matches, no match in that round): "
                     + ", ".join(f"{p} (round {r})" for p, r in restored))
    if merged:
        notes.append(f"{merged} match(es) listed twice (once from each side) counted once")
    if not games_seen:
        notes.append("TopDeck: match results only (the cache keeps no game scores): points and OMW% are "
                     "exact; GW% and OGW% count a match as one game here (not TopDeck's figures) and the "
                     "simulations draw match results, so tiebreaks from GW% are not exact")
    date = str(info.get("Date") or "")[:10] or None
    swiss = [n for n in b.round_names if n not in b.playoff_rounds]
    event = b.build(str(info.get("Name") or file.rsplit("/", 1)[-1]).strip(), date=date,
                    standings=standings, precision=min(published_precision(data.get("Standings")) or 6, 12),
                    rules="mtg", notes=notes,
                    swiss_rounds=len(swiss) if (standings or b.playoff_rounds) and swiss else None)
    if not b.playoff_rounds and standings:  # no round named so: the playoff by its shape, as melee's
        first = detect_playoff(event.rounds)
        event = replace(event, swiss_rounds=first - 1 if first > 1 else event.swiss_rounds,
                        rounds=tuple(replace(r, playoff=r.number >= first) for r in event.rounds))
    return replace(event, best_of=3 if games_seen else 1)


def restore_byes(b: EventBuilder, standings) -> list[tuple[str, int]]:
    """Byes missing from the file, put back: the cache leaves out some byes (those of round 1 at
    real events), which the published Swiss points count.  A player whose published points exceed
    those of their listed Swiss matches by 3 x k, with k or more Swiss rounds without a match, gets
    a bye in the first k of them.  Returns (player, round) of each bye added."""
    swiss = sorted(n for n in b.rounds if n not in b.playoff_rounds)
    points: dict[str, int] = {}
    present: dict[str, set[int]] = {}
    for n in swiss:
        for m in b.rounds[n]:
            for p in m.players:
                present.setdefault(p, set()).add(n)
                won = m.winner()
                points[p] = points.get(p, 0) + (3 if won == p else 1 if m.is_draw else 0)
    added = []
    for row in standings or ():
        missing = row.points - points.get(row.player, 0)
        absent = [n for n in swiss if n not in present.get(row.player, set())]
        if missing <= 0 or missing % 3 or missing // 3 > len(absent):
            continue
        for n in absent[:missing // 3]:
            b.add_match(Match(n, row.player, kind=BYE, where=f"round {n}, a bye restored from the standings"))
            added.append((row.player, n))
    return added


def parse_match(raw: object, rnd: int, file: str, where: str) -> tuple[Match, bool]:
    """One listed match, and whether its result is a game count (not a match result)."""
    a, b, score, result = listing(raw, file, where, number=r"\d+", example="1-0-0", what="result",
                                  no_opponent="empty")
    if b in NO_OPPONENT:
        if score in ((0, 0, 1), (1, 0, 0), (2, 0, 0)):
            return Match(rnd, a, None, kind=BYE, where=where), False
        if score in ((0, 1, 0), (0, 2, 0)):
            return Match(rnd, a, None, kind=LOSS, where=where), False
        raise InputError(file, where, f"a match without opponent must be 0-0-1 or 1-0-0 (a bye) or 0-1-0 "
                                      f"(a loss), not {result}")
    if score == (0, 0, 0):
        return Match(rnd, a, b, where=where), False  # no result yet
    return Match(rnd, a, b, *score, where=where), score not in MATCH_RESULTS


register(Format("topdeck", "TopDeck.gg's events in the decklist cache (match results only)", read_topdeck,
                sniff=looks_like_topdeck_entry, priority=70, within="melee", page="[melee.gg, TopDeck, MTGO](melee.md)"))
