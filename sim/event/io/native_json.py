"""The native JSON format.

```json
{
  "name": "Friday Modern", "date": "2025-03-01", "swiss_rounds": 5, "best_of": 3,
  "players": ["Alice", "Bob", {"name": "Carol", "rating": 1650, "byes": 1, "win_probability": 0.55}],
  "rounds": [
    {"round": 1, "matches": [
      {"a": "Alice", "b": "Bob", "score": [2, 1, 0]},
      {"a": "Carol", "kind": "bye"}
    ]},
    {"round": 2, "matches": [{"a": "Alice", "b": "Carol", "score": "0-0-3"}, {"a": "Bob", "kind": "loss"}]}
  ],
  "drops": {"Bob": 2},
  "standings": [{"rank": 1, "player": "Alice", "points": 4, "wins": 1, "losses": 0, "draws": 1,
                 "omw": 0.5, "gw": 0.6, "ogw": 0.5}]
}
```

Only ``rounds`` is required.  A match without ``score`` is pending (the round is in progress).
``players`` is optional; when given, every name in a match must be in it.  ``standings`` is the
published standings table to check against (``drawsafe standings --check``).
"""

from __future__ import annotations

import math
from dataclasses import replace

from drawsafe.errors import InputError
from drawsafe.event.io.build import EventBuilder, check_best_of, check_count, check_text, parse_int
from drawsafe.event.io.formats import JSON_FAMILY, Format, register
from drawsafe.event.model import MATCH, Event, Match, PublishedStanding

MATCH_KEYS = {"a", "b", "score", "kind", "table"}


def any_json(data: object) -> bool:
    """Native JSON is the last resort of JSON documents: its reader says what is wrong."""
    return True


def read_native_json(data: object, file: str) -> Event:
    """Build an event from parsed native JSON.

    :raises InputError: on any problem, naming the file and the round/match.
    """
    if not isinstance(data, dict):
        raise InputError(file, None, "the JSON must be an object with a 'rounds' list",
                         "see the native JSON format in the manual, docs/formats/native.md")
    best_of = check_best_of(parse_int(data.get("best_of", 3), file, "best_of", "best_of"), file, "best_of")
    b = EventBuilder(file, "json", best_of=best_of)
    ratings: dict[str, float] = {}
    probs: dict[str, float] = {}
    byes: dict[str, int] = {}
    players = data.get("players", [])
    if not isinstance(players, list):
        raise InputError(file, "players", "must be a list of names or objects")
    for i, entry in enumerate(players):
        where = f"players[{i}]"
        if isinstance(entry, dict):
            name = b.declare_player(entry.get("name"), where)
            if "rating" in entry:
                ratings[name] = number(entry["rating"], file, where + ".rating")
            if "win_probability" in entry:
                p = number(entry["win_probability"], file, where + ".win_probability")
                if not 0.0 <= p <= 1.0:
                    raise InputError(file, where, f"win_probability {p} is not between 0 and 1")
                probs[name] = p
            if "byes" in entry:
                byes[name] = check_count(parse_int(entry["byes"], file, where + ".byes", "byes"), file,
                                         where + ".byes", "byes", low=0)
        else:
            b.declare_player(entry, where)
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise InputError(file, None, "no 'rounds' list", "a native JSON event needs a 'rounds' list")
    last = 0
    for i, rnd in enumerate(rounds):
        where = f"rounds[{i}]"
        if not isinstance(rnd, dict) or not isinstance(rnd.get("matches"), list):
            raise InputError(file, where, "a round must be an object with a 'matches' list")
        number_ = parse_int(rnd.get("round", i + 1), file, where + ".round", "round")
        if number_ <= last:
            raise InputError(file, where, f"round {number_} comes after round {last}",
                             "list rounds in increasing order, each once")
        last = number_
        for j, m in enumerate(rnd["matches"]):
            b.add_match(parse_match(m, number_, file, f"round {number_}, match {j + 1}"))
    drops = data.get("drops", {})
    if not isinstance(drops, dict):
        raise InputError(file, "drops", "must map player names to the last round they played")
    for player, after in drops.items():
        b.add_drop(player, parse_int(after, file, f"drops[{player!r}]", "drop round"), f"drops[{player!r}]")
    swiss = data.get("swiss_rounds")
    name = data.get("name") or file.rsplit("/", 1)[-1]
    if swiss is not None:
        swiss = check_count(parse_int(swiss, file, "swiss_rounds", "swiss_rounds"), file, "swiss_rounds",
                            "swiss_rounds")
    return b.build(
        str(name), date=check_text(data.get("date"), file, "date"), ratings=ratings,
        win_probability=probs, awarded_byes=byes, swiss_rounds=swiss,
        standings=parse_standings(data.get("standings"), file),
        rules=check_text(data.get("rules"), file, "rules"),
    )


def number(value: object, file: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(file, where, f"must be a number, not {value!r}")
    try:
        out = float(value)
    except OverflowError:
        out = math.inf
    if not math.isfinite(out):
        raise InputError(file, where, f"must be a finite number, not {value!r}")
    return out


def parse_match(m: object, rnd: int, file: str, where: str) -> Match:
    if not isinstance(m, dict):
        raise InputError(file, where, "a match must be an object like {\"a\": ..., \"b\": ..., \"score\": [2, 1, 0]}")
    unknown = set(m) - MATCH_KEYS
    if unknown:
        raise InputError(file, where, f"unknown key(s) {', '.join(sorted(map(repr, unknown)))}",
                         f"known keys: {', '.join(sorted(MATCH_KEYS))}")
    kind = m.get("kind", MATCH)
    score = m.get("score")
    values: list[int | None] = [None, None, None]
    if score is not None:
        if isinstance(score, str):
            parts = score.split("-")
        elif isinstance(score, list):
            parts = score
        else:
            raise InputError(file, where, f"score must be [wins A, wins B, draws] or \"2-1-0\", not {score!r}")
        if len(parts) not in (2, 3):
            raise InputError(file, where, f"score {score!r} needs 2 or 3 numbers")
        values = [parse_int(p, file, where, "game count") for p in parts] + [0] * (3 - len(parts))
    return Match(rnd, m.get("a"), m.get("b"), *values, kind=kind, where=where)


def parse_standings(rows: object, file: str) -> tuple[PublishedStanding, ...] | None:
    if rows is None:
        return None
    if not isinstance(rows, list):
        raise InputError(file, "standings", "must be a list of rows")
    out = []
    for i, r in enumerate(rows):
        row = standing_row(r, file, f"standings[{i}]")
        out.append(replace(row, player=str(row.player)))
    return tuple(out)


#: The figures of a published standings row, under native JSON's keys.
STANDING_KEYS = ("rank", "player", "points", "wins", "losses", "draws", "omw", "gw", "ogw")


def standing_row(r: object, file: str, where: str, keys: tuple[str, ...] = STANDING_KEYS,
                 record: int | None = 0) -> PublishedStanding:
    """One row of published standings, its figures under ``keys`` (in :data:`STANDING_KEYS`'
    order; melee.gg's are others); a count of wins, losses or draws not given is ``record`` (None:
    each is needed).  The player as written.

    :raises InputError: for a row that is not an object, lacks a figure, or has one that is not a
        number."""
    if not isinstance(r, dict):
        raise InputError(file, where, "a standings row must be an object")
    rank, player, points, *counts, omw, gw, ogw = keys
    try:
        return PublishedStanding(
            parse_int(r[rank], file, where, rank), r[player], parse_int(r[points], file, where, points),
            *(parse_int(r[k] if record is None else r.get(k, record), file, where, k) for k in counts),
            number(r[omw], file, f"{where}.{omw}"), number(r[gw], file, f"{where}.{gw}"),
            number(r[ogw], file, f"{where}.{ogw}"))
    except KeyError as e:
        raise InputError(file, where, f"standings row lacks {e.args[0]!r}") from None


register(Format(JSON_FAMILY, "native JSON: a scorekeeper, a script, `drawsafe generate`; `--format json` reads "
                "any JSON format", read_native_json, sniff=any_json, priority=1000,
                page="[Native CSV and JSON](native.md)"))
