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
from sim.jit import kernel
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
    faced,
    opponent_mean,
    opponent_means_all,
    tiebreak_values_rec,
    win_percentages,
)


@kernel
def fill_column(code, order, run_lo, run_hi, runs, tied, mw, gwp, opp, kind, nr, dedupe, column, values):
    """``values[i]`` = MTG tiebreak ``code`` of player ``order[i]`` for every position ``i`` in the
    runs ``run_lo[q] .. run_hi[q] - 1`` (``tied`` players in all).  OMW%/OGW% for many players are
    computed for everyone at once (:func:`opponent_means_all`, into ``column``)."""
    if (code == OMW or code == OGW) and not dedupe and 4 * tied >= opp.shape[0]:
        opponent_means_all(mw if code == OMW else gwp, opp, kind, nr, column)
        for q in range(runs):
            for i in range(run_lo[q], run_hi[q]):
                values[i] = column[order[i]]
        return
    # The codes are spelled out here rather than calling mtg_value: through it (even inlined) the
    # GW% level of a 1,024-player ranking took 17.6 us instead of 2.7 (benchmarks/profile.py).
    # opponent_mean is written out too for the usual case (no dedupe): a call per player passing
    # arrays costs atomic reference counting (see sim.play).
    source = mw if code == OMW else gwp
    for q in range(runs):
        for i in range(run_lo[q], run_hi[q]):
            p = order[i]
            if code == GW:
                v = max(FLOOR, gwp[p])
            elif code == GW_RAW:
                v = gwp[p]
            elif dedupe:
                v = opponent_mean(p, source, opp, kind, nr, dedupe)
            else:
                total = 0.0
                count = 0
                for r in range(nr):
                    if faced(kind[p, r]):
                        total += max(FLOOR, source[opp[p, r]])
                        count += 1
                v = total / count if count > 0 else FLOOR
            values[i] = v


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


#: Sorting networks for runs of 2, 3 and 4 (compare-exchanges of positions, the larger value first):
#: those of size ``s`` are rows ``NETWORK_START[s] .. NETWORK_START[s + 1] - 1``.
NETWORK = np.array([[0, 1],
                    [0, 1], [1, 2], [0, 1],
                    [0, 1], [2, 3], [0, 2], [1, 3], [1, 2]], dtype=np.int64)
NETWORK_START = np.array([0, 0, 0, 1, 4, 9], dtype=np.int64)


@kernel
def sort_runs_desc(order, tmp, run_lo, run_hi, runs, stack):
    """Sort each run ``order[run_lo[q]:run_hi[q]]`` (``q < runs``) by ``tmp`` (the value of player
    ``order[i]`` at position ``i``), highest first, moving the values along with the players.

    A quicksort (median of three) down to pieces of 16, then one insertion sort of the run.
    Players with exactly equal values may come in any order: the caller orders every run of equal
    values by the next key.  All runs are sorted in one call, and swaps are written out rather than
    calling a helper: a call passing arrays costs atomic reference counting (see :mod:`sim.play`).
    """
    for q in range(runs):
        lo = run_lo[q]
        hi = run_hi[q]
        if hi - lo <= 4:
            # most runs are this short: a sorting network of compare-exchanges without branches
            # (whether two tied players' next values are in order is a coin flip to the CPU)
            size = hi - lo
            for c in range(NETWORK_START[size], NETWORK_START[size + 1]):
                x = lo + NETWORK[c, 0]
                y = lo + NETWORK[c, 1]
                vx = tmp[x]
                vy = tmp[y]
                px = order[x]
                py = order[y]
                swap = vy > vx
                tmp[x] = vy if swap else vx
                tmp[y] = vx if swap else vy
                order[x] = py if swap else px
                order[y] = px if swap else py
            continue
        if hi - lo > 16:
            stack[0] = lo
            stack[1] = hi
            top = 1
            while top > 0:
                top -= 1
                a = stack[2 * top]
                b = stack[2 * top + 1]
                while b - a > 16:
                    m = (a + b) >> 1
                    # median of three to tmp[m]
                    for x, y in ((m, a), (b - 1, a), (b - 1, m)):
                        if tmp[x] > tmp[y]:
                            v = tmp[x]
                            tmp[x] = tmp[y]
                            tmp[y] = v
                            w = order[x]
                            order[x] = order[y]
                            order[y] = w
                    pivot = tmp[m]
                    i = a
                    j = b - 1
                    while i <= j:
                        while tmp[i] > pivot:
                            i += 1
                        while tmp[j] < pivot:
                            j -= 1
                        if i <= j:
                            v = tmp[i]
                            tmp[i] = tmp[j]
                            tmp[j] = v
                            w = order[i]
                            order[i] = order[j]
                            order[j] = w
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
        # insertion sort of the whole run: pieces of at most 16, in order with each other
        for i in range(lo + 1, hi):
            v = tmp[i]
            if v <= tmp[i - 1]:
                continue
            p = order[i]
            j = i - 1
            while j >= lo and tmp[j] < v:
                tmp[j + 1] = tmp[j]
                order[j + 1] = order[j]
                j -= 1
            tmp[j + 1] = v
            order[j + 1] = p


@kernel
def split_runs(tmp, run_lo, run_hi, runs, new_lo, new_hi):
    """Split each sorted run (values ``tmp[run_lo[q]:run_hi[q]]``, highest first) where a value is
    more than ``TOLERANCE`` below its neighbour; the pieces of two or more players go to
    ``new_lo``/``new_hi``.  Returns (pieces, players in them).  No branch per player: whether a
    neighbour ties is a coin flip to the CPU."""
    count = 0
    tied = 0
    for q in range(runs):
        lo = run_lo[q]
        hi = run_hi[q]
        start = lo
        for j in range(lo + 1, hi):
            cut = np.int64(tmp[j - 1] - tmp[j] > TOLERANCE)
            new_lo[count] = start
            new_hi[count] = j
            keep = cut * np.int64(j - start > 1)
            count += keep
            tied += keep * (j - start)
            start += cut * (j - start)
        new_lo[count] = start
        new_hi[count] = hi
        keep = np.int64(hi - start > 1)
        count += keep
        tied += keep * (hi - start)
    return count, tied


@kernel
def points_order(rec, members):
    """``members`` by points, highest first (counting sort; stable)."""
    n = members.shape[0]
    order = np.empty(n, dtype=np.int64)
    if n == 0:
        return order
    pts = np.empty(n, dtype=np.int64)  # gathered once: rec rows are far apart
    high = rec[members[0], REC_POINTS]
    low = high
    for i in range(n):
        v = rec[members[i], REC_POINTS]
        pts[i] = v
        high = max(high, v)
        low = min(low, v)
    start = np.zeros(high - low + 2, dtype=np.int64)
    for i in range(n):
        start[high - pts[i] + 1] += 1
    for b in range(1, start.shape[0]):
        start[b] += start[b - 1]
    for i in range(n):
        b = high - pts[i]
        order[start[b]] = members[i]
        start[b] += 1
    return order


#: The bits of 0.25: every value of :func:`points_value_keys` lies in [0.25, 2), whose bit patterns
#: minus this fit in 54 bits (two exponents and the 52-bit fraction), in the order of the values.
QUARTER_BITS = np.uint64(0x3FD0000000000000)
S54 = np.uint64(54)
S32 = np.uint64(32)
LOW32 = np.uint64(0xFFFFFFFF)
BYTE = np.uint64(0xFF)
S8 = np.uint64(8)
S16 = np.uint64(16)
ONE = np.uint64(1)


@kernel
def points_value_key(points, low, bits):
    """The exact 64-bit key of (points, value) for a value in [0.25, 2) with these ``bits``:
    ordered as the pairs are, equal only for equal pairs."""
    return (np.uint64(points - low) << S54) | (bits - QUARTER_BITS)


@kernel
def points_value_sort(order, n, rec, column, run_lo, run_hi, starts):
    """Sort ``order[:n]`` by (points, ``column[p]``), highest first, in place, and find the runs of
    players tied on both (equal points, values within ``TOLERANCE`` of their neighbour's) into
    ``run_lo``/``run_hi`` (``starts``: room for ``n + 1`` integers).  Returns (done, runs, tied
    players); not done (and ``order`` untouched) when a value lies outside
    [0.25, 2) or points span more than 1,023.

    An LSD radix sort (three passes of 8 bits) on the top 24 bits of the exact key
    (:func:`points_value_key`, complemented for a descending order), the player index riding in the
    low 32 bits, then an insertion pass on the full keys for the rare pairs equal in their top 24
    bits only (values closer than about 1e-5 on the same points).  Players with exactly equal
    pairs may come in any order (the caller orders them by the next key).  The runs are found
    without a branch per player (tie or not is a coin flip to the CPU).
    """
    if n < 2:
        return True, 0, 0
    low = rec[order[0], REC_POINTS]
    high = low
    for i in range(n):
        v = rec[order[i], REC_POINTS]
        low = min(low, v)
        high = max(high, v)
        x = column[order[i]]
        if not (x >= 0.25 and x < 2.0):
            return False, 0, 0
    if high - low > 1023:
        return False, 0, 0
    bits = column.view(np.uint64)
    width = 0  # bits of the points span: the full keys have 54 + width bits
    while (high - low) >> width:
        width += 1
    full = (ONE << np.uint64(54 + width)) - ONE
    drop = np.uint64(54 + width - 24)
    ab = np.empty(2 * n, dtype=np.uint64)
    a = ab[:n]
    b = ab[n:]
    count = np.zeros((3, 256), dtype=np.int64)
    for i in range(n):
        p = order[i]
        top = (full - points_value_key(rec[p, REC_POINTS], low, bits[p])) >> drop  # 24 bits, descending
        a[i] = (top << S32) | np.uint64(p)
        count[0, top & BYTE] += 1
        count[1, (top >> S8) & BYTE] += 1
        count[2, top >> S16] += 1
    for d in range(3):
        shift = np.uint64(32 + 8 * d)
        if count[d, (a[0] >> shift) & BYTE] == n:
            continue  # every key has the same digit here
        total = 0
        for c in range(256):
            t = count[d, c]
            count[d, c] = total
            total += t
        for i in range(n):
            c = (a[i] >> shift) & BYTE
            b[count[d, c]] = a[i]
            count[d, c] += 1
        a, b = b, a
    # insertion pass on the full keys (descending); a and b now hold full keys and players
    for i in range(n):
        p = np.int64(a[i] & LOW32)
        order[i] = p
        b[i] = points_value_key(rec[p, REC_POINTS], low, bits[p])
    for i in range(1, n):
        key = b[i]
        if key <= b[i - 1]:
            continue
        p = order[i]
        j = i - 1
        while j >= 0 and b[j] < key:
            b[j + 1] = b[j]
            order[j + 1] = order[j]
            j -= 1
        b[j + 1] = key
        order[j + 1] = p
    # run starts: where the points change or the value drops by more than TOLERANCE
    starts[0] = 0
    ns = 1
    prev = column[order[0]]
    for i in range(1, n):
        v = column[order[i]]
        starts[ns] = i
        ns += np.int64(((b[i] ^ b[i - 1]) >> S54 != 0) | (prev - v > TOLERANCE))
        prev = v
    starts[ns] = n
    runs = 0
    tied = 0
    for k in range(ns):
        lo = starts[k]
        size = starts[k + 1] - lo
        run_lo[runs] = lo
        run_hi[runs] = lo + size
        runs += np.int64(size > 1)
        tied += size * np.int64(size > 1)
    return True, runs, tied


@kernel
def refined_order(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, members, noise,
                  keys, need_ranks, need_active, active):
    """``members`` in standings order, exact down to the first position by which ``need_ranks``
    players and ``need_active`` players with ``active[p]`` are placed (pass ``need_ranks =
    members.shape[0]`` for a complete order); below it players are only in point order.

    A tiebreak is computed only for the players still tied when it is reached.  ``noise`` gives each
    player's random key for exact ties (see :func:`noise_value`).  Codes other than the MTG ones are
    computed for all players at once, into ``keys``, by :func:`sim.tiebreaks.tiebreak_values_rec`
    (they may need whole columns, e.g. direct encounter); with MTG codes only ``keys`` is left alone
    (:func:`complete_keys` fills a player's row when asked).
    """
    n = members.shape[0]
    order = points_order(rec, members)
    need = 0
    placed = 0
    while need < n and (need < need_ranks or placed < need_active):
        if active[order[need]]:
            placed += 1
        need += 1
    dedupe = flags[FLAG_DEDUPE] != 0
    size = rec.shape[0]
    # work arrays carved from two blocks: an allocation costs more than a view
    floats = np.empty(3 * size + n)
    mw = floats[:size]
    gwp = floats[size:2 * size]
    column = floats[2 * size:3 * size]
    values = floats[3 * size:]  # by position in order
    ints = np.empty(4 * (n + 1) + 128, dtype=np.int64)
    run_lo = ints[:n + 1]
    run_hi = ints[n + 1:2 * (n + 1)]
    new_lo = ints[2 * (n + 1):3 * (n + 1)]
    new_hi = ints[3 * (n + 1):4 * (n + 1)]
    stack = ints[4 * (n + 1):]
    win_percentages(rec, points_table[kinds.WIN], mw, gwp)
    generic = False
    for k in range(1, codes.shape[0]):
        c = codes[k]
        if c != OMW and c != OGW and c != GW and c != GW_RAW and c != POINTS:
            generic = True
    if generic:
        tiebreak_values_rec(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, keys)
    # runs of equal keys so far: run_lo[i] .. run_hi[i]
    runs = 0
    tied = 0
    i = 0
    while i < n and i < need:
        j = i + 1
        while j < n and rec[order[j], REC_POINTS] == rec[order[i], REC_POINTS]:
            j += 1
        if j - i > 1:
            run_lo[runs] = i
            run_hi[runs] = j
            runs += 1
            tied += j - i
        i = j
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
        done, count, count_tied = points_value_sort(order, n, rec, column, run_lo, run_hi, new_lo)
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
            fill_column(codes[k], order, run_lo, run_hi, runs, tied, mw, gwp, opp, kind, nr, dedupe, column,
                        values)
        sort_runs_desc(order, values, run_lo, run_hi, runs, stack)
        runs, tied = split_runs(values, run_lo, run_hi, runs, new_lo, new_hi)
        run_lo, new_lo = new_lo, run_lo
        run_hi, new_hi = new_hi, run_hi
    for q in range(runs):
        for i in range(run_lo[q], run_hi[q]):
            values[i] = -float(noise_value(noise, order[i]))
    sort_runs_desc(order, values, run_lo, run_hi, runs, stack)
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
