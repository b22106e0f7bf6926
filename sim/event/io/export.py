"""Writing events in the native JSON format (generated events, the embedded sample)."""

from __future__ import annotations

import json
from dataclasses import replace

from drawsafe.event.model import MATCH, Event, Match, Round


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
    with open(path, "w", encoding="utf-8") as f:
        json.dump(to_native_dict(event), f, ensure_ascii=False, indent=1)
        f.write("\n")


def cut_before(event: Event, round_number: int) -> Event:
    """The event as it stood when round ``round_number`` was paired: results of the rounds before
    it, the pairings of that round without results, nothing after (no playoff, no standings)."""
    rounds = []
    for r in event.swiss:
        if r.number < round_number:
            rounds.append(r)
        elif r.number == round_number:
            rounds.append(Round(r.number, tuple(
                replace(m, a_wins=None, b_wins=None, draws=None) if m.kind == MATCH else m
                for m in r.matches), r.name))
    return replace(event, rounds=tuple(rounds), standings=None, precision=None)
