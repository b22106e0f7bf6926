"""Writing events: the native JSON format (generated events, the embedded sample), and the other
platforms' files ``drawsafe export`` writes (:func:`write_event`: the formats with a writer)."""

from __future__ import annotations

import json

from drawsafe.event.io.formats import get
from drawsafe.event.model import MATCH, Event, Match
from drawsafe.writing import write_atomic


def to_native_dict(event: Event) -> dict:
    """The native JSON object of ``event`` (see :mod:`drawsafe.event.io.native_json`)."""
    players: list = []
    for p in event.players:
        extra = {}
        if p in event.ratings:
            extra["rating"] = event.ratings[p]
        if p in event.win_probability:
            extra["win_probability"] = event.win_probability[p]
        if p in event.awarded_byes:
            extra["byes"] = event.awarded_byes[p]
        players.append({"name": p, **extra} if extra else p)
    out: dict = {"name": event.name}
    if event.date:
        out["date"] = event.date
    if event.swiss_rounds is not None:
        out["swiss_rounds"] = event.swiss_rounds
    if event.best_of != 3:
        out["best_of"] = event.best_of
    if event.rules:
        out["rules"] = event.rules
    out["players"] = players
    out["rounds"] = [{"round": r.number, "matches": [match_dict(m) for m in r.matches]} for r in event.swiss]
    if event.drops:
        out["drops"] = dict(event.drops)
    return out


def match_dict(m: Match) -> dict:
    d: dict = {"a": m.player_a}
    if m.player_b is not None:
        d["b"] = m.player_b
    if m.kind != MATCH:
        d["kind"] = m.kind
    elif m.reported:
        d["score"] = [m.a_wins, m.b_wins, m.draws]
    return d


def write_native_json(event: Event, path: str) -> None:
    """Write ``event`` to ``path`` as native JSON (replaced atomically)."""
    write_atomic(path, json.dumps(to_native_dict(event), ensure_ascii=False, indent=1) + "\n")


def write_event(event: Event, to: str, output: str, division: str | None = None,
                places: dict[str, int] | None = None) -> list[str]:
    """``event`` written to ``output`` in the format ``to`` (one with a writer: a TOM ``.tdf``
    file, the pod of ``division``, default masters; Limitless data, one JSON object or three files
    when ``output`` is a folder), with the final ``places`` when given; the files written."""
    return get(to).save(event, output, division, places)
