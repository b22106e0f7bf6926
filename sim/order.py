"""Standings order by refining ties: each tiebreak is computed only for players still tied.

Ranking by (points, tiebreak 1, tiebreak 2, ...) is the same as: sort by points; inside each
group of equal points sort by tiebreak 1; inside each run still equal, by tiebreak 2; and so on,
exact ties last of all by a random key.  Working run by run means a tiebreak is computed only for
players who are still tied when it is reached (OGW% is rarely needed), and the final standings of a
simulation need only be exact down to the rank that matters (``need``): runs that start below it
are left in point order.  :func:`refined_order` gives exactly the order of
a comparator sort on the full keys for every run it sorts (``tests/test_order.py`` pins this).
"""

from __future__ import annotations

import numpy as np
from numba import types
from numba.extending import overload

from sim import kinds
from sim.jit import inline_kernel, kernel
from sim.ranking import TOLERANCE
from sim.rng import GOLDEN, mix64
from sim.tiebreaks import (
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
    tiebreak_values_rec,
    win_percentages,
)


@kernel
def fill_column(code, k, order, run_lo, run_hi, runs, tied, mw, gwp, opp, kind, nr, dedupe, column,
                keys, values):
    """``keys[p, k]`` and ``values[p]`` = MTG tiebreak ``code`` of every player ``p`` in the runs
    ``order[run_lo[q]:run_hi[q]]`` (``tied`` players in all).  OMW%/OGW% for many players are
    computed for everyone at once (:func:`opponent_means_all`, into ``column``)."""
    if (code == OMW or code == OGW) and not dedupe and 4 * tied >= opp.shape[0]:
        opponent_means_all(mw if code == OMW else gwp, opp, kind, nr, column)
        for q in range(runs):
            for i in range(run_lo[q], run_hi[q]):
                p = order[i]
                keys[p, k] = column[p]
                values[p] = column[p]
        return
    # The codes are spelled out here rather than calling mtg_value: through it (even inlined) the
    # GW% level of a 1,024-player ranking took 17.6 us instead of 2.7 (benchmarks/profile.py).
    for q in range(runs):
        for i in range(run_lo[q], run_hi[q]):
            p = order[i]
            if code == GW:
                v = max(FLOOR, gwp[p])
            elif code == GW_RAW:
                v = gwp[p]
            elif code == OMW:
                v = opponent_mean(p, mw, opp, kind, nr, dedupe)
            else:
                v = opponent_mean(p, gwp, opp, kind, nr, dedupe)
            keys[p, k] = v
            values[p] = v


@kernel
def mtg_value(code, p, mw, gwp, opp, kind, nr, dedupe):
    """Tiebreak ``code`` of player ``p`` (the MTG codes); NaN for other codes."""
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
    counter)`` the draw a stream with that state would make ``p + 1``-th (:mod:`sim.rng`), computed
    only for the players that need one."""
    if isinstance(noise, tuple):
        return mix64(noise[0] + (noise[1] + np.uint64(p + 1)) * GOLDEN)
    return noise[p]


@overload(noise_value)
def _noise_value(noise, p):
    if isinstance(noise, types.BaseTuple):
        return lambda noise, p: mix64(noise[0] + (noise[1] + np.uint64(p + 1)) * GOLDEN)
    return lambda noise, p: noise[p]


@inline_kernel
def insertion_desc(tmp, order, lo, lo_t, hi_t):
    """Insertion sort of ``tmp[lo_t:hi_t]`` (highest first), moving ``order[lo + i]`` along."""
    for i in range(lo_t + 1, hi_t):
        v = tmp[i]
        p = order[lo + i]
        j = i - 1
        while j >= lo_t and tmp[j] < v:
            tmp[j + 1] = tmp[j]
            order[lo + j + 1] = order[lo + j]
            j -= 1
        tmp[j + 1] = v
        order[lo + j + 1] = p


@kernel
def sort_run_desc(order, values, tmp, lo, hi):
    """Sort ``order[lo:hi]`` by ``values[player]``, highest first.

    The values are first gathered next to each other (``tmp``) and sorted there together with the
    players: insertion sort for runs of up to 16, else a quicksort (median of three, insertion sort
    below 16).  Players with exactly equal values may come in any order: the caller orders every
    run of equal values by the next key.
    """
    n = hi - lo
    if n < 2:
        return
    for i in range(n):
        tmp[i] = values[order[lo + i]]
    if n <= 16:
        insertion_desc(tmp, order, lo, 0, n)
        return
    stack = np.empty(2 * 64, dtype=np.int64)
    top = 0
    stack[0] = 0
    stack[1] = n
    top = 1
    while top > 0:
        top -= 1
        a = stack[2 * top]
        b = stack[2 * top + 1]
        while b - a > 16:
            m = (a + b) >> 1
            # median of three to tmp[m]
            if tmp[m] > tmp[a]:
                swap_pair(tmp, order, lo, m, a)
            if tmp[b - 1] > tmp[a]:
                swap_pair(tmp, order, lo, b - 1, a)
            if tmp[b - 1] > tmp[m]:
                swap_pair(tmp, order, lo, b - 1, m)
            pivot = tmp[m]
            i = a
            j = b - 1
            while i <= j:
                while tmp[i] > pivot:
                    i += 1
                while tmp[j] < pivot:
                    j -= 1
                if i <= j:
                    swap_pair(tmp, order, lo, i, j)
                    i += 1
                    j -= 1
            # [a, j] and [i, b - 1]: push the larger part, keep sorting the smaller
            if j + 1 - a > b - i:
                stack[2 * top] = a
                stack[2 * top + 1] = j + 1
                top += 1
                a = i
            else:
                stack[2 * top] = i
                stack[2 * top + 1] = b
                top += 1
                b = j + 1
        insertion_desc(tmp, order, lo, a, b)


@inline_kernel
def swap_pair(tmp, order, lo, i, j):
    t = tmp[i]
    tmp[i] = tmp[j]
    tmp[j] = t
    q = order[lo + i]
    order[lo + i] = order[lo + j]
    order[lo + j] = q


@kernel
def points_order(rec, members):
    """``members`` by points, highest first (counting sort; stable)."""
    n = members.shape[0]
    order = np.empty(n, dtype=np.int64)
    if n == 0:
        return order
    high = rec[members[0], REC_POINTS]
    low = high
    for i in range(n):
        v = rec[members[i], REC_POINTS]
        high = max(high, v)
        low = min(low, v)
    start = np.zeros(high - low + 2, dtype=np.int64)
    for i in range(n):
        start[high - rec[members[i], REC_POINTS] + 1] += 1
    for b in range(1, start.shape[0]):
        start[b] += start[b - 1]
    for i in range(n):
        b = high - rec[members[i], REC_POINTS]
        order[start[b]] = members[i]
        start[b] += 1
    return order


@kernel
def refined_order(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, members, noise,
                  keys, need_ranks, need_active, active):
    """``members`` in standings order, exact down to the first position by which ``need_ranks``
    players and ``need_active`` players with ``active[p]`` are placed (pass ``need_ranks =
    members.shape[0]`` for a complete order); below it players are only in point order.

    ``keys[p, k]`` is filled for the columns actually needed (points for everyone; a later column
    only for the players still tied when it is reached).  ``noise`` gives each player's random key
    for exact ties (see :func:`noise_value`).  Codes other than the MTG ones are computed for all
    players at once by :func:`sim.tiebreaks.tiebreak_values_rec` (they may need whole columns, e.g.
    direct encounter).
    """
    n = members.shape[0]
    order = points_order(rec, members)
    need = 0
    placed = 0
    while need < n and (need < need_ranks or placed < need_active):
        if active[order[need]]:
            placed += 1
        need += 1
    for i in range(n):
        keys[order[i], 0] = rec[order[i], REC_POINTS]
    dedupe = flags[FLAG_DEDUPE] != 0
    size = rec.shape[0]
    mw = np.empty(size)
    gwp = np.empty(size)
    win_percentages(rec, points_table[kinds.WIN], mw, gwp)
    generic = False
    for k in range(1, codes.shape[0]):
        c = codes[k]
        if c != OMW and c != OGW and c != GW and c != GW_RAW and c != POINTS:
            generic = True
    if generic:
        tiebreak_values_rec(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, keys)
    # runs of equal keys so far: run_lo[i] .. run_hi[i]
    run_lo = np.empty(n + 1, dtype=np.int64)
    run_hi = np.empty(n + 1, dtype=np.int64)
    runs = 0
    tied = 0
    i = 0
    while i < n and i < need:
        j = i + 1
        while j < n and keys[order[j], 0] == keys[order[i], 0]:
            j += 1
        if j - i > 1:
            run_lo[runs] = i
            run_hi[runs] = j
            runs += 1
            tied += j - i
        i = j
    values = np.empty(size)
    column = np.empty(size)
    buf = np.empty(n)
    new_lo = np.empty(n + 1, dtype=np.int64)
    new_hi = np.empty(n + 1, dtype=np.int64)
    for k in range(1, codes.shape[0]):
        if runs == 0:
            break
        if generic:
            for q in range(runs):
                for i in range(run_lo[q], run_hi[q]):
                    values[order[i]] = keys[order[i], k]
        else:
            fill_column(codes[k], k, order, run_lo, run_hi, runs, tied, mw, gwp, opp, kind, nr, dedupe,
                        column, keys, values)
        count = 0
        tied = 0
        for q in range(runs):
            lo = run_lo[q]
            hi = run_hi[q]
            sort_run_desc(order, values, buf, lo, hi)
            i = lo
            while i < hi:
                j = i + 1
                while j < hi and values[order[j - 1]] - values[order[j]] <= TOLERANCE:
                    j += 1
                if j - i > 1:
                    new_lo[count] = i
                    new_hi[count] = j
                    count += 1
                    tied += j - i
                i = j
        for q in range(count):
            run_lo[q] = new_lo[q]
            run_hi[q] = new_hi[q]
        runs = count
    for q in range(runs):
        for i in range(run_lo[q], run_hi[q]):
            values[order[i]] = -float(noise_value(noise, order[i]))
        sort_run_desc(order, values, buf, run_lo[q], run_hi[q])
    return order


@kernel
def complete_keys(p, mw, gwp, rec, opp, kind, nr, codes, flags, keys):
    """Fill every MTG column of ``keys[p]`` (other codes were computed for everyone already);
    ``mw``/``gwp`` from :func:`sim.tiebreaks.win_percentages` of the same records."""
    keys[p, 0] = rec[p, REC_POINTS]
    for k in range(1, codes.shape[0]):
        v = mtg_value(codes[k], p, mw, gwp, opp, kind, nr, flags[FLAG_DEDUPE] != 0)
        if not np.isnan(v):
            keys[p, k] = v
