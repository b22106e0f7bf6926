"""Search tools for pairing systems that try candidates in a preference order (the Dutch system).

A pairing system like FIDE's Dutch system does not greedily pair the first two players it likes: it
lists candidate pairings of a score bracket in a fixed order of preference and takes the first one
that breaks no absolute rule (no rematch) and still lets every player below be paired (the Dutch
"completion criterion").  This module holds the three pieces such a search needs, as numba kernels
that work on *positions* in a ranked sequence ``seq`` (``seq[k]`` is a player index):

- :func:`rematch_free`, the completion test: can a set of players all be paired without a rematch?
  A rematch-free pairing is a perfect matching in the graph of pairs who have not met.  Each player
  has met at most ``nr`` others, so in a set of ``n >= 2 nr + 2`` players everybody has at least
  ``n / 2`` possible opponents and, by Dirac's theorem (such a graph has a Hamiltonian cycle; every
  other edge of it is a perfect matching), a pairing exists: the answer costs nothing.  Smaller
  sets are searched exactly: a depth-first search on 64-bit masks that always pairs next the player
  with the fewest possible opponents left (which proves "impossible" quickly).  (A set of more than
  64 players that Dirac's bound does not settle needs 32+ rounds; the answer is then "unknown".)
- :func:`next_assignment`, the Dutch *transpositions*: every way to give each S1 player a distinct
  S2 opponent they have not met, in lexicographic order of the S2 positions (S1[0]'s opponent
  first, then S1[1]'s, ...), one per call.
- :func:`next_matching`, an exhaustive enumeration of every way to pair a bracket with exactly a
  given number of players left over (floaters), in "highest unpaired player takes the highest
  possible opponent, else floats" order, one per call.

The searches share a step counter ``steps[0]`` (``steps[1]`` numbers the completion tests,
``steps[2]`` is the budget, :data:`MAX_STEPS` by default, ``steps[3]`` is the caller's); a function
returns -1 when the budget is spent, and the caller falls back to a plain search.

Parameters the kernels share (each kernel names those it takes, "as in the module text"): ``seq``
int64[N] the player rows in ranking order (positions index it); ``posof`` int64[n] each player's
position in ``seq`` (-1: not in it); ``opp`` int32[n, rounds] the opponents' rows (-1: none) and
``nr`` int64 the rounds played; ``mark`` int64[N] scratch; ``steps`` int64[4] the step counter
and budgets above (:func:`new_budget`).
"""

from __future__ import annotations

import numpy as np

from drawsafe.jit import kernel
from drawsafe.pairing.swiss import have_met

#: Search steps (candidate tries, weighted completion tests) per round before giving up.
MAX_STEPS = 2_000_000


@kernel
def new_budget(max_steps, level_steps):
    """The ``steps`` array: counter, completion-test stamp, budget, the caller's level budget.

    ``max_steps`` int64 the round's budget; ``level_steps`` int64 the budget of one number of
    pairs of one bracket."""
    steps = np.zeros(4, dtype=np.int64)
    steps[2] = max_steps
    steps[3] = level_steps
    return steps

ONE = np.uint64(1)
ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
K1 = np.uint64(0x5555555555555555)
K2 = np.uint64(0x3333333333333333)
K4 = np.uint64(0x0F0F0F0F0F0F0F0F)
K8 = np.uint64(0x0101010101010101)
S1_ = np.uint64(1)
S2_ = np.uint64(2)
S4_ = np.uint64(4)
S56 = np.uint64(56)


@kernel
def popcount(x):
    """Number of set bits of a uint64 (the classic SWAR sum).

    ``x`` uint64."""
    x = x - ((x >> S1_) & K1)
    x = (x & K2) + ((x >> S2_) & K2)
    x = (x + (x >> S4_)) & K4
    return np.int64((x * K8) >> S56)


@kernel
def surely_pairable(n, nr):
    """True when any ``n`` players (``n`` even) can be paired without a rematch after ``nr`` rounds
    (Dirac's bound, see the module text).

    ``n`` int64 the players; ``nr``: as in the module text."""
    return n % 2 == 0 and n >= 2 * nr + 2


@kernel
def rematch_free(rest, n, seq, posof, opp, nr, mark, steps):
    """1 when the players at positions ``rest[:n]`` of ``seq`` can all be paired without a rematch,
    0 when they cannot, -1 when the search budget is spent.

    ``posof[player]`` is the player's position in ``seq`` (-1 when not in it); ``mark`` is scratch
    of ``seq``'s length.

    ``rest`` int64[>= n] positions in ``seq`` and ``n`` int64 how many; ``seq``, ``posof``,
    ``opp``, ``nr``, ``mark``, ``steps``: as in the module text.
    """
    if n == 0:
        return 1
    if n % 2 == 1:
        return 0
    if surely_pairable(n, nr):
        return 1
    steps[1] += 1
    stamp = steps[1]
    steps[0] += 1 + n // 8
    if n > 64:  # only possible after 32+ rounds: unknown, the caller falls back
        return -1
    for k in range(n):
        mark[rest[k]] = stamp
    local = np.full(seq.shape[0], -1, dtype=np.int64)
    for k in range(n):
        local[rest[k]] = k
    full = ALL if n == 64 else (ONE << np.uint64(n)) - ONE
    adj = np.empty(n, dtype=np.uint64)
    for k in range(n):
        a = full & ~(ONE << np.uint64(k))
        p = seq[rest[k]]
        for r in range(nr):
            q = opp[p, r]
            if q >= 0 and posof[q] >= 0 and mark[posof[q]] == stamp:
                a &= ~(ONE << np.uint64(local[posof[q]]))
        adj[k] = a
    return perfect_matching(adj, n, full, steps)


@kernel
def perfect_matching(adj, n, full, steps):
    """1 when the graph ``adj`` (bit masks over ``n`` <= 64 vertices) has a perfect matching, 0 when
    not, -1 when the budget is spent.  Depth-first, pairing the most constrained vertex first.

    ``adj`` uint64[n] each vertex's neighbours as a bit mask; ``n`` int64 the vertices; ``full``
    uint64 the mask of the vertices to match; ``steps``: as in the module text."""
    depth = 0
    stack_free = np.empty(n // 2 + 1, dtype=np.uint64)
    stack_v = np.empty(n // 2 + 1, dtype=np.int64)
    stack_cand = np.empty(n // 2 + 1, dtype=np.uint64)
    free = full
    while True:
        steps[0] += 1
        if steps[0] > steps[2]:
            return -1
        if free == 0:
            return 1
        best = -1
        fewest = 65
        cand = np.uint64(0)
        for k in range(n):
            if (free >> np.uint64(k)) & ONE:
                c = adj[k] & free
                count = popcount(c)
                if count < fewest:
                    best, fewest, cand = k, count, c
                    if count == 0:
                        break
        stack_free[depth] = free
        stack_v[depth] = best
        stack_cand[depth] = cand
        depth += 1
        while True:  # the deepest level with an opponent left to try
            if depth == 0:
                return 0
            c = stack_cand[depth - 1]
            if c != 0:
                low = c & (~c + ONE)
                stack_cand[depth - 1] = c ^ low
                free = stack_free[depth - 1] & ~(low | (ONE << np.uint64(stack_v[depth - 1])))
                break
            depth -= 1


@kernel
def next_assignment(s1, k, s2, m, choice, used, fresh, seq, opp, nr, steps):
    """The next transposition: ``choice[i]`` (an index into ``s2[:m]``) for each S1 slot ``i < k``,
    all distinct, no rematch, in lexicographic order.  Returns 1 (found), 0 (no more), -1 (budget).

    With ``fresh`` the enumeration starts over (``used[:m]`` must be all False); otherwise it resumes
    after the assignment found by the previous call.

    ``s1`` int64[>= k] the S1 positions and ``k`` int64 their number; ``s2`` int64[>= m] the S2
    positions and ``m`` int64 their number; ``choice`` int64[>= k] written; ``used`` bool[>= m]
    which S2 slots are taken (kept between calls); ``fresh`` bool; ``seq``, ``opp``, ``nr``,
    ``steps``: as in the module text.
    """
    if fresh:
        if k == 0:
            return 1
        i = 0
        start = 0
    else:
        if k == 0:
            return 0
        i = k - 1
        used[choice[i]] = False
        start = choice[i] + 1
    while True:
        steps[0] += 1
        if steps[0] > steps[2]:
            return -1
        j = start
        while j < m and (used[j] or have_met(opp, seq[s1[i]], seq[s2[j]], nr)):
            j += 1
        if j < m:
            choice[i] = j
            used[j] = True
            i += 1
            start = 0
            if i == k:
                return 1
        else:
            i -= 1
            if i < 0:
                return 0
            used[choice[i]] = False
            start = choice[i] + 1


@kernel
def next_matching(group, r, floats, part, stack, st, seq, opp, nr, steps):
    """The next way to pair ``group[:r]`` (positions, best first) leaving exactly ``floats`` players
    unpaired.  Returns 1 (found: ``part[i]`` is i's partner index or -1 for a floater), 0 (no more),
    -1 (budget).

    Order: the highest undecided player takes the highest undecided player below them whom they have
    not met, or else floats; backtracking moves the latest choice on.  ``st`` holds the state between
    calls: ``[depth, floaters so far, undecided players, fresh]``; set ``st[3] = 1`` to start over.

    ``group`` int64[>= r] positions and ``r`` int64 their number; ``floats`` int64 the players
    left unpaired; ``part`` int64[>= r] written; ``stack`` int64[>= r] kept between calls; ``st``
    int64[4] the state; ``seq``, ``opp``, ``nr``, ``steps``: as in the module text.
    """
    if st[3] == 1:
        st[3] = 0
        for i in range(r):
            part[i] = -2
        depth, nf, u = 0, 0, r
        backtrack = False
    else:
        depth, nf, u = st[0], st[1], st[2]
        backtrack = True
    i = 0
    opt = 0
    while True:
        if backtrack:
            if depth == 0:
                return 0
            depth -= 1
            i = stack[depth]
            c = part[i]
            if c >= 0:
                part[c] = -2
                u += 2
                opt = c + 1
            else:
                nf -= 1
                u += 1
                opt = r + 1
            part[i] = -2
        else:
            i = stack[depth - 1] + 1 if depth > 0 else 0
            while i < r and part[i] != -2:
                i += 1
            if i == r:
                st[0], st[1], st[2] = depth, nf, u
                return 1
            opt = i + 1
        steps[0] += 1
        if steps[0] > steps[2]:
            return -1
        j = opt
        if j < r and u - 2 >= floats - nf:
            while j < r and (part[j] != -2 or have_met(opp, seq[group[i]], seq[group[j]], nr)):
                j += 1
        else:
            j = max(j, r)
        if j < r:
            part[i] = j
            part[j] = i
            u -= 2
        elif j == r and nf < floats:
            part[i] = -1
            nf += 1
            u -= 1
        else:
            backtrack = True
            continue
        stack[depth] = i
        depth += 1
        backtrack = False


@kernel
def next_combination(comb, k, m):
    """Advance ``comb[:k]`` to the next k-subset of ``0 .. m-1`` in lexicographic order.

    ``comb`` int64[>= k] the subset, advanced in place; ``k`` int64 its size; ``m`` int64 the
    size of the set."""
    i = k - 1
    while i >= 0 and comb[i] == m - k + i:
        i -= 1
    if i < 0:
        return False
    comb[i] += 1
    for j in range(i + 1, k):
        comb[j] = comb[j - 1] + 1
    return True
