"""Draw against play at every table of the last round, from one simulated world per simulation.

In the last Swiss round nothing is paired after the results, so "table t draws instead of playing"
changes the final standings only through table t's own result.  Each simulation plays the round
once (the base choices: the tables' ``mode``) and then, for every table of interest, flips that one
table — an intentional draw where the base plays, a played match where the base draws (its result
drawn from the table's own random numbers, the same it would get in the base world) — and ranks
again.  This is the same as simulating each scenario separately with common random numbers, at a
fraction of the cost.

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
from drawsafe.engine.results import play_match, win_probability
from drawsafe.event import kinds
from drawsafe.jit import borrowed, in_chunks, keep_alive, kernel
from drawsafe.standings.order import refined_order
from drawsafe.tiebreaks.values import REC_POINTS, remove_round


@kernel
def outcome_of(mode, sa, sb):
    """The outcome code (:mod:`drawsafe.engine.codes`) of a table.

    ``mode`` int64 the table's choice (``FREE`` or ``INTENTIONAL``); ``sa``, ``sb`` int64 the
    games won by A and by B."""
    if mode == engine.INTENTIONAL:
        return engine.ID
    if sa > sb:
        return engine.A_WON
    if sa < sb:
        return engine.B_WON
    return engine.DRAWN


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
def contenders(order, active, top, rec, members, tables, fa, fb, win_pts):
    """The players who can be in the cut once one table's result changes.

    Only the two players of the flipped table change points, by at most a win's worth, so everyone
    who can enter the cut already had at least (points of the last player in the cut) - (a win).

    ``order``, ``active``, ``top``, ``rec``: as in the module text; ``members`` int64[k] everyone
    ranked; ``tables`` int64[j] the flipped tables; ``fa``, ``fb`` int64[t] the last round's
    tables' players; ``win_pts`` int64 a win's points. Returns int64[<= n] player rows."""
    placed = 0
    line = 0
    for i in range(order.shape[0]):
        p = order[i]
        if active[p]:
            placed += 1
            if placed == top:
                line = rec[p, REC_POINTS]
                break
    if placed < top:
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
def flip_chunk(c, lo, hi, first, seed, field, tables, model, rules, plan, flip):
    """Simulations ``lo .. hi - 1`` (of those from ``first``) of :func:`run_flips` (chunk ``c``
    writes only its own rows).

    ``c`` int64 the chunk; ``lo``, ``hi`` int64 its simulations (``hi`` excluded); ``first``
    int64 the first simulation of the run (row 0); ``seed``, ``field``, ``tables``, ``model``,
    ``rules``, ``plan``, ``flip`` (its rows written): as in the module text."""
    # views without reference counts, as in engine.simulate_chunk (jit.borrowed)
    field, tables, model, rules, plan, flip = borrowed(field), borrowed(tables), borrowed(model), \
        borrowed(rules), borrowed(plan), borrowed(flip)
    nr0, top = plan.after_round, plan.top
    cut_points = plan.cut_points  # >= 0: a points cut (only the flipped table's players change)
    fa, fb = tables.a, tables.b
    points_table = rules.points_table
    owned = engine.work_arrays(field, rules.codes.shape[0], fa.shape[0])
    own_score = np.empty(3, dtype=np.int64)
    own_pair = np.empty(2, dtype=np.int8)
    work, score, pair = borrowed(owned), borrowed(own_score), borrowed(own_pair)
    rec, gw, gl, gd = work.rec, work.gw, work.gl, work.gd
    active = work.act  # who plays on, as each simulation ends (simulate_one)
    for s in range(lo, hi):
        row = s - first
        order = engine.simulate_one(s, seed, field, tables, model, rules, plan, 0, s == lo, work)
        # the keys for exact ties the base ranking used (simulate_one's final ranked_players)
        noise = (engine.stream(seed, s)[0], engine.NOISE_DRAWS)
        cand = contenders(order, active, top, rec, field.members, flip.tables, fa, fb, points_table[kinds.WIN])
        for j in range(flip.tables.shape[0]):
            t = flip.tables[j]
            a = fa[t]
            b = fb[t]
            if cut_points >= 0:
                pair[0] = active[a] and rec[a, REC_POINTS] >= cut_points
                pair[1] = active[b] and rec[b, REC_POINTS] >= cut_points
            else:
                in_cut(order, active, top, a, b, pair)
            flip.base_cut[row, j, 0] = pair[0]
            flip.base_cut[row, j, 1] = pair[1]
            flip.base_outcome[row, j] = work.outcome[t]
            # flip table t: undo its result, apply the other choice, rank again
            sa, sb, sd = gw[a, nr0], gl[a, nr0], gd[a, nr0]
            remove_round(rec, a, kinds.PLAYED, sa, sb, sd, points_table)
            remove_round(rec, b, kinds.PLAYED, sb, sa, sd, points_table)
            if work.outcome[t] == engine.ID:  # drew in the base world (INTENTIONAL or BEHAVIOUR)
                state = engine.stream(seed, s)
                state[1] = (np.uint64(nr0 + 1) << engine.ROUND_SHIFT) + engine.TABLE_BASE + \
                    np.uint64(t) * engine.TABLE_STRIDE
                play_match(state, win_probability(model.model, model.strength, a, b), model.draw_share,
                           model.decided_cum, model.decided_scores, model.drawn_cum, model.drawn_scores, score)
                mode = engine.FREE
            else:
                score[0] = 0
                score[1] = 0
                score[2] = 3
                mode = engine.INTENTIONAL
            engine.record(work, points_table, nr0, a, b, score[0], score[1], score[2])
            flip.flip_outcome[row, j] = outcome_of(mode, score[0], score[1])
            if cut_points >= 0:
                pair[0] = active[a] and rec[a, REC_POINTS] >= cut_points
                pair[1] = active[b] and rec[b, REC_POINTS] >= cut_points
            else:
                flipped = refined_order(work, plan.total, rules, field.ratings, cand, noise, 0, top, active)
                in_cut(flipped, active, top, a, b, pair)
            flip.flip_cut[row, j, 0] = pair[0]
            flip.flip_cut[row, j, 1] = pair[1]
            remove_round(rec, a, kinds.PLAYED, score[0], score[1], score[2], points_table)
            remove_round(rec, b, kinds.PLAYED, score[1], score[0], score[2], points_table)
            engine.record(work, points_table, nr0, a, b, sa, sb, sd)
    keep_alive(owned)
    keep_alive(own_score)
    keep_alive(own_pair)


def run_flips(seed, first, count, chunks, field, tables, *, model, rules, plan, flip):
    """Simulations ``first .. first + count - 1`` of the last round (``plan.after_round`` is the last
    round; ``plan`` pairs nothing and draws nothing by policy: the round's tables are given), in
    ``chunks`` chunks run in parallel (:func:`drawsafe.jit.in_chunks`, one :func:`flip_chunk` each).

    For each table ``flip.tables[j]`` and its players (k = 0: A, 1: B), row ``s - first``:
    ``base_cut[row, j, k]`` in the cut in the base world, ``flip_cut[row, j, k]`` with that table
    flipped; ``base_outcome``/``flip_outcome`` the table's result in each (engine.A_WON ... ID).
    """
    in_chunks(flip_chunk, chunks, first, count, first, seed, field, tables, model, rules, plan, flip)
