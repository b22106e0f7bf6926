"""Every result of every table of the last round, from one simulated world per simulation.

In the last Swiss round nothing is paired after the results, so a table's own result changes the
final standings only through that table.  Each simulation plays the round once (the base world:
the tables' ``mode``), counts who made the cut and then, for every table of interest and every result it can have — A wins, a played draw,
B wins, an intentional draw — puts that result in place of the table's own and ranks again.  The
game score of each result comes from the table's own random numbers, the same the base world used
(common random numbers), so the result the base world played reads its flags from the base
ranking, and "this table draws instead of playing" is the same as simulating both scenarios with
common random numbers, at a fraction of the cost.  Per world and table this gives each player's
cut under each own result: :mod:`drawsafe.simulation.worlds` turns it into the draw-or-play
figures and into every player's odds averaged over their own table's result (far less variance
than the plain in-or-out of one world).

Kernel parameters (each kernel names those it takes, "as in the module text"): ``seed`` int64 the
run's seed; ``field`` (Field), ``tables`` (FirstTables: the last round's tables ``a`` v ``b``),
``model`` (MatchModel), ``rules`` (Rules), ``plan`` (Plan) and ``flip`` (FlipOutputs) the bundles
of :mod:`drawsafe.engine.inputs`; ``order`` int64[m] player rows in standings order; ``active``
bool[n] who plays on; ``top`` int64 the size of the cut; ``rec`` int64[n, 4] the summed records
(:mod:`drawsafe.tiebreaks.values`).
"""

from __future__ import annotations

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.results import LOW32, S32, TWO_POW_M32, win_probability
from drawsafe.engine.tables import TABLE_BASE, TABLE_STRIDE
from drawsafe.event import kinds
from drawsafe.jit import borrowed, in_chunks, keep_alive, kernel
from drawsafe.rng import GOLDEN, ONE, mix64
from drawsafe.standings.order import refined_order
from drawsafe.tiebreaks.values import REC_POINTS, remove_round

#: The results of a table, in the order of ``FlipOutputs.flags``' third axis: the outcome codes
#: of :mod:`drawsafe.engine.codes` (A_WON, DRAWN, B_WON, ID = 0, 1, 2, 3).
RESULTS = (engine.A_WON, engine.DRAWN, engine.B_WON, engine.ID)
#: What a run flips at a table (``FlipOutputs.want``): nothing (its base and played results only,
#: what the other tables' conditions read), an intentional draw and the result it plays (what
#: ``draw``'s figures read), or each of :data:`RESULTS` (what the odds and the what-if read).
BASE_ONLY, PLAY_OR_DRAW, EVERY_RESULT = 0, 1, 2


@kernel
def in_cut(order, active, top, a, b, flags_out):
    """Write into ``flags_out`` whether ``a`` and ``b`` are among the first ``top`` active players.

    ``order``, ``active``, ``top``: as in the module text; ``a``, ``b`` int64 the players' rows;
    ``flags_out`` int8[2] written."""
    flags_out[0] = 0
    flags_out[1] = 0
    placed = 0
    for i in range(order.shape[0]):
        p = order[i]
        if not active[p]:
            continue
        if p == a:
            flags_out[0] = 1
        elif p == b:
            flags_out[1] = 1
        placed += 1
        if placed >= top:
            break


@kernel
def line_points(order, active, top, rec):
    """The points of the last player in the cut (the ``top``-th active player of ``order``), -1
    when fewer than ``top`` are active.

    ``order``, ``active``, ``top``, ``rec``: as in the module text. Returns int64."""
    placed = 0
    for i in range(order.shape[0]):
        p = order[i]
        if active[p]:
            placed += 1
            if placed == top:
                return rec[p, REC_POINTS]
    return -1


@kernel
def contenders(order, active, top, rec, members, tables, fa, fb, win_pts):
    """The players who can be in the cut once one table's result changes.

    Only the two players of the flipped table change points, by at most a win's worth, so everyone
    who can enter the cut already had at least (points of the last player in the cut) - (a win).

    ``order``, ``active``, ``top``, ``rec``: as in the module text; ``members`` int64[k] everyone
    ranked; ``tables`` int64[j] the flipped tables; ``fa``, ``fb`` int64[t] the last round's
    tables' players; ``win_pts`` int64 a win's points. Returns int64[<= n] player rows."""
    line = line_points(order, active, top, rec)
    if line < 0:
        return members
    keep = np.zeros(rec.shape[0], dtype=np.bool_)
    for i in range(members.shape[0]):
        p = members[i]
        if rec[p, REC_POINTS] >= line - win_pts:
            keep[p] = True
    for j in range(tables.shape[0]):
        keep[fa[tables[j]]] = True
        keep[fb[tables[j]]] = True
    return np.flatnonzero(keep).astype(np.int64)


@kernel
def at_least_points(rec, members, active, ge):
    """``ge[v]``: the active players among ``members`` with at least ``v`` points.

    ``rec``, ``active``: as in the module text; ``members`` int64[k] the players ranked; ``ge``
    int64[max points + 2] written."""
    ge[:] = 0
    last = ge.shape[0] - 2
    for i in range(members.shape[0]):
        p = members[i]
        if active[p]:
            ge[min(rec[p, REC_POINTS], last)] += 1
    for v in range(last - 1, -1, -1):
        ge[v] += ge[v + 1]


@kernel
def by_points(ge, top, xa, xb, ra, rb, got, ahead):
    """Whether points alone place both players of a table in or out of the cut (the standings
    order by points first): a player is out when ``top`` others have more points, in when fewer
    than ``top`` others have as many.  ``got[k]`` is then player k's flag (0 or 1; -1: their
    points group straddles the cut, the tiebreaks decide) and ``ahead[k]`` the others with more
    points than player k.

    ``ge`` int64[max points + 2] (:func:`at_least_points`, counted with the table's base result);
    ``top``: as in the module text; ``xa``, ``xb`` int64 the players' points with the result tried;
    ``ra``, ``rb`` int64 their points with the base result; ``got`` int8[2] and ``ahead``
    int64[2] written."""
    last = ge.shape[0] - 2
    both = True
    for k in range(2):
        x = xa if k == 0 else xb
        o = xb if k == 0 else xa
        # others: everyone counted but the table's two players, then the opponent as now
        more = ge[min(x + 1, last + 1)] - np.int64(ra > x) - np.int64(rb > x) + np.int64(o > x)
        same = ge[min(x, last)] - np.int64(ra >= x) - np.int64(rb >= x) + np.int64(o >= x)
        ahead[k] = more
        if more >= top:
            got[k] = 0
        elif same < top:
            got[k] = 1
        else:
            got[k] = -1
            both = False
    return both


@kernel
def in_group_cut(work, plan, rules, ratings, cand, noise, active, x, places, p, group):
    """Whether player ``p`` (on ``x`` points) is among the first ``places`` active players of their
    points group: ranked by the tiebreaks among the active players of ``cand`` on ``x`` points only
    (those on more points are all ahead, those on fewer behind).

    ``work`` (Work), ``plan`` (Plan), ``rules`` (Rules): as in the module text; ``ratings``
    float64[n]; ``cand`` int64[k] the contenders; ``noise`` tuple (uint64 key, uint64 counter) of
    the exact ties' keys; ``active``: as in the module text; ``x`` int64 the points; ``places``
    int64 the cut's places left to the group; ``p`` int64 the player; ``group`` int64[>= k] a
    buffer. Returns bool."""
    m = 0
    for i in range(cand.shape[0]):
        q = cand[i]
        if active[q] and work.rec[q, REC_POINTS] == x:
            group[m] = q
            m += 1
    ranked = refined_order(work, plan.total, rules, ratings, group[:m], noise, 0, places, active)
    placed = 0
    for i in range(ranked.shape[0]):
        q = ranked[i]
        if not active[q]:
            continue
        if q == p:
            return True
        placed += 1
        if placed >= places:
            return False
    return False


@kernel
def result_score(result, x, p_a, draw_share, model, score):
    """The game score of ``result`` at a table whose own random draw is ``x``: the score
    :func:`drawsafe.engine.tables.play_tables` plays from the same draw when the table ends that
    way (the draw's second uniform picks the score), 0-0-3 for an intentional draw; returns the
    result the table plays from ``x`` (A_WON, DRAWN or B_WON).

    ``result`` int64 an outcome code (:data:`RESULTS`); ``x`` uint64 the table's draw; ``p_a``
    float64 P(A wins a decided match); ``draw_share`` float64 the share of played draws;
    ``model`` (MatchModel) the score tables; ``score`` int64[3] written (A's games, B's, drawn)."""
    u = np.float64(np.int64(x >> S32)) * TWO_POW_M32
    v = np.float64(np.int64(x & LOW32)) * TWO_POW_M32
    if result == engine.ID:
        score[0] = 0
        score[1] = 0
        score[2] = 3
    elif result == engine.DRAWN:
        cum, sc = model.drawn_cum, model.drawn_scores
        k = 0
        while k < cum.shape[0] - 1 and v >= cum[k]:
            k += 1
        score[0] = sc[k, 0]
        score[1] = sc[k, 1]
        score[2] = sc[k, 2]
    else:
        cum, sc = model.decided_cum, model.decided_scores
        k = 0
        for i in range(cum.shape[0] - 1):
            k += np.int64(v >= cum[i])
        w = np.int64(sc[k, 0])
        lo = np.int64(sc[k, 1])
        score[0] = w if result == engine.A_WON else lo
        score[1] = lo if result == engine.A_WON else w
        score[2] = sc[k, 2]
    if u < draw_share:
        return engine.DRAWN
    return engine.A_WON if (u - draw_share) < p_a * (1.0 - draw_share) else engine.B_WON


@kernel
def flip_chunk(c, lo, hi, first, seed, field, tables, model, rules, plan, flip):
    """Simulations ``lo .. hi - 1`` (of those from ``first``) of :func:`run_flips` (chunk ``c``
    writes only its own counts and rows).

    ``c`` int64 the chunk; ``lo``, ``hi`` int64 its simulations (``hi`` excluded); ``first``
    int64 the first simulation of the run (row 0); ``seed``, ``field``, ``tables``, ``model``,
    ``rules``, ``plan``, ``flip`` (its chunk's counts and its rows written): as in the module text."""
    # views without reference counts, as in engine.simulate_chunk (jit.borrowed)
    field, tables, model, rules, plan, flip = borrowed(field), borrowed(tables), borrowed(model), \
        borrowed(rules), borrowed(plan), borrowed(flip)
    nr0, top = plan.after_round, plan.top
    cut_points = plan.cut_points  # >= 0: a points cut (only the flipped table's players change)
    fa, fb = tables.a, tables.b
    points_table = rules.points_table
    win_pts = points_table[kinds.WIN]
    cut_count = flip.cut_count
    members = field.members
    owned = engine.work_arrays(field, rules.codes.shape[0], fa.shape[0])
    own_score = np.empty(3, dtype=np.int64)
    own_pair = np.empty(2, dtype=np.int8)
    own_got = np.empty(2, dtype=np.int8)
    work, score, pair, got = borrowed(owned), borrowed(own_score), borrowed(own_pair), borrowed(own_got)
    rec, gw, gl, gd, points = work.rec, work.gw, work.gl, work.gd, work.points
    active = work.act  # who plays on, as each simulation ends (simulate_one)
    round_base = np.uint64(nr0 + 1) << engine.ROUND_SHIFT
    most = 0  # the most points anyone can finish on
    for p in range(field.rec.shape[0]):
        most = max(most, field.rec[p, REC_POINTS])
    own_ge = np.zeros(most + win_pts * (plan.total - nr0) + 2, dtype=np.int64)
    own_ahead = np.zeros(2, dtype=np.int64)
    own_group = np.empty(field.opp.shape[0], dtype=np.int64)
    ge, ahead, group = borrowed(own_ge), borrowed(own_ahead), borrowed(own_group)
    for s in range(lo, hi):
        row = s - first
        # ranked as far as the cut only (the rank distributions are another run's: worlds.Worlds.ranks)
        order = engine.simulate_one(s, seed, field, tables, model, rules, plan, 0, s == lo, work)
        if cut_points >= 0:  # a points cut: everyone active on its points
            for i in range(members.shape[0]):
                p = members[i]
                if active[p] and points[p] >= cut_points:
                    cut_count[c, p] += 1
        else:
            placed = 0
            for i in range(order.shape[0]):
                p = order[i]
                if active[p]:
                    cut_count[c, p] += 1
                    placed += 1
                    if placed >= top:
                        break
        # the keys for exact ties the base ranking used (simulate_one's final ranked_players)
        key = engine.stream(seed, s)[0]
        noise = (key, engine.NOISE_DRAWS)
        line = line_points(order, active, top, rec)
        if cut_points < 0:
            at_least_points(rec, members, active, ge)
        cand = contenders(order, active, top, rec, members, flip.tables, fa, fb, win_pts)
        for j in range(flip.tables.shape[0]):
            t = flip.tables[j]
            a = fa[t]
            b = fb[t]
            base = work.outcome[t]
            flip.base[row, j] = base
            x = mix64(key + (round_base + TABLE_BASE + np.uint64(t) * TABLE_STRIDE + ONE) * GOLDEN)
            p_a = win_probability(model.model, model.strength, a, b)
            # the result the table plays from its draw (whatever result is asked: score unused here)
            played = result_score(engine.ID, x, p_a, model.draw_share, model, score)
            flip.played[row, j] = played
            want = flip.want[j]
            if want == BASE_ONLY:
                continue
            if cut_points >= 0:
                pair[0] = active[a] and rec[a, REC_POINTS] >= cut_points
                pair[1] = active[b] and rec[b, REC_POINTS] >= cut_points
            else:
                in_cut(order, active, top, a, b, pair)
            # far below the line, no result of its own brings either player to it: the base flags
            far = cut_points < 0 and line >= 0 and rec[a, REC_POINTS] < line - win_pts and \
                rec[b, REC_POINTS] < line - win_pts
            sa, sb, sd = gw[a, nr0], gl[a, nr0], gd[a, nr0]
            ra, rb = rec[a, REC_POINTS], rec[b, REC_POINTS]
            for r in range(len(RESULTS)):
                result = RESULTS[r]
                if want == PLAY_OR_DRAW and result != engine.ID and result != played:
                    continue  # not asked for (its flags stay 0)
                if result == base or far:
                    flip.flags[row, j, r, 0] = pair[0]
                    flip.flags[row, j, r, 1] = pair[1]
                    continue
                # this result in place of the base one, ranked again, and the base one put back
                result_score(result, x, p_a, model.draw_share, model, score)
                remove_round(rec, a, kinds.PLAYED, sa, sb, sd, points_table)
                remove_round(rec, b, kinds.PLAYED, sb, sa, sd, points_table)
                engine.record(work, points_table, nr0, a, b, score[0], score[1], score[2])
                if cut_points >= 0:
                    flip.flags[row, j, r, 0] = active[a] and rec[a, REC_POINTS] >= cut_points
                    flip.flags[row, j, r, 1] = active[b] and rec[b, REC_POINTS] >= cut_points
                else:
                    # points alone, else the tiebreaks within the player's points group
                    by_points(ge, top, rec[a, REC_POINTS], rec[b, REC_POINTS], ra, rb, got, ahead)
                    for k in range(2):
                        p = a if k == 0 else b
                        if got[k] < 0:
                            got[k] = in_group_cut(work, plan, rules, field.ratings, cand, noise, active,
                                                  rec[p, REC_POINTS], top - ahead[k], p, group)
                        flip.flags[row, j, r, k] = got[k]
                remove_round(rec, a, kinds.PLAYED, score[0], score[1], score[2], points_table)
                remove_round(rec, b, kinds.PLAYED, score[1], score[0], score[2], points_table)
                engine.record(work, points_table, nr0, a, b, sa, sb, sd)
    keep_alive(owned)
    keep_alive(own_score)
    keep_alive(own_pair)
    keep_alive(own_got)
    keep_alive(own_ge)
    keep_alive(own_ahead)
    keep_alive(own_group)


def run_flips(seed, first, count, chunks, field, tables, *, model, rules, plan, flip):
    """Simulations ``first .. first + count - 1`` of the last round (``plan.after_round`` is the last
    round; ``plan`` pairs nothing and draws nothing by policy: the round's tables are given), in
    ``chunks`` chunks run in parallel (:func:`drawsafe.jit.in_chunks`, one :func:`flip_chunk` each).

    Counts per chunk ``c`` of the base world, as :func:`drawsafe.engine.kernel.run_simulations`
    counts them: ``flip.cut_count[c, p]`` the worlds in which player ``p`` made the cut.  For each
    table ``flip.tables[j]`` and its players (k = 0: A, 1: B), row ``s - first``:
    ``flags[row, j, r, k]`` in the cut when the table's result is ``RESULTS[r]`` (everything else
    as in the base world), for the results ``flip.want[j]`` asks (:data:`EVERY_RESULT`; with
    :data:`PLAY_OR_DRAW` only an intentional draw and the result the table plays; with
    :data:`BASE_ONLY` none), the others left as they were; ``played[row, j]`` the result the table
    has when it plays (A_WON, DRAWN or B_WON); ``base[row, j]`` its result in the base world (``ID``
    where it drew).  A table's flags in a world depend on the world and the tables flipped
    (``flip.tables``), not on ``want``: a later run of the same worlds asking more fills in the rest
    exactly as one run asking everything would.
    """
    in_chunks(flip_chunk, chunks, first, count, first, seed, field, tables, model, rules, plan, flip)
