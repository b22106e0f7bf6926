"""Standings order by refining ties: each tiebreak is computed only for players still tied.

Ranking by (points, tiebreak 1, tiebreak 2, ...) is the same as: sort by points; inside each
group of equal points sort by tiebreak 1; inside each run still equal, by tiebreak 2; and so on,
exact ties last of all by a random key.  Working run by run means a tiebreak is computed only for
players who are still tied when it is reached (OGW% is rarely needed), and the final standings of a
simulation need only be exact down to the rank that matters (``need``): runs that start below it
are left in point order.  A complete order of a field where most players share their points (the
last round's pairing by standings) starts with one radix sort of everyone by (points, first
tiebreak) instead (:mod:`drawsafe.standings.sorting`).  :func:`refined_order` gives exactly the
order of a comparator sort on the full keys for every run it sorts
(``tests/standings/test_order.py`` pins this).

Parameters the kernels share (each kernel names those it takes, "as in the module text"):
``rec``, ``opp``, ``kind``, ``nr``, ``dedupe`` as in :mod:`drawsafe.tiebreaks.values` (``rec``
int64[n, 4], ``opp`` int32[n, rounds], ``kind`` int8[n, rounds], ``nr`` int64, ``dedupe`` bool);
``mw``, ``gwp`` float64[n] the players' MW% and GW%
(:func:`drawsafe.tiebreaks.values.win_percentages`); ``order`` int64[m] player rows in standings
order so far, and ``run_lo``, ``run_hi`` int64[>= runs] the runs of tied positions (``runs``
int64 of them); ``members`` int64[m] the player rows ranked; ``p`` int64 a player's row.
"""

from __future__ import annotations

import numpy as np
from numba import types
from numba.extending import overload

from drawsafe.event import kinds
from drawsafe.jit import borrowed, inline_kernel, keep_alive, kernel
from drawsafe.rng import GOLDEN, mix64
from drawsafe.standings.sorting import (
    points_groups,
    points_value_sort,
    sort_runs_desc,
    sort_work_sizes,
)
from drawsafe.tiebreaks.values import (
    FLAG_DEDUPE,
    FLOOR,
    GW,
    GW_RAW,
    OGW,
    OMW,
    POINTS,
    REC_POINTS,
    opponent_mean,
    opponent_means_all,
    tiebreak_values_want,
    win_percentages,
    win_percentages_of,
)


@kernel
def fill_column(code, order, run_lo, run_hi, runs, mw, gwp, opp, kind, nr, dedupe, values):
    """``values[i]`` = MTG tiebreak ``code`` of player ``order[i]`` for every position ``i`` in the
    runs ``run_lo[q] .. run_hi[q] - 1``, only theirs (OMW%/OGW% of everyone at once,
    :func:`opponent_means_all`, costs as much per player since issue 51).  Called per tiebreak
    level: it takes the two arrays it reads, not the bundle (a call counts references to every array
    it is passed: the whole bundle cost 3% of the throughput at 64 players).

    ``code`` int64 an MTG tiebreak code; ``order``, ``run_lo``, ``run_hi``, ``runs``, ``mw``,
    ``gwp``, ``opp``, ``kind``, ``nr``, ``dedupe``: as in the module text; ``values`` float64[m]
    written at the runs' positions."""
    # The codes are spelled out here rather than calling mtg_value: a call per player costs more than
    # the value (benchmarks/NOTES.md).
    source = mw if code == OMW else gwp
    for q in range(runs):
        for i in range(run_lo[q], run_hi[q]):
            p = order[i]
            if code == GW:
                v = max(FLOOR, gwp[p])
            elif code == GW_RAW:
                v = gwp[p]
            else:
                v = opponent_mean(p, source, opp, kind, nr, dedupe)
            values[i] = v


@kernel
def mtg_value(code, p, mw, gwp, opp, kind, nr, dedupe):
    """Tiebreak ``code`` of player ``p`` (the MTG codes); NaN for other codes.

    ``code`` int64 a tiebreak code; ``p``, ``mw``, ``gwp``, ``opp``, ``kind``, ``nr``,
    ``dedupe``: as in the module text."""
    if code == GW:
        return max(FLOOR, gwp[p])
    if code == GW_RAW:
        return gwp[p]
    if code == OMW:
        return opponent_mean(p, mw, opp, kind, nr, dedupe)
    if code == OGW:
        return opponent_mean(p, gwp, opp, kind, nr, dedupe)
    return np.nan


def noise_value(noise, p):
    """Player ``p``'s random key for exact ties: ``noise[p]`` for an array; for a pair ``(key,
    counter)`` the draw a stream with that state would make ``p + 1``-th (:mod:`drawsafe.rng`), computed
    only for the players that need one."""
    if isinstance(noise, tuple):
        return mix64(noise[0] + (noise[1] + np.uint64(p + 1)) * GOLDEN)
    return noise[p]


@overload(noise_value)
def _noise_value(noise, p):
    if isinstance(noise, types.BaseTuple):
        return lambda noise, p: mix64(noise[0] + (noise[1] + np.uint64(p + 1)) * GOLDEN)
    return lambda noise, p: noise[p]


@kernel
def points_order(rec, members):
    """``members`` by points, highest first (counting sort; stable), and where each point group
    ends: ``ends[b]`` for the ``b``-th points total from the top (empty groups included).

    ``rec``, ``members``: as in the module text. Returns (the order int64[m], ``ends``
    int64[groups])."""
    n = members.shape[0]
    pts = np.empty(n, dtype=np.int64)  # gathered once: rec rows are far apart
    for i in range(n):
        pts[i] = rec[members[i], REC_POINTS]
    return points_groups(pts, members)


@inline_kernel  # the depth of refined_order, and of the exact answer's evaluation
def exact_depth(order, active, ranks, actives):
    """How many leading positions of ``order`` place ``ranks`` players and ``actives`` players
    with ``active[p]`` (at most all of them): the positions a ranking must get exactly right.

    ``order`` int64[m] player rows; ``active`` bool[n] the players still playing; ``ranks``,
    ``actives`` int64."""
    depth = 0
    placed = 0
    while depth < order.shape[0] and (depth < ranks or placed < actives):
        if active[order[depth]]:
            placed += 1
        depth += 1
    return depth


@kernel
def refined_order(played, nr, rules, ratings, members, noise, need_ranks, need_active, active):
    """``members`` in standings order after ``nr`` rounds of ``played`` (a
    :class:`~drawsafe.engine.inputs.Played` or :class:`~drawsafe.engine.inputs.Work`) under ``rules``
    (:class:`~drawsafe.engine.inputs.Rules`), exact down to the first position by which ``need_ranks``
    players and ``need_active`` players with ``active[p]`` are placed (pass ``need_ranks =
    members.shape[0]`` for a complete order); below it players are only in point order.

    A tiebreak is computed only for the players still tied when it is reached.  ``noise`` gives each
    player's random key for exact ties (see :func:`noise_value`).  Codes other than the MTG ones are
    computed into ``played.keys`` by :func:`drawsafe.tiebreaks.values.tiebreak_values_want` (they
    may need whole columns, e.g. direct encounter): for every player, or with ``need_ranks`` 0 for
    those of the point groups the order must place (other rows may be stale: callers that read
    ``keys`` afterwards rank with ``need_ranks`` > 0); with MTG codes only ``keys`` is left alone
    (:func:`complete_keys` fills a player's row when asked).

    ``played`` a Played or Work bundle (:mod:`drawsafe.engine.inputs`); ``nr``, ``members``: as
    in the module text; ``rules`` a Rules bundle; ``ratings`` float64[n] (0: unrated); ``noise``
    uint64[n], or a (key, counter) pair of uint64; ``need_ranks``, ``need_active`` int64;
    ``active`` bool[n] the players still playing. Returns int64[m].
    """
    rec, opp, kind, gw, gl, gd, keys = played.rec, played.opp, played.kind, played.gw, played.gl, played.gd, \
        played.keys
    points_table, codes, flags = rules.points_table, rules.codes, rules.flags
    n = members.shape[0]
    owned_order, ends = points_order(rec, members)
    order = borrowed(owned_order)  # views without reference counts for the calls below (jit.borrowed)
    need = exact_depth(order, active, need_ranks, need_active)
    dedupe = flags[FLAG_DEDUPE] != 0
    size = rec.shape[0]
    # work arrays carved from two blocks: an allocation costs more than a view
    sort_ints, sort_floats = sort_work_sizes(n)
    own_floats = np.empty(3 * size + n + sort_floats)
    own_ints = np.empty(4 * (n + 1) + sort_ints, dtype=np.int64)
    floats, ints = borrowed(own_floats), borrowed(own_ints)
    mw = floats[:size]
    gwp = floats[size:2 * size]
    column = floats[2 * size:3 * size]
    values = floats[3 * size:3 * size + n]  # by position in order
    work_f = floats[3 * size + n:]  # sort_runs_desc's (drawsafe.standings.sorting.sort_work_sizes)
    run_lo = ints[:n + 1]
    run_hi = ints[n + 1:2 * (n + 1)]
    new_lo = ints[2 * (n + 1):3 * (n + 1)]
    new_hi = ints[3 * (n + 1):4 * (n + 1)]
    work_i = ints[4 * (n + 1):]
    generic = False
    for k in range(1, codes.shape[0]):
        c = codes[k]
        if c != OMW and c != OGW and c != GW and c != GW_RAW and c != POINTS:
            generic = True
    if not generic and need >= n and 4 * n >= size:
        # the MTG columns read them (the generic ones come in keys); a complete order of a big
        # share of the field may read everyone's (points_value_sort below)
        win_percentages(rec, points_table[kinds.WIN], mw, gwp)
    elif not generic:
        # else only the point groups the order places read theirs and their opponents' (a cut of
        # a big field, or one points group: the flips)
        reached = 0
        for b in range(ends.shape[0]):
            if reached >= need:
                break
            reached = ends[b]
        win_percentages_of(rec, points_table[kinds.WIN], order[:reached], opp, nr, mw, gwp)
    if generic:
        # every player's values for a complete order (``need_ranks``: the standings are shown);
        # for a cut (``need_ranks`` 0) those of the point groups it reaches
        want = np.ones(size, dtype=np.bool_)
        if need_ranks == 0 and 0 < need < n:
            want[:] = False
            low = rec[order[need - 1], REC_POINTS]
            for i in range(n):
                if rec[order[i], REC_POINTS] < low:
                    break
                want[order[i]] = True
        tiebreak_values_want(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, want, keys)
    # runs of equal keys so far: run_lo[i] .. run_hi[i]; first the point groups starting before need
    runs = 0
    tied = 0
    lo = 0
    for b in range(ends.shape[0]):
        hi = ends[b]
        if lo >= need:
            break
        if hi - lo > 1:
            run_lo[runs] = lo
            run_hi[runs] = hi
            runs += 1
            tied += hi - lo
        lo = hi
    first = 1
    if (not generic and not dedupe and need >= n and codes.shape[0] > 1 and 4 * tied >= size
            and (codes[1] == OMW or codes[1] == OGW or codes[1] == GW)):
        # A complete order of a field with many players tied on points: one sort by (points, first
        # tiebreak) for everyone instead of a sort of every point group.
        if codes[1] == GW:
            for p in range(size):
                column[p] = max(FLOOR, gwp[p])
        else:
            opponent_means_all(mw if codes[1] == OMW else gwp, opp, kind, nr, column)
        done, count, count_tied = points_value_sort(order, n, rec, column, run_lo, run_hi, new_lo, work_i,
                                                    work_f)
        if done:
            first = 2
            runs = count
            tied = count_tied
    for k in range(first, codes.shape[0]):
        if runs == 0:
            break
        if generic:
            for q in range(runs):
                for i in range(run_lo[q], run_hi[q]):
                    values[i] = keys[order[i], k]
        else:
            fill_column(codes[k], order, run_lo, run_hi, runs, mw, gwp, opp, kind, nr, dedupe, values)
        runs, tied = sort_runs_desc(order, values, run_lo, run_hi, runs, True, new_lo, new_hi, work_i, work_f)
        run_lo, new_lo = new_lo, run_lo
        run_hi, new_hi = new_hi, run_hi
    for q in range(runs):
        for i in range(run_lo[q], run_hi[q]):
            values[i] = -float(noise_value(noise, order[i]))
    sort_runs_desc(order, values, run_lo, run_hi, runs, False, new_lo, new_hi, work_i, work_f)
    keep_alive(own_floats)
    keep_alive(own_ints)
    return owned_order


@kernel
def complete_keys(p, mw, gwp, rec, opp, kind, nr, codes, flags, keys):
    """Fill every MTG column of ``keys[p]`` (other codes were computed for everyone already);
    ``mw``/``gwp`` from :func:`drawsafe.tiebreaks.values.win_percentages` of the same records.

    ``p``, ``mw``, ``gwp``, ``rec``, ``opp``, ``kind``, ``nr``: as in the module text; ``codes``
    int64[k] the pack's tiebreak codes; ``flags`` int64[N_FLAGS] (``FLAG_*``); ``keys``
    float64[n, k], row ``p`` written."""
    keys[p, 0] = rec[p, REC_POINTS]
    for k in range(1, codes.shape[0]):
        v = mtg_value(codes[k], p, mw, gwp, opp, kind, nr, flags[FLAG_DEDUPE] != 0)
        if not np.isnan(v):
            keys[p, k] = v
