"""An event's structure before it starts: day 1, an optional day 2 and the final cut.

A :class:`Structure` is what ``drawsafe field`` plans (``--rounds``, ``--day2 POINTS:ROUNDS`` or
``--day2-top N``, ``--top`` / ``--cut-points``), and what the drop model reads to tell which
players can still reach the next cut (:func:`Structure.line`): the points of the last player
through, estimated from the distribution of points of a field of equal players (a quick dynamic
programme, no simulation).  Points are the kernel's (the pack's points table).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from drawsafe.errors import UsageError

#: The prize line's place, as a share of the last phase's field.
PRIZE_SHARE = 0.25


@dataclass(frozen=True)
class Structure:
    """``players`` entrants; ``day1`` Swiss rounds, then (``day2 > 0``) the players on at least
    ``day2_points`` points (or the best ``day2_top`` by the day-1 standings) play ``day2`` more
    Swiss rounds; then the cut: the ``top`` best, or everyone on ``cut_points`` or more."""

    players: int
    day1: int
    day2: int = 0
    day2_points: int | None = None
    day2_top: int | None = None
    top: int = 8
    cut_points: int | None = None

    def __post_init__(self):
        if self.day2 < 0:
            raise UsageError("--day2: the rounds of day 2 must be at least 0")
        if self.day2 and (self.day2_points is None) == (self.day2_top is None):
            raise UsageError("--day2 needs either its POINTS (--day2 POINTS:ROUNDS) or --day2-top N, not both")
        if self.day2_top is not None and self.day2_top < 2:
            raise UsageError("--day2-top must be at least 2")

    @property
    def total(self) -> int:
        return self.day1 + self.day2

    @property
    def has_day2(self) -> bool:
        return self.day2 > 0

    def points_distribution(self, rounds: int, p_draw: float, points: tuple[int, int, int],
                            start: np.ndarray | None = None) -> np.ndarray:
        """``dist[v]``: expected players on ``v`` points after ``rounds`` more rounds between equal
        players (each match drawn with ``p_draw``, else a coin toss), from ``start`` (default: every
        entrant on 0)."""
        loss, draw, win = points
        if start is None:
            start = np.zeros(1)
            start[0] = self.players
        dist = np.asarray(start, dtype=float)
        for _ in range(rounds):
            nxt = np.zeros(len(dist) + win)
            for v, mass in enumerate(dist):
                if mass:
                    nxt[v + win] += mass * (1 - p_draw) / 2
                    nxt[v + draw] += mass * p_draw
                    nxt[v + loss] += mass * (1 - p_draw) / 2
            dist = nxt
        return dist

    def lines(self, p_draw: float, points: tuple[int, int, int]) -> tuple[int | None, int, int]:
        """(the day-2 line, the final line, the prize line): the points of the last player through
        each cut in a field of equal players, ``None`` without a day 2 (a points cut is its own
        line); the prize line is the final standings' place :data:`PRIZE_SHARE` of the way down the
        last phase's field (at least the cut's: big events pay far past their Top 8)."""
        after1 = self.points_distribution(self.day1, p_draw, points)
        day2_line = None
        final_start = after1
        if self.has_day2:
            if self.day2_points is not None:
                day2_line = int(self.day2_points)
            else:
                day2_line = top_line(after1, self.day2_top)
            final_start = after1.copy()
            final_start[:day2_line] = 0.0
            if self.day2_points is None:  # the rank cut keeps about day2_top of the line's group
                over = final_start[day2_line + 1:].sum()
                keep = max(self.day2_top - over, 0.0)
                if final_start[day2_line] > 0:
                    final_start[day2_line] = min(final_start[day2_line], keep)
            final = self.points_distribution(self.day2, p_draw, points, final_start)
        else:
            final = after1
        final_line = int(self.cut_points) if self.cut_points is not None else top_line(final, self.top)
        prize_line = min(final_line, top_line(final, max(self.top, PRIZE_SHARE * final.sum())))
        return day2_line, final_line, prize_line


def top_line(dist: np.ndarray, top: int) -> int:
    """The points of the ``top``-th best player of a field whose expected count on each points total
    is ``dist`` (the highest total whose players and those above number at least ``top``; 0 when
    the field is smaller)."""
    above = 0.0
    for v in range(len(dist) - 1, -1, -1):
        above += dist[v]
        if above >= top:
            return v
    return 0
