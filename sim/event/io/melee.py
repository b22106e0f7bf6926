"""The melee.gg decklist-cache JSON (``{"Tournament": ..., "Rounds": [...], "Standings": [...]}``).

What the format does, measured on real files (see shared/data/melee/README.md):

- ``Result`` is ``"W1-W2-D"`` from Player1's side; a drawn match is often listed twice, once from
  each side: it is counted once.  One file lists a match as ``0-0-0`` from one side and ``0-2-0``
  from the other: the published records give both players a loss, so it is a double loss.
- ``Player2`` ``"-"`` (rarely ``null``) with ``2-0-0`` is a bye, with ``0-2-0`` a match loss
  without opponent.  In best-of-one events (no player ever wins two games) a bye is a 1-0 win.
- Playoff rounds usually continue the Swiss numbering; they are found by their shape (see
  :func:`detect_playoff`).
- The published ``Standings`` come after the playoff; their precision (6, 7 or 8 decimals) is
  read off the numbers.  The own GW% floor changed twice: floored before 2024-05-16 and from
  2025-11-12 on (rule pack ``mtg``), not floored in between (``mtg-classic``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder, parse_int
from drawsafe.event.io.formats import Format, register
from drawsafe.event.io.native_json import standing_row
from drawsafe.event.model import (
    BYE,
    DOUBLE_LOSS,
    LOSS,
    MATCH,
    Event,
    Match,
    PublishedStanding,
    Round,
)

NO_OPPONENT = ("-", "", None)
#: The figures of a published standings row (:func:`~drawsafe.event.io.native_json.standing_row`).
STANDING_KEYS = ("Rank", "Player", "Points", "Wins", "Losses", "Draws", "OMWP", "GWP", "OGWP")
#: Largest first playoff round, in matches.
MAX_CUT = 16
#: Dates (inclusive start, exclusive end) when melee.gg did not floor a player's own GW%.
UNFLOORED_GW = ("2024-05-16", "2025-11-12")


def looks_like_melee(data: object) -> bool:
    return isinstance(data, dict) and "Rounds" in data and ("Tournament" in data or "Standings" in data)


def check_entry(data: object, file: str, what: str) -> dict:
    """``data``, an entry of the decklist cache (:func:`looks_like_melee`) read as ``what``.

    :raises InputError: when it is not one."""
    if not looks_like_melee(data):
        raise InputError(file, None, f"not {what}: it lacks 'Rounds' and 'Tournament'")
    return data


def cache_parts(data: dict, file: str) -> tuple[dict, list]:
    """The ``Tournament`` object and the ``Rounds`` list of a decklist-cache entry (melee.gg and
    TopDeck entries), each round an object with a ``Matches`` list.

    :raises InputError: naming the part that is not so."""
    info = data.get("Tournament") or {}
    if not isinstance(info, dict):
        raise InputError(file, "Tournament", "must be an object")
    rounds = data.get("Rounds")
    if not isinstance(rounds, list):
        raise InputError(file, "Rounds", "must be a list of rounds")
    for i, rnd in enumerate(rounds):
        if not isinstance(rnd, dict) or not isinstance(rnd.get("Matches"), list):
            raise InputError(file, f"Rounds[{i}]", "a round must be an object with a 'Matches' list")
    return info, rounds


def read_melee(data: dict, file: str) -> Event:
    """Build an event from a parsed melee.gg decklist-cache JSON file.

    TopDeck and MTGO entries of the same cache have their own readers
    (:mod:`drawsafe.event.io.topdeck`, :mod:`drawsafe.event.io.mtgo`, which use this module's
    parts), formats of their own that ``--format melee`` also reads (their ``within``).

    :raises InputError: on any problem, naming the file, round and match.
    """
    info, rounds = cache_parts(check_entry(data, file, "a melee.gg file"), file)
    b = EventBuilder(file, "melee", strict=False)
    merged = 0
    for i, rnd in enumerate(rounds):
        number_ = i + 1
        b.round_names[number_] = str(rnd.get("RoundName") or f"Round {number_}")
        kept: dict[frozenset, Match] = {}
        for j, raw in enumerate(rnd["Matches"]):
            where = f"round {number_} ({b.round_names[number_]}), match {j + 1}"
            m = parse_match(raw, number_, file, where)
            if m.player_b is None:
                b.add_match(m)
                continue
            key = frozenset(m.players)
            if key not in kept:
                kept[key] = m
                continue
            kept[key] = merge_listed_twice(kept[key], m, file)
            merged += 1
        for m in kept.values():
            b.add_match(m)
    standings = parse_standings(data.get("Standings"), file)
    date = str(info.get("Date") or "")[:10] or None
    event = b.build(
        str(info.get("Name") or file.rsplit("/", 1)[-1]), date=date, standings=standings,
        precision=published_precision(data.get("Standings")),
        rules="mtg-classic" if date and UNFLOORED_GW[0] <= date < UNFLOORED_GW[1] else "mtg",
        notes=[f"{merged} match(es) listed twice (once from each side) counted once"] if merged else [],
    )
    first = detect_playoff(event.rounds)
    rounds_ = tuple(Round(r.number, r.matches, r.name, r.number >= first) for r in event.rounds)
    return replace(event, rounds=rounds_, swiss_rounds=first - 1 if standings else None,
                   best_of=infer_best_of(event))


def infer_best_of(event: Event) -> int:
    """1 when no match of the event has a player with two game wins (a best-of-one event), else 3.

    melee.gg scores a bye in a best-of-one event as a 1-0 win (its published GW% show it).
    """
    played = [m for r in event.rounds for m in r.matches if m.kind == MATCH and m.reported]
    if played and all(max(m.a_wins, m.b_wins) <= 1 for m in played):
        return 1
    return 3


def listing(raw: object, file: str, where: str, *, number: str, example: str, what: str,
            no_opponent: str) -> tuple[str, object, tuple[int, int, int], object]:
    """Player1, Player2, the three numbers of Result and Result itself, of one match listed in a
    cache entry (``number``: the pattern of one of the three; ``example``, ``what`` and
    ``no_opponent`` word the errors).

    :raises InputError: for a listing that is not an object, a Result that is not three numbers, a
        Player1 that is no name, a Player2 that is no name nor ``no_opponent``."""
    if not isinstance(raw, dict):
        raise InputError(file, where, "a match must be an object with Player1, Player2 and Result")
    a, b, result = raw.get("Player1"), raw.get("Player2"), raw.get("Result")
    found = re.fullmatch(rf"\s*({number})\s*-\s*({number})\s*-\s*({number})\s*", result if isinstance(result, str) else "")
    if found is None:
        raise InputError(file, where, f"Result must look like \"{example}\", not {result!r}")
    score = tuple(parse_int(x, file, where, what) for x in found.groups())
    if not isinstance(a, str) or not a.strip():
        raise InputError(file, where, f"Player1 must be a player name, not {a!r}")
    if b not in NO_OPPONENT and not (isinstance(b, str) and b.strip()):
        raise InputError(file, where, f"Player2 must be a player name or {no_opponent}, not {b!r}")
    return a, b, score, result


def parse_match(raw: object, rnd: int, file: str, where: str) -> Match:
    a, b, (w1, w2, d), result = listing(raw, file, where, number=r"-?\d+", example="2-1-0", what="game count",
                                        no_opponent='"-"')
    if b in NO_OPPONENT:
        if (w1, w2, d) == (2, 0, 0):
            return Match(rnd, a, None, kind=BYE, where=where)
        if (w1, w2, d) == (0, 2, 0):
            return Match(rnd, a, None, kind=LOSS, where=where)
        raise InputError(file, where, f"a match without opponent must be 2-0-0 (bye) or 0-2-0 (loss), not {result}")
    return Match(rnd, a, b, w1, w2, d, kind=MATCH, where=where)


def merge_listed_twice(first: Match, second: Match, file: str) -> Match:
    """One match listed from both sides: the same result mirrored, or one side empty (0-0-0)."""
    if first.player_a == second.player_a:
        mirrored = second
    else:
        mirrored = Match(second.round, second.player_b, second.player_a, second.b_wins, second.a_wins,
                         second.draws, where=second.where)
    score1 = (first.a_wins, first.b_wins, first.draws)
    score2 = (mirrored.a_wins, mirrored.b_wins, mirrored.draws)
    if score1 == score2:
        return first
    if {score1, score2} == {(0, 0, 0), (0, 2, 0)} or {score1, score2} == {(0, 0, 0), (2, 0, 0)}:
        # Each side reports its own loss: melee.gg's published records count a loss for both.
        return Match(first.round, first.player_a, first.player_b, kind=DOUBLE_LOSS, where=first.where)
    raise InputError(
        file, second.where,
        f"{first.player_a} v {first.player_b} is listed twice with different results "
        f"({first.score_text()} at {first.where})", "keep one listing of the match",
    )


def parse_standings(rows: object, file: str) -> tuple[PublishedStanding, ...] | None:
    if not rows:
        return None
    if not isinstance(rows, list):
        raise InputError(file, "Standings", "must be a list")
    out = []
    for i, r in enumerate(rows):
        where = f"Standings[{i}]"
        out.append(standing_row(r, file, where, STANDING_KEYS, record=None))
        if not isinstance(out[-1].player, str):
            raise InputError(file, where, "Player must be a name")
    return tuple(out)


def published_precision(rows: object) -> int | None:
    """Decimals of the published percentages: the most decimals any of them shows."""
    best = None
    for r in rows or []:
        for k in ("OMWP", "GWP", "OGWP"):
            v = r.get(k) if isinstance(r, dict) else None
            if isinstance(v, float):
                text = repr(v)
                if "e" not in text and "." in text:
                    best = max(best or 0, len(text.split(".")[1]))
    return best


def detect_playoff(rounds: tuple[Round, ...]) -> int:
    """Number of the first playoff round (``len(rounds) + 1`` when there is none).

    A playoff round has the shape of single elimination: a power-of-two number of matches, all
    decided (no draws, byes or losses without opponent), at most half as many matches as the round
    before it (byes and losses without opponent count as matches there); each later round has half
    the matches and only the previous round's winners.  A first playoff round has at most
    :data:`MAX_CUT` matches (a Top 32): beyond that the event is single elimination throughout and
    its opening rounds count as its Swiss part, as in the data set's index.
    """
    n = len(rounds)
    chain = n  # rounds[chain:] have the elimination shape, each following the one before
    while chain - 1 >= 1 and elimination_shape(rounds[chain - 1]) and (
            chain == n or follows(rounds[chain], rounds[chain - 1])):
        chain -= 1
    for j in range(chain, n):
        if 2 * len(rounds[j].matches) <= len(rounds[j - 1].matches) and len(rounds[j].matches) <= MAX_CUT:
            return j + 1
    return n + 1


def elimination_shape(r: Round) -> bool:
    n = len(r.matches)
    return (n > 0 and n & (n - 1) == 0 and all(m.kind == MATCH and m.reported for m in r.matches)
            and not any(m.is_draw for m in r.matches))


def follows(later: Round, earlier: Round) -> bool:
    winners = {m.winner() for m in earlier.matches}
    return 2 * len(later.matches) == len(earlier.matches) and later.players <= winners


register(Format("melee", "melee.gg's decklist cache (`--format melee` also reads its TopDeck and MTGO entries)",
                read_melee, sniff=looks_like_melee, priority=90, page="[melee.gg, TopDeck, MTGO](melee.md)"))
