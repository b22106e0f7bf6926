"""Who has something at stake at a table of the round about to be played.

:func:`locked_tables`: the tables whose both players make the cut on points after a draw, whatever
else happens (exact); :func:`stake_function`: from one first look (everyone plays; each player's odds if they win read
from the simulations they won), whether a table's players have a real stake in the cut.  Used by the
draw decisions (:mod:`drawsafe.simulation.decisions`) and by the behaviour model's table chances
(:mod:`drawsafe.simulation.behaviour`).
"""

from __future__ import annotations

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.simulation.simulator import FirstRound, SimBatch, Simulator
from drawsafe.tiebreaks.values import REC_POINTS

#: A player has a stake when winning gives at least this chance of the cut.
STAKE = 0.001
#: Simulations per scenario while the rational choices are being settled.
SETTLE_SIMS = 4_000


def locked_tables(sim: Simulator, fr: FirstRound, top: int) -> np.ndarray:
    """Tables (still to play) whose both players are guaranteed the cut on points after a draw
    (with a points cut: both reach the cut's points with the draw)."""
    points = sim.rec0[:, REC_POINTS].astype(np.int64)
    table = sim.points_table
    win, draw = int(table[2]), int(table[1])
    if sim.cut_points >= 0:
        return np.array([fr.b[t] >= 0 and fr.mode[t] == engine.FREE and points[fr.a[t]] + draw >= sim.cut_points
                         and points[fr.b[t]] + draw >= sim.cut_points for t in range(fr.tables)], dtype=bool)
    left = sim.snap.rounds_left
    best = points + win * left  # the most each player can still reach
    for t in range(fr.tables):
        if fr.mode[t] == engine.KNOWN and fr.b[t] >= 0:
            sa, sb = fr.score[t, 0], fr.score[t, 1]
            for p, res in ((fr.a[t], np.sign(sa - sb)), (fr.b[t], np.sign(sb - sa))):
                best[p] = points[p] + {1: win, 0: draw, -1: 0}[int(res)] + win * (left - 1)
    active = sim.active
    reach = np.sort(best[active])  # what every active player can still reach
    out = np.zeros(fr.tables, dtype=bool)
    for t in range(fr.tables):
        a, b = fr.a[t], fr.b[t]
        if b < 0 or fr.mode[t] != engine.FREE:
            continue
        ok = True
        for x, o in ((a, b), (b, a)):
            floor = points[x] + draw  # draw now, lose every later round
            threats = len(reach) - np.searchsorted(reach, floor, side="left")  # best >= floor
            threats -= int(active[x] and best[x] >= floor) + int(active[o] and best[o] >= floor)
            threats += int(active[o] and points[o] + draw + win * (left - 1) >= floor)
            ok = ok and threats < top
        out[t] = ok
    return out


class StakeOf:
    """``stake_of(t)``: table ``t`` has a real stake, from one first look of ``sims`` simulations
    with everyone playing (``look``, counting every player's cut by their result in the round)."""

    def __init__(self, look: SimBatch, fr: FirstRound):
        self.look, self.fr = look, fr

    def __call__(self, t: int) -> bool:
        return stake(self.look, self.fr, t)


def stake_function(sim: Simulator, fr: FirstRound, seed: int, sims: int = SETTLE_SIMS) -> StakeOf:
    """Who has a stake: a first look with everyone playing, each player's odds if they win read
    from the simulations in which they won (one run for every table)."""
    return StakeOf(sim.run(sims, seed=seed, first_round=fr, by_first=True, ranks=False), fr)


def stake(look: SimBatch, fr: FirstRound, t: int) -> bool:
    """A player of table ``t`` has a real stake: they made the cut in some first-look simulation, or
    winning gives them at least :data:`STAKE` (``look.by_first``: cut counts by their result)."""
    a, b = fr.a[t], fr.b[t]
    if look.cut[a] > 0 or look.cut[b] > 0:
        return True
    wins = look.by_first[[a, b], 2]  # [player, (simulations won, of them in the cut)]
    return bool(np.any((wins[:, 1] > 0) & (wins[:, 1] >= STAKE * wins[:, 0])))
