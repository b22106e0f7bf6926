"""Swiss pairing as cobra (Netrunner's tournament manager) does it, as a numba kernel.

cobra pairs every round after the first by a maximum-weight matching: each possible table weighs
minus the square of its players' points difference, a rematch is not a possible table, the bye is an
opponent on 0 points that only players without a bye may get, and the players are shuffled first
(ties between equally good matchings fall at random); there is no special last round
(Project-NISEI/cobra, ``app/services/pairing_strategies``).  On the 34 Swiss rounds after the first
of the 12 real cobra exports, every real pairing has the least total squared difference
(``benchmarks/cobra_pairing.py``); the point-group pairing of :mod:`drawsafe.pairing.swiss` reaches
it in 86% of its draws only.

:func:`pair_weighted` starts from the point-group pairing of :func:`drawsafe.pairing.swiss.pair_swiss`:
when it costs the field's lower bound below, it is a least-cost matching; otherwise it is the
incumbent (its rematches, when it needs one, cost more than any clean matching: the bye may go to a
higher group to avoid them) of a depth-first branch and bound over the players
sorted by points (random order within a point group): the first unpaired player takes each
possible partner in turn, nearest in points first, and a branch is cut when its cost so far plus a
lower bound of the rest reaches the best matching found.  The bound pairs the rest neighbour with
neighbour in points order, which is the least cost without the no-rematch rule (for a convex cost
of the difference, the optimal matching of points on a line pairs neighbours).  The search stops
after :data:`MAX_NODES` steps with the best matching found (the point-group one when none beat
it); when no matching avoids a rematch, the point groups' fewest rematches stand.

Kernel parameters (each kernel names those it takes, "as in the module text"): ``seq`` int64[N]
the player rows by points, high first (-1: the bye, last); ``pts`` int64[N] their points by
position; ``opp`` int32[n, rounds] the opponents' rows and ``nr`` int64 the rounds played;
``had_bye`` bool[n] who has had a bye.
"""

from __future__ import annotations

import numpy as np

from drawsafe.jit import kernel
from drawsafe.pairing.swiss import have_met, pair_swiss, point_group_order

#: Branch-and-bound steps before the best matching found so far is taken (a matching that reaches
#: the bound of the whole field ends the search at once: no rematch stood in the way).
MAX_NODES = 100
#: A table that may not be played (a rematch, a second bye).
FORBIDDEN = np.int64(1) << np.int64(60)


@kernel
def table_cost(seq, pts, opp, nr, had_bye, i, j):
    """Cost of seating positions ``i`` and ``j`` of ``seq`` together (``seq[j] < 0``: the bye).

    ``seq``, ``pts``, ``opp``, ``nr``, ``had_bye``: as in the module text; ``i``, ``j`` int64
    positions."""
    if seq[j] < 0:
        return FORBIDDEN if had_bye[seq[i]] else pts[i] * pts[i]
    if seq[i] < 0:
        return FORBIDDEN if had_bye[seq[j]] else pts[j] * pts[j]
    if have_met(opp, seq[i], seq[j], nr):
        return FORBIDDEN
    d = pts[i] - pts[j]
    return d * d


@kernel
def neighbour_bound(pts, partner, skip_a, skip_b):
    """Least cost of pairing the unpaired positions (other than ``skip_a``, ``skip_b``) with no
    rule but points: neighbours in points order.

    ``pts``: as in the module text; ``partner`` int64[N] each position's partner (-1: unpaired);
    ``skip_a``, ``skip_b`` int64 positions left out (-1: none)."""
    total = 0
    held = -1
    for k in range(pts.shape[0]):
        if partner[k] >= 0 or k == skip_a or k == skip_b:
            continue
        if held < 0:
            held = k
        else:
            d = pts[held] - pts[k]
            total += d * d
            held = -1
    return total


@kernel
def least_cost_matching(seq, pts, opp, nr, had_bye, best_partner, incumbent, floor):
    """Branch and bound over ``seq`` (sorted by points, high first; ``-1``: the bye, last) for a
    matching cheaper than ``incumbent``: ``best_partner[k]`` the position seated with ``k``.
    Returns the least cost found (``incumbent`` when none is cheaper) and whether the search
    finished.

    ``seq``, ``pts``, ``opp``, ``nr``, ``had_bye``: as in the module text; ``best_partner``
    int64[N] written; ``incumbent`` int64 the cost to beat; ``floor`` int64 the field's lower bound
    (:func:`neighbour_bound` with nobody seated: nothing costs less)."""
    n = seq.shape[0]
    partner = np.full(n, -1, dtype=np.int64)
    stack_i = np.empty(n // 2 + 1, dtype=np.int64)
    stack_j = np.empty(n // 2 + 1, dtype=np.int64)
    stack_c = np.empty(n // 2 + 1, dtype=np.int64)
    best = incumbent
    depth = 0
    cost = 0
    i = 0
    j_from = 1
    nodes = 0
    while True:
        while i < n and partner[i] >= 0:
            i += 1
        if i >= n:  # everyone seated: a better matching (the bound cut every other)
            best = cost
            for k in range(n):
                best_partner[k] = partner[k]
            if best == floor:
                return best, True
            j_from = n  # backtrack
        moved = False
        if i < n:
            for j in range(max(j_from, i + 1), n):
                if partner[j] >= 0:
                    continue
                c = table_cost(seq, pts, opp, nr, had_bye, i, j)
                if c >= FORBIDDEN:
                    continue
                nodes += 1
                if cost + c + neighbour_bound(pts, partner, i, j) >= best:
                    continue
                partner[i] = j
                partner[j] = i
                stack_i[depth] = i
                stack_j[depth] = j
                stack_c[depth] = c
                depth += 1
                cost += c
                i = 0
                j_from = 1
                moved = True
                break
        if moved:
            if nodes > MAX_NODES:
                return best, False
            continue
        if depth == 0:
            return best, True
        depth -= 1
        bi, bj = stack_i[depth], stack_j[depth]
        partner[bi] = -1
        partner[bj] = -1
        cost -= stack_c[depth]
        i = bi
        j_from = bj + 1
        if nodes > MAX_NODES:
            return best, False


@kernel
def pair_weighted(state, players, points, had_bye, opp, nr, pa, pb):
    """Pair a round as cobra does (see the module text).  ``state`` uint64[2] the round's random
    stream; ``players`` int64[k] the active players; ``points`` int64[n]; ``had_bye`` bool[n];
    ``opp`` int32[n, rounds] and ``nr`` int64 the rounds played (no rematch); ``pa``, ``pb``
    int64[n + 1] tables written from 0.  Returns (tables, bye player or -1, no rematch was
    needed)."""
    # the point-group pairing first: it is the least-cost one whenever it costs the field's bound
    # (no rematch in the way), and otherwise the incumbent the search must beat
    m, bye, ok = pair_swiss(state, players, points, had_bye, opp, nr, pa, pb)
    incumbent = FORBIDDEN  # with a rematch (a bye outside the lowest group may avoid it)
    if ok:
        incumbent = points[bye] * points[bye] if bye >= 0 else 0
        for t in range(m):
            d = points[pa[t]] - points[pb[t]]
            incumbent += d * d
    order = point_group_order(state, players, points)
    k = order.shape[0]
    n = k + (k % 2)
    seq = np.full(n, -1, dtype=np.int64)  # an odd field's last seat is the bye, on 0 points
    pts = np.zeros(n, dtype=np.int64)
    for q in range(k):
        seq[q] = order[q]
        pts[q] = points[order[q]]
    partner = np.full(n, -1, dtype=np.int64)
    floor = neighbour_bound(pts, partner, -1, -1)
    if floor >= incumbent:
        return m, bye, ok  # the point-group pairing reaches the lower bound: it is a least-cost one
    best, _ = least_cost_matching(seq, pts, opp, nr, had_bye, partner, incumbent, floor)
    if best >= incumbent:
        return m, bye, ok
    t = 0
    bye = -1
    for q in range(n):
        o = partner[q]
        if o <= q:
            continue
        if seq[q] < 0 or seq[o] < 0:
            bye = seq[o] if seq[q] < 0 else seq[q]
            continue
        pa[t] = seq[q]
        pb[t] = seq[o]
        t += 1
    return t, bye, True
