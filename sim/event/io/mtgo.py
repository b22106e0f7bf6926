"""MTGO events in the decklist cache (``Tournament.Uri`` on mtgo.com): the published standings of
the top 32 and the top-8 bracket, no Swiss pairings.

What such a file holds (shared/PLATFORMS.md; the real file of shared/data/real/magic/mtgo):

- ``Standings``: ``Rank`` (the Swiss standings order), ``Points`` (Swiss points), ``Wins`` /
  ``Losses`` / ``Draws`` including the playoff matches (a bye is in the points, not in ``Wins``),
  ``OMWP``, ``GWP``, ``OGWP`` (MTGO's, at 5 decimals);
- ``Rounds``: the playoff only ("Quarterfinals", "Semifinals", "Finals"), game counts as melee.gg's;
- ``Decks``: each player's ``Result`` ("1st Place", ...), the final places.

The event has no Swiss round: its standings cannot be recomputed nor its rounds simulated.  What
can be checked is whether the published figures agree with each other
(:mod:`drawsafe.standings.published`).  The number of Swiss rounds is read off the standings: a
player's Swiss matches are their record less their playoff matches, plus the byes their points
imply.
"""

from __future__ import annotations

import re

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder
from drawsafe.event.io.formats import Format, register
from drawsafe.event.io.melee import (
    check_entry,
    looks_like_melee,
    parse_match,
    parse_standings,
    published_precision,
)
from drawsafe.event.io.topdeck import is_playoff_name
from drawsafe.event.model import Event

SITE = "mtgo.com"
PLACE = re.compile(r"\s*([0-9]{1,9})\s*(st|nd|rd|th)\s+place\s*$", re.IGNORECASE)


def looks_like_mtgo(data: dict) -> bool:
    """An MTGO entry of the cache without Swiss rounds: Uri on mtgo.com, every round a playoff one."""
    info = data.get("Tournament")
    uri = info.get("Uri") if isinstance(info, dict) else None
    if not (isinstance(uri, str) and SITE in uri.lower()):
        return False
    rounds = data.get("Rounds")
    return isinstance(rounds, list) and all(
        isinstance(r, dict) and is_playoff_name(str(r.get("RoundName") or "")) for r in rounds)


def looks_like_mtgo_entry(data: object) -> bool:
    """An MTGO entry among the decklist cache's (:func:`looks_like_mtgo`)."""
    return looks_like_melee(data) and looks_like_mtgo(data)


def read_mtgo(data: dict, file: str) -> Event:
    """Build the event of an MTGO entry: its published standings, its playoff, its final places.

    :raises InputError: on any problem, naming the file and the place in it.
    """
    info = check_entry(data, file, "an MTGO file").get("Tournament") or {}
    if not isinstance(info, dict):
        raise InputError(file, "Tournament", "must be an object")
    standings = parse_standings(data.get("Standings"), file)
    if not standings:
        raise InputError(file, "Standings", "an MTGO entry needs its published standings",
                         "the cache's MTGO files hold the standings and the bracket, nothing else")
    b = EventBuilder(file, "mtgo", strict=False)
    for i, row in enumerate(standings):
        b.declare_player(row.player, f"Standings[{i}]")
    for i, rnd in enumerate(data.get("Rounds") or []):
        if not isinstance(rnd, dict) or not isinstance(rnd.get("Matches"), list):
            raise InputError(file, f"Rounds[{i}]", "a round must be an object with a 'Matches' list")
        number = i + 1
        b.round_names[number] = str(rnd.get("RoundName"))
        b.playoff_rounds.add(number)
        for j, raw in enumerate(rnd["Matches"]):
            b.add_match(parse_match(raw, number, file, f"round {number} ({b.round_names[number]}), "
                                                       f"match {j + 1}"))
    playoff = {}
    for r in b.rounds.values():
        for m in r:
            for p in m.players:
                won = m.winner() == p
                w, lo = playoff.get(p, (0, 0))
                playoff[p] = (w + won, lo + (not won))
    rounds = 0
    for row in standings:
        pw, pl = playoff.get(row.player, (0, 0))
        wins, losses = row.wins - pw, row.losses - pl
        byes = max(0, (row.points - 3 * wins - row.draws) // 3)
        rounds = max(rounds, wins + losses + row.draws + byes)
    places = parse_places(data.get("Decks"), file, set(b.declared))
    note = ("MTGO: the cache keeps the published standings of the top 32 and the top-8 bracket, not the "
            "Swiss pairings: standings --check checks the published figures against each other; the "
            "standings cannot be recomputed nor the rounds simulated")
    return b.build(str(info.get("Name") or file.rsplit("/", 1)[-1]).strip(),
                   date=str(info.get("Date") or "")[:10] or None, standings=standings,
                   precision=published_precision(data.get("Standings")), rules="mtg",
                   swiss_rounds=rounds or None, places=places, notes=[note])


def parse_places(decks: object, file: str, players: set[str]) -> dict[str, int]:
    """Final places from the ``Decks`` list ("1st Place", ...), for the players of the standings."""
    out: dict[str, int] = {}
    if not isinstance(decks, list):
        return out
    for i, d in enumerate(decks):
        if not isinstance(d, dict):
            raise InputError(file, f"Decks[{i}]", "a deck must be an object")
        found = PLACE.match(str(d.get("Result") or ""))
        if found and d.get("Player") in players:
            out[d["Player"]] = int(found.group(1))
    return out


register(Format("mtgo", "MTGO's events in the decklist cache (the published standings and the top-8 bracket, no "
                "Swiss round)", read_mtgo, sniff=looks_like_mtgo_entry, priority=80, within="melee",
                page="[melee.gg, TopDeck, MTGO](melee.md)"))
