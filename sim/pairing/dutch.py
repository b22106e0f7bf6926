"""Chess pairing: an approximation of the FIDE (Dutch) system (Handbook C.04.3), as numba kernels.

:func:`pair_dutch` pairs one round the way FIDE-endorsed programs (JaVaFo, bbpPairings, Swiss
Manager) do in most rounds of a real open, close enough that the odds it feeds do not depend on the
difference.  It is deterministic: the Dutch system draws nothing at random (``state`` is accepted
only so the engine can call it like :func:`drawsafe.pairing.swiss.pair_swiss`).

Inputs (as :func:`drawsafe.pairing.swiss.pair_swiss`, plus ratings): ``players`` the active players, ``points``
per player in the pack's units (half points), ``had_bye`` the players who may not get the bye (in
the Dutch: a pairing-allocated bye or a forfeit win already), ``opp[p, r]`` for rounds ``r < nr``
(-1: no opponent) and ``ratings`` (0 = unrated).  FIDE programs only forbid pairs who *played*
(bbpPairings builds its forbidden pairs from games played): a caller that wants this passes
``opp`` without the forfeited games.

What is implemented
-------------------
- **Order** (C.04.3 A.2): players ranked by score, then rating (high first; 0 = unrated, last),
  then player index (standing in for the pairing number's alphabetical/title tie-break).
- **Brackets** (A.3): score groups from the top.  A bracket is the players who floated down from
  above (moved-down players, MDPs, best first) followed by the group's own players ("residents").
- **Homogeneous bracket / remainder** of ``r`` players and ``p = r // 2`` pairs: S1 = the top ``p``,
  S2 = the rest; S1[i] meets S2[i] (so round 1 with 8 players is 1 v 5, 2 v 6, 3 v 7, 4 v 8).  With
  an odd bracket the last S2 player (the lowest rated) is left over and floats down.
- **Transpositions** (D.1): when S1[i] v S2[i] would be a rematch, the S2 orders are tried in
  lexicographic order (S1[0]'s opponent varies last): 1-4, 2-5, 3-6 becomes 1-5, 2-4, 3-6 ...
- **Exchanges** (D.2) of one S1 player with one S2 player, in the Dutch order: smallest difference
  of their bracket numbers first, then the lowest S1 player; after each, S1 and S2 are re-sorted and
  their transpositions tried.
- **Heterogeneous bracket** (MDPs present): the MDPs form S1 and meet the best residents (S1[i] v
  S2[i], transpositions in lexicographic order), as many MDPs as possible (M1 from the maximum
  down, the best MDPs first, then the other subsets of MDPs in lexicographic order); the residents
  left, with any MDP not paired (the "limbo"), form the remainder, paired as above.
- **Most pairs** (C.5): fewer pairs (more floaters) are tried only when no candidate with more
  pairs works.
- **Completion** (C.4): a candidate is taken only when everybody below it (its floaters and all
  lower groups) can still be paired without a rematch (:func:`drawsafe.pairing.search.rematch_free`,
  exact), so an upper bracket gives way when the players at the bottom would otherwise be stuck.
- **Absolute criteria**: no rematch (C.1); no second pairing-allocated bye (C.2).
- **Bye** (A.5, and the 2025 rule "fewest unplayed games for the bye"): among the players who have
  had no bye, the lowest score group first, within it the players with the fewest rounds without an
  opponent, then the lowest ranked (lowest rating); the first of them whose absence leaves a pairing
  without rematches gets it.  When no such choice exists the first candidate gets it and the others
  are paired in ranking order (1 v 2, 3 v 4) with rematches, reported as ``ok = False``.  When
  everybody has had a bye, everybody is a candidate.

What is approximated or left out
--------------------------------
- **Colours** (A.6-A.7, C.8-C.13 and the colour allocation rules) are ignored: the engine does not
  keep colour histories and the result model gives white no edge, so colours change no odds except
  through the choice among equally good transpositions.  In the real system a transposition or
  exchange is often chosen to satisfy colour preferences; here the first rematch-free one is taken.
- **Float history** (C.14-C.21: no player floats down twice in a row, etc.) is ignored.
- **Exchanges of two or more players**: when neither the transpositions nor the single exchanges
  work, every remaining way to pair the bracket with the same number of pairs is tried in the
  order "the highest unpaired player takes the highest unpaired player they have not met, else
  floats" (:func:`drawsafe.pairing.search.next_matching`), instead of the Dutch order of multiple
  exchanges.  This needs brackets so full of rematches that it is rare before the last rounds of
  small events.
- **Heterogeneous brackets**: the Dutch maximises the pairs of the whole bracket (C.5) before the
  number of MDPs paired (C.6); here MDPs paired come first.  MDPs in the limbo may meet each other
  in the remainder (the Dutch would float them on); both differ only in rematch-dense brackets.
- **Collapsed last bracket** (A.9) is not needed: the completion test already keeps every upper
  bracket from stranding the players below.
- **Bye**: chosen before the brackets are paired (the Dutch leaves it to the last bracket); a player
  who won by forfeit is ineligible in the Dutch (C.2): the caller decides by setting ``had_bye``.
  "Unplayed games" are counted as rounds without an opponent in ``opp`` (byes, absences); a forfeit,
  which has an opponent there, is not counted (the Dutch counts it).
- **Search budget**: each way of pairing a bracket gets :data:`LEVEL_STEPS` steps per number of
  pairs (then one more pair floats), the whole round :data:`MAX_STEPS`; when
  that runs out (never in events of realistic size) the round is paired by
  :func:`drawsafe.pairing.swiss.pair_in_order` in ranking order, still without avoidable rematches.

Kernel parameters (each kernel names those it takes, "as in the module text"): ``state``
uint64[2] a random stream (unused); ``players`` int64[k] the rows of the players to pair;
``points`` int64[n]; ``had_bye`` bool[n]; ``opp`` int32[n, rounds] and ``nr`` int64; ``ratings``
float64[n] (all as above); ``seq``, ``posof``, ``mark``, ``steps`` as in
:mod:`drawsafe.pairing.search` (``seq`` int64[N] the players in ranking order, ``posof``
int64[n], ``mark`` int64[N] scratch, ``steps`` int64[4]); ``group`` int64[>= r] positions in
``seq``, best first, and ``r`` int64 how many; ``end`` int64 the position where the next bracket
starts; ``floaters`` int64[N] the positions of the players floating down; ``pa``,
``pb`` int64[>= k / 2] the tables' two players, written from table ``t`` (int64) on.
"""

from __future__ import annotations

import numpy as np

from drawsafe.jit import borrowed, keep_alive, kernel
from drawsafe.pairing.search import (
    MAX_STEPS,
    new_budget,
    next_assignment,
    next_combination,
    next_matching,
    rematch_free,
    surely_pairable,
)
from drawsafe.pairing.swiss import pair_in_order

#: Search steps for one number of pairs of one bracket before floating one more pair down.
LEVEL_STEPS = 50_000

#: Rows of the scratch array ``ws`` (int64[SCRATCH_ROWS, N + 1]) that one round's brackets share:
#: allocated once per round instead of about fifteen arrays per bracket (an allocation costs more
#: than a small bracket's search; benchmarks/NOTES.md, issue 51).  Each kernel owns its rows.
B_MDP, B_RES, B_GROUP, B_CHOICE, B_COMB, B_S1 = 0, 1, 2, 3, 4, 5
R_S1, R_S2, R_CHOICE, R_FLO, R_PART, R_STACK, R_S1POS, R_S2POS, R_ST = 6, 7, 8, 9, 10, 11, 12, 13, 14
A_CAND = 15
V_REST = 16
SCRATCH_ROWS = 17


@kernel
def ranks_before(p, q, points, ratings):
    """True when player ``p`` ranks above ``q``: more points, else higher rating, else lower index.

    ``p``, ``q`` int64 player rows; ``points``, ``ratings``: as in the module text."""
    if points[p] != points[q]:
        return points[p] > points[q]
    if ratings[p] != ratings[q]:
        return ratings[p] > ratings[q]
    return p < q


@kernel
def rank_order(players, points, ratings):
    """``players`` in ranking order (:func:`ranks_before`), by a bottom-up merge sort (plain loops
    compile far faster than numba's ``argsort``).

    ``players``, ``points``, ``ratings``: as in the module text. Returns int64[k]."""
    n = players.shape[0]
    a = players.copy()
    b = np.empty(n, dtype=np.int64)
    width = 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i, j = lo, mid
            for k in range(lo, hi):
                if i < mid and (j >= hi or not ranks_before(a[j], a[i], points, ratings)):
                    b[k] = a[i]
                    i += 1
                else:
                    b[k] = a[j]
                    j += 1
        a, b = b, a
        width *= 2
    return a


@kernel
def viable(group, r, lower, n, seq, posof, opp, nr, mark, steps, rest):
    """Completion test for positions ``group[:r]`` plus every position from ``lower`` to ``n``.

    ``group``, ``r``, ``seq``, ``posof``, ``opp``, ``nr``, ``mark``, ``steps``: as in the module
    text; ``lower``, ``n`` int64 positions; ``rest`` int64[>= r + n - lower] scratch."""
    total = r + n - lower
    if surely_pairable(total, nr):
        return 1
    for k in range(r):
        rest[k] = group[k]
    for k in range(lower, n):
        rest[r + k - lower] = k
    return rematch_free(rest, total, seq, posof, opp, nr, mark, steps)


@kernel
def positions_of(seq, size):
    """``posof`` (:mod:`drawsafe.pairing.search`) of ``seq`` (as in the module text) for ``size``
    (int64) players."""
    posof = np.full(size, -1, dtype=np.int64)
    for k in range(seq.shape[0]):
        posof[seq[k]] = k
    return posof


@kernel
def choose_bye(seq, points, had_bye, posof, opp, nr, mark, steps):
    """Position of the bye (see the module text) and whether the others can avoid rematches.

    Candidates: the players without a bye (everybody when all have had one), lowest score group
    first; within a group the fewest rounds without an opponent, then the lowest ranked.  The first
    candidate whose absence leaves a rematch-free pairing gets the bye, else the first candidate.

    ``seq``, ``points``, ``had_bye``, ``posof``, ``opp``, ``nr``, ``mark``, ``steps``: as in the
    module text.
    """
    n = seq.shape[0]
    someone = False
    for k in range(n):
        someone = someone or not had_bye[seq[k]]
    unplayed = np.zeros(n, dtype=np.int64)
    for k in range(n):
        for r in range(nr):
            unplayed[k] += opp[seq[k], r] < 0
    fallback = -1
    rest = np.empty(n - 1, dtype=np.int64)
    hi = n - 1
    while hi >= 0:  # score groups from the bottom: positions lo .. hi
        lo = hi
        while lo > 0 and points[seq[lo - 1]] == points[seq[hi]]:
            lo -= 1
        for u in range(nr + 1):
            for k in range(hi, lo - 1, -1):
                if unplayed[k] != u or (someone and had_bye[seq[k]]):
                    continue
                if fallback < 0:
                    fallback = k
                for i in range(n - 1):
                    rest[i] = i if i < k else i + 1
                if rematch_free(rest, n - 1, seq, posof, opp, nr, mark, steps) != 0:
                    return k, True
        hi = lo - 1
    return fallback, False


@kernel
def pair_dutch(state, players, points, had_bye, opp, nr, ratings, pa, pb):
    """Pair one round by the Dutch system as described in the module text.

    Returns (tables written to ``pa``/``pb`` from 0, bye player or -1, no rematch was needed).

    ``state``, ``players``, ``points``, ``had_bye``, ``opp``, ``nr``, ``ratings``, ``pa``,
    ``pb``: as in the module text.
    """
    return pair_dutch_budget(players, points, had_bye, opp, nr, ratings, pa, pb, MAX_STEPS,
                             LEVEL_STEPS)


@kernel
def pair_dutch_budget(players, points, had_bye, opp, nr, ratings, pa, pb, max_steps,
                      level_steps):
    """:func:`pair_dutch` with explicit search budgets (the tests use tiny ones to exercise the
    fallbacks).

    ``players``, ``points``, ``had_bye``, ``opp``, ``nr``, ``ratings``, ``pa``, ``pb``: as in the
    module text; ``max_steps``, ``level_steps`` int64 the budgets
    (:func:`drawsafe.pairing.search.new_budget`)."""
    seq = rank_order(players, points, ratings)
    size = points.shape[0]
    steps = new_budget(max_steps, level_steps)
    mark = np.zeros(seq.shape[0], dtype=np.int64)
    bye = -1
    ok = True
    if seq.shape[0] % 2 == 1:
        k, ok = choose_bye(seq, points, had_bye, positions_of(seq, size), opp, nr, mark,
                           steps)
        bye = seq[k]
        for i in range(k, seq.shape[0] - 1):
            seq[i] = seq[i + 1]
        seq = seq[:seq.shape[0] - 1]
    n = seq.shape[0]
    posof = positions_of(seq, size)
    owned = np.empty((SCRATCH_ROWS, n + 1), dtype=np.int64)
    owned_used = np.empty((2, n + 1), dtype=np.bool_)
    ws, wb = borrowed(owned), borrowed(owned_used)  # views without reference counts (jit.borrowed)
    if ok:
        ok = viable(seq, 0, 0, n, seq, posof, opp, nr, mark, steps, ws[V_REST]) != 0
    if not ok:  # no pairing without a rematch: ranking order
        for t in range(n // 2):
            pa[t] = seq[2 * t]
            pb[t] = seq[2 * t + 1]
        return n // 2, bye, False
    floaters = np.empty(n, dtype=np.int64)  # score groups from the top
    nfl = 0
    t = 0
    g = 0
    code = 1
    while g < n and code == 1:
        end = g + 1
        while end < n and points[seq[end]] == points[seq[g]]:
            end += 1
        code, t, nfl = pair_bracket(floaters, nfl, g, end, seq, posof, opp, nr, mark, steps,
                                    pa, pb, t, ws, wb)
        g = end
    keep_alive(owned)
    keep_alive(owned_used)
    if code == 1 and nfl == 0:
        return n // 2, bye, True
    return n // 2, bye, pair_in_order(seq, opp, nr, pa, pb, 0)


@kernel
def pair_bracket(floaters, m, g, end, seq, posof, opp, nr, mark, steps, pa, pb, t, ws, wb):
    """Pair the bracket of MDPs ``floaters[:m]`` and residents at positions ``g .. end - 1``.

    Returns (code, tables written so far, new floaters written to ``floaters``).

    ``floaters`` (as in the module text), of which ``m`` (int64) are the bracket's MDPs; ``g``
    int64 the first resident's position; ``end``, ``seq``, ``posof``, ``opp``, ``nr``, ``mark``,
    ``steps``, ``pa``, ``pb``, ``t``: as in the module text; ``ws`` int64[SCRATCH_ROWS, >= n + 1]
    and ``wb`` bool[2, >= n + 1] the round's scratch (rows B_* and 0 here, the rest for
    :func:`pair_remainder`).
    """
    n = seq.shape[0]
    mdp = ws[B_MDP]
    for i in range(m):
        mdp[i] = floaters[i]
    nres = end - g
    res = ws[B_RES]
    for j in range(nres):
        res[j] = g + j
    group, choice, comb, s1 = ws[B_GROUP], ws[B_CHOICE], ws[B_COMB], ws[B_S1]
    used = wb[0]
    for j in range(nres):
        used[j] = False
    for m1 in range(min(m, nres), -1, -1):
        start = steps[0]
        for i in range(m1):
            comb[i] = i
        more = True
        while more:
            for i in range(m1):
                s1[i] = mdp[comb[i]]
            for j in range(nres):
                used[j] = False
            fresh = True
            while steps[0] - start <= steps[3] or m1 == 0:
                c = next_assignment(s1, m1, res, nres, choice, used, fresh, seq, opp, nr, steps)
                fresh = False
                if c != 1:
                    if c == -1:
                        return -1, t, 0
                    break
                r = 0
                ci = 0
                for i in range(m):  # the limbo: MDPs not paired with residents
                    if ci < m1 and comb[ci] == i:
                        ci += 1
                    else:
                        group[r] = mdp[i]
                        r += 1
                for j in range(nres):
                    if not used[j]:
                        group[r] = res[j]
                        r += 1
                v = viable(group, r, end, n, seq, posof, opp, nr, mark, steps, ws[V_REST])
                if v == -1:
                    return -1, t, 0
                if v == 1:
                    for i in range(m1):
                        pa[t] = seq[s1[i]]
                        pb[t] = seq[res[choice[i]]]
                        t += 1
                    return pair_remainder(group, r, end, floaters, seq, posof, opp, nr, mark,
                                          steps, pa, pb, t, ws, wb)
            more = steps[0] - start <= steps[3] and next_combination(comb, m1, m)
    return 0, t, 0


@kernel
def accept(group, flo, nfl, end, floaters, seq, posof, opp, nr, mark, steps, ws):
    """Completion test of a candidate whose floaters are ``group[flo[:nfl]]``; on success they are
    copied to ``floaters``.  Returns 1, 0 or -1 (budget).  (The last bracket has no floaters: only
    its full number of pairs is tried.)

    ``group``, ``end``, ``floaters``, ``seq``, ``posof``, ``opp``, ``nr``, ``mark``, ``steps``:
    as in the module text; ``flo`` int64[>= nfl] indices into ``group`` and ``nfl`` int64 how
    many; ``ws`` int64[SCRATCH_ROWS, >= n + 1] the round's scratch (:func:`pair_bracket`, rows A_CAND
    and V_REST here)."""
    n = seq.shape[0]
    cand = ws[A_CAND]
    for i in range(nfl):
        cand[i] = group[flo[i]]
    v = viable(cand, nfl, end, n, seq, posof, opp, nr, mark, steps, ws[V_REST])
    if v == 1:
        for i in range(nfl):
            floaters[i] = cand[i]
    return v


@kernel
def pair_remainder(group, r, end, floaters, seq, posof, opp, nr, mark, steps, pa, pb, t, ws, wb):
    """Pair ``group[:r]`` (positions, best first) as a homogeneous bracket whose floaters go on to
    the bracket starting at ``end``.  Returns (code, tables so far, number of floaters).

    ``group``, ``r``, ``end``, ``floaters``, ``seq``, ``posof``, ``opp``, ``nr``, ``mark``,
    ``steps``, ``pa``, ``pb``, ``t``: as in the module text; ``ws`` int64[SCRATCH_ROWS, >= n + 1] and
    ``wb`` bool[2, >= n + 1] the round's scratch (:func:`pair_bracket`, rows R_*, A_CAND, V_REST and 1
    here)."""
    last = end == seq.shape[0]
    pmax = r // 2
    s1, s2, choice, flo, part, stack = ws[R_S1], ws[R_S2], ws[R_CHOICE], ws[R_FLO], ws[R_PART], \
        ws[R_STACK]
    s1pos, s2pos = ws[R_S1POS], ws[R_S2POS]
    used = wb[1]
    for j in range(r):
        used[j] = False
    st = ws[R_ST, :4]
    for j in range(4):
        st[j] = 0
    for p in range(pmax, (pmax if last else 0) - 1, -1):
        q = r - p
        start = steps[0]
        spent = False
        for d in range(r):  # d = 0: no exchange; d > 0: one S1 player a for one S2 player a + d
            hi = -1 if d == 0 else min(p - 1, r - 1 - d)
            lo = -1 if d == 0 else max(0, p - d)
            for a in range(hi, lo - 1, -1):
                spent = steps[0] - start > steps[3] and not last
                if spent:
                    break
                b = a + d
                k1 = 0
                k2 = 0
                if a >= 0:
                    s2[0] = a
                    k2 = 1
                for i in range(r):
                    if a >= 0 and (i == a or i == b):
                        continue
                    if i < p:
                        s1[k1] = i
                        k1 += 1
                    else:
                        s2[k2] = i
                        k2 += 1
                if a >= 0:
                    s1[k1] = b
                for i in range(p):
                    s1pos[i] = group[s1[i]]
                for i in range(q):
                    s2pos[i] = group[s2[i]]
                for j in range(q):
                    used[j] = False
                fresh = True
                while not spent:
                    c = next_assignment(s1pos, p, s2pos, q, choice, used, fresh, seq, opp, nr,
                                        steps)
                    fresh = False
                    if c == -1:
                        return -1, t, 0
                    if c == 0:
                        break
                    nfl = 0
                    for j in range(q):
                        if not used[j]:
                            flo[nfl] = s2[j]
                            nfl += 1
                    v = accept(group, flo, nfl, end, floaters, seq, posof, opp, nr, mark, steps, ws)
                    if v == -1:
                        return -1, t, 0
                    if v == 1:
                        for i in range(p):
                            pa[t] = seq[s1pos[i]]
                            pb[t] = seq[s2pos[choice[i]]]
                            t += 1
                        return 1, t, nfl
                    spent = steps[0] - start > steps[3] and not last
            if spent:
                break
        start = steps[0]
        st[3] = 1
        while steps[0] - start <= steps[3] or last:
            c = next_matching(group, r, r - 2 * p, part, stack, st, seq, opp, nr, steps)
            if c == -1:
                return -1, t, 0
            if c == 0:
                break
            nfl = 0
            for i in range(r):
                if part[i] == -1:
                    flo[nfl] = i
                    nfl += 1
            v = accept(group, flo, nfl, end, floaters, seq, posof, opp, nr, mark, steps, ws)
            if v == -1:
                return -1, t, 0
            if v == 1:
                for i in range(r):
                    if part[i] > i:
                        pa[t] = seq[group[i]]
                        pb[t] = seq[group[part[i]]]
                        t += 1
                return 1, t, nfl
    return 0, t, 0
