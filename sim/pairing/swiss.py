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

Parameters the kernels share (each kernel names those it takes, "as in the module text"):
``state`` uint64[2] the round's random stream (:mod:`drawsafe.rng`); ``players`` int64[k] the
rows of the players to pair; ``points`` int64[n] every player's points; ``had_bye`` bool[n] who
has had a bye; ``opp`` int32[n, rounds] the opponents' rows (-1: none) and ``nr`` int64 the
rounds played; ``seq`` int64[m] player rows in preference order; ``pa``, ``pb`` int64[>= k / 2]
the tables' two players, written.
"""

from __future__ import annotations

import numpy as np

from drawsafe.jit import kernel
from drawsafe.rng import next_u64, shuffle
from drawsafe.standings.sorting import points_groups

#: Backtracking steps before giving up on a rematch-free pairing (never reached in real fields).
MAX_STEPS = 200_000


@kernel
def have_met(opp, p, q, nr):
    """True when players ``p`` and ``q`` met in rounds ``0 .. nr - 1``.

    ``opp``, ``nr``: as in the module text; ``p``, ``q`` int64 player rows."""
    for r in range(nr):
        if opp[p, r] == q:
            return True
    return False


@kernel
def search_pairing(seq, opp, nr, partner, allowed):
    """Depth-first search for a pairing of ``seq`` in preference order with at most ``allowed``
    rematches: the first unpaired player meets the next unpaired one (a rematch only while the
    allowance lasts); when stuck, the latest choice moves on to its next candidate.

    Fills ``partner`` (positions in ``seq``); returns 1 when found, 0 when none exists, -1 when the
    search gave up after :data:`MAX_STEPS` steps.

    ``seq``, ``opp``, ``nr``: as in the module text; ``partner`` int64[m] written; ``allowed``
    int64 the rematches allowed.
    """
    n = seq.shape[0]
    partner[:] = -1
    stack_i = np.empty(n // 2 + 1, dtype=np.int64)
    stack_j = np.empty(n // 2 + 1, dtype=np.int64)
    stack_cost = np.zeros(n // 2 + 1, dtype=np.int64)
    depth = 0
    used = 0
    i = 0
    j_from = 0
    steps = 0
    while True:
        while i < n and partner[i] >= 0:
            i += 1
        if i >= n:
            return 1
        found = -1
        cost = 0
        j = max(j_from, i + 1)
        while j < n:
            if partner[j] < 0:
                # have_met(opp, seq[i], seq[j], nr), written out: calling it here cost about 2 us
                # per simulation at 1,024 players (benchmarks/throughput.py, one thread)
                met = False
                for r in range(nr):
                    met |= opp[seq[i], r] == seq[j]
                if not met or used < allowed:
                    found = j
                    cost = 1 if met else 0
                    break
            j += 1
        steps += 1
        if found >= 0:
            partner[i] = found
            partner[found] = i
            stack_i[depth] = i
            stack_j[depth] = found
            stack_cost[depth] = cost
            used += cost
            depth += 1
            j_from = 0
            i += 1
            continue
        if depth == 0:
            return 0
        if steps > MAX_STEPS:
            return -1
        depth -= 1
        bi = stack_i[depth]
        bj = stack_j[depth]
        used -= stack_cost[depth]
        partner[bi] = -1
        partner[bj] = -1
        i = bi
        j_from = bj + 1


@kernel
def pair_in_order(seq, opp, nr, pa, pb, start):
    """Pair the players of ``seq`` (even length) in preference order, without rematches if possible.

    When no rematch-free pairing exists (tiny events), the first pairing in the same preference
    order with one rematch is used, else with two, and so on: the fewest rematches.  A search that
    gives up (:data:`MAX_STEPS`, far beyond real events) moves on to the next allowance; allowing
    ``n // 2`` rematches always succeeds at once.  Writes tables ``start, start + 1, ...`` of
    ``pa``/``pb``; returns True when no rematch was needed.

    ``seq`` (of even length), ``opp``, ``nr``, ``pa``, ``pb``: as in the module text; ``start``
    int64 the first table written.
    """
    n = seq.shape[0]
    partner = np.full(n, -1, dtype=np.int64)
    ok = search_pairing(seq, opp, nr, partner, 0) == 1
    if not ok:
        for allowed in range(1, n // 2 + 1):
            if search_pairing(seq, opp, nr, partner, allowed) == 1:
                break
    t = start
    for k in range(n):
        if partner[k] > k:
            pa[t] = seq[k]
            pb[t] = seq[partner[k]]
            t += 1
    return ok


@kernel
def pairable(seq, opp, nr):
    """True when ``seq`` can be paired without a rematch.

    ``seq``, ``opp``, ``nr``: as in the module text."""
    partner = np.empty(seq.shape[0], dtype=np.int64)
    return search_pairing(seq, opp, nr, partner, 0) == 1


@kernel
def point_group_order(state, players, points):
    """``players`` sorted by points (high first), in random order within each point group.

    ``state``, ``players``, ``points``: as in the module text. Returns int64[k]."""
    n = players.shape[0]
    pts = np.empty(n, dtype=np.int64)  # gathered once
    for k in range(n):
        pts[k] = points[players[k]]
    out, ends = points_groups(pts, players)
    for b in range(ends.shape[0]):
        shuffle(state, out, ends[b - 1] if b > 0 else 0, ends[b])
    return out


@kernel
def bye_lowest_group(state, players, points, had_bye):
    """A random player of the lowest point group among those without a bye (position in ``players``).

    When everybody has had a bye, the same among everybody (a second bye cannot be avoided).

    ``state``, ``players``, ``points``, ``had_bye``: as in the module text.
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
    """The last player of ``seq`` without a bye (position), else the last player.

    ``seq``, ``had_bye``: as in the module text."""
    for k in range(seq.shape[0] - 1, -1, -1):
        if not had_bye[seq[k]]:
            return k
    return seq.shape[0] - 1


@kernel
def without(seq, k):
    """A new array: ``seq`` without its position ``k``.

    ``seq``: as in the module text; ``k`` int64 the position left out."""
    # element loops, not slice assignments: numba compiles a slice copy's shape-mismatch error
    # message (string formatting), seconds of the first run's compile
    out = np.empty(seq.shape[0] - 1, dtype=seq.dtype)
    for i in range(k):
        out[i] = seq[i]
    for i in range(k, out.shape[0]):
        out[i] = seq[i + 1]
    return out


@kernel
def pair_swiss(state, players, points, had_bye, opp, nr, pa, pb):
    """Pair a middle round.  Returns (tables, bye player or -1, no rematch needed).

    The bye is drawn first (lowest point group, no second bye); only if the others then cannot be
    paired without a rematch are the other players of that group without a bye tried.

    ``state``, ``players``, ``points``, ``had_bye``, ``opp``, ``nr``, ``pa``, ``pb``: as in the
    module text.
    """
    bye = -1
    pool = players
    if players.shape[0] % 2 == 1:
        k = bye_lowest_group(state, players, points, had_bye)
        pool = without(players, k)
        if not pairable(pool, opp, nr):
            k = better_bye(players, points, had_bye, opp, nr, k)
            pool = without(players, k)
        bye = players[k]
    seq = point_group_order(state, pool, points)
    ok = pair_in_order(seq, opp, nr, pa, pb, 0)
    return seq.shape[0] // 2, bye, ok


@kernel
def better_bye(players, points, had_bye, opp, nr, first):
    """Another allowed bye player (position: the group of ``first``, with a bye only if ``first``
    had one) that lets the others be paired without a rematch; ``first`` when none does.

    ``players``, ``points``, ``had_bye``, ``opp``, ``nr``: as in the module text; ``first`` int64
    the position of the bye drawn first."""
    for k in range(players.shape[0]):
        p = players[k]
        if k == first or points[p] != points[players[first]] or (had_bye[p] and not had_bye[players[first]]):
            continue
        if pairable(without(players, k), opp, nr):
            return k
    return first


@kernel
def pair_standings(ranked, had_bye, opp, nr, pa, pb):
    """Pair the last round by standings (``ranked`` best first).  Returns like :func:`pair_swiss`.

    The bye goes to the lowest-ranked player without one; if the others then cannot be paired
    without a rematch, to the next lowest-ranked without one who lets them.

    ``ranked`` int64[k] the players best first; ``had_bye``, ``opp``, ``nr``, ``pa``, ``pb``: as
    in the module text.
    """
    bye = -1
    seq = ranked
    if ranked.shape[0] % 2 == 1:
        k = bye_last_in_order(ranked, had_bye)
        seq = without(ranked, k)
        if not pairable(seq, opp, nr):
            for c in range(k - 1, -1, -1):
                if had_bye[ranked[c]] == had_bye[ranked[k]] and pairable(without(ranked, c), opp, nr):
                    k = c
                    break
            seq = without(ranked, k)
        bye = ranked[k]
    ok = pair_in_order(seq, opp, nr, pa, pb, 0)
    return seq.shape[0] // 2, bye, ok
