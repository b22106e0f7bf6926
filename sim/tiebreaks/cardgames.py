"""Tiebreaks of the other Swiss card games (Netrunner, One Piece, Digimon, Yu-Gi-Oh!, Flesh and
Blood, Lorcana and Riftbound).

Each is a short loop over the same per-round arrays as the Magic tiebreaks
(:mod:`drawsafe.tiebreaks.values`), fed the players' summed records ``rec`` (points, rounds competed,
game points, games), so a new game's pack adds codes to the one compiled engine, never a kernel of
its own.  ``opp``, ``kind``, ``gw``, ``gl``, ``gd`` are int[n, rounds] (:mod:`drawsafe.event.snapshot`),
``nr`` the rounds read, ``points_table`` the pack's int64 points table
(:data:`drawsafe.tiebreaks.values.N_POINTS` slots), ``out`` float64[n, >= k] and ``k`` the column
written.  An opponent is one met in a played match or a double loss (``faced``); byes never count.

``SOS``   strength of schedule as cobra computes it (Netrunner; cobra ``SosCalculator``): the mean
          over the opponents (a repeated opponent once per meeting) of opponent points / rounds
          the opponent competed (byes included); no floor; 0 without opponents.
``ESOS``  extended SOS: the mean over the same opponents of their SOS.
``WR``    own match-win rate with byes left out (One Piece, Digimon): points from rounds other
          than byes / (win points x those rounds), at least 1/3 (1/3 without such rounds).
``OWR``   mean of the opponents' ``WR``.
``OOMW``  mean of the opponents' OMW% (Yu-Gi-Oh!'s opponents' opponents' match-win %), from the
          OMW% column :mod:`drawsafe.tiebreaks.values` computes.
``MLP``   match-loss % with byes left out (Flesh and Blood), lower is better: stored negated so
          that higher ranks first, shown positive (``Tiebreak.lower_better``).
``OMLP``  mean of the opponents' match-loss %, lower is better, stored negated; 0 without opponents.
``OPTS``  mean of the opponents' points (Flesh and Blood's opponents' cumulative match points).
``OMW33`` Magic's OMW% with each opponent's match-win % floored at 0.33 rather than 1/3 (Play
          Hub's Carde.io: a real Lorcana standings page reproduces at 8 decimals with 0.33 only).

Kernels name the parameters above "as in the module text"; ``rec`` is int64[n, 4]
(:data:`drawsafe.tiebreaks.values.REC_POINTS` ...), ``opp`` int32 and ``kind``, ``gw``, ``gl``,
``gd`` int8 (a snapshot's dtypes), ``nr`` and ``k`` int64.
"""

from __future__ import annotations

import numpy as np

from drawsafe.event import kinds
from drawsafe.jit import kernel

FIRST = 50
SOS = 50
ESOS = 51
WR = 52
OWR = 53
OOMW = 54
MLP = 55
OMLP = 56
OPTS = 57
OMW33 = 58
LAST = 58

FLOOR = 1.0 / 3.0
#: Carde.io's floor of a match-win rate, written 0.33 and computed so.
FLOOR_033 = 0.33
#: Columns of ``rec`` (as :mod:`drawsafe.tiebreaks.values`; repeated to keep this module free of it).
REC_POINTS, REC_ROUNDS = 0, 1


@kernel
def met(k):
    """The round counts its opponent (a played match or a double loss).

    ``k`` int a round's kind (:mod:`drawsafe.event.kinds`)."""
    return k == kinds.PLAYED or k == kinds.DOUBLE_LOSS


@kernel
def counted(k):
    """The round is in the player's own rate with byes left out (a round competed, not a bye).

    ``k`` int a round's kind (:mod:`drawsafe.event.kinds`)."""
    return k != kinds.ABSENT and k != kinds.NO_RESULT and k != kinds.BYE and k != kinds.HALF_BYE


@kernel
def schedule_strength(rec, opp, kind, nr, sos):
    """``sos[p]``: cobra's SOS of every player.

    ``rec``, ``opp``, ``kind``, ``nr``: as in the module text; ``sos`` float64[n] written."""
    for p in range(opp.shape[0]):
        total = 0.0
        count = 0
        for r in range(nr):
            if met(kind[p, r]):
                o = opp[p, r]
                if rec[o, REC_ROUNDS] > 0:
                    total += rec[o, REC_POINTS] / rec[o, REC_ROUNDS]
                count += 1
        sos[p] = total / count if count > 0 else 0.0


@kernel
def opponents_average(values, opp, kind, nr, empty, out, k):
    """``out[p, k]``: the mean of ``values`` over player ``p``'s opponents (``empty`` without any).

    ``opp``, ``kind``, ``nr``, ``out``, ``k``: as in the module text; ``values`` float64[n] a value
    per player; ``empty`` float64 the value without opponents."""
    for p in range(opp.shape[0]):
        total = 0.0
        count = 0
        for r in range(nr):
            if met(kind[p, r]):
                total += values[opp[p, r]]
                count += 1
        out[p, k] = total / count if count > 0 else empty


@kernel
def own_rates(kind, gw, gl, gd, nr, points_table, wr, mlp):
    """``wr[p]``: points / (win points x rounds) and ``mlp[p]``: losses / rounds, over the rounds
    other than byes (``WR`` floored at 1/3; ``MLP`` 0 without such rounds).

    ``kind``, ``gw``, ``gl``, ``gd``, ``nr``, ``points_table``: as in the module text; ``wr``,
    ``mlp`` float64[n] written."""
    win = points_table[kinds.WIN]
    for p in range(kind.shape[0]):
        pts = 0
        rounds = 0
        losses = 0
        for r in range(nr):
            k = kind[p, r]
            if not counted(k):
                continue
            rounds += 1
            a, b = gw[p, r], gl[p, r]
            if k == kinds.PLAYED:
                if a > b:
                    pts += points_table[kinds.WIN]
                elif a < b:
                    pts += points_table[kinds.LOSS]
                    losses += 1
                else:
                    pts += points_table[kinds.DRAW]
            elif k == kinds.FORFEIT_WIN:
                pts += points_table[kinds.WIN]
            else:  # a loss without opponent, a forfeit loss, a double loss
                pts += points_table[kinds.LOSS]
                losses += 1
        wr[p] = max(FLOOR, pts / (win * rounds)) if rounds > 0 and win > 0 else FLOOR
        mlp[p] = losses / rounds if rounds > 0 else 0.0


@kernel
def cardgame_column(code, k, rec, opp, kind, gw, gl, gd, nr, points_table, omw, out):
    """Column ``k`` of ``out`` for one of this module's codes (``omw``: the OMW% column, read by
    ``OOMW`` only).

    ``code`` int64 one of this module's codes; ``k``, ``rec``, ``opp``, ``kind``, ``gw``, ``gl``,
    ``gd``, ``nr``, ``points_table``, ``out``: as in the module text; ``omw`` float64[n] (empty
    when no code needs it)."""
    n = opp.shape[0]
    tmp = np.empty(n)
    if code == SOS or code == ESOS:
        schedule_strength(rec, opp, kind, nr, tmp)
        if code == SOS:
            for p in range(n):
                out[p, k] = tmp[p]
            return
        opponents_average(tmp, opp, kind, nr, 0.0, out, k)
    elif code == WR or code == OWR or code == MLP or code == OMLP:
        wr = np.empty(n)
        own_rates(kind, gw, gl, gd, nr, points_table, wr, tmp)
        if code == WR:
            for p in range(n):
                out[p, k] = wr[p]
        elif code == MLP:
            for p in range(n):
                out[p, k] = -tmp[p]
        elif code == OWR:
            opponents_average(wr, opp, kind, nr, FLOOR, out, k)
        else:
            opponents_average(tmp, opp, kind, nr, 0.0, out, k)
            for p in range(n):
                out[p, k] = -out[p, k]
    elif code == OOMW:
        opponents_average(omw, opp, kind, nr, FLOOR, out, k)
    elif code == OMW33:
        win = points_table[kinds.WIN]
        mw = np.empty(n)
        for p in range(n):
            rounds = rec[p, REC_ROUNDS]
            mw[p] = max(FLOOR_033, rec[p, REC_POINTS] / (win * rounds)) if rounds > 0 and win > 0 else FLOOR_033
        opponents_average(mw, opp, kind, nr, FLOOR_033, out, k)
    elif code == OPTS:
        pts = np.empty(n)
        for p in range(n):
            pts[p] = rec[p, REC_POINTS]
        opponents_average(pts, opp, kind, nr, 0.0, out, k)
    else:
        raise ValueError("unknown card-game tiebreak code")
