"""Playing one simulated round's tables: results drawn, written into the arrays and records.

:func:`play_tables` is the whole round in one loop: numba counts references to arrays atomically,
and a kernel call passing arrays per table costs more than the table's own work (figures:
benchmarks/NOTES.md).  Small helpers without branches (:func:`drawsafe.engine.results.win_probability`,
:func:`write_played`) are inlined by LLVM and cost nothing.  What it computes, table by table, is
exactly :func:`drawsafe.engine.results.play_match` (the same random draw, the same score),
:func:`drawsafe.tiebreaks.values.add_round` for both players, and the points update.

Table modes and outcome codes: :mod:`drawsafe.engine.codes` (``FREE`` ... ``BEHAVIOUR``,
``A_WON`` ...).
"""

from __future__ import annotations

import numpy as np

from drawsafe.engine.codes import (
    A_WON,
    B_WON,
    BEHAVIOUR,
    DRAWN,
    FORCE_A,
    FORCE_B,
    FREE,
    ID,
    INTENTIONAL,
    KNOWN,
)
from drawsafe.engine.results import LOW32, S32, TWO_POW_M32, win_probability
from drawsafe.event import kinds
from drawsafe.jit import kernel
from drawsafe.rng import GOLDEN, ONE, S11, TWO_POW_M53, mix64
from drawsafe.tiebreaks.values import (
    REC_GAMES,
    REC_GPOINTS,
    REC_POINTS,
    REC_ROUNDS,
    played_points,
    round_points,
)

TABLE_BASE = np.uint64(1) << np.uint64(24)
TABLE_STRIDE = np.uint64(8)
#: Offset of a table's "does it draw intentionally" draw (mode ``BEHAVIOUR``, the behaviour future
#: policy) within its slot: the result's draw is at offset 1, so a table's result is the same
#: whether it was chosen to play by this draw or played as ``FREE`` (common random numbers).
CHOICE_DRAW = np.uint64(2)


@kernel
def draws_intentionally(key, round_base, t, p):
    """Table ``t`` of the round at ``round_base`` draws intentionally with probability ``p``: the
    stream ``key``'s draw number ``round_base + TABLE_BASE + t * TABLE_STRIDE + CHOICE_DRAW``.

    ``key`` uint64 the simulation's stream key (:mod:`drawsafe.rng`); ``round_base`` uint64 the
    round's first draw number; ``t`` int64 the table; ``p`` float64 the probability."""
    x = mix64(key + (round_base + TABLE_BASE + np.uint64(t) * TABLE_STRIDE + CHOICE_DRAW) * GOLDEN)
    return np.float64(x >> S11) * TWO_POW_M53 < p


@kernel
def play_tables(r, m, modes, fscore, draw_p, intentional, outcome, key, round_base, work, points_table, match):
    """Play the ``m`` tables ``work.pa[t]`` v ``work.pb[t]`` of round ``r`` (``pb[t] == -1`` a bye,
    below -1 a loss without opponent) into ``work`` (:class:`drawsafe.engine.inputs.Work`), results
    drawn from the :class:`~drawsafe.engine.inputs.MatchModel` ``match``.

    ``modes[t]`` is table ``t``'s mode for ``t < modes.shape[0]`` (``FREE`` beyond), ``fscore[t]``
    the reported score of a ``KNOWN`` table, ``draw_p[t]`` the probability that a ``BEHAVIOUR``
    table draws intentionally (else it plays as ``FREE``; :func:`draws_intentionally`),
    ``intentional[t]`` true for a table that draws intentionally (the future draw policies).  Table ``t``'s single random draw is the stream ``key``'s
    draw number ``round_base + TABLE_BASE + t * TABLE_STRIDE + 1``.  ``outcome[t]`` gets the outcome
    code of tables ``t < outcome.shape[0]``.

    Parameters: ``r`` int64 the round (0-based); ``m`` int64 the tables; ``modes`` int64[<= m]
    the first tables' modes (empty: all ``FREE``); ``fscore`` int64[tables, 3] the reported
    scores; ``draw_p`` float64[tables] the ``BEHAVIOUR`` probabilities; ``intentional``
    bool[>= m]; ``outcome`` int8[<= m] written; ``key`` uint64 the simulation's stream key and
    ``round_base`` uint64 the round's first draw number; ``work`` a Work bundle, updated;
    ``points_table`` int64[N_POINTS] (:mod:`drawsafe.tiebreaks.values`); ``match`` a MatchModel
    bundle.
    """
    pa, pb, opp, kind, gw, gl, gd = work.pa, work.pb, work.opp, work.kind, work.gw, work.gl, work.gd
    rec, points, had_bye = work.rec, work.points, work.had_bye
    model, strength, draw_share, bye_games = match.model, match.strength, match.draw_share, match.bye_games
    dcum, dsc, wcum, wsc = match.decided_cum, match.decided_scores, match.drawn_cum, match.drawn_scores
    # First every table's score (a chain of dependent steps from the random draw to the games,
    # independent between tables), then the writes: apart, the CPU overlaps many tables' chains.
    scores = np.empty((m, 3), dtype=np.int64)
    is_id = np.zeros(m, dtype=np.bool_)
    for t in range(m):
        a = pa[t]
        b = pb[t]
        if b < 0:
            continue
        mode = modes[t] if t < modes.shape[0] else FREE
        if mode == BEHAVIOUR:
            mode = INTENTIONAL if draws_intentionally(key, round_base, t, draw_p[t]) else FREE
        if intentional[t]:
            mode = INTENTIONAL
        is_id[t] = mode == INTENTIONAL
        if mode == KNOWN:
            sa = np.int64(fscore[t, 0])
            sb = np.int64(fscore[t, 1])
            sd = np.int64(fscore[t, 2])
        elif mode == INTENTIONAL:
            sa = 0
            sb = 0
            sd = 3
        else:
            # drawsafe.engine.results.play_match, written out: one draw, two 32-bit uniforms
            x = mix64(key + (round_base + TABLE_BASE + np.uint64(t) * TABLE_STRIDE + ONE) * GOLDEN)
            u = np.float64(np.int64(x >> S32)) * TWO_POW_M32  # via int64: one instruction
            v = np.float64(np.int64(x & LOW32)) * TWO_POW_M32
            share = draw_share if mode == FREE else 0.0
            if u < share:
                k = 0
                while k < wcum.shape[0] - 1 and v >= wcum[k]:
                    k += 1
                sa = np.int64(wsc[k, 0])
                sb = np.int64(wsc[k, 1])
                sd = np.int64(wsc[k, 2])
            else:
                if mode == FORCE_A:
                    p_a = 1.0
                elif mode == FORCE_B:
                    p_a = 0.0
                else:
                    p_a = win_probability(model, strength, a, b)
                # the first cumulative probability above v, without a branch per entry
                k = 0
                for i in range(dcum.shape[0] - 1):
                    k += np.int64(v >= dcum[i])
                w = np.int64(dsc[k, 0])
                lo = np.int64(dsc[k, 1])
                aw = np.int64((u - share) < p_a * (1.0 - share))
                sa = lo + (w - lo) * aw
                sb = w + lo - sa
                sd = np.int64(dsc[k, 2])
        scores[t, 0] = sa
        scores[t, 1] = sb
        scores[t, 2] = sd
    for t in range(m):
        a = pa[t]
        b = pb[t]
        if b < 0:  # -1 a bye, -2 a loss without opponent, -3 a half-point bye (chess)
            games = bye_games if b == -1 else 0
            k = kinds.BYE if b == -1 else (kinds.HALF_BYE if b == -3 else kinds.LOSS_NO_OPPONENT)
            opp[a, r] = -1
            kind[a, r] = k
            gw[a, r] = games
            gl[a, r] = 0
            gd[a, r] = 0
            rec[a, REC_ROUNDS] += 1
            rec[a, REC_GPOINTS] += 3 * games
            rec[a, REC_GAMES] += games
            gain = round_points(points_table, k, games, 0, 0)
            rec[a, REC_POINTS] += gain
            points[a] += gain
            if b == -1:
                had_bye[a] = True
            continue
        sa = scores[t, 0]
        sb = scores[t, 1]
        sd = scores[t, 2]
        # LOSS, DRAW, WIN = 0, 1, 2 from A's side
        res = kinds.DRAW + np.int64(sa > sb) - np.int64(sa < sb)
        gain_a = played_points(points_table, sa, sb, sd)
        gain_b = played_points(points_table, sb, sa, sd)
        rec[a, REC_ROUNDS] += 1
        rec[b, REC_ROUNDS] += 1
        rec[a, REC_POINTS] += gain_a
        rec[b, REC_POINTS] += gain_b
        rec[a, REC_GPOINTS] += 3 * sa + sd
        rec[b, REC_GPOINTS] += 3 * sb + sd
        rec[a, REC_GAMES] += sa + sb + sd
        rec[b, REC_GAMES] += sa + sb + sd
        points[a] += gain_a
        points[b] += gain_b
        write_played(opp, kind, gw, gl, gd, r, a, b, sa, sb, sd)
        if t < outcome.shape[0]:
            if is_id[t]:
                outcome[t] = ID
            else:
                outcome[t] = A_WON + (B_WON - A_WON) * np.int64(res == kinds.LOSS) \
                    + (DRAWN - A_WON) * np.int64(res == kinds.DRAW)


@kernel
def write_played(opp, kind, gw, gl, gd, r, a, b, sa, sb, sd):
    """Round ``r``'s cells of a played match ``a`` v ``b`` (games ``sa``-``sb``-``sd`` from a's side).
    Straight-line code: LLVM inlines it, so the call costs nothing (unlike calls in loops with
    branches).

    ``opp`` int32[n, rounds] and ``kind``, ``gw``, ``gl``, ``gd`` int8[n, rounds] the rounds,
    written; ``r`` int64 the round; ``a``, ``b`` int64 the players' rows; ``sa``, ``sb``, ``sd``
    int64 the games won by a, won by b, drawn."""
    opp[a, r] = b
    opp[b, r] = a
    kind[a, r] = kinds.PLAYED
    kind[b, r] = kinds.PLAYED
    gw[a, r] = sa
    gl[a, r] = sb
    gd[a, r] = sd
    gw[b, r] = sb
    gl[b, r] = sa
    gd[b, r] = sd
