"""The cut: who goes on, after the Swiss (the top cut) or after a phase of it (a day-2 cut).

One value, :class:`Cut`, for every cut drawsafe knows: the first ``top`` of the standings (Top 8),
everyone on at least ``points`` points (a day 2 at 19 points), and a phase's cut
(:class:`~drawsafe.event.model.Phase`).  :meth:`EventContext.cut
<drawsafe.app.context.EventContext.cut>` works out the cut of a question once (``--top``,
``--top auto``, ``--cut-points``, the file's day-1 cut) and passes it down; its words are
:meth:`Cut.label`'s (a name), :meth:`Cut.noun`'s (in a sentence),
:meth:`Cut.within`'s and :meth:`Cut.last_in`'s, everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Cut:
    """Who makes it: everyone on at least ``points`` points, however many they are, else the first
    ``top`` of the standings (neither: everyone still playing, a phase that ends without a cut).
    With ``points`` a final cut keeps its ``top`` for what is counted by rank (the kernels' plan);
    a phase's points cut has none.  ``note`` says how the cut was chosen, for the user (not part
    of the cut: two cuts with other notes are equal)."""

    top: int | None = None
    points: float | None = None
    note: str | None = field(default=None, compare=False)

    def label(self, sentence: bool = False, day2: str | None = None) -> str:
        """The cut in words: "Top 8" or "19+ points"; ``sentence``: as a sentence says it ("the
        first 64", "everyone on 19+ points", "everyone still playing"); ``day2``: reached through
        day 2 (the ``--day2`` spelling), "Top 8 through day 2 (19:5)"."""
        if self.points is not None:
            text = f"everyone on {self.points:g}+ points" if sentence else f"{self.points:g}+ points"
        elif self.top is None:
            text = "everyone still playing"
        else:
            text = f"the first {self.top}" if sentence else f"Top {self.top}"
        return f"{text} through day 2 ({day2})" if day2 else text

    def noun(self, day2: str | None = None, article: bool = True) -> str:
        """The cut as a sentence's noun phrase, after "making", "clinched", "the odds of": "the Top
        8", "the cut at 19+ points", "the cut (everyone still playing)"; ``day2`` as in
        :meth:`label`; without ``article`` for a line of facts ("Top 8", "cut at 19+ points").
        :meth:`label` alone is no noun: "making the 19+ points" says nothing."""
        if self.points is not None:
            text = f"cut at {self.points:g}+ points"
        elif self.top is None:
            text = "cut (everyone still playing)"
        else:
            text = f"Top {self.top}"
        if article:
            text = "the " + text
        return f"{text} through day 2 ({day2})" if day2 else text

    def within(self) -> str:
        """Where a player who makes the cut finishes, for "finish ..." and "P(finishing ...)":
        "in the Top 8", "on 19+ points", "still playing"."""
        if self.points is not None:
            return f"on {self.points:g}+ points"
        return "still playing" if self.top is None else f"in the Top {self.top}"

    def last_in(self) -> str:
        """Who sets the cut line: "the last player in the Top 8", "the last player on 19+ points"."""
        return f"the last player {self.within()}"

    def last_in_short(self) -> str:
        """The cut line's player in a figure's label: "8th player" for a Top 8, "last qualifier"
        for a points cut (its rank varies)."""
        if self.points is not None or self.top is None:
            return "last qualifier"
        n = self.top
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix} player"

    def __str__(self) -> str:
        """The cut in words (:meth:`label`), as a report or a page names it."""
        return self.label()

    def sized(self, top: int) -> Cut:
        """This cut with a size: a cut by rank keeps its own, a phase's points cut takes ``top``."""
        return replace(self, top=top) if self.top is None else self

    def kernel_points(self, point_scale: int = 1) -> int:
        """The points cut in the kernels' integer points, the least total that reaches it (19; 4.5
        in chess, whose scale is 2); -1 without a points cut."""
        if self.points is None:
            return -1
        return math.ceil(self.points * point_scale - 1e-9)

    def made(self, standings: Iterable[tuple[str, float]]) -> set[str]:
        """The players who make this cut, from ``standings``: (player, points) of everyone still
        playing, best first (a cut by rank keeps the first ``top``, exact ties in that order)."""
        kept, placed = set(), 0
        for player, points in standings:
            if self.points is not None:
                if points >= self.points - 1e-9:
                    kept.add(player)
            elif self.top is None or placed < self.top:
                kept.add(player)
                placed += 1
        return kept
