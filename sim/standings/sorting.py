"""Sorting kernels of the standings order (:mod:`drawsafe.standings.order`): runs of tied players by a value, and
all players by (points, first tiebreak) in one radix sort.

Values are sorted highest first; neighbours within ``TOLERANCE`` stay tied (a run), and players with
exactly equal values may come in any order (the caller orders every run by the next key).  The
kernels avoid data-dependent branches where the data are coin flips to the CPU (is this player tied
with the next?), and calls that pass arrays inside loops (numba counts references to arrays
atomically, see :mod:`drawsafe.engine.tables`).  What was tried and measured: benchmarks/NOTES.md.
"""

from __future__ import annotations

import numpy as np

from drawsafe.jit import flag_kernel, inline_kernel, kernel
from drawsafe.tiebreaks.ranking import TOLERANCE
from drawsafe.tiebreaks.values import REC_POINTS

#: The bits of 0.25: every value of :func:`points_value_key` lies in [0.25, 2), whose bit patterns
#: minus this fit in 54 bits (two exponents and the 52-bit fraction), in the order of the values.
QUARTER_BITS = np.uint64(0x3FD0000000000000)
S54 = np.uint64(54)
S32 = np.uint64(32)
LOW32 = np.uint64(0xFFFFFFFF)
BYTE = np.uint64(0xFF)
S8 = np.uint64(8)
S16 = np.uint64(16)
ONE = np.uint64(1)

#: The largest of the 54-bit value offsets (just below 2.0).
TOP_VALUE = np.uint64(3 << 52) - np.uint64(1)
S30 = np.uint64(30)
#: Runs longer than this are sorted by a radix sort of their values when those lie in [0.25, 2)
#: (:func:`radix_run_desc`); shorter ones (and others) by comparisons.  Sorting counted ranks
#: (all pairs compared, without branches) was slower than insertion sort for 5 to 16 players;
#: the radix sort's 768 digit counts outweigh a quicksort up to 64 players (24 before issue 51: a
#: cut ranking of 256 players 8% faster on varied fields, benchmarks/NOTES.md).
RADIX_MIN = 64
#: Layout of sort_runs_desc's int64 work array: the quicksort's stack of (lo, hi) pairs, the radix
#: sort's histograms (three passes of 256 digits), then scratch positions for the longest run.
STACK = 128
DIGITS = 3 * 256
SCRATCH = STACK + DIGITS
#: A complete order sorts its (points, value) keys by one insertion pass (:func:`points_value_sort`:
#: the input is in points order, so only each point group's own disorder moves, about g^2 / 4 moves
#: for a group of g) when the point groups' squares sum to at most INSERTION_WORK * (2 * DIGITS
#: + 5 * n), a radix sort's work (its 768 digit counts twice, five passes over the n keys); else by
#: the radix sort.  A move is a mispredicted branch, about four radix steps: measured in issue 51
#: (benchmarks/NOTES.md) on varied fields, insertion won at 64 players (sum of g^2 about 800) and
#: lost at 256 (about 10,000).
INSERTION_WORK = 1


@inline_kernel  # inlined into its two callers: a call would count references to its fresh arrays
def points_groups(pts, players):
    """``players`` by their points ``pts`` (``pts[i]`` is ``players[i]``'s), highest first, a
    stable counting sort; and where each point group ends: ``ends[b]`` for the ``b``-th points total
    from the top (empty groups included).  The one sort by points of the standings order
    (:func:`drawsafe.standings.order.points_order`) and of the Swiss pairing
    (:func:`drawsafe.pairing.swiss.point_group_order`).

    ``pts`` int64[k] the points and ``players`` int64[k] the player rows, in the same order."""
    n = players.shape[0]
    order = np.empty(n, dtype=np.int64)
    if n == 0:
        return order, np.zeros(1, dtype=np.int64)
    high = pts[0]
    low = high
    for i in range(n):
        high = max(high, pts[i])
        low = min(low, pts[i])
    start = np.zeros(high - low + 2, dtype=np.int64)
    for i in range(n):
        start[high - pts[i] + 1] += 1
    for b in range(1, start.shape[0]):
        start[b] += start[b - 1]
    for i in range(n):
        b = high - pts[i]
        order[start[b]] = players[i]
        start[b] += 1
    return order, start[:-1]


@inline_kernel  # the sorting networks' compare-exchange: selects, no branch
def exchange(va, vb, pa, pb):
    """The values ``va``, ``vb`` of players ``pa``, ``pb`` in descending order: (the higher
    value, the lower, the higher's player, the lower's); equal values keep their order.

    ``va``, ``vb`` float64 the values; ``pa``, ``pb`` int64 the players' rows."""
    swap = vb > va
    return (vb, va, pb, pa) if swap else (va, vb, pa, pb)


@kernel
def sort_work_sizes(n):
    """(int64, float64) work array sizes :func:`sort_runs_desc` needs for runs of ``n`` players.

    ``n`` int64 the longest run."""
    return SCRATCH + n + 1, 4 * (n + 1)


@flag_kernel  # split=True while refining, False for the exact ties: 4% of the throughput at 256 players
def sort_runs_desc(order, tmp, run_lo, run_hi, runs, split, new_lo, new_hi, work_i, work_f):
    """Sort each run ``order[run_lo[q]:run_hi[q]]`` (``q < runs``) by ``tmp`` (the value of player
    ``order[i]`` at position ``i``), highest first, moving the values along with the players.  With
    ``split``, each sorted run is then cut where a value is more than ``TOLERANCE`` below its
    neighbour, and the pieces of two or more players go to ``new_lo``/``new_hi``; returns (pieces,
    players in them), (0, 0) without ``split``.  Work arrays: ``work_i`` (int64) and ``work_f``
    (float64) of at least :func:`sort_work_sizes` (allocated by the caller once for many calls).

    Runs of 2 to 4: sorting networks in straight-line code (:func:`exchange`, inlined), without
    branches; runs longer than :data:`RADIX_MIN` with values in [0.25, 2): :func:`radix_run_desc`;
    otherwise a quicksort (median of three) down to pieces of 16, then one insertion sort of the
    run.  Players with exactly equal values may come in any order: the caller orders every run of
    equal values by the next key.  All runs are sorted in one call, and swaps are written out
    rather than calling a helper: a call passing arrays costs atomic reference counting (see
    :mod:`drawsafe.engine.tables`).

    ``order`` int64[m] player rows, sorted in place run by run; ``tmp`` float64[m] the values by
    position; ``run_lo``, ``run_hi`` int64[>= runs] the runs' bounds (``runs`` int64 of them);
    ``split`` bool (a literal: one compile each); ``new_lo``, ``new_hi`` int64[>= runs] written
    with the pieces.
    """
    count = 0
    tied = 0
    # work arrays, views of the caller's blocks (room for the longest run, n + 1 at most)
    m = order.shape[0] + 1
    stack = work_i[:STACK]
    digits = work_i[STACK:SCRATCH]
    scratch_o = work_i[SCRATCH:SCRATCH + m]
    scratch_v = work_f[:m]
    radix = work_f[m:4 * m].view(np.uint64)
    for q in range(runs):
        lo = run_lo[q]
        hi = run_hi[q]
        size = hi - lo
        if size == 2:  # the commonest run, in straight-line code (no loop exits to mispredict)
            v0, v1 = tmp[lo], tmp[lo + 1]
            p0, p1 = order[lo], order[lo + 1]
            v0, v1, p0, p1 = exchange(v0, v1, p0, p1)
            tmp[lo], tmp[lo + 1] = v0, v1
            order[lo], order[lo + 1] = p0, p1
            if split:
                keep = np.int64(abs(v0 - v1) <= TOLERANCE)
                new_lo[count] = lo
                new_hi[count] = hi
                count += keep
                tied += 2 * keep
            continue
        if size == 3:  # the next commonest, likewise: a network of three compare-exchanges
            v0, v1, v2 = tmp[lo], tmp[lo + 1], tmp[lo + 2]
            p0, p1, p2 = order[lo], order[lo + 1], order[lo + 2]
            v0, v1, p0, p1 = exchange(v0, v1, p0, p1)  # (0, 1)
            v1, v2, p1, p2 = exchange(v1, v2, p1, p2)  # (1, 2)
            v0, v1, p0, p1 = exchange(v0, v1, p0, p1)  # (0, 1)
            tmp[lo], tmp[lo + 1], tmp[lo + 2] = v0, v1, v2
            order[lo], order[lo + 1], order[lo + 2] = p0, p1, p2
            if split:
                c1 = np.int64(v0 - v1 <= TOLERANCE)
                c2 = np.int64(v1 - v2 <= TOLERANCE)
                new_lo[count] = lo + 1 - c1
                new_hi[count] = lo + 2 + c2
                keep = c1 | c2
                count += keep
                tied += keep * (1 + c1 + c2)
            continue
        if size == 4:  # and the network of five for four
            v0, v1, v2, v3 = tmp[lo], tmp[lo + 1], tmp[lo + 2], tmp[lo + 3]
            p0, p1, p2, p3 = order[lo], order[lo + 1], order[lo + 2], order[lo + 3]
            v0, v1, p0, p1 = exchange(v0, v1, p0, p1)  # (0, 1)
            v2, v3, p2, p3 = exchange(v2, v3, p2, p3)  # (2, 3)
            v0, v2, p0, p2 = exchange(v0, v2, p0, p2)  # (0, 2)
            v1, v3, p1, p3 = exchange(v1, v3, p1, p3)  # (1, 3)
            v1, v2, p1, p2 = exchange(v1, v2, p1, p2)  # (1, 2)
            tmp[lo], tmp[lo + 1], tmp[lo + 2], tmp[lo + 3] = v0, v1, v2, v3
            order[lo], order[lo + 1], order[lo + 2], order[lo + 3] = p0, p1, p2, p3
        elif size > RADIX_MIN and radix_run_desc(order, tmp, lo, hi, radix, digits, scratch_v, scratch_o):
            pass
        else:
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
                                tmp[x], tmp[y] = tmp[y], tmp[x]
                                order[x], order[y] = order[y], order[x]
                        pivot = tmp[m]
                        i = a
                        j = b - 1
                        while i <= j:
                            while tmp[i] > pivot:
                                i += 1
                            while tmp[j] < pivot:
                                j -= 1
                            if i <= j:
                                tmp[i], tmp[j] = tmp[j], tmp[i]
                                order[i], order[j] = order[j], order[i]
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
        if split:  # pieces, without a branch per player: whether neighbours tie is a coin flip
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
def points_value_key(points, low, bits):
    """The exact 64-bit key of (points, value) for a value in [0.25, 2) with these ``bits``:
    ordered as the pairs are, equal only for equal pairs.

    ``points`` int64 the player's points; ``low`` int64 the lowest points of the sort; ``bits``
    uint64 the value's bit pattern."""
    return (np.uint64(points - low) << S54) | (bits - QUARTER_BITS)


@kernel
def points_value_sort(order, n, rec, column, run_lo, run_hi, starts, work_i, work_f):
    """Sort ``order[:n]`` (in points order, highest first) by (points, ``column[p]``), highest
    first, in place, and find the runs of players tied on both (equal points, values within
    ``TOLERANCE`` of their neighbour's) into ``run_lo``/``run_hi`` (``starts``: room for ``n + 1``
    integers).  Returns (done, runs, tied players); not done (and ``order`` untouched) when a value
    lies outside [0.25, 2) or points span more than 1,023.

    :func:`radix_by_keys` on the exact keys (:func:`points_value_key`, complemented for a
    descending order), or one insertion pass over them when the point groups are small
    (:data:`INSERTION_WORK`; the same order: both sort the exact keys, stably).  Players with exactly equal
    pairs may come in any order (the caller orders them by the next key).  The runs are found
    without a branch per player (tie or not is a coin flip to the CPU).

    ``order`` int64[>= n] player rows; ``n`` int64 the players sorted; ``rec``
    int64[n_players, 4] the summed records (:data:`~drawsafe.tiebreaks.values.REC_POINTS`);
    ``column`` float64[n_players] the value of each player; ``run_lo``, ``run_hi`` int64[>= n] and
    ``starts`` int64[>= n + 1] written; ``work_i`` int64 and ``work_f`` float64 work arrays of
    :func:`sort_work_sizes` for ``n`` (the caller's: nothing is allocated here).
    """
    if n < 2:
        return True, 0, 0
    high = rec[order[0], REC_POINTS]  # order is by points, highest first
    low = rec[order[n - 1], REC_POINTS]
    if high - low > 1023:
        return False, 0, 0
    bits = column.view(np.uint64)
    width = 0  # bits of the points span: the full keys have 54 + width bits
    while (high - low) >> width:
        width += 1
    full = (ONE << np.uint64(54 + width)) - ONE
    work = work_f[:3 * n].view(np.uint64)
    keys = work[2 * n:]  # by position in the input order, gathered once
    vals = work_f[3 * n:4 * n]
    players = work_i[SCRATCH:SCRATCH + n]
    squares = 0  # the sum of the point groups' squares, as 1 + 3 + 5 + ... along each group
    group = 0
    last = high + 1
    for i in range(n):
        p = order[i]
        x = column[p]
        if not (x >= 0.25 and x < 2.0):
            return False, 0, 0
        players[i] = p
        vals[i] = x
        pts = rec[p, REC_POINTS]
        group = group * np.int64(pts == last) + 1
        squares += 2 * group - 1
        last = pts
        keys[i] = full - points_value_key(pts, low, bits[p])  # ascending: best first
    if squares <= INSERTION_WORK * (2 * DIGITS + 5 * n):
        a, b = work[:n], work[n:2 * n]
        for i in range(n):
            a[i] = i
            b[i] = keys[i]
        insertion_by_keys(a, b, n)
    else:
        a, b = radix_by_keys(keys, n, np.uint64(54 + width - 24), work[:n], work[n:2 * n],
                             work_i[STACK:SCRATCH])
    for k in range(n):
        order[k] = players[a[k]]
    # run starts: where the points change or the value drops by more than TOLERANCE
    starts[0] = 0
    ns = 1
    prev = vals[a[0]]
    for i in range(1, n):
        v = vals[a[i]]
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
def radix_run_desc(order, tmp, lo, hi, radix, count, scratch_v, scratch_o):
    """Sort one run ``order[lo:hi]`` by ``tmp``, highest first, when every value lies in [0.25, 2)
    (else return False, nothing moved): :func:`radix_by_keys` on the values' 54-bit offsets.
    ``radix``: room for three times the run, ``count`` for 768 counts, the scratch arrays for the
    run.

    ``order`` int64[m] player rows and ``tmp`` float64[m] their values by position, sorted in
    place between ``lo`` and ``hi`` (int64, ``hi`` excluded); ``radix`` uint64[>= 3 (hi - lo)]
    and ``count`` int64[DIGITS] work arrays; ``scratch_v`` float64[>= hi - lo] and ``scratch_o``
    int64[>= hi - lo] scratch."""
    size = hi - lo
    for i in range(lo, hi):
        if not (tmp[i] >= 0.25 and tmp[i] < 2.0):
            return False
    bits = tmp.view(np.uint64)
    keys = radix[2 * size:3 * size]
    for i in range(size):
        keys[i] = TOP_VALUE - (bits[lo + i] - QUARTER_BITS)  # ascending: highest value first
    a = radix_by_keys(keys, size, S30, radix[:size], radix[size:2 * size], count)[0]
    for k in range(size):
        scratch_v[k] = tmp[lo + a[k]]
        scratch_o[k] = order[lo + a[k]]
    for k in range(size):
        tmp[lo + k] = scratch_v[k]
        order[lo + k] = scratch_o[k]
    return True


@kernel
def radix_by_keys(keys, n, drop, a, b, count):
    """Sort ``keys[:n]`` (uint64) ascending: returns (the input positions in sorted order, the
    sorted keys), two of the work arrays ``a``, ``b`` (room for ``n`` each; ``count`` for :data:`DIGITS`).

    ``keys >> drop`` must fit in 24 bits.  An LSD radix sort in three passes of 8 bits on those top
    bits, the position riding in the low 32 bits, then an insertion pass on the full keys for the
    rare neighbours equal in their top bits only.  Equal keys may come in any order.

    ``keys`` uint64[>= n] the keys; ``n`` int64 how many are sorted; ``drop`` uint64 the low bits
    left to the insertion pass; ``a``, ``b`` uint64[>= n] and ``count`` int64[DIGITS] work
    arrays.
    """
    count[:] = 0  # three histograms of 256 digits
    for i in range(n):
        top = keys[i] >> drop
        a[i] = (top << S32) | np.uint64(i)
        count[top & BYTE] += 1
        count[256 + ((top >> S8) & BYTE)] += 1
        count[512 + (top >> S16)] += 1
    for d in range(3):
        shift = np.uint64(32 + 8 * d)
        base = 256 * d
        if count[base + ((a[0] >> shift) & BYTE)] == n:
            continue  # every key has the same digit here
        total = 0
        for c in range(base, base + 256):
            t = count[c]
            count[c] = total
            total += t
        for i in range(n):
            c = base + ((a[i] >> shift) & BYTE)
            b[count[c]] = a[i]
            count[c] += 1
        a, b = b, a
    for k in range(n):
        i = a[k] & LOW32
        a[k] = i
        b[k] = keys[i]
    insertion_by_keys(a, b, n)
    return a, b


@inline_kernel  # inlined into its two callers (the radix sort's last pass, small complete orders)
def insertion_by_keys(a, b, n):
    """Sort the keys ``b[:n]`` ascending by insertion, moving the positions ``a`` with them:
    stable, and cheap where the keys are nearly in order.

    ``a``, ``b`` uint64[>= n] the positions and their keys, sorted in place; ``n`` int64."""
    for k in range(1, n):
        key = b[k]
        if key >= b[k - 1]:
            continue
        i = a[k]
        j = k - 1
        while j >= 0 and b[j] > key:
            b[j + 1] = b[j]
            a[j + 1] = a[j]
            j -= 1
        b[j + 1] = key
        a[j + 1] = i
