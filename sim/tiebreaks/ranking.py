"""Ordering players by a list of tiebreak values, exact ties broken by a random key.

Tiebreak values are ratios of small integers computed in floating point; two values closer than
:data:`TOLERANCE` are the same number (distinct Appendix C fractions differ by far more, and
rounding error is far less).  Players still tied on every value are ordered by ``noise``, a random
64-bit key per player (seeded by the caller), and are reported as tied.

Parameters the kernels share (each kernel names those it takes, "as in the module text"):
``keys`` float64[n, codes] the tiebreak values, a row per player (higher is better); ``noise``
uint64[n] the random key per player; ``order`` int64[m] player rows, sorted in place between
``lo`` and ``hi`` (int64, ``hi`` excluded); ``opp``, ``kind``, ``gw``, ``gl``, ``nr``,
``points_table`` as in :mod:`drawsafe.tiebreaks.values` (``opp`` int32[n, rounds], the others
int8[n, rounds], ``nr`` int64, ``points_table`` int64[N_POINTS]).
"""

from __future__ import annotations

import numpy as np

from drawsafe.event import kinds
from drawsafe.jit import inline_kernel, kernel

TOLERANCE = 1e-10


@kernel
def compare(keys, noise, a, b):
    """-1 when player ``a`` ranks above ``b``, 1 when below (0 only when ``a == b``).

    ``keys``, ``noise``: as in the module text; ``a``, ``b`` int64 player rows."""
    for k in range(keys.shape[1]):
        d = keys[a, k] - keys[b, k]
        if d > TOLERANCE:
            return -1
        if d < -TOLERANCE:
            return 1
    if noise[a] < noise[b]:
        return -1
    if noise[a] > noise[b]:
        return 1
    return 0 if a == b else (-1 if a < b else 1)


@kernel
def sort_segment(keys, noise, order, buf, lo, hi):
    """Sort ``order[lo:hi]`` in place on :func:`compare` (insertion sort when short, else a
    bottom-up merge sort through ``buf``).

    ``keys``, ``noise``, ``order``, ``lo``, ``hi``: as in the module text; ``buf`` int64[m]
    scratch (as long as ``order``)."""
    n = hi - lo
    if n <= 16:
        for i in range(lo + 1, hi):
            p = order[i]
            j = i - 1
            while j >= lo and compare(keys, noise, p, order[j]) < 0:
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = p
        return
    src = order
    dst = buf
    width = 1
    while width < n:
        for left in range(lo, hi, 2 * width):
            mid = min(left + width, hi)
            right = min(left + 2 * width, hi)
            i, j, o = left, mid, left
            while i < mid and j < right:
                if compare(keys, noise, src[j], src[i]) < 0:
                    dst[o] = src[j]
                    j += 1
                else:
                    dst[o] = src[i]
                    i += 1
                o += 1
            while i < mid:
                dst[o] = src[i]
                i += 1
                o += 1
            while j < right:
                dst[o] = src[j]
                j += 1
                o += 1
        src, dst = dst, src
        width *= 2
    if src is not order:
        for i in range(lo, hi):  # a loop: a slice copy compiles its error message (seconds)
            order[i] = src[i]


@kernel
def rank_order(keys, noise, members):
    """The players listed in ``members``, best first, on :func:`compare` (direct encounter uses it
    to find the groups tied on the keys before it; the standings use :func:`drawsafe.standings.order.refined_order`).

    The first key is points, whole numbers: players are first bucketed by points (a counting
    sort), then each point group is sorted on the full comparison.

    ``keys``, ``noise``: as in the module text; ``members`` int64[m] the player rows to order.
    Returns int64[m].
    """
    n = members.shape[0]
    order = members.copy()
    buf = np.empty_like(order)
    if n < 2:
        return order
    low = keys[members[0], 0]
    high = low
    whole = True
    for i in range(n):
        v = keys[members[i], 0]
        low = min(low, v)
        high = max(high, v)
        if v != np.floor(v):
            whole = False
    span = int(high - low) if whole else 0
    if not whole or span > 4 * n + 64:
        sort_segment(keys, noise, order, buf, 0, n)
        return order
    start = np.zeros(span + 2, dtype=np.int64)
    for i in range(n):
        start[int(high - keys[members[i], 0]) + 1] += 1
    for b in range(1, span + 2):
        start[b] += start[b - 1]
    fill = start.copy()
    for i in range(n):
        b = int(high - keys[members[i], 0])
        order[fill[b]] = members[i]
        fill[b] += 1
    for b in range(span + 1):
        if start[b + 1] - start[b] > 1:
            sort_segment(keys, noise, order, buf, start[b], start[b + 1])
    return order


@kernel
def same_values(keys, a, b):
    """True when players ``a`` and ``b`` are equal on every tiebreak value.

    ``keys``: as in the module text; ``a``, ``b`` int64 player rows."""
    for k in range(keys.shape[1]):
        if abs(keys[a, k] - keys[b, k]) > TOLERANCE:
            return False
    return True


def tie_groups(keys: np.ndarray, order: np.ndarray) -> np.ndarray:
    """For each position of ``order``, the position where its run of exactly tied players starts."""
    # same_values on whole arrays (a kernel call per neighbour took 17 ms at 20,000 players); a
    # NaN (a value not published) separates nobody, as there
    ranked = keys[order]
    differs = (np.abs(ranked[1:] - ranked[:-1]) > TOLERANCE).any(axis=1)
    first = np.zeros(len(order), dtype=np.int64)
    first[1:] = np.where(differs, np.arange(1, len(order)), 0)
    return np.maximum.accumulate(first) if len(order) else first


# --- Direct encounter: a group-dependent tiebreak, applied as a refinement of the ranking keys ---

#: Kernel code of direct encounter (``drawsafe.tiebreaks.chess.DE``).
DIRECT_ENCOUNTER = 36


@kernel
def same_prefix(keys, k, a, b):
    """True when players ``a`` and ``b`` are equal on the key columns ``0 .. k-1``.

    ``keys``: as in the module text; ``k`` int64 the columns compared; ``a``, ``b`` int64 player
    rows."""
    for j in range(k):
        if abs(keys[a, j] - keys[b, j]) > TOLERANCE:
            return False
    return True


@kernel
def encounter_points(k, gw, gl, points_table):
    """Points of a played game (pack units).

    ``k`` int the round's kind (a played game); ``gw``, ``gl`` int the games won and lost;
    ``points_table``: as in the module text."""
    if gw > gl:
        return points_table[kinds.WIN]
    if gw < gl:
        return points_table[kinds.LOSS]
    return points_table[kinds.DRAW]


@kernel
def split_group(order, lo, hi, token, tag, sc, mx, opp, kind, gw, gl, nr, points_table):
    """Score every member of ``order[lo:hi]`` against the others (games played over the board) and
    the most it could have had had it met all of them; True when all have met each other.

    ``order``, ``lo``, ``hi``, ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``: as in
    the module text; ``token`` int64 the group's mark and ``tag`` int64[n] each player's group
    mark (the members' set to ``token``); ``sc``, ``mx`` int64[n] written for the members (score,
    maximum)."""
    size = hi - lo
    for i in range(lo, hi):
        tag[order[i]] = token
    allmet = True
    for i in range(lo, hi):
        p = order[i]
        sc[p] = 0
        met = 0
        for r in range(nr):
            if kind[p, r] != kinds.PLAYED or tag[opp[p, r]] != token:
                continue
            o = opp[p, r]
            sc[p] += encounter_points(kind[p, r], gw[p, r], gl[p, r], points_table)
            again = False
            for q in range(r):
                if kind[p, q] == kinds.PLAYED and opp[p, q] == o:
                    again = True
            if not again:
                met += 1
        mx[p] = sc[p] + points_table[kinds.WIN] * (size - 1 - met)
        if met < size - 1:
            allmet = False
    # insertion sort of the segment: score, then maximum, both descending
    for i in range(lo + 1, hi):
        p = order[i]
        j = i - 1
        while j >= lo and (sc[order[j]] < sc[p]
                           or (sc[order[j]] == sc[p] and mx[order[j]] < mx[p])):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = p
    return allmet


@inline_kernel  # three places of direct_encounter_want's loop
def push_group(stack, sp, lo, hi):
    """Push the group ``order[lo:hi]`` on the work ``stack`` when it has two players or more (one
    alone is settled); returns the stack's new size.

    ``stack`` int64[>= sp + 2] (lo, hi) pairs and ``sp`` int64 its size; ``lo``, ``hi``: as in
    the module text."""
    if hi - lo >= 2:
        stack[sp] = lo
        stack[sp + 1] = hi
        sp += 2
    return sp


@kernel
def direct_encounter_column(keys, k, opp, kind, gw, gl, nr, points_table, swiss_rule):
    """Fill ``keys[:, k]`` with the direct-encounter value of every player.

    Players equal on columns ``0 .. k-1`` form a group.  If all of them have met each other (games
    played over the board), the points they scored in those games decide (FIDE annex 1998, 2.1.4;
    C.07 2023 art. 6); players still equal form a smaller group and the rule is applied again to
    their games among themselves, until nothing changes.  With ``swiss_rule`` (C.07 2023, as the
    FIDE TieBreakServer applies it to Swiss events) a group whose members have not all met still
    separates its leader when nobody else could reach the leader's score even by winning every
    game against the group members they did not meet; the rest is then treated as a new group.

    The value is the number of players of the group ranked below the player by direct encounter
    (0 when it does not separate them), so that higher is better and ties remain ties.

    ``keys`` (its column ``k``, an int64, written), ``opp``, ``kind``, ``gw``, ``gl``, ``nr``,
    ``points_table``: as in the module text; ``swiss_rule`` bool.
    """
    direct_encounter_want(keys, k, opp, kind, gw, gl, nr, points_table, swiss_rule,
                          np.ones(keys.shape[0], dtype=np.bool_))


@kernel
def direct_encounter_want(keys, k, opp, kind, gw, gl, nr, points_table, swiss_rule, want):
    """:func:`direct_encounter_column` for the players of ``want`` (bool[n]): the groups of equal
    players are formed among them (every group lies within a wanted point group: a cut's
    standings want whole point groups), the other rows get 0.

    ``keys`` float64[n, > k] (its column ``k`` written), ``k`` int64 the column, ``opp``,
    ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``: as in the module text; ``swiss_rule``
    bool; ``want`` bool[n] the players whose values are wanted."""
    n = keys.shape[0]
    for p in range(n):
        keys[p, k] = 0.0
    competed = np.zeros(n, dtype=np.bool_)  # wanted and in at least one round
    for p in range(n):
        if want[p]:
            for r in range(nr):
                if kind[p, r] != kinds.ABSENT:
                    competed[p] = True
                    break
    members = np.flatnonzero(competed).astype(np.int64)
    order = members if k == 0 else rank_order(keys[:, :k], np.zeros(n, dtype=np.uint64), members)
    m = order.shape[0]
    starts = np.zeros(m + 1, dtype=np.bool_)  # a group of equal players starts here
    brk = np.zeros(m + 1, dtype=np.bool_)  # a class (equal after direct encounter) starts here
    stack = np.empty(2 * m + 2, dtype=np.int64)
    sp = 0
    lo = 0
    for i in range(m + 1):
        if i == m or (i > 0 and not same_prefix(keys, k, order[i - 1], order[i])):
            starts[i] = True
            brk[i] = True
            sp = push_group(stack, sp, lo, i)
            lo = i
    starts[0] = brk[0] = True
    tag = np.full(n, -1, dtype=np.int64)
    sc = np.zeros(n, dtype=np.int64)
    mx = np.zeros(n, dtype=np.int64)
    token = 0
    while sp > 0:
        sp -= 2
        lo, hi = stack[sp], stack[sp + 1]
        allmet = split_group(order, lo, hi, token, tag, sc, mx, opp, kind, gw, gl, nr, points_table)
        token += 1
        if allmet:
            if sc[order[lo]] == sc[order[hi - 1]]:
                continue
            run = lo
            for i in range(lo + 1, hi + 1):
                if i == hi or sc[order[i]] != sc[order[run]]:
                    brk[i] = True
                    sp = push_group(stack, sp, run, i)
                    run = i
        elif swiss_rule:
            i = lo
            while i < hi - 1:
                best = mx[order[i + 1]]
                for j in range(i + 2, hi):
                    best = max(best, mx[order[j]])
                if sc[order[i]] <= best:
                    break
                brk[i + 1] = True
                i += 1
            if i > lo:
                sp = push_group(stack, sp, i, hi)
    below = 0
    size = 0
    for i in range(m - 1, -1, -1):
        size += 1
        if brk[i]:
            for j in range(i, i + size):
                keys[order[j], k] = below
            below += size
            size = 0
        if starts[i]:
            below = 0
