"""Whole synthetic events from round 1, with per-record counts: the kernel behind ``drawsafe field``.

Each simulation plays an event of ``n`` players round by round with the engine's own functions
(:func:`drawsafe.engine.kernel.simulate_one` plays each round; the pairing is computed here first,
exactly as ``simulate_one`` would, so with drops off a simulation reproduces
:func:`drawsafe.simulation.generate.generate_event` move for move).  Rounds are played one call at a
time because players drop between rounds (a measured rate by record), which the engine's kernel
does not model, and because the last round needs its tables known in advance:

- **last round**: after the base world is played (intentional draws by ``policy``), every table
  whose players could still reach the cut is *flipped* (an intentional draw where it played, a
  played match where it drew, from the table's own random numbers) and the standings ranked again,
  as :mod:`drawsafe.engine.flips` does: P(cut | record before the last round, draws / wins / loses)
  are interventions, not the rare natural draws.  Tables whose players both stay below the cut line
  even with a win cannot change the cut (points rank first): their players miss it either way.
- **the last two rounds**: the first table of each of the top ``probe_groups`` point groups of the
  second-to-last round (chosen before its results, so unbiased) is replayed with an intentional
  draw, and its two players draw again in the last round ("double draw").  Wins and losses in that
  round are read from the base world (equal players: a played result is a coin toss), among the
  players who stay for the last round (a player asking "if I win" is not leaving).

Random numbers: the engine's streams ``(seed, s)``; drops use counters from :data:`DROP_BASE`,
far from the engine's.  Outputs are integer counts per chunk, so any split gives the same sums.

Record codes: ``(wins * (R + 1) + losses) * (R + 1) + draws``.

Kernel parameters (each kernel names those it takes, "as in the module text"): ``s`` int64 the
simulation and ``seed`` int64 the run's seed (its stream ``(seed, s)``); ``field`` (Field),
``model`` (MatchModel), ``rules`` (Rules), ``plan`` (Plan) and ``work`` (Work) the bundles of
:mod:`drawsafe.engine.inputs`, ``options`` a :class:`FieldOptions` and ``out`` a
:class:`FieldOutputs`; ``act`` bool[n] the players still playing and ``plist`` int64[n] their
rows first; ``r`` int64 a round (0-based); ``base`` int64 ``R + 1`` of the record codes.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.flips import contenders, in_cut
from drawsafe.engine.inputs import Field, FirstTables, Plan
from drawsafe.engine.results import play_match, win_probability
from drawsafe.event import kinds
from drawsafe.jit import borrowed, in_chunks, inline_kernel, keep_alive, kernel
from drawsafe.rng import next_uniform, stream
from drawsafe.standings.order import refined_order
from drawsafe.tiebreaks.values import REC_POINTS, remove_round, round_result

DROP_BASE = np.uint64(1) << np.uint64(56)
DROP_ROUND_SHIFT = np.uint64(24)
#: The tie keys of the day-1 standings (a cut by rank), apart from the final standings'.
DAY1_NOISE = np.uint64(1) << np.uint64(40)

#: Columns of the before-the-last-round counts (per record before the last round).
BL_N, BL_DRAW_CUT, BL_WIN_N, BL_WIN_CUT, BL_LOSS_N, BL_LOSS_CUT, BL_PDRAW_N, BL_PDRAW_CUT, BL_CUT = range(9)
BL_COLUMNS = 9
#: Columns of the before-the-last-two counts (per record before the second-to-last round).
B2_PROBE_N, B2_DD_CUT, B2_WIN_N, B2_WIN_CUT, B2_LOSS_N, B2_LOSS_CUT, B2_N, B2_CUT = range(8)
B2_COLUMNS = 8

#: What :func:`run_field` does besides playing the event: ``drop_rate[r, points]`` (the drops
#: after round ``r``, :func:`drop_players`), the double-draw probes of the top ``probe_groups``
#: point groups, whether the last round's tables are flipped (``flip``), and the phases: ``day1``
#: Swiss rounds (all of them without a day 2), then the players on at least ``day2_points``
#: (>= 0) or the best ``day2_top`` (> 0) of the day-1 standings play the rest; with ``restart``
#: the tiebreaks of the final standings count the day-2 rounds only (points carry over).
FieldOptions = namedtuple("FieldOptions", "drop_rate probe_groups flip day1 day2_points day2_top restart")

#: What :func:`run_field` counts, per chunk ``c`` (first index): see that function.
FieldOutputs = namedtuple("FieldOutputs", "final_n final_cut final_sq dropped_n points_n points_cut line_hist "
                                          "bubble_hist bl b2 d1_n d1_adv d1_top d1_sq adv_hist")


@kernel
def record_code(kind, gw, gl, p, nr, base):
    """Player ``p``'s record after ``nr`` rounds as a code (see the module docstring).

    ``kind``, ``gw``, ``gl`` int8[n, rounds] the rounds (:mod:`drawsafe.event.snapshot`); ``p``
    int64 the player's row; ``nr`` int64 the rounds counted; ``base``: as in the module text."""
    w = 0
    lo = 0
    d = 0
    for r in range(nr):
        k = kind[p, r]
        if k == kinds.ABSENT:
            continue
        res = round_result(k, gw[p, r], gl[p, r])
        if res == kinds.WIN:
            w += 1
        elif res == kinds.DRAW:
            d += 1
        else:
            lo += 1
    return (w * base + lo) * base + d


@kernel
def pair_round_r(s, seed, r, last, field, act, plist, rules, plan, work):
    """Pair round ``r`` of ``work`` (the players ``plist``, still playing: ``act``) into ``work.pa`` v
    ``work.pb`` exactly as :func:`drawsafe.engine.kernel.simulate_one` does (``last``: the last
    round, paired by standings when ``plan.standings_last``); returns the number of tables (byes
    and awarded byes included, last).

    ``s``, ``seed``, ``r``, ``field``, ``act``, ``plist``, ``rules``, ``plan``, ``work``: as in
    the module text; ``last`` bool."""
    state = stream(seed, s)
    state[1] = np.uint64(r + 1) << engine.ROUND_SHIFT
    return engine.pair_players(r, last, state, plist, field.award, field.ratings, act, rules, plan, work)[0]


@kernel
def drop_players(s, seed, r, act, drop_rate, rec):
    """After round ``r``: each active player drops with ``drop_rate[r, points]`` (points past the
    table use its last column); returns the active players.

    ``s``, ``seed``, ``r``, ``act`` (updated): as in the module text; ``drop_rate``
    float64[rounds, points] (``FieldOptions.drop_rate``); ``rec`` int64[n, 4] the summed records."""
    if drop_rate.shape[0] > r:
        state = stream(seed, s)
        cap = drop_rate.shape[1] - 1
        for p in range(act.shape[0]):
            if not act[p]:
                continue
            state[1] = DROP_BASE + (np.uint64(r) << DROP_ROUND_SHIFT) + np.uint64(p)
            u = next_uniform(state)
            if u < drop_rate[r, min(max(rec[p, REC_POINTS], 0), cap)]:
                act[p] = False
    return np.flatnonzero(act).astype(np.int64)


@kernel
def phase_view(work, w2, first, nr):
    """Copy rounds ``first .. nr - 1`` of ``work`` into rounds ``0 .. nr - first - 1`` of ``w2``
    (and the records, whose points carry over): the rounds a restarted phase's tiebreaks count.

    ``work``: as in the module text; ``w2`` a Work bundle written; ``first`` int64 the phase's
    first round; ``nr`` int64 the rounds played."""
    n = work.opp.shape[0]
    for p in range(n):
        for q in range(nr - first):
            w2.opp[p, q] = work.opp[p, first + q]
            w2.kind[p, q] = work.kind[p, first + q]
            w2.gw[p, q] = work.gw[p, first + q]
            w2.gl[p, q] = work.gl[p, first + q]
            w2.gd[p, q] = work.gd[p, first + q]
        for k in range(work.rec.shape[1]):
            w2.rec[p, k] = work.rec[p, k]


@kernel
def phase_order(work, w2, restart, first, nr, rules, ratings, members, noise, need_active, act):
    """The standings after ``nr`` rounds, exact down to ``need_active`` active players: of every
    round, or with ``restart`` of rounds ``first ..`` only (:func:`phase_view`).

    ``work``, ``rules``, ``act``: as in the module text; ``w2`` a Work bundle (scratch for
    :func:`phase_view`); ``restart`` bool; ``first``, ``nr``, ``need_active`` int64; ``ratings``
    float64[n]; ``members`` int64[k] the rows ranked; ``noise`` a (key, counter) pair of uint64
    (:func:`drawsafe.standings.order.noise_value`). Returns int64[k]."""
    if restart:
        phase_view(work, w2, first, nr)
        return refined_order(w2, nr - first, rules, ratings, members, noise, 0, need_active, act)
    return refined_order(work, nr, rules, ratings, members, noise, 0, need_active, act)


@kernel
def play_round(s, seed, r, m, modes, field, act, plist, model, rules, plan, work):
    """Play round ``r`` alone: its ``m`` tables ``work.pa`` v ``work.pb`` (``modes``: engine.FREE,
    engine.INTENTIONAL) with :func:`drawsafe.engine.kernel.simulate_one`, the rounds so far being
    ``work`` itself (``act`` the players still playing, ``plist`` their indices); returns the order
    after the round, exact down to the first ``plan.top`` active players.  One kernel for the
    three calls of :func:`field_chunk` (simulate_one is inlined into it once).

    ``s``, ``seed``, ``r``, ``field``, ``act``, ``plist``, ``model``, ``rules``, ``plan``,
    ``work``: as in the module text; ``m`` int64 the tables; ``modes`` int64[m] the tables'
    modes."""
    tables = FirstTables(work.pa[:m].copy(), work.pb[:m].copy(), modes, np.zeros((m, 3), dtype=np.int64),
                         np.zeros(m))
    now = Field(work.opp, work.kind, work.gw, work.gl, work.gd, work.rec, work.had_bye, field.award, act, plist,
                field.members, field.ratings)
    one = Plan(r, r + 1, plan.top, np.int64(-1), plan.pairing, False, np.int64(engine.NO_DRAWS), np.int64(0),
               plan.future_p, np.int64(0), np.int64(-1), np.int64(0))
    return engine.simulate_one(s, seed, now, tables, model, rules, one, 0, False, work)


@inline_kernel  # a world saved before the probes' round, and restored for each probe
def copy_state(src, dst):
    """Copy the event's state ``src`` into ``dst``, array by array.

    ``src``, ``dst`` tuple (``opp`` int32[n, rounds], ``kind``, ``gw``, ``gl``, ``gd`` int8[n,
    rounds], ``rec`` int64[n, 4], ``had_bye`` bool[n], ``act`` bool[n]) of the same shapes."""
    dst[0][:, :] = src[0]
    dst[1][:, :] = src[1]
    dst[2][:, :] = src[2]
    dst[3][:, :] = src[3]
    dst[4][:, :] = src[4]
    dst[5][:, :] = src[5]
    dst[6][:] = src[6]
    dst[7][:] = src[7]


@kernel
def field_chunk(c, lo, hi, seed, field, model, rules, plan, options, out):
    """Simulations ``lo .. hi - 1`` of :func:`run_field` into chunk ``c``'s counts (its rows of
    ``out`` only).

    ``c`` int64 the chunk; ``lo``, ``hi`` int64 its simulations (``hi`` excluded); ``seed``,
    ``field``, ``model``, ``rules``, ``plan``, ``options``, ``out``: as in the module text."""
    # views without reference counts, as in engine.simulate_chunk (jit.borrowed)
    field, model, rules, plan, options, out = borrowed(field), borrowed(model), borrowed(rules), \
        borrowed(plan), borrowed(options), borrowed(out)
    final_n, final_cut, final_sq, dropped_n = out.final_n, out.final_cut, out.final_sq, out.dropped_n
    points_n, points_cut, line_hist, bubble_hist = out.points_n, out.points_cut, out.line_hist, out.bubble_hist
    bl, b2 = out.bl, out.b2
    d1_n, d1_adv, d1_top, d1_sq, adv_hist = out.d1_n, out.d1_adv, out.d1_top, out.d1_sq, out.adv_hist
    drop_rate, probe_groups, flip = options.drop_rate, options.probe_groups, options.flip
    day1, day2_points, day2_top, restart = options.day1, options.day2_points, options.day2_top, options.restart
    points_table = rules.points_table
    n, total, top = field.opp.shape[0], plan.total, plan.top
    # a points cut (plan.cut_points >= 0): everyone on at least those points makes it; no draw is
    # locked by rank, and a flipped table changes only its own players' points
    cut_points = plan.cut_points
    lock_top = top if cut_points < 0 else 0
    policy, draw_points = plan.future_policy, plan.draw_points
    base = total + 1
    win_pts = points_table[kinds.WIN]
    draw_pts = points_table[kinds.DRAW]
    last = total - 1
    two_days = day1 < total
    # the final phase's first round: a restarted phase's tiebreaks count from it
    first2 = day1 if two_days else 0
    restart = restart and two_days
    probe_round = total - 2
    if two_days and probe_round < day1:  # a one-round day 2: the probes would replay the cut
        probe_groups = 0
    owned = engine.work_arrays(field, rules.codes.shape[0], n + 1)
    work = borrowed(owned)
    opp, kind, gw, gl, gd, rec = work.opp, work.kind, work.gw, work.gl, work.gd, work.rec
    points, had_bye, pa, pb, outcome = work.points, work.had_bye, work.pa, work.pb, work.outcome
    act = np.empty(n, dtype=np.bool_)
    cut_out = np.zeros(n, dtype=np.bool_)  # not through to day 2 (not a drop)
    code1 = np.full(n, -1, dtype=np.int64)  # the day-1 record of those still in at its end
    per_sim1 = np.zeros(d1_n.shape[1], dtype=np.int64)
    owned2 = engine.work_arrays(field, rules.codes.shape[0], n + 1)  # a restarted phase's rounds
    w2 = borrowed(owned2)
    # the state before the second-to-last round, for the double-draw probes
    s_opp = np.empty_like(opp)
    s_kind = np.empty_like(kind)
    s_gw = np.empty_like(gw)
    s_gl = np.empty_like(gl)
    s_gd = np.empty_like(gd)
    s_rec = np.empty_like(rec)
    s_bye = np.empty(n, dtype=np.bool_)
    s_act = np.empty(n, dtype=np.bool_)
    world = (opp, kind, gw, gl, gd, rec, had_bye, act)
    saved = (s_opp, s_kind, s_gw, s_gl, s_gd, s_rec, s_bye, s_act)
    pa2 = np.empty(n + 1, dtype=np.int64)
    pb2 = np.empty(n + 1, dtype=np.int64)
    pre_last = np.empty(n, dtype=np.int64)
    code_last = np.empty(n, dtype=np.int64)
    code2 = np.empty(n, dtype=np.int64)
    base_cut = np.zeros(n, dtype=np.int8)
    score = np.empty(3, dtype=np.int64)
    pair = np.empty(2, dtype=np.int8)
    drawn = np.zeros(n + 1, dtype=np.bool_)
    m2 = 0
    m_last = 0
    per_sim = np.zeros(final_n.shape[1], dtype=np.int64)
    for s in range(lo, hi):
        opp[:, :] = -1
        kind[:, :] = 0
        gw[:, :] = 0
        gl[:, :] = 0
        gd[:, :] = 0
        rec[:, :] = 0
        had_bye[:] = False
        act[:] = True
        cut_out[:] = False
        code1[:] = -1
        plist = np.arange(n).astype(np.int64)
        for r in range(total):
            points[:] = rec[:, REC_POINTS]
            if r == probe_round and probe_groups > 0:
                copy_state(world, saved)
            m = pair_round_r(s, seed, r, r == last, field, act, plist, rules, plan, work)
            modes = np.zeros(m, dtype=np.int64)
            if r == last:
                for p in range(n):
                    pre_last[p] = rec[p, REC_POINTS]
                    code_last[p] = record_code(kind, gw, gl, p, r, base)
                if policy != engine.NO_DRAWS and r > 0:
                    engine.mark_locked_draws(points, act, pa, pb, m, draw_pts, win_pts, lock_top, policy,
                                             draw_points, drawn)
                    for t in range(m):
                        if drawn[t]:
                            modes[t] = engine.INTENTIONAL
            if two_days and r == day1 - 1 and policy != engine.NO_DRAWS and r > 0:
                # a draw that is sure to reach day 2 is taken: on points, or by rank
                if day2_points >= 0:
                    engine.mark_locked_draws(points, act, pa, pb, m, draw_pts, win_pts, 0, engine.SAFE_POINTS,
                                             day2_points, drawn)
                    for t in range(m):  # both through already: nothing to draw for, they play
                        if drawn[t] and points[pa[t]] >= day2_points and points[pb[t]] >= day2_points:
                            drawn[t] = False
                else:
                    engine.mark_locked_draws(points, act, pa, pb, m, draw_pts, win_pts, day2_top, engine.LOCKED,
                                             0, drawn)
                for t in range(m):
                    if drawn[t]:
                        modes[t] = engine.INTENTIONAL
            if r == probe_round:
                for p in range(n):
                    code2[p] = record_code(kind, gw, gl, p, r, base)
                m2 = m
                pa2[:m] = pa[:m]
                pb2[:m] = pb[:m]
            order = play_round(s, seed, r, m, modes, field, act, plist, model, rules, plan, work)
            m_last = m
            if two_days and r == day1 - 1:
                advance(s, seed, day1, day2_points, day2_top, work, rules, field, act, cut_out, code1, base)
                advanced = 0
                for p in range(n):
                    if code1[p] >= 0:
                        d1_n[c, code1[p]] += 1
                        per_sim1[code1[p]] += 1
                        if act[p]:
                            d1_adv[c, code1[p]] += 1
                            advanced += 1
                adv_hist[c, advanced] += 1
                for code in range(per_sim1.shape[0]):
                    if per_sim1[code] > 0:
                        d1_sq[c, code] += per_sim1[code] * per_sim1[code]
                        per_sim1[code] = 0
            if r < last:
                plist = drop_players(s, seed, r, act, drop_rate, rec)
        if restart:  # the final standings by the day-2 tiebreaks
            order = phase_order(work, w2, True, first2, total, rules, field.ratings, field.members,
                                (stream(seed, s)[0], engine.NOISE_DRAWS), top, act)
        # the base world's final standings
        placed = 0
        line = -1
        for i in range(order.shape[0]):
            p = order[i]
            base_cut[p] = 0
        for i in range(order.shape[0]):
            p = order[i]
            if act[p] and (placed < top if cut_points < 0 else rec[p, REC_POINTS] >= cut_points):
                base_cut[p] = 1
                placed += 1
                line = rec[p, REC_POINTS]
        missing = 0
        for p in range(n):
            code = record_code(kind, gw, gl, p, total, base)
            if act[p]:
                final_n[c, code] += 1
                per_sim[code] += 1
                final_cut[c, code] += base_cut[p]
                points_n[c, rec[p, REC_POINTS]] += 1
                points_cut[c, rec[p, REC_POINTS]] += base_cut[p]
                if rec[p, REC_POINTS] == line and base_cut[p] == 0:
                    missing += 1
            elif not cut_out[p]:
                dropped_n[c, code] += 1
        if two_days:
            for p in range(n):
                if code1[p] >= 0 and act[p]:
                    d1_top[c, code1[p]] += base_cut[p]
        for code in range(per_sim.shape[0]):
            if per_sim[code] > 0:
                final_sq[c, code] += per_sim[code] * per_sim[code]
                per_sim[code] = 0
        if line >= 0:
            line_hist[c, line] += 1
        bubble_hist[c, min(missing, bubble_hist.shape[1] - 1)] += 1
        # before the second-to-last round, as it happened
        if probe_round >= 0:
            for p in range(n):
                # players who then dropped are left out: "if I win / lose" asks about one who stays
                if kind[p, probe_round] != kinds.PLAYED or not act[p]:
                    continue
                k = code2[p]
                b2[c, k, B2_N] += 1
                b2[c, k, B2_CUT] += base_cut[p]
                res = round_result(kind[p, probe_round], gw[p, probe_round], gl[p, probe_round])
                if res == kinds.WIN:
                    b2[c, k, B2_WIN_N] += 1
                    b2[c, k, B2_WIN_CUT] += base_cut[p]
                elif res == kinds.LOSS:
                    b2[c, k, B2_LOSS_N] += 1
                    b2[c, k, B2_LOSS_CUT] += base_cut[p]
        # the last round: every table that can matter flipped in turn
        if flip:
            # the keys for exact ties the base ranking used (simulate_one's final ranked_players)
            noise = (stream(seed, s)[0], engine.NOISE_DRAWS)
            ntab = m_last
            tables = np.zeros(ntab, dtype=np.int64)
            k = 0
            for t in range(ntab):
                b = pb[t]
                if b < 0:
                    continue
                if max(pre_last[pa[t]], pre_last[b]) + win_pts >= line:
                    tables[k] = t
                    k += 1
            tables = tables[:k]
            cand = contenders(order, act, top, rec, field.members, tables, pa, pb, win_pts)
            is_flip = np.zeros(ntab, dtype=np.bool_)
            for j in range(k):
                is_flip[tables[j]] = True
            for t in range(ntab):
                a = pa[t]
                b = pb[t]
                if b < 0:
                    continue
                sa, sb, sd = gw[a, last], gl[a, last], gd[a, last]
                intentional = outcome[t] == engine.ID
                if not is_flip[t]:
                    for q in range(2):
                        p = a if q == 0 else b
                        kk = code_last[p]
                        bl[c, kk, BL_N] += 1
                        if not intentional:
                            res = round_result(kinds.PLAYED, gw[p, last], gl[p, last])
                            col = BL_WIN_N if res == kinds.WIN else (BL_LOSS_N if res == kinds.LOSS else BL_PDRAW_N)
                            bl[c, kk, col] += 1
                    continue
                remove_round(rec, a, kinds.PLAYED, sa, sb, sd, points_table)
                remove_round(rec, b, kinds.PLAYED, sb, sa, sd, points_table)
                if intentional:
                    st = stream(seed, s)
                    st[1] = (np.uint64(last + 1) << engine.ROUND_SHIFT) + engine.TABLE_BASE + \
                        np.uint64(t) * engine.TABLE_STRIDE
                    play_match(st, win_probability(model.model, model.strength, a, b), model.draw_share,
                               model.decided_cum, model.decided_scores, model.drawn_cum, model.drawn_scores, score)
                else:
                    score[0] = 0
                    score[1] = 0
                    score[2] = 3
                engine.record(work, points_table, last, a, b, score[0], score[1], score[2])
                if cut_points >= 0:
                    pair[0] = act[a] and rec[a, REC_POINTS] >= cut_points
                    pair[1] = act[b] and rec[b, REC_POINTS] >= cut_points
                else:
                    flipped = phase_order(work, w2, restart, first2, total, rules, field.ratings, cand, noise, top,
                                          act)
                    in_cut(flipped, act, top, a, b, pair)
                remove_round(rec, a, kinds.PLAYED, score[0], score[1], score[2], points_table)
                remove_round(rec, b, kinds.PLAYED, score[1], score[0], score[2], points_table)
                engine.record(work, points_table, last, a, b, sa, sb, sd)
                for q in range(2):
                    p = a if q == 0 else b
                    kk = code_last[p]
                    bl[c, kk, BL_N] += 1
                    bl[c, kk, BL_CUT] += base_cut[p]
                    if intentional:  # the flip played it
                        bl[c, kk, BL_DRAW_CUT] += base_cut[p]
                        mine = np.int64(score[q])
                        theirs = np.int64(score[1 - q])
                        fcut = np.int64(pair[q])
                    else:  # the flip drew it
                        bl[c, kk, BL_DRAW_CUT] += pair[q]
                        mine = np.int64(gw[p, last])
                        theirs = np.int64(gl[p, last])
                        fcut = np.int64(base_cut[p])
                    if mine > theirs:
                        bl[c, kk, BL_WIN_N] += 1
                        bl[c, kk, BL_WIN_CUT] += fcut
                    elif mine < theirs:
                        bl[c, kk, BL_LOSS_N] += 1
                        bl[c, kk, BL_LOSS_CUT] += fcut
                    else:
                        bl[c, kk, BL_PDRAW_N] += 1
                        bl[c, kk, BL_PDRAW_CUT] += fcut
        # the double-draw probes: the first table of each top point group of round total - 2
        if probe_round >= 0 and probe_groups > 0:
            done = 0
            prev = 1 << 30
            for t in range(m2):
                a = pa2[t]
                b = pb2[t]
                if b < 0 or done >= probe_groups:
                    continue
                v = s_rec[a, REC_POINTS]
                if v >= prev:
                    continue
                prev = v
                done += 1
                copy_state(saved, world)
                plist = np.flatnonzero(act).astype(np.int64)
                points[:] = rec[:, REC_POINTS]
                modes = np.zeros(m2, dtype=np.int64)
                modes[t] = engine.INTENTIONAL
                pa[:m2] = pa2[:m2]
                pb[:m2] = pb2[:m2]
                play_round(s, seed, probe_round, m2, modes, field, act, plist, model, rules, plan, work)
                plist = drop_players(s, seed, probe_round, act, drop_rate, rec)
                points[:] = rec[:, REC_POINTS]
                m = pair_round_r(s, seed, last, True, field, act, plist, rules, plan, work)
                modes = np.zeros(m, dtype=np.int64)
                if policy != engine.NO_DRAWS:
                    engine.mark_locked_draws(points, act, pa, pb, m, draw_pts, win_pts, lock_top, policy,
                                             draw_points, drawn)
                for u in range(m):
                    probe = pa[u] == a or pa[u] == b or pb[u] == a or pb[u] == b
                    if pb[u] >= 0 and (probe or (policy != engine.NO_DRAWS and drawn[u])):
                        modes[u] = engine.INTENTIONAL
                order = play_round(s, seed, last, m, modes, field, act, plist, model, rules, plan, work)
                if restart:
                    order = phase_order(work, w2, True, first2, total, rules, field.ratings, field.members,
                                        (stream(seed, s)[0], engine.NOISE_DRAWS), top, act)
                if cut_points >= 0:
                    pair[0] = act[a] and rec[a, REC_POINTS] >= cut_points
                    pair[1] = act[b] and rec[b, REC_POINTS] >= cut_points
                else:
                    in_cut(order, act, top, a, b, pair)
                for q in range(2):
                    p = a if q == 0 else b
                    if not act[p]:
                        continue
                    b2[c, code2[p], B2_PROBE_N] += 1
                    b2[c, code2[p], B2_DD_CUT] += pair[q]
    keep_alive(owned)
    keep_alive(owned2)


@kernel
def advance(s, seed, day1, day2_points, day2_top, work, rules, field, act, cut_out, code1, base):
    """The day-2 cut after round ``day1``: every active player's day-1 record into ``code1``, then
    those below ``day2_points`` (>= 0), or past the first ``day2_top`` active players of the day-1
    standings, leave ``act`` for ``cut_out``.

    ``s``, ``seed``, ``work``, ``rules``, ``field``, ``act`` (updated), ``base``: as in the
    module text; ``day1``, ``day2_points``, ``day2_top`` int64 (``FieldOptions``); ``cut_out``
    bool[n] and ``code1`` int64[n] written."""
    n = act.shape[0]
    for p in range(n):
        if act[p]:
            code1[p] = record_code(work.kind, work.gw, work.gl, p, day1, base)
    if day2_points >= 0:
        for p in range(n):
            if act[p] and work.rec[p, REC_POINTS] < day2_points:
                act[p] = False
                cut_out[p] = True
        return
    noise = (stream(seed, s)[0], engine.NOISE_DRAWS + DAY1_NOISE)
    order = refined_order(work, day1, rules, field.ratings, field.members, noise, 0, day2_top, act)
    placed = 0
    for i in range(order.shape[0]):
        p = order[i]
        if not act[p]:
            continue
        if placed >= day2_top:
            act[p] = False
            cut_out[p] = True
        placed += 1


def run_field(seed, first, count, chunks, field, model, *, rules, plan, options, out):
    """Simulations ``first .. first + count - 1`` of whole events, in ``chunks`` chunks run in
    parallel (:func:`drawsafe.jit.in_chunks`, one :func:`field_chunk` each).

    The event is the snapshot of no round played ``field`` (its players, awarded byes, ratings;
    :class:`~drawsafe.engine.inputs.Field`), played ``plan.total`` rounds with ``model``, ``rules``
    and ``plan`` (the pairing, the last round by standings, the last round's draw policy
    ``plan.future_policy`` with ``plan.draw_points``, the cut ``plan.top`` by rank), the drops and
    probes of ``options`` (:class:`FieldOptions`): the :class:`drawsafe.simulation.simulator.Simulator`
    bundles of that snapshot.

    Counts per chunk ``c`` (summed by the caller; :class:`FieldOutputs` ``out``): ``final_n[c, code]``
    players finishing with a record (active at the end), ``final_cut[c, code]`` of them in the cut,
    ``final_sq[c, code]`` the sum over simulations of the squared count (for the interval of the
    mean), ``dropped_n[c, code]`` players who dropped (record when they left);
    ``points_n/points_cut[c, points]`` the same by final points; ``line_hist[c, points]`` points of
    the last player in the cut, ``bubble_hist[c, k]`` simulations with ``k`` players on that total
    missing the cut; ``bl[c, code, BL_*]`` and ``b2[c, code, B2_*]`` (see the module docstring).
    """
    in_chunks(field_chunk, chunks, first, count, seed, field, model, rules, plan, options, out)
