"""Small hand-made events shared by several test modules."""

from __future__ import annotations

import json
from dataclasses import replace

from drawsafe.event.io import parse_event


def native_event(players: str, rounds: list[list[tuple]], total: int, name: str = "tiny"):
    """A native-JSON event: tables ``(a, b, "w-l-d")``, ``(a, b)`` pending, ``(a,)`` a bye."""
    def match(t):
        if len(t) == 1:
            return {"a": t[0], "kind": "bye"}
        return {"a": t[0], "b": t[1], **({"score": t[2]} if len(t) > 2 else {})}

    data = {"name": name, "swiss_rounds": total, "players": list(players),
            "rounds": [{"round": i + 1, "matches": [match(t) for t in r]}
                       for i, r in enumerate(rounds)]}
    return parse_event(json.dumps(data).encode(), f"{name}.json")


#: Five players, D and E dropped after round 1: A (3 points) has met B; B and C (0 points) may
#: have the round-2 bye.  Drawn C, A would meet B again, so the bye goes to B every time, and A
#: meets C.  In round 3 (by standings) C is the lowest-ranked without a bye, but A has met both B
#: and C: the bye moves up to A (when A ranks above C), and B meets C.
RETRY = native_event("ABCDE", [
    [("A", "B", "2-1-0"), ("C", "D", "0-2-0"), ("E",)],
], 3, "retry")
RETRY = replace(RETRY, drops={"D": 1, "E": 1})


#: Thirteen players, four Swiss rounds; A has 3 awarded byes, B 2, C 1, D 2 but dropped after
#: round 1.  From the standings after round 1: round 2 pairs the ten active players besides A and
#: B; round 3 the eleven besides A, one of whom gets the usual bye; round 4 (the last, by
#: standings) all twelve.
AWARDED = parse_event(json.dumps({
    "name": "awarded byes", "swiss_rounds": 4,
    "players": [{"name": "A", "byes": 3}, {"name": "B", "byes": 2}, {"name": "C", "byes": 1},
                {"name": "D", "byes": 2}, "E", "F", "G", "H", "I", "J", "K", "L", "M"],
    "rounds": [{"round": 1, "matches": [
        {"a": "A", "kind": "bye"}, {"a": "B", "kind": "bye"}, {"a": "C", "kind": "bye"},
        {"a": "D", "kind": "bye"}, {"a": "E", "b": "F", "score": "2-0-0"},
        {"a": "G", "b": "H", "score": "2-1-0"}, {"a": "I", "b": "J", "score": "1-1-1"},
        {"a": "K", "b": "L", "score": "0-2-0"}, {"a": "M", "kind": "loss"}]}],
    "drops": {"D": 1}}).encode(), "awarded.json")
