"""The last Swiss round in progress, exactly: every outcome of its open tables, enumerated.

When the last round's pairings are published and only a few tables have not reported, the odds
need no simulation: every way the open tables can end is listed with its probability under the
result model, the final standings of each are ranked with the same tiebreak kernels as
``drawsafe standings`` and every simulation (:func:`drawsafe.standings.order.refined_order`), and
the cut odds are the weighted sums.  Exactly tied players at the cut line share the places left
(each active player of a tied class gets ``places / players``), as the random order of the
simulations does on average.

What makes it fast enough (three results per table rather than every game score):

- **Tables that cannot matter.**  A player is *settled* when points alone decide them: fewer than
  ``top`` others can reach their lowest total (in whatever happens), or ``top`` others are sure to
  finish above their highest.  A table none of whose players, nor any player whose tiebreaks its
  result enters (opponents, and opponents' opponents for keys such as OOWP: :data:`DEPTH`), is
  unsettled cannot change who makes the cut; it is held at its most likely outcome and not
  enumerated.
- **Results first, game scores where they decide.**  Points and the tiebreaks that read match
  results only (OMW%, OWP, Buchholz...) do not depend on game scores.  The results of the open
  tables are enumerated (``3^k``), each with the most likely game score; only where the players
  equal on points and on those leading tiebreaks straddle the cut line are the game scores of the
  tables that enter their later tiebreaks (GW%, OGW%) enumerated too, every variant with the
  result model's weight.  Everything else is summed out exactly.

Besides every player's P(cut), one pass gives, for every enumerated table and each of its
outcomes, the contenders' P(cut) given that outcome (what "root for" and draw or play read,
including an intentional draw 0-0-3 that the result model alone never plays), and each
contender's best and worst final place over every combination of results (game scores as most
likely; exact ties counted at the tied class's best and worst place), with the results that lead
there.

The plain-Python twin, ``tests/naive_enumeration.py``, enumerates every game score of every open
table without these shortcuts; the tests compare them.

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
``best``, ``worst``, ``best_at``, ``worst_at`` int64[chunks, contenders].
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.inputs import Played, Rules
from drawsafe.engine.results import win_probability
from drawsafe.engine.tables import write_played
from drawsafe.errors import UsageError
from drawsafe.event import kinds
from drawsafe.jit import borrowed, in_chunks, keep_alive, kernel
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import FirstRound, Simulator
from drawsafe.standings.order import complete_keys, refined_order
from drawsafe.tiebreaks.packs import BY_CODE, RulePack
from drawsafe.tiebreaks.ranking import TOLERANCE
from drawsafe.tiebreaks.values import REC_POINTS, add_round, remove_round, win_percentages

#: Default: the answer is exact when at most this many open tables can still matter.
EXACT_TABLES = 12
#: Most combinations of game scores enumerated for one combination of results (beyond: no exact
#: answer, the command simulates instead and says why).
VARIANT_CAP = 20_000
#: Most standings evaluated in all (a guard against game scores deciding the line in most
#: combinations; counted per chunk of combinations, so the same on any number of threads).
EVALUATION_CAP = 60_000_000
#: The incremental evaluation of MTG packs (False: every standings ranked afresh, for tests).
FAST = True

A_WINS, DRAW, B_WINS = 0, 1, 2
RESULT_NAMES = ("A wins", "draw", "B wins")

def key_depths(codes) -> tuple[int, np.ndarray, int]:
    """For the pack's kernel codes (points first): how far a result reaches into anyone's
    standings columns, each column's reach of a game score (-1: the column reads results only) and
    how many leading tiebreaks read results only (columns ``0 .. prefix`` never depend on game
    scores).  Each tiebreak declares its reach (:attr:`drawsafe.tiebreaks.packs.Tiebreak.reach`).

    :raises ValueError: for a code no declared tiebreak has."""
    depth, prefix, leading = 0, 0, True
    col_depth = np.full(len(codes), -1, dtype=np.int64)
    for i, c in enumerate(int(x) for x in codes):
        if i == 0:
            continue
        t = BY_CODE.get(c)
        if t is None:
            raise ValueError(f"tiebreak code {c} is not declared in drawsafe.tiebreaks.packs.TIEBREAKS")
        depth = max(depth, t.reach)
        if not t.games:
            if leading:
                prefix += 1
        else:
            leading = False
            col_depth[i] = t.reach
    return depth, col_depth, prefix


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


@kernel
def same_keys(keys, p, q, upto):
    """Players ``p`` and ``q`` equal on the standings' columns ``0 .. upto - 1`` (within
    :data:`~drawsafe.tiebreaks.ranking.TOLERANCE`: the same fraction summed in another order is the
    same number, as the standings order has it).

    ``keys``: as in the module text; ``p``, ``q`` int64 player rows; ``upto`` int64 the columns
    compared."""
    for k in range(upto):
        if abs(keys[p, k] - keys[q, k]) > TOLERANCE:
            return False
    return True


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
    need = 0
    for i in range(m):
        if rec[members[i], REC_POINTS] >= low_points:
            need += 1
    order = refined_order(work, nr, rules, ratings, members, noise, need, top, active)
    win_percentages(rec, points_table[kinds.WIN], mw, gwp)
    keys = work.keys
    # exact down to `need` places and to the cut: and the run of the last of them completes
    exact = 0
    placed = 0
    while exact < m and (exact < need or placed < top):
        if active[order[exact]]:
            placed += 1
        exact += 1
    while exact < m and rec[order[exact], REC_POINTS] == rec[order[exact - 1], REC_POINTS] and exact > 0:
        exact += 1
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
        while j < exact and same_keys(keys, order[i], order[j], n_keys):
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
    need = 0
    for i in range(m):
        if rec[members[i], REC_POINTS] >= low_points:
            need += 1
    exact = 0
    placed = 0
    while exact < m and (exact < need or placed < top):
        if active[order[exact]]:
            placed += 1
        exact += 1
    while exact < m and exact > 0 and rec[order[exact], REC_POINTS] == rec[order[exact - 1], REC_POINTS]:
        exact += 1
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
    while lo > 0 and same_keys(keys, order[lo - 1], order[last], upto):
        lo -= 1
    hi = last
    while hi + 1 < exact and same_keys(keys, order[hi + 1], order[last], upto):
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
        while j <= c_hi and same_keys(keys, order[i], order[j], n_keys):
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
               cond_var):
    """Add one evaluated standings (weight ``weight``; ``excl[t]``: the weight without table ``t``'s
    factor) to chunk ``c``'s sums; tables in the bit mask ``assigned`` hold a game score of their
    own (the others stand for every game score of their result).

    ``c``, ``excl``, ``assigned``, ``cur``, ``tcls``, ``share``, ``order``, ``exact``,
    ``interest``, ``base_cut``, ``cond_res``, ``cond_var`` (the last three added to): as in the
    module text; ``weight`` float64."""
    k = cur.shape[0]
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
def enumerate_chunk(c, lo, hi, field, tables, rules, plan, out):
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
    ``cond_var``, ``best``, ``worst``, ``best_at``, ``worst_at``, stats int64[chunks, 3]) of the
    chunk sums (see :func:`enumerate_outcomes`)."""
    # views without reference counts (drawsafe.jit.borrowed): numba counts every array passed to a
    # call atomically, a fifth of the time here; the inputs live in the caller, the work arrays
    # until keep_alive below
    field, tables, rules, plan, out = borrowed(field), borrowed(tables), borrowed(rules), borrowed(plan), \
        borrowed(out)
    opp0, kind0, gw0, gl0, gd0, rec0, active, members, ratings = field
    ta, tb_, radix, res_of, n_out, out_res, score, prior, res_p, rep = tables
    nr, top, cut_points, low_points, prefix, col_depth, variant_cap, tmask, interest, mtg_only, eval_cap = plan
    base_cut, cond_res, cond_var, best, worst, best_at, worst_at, stats = out
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
                                   base_cut, cond_res, cond_var)
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
                        evaluations += 1
                        used += 1
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
                evaluations += 1
                used += 1
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


# --- the Python side ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    """One way an open table can end: the result (:data:`A_WINS`, :data:`DRAW`, :data:`B_WINS`),
    the game score from player A's side, and its probability (0 for an intentional draw the result
    model never plays: kept so that "if they draw" can be answered)."""

    result: int
    score: tuple[int, int, int]
    prior: float

    @property
    def intentional(self) -> bool:
        return self.score == (0, 0, 3)


def match_outcomes(sim: Simulator, a: int, b: int, mode: int, q: float = 0.0,
                   with_id: bool = True) -> list[Outcome]:
    """Every outcome of a table ``a`` v ``b`` playing in ``mode`` (engine.FREE, BEHAVIOUR with
    intentional-draw probability ``q``, FORCE_A, FORCE_B) under the simulator's result model: the
    same probabilities the simulations draw from (:func:`drawsafe.engine.tables.play_tables`)."""
    dcum, dsc, wcum, wsc = sim.tables_
    share = float(sim.match.draw_share) if mode in (engine.FREE, engine.BEHAVIOUR) else 0.0
    if mode == engine.FORCE_A:
        p_a = 1.0
    elif mode == engine.FORCE_B:
        p_a = 0.0
    else:
        p_a = float(win_probability(sim.match.model, sim.strength, a, b))
    play = 1.0 - q if mode == engine.BEHAVIOUR else 1.0
    found: dict[tuple, float] = {}

    def add(result, sc, p):
        key = (result, tuple(int(v) for v in sc))
        found[key] = found.get(key, 0.0) + p

    dshare = np.diff(np.concatenate([[0.0], dcum]))
    wshare = np.diff(np.concatenate([[0.0], wcum]))
    for j in range(len(dcum)):
        w, lo, d = int(dsc[j, 0]), int(dsc[j, 1]), int(dsc[j, 2])
        if p_a > 0:
            add(A_WINS, (w, lo, d), play * (1 - share) * p_a * dshare[j])
        if p_a < 1:
            add(B_WINS, (lo, w, d), play * (1 - share) * (1 - p_a) * dshare[j])
    if share > 0:
        for j in range(len(wcum)):
            add(DRAW, wsc[j], play * share * wshare[j])
    if with_id or mode == engine.BEHAVIOUR:
        add(DRAW, (0, 0, 3), q if mode == engine.BEHAVIOUR else 0.0)
    return [Outcome(res, sc, p) for (res, sc), p in found.items()]


@dataclass(frozen=True)
class OpenTable:
    """An open table of the round: its number (1-based), players (indices) and outcomes."""

    table: int
    a: int
    b: int
    outcomes: tuple[Outcome, ...]
    #: Enumerated (it can change who makes the cut), else held at its most likely outcome.
    enumerated: bool

    def result_probability(self, result: int) -> float:
        return sum(o.prior for o in self.outcomes if o.result == result)


@dataclass(frozen=True)
class Enumeration:
    """The exact answer of one last round (see the module text).

    ``p_cut[p]`` for every player; ``conditional[q, j, o]``: contender ``contenders[q]``'s P(cut)
    given that enumerated table ``j`` (``tables[enumerated[j]]``) ends in its outcome ``o``;
    ``best``/``worst``: each contender's best and worst place (1-based) and the combination of
    results that leads there (``results[j]`` of the enumerated tables)."""

    names: tuple[str, ...]
    p_cut: np.ndarray
    tables: tuple[OpenTable, ...]
    enumerated: tuple[int, ...]
    contenders: tuple[int, ...]
    settled_in: np.ndarray
    settled_out: np.ndarray
    conditional: np.ndarray
    best: np.ndarray
    worst: np.ndarray
    best_results: tuple[tuple[int, ...], ...]
    worst_results: tuple[tuple[int, ...], ...]
    combinations: int
    evaluations: int
    #: Combinations of results in which game scores decided the cut line (their variants tried).
    straddles: int
    seconds: float

    def table_of(self, t: int) -> int | None:
        """The index ``j`` of table ``t`` (an index into ``tables``) among the enumerated, or None."""
        return self.enumerated.index(t) if t in self.enumerated else None

    def given(self, player: int, t: int, result: int | None = None, outcome: int | None = None,
              free: list[Outcome] | None = None) -> float:
        """``player``'s P(cut) given that table ``t`` ends with ``result`` (weighted by the table's
        own outcome probabilities), or in its ``outcome`` (an index), or plays with the outcome
        probabilities ``free`` (none of these: the unconditional figure)."""
        if self.settled_in[player]:
            return 1.0
        if player not in self.contenders:
            return 0.0
        j = self.table_of(t)
        if j is None:
            return float(self.p_cut[player])
        q = self.contenders.index(player)
        row = self.conditional[q, j]
        table = self.tables[t]
        if outcome is not None:
            return float(row[outcome])
        weights = [o.prior for o in (free or table.outcomes)]
        if result is not None:
            weights = [w if o.result == result else 0.0 for w, o in zip(weights, table.outcomes)]
        total = sum(weights)
        if total <= 0:
            return float("nan")
        return float(sum(w * row[i] for i, w in enumerate(weights)) / total)


class NotExact(UsageError):
    """The round cannot be answered exactly (too many open tables that matter, ...): why."""


def known_round(sim: Simulator, fr: FirstRound, rec, opp, kind, gw, *, gl, gd) -> None:
    """Write the round's known tables (reported results, byes, half-point byes, losses, intentional
    draws) into the arrays (round ``after_round``)."""
    r = sim.snap.after_round
    table = sim.points_table
    bye_games = sim.bye_games
    for t in range(fr.tables):
        a, b, mode = int(fr.a[t]), int(fr.b[t]), int(fr.mode[t])
        if b < 0:
            games = bye_games if b == -1 else 0
            k = kinds.BYE if b == -1 else (kinds.HALF_BYE if b == -3 else kinds.LOSS_NO_OPPONENT)
            opp[a, r], kind[a, r], gw[a, r], gl[a, r], gd[a, r] = -1, k, games, 0, 0
            add_round(rec, a, k, games, 0, 0, table)
            continue
        if mode == engine.KNOWN:
            sa, sb, sd = (int(x) for x in fr.score[t])
        elif mode == engine.INTENTIONAL:
            sa, sb, sd = 0, 0, 3
        else:
            continue
        add_round(rec, a, kinds.PLAYED, sa, sb, sd, table)
        add_round(rec, b, kinds.PLAYED, sb, sa, sd, table)
        write_played(opp, kind, gw, gl, gd, r, a, b, sa, sb, sd)


def gain(table: np.ndarray, t: OpenTable, p: int, o: Outcome) -> int:
    """The points player ``p`` of table ``t`` gets from its outcome ``o``."""
    if o.result == DRAW:
        return int(table[kinds.DRAW])
    won = (o.result == A_WINS) == (p == t.a)
    return int(table[kinds.WIN] if won else table[kinds.LOSS])


def settled(sim: Simulator, rec, tables: list[OpenTable], top: int) -> tuple[np.ndarray, np.ndarray]:
    """Players whose place in or out of the cut points alone decide, whatever the open tables do:
    (in, out).  Inactive players are out (they take no place)."""
    points = rec[:, REC_POINTS].astype(np.int64)
    lo, hi = points.copy(), points.copy()
    table = sim.points_table
    for t in tables:
        for x in (t.a, t.b):
            gains = [gain(table, t, x, o) for o in t.outcomes]
            lo[x] = points[x] + min(gains)
            hi[x] = points[x] + max(gains)
    active = sim.active
    cut_points = sim.cut_points
    n = len(points)
    sure_in = np.zeros(n, dtype=bool)
    sure_out = ~active.copy()
    his, los = np.sort(hi[active]), np.sort(lo[active])
    for x in np.flatnonzero(active):
        if cut_points >= 0:
            sure_in[x], sure_out[x] = lo[x] >= cut_points, hi[x] < cut_points
            continue
        # others who could reach x's lowest total / others surely above x's highest
        reach = len(his) - np.searchsorted(his, lo[x], side="left") - int(hi[x] >= lo[x])
        above = len(los) - np.searchsorted(los, hi[x], side="right") - int(lo[x] > hi[x])
        sure_in[x] = reach < top
        sure_out[x] = above >= top
    return sure_in, sure_out


def neighbourhood(adj: list[set[int]], start: set[int], depth: int) -> set[int]:
    seen, frontier = set(start), set(start)
    for _ in range(depth):
        frontier = {o for p in frontier for o in adj[p]} - seen
        seen |= frontier
    return seen


def enumerate_outcomes(snap, rules: RulePack, question: Question | None = None,
                       first_round: FirstRound | None = None, limit: int = EXACT_TABLES,
                       q: np.ndarray | None = None, *, with_id: bool = True,
                       variant_cap: int = VARIANT_CAP, evaluation_cap: int = EVALUATION_CAP,
                       check_only: bool = False) -> Enumeration | None:
    """The exact answer of the last Swiss round of ``snap`` (its tables: the published pairings,
    or ``first_round`` with its modes: reported results stay as they are, intentional draws are
    0-0-3, open tables (FREE, BEHAVIOUR with probabilities ``q``) end as the result model says).

    :raises NotExact: when the snapshot is not in its last round with its tables known, or more
        than ``limit`` open tables can still change who makes the cut, or the game scores to try
        at the cut line exceed ``variant_cap`` for one combination of results.

    ``check_only``: stop (None) once the number of tables to enumerate is known to be within
    ``limit``: a cheap look before the other tables' draw probabilities are simulated.
    """
    started = time.perf_counter()
    question = question or Question()
    if snap.rounds_left != 1:
        raise NotExact(f"the exact answer is for the last Swiss round ({snap.rounds_left} rounds are left)")
    sim = Simulator(snap, rules, question)
    fr = first_round if first_round is not None else sim.first_round
    if fr is None:
        raise NotExact("the last round's pairings are not published yet")
    r0 = snap.after_round
    n = snap.players
    rec = sim.rec0.copy()
    opp, kind, gw, gl, gd = (getattr(sim, name).copy() for name in ("opp", "kind", "gw", "gl", "gd"))
    known_round(sim, fr, rec, opp, kind, gw, gl=gl, gd=gd)
    q = np.zeros(fr.tables) if q is None else np.asarray(q, dtype=np.float64)
    open_tables: list[OpenTable] = []
    for t in range(fr.tables):
        mode = int(fr.mode[t])
        if fr.b[t] < 0 or mode in (engine.KNOWN, engine.INTENTIONAL):
            continue
        if mode == engine.BEHAVIOUR:
            p = float(fr.draw_p[t]) if fr.draw_p is not None else float(q[t])
        else:
            p = 0.0
        outs = match_outcomes(sim, int(fr.a[t]), int(fr.b[t]), mode, p, with_id)
        open_tables.append(OpenTable(t + 1, int(fr.a[t]), int(fr.b[t]), tuple(outs), False))
    top = int(question.top)
    sure_in, sure_out = settled(sim, rec, open_tables, top)
    unsettled = ~(sure_in | sure_out)
    depth, col_depth, prefix = key_depths(sim.codes)
    adj: list[set[int]] = [set() for _ in range(n)]
    for p in range(n):
        for o in opp[p, :r0].tolist():
            if o >= 0:
                adj[p].add(o)
    for t in open_tables:
        adj[t.a].add(t.b)
        adj[t.b].add(t.a)
    chosen = []
    for i, t in enumerate(open_tables):
        ball = neighbourhood(adj, {t.a, t.b}, depth)
        if any(unsettled[p] for p in ball):
            chosen.append(i)
    if len(chosen) > limit:
        raise NotExact(f"{len(chosen)} open tables can still change who makes the cut; the exact answer "
                       f"enumerates at most {limit} (--exact-tables)")
    if len(chosen) > 62:
        raise NotExact("more than 62 open tables to enumerate")
    if check_only:
        return None
    tables = []
    for i, t in enumerate(open_tables):
        tables.append(OpenTable(t.table, t.a, t.b, t.outcomes, i in chosen))
        if i not in chosen:  # held at its most likely outcome: it changes nobody's place in the cut
            best_o = max(t.outcomes, key=lambda o: o.prior)
            sa, sb, sd = best_o.score
            add_round(rec, t.a, kinds.PLAYED, sa, sb, sd, sim.points_table)
            add_round(rec, t.b, kinds.PLAYED, sb, sa, sd, sim.points_table)
            write_played(opp, kind, gw, gl, gd, r0, t.a, t.b, sa, sb, sd)
    enum = [tables[i] for i in chosen]
    k = len(enum)
    m_out = max((len(t.outcomes) for t in enum), default=1)
    ta = np.array([t.a for t in enum], dtype=np.int64)
    tbv = np.array([t.b for t in enum], dtype=np.int64)
    out_res = np.full((k, m_out), -1, dtype=np.int64)
    score = np.zeros((k, m_out, 3), dtype=np.int64)
    prior = np.zeros((k, m_out))
    n_out = np.zeros(k, dtype=np.int64)
    res_p = np.zeros((k, 3))
    rep = np.zeros((k, 3), dtype=np.int64)
    radix = np.zeros(k, dtype=np.int64)
    res_of = np.zeros((k, 3), dtype=np.int64)
    for j, t in enumerate(enum):
        n_out[j] = len(t.outcomes)
        for o, oc in enumerate(t.outcomes):
            out_res[j, o], score[j, o], prior[j, o] = oc.result, oc.score, oc.prior
            res_p[j, oc.result] += oc.prior
        present = sorted({oc.result for oc in t.outcomes})
        radix[j] = len(present)
        for d, res in enumerate(present):
            res_of[j, d] = res
            members_ = [o for o, oc in enumerate(t.outcomes) if oc.result == res]
            rep[j, res] = max(members_, key=lambda o: (t.outcomes[o].prior, -o))
    combinations = int(np.prod(radix)) if k else 1
    contenders = tuple(int(p) for p in np.flatnonzero(unsettled))
    interest = np.full(n, -1, dtype=np.int64)
    for i, p in enumerate(contenders):
        interest[p] = i
    # tables whose game scores enter a player's game-level columns, by reach (tmask[d, p])
    reach = int(col_depth.max())
    varies = any(len({oc.score for oc in t.outcomes if oc.result == res}) > 1 for t in enum for res in range(3))
    tmask = np.zeros((max(reach + 1, 1), n), dtype=np.int64)
    if not varies:
        col_depth = np.full(len(col_depth), -1, dtype=np.int64)  # one score per result: nothing to try
    elif reach >= 0:
        for p in contenders:
            for d in range(reach + 1):
                ball = neighbourhood(adj, {p}, d)
                for j, t in enumerate(enum):
                    if t.a in ball or t.b in ball:
                        tmask[d, p] |= np.int64(1) << np.int64(j)
    table = sim.points_table
    low = []
    for p in contenders:
        gains = [gain(table, t, p, o) for t in enum if p in (t.a, t.b) for o in t.outcomes]
        low.append(int(rec[p, REC_POINTS]) + (min(gains) if gains else 0))
    low_points = min(low) if low else 1 << 40
    chunks = max(1, min(combinations, 3 ** min(k, 4)))
    n_int = max(1, len(contenders))
    base_cut = np.zeros((chunks, n))
    cond_res = np.zeros((chunks, n_int, max(k, 1), 3))
    cond_var = np.zeros((chunks, n_int, max(k, 1), m_out))
    best = np.full((chunks, n_int), 1 << 40, dtype=np.int64)
    worst = np.full((chunks, n_int), -1, dtype=np.int64)
    best_at = np.zeros((chunks, n_int), dtype=np.int64)
    worst_at = np.zeros((chunks, n_int), dtype=np.int64)
    stats = np.zeros((chunks, 3), dtype=np.int64)
    field = (opp, kind, gw, gl, gd, rec, sim.active, sim.members, sim.ratings)
    tab = (ta, tbv, radix, res_of, n_out, out_res, score, prior, res_p, rep)
    cut_points = int(sim.cut_points)
    plan = (np.int64(r0 + 1), np.int64(top), np.int64(cut_points), np.int64(low_points), np.int64(prefix),
            col_depth, np.int64(variant_cap), tmask, interest, bool(FAST and rules.mtg_only),
            np.int64(max(1, evaluation_cap // chunks)))
    out = (base_cut, cond_res, cond_var, best, worst, best_at, worst_at, stats)
    in_chunks(enumerate_chunk, chunks, 0, combinations, field, tab, Rules(sim.codes, sim.points_table, sim.flags),
              plan, out)
    if (stats[:, 1] == 1).any():
        raise NotExact(f"the game scores to try at the cut line exceed {variant_cap:,} combinations for one "
                       "combination of results")
    if (stats[:, 1] == 2).any():
        raise NotExact(f"more than {evaluation_cap:,} standings to evaluate (game scores decide the cut line "
                       "too often)")
    evaluations = int(stats[:, 0].sum())
    straddles = int(stats[:, 2].sum())
    p_cut = base_cut.sum(axis=0)
    p_cut[sure_in] = 1.0
    p_cut[sure_out] = 0.0
    p_cut = np.clip(p_cut, 0.0, 1.0)
    cond = np.zeros((len(contenders), k, m_out))
    if contenders and k:
        res_sum = cond_res.sum(axis=0)[:len(contenders)]
        var_sum = cond_var.sum(axis=0)[:len(contenders)]
        for j in range(k):
            for o in range(int(n_out[j])):
                cond[:, j, o] = res_sum[:, j, out_res[j, o]] + var_sum[:, j, o]
        cond = np.clip(cond, 0.0, 1.0)
    best_place = np.zeros(len(contenders), dtype=np.int64)
    worst_place = np.zeros(len(contenders), dtype=np.int64)
    best_results, worst_results = [], []
    for i in range(len(contenders)):
        cb = int(np.argmin(best[:, i]))
        cw = int(np.argmax(worst[:, i]))
        best_place[i] = best[cb, i] + 1
        worst_place[i] = worst[cw, i] + 1
        best_results.append(decode(int(best_at[cb, i]), radix, res_of))
        worst_results.append(decode(int(worst_at[cw, i]), radix, res_of))
    return Enumeration(snap.names, p_cut, tuple(tables), tuple(chosen), contenders, sure_in, sure_out, cond,
                       best_place, worst_place, tuple(best_results), tuple(worst_results), combinations,
                       evaluations, straddles, time.perf_counter() - started)


def decode(s: int, radix: np.ndarray, res_of: np.ndarray) -> tuple[int, ...]:
    """The results (per enumerated table) of combination number ``s``."""
    k = len(radix)
    digits = [0] * k
    for t in range(k - 1, -1, -1):
        digits[t] = s % int(radix[t])
        s //= int(radix[t])
    return tuple(int(res_of[t, digits[t]]) for t in range(k))


def open_count(snap) -> int:
    """Tables of the published round still to report (0 when none is published)."""
    if snap.next_round is None:
        return 0
    return sum(1 for m in snap.next_round.matches if m.player_b is not None and not m.reported)


def combinations_of(k: int) -> int:
    return int(math.pow(3, k))
