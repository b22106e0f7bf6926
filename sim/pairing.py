"""Swiss pairing as MTG event software (melee.gg, EventLink) does it, as numba kernels.

Rounds 2 .. N-1 (and round 1, where everyone has 0 points): players in point groups, random order
inside a group, paired from the top group down: the first unpaired player meets the next unpaired
player in that order whom they have not met, so an odd player in a group is paired down into the
next group.  Nobody gets a second bye; the bye (odd number of players) goes to a player of the
lowest point group who has had none, chosen at random.

Last Swiss round, paired by standings: the same rule on the standings order: 1 v 2, 3 v 4, ...;
when 1 and 2 have met, 1 v 3 and 2 v 4, cascading.  The bye goes to the lowest-ranked player who has
had none.

"First unpaired meets the next one they have not met" is a greedy rule, and greedy pairing can get
stuck near the bottom with only rematches left.  :func:`pair_in_order` backtracks (a depth-first
search over the same preference order) so a rematch happens only when no pairing without one
exists; then (tiny events) it pairs in order regardless and reports the rematch.
"""

from __future__ import annotations

import numpy as np

from sim.jit import kernel
from sim.rng import next_u64, shuffle

#: Backtracking steps before giving up on a rematch-free pairing (never reached in real fields).
MAX_STEPS = 200_000


@kernel
def have_met(opp, p, q, nr):
    for r in range(nr):
        if opp[p, r] == q:
            return True
    return False


@kernel
def pair_in_order(seq, opp, nr, pa, pb, start):
    """Pair the players of ``seq`` (even length) in preference order, without rematches if possible.

    Writes tables ``start, start + 1, ...`` of ``pa``/``pb``; returns True when no rematch was needed.
    """
    n = seq.shape[0]
    partner = np.full(n, -1, dtype=np.int64)
    stack_i = np.empty(n // 2 + 1, dtype=np.int64)
    stack_j = np.empty(n // 2 + 1, dtype=np.int64)
    depth = 0
    i = 0
    j_from = 0
    steps = 0
    ok = True
    while True:
        while i < n and partner[i] >= 0:
            i += 1
        if i >= n:
            break
        found = -1
        j = max(j_from, i + 1)
        while j < n:
            if partner[j] < 0 and not have_met(opp, seq[i], seq[j], nr):
                found = j
                break
            j += 1
        steps += 1
        if found >= 0:
            partner[i] = found
            partner[found] = i
            stack_i[depth] = i
            stack_j[depth] = found
            depth += 1
            j_from = 0
            i += 1
            continue
        if depth == 0 or steps > MAX_STEPS:
            ok = False
            break
        depth -= 1
        bi = stack_i[depth]
        bj = stack_j[depth]
        partner[bi] = -1
        partner[bj] = -1
        i = bi
        j_from = bj + 1
    if not ok:  # no rematch-free pairing: pair in order
        for k in range(n):
            partner[k] = k + 1 if k % 2 == 0 else k - 1
    t = start
    for k in range(n):
        if partner[k] > k:
            pa[t] = seq[k]
            pb[t] = seq[partner[k]]
            t += 1
    return ok


@kernel
def point_group_order(state, players, points):
    """``players`` sorted by points (high first), in random order within each point group."""
    n = players.shape[0]
    out = np.empty(n, dtype=np.int64)
    if n == 0:
        return out
    high = points[players[0]]
    low = high
    for k in range(n):
        high = max(high, points[players[k]])
        low = min(low, points[players[k]])
    start = np.zeros(high - low + 2, dtype=np.int64)
    for k in range(n):
        start[high - points[players[k]] + 1] += 1
    for b in range(1, start.shape[0]):
        start[b] += start[b - 1]
    fill = start.copy()
    for k in range(n):
        b = high - points[players[k]]
        out[fill[b]] = players[k]
        fill[b] += 1
    for b in range(start.shape[0] - 1):
        shuffle(state, out, start[b], start[b + 1])
    return out


@kernel
def bye_lowest_group(state, players, points, had_bye):
    """A random player of the lowest point group among those without a bye (position in ``players``).

    When everybody has had a bye, the same among everybody (a second bye cannot be avoided).
    """
    n = players.shape[0]
    best = np.iinfo(np.int64).max
    count = 0
    for any_player in range(2):
        for k in range(n):
            p = players[k]
            if had_bye[p] and any_player == 0:
                continue
            if points[p] < best:
                best = points[p]
                count = 1
            elif points[p] == best:
                count += 1
        if count > 0:
            pick = np.int64(next_u64(state) % np.uint64(count))
            for k in range(n):
                p = players[k]
                if (not had_bye[p] or any_player == 1) and points[p] == best:
                    if pick == 0:
                        return k
                    pick -= 1
    return n - 1


@kernel
def bye_last_in_order(seq, had_bye):
    """The last player of ``seq`` without a bye (position), else the last player."""
    for k in range(seq.shape[0] - 1, -1, -1):
        if not had_bye[seq[k]]:
            return k
    return seq.shape[0] - 1


@kernel
def without(seq, k):
    out = np.empty(seq.shape[0] - 1, dtype=seq.dtype)
    out[:k] = seq[:k]
    out[k:] = seq[k + 1:]
    return out


@kernel
def pair_swiss(state, players, points, had_bye, opp, nr, pa, pb):
    """Pair a middle round.  Returns (tables, bye player or -1, no rematch needed)."""
    bye = -1
    pool = players
    if players.shape[0] % 2 == 1:
        k = bye_lowest_group(state, players, points, had_bye)
        bye = players[k]
        pool = without(players, k)
    seq = point_group_order(state, pool, points)
    ok = pair_in_order(seq, opp, nr, pa, pb, 0)
    return seq.shape[0] // 2, bye, ok


@kernel
def pair_standings(ranked, had_bye, opp, nr, pa, pb):
    """Pair the last round by standings (``ranked`` best first).  Returns like :func:`pair_swiss`."""
    bye = -1
    seq = ranked
    if ranked.shape[0] % 2 == 1:
        k = bye_last_in_order(ranked, had_bye)
        bye = ranked[k]
        seq = without(ranked, k)
    ok = pair_in_order(seq, opp, nr, pa, pb, 0)
    return seq.shape[0] // 2, bye, ok
