"""The compiled pass of the exact answer (:mod:`drawsafe.simulation.enumeration`): each chunk of
the combinations of the open tables' results, its standings ranked with the tiebreak kernels,
the cut shares and the contenders' figures summed.

Kernel parameters (each kernel names those it takes, "as in the module text"): ``work`` a
:class:`~drawsafe.engine.inputs.Played` bundle (the rounds, records and tie ``keys``), updated;
``nr`` int64 the rounds played; ``rules`` a :class:`~drawsafe.engine.inputs.Rules` bundle and
``points_table`` int64[N_POINTS] its points; ``members`` int64[m] the rows ranked; ``active``
bool[n] who plays on; ``top`` int64 the cut's size and ``cut_points`` int64 its points (>= 0: a
points cut); ``low_points`` int64 the lowest contender's lowest total; ``mw``, ``gwp`` float64[n]
MW% and GW% (scratch); ``share`` float64[n] each player's share of the cut and ``spans``
int64[n, 2] the first and last place of their class of exact ties, written; ``order`` int64[m]
the standings order and ``exact`` int64 how many of its places are exact; ``keys``
float64[n, n_keys] the tie keys (``work.keys``) and ``n_keys`` int64 the columns; the enumerated
tables (``k`` of them, ``t`` int64 one): ``ta``, ``tb_`` int64[k] their players, ``cur`` int64[k]
the outcome each holds (-1: none), ``tcls`` int64[k] the result of each, ``score``
int64[k, outcomes, 3] the game scores of each outcome, ``prior`` float64[k, outcomes] their
probabilities, ``res_p`` float64[k, 3] the results' probabilities, ``out_res`` int64[k, outcomes]
each outcome's result and ``n_out`` int64[k] the outcomes; ``assigned`` int64 the bit mask of the
tables that hold a game score of their own; ``excl`` float64[k] the weight without each table's
factor; ``c`` int64 the chunk; ``interest`` int64[n] each contender's index (-1: none); the chunk
sums (first index ``c``): ``base_cut`` float64[chunks, n], ``cond_res``
float64[chunks, contenders, k, 3], ``cond_var`` float64[chunks, contenders, k, outcomes],
``best``, ``worst``, ``best_at``, ``worst_at`` int64[chunks, contenders]; for the card's exact
what-if, ``joint`` float64[combinations, contenders, 2] (zero rows: not asked; each combination
of results is one chunk's alone) each contender's cut share in every combination, their own
table's factor left out, at their own table's intentional draw (column 0) and as it plays, each
outcome weighted by its probability if it plays (column 1), and ``joint_in`` the tuple (``own``
int64[contenders] the enumerated table each sits at (-1: none), ``id_out`` int64[k] each table's
intentional draw (-1: none), ``free_w`` float64[k, outcomes] each outcome's probability if the
table plays, ``free_res`` float64[k, 3] each result's).
"""

from __future__ import annotations

import numpy as np

from drawsafe.engine.inputs import Played
from drawsafe.engine.tables import write_played
from drawsafe.event import kinds
from drawsafe.jit import borrowed, inline_kernel, keep_alive, kernel
from drawsafe.standings.order import complete_keys, exact_depth, refined_order
from drawsafe.tiebreaks.ranking import TOLERANCE, same_prefix
from drawsafe.tiebreaks.values import REC_POINTS, add_round, remove_round, win_percentages

# --- the kernel --------------------------------------------------------------------------------

@kernel
def apply_outcome(work, r, a, b, sa, sb, sd, old_a, old_b, old_d, points_table, had):
    """Round ``r``'s result of ``a`` v ``b`` becomes ``sa``-``sb``-``sd`` (``had``: it held
    ``old_*`` before, to take out of the records first).

    ``work``, ``points_table``: as in the module text; ``r`` int64 the round; ``a``, ``b`` int64
    the players; ``sa``, ``sb``, ``sd`` int64 the new games (won by a, by b, drawn) and
    ``old_a``, ``old_b``, ``old_d`` int64 the old; ``had`` bool."""
    rec = work.rec
    if had:
        remove_round(rec, a, kinds.PLAYED, old_a, old_b, old_d, points_table)
        remove_round(rec, b, kinds.PLAYED, old_b, old_a, old_d, points_table)
    add_round(rec, a, kinds.PLAYED, sa, sb, sd, points_table)
    add_round(rec, b, kinds.PLAYED, sb, sa, sd, points_table)
    write_played(work.opp, work.kind, work.gw, work.gl, work.gd, r, a, b, sa, sb, sd)


@kernel
def set_table(work, r, t, o, cur, ta, tb_, score, points_table, dirty):
    """Table ``t`` of round ``r`` to its outcome ``o`` (``cur[t]``: the outcome it holds, -1 none);
    its players are marked ``dirty`` (their records changed).

    ``work``, ``t``, ``cur``, ``ta``, ``tb_``, ``score``, ``points_table``: as in the module
    text; ``r`` int64 the round; ``o`` int64 the outcome; ``dirty`` bool[n] updated."""
    if cur[t] == o:
        return
    dirty[ta[t]] = True
    dirty[tb_[t]] = True
    had = cur[t] >= 0
    c = cur[t] if had else 0
    apply_outcome(work, r, ta[t], tb_[t], score[t, o, 0], score[t, o, 1], score[t, o, 2],
                  score[t, c, 0], score[t, c, 1], score[t, c, 2], points_table, had)
    cur[t] = o


@inline_kernel
def at_least(members, rec, low_points):
    """How many of ``members`` have at least ``low_points`` points (the places that can matter).

    ``members``, ``low_points``: as in the module text; ``rec`` int64[n, REC] the records."""
    need = 0
    for i in range(members.shape[0]):
        if rec[members[i], REC_POINTS] >= low_points:
            need += 1
    return need


@inline_kernel
def exact_places(order, m, rec, active, need, top):
    """How many leading places of ``order`` are ranked exactly: ``need`` places and the cut's ``top``
    active players (:func:`~drawsafe.standings.order.exact_depth`), and on to the end of the last of
    them's points group.

    ``order``, ``active``, ``top``: as in the module text; ``m`` int64 the members ranked; ``rec``
    int64[n, REC] the records; ``need`` int64 (:func:`at_least`)."""
    exact = exact_depth(order[:m], active, need, top)
    while exact < m and exact > 0 and rec[order[exact], REC_POINTS] == rec[order[exact - 1], REC_POINTS]:
        exact += 1
    return exact


@kernel
def evaluate(work, nr, rules, ratings, members, active, noise, top, cut_points, low_points, mw, gwp, share,
             spans):
    """Rank the standings held in ``work``, exact down to the last player on at least
    ``low_points`` points (the lowest contender's: everyone who can matter): ``share[p]`` = player
    ``p``'s share of the cut (exact ties at the line share the places left), ``spans[p]`` = (first,
    last) place of ``p``'s class of exact ties (0-based).  Returns the order and how many of its
    places are exact.

    ``work``, ``nr``, ``rules``, ``members``, ``active``, ``top``, ``cut_points``,
    ``low_points``, ``mw``, ``gwp``, ``share``, ``spans``: as in the module text; ``ratings``
    float64[n]; ``noise`` uint64[n] the keys for exact ties."""
    codes, points_table, flags = rules.codes, rules.points_table, rules.flags
    m = members.shape[0]
    rec = work.rec
    need = at_least(members, rec, low_points)
    order = refined_order(work, nr, rules, ratings, members, noise, need, top, active)
    win_percentages(rec, points_table[kinds.WIN], mw, gwp)
    keys = work.keys
    # exact down to `need` places and to the cut: and the run of the last of them completes
    exact = exact_places(order, m, rec, active, need, top)
    for i in range(exact):
        complete_keys(order[i], mw, gwp, rec, work.opp, work.kind, nr, codes, flags, keys)
        share[order[i]] = 0.0
    n_keys = codes.shape[0]
    cut_shares(order, exact, keys, n_keys, active, rec, top, cut_points, share, spans)
    return order, exact


@kernel
def cut_shares(order, exact, keys, n_keys, active, rec, top, cut_points, share, spans):
    """Each player's share of the cut from the standings ``order`` (exact in its first ``exact``
    places, by the tie ``keys``): a points cut (``cut_points`` >= 0) takes every active player on
    its points whole; a cut of the first ``top`` active players shares the last places among the
    players exactly tied for them.  ``spans[p]`` gets the first and last place of ``p``'s tie.

    ``order``, ``exact``, ``keys``, ``n_keys``, ``active``, ``top``, ``cut_points``, ``share``,
    ``spans``: as in the module text; ``rec`` int64[n, 4] the summed records."""
    m = order.shape[0]
    if cut_points >= 0:
        for i in range(m):
            p = order[i]
            share[p] = 1.0 if active[p] and rec[p, REC_POINTS] >= cut_points else 0.0
    left = top
    i = 0
    while i < exact:
        j = i + 1
        while j < exact and same_prefix(keys, n_keys, order[i], order[j]):
            j += 1
        count = 0
        for q in range(i, j):
            spans[order[q], 0] = i
            spans[order[q], 1] = j - 1
            if active[order[q]]:
                count += 1
        if cut_points < 0 and count > 0 and left > 0:
            taken = min(left, count)
            for q in range(i, j):
                if active[order[q]]:
                    share[order[q]] = taken / count
            left -= taken
        i = j


@kernel
def evaluate_mtg(work, nr, rules, members, active, top, cut_points, low_points, mw, gwp, share, spans, order,
                 dirty, fresh_keys):
    """:func:`evaluate` for packs of MTG tiebreaks only, from the previous standings: the keys of
    the players whose records changed (``dirty``) and of their opponents are computed again
    (:func:`drawsafe.standings.order.complete_keys`, with ``fresh_keys`` everyone's), and
    ``order`` (every member) is sorted again by the full keys (an insertion sort: it was nearly
    sorted).  The order among exactly tied players is left as it falls: they share places.

    ``work``, ``nr``, ``rules``, ``members``, ``active``, ``top``, ``cut_points``,
    ``low_points``, ``mw``, ``gwp``, ``share``, ``spans``, ``order`` (updated): as in the module
    text; ``dirty`` bool[n] (cleared); ``fresh_keys`` bool."""
    codes, points_table, flags = rules.codes, rules.points_table, rules.flags
    rec, opp, kind, keys = work.rec, work.opp, work.kind, work.keys
    m = members.shape[0]
    n_keys = codes.shape[0]
    win_percentages(rec, points_table[kinds.WIN], mw, gwp)
    if fresh_keys:
        for i in range(m):
            complete_keys(members[i], mw, gwp, rec, opp, kind, nr, codes, flags, keys)
    else:
        for p in range(dirty.shape[0]):
            if not dirty[p]:
                continue
            complete_keys(p, mw, gwp, rec, opp, kind, nr, codes, flags, keys)
            for r in range(nr):
                o = opp[p, r]
                if o >= 0:
                    complete_keys(o, mw, gwp, rec, opp, kind, nr, codes, flags, keys)
    for p in range(dirty.shape[0]):
        dirty[p] = False
    for i in range(1, m):
        p = order[i]
        j = i - 1
        while j >= 0 and better(keys, p, order[j], n_keys):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = p
    exact = exact_places(order, m, rec, active, at_least(members, rec, low_points), top)
    for i in range(exact):
        share[order[i]] = 0.0
    cut_shares(order, exact, keys, n_keys, active, rec, top, cut_points, share, spans)
    return exact


@kernel
def line_class(order, exact, keys, active, share, upto):
    """The players equal, on the columns ``0 .. upto - 1``, to the last player in the cut:
    (first, last) positions in ``order``, and whether some of them are not wholly in the cut.

    ``order``, ``exact``, ``keys``, ``active``, ``share``: as in the module text; ``upto`` int64
    the columns compared."""
    last = -1
    for i in range(exact):
        if active[order[i]] and share[order[i]] > 0.0:
            last = i
    if last < 0:
        return 0, -1, False
    lo = last
    while lo > 0 and same_prefix(keys, upto, order[lo - 1], order[last]):
        lo -= 1
    hi = last
    while hi + 1 < exact and same_prefix(keys, upto, order[hi + 1], order[last]):
        hi += 1
    partly = False
    for i in range(lo, hi + 1):
        if active[order[i]] and share[order[i]] < 1.0:
            partly = True
    return lo, hi, partly


@kernel
def class_evaluate(work, nr, rules, active, top, c_lo, c_hi, order, mw, gwp, share):
    """Rank again only the players at positions ``c_lo .. c_hi`` of ``order`` (the class at the cut
    line, equal on every column the results decide), after a change of game scores: their keys
    (the others' places do not move), their order among themselves and their shares of the places
    left for them.

    ``work``, ``nr``, ``rules``, ``active``, ``top``, ``order`` (updated), ``mw``, ``gwp``,
    ``share``: as in the module text; ``c_lo``, ``c_hi`` int64 the class's positions (``c_hi``
    included)."""
    codes, points_table, flags = rules.codes, rules.points_table, rules.flags
    keys = work.keys
    n_keys = codes.shape[0]
    win_percentages(work.rec, points_table[kinds.WIN], mw, gwp)
    for i in range(c_lo, c_hi + 1):
        complete_keys(order[i], mw, gwp, work.rec, work.opp, work.kind, nr, codes, flags, keys)
    # insertion sort, best first (a handful of players)
    for i in range(c_lo + 1, c_hi + 1):
        p = order[i]
        j = i - 1
        while j >= c_lo and better(keys, p, order[j], n_keys):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = p
    left = top
    for i in range(c_lo):
        if active[order[i]]:
            left -= 1
    i = c_lo
    while i <= c_hi:
        j = i + 1
        while j <= c_hi and same_prefix(keys, n_keys, order[i], order[j]):
            j += 1
        count = 0
        for q in range(i, j):
            if active[order[q]]:
                count += 1
        taken = min(max(left, 0), count)
        for q in range(i, j):
            share[order[q]] = taken / count if active[order[q]] and count > 0 else 0.0
        left -= taken
        i = j


@kernel
def better(keys, p, q, n_keys):
    """Player ``p`` ranks strictly above ``q`` on the standings' columns (as
    :func:`drawsafe.tiebreaks.ranking.compare`, without the random key).

    ``keys``, ``n_keys``: as in the module text; ``p``, ``q`` int64 player rows."""
    for k in range(n_keys):
        d = keys[p, k] - keys[q, k]
        if d > TOLERANCE:
            return True
        if d < -TOLERANCE:
            return False
    return False


@kernel
def accumulate(c, weight, excl, assigned, cur, tcls, share, order, exact, interest, base_cut, cond_res,
               cond_var, s, joint_in, joint):
    """Add one evaluated standings (weight ``weight``; ``excl[t]``: the weight without table ``t``'s
    factor) of combination ``s`` to chunk ``c``'s sums; tables in the bit mask ``assigned`` hold a
    game score of their own (the others stand for every game score of their result).

    ``c``, ``excl``, ``assigned``, ``cur``, ``tcls``, ``share``, ``order``, ``exact``,
    ``interest``, ``base_cut``, ``cond_res``, ``cond_var``, ``joint_in``, ``joint`` (``base_cut``,
    ``cond_res``, ``cond_var`` and ``joint`` added to): as in the module text; ``weight`` float64;
    ``s`` int64."""
    k = cur.shape[0]
    own, id_out, free_w, free_res = joint_in
    for i in range(exact):
        p = order[i]
        x = share[p]
        if x > 0.0:
            base_cut[c, p] += weight * x
            q = interest[p]
            if q >= 0:
                for t in range(k):
                    if (assigned >> t) & 1:
                        cond_var[c, q, t, cur[t]] += excl[t] * x
                    else:
                        cond_res[c, q, t, tcls[t]] += excl[t] * x
                j = own[q] if joint.shape[0] > 0 else -1
                if j >= 0:  # the contender's own table: its intentional draw, and as it plays
                    e = excl[j] * x
                    if (assigned >> j) & 1:
                        if cur[j] == id_out[j]:
                            joint[s, q, 0] += e
                        joint[s, q, 1] += e * free_w[j, cur[j]]
                    else:
                        if tcls[j] == 1 and id_out[j] >= 0:  # result 1, a draw: it stands for the intentional one too
                            joint[s, q, 0] += e
                        joint[s, q, 1] += e * free_res[j, tcls[j]]


@kernel
def record_places(c, s, order, exact, spans, interest, best, worst, best_at, worst_at):
    """Each contender's best and worst place so far, and the combination of results it came in.

    ``c``, ``order``, ``exact``, ``spans``, ``interest``, ``best``, ``worst``, ``best_at``,
    ``worst_at`` (the last four updated): as in the module text; ``s`` int64 the combination of
    results."""
    for i in range(exact):
        p = order[i]
        q = interest[p]
        if q < 0:
            continue
        if spans[p, 0] < best[c, q]:
            best[c, q] = spans[p, 0]
            best_at[c, q] = s
        if spans[p, 1] > worst[c, q]:
            worst[c, q] = spans[p, 1]
            worst_at[c, q] = s


@kernel
def weights(cur, tcls, assigned, prior, res_p, pre, excl):
    """The weight of the standings held (tables in ``assigned`` at their game score's probability,
    the others at their result's), and into ``excl[t]`` the same without table ``t``'s factor.

    ``cur``, ``tcls``, ``assigned``, ``prior``, ``res_p``, ``excl`` (written): as in the module
    text; ``pre`` float64[k + 1] scratch."""
    k = cur.shape[0]
    pre[0] = 1.0
    for t in range(k):
        f = prior[t, cur[t]] if (assigned >> t) & 1 else res_p[t, tcls[t]]
        pre[t + 1] = pre[t] * f
    suffix = 1.0
    for t in range(k - 1, -1, -1):
        f = prior[t, cur[t]] if (assigned >> t) & 1 else res_p[t, tcls[t]]
        excl[t] = pre[t] * suffix
        suffix *= f
    return pre[k]


@kernel
def first_variant(t, res, out_res, n_out, after):
    """The first outcome of table ``t`` with result ``res`` after outcome ``after`` (-1: from the
    start); -1 when there is none.

    ``t``, ``out_res``, ``n_out``: as in the module text; ``res`` int64 the result; ``after``
    int64 an outcome (-1: none)."""
    o = after + 1
    while o < n_out[t] and out_res[t, o] != res:
        o += 1
    return o if o < n_out[t] else -1


@kernel
def enumerate_chunk(c, lo, hi, field, tables, rules, plan, out, joint_in):
    """Combinations of results ``lo .. hi - 1`` (mixed radix over the tables, table 0 slowest)
    into chunk ``c``'s sums (see :func:`enumerate_outcomes`).

    Where the players at the cut line are equal on every column the results decide, the game
    scores that decide the next column are tried (a depth-first search over the columns: the
    tables that enter column ``l + 1`` of the players still equal on columns ``0 .. l``), every
    other table standing for all its game scores at once.

    ``c``: as in the module text; ``lo``, ``hi`` int64 the combinations (``hi`` excluded);
    ``field`` the tuple (opp, kind, gw, gl, gd, rec, active, members, ratings) of the round's
    arrays; ``tables`` the tuple (``ta``, ``tb_``, radix, res_of, ``n_out``, ``out_res``,
    ``score``, ``prior``, ``res_p``, rep) of the enumerated tables; ``rules``: as in the module
    text; ``plan`` the tuple (nr, top, cut_points, low_points, prefix, col_depth, variant_cap,
    tmask, interest, mtg_only, eval_cap); ``out`` the tuple (``base_cut``, ``cond_res``,
    ``cond_var``, ``best``, ``worst``, ``best_at``, ``worst_at``, stats int64[chunks, 3],
    ``joint``) of the chunk sums (see :func:`enumerate_outcomes`); ``joint_in``: as in the module
    text."""
    # views without reference counts (drawsafe.jit.borrowed): numba counts every array passed to a
    # call atomically, a fifth of the time here; the inputs live in the caller, the work arrays
    # until keep_alive below
    field, tables, rules, plan, out = borrowed(field), borrowed(tables), borrowed(rules), borrowed(plan), \
        borrowed(out)
    opp0, kind0, gw0, gl0, gd0, rec0, active, members, ratings = field
    ta, tb_, radix, res_of, n_out, out_res, score, prior, res_p, rep = tables
    nr, top, cut_points, low_points, prefix, col_depth, variant_cap, tmask, interest, mtg_only, eval_cap = plan
    base_cut, cond_res, cond_var, best, worst, best_at, worst_at, stats, joint = out
    joint_in = borrowed(joint_in)
    n = opp0.shape[0]
    k = ta.shape[0]
    n_keys = rules.codes.shape[0]
    points_table = rules.points_table
    owned = Played(rec0.copy(), opp0.copy(), kind0.copy(), gw0.copy(), gl0.copy(), gd0.copy(),
                   np.zeros((n, n_keys)))
    work = borrowed(owned)
    own_f = np.zeros(4 * n + 2 * k + 1)
    own_i = np.zeros(3 * n + 4 * k + 2 * (n_keys + 1), dtype=np.int64)
    own_u = np.zeros(n, dtype=np.uint64)
    own_b = np.zeros(n, dtype=np.bool_)
    f, i_, noise, dirty = borrowed(own_f), borrowed(own_i), borrowed(own_u), borrowed(own_b)
    mw, gwp, share = f[:n], f[n:2 * n], f[2 * n:3 * n]
    excl, pre = f[3 * n:3 * n + k], f[3 * n + k:3 * n + 2 * k + 1]
    spans = i_[:2 * n].reshape((n, 2))
    order = i_[2 * n:3 * n]
    for q in range(min(members.shape[0], n)):
        order[q] = members[q]
    order = order[:members.shape[0]]
    base = 3 * n
    cur, digits, tcls = i_[base:base + k], i_[base + k:base + 2 * k], i_[base + 2 * k:base + 3 * k]
    push_col = i_[base + 4 * k:base + 4 * k + n_keys + 1]
    push_mask = i_[base + 4 * k + n_keys + 1:base + 4 * k + 2 * (n_keys + 1)]
    for t in range(k):
        cur[t] = -1
    started = False
    r = nr - 1
    x = lo
    for t in range(k - 1, -1, -1):
        digits[t] = x % radix[t]
        x //= radix[t]
    evaluations = 0
    for s in range(lo, hi):
        zeros = 0
        for t in range(k):
            tcls[t] = res_of[t, digits[t]]
            if res_p[t, tcls[t]] == 0.0:
                zeros += 1
        if zeros <= 1:  # with two zero-weight results every weight of this combination is zero
            for t in range(k):
                set_table(work, r, t, rep[t, tcls[t]], cur, ta, tb_, score, points_table, dirty)
            if mtg_only:
                exact = evaluate_mtg(work, nr, rules, members, active, top, cut_points, low_points, mw, gwp,
                                     share, spans, order, dirty, not started)
                started = True
            else:
                order, exact = evaluate(work, nr, rules, ratings, members, active, noise, top, cut_points,
                                        low_points, mw, gwp, share, spans)
            record_places(c, s, order, exact, spans, interest, best, worst, best_at, worst_at)
            evaluations += 1
            used = 1
            r_lo, r_hi, _ = line_class(order, exact, work.keys, active, share, prefix + 1)
            assigned = np.int64(0)
            depth = 0
            col = prefix
            while True:
                # is the cut decided on columns 0 .. col of the players at the line?
                visit_done = False
                while not visit_done:
                    c_lo, c_hi, partly = line_class(order, exact, work.keys, active, share, col + 1)
                    if cut_points >= 0 or not partly or col + 1 >= n_keys:
                        weight = weights(cur, tcls, assigned, prior, res_p, pre, excl)
                        accumulate(c, weight, excl, assigned, cur, tcls, share, order, exact, interest,
                                   base_cut, cond_res, cond_var, s, joint_in, joint)
                        visit_done = True
                        break
                    d = col_depth[col + 1]
                    fresh = np.int64(0)
                    if d >= 0:
                        for i in range(c_lo, c_hi + 1):
                            if active[order[i]]:
                                fresh |= tmask[d, order[i]]
                        fresh &= ~assigned
                    col += 1
                    if fresh != 0:
                        push_col[depth] = col
                        push_mask[depth] = fresh
                        depth += 1
                        assigned |= fresh
                        for t in range(k):
                            if (fresh >> t) & 1:
                                set_table(work, r, t, first_variant(t, tcls[t], out_res, n_out, -1), cur, ta,
                                          tb_, score, points_table, dirty)
                        class_evaluate(work, nr, rules, active, top, r_lo, r_hi, order, mw, gwp, share)
                        evaluations, used = evaluations + 1, used + 1
                        if used > variant_cap:
                            stats[c, 1] = 1
                            return
                # backtrack: the next game scores of the deepest pushed level
                advanced = False
                while depth > 0 and not advanced:
                    mask = push_mask[depth - 1]
                    for t in range(k - 1, -1, -1):  # odometer over the level's tables
                        if not (mask >> t) & 1:
                            continue
                        o = first_variant(t, tcls[t], out_res, n_out, cur[t])
                        if o >= 0:
                            set_table(work, r, t, o, cur, ta, tb_, score, points_table, dirty)
                            advanced = True
                            break
                        set_table(work, r, t, first_variant(t, tcls[t], out_res, n_out, -1), cur, ta, tb_,
                                  score, points_table, dirty)
                    if not advanced:
                        for t in range(k):
                            if (mask >> t) & 1:
                                set_table(work, r, t, rep[t, tcls[t]], cur, ta, tb_, score, points_table, dirty)
                        assigned &= ~mask
                        depth -= 1
                if not advanced:
                    break
                col = push_col[depth - 1]
                class_evaluate(work, nr, rules, active, top, r_lo, r_hi, order, mw, gwp, share)
                evaluations, used = evaluations + 1, used + 1
                if used > variant_cap:
                    stats[c, 1] = 1
                    return
            if used > 1:
                stats[c, 2] += 1
            if evaluations > eval_cap:
                stats[c, 1] = 2
                return
        # the next combination of results
        t = k - 1
        while t >= 0:
            digits[t] += 1
            if digits[t] < radix[t]:
                break
            digits[t] = 0
            t -= 1
    stats[c, 0] = evaluations
    keep_alive(owned)
    keep_alive(own_f)
    keep_alive(own_i)
    keep_alive(own_u)
    keep_alive(own_b)


