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

from sim import kinds
from sim.jit import kernel
from sim.ranking import TOLERANCE
from sim.tiebreaks import (
    FLAG_DEDUPE,
    FLOOR,
    GW,
    GW_RAW,
    OGW,
    OMW,
    POINTS,
    REC_POINTS,
    opponent_sums,
    tiebreak_values_rec,
    win_percentages,
)


@kernel
def mtg_value(code, p, mw, gwp, opp, kind, nr, dedupe):
    """Tiebreak ``code`` of player ``p`` (the MTG codes); NaN for other codes."""
    if code == GW:
        return max(FLOOR, gwp[p])
    if code == GW_RAW:
        return gwp[p]
    if code == OMW or code == OGW:
        t1, t2, count = opponent_sums(p, mw, gwp, opp, kind, nr, dedupe)
        if count == 0:
            return FLOOR
        return (t1 if code == OMW else t2) / count
    return np.nan


@kernel
def sort_run_desc(order, values, tmp, lo, hi):
    """Sort ``order[lo:hi]`` by ``values[player]``, highest first (stable).

    The values are first gathered next to each other (``tmp``); runs of up to 16 are sorted by
    insertion on that copy, longer ones by numba's quicksort argsort.  Players with exactly equal
    values may come in any order: the caller orders every run of equal values by the next key.
    """
    n = hi - lo
    if n < 2:
        return
    for i in range(n):
        tmp[i] = values[order[lo + i]]
    if n <= 16:
        for i in range(1, n):
            v = tmp[i]
            p = order[lo + i]
            j = i - 1
            while j >= 0 and tmp[j] < v:
                tmp[j + 1] = tmp[j]
                order[lo + j + 1] = order[lo + j]
                j -= 1
            tmp[j + 1] = v
            order[lo + j + 1] = p
        return
    for i in range(n):
        tmp[i] = -tmp[i]
    idx = np.argsort(tmp[:n])
    players = order[lo:hi].copy()
    for i in range(n):
        order[lo + i] = players[idx[i]]


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

    ``keys[p, k]`` is filled for the columns actually needed (points for everyone).  Codes other
    than the MTG ones are computed for all players at once by
    :func:`sim.tiebreaks.tiebreak_values_rec`.
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
    # Columns are computed for everyone at once for a complete order (cheaper than player by
    # player when most players need them) and for codes other than the MTG ones (they may need
    # whole columns, e.g. direct encounter); otherwise MTG values player by player, only for
    # players still tied.
    generic = 2 * need >= n
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
    i = 0
    while i < n and i < need:
        j = i + 1
        while j < n and keys[order[j], 0] == keys[order[i], 0]:
            j += 1
        if j - i > 1:
            run_lo[runs] = i
            run_hi[runs] = j
            runs += 1
        i = j
    values = np.empty(size)
    buf = np.empty(n)
    new_lo = np.empty(n + 1, dtype=np.int64)
    new_hi = np.empty(n + 1, dtype=np.int64)
    for k in range(1, codes.shape[0]):
        if runs == 0:
            break
        c = codes[k]
        for q in range(runs):
            for i in range(run_lo[q], run_hi[q]):
                p = order[i]
                if not generic:
                    keys[p, k] = mtg_value(c, p, mw, gwp, opp, kind, nr, dedupe)
                values[p] = keys[p, k]
        count = 0
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
                i = j
        for q in range(count):
            run_lo[q] = new_lo[q]
            run_hi[q] = new_hi[q]
        runs = count
    for q in range(runs):
        for i in range(run_lo[q], run_hi[q]):
            values[order[i]] = -float(noise[order[i]])
        sort_run_desc(order, values, buf, run_lo[q], run_hi[q])
    return order


@kernel
def complete_keys(p, rec, opp, kind, nr, points_table, codes, flags, keys):
    """Fill every MTG column of ``keys[p]`` (other codes were computed for everyone already)."""
    size = rec.shape[0]
    mw = np.empty(size)
    gwp = np.empty(size)
    win_percentages(rec, points_table[kinds.WIN], mw, gwp)
    keys[p, 0] = rec[p, REC_POINTS]
    for k in range(1, codes.shape[0]):
        v = mtg_value(codes[k], p, mw, gwp, opp, kind, nr, flags[FLAG_DEDUPE] != 0)
        if not np.isnan(v):
            keys[p, k] = v
