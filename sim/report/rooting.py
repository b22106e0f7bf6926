"""Who to root for: which other tables of the current round move one player's cut odds most.

From the main batch of a report (:mod:`drawsafe.report.data`): for every other table that plays, the
chosen player's P(cut) in the simulations where its player A won, where its player B won and where
it ended in an unintentional draw.  The size of a table's effect is the difference
P(cut | A won) - P(cut | B won); the two groups of simulations are disjoint, so its interval is
Newcombe's hybrid score interval for a difference of independent proportions (built from two
Wilson intervals; it stays sensible near 0 and 1, where the normal interval does not).

Many tables are compared at once, so some plain 95% intervals would miss zero by chance alone.
The effects' intervals are therefore simultaneous 95% intervals (Bonferroni: each at level
1 - 0.05 / number of tables compared), and a table is *clear* ("root for" named) when its interval
excludes zero: all the calls of one report together are right with 95% confidence.

Why a far-away table matters: a player's OMW% is the mean of their past opponents' match-win
percentages, so a past opponent's win raises it, and a rival's past opponent's win raises the
rival's.  Each table says which of its players the chosen player or their rivals have met.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.simulation.simulator import FirstRound, SimBatch
from drawsafe.stats import ConfidenceInterval, Proportion


@dataclass(frozen=True)
class RootingTable:
    """One other table and what its result does to the chosen player's P(cut)."""

    table: int  # 1-based
    player_a: str
    player_b: str
    a_won: Proportion
    b_won: Proportion
    drawn: Proportion
    #: P(cut | A won) - P(cut | B won), with its simultaneous 95% interval.
    effect: float
    effect_ci: ConfidenceInterval
    #: Who among the table's players met the chosen player or a rival (e.g. "P0005 played P0019").
    relation: str = ""

    @property
    def clear(self) -> bool:
        """The simultaneous 95% interval of the effect excludes zero."""
        return self.effect_ci.low > 0 or self.effect_ci.high < 0

    @property
    def root_for(self) -> str | None:
        """The player whose win helps, when the effect is clear."""
        if not self.clear:
            return None
        return self.player_a if self.effect > 0 else self.player_b


def newcombe(p1: Proportion, p2: Proportion, confidence_level: float = 0.95) -> ConfidenceInterval:
    """Interval of ``p1 - p2`` for independent proportions (Newcombe 1998, method 10)."""
    e1, e2 = p1.estimate, p2.estimate
    c1, c2 = p1.confidence_interval(confidence_level), p2.confidence_interval(confidence_level)
    d = e1 - e2
    return ConfidenceInterval(d - math.hypot(e1 - c1.low, c2.high - e2),
                              d + math.hypot(c1.high - e1, e2 - c2.low))


def relation(player: int, rivals: list[int], met: list[set[int]], a: int, b: int,
             names: tuple[str, ...]) -> str:
    """Whom of ``player`` and ``rivals`` the table's players ``a`` and ``b`` met, e.g.
    "A played P, R1; B played R2" (the chosen player first, at most three names each)."""
    parts = []
    for x in (a, b):
        whom = [q for q in [player, *rivals] if q != x and x in met[q]]
        whom = list(dict.fromkeys(whom))
        if whom:
            more = f" and {len(whom) - 3} more" if len(whom) > 3 else ""
            parts.append(f"{names[x]} played {', '.join(names[q] for q in whom[:3])}{more}")
    return "; ".join(parts)


def who_to_root_for(batch: SimBatch, column: int, player: int, fr: FirstRound, names: tuple[str, ...],
                    opp: np.ndarray | None = None, *, rivals: list[int] = ()) -> list[RootingTable]:
    """Every other table that plays (mode FREE, or BEHAVIOUR: it plays in the simulations where it
    does not draw intentionally) with both players, largest effect first.

    ``column`` is the focus column of ``player`` in ``batch``; the player's own table is left out,
    as are tables whose result is known, forced or an intentional draw.  ``opp`` (the snapshot's
    opponents, ``[players, rounds played]``) and ``rivals`` (player indices) fill each table's
    :attr:`RootingTable.relation`.
    """
    cut = batch.focus_cut[:, column].astype(bool)
    met = [set(row[row >= 0].tolist()) for row in opp] if opp is not None else None
    found = []
    for t in range(fr.tables):
        a, b = int(fr.a[t]), int(fr.b[t])
        if b < 0 or fr.mode[t] not in (engine.FREE, engine.BEHAVIOUR) or player in (a, b):
            continue
        outcome = batch.table_outcome[:, t]
        props = []
        for code in (engine.A_WON, engine.B_WON, engine.DRAWN):
            mask = outcome == code
            props.append(Proportion(int(np.count_nonzero(cut & mask)), int(np.count_nonzero(mask))))
        if props[0].n and props[1].n:
            found.append((t, a, b, props))
    level = 1 - 0.05 / max(1, len(found))
    out = []
    for t, a, b, (a_won, b_won, drawn) in found:
        why = relation(player, list(rivals), met, a, b, names) if met is not None else ""
        out.append(RootingTable(t + 1, names[a], names[b], a_won, b_won, drawn,
                                a_won.estimate - b_won.estimate, newcombe(a_won, b_won, level), why))
    out.sort(key=lambda r: (-abs(r.effect), r.table))
    return out
