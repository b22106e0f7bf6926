"""Published final places (TOM's ``<standings>``, Limitless's ``placing``) against drawsafe's standings.

A Pokémon event's final places are the top cut's places from its single-elimination rounds, then
everyone else in Swiss standings order.  So a published place agrees with drawsafe when: for a
player outside the top cut, it equals their rank in drawsafe's final Swiss standings (players
exactly tied on points and every tiebreak may come in either order: any rank of their tie group
agrees); for a top-cut player, the place is within the cut exactly when their Swiss rank is.
"""

from __future__ import annotations

from dataclasses import dataclass

from drawsafe.event.model import Event
from drawsafe.standings.table import Standings


@dataclass(frozen=True)
class PlacesCheck:
    """How many published places agree with the standings, and the first few that do not."""

    compared: int
    agree: int
    cut: int
    #: (player, published place, drawsafe's Swiss rank) of disagreements, at most 20.
    differences: tuple[tuple[str, int, int], ...]

    def summary(self) -> str:
        text = f"{self.agree} of {self.compared} published final places agree with these standings"
        if self.cut:
            text += f" (top cut of {self.cut} compared as a group)"
        if self.differences:
            text += "; first differences: " + ", ".join(
                f"{p} published {pub}, here {ours}" for p, pub, ours in self.differences[:5])
        return text


def compare_places(event: Event, standings: Standings) -> PlacesCheck | None:
    """Compare ``event.places`` with ``standings`` (the final Swiss standings); ``None`` when the
    file publishes no places."""
    if not event.places:
        return None
    rows = standings.rows
    rank = {r.player: i + 1 for i, r in enumerate(rows)}
    # the tie group of each row: the first and last rank of its run of exact ties
    span: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1].tied and rows[j].tied and same_keys(rows[j], rows[j + 1]):
            j += 1
        for k in range(i, j + 1):
            span[rows[k].player] = (i + 1, j + 1)
        i = j + 1
    cut = event.top_cut or 0
    if not cut and event.playoff:
        cut = 2 * len(event.playoff[0].matches)
    compared = agree = 0
    diffs = []
    for player, place in event.places.items():
        if player not in rank:
            continue
        compared += 1
        lo, hi = span[player]
        if cut and (place <= cut or lo <= cut):
            ok = (place <= cut) == (lo <= cut)
        else:
            ok = lo <= place <= hi
        agree += ok
        if not ok and len(diffs) < 20:
            diffs.append((player, place, rank[player]))
    return PlacesCheck(compared, agree, cut, tuple(diffs))


def same_keys(a, b) -> bool:
    return a.points == b.points and a.values == b.values
