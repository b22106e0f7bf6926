"""The Monte Carlo kernel: play the remaining Swiss rounds of one snapshot many times.

One simulation copies the snapshot's arrays, plays every remaining round (pairing, results) and
ranks the final standings with the same tiebreak kernels as ``drawsafe standings``.  Simulations
run in parallel over chunks (threads, :func:`drawsafe.jit.in_chunks`); simulation ``s`` draws its random numbers from stream
``(seed, s)`` only (:mod:`drawsafe.rng`) and every output is either indexed by ``s`` or an integer count
summed per chunk, so the same seed gives the same numbers on any number of threads.

Inputs come bundled by meaning (:mod:`drawsafe.engine.inputs`); the codes are named once in
:mod:`drawsafe.engine.codes` (re-exported here).  Codes for the tables of the first simulated
round (``FirstTables.mode``):
``FREE`` play it out; ``KNOWN`` the result is reported (``FirstTables.score``); ``FORCE_A`` /
``FORCE_B`` that player wins (game score sampled); ``INTENTIONAL`` an intentional draw, 0-0-3;
``BEHAVIOUR`` an intentional draw with the table's probability ``FirstTables.draw_p``, else played.
Outcome codes written per simulation (``Outputs.table_outcome``): ``A_WON``, ``DRAWN``, ``B_WON``,
``ID``.

Policies for intentional draws in the last round of a simulated future (``Plan.future_policy``):
``NO_DRAWS`` every table plays; ``LOCKED`` a table draws when both players are guaranteed a place
in the cut on points alone after a draw (fewer than ``top`` other players could reach their points);
``SAFE_POINTS`` as ``LOCKED``, and also when both players reach at least ``draw_points`` points with
the draw (``Plan.draw_points``, a total from which nearly everyone makes the cut, measured by a
pilot run: see :class:`drawsafe.simulation.simulator.Simulator`); ``BEHAVIOUR_POINTS`` each table
draws with the probability ``Plan.future_p[points_a, points_b]`` (the behaviour model).

Kernel parameters (each kernel names those it takes, "as in the module text"): ``seed`` int64 the
run's seed; ``field`` (Field), ``tables`` (FirstTables), ``model`` (MatchModel), ``rules``
(Rules), ``plan`` (Plan), ``work`` (Work) and ``out`` (Outputs) the bundles of
:mod:`drawsafe.engine.inputs`; ``state`` uint64[2] a random stream (:mod:`drawsafe.rng`);
``points`` int64[n] the players' points; ``active`` and ``act`` bool[n] who plays on; ``plist``
int64[n] player rows; ``members`` int64[k] the rows ranked; ``ratings`` float64[n]; ``pa``,
``pb`` int64[n + 1] the round's tables and ``m`` int64 their number; ``drawn`` bool[>= m] written
per table; ``draw_pts``, ``win_pts`` int64 a draw's and a win's points; ``top`` int64 the size of
the cut; ``points_table`` int64[N_POINTS] (:mod:`drawsafe.tiebreaks.values`).
"""

from __future__ import annotations

import numpy as np

from drawsafe.engine.codes import (  # noqa: F401 (the codes are part of this module's interface)
    A_WON,
    B_WON,
    BEHAVIOUR,
    BEHAVIOUR_POINTS,
    COBRA_PAIRING,
    DRAWN,
    DUTCH_PAIRING,
    FORCE_A,
    FORCE_B,
    FREE,
    ID,
    INTENTIONAL,
    KNOWN,
    LOCKED,
    MTG_PAIRING,
    NO_DRAWS,
    SAFE_POINTS,
)
from drawsafe.engine.inputs import Rules, Work
from drawsafe.engine.tables import (  # noqa: F401 (TABLE_BASE, TABLE_STRIDE: used by the flips)
    TABLE_BASE,
    TABLE_STRIDE,
    draws_intentionally,
    play_tables,
    write_played,
)
from drawsafe.event import kinds
from drawsafe.jit import borrowed, in_chunks, inline_kernel, keep_alive, kernel
from drawsafe.pairing.dutch import pair_dutch
from drawsafe.pairing.swiss import pair_standings, pair_swiss
from drawsafe.pairing.weighted import pair_weighted
from drawsafe.rng import stream
from drawsafe.standings.order import complete_keys, refined_order
from drawsafe.tiebreaks.values import FLAG_DEDUPE, add_round, round_result, win_percentages

#: Pairing systems (MTG_PAIRING, DUTCH_PAIRING, COBRA_PAIRING in drawsafe.engine.codes) are a run-time argument
#: (``Plan.pairing``, an int64): every game runs on the same machine code (one compile serves them all).


@kernel
def pair_round(system, state, players, points, had_bye, opp, nr, ratings, pa, pb):
    """Pair a round with the pairing ``system`` (MTG_PAIRING: point groups in random order,
    :func:`~drawsafe.pairing.swiss.pair_swiss`; DUTCH_PAIRING: :func:`~drawsafe.pairing.dutch.pair_dutch`;
    COBRA_PAIRING: cobra's least squared differences, :func:`~drawsafe.pairing.weighted.pair_weighted`).

    ``system`` int64; ``state`` uint64[2] the round's random stream; ``players`` int64[k] the
    active players; ``points`` int64[n]; ``had_bye`` bool[n]; ``opp`` int32[n, rounds] and ``nr``
    int64 the rounds played (no rematch); ``ratings`` float64[n] (Dutch colour-free ranking order);
    ``pa``, ``pb`` int64[n + 1] tables written from 0.  Returns (tables, bye player or -1, no
    rematch was needed)."""
    if system == DUTCH_PAIRING:
        return pair_dutch(state, players, points, had_bye, opp, nr, ratings, pa, pb)
    if system == COBRA_PAIRING:
        return pair_weighted(state, players, points, had_bye, opp, nr, pa, pb)
    return pair_swiss(state, players, points, had_bye, opp, nr, pa, pb)


#: Stream counters: the draws of each round's pairing and of each table start at fixed counters, so
#: that changing one table's result (draw instead of play) leaves every other random number as it
#: was (common random numbers between scenarios).
ROUND_SHIFT = np.uint64(32)
NOISE_DRAWS = np.uint64(1) << np.uint64(48)
#: The tie keys of a phase's standings (a cut by rank), apart from the final standings'.
PHASE_DRAWS = NOISE_DRAWS + (np.uint64(1) << np.uint64(44))


@kernel
def record(work, points_table, r, a, b, sa, sb, sd):
    """Write a played match of round ``r`` into the work arrays and the players' records.

    ``work``, ``points_table``: as in the module text; ``r`` int64 the round; ``a``, ``b`` int64
    the players' rows; ``sa``, ``sb``, ``sd`` int64 the games won by a, won by b, drawn."""
    add_round(work.rec, a, kinds.PLAYED, sa, sb, sd, points_table)
    add_round(work.rec, b, kinds.PLAYED, sb, sa, sd, points_table)
    write_played(work.opp, work.kind, work.gw, work.gl, work.gd, r, a, b, sa, sb, sd)


@kernel
def at_least(points, active):
    """``count[v]`` = number of active players with at least ``v`` points.

    ``points``, ``active``: as in the module text. Returns ``count`` int64[max points + 2]."""
    high = 0
    for p in range(points.shape[0]):
        if active[p] and points[p] > high:
            high = points[p]
    count = np.zeros(high + 2, dtype=np.int64)
    for p in range(points.shape[0]):
        if active[p] and points[p] >= 0:
            count[points[p]] += 1
    for v in range(high - 1, -1, -1):
        count[v] += count[v + 1]
    return count


@kernel
def locked_after_draw(px, ax, po, ao, count, draw_pts, win_pts, top):
    """True when a player with ``px`` points (active: ``ax``), drawing this (last) round with one on
    ``po`` points (active: ``ao``), cannot finish below ``top`` others: fewer than ``top`` other
    active players can reach their points (everyone else winning, the opponent drawing).  ``count``
    is :func:`at_least` of the points before the round.

    ``px``, ``po`` int64 the two players' points; ``ax``, ``ao`` bool; ``count`` int64[v]
    (:func:`at_least`); ``draw_pts``, ``win_pts``, ``top``: as in the module text."""
    target = px + draw_pts
    need = max(target - win_pts, 0)
    threats = count[need] if need < count.shape[0] else 0
    if ax and px >= need:
        threats -= 1
    if ao and po >= need:
        threats -= 1
    if ao and po + draw_pts >= target:
        threats += 1
    return threats < top


@kernel
def mark_locked_draws(points, active, pa, pb, m, draw_pts, win_pts, top, policy, draw_points, drawn):
    """``drawn[t]`` for the ``m`` tables of the last round under the draw ``policy`` (``LOCKED`` or
    ``SAFE_POINTS``), decided on the points before the round, for every table at once.

    ``points``, ``active``, ``pa``, ``pb``, ``m``, ``draw_pts``, ``win_pts``, ``top``, ``drawn``:
    as in the module text; ``policy`` int64; ``draw_points`` int64 the safe total
    (``Plan.draw_points``)."""
    count = at_least(points, active)
    for t in range(m):
        a = pa[t]
        b = pb[t]
        if b < 0:
            drawn[t] = False
            continue
        pa_, pb_ = points[a], points[b]
        drawn[t] = locked_after_draw(pa_, active[a], pb_, active[b], count, draw_pts, win_pts, top) \
            and locked_after_draw(pb_, active[b], pa_, active[a], count, draw_pts, win_pts, top)
        if policy == SAFE_POINTS and pa_ + draw_pts >= draw_points and pb_ + draw_pts >= draw_points:
            drawn[t] = True


@kernel
def mark_behaviour_draws(key, round_base, points, pa, pb, m, future_p, drawn):
    """``drawn[t]`` for the ``m`` tables of a future's last round under ``BEHAVIOUR_POINTS``:
    probability ``future_p[points[a], points[b]]`` (points beyond the table use its last row).

    ``key`` uint64 the simulation's stream key and ``round_base`` uint64 the round's first draw
    number (:func:`drawsafe.engine.tables.draws_intentionally`); ``points``, ``pa``, ``pb``,
    ``m``, ``drawn``: as in the module text; ``future_p`` float64[points, points] the draw
    probabilities."""
    top = future_p.shape[0] - 1
    for t in range(m):
        a = pa[t]
        b = pb[t]
        if b < 0:
            drawn[t] = False
            continue
        p = future_p[min(points[a], top), min(points[b], top)]
        drawn[t] = draws_intentionally(key, round_base, t, p)


@kernel
def work_arrays(field, n_keys, tables):
    """One chunk's :class:`~drawsafe.engine.inputs.Work` arrays for :func:`simulate_one`, shaped like
    the snapshot's (``n_keys`` tiebreak keys, ``tables`` first-round tables).

    ``field``: as in the module text; ``n_keys`` int64; ``tables`` int64."""
    n, t_cap = field.opp.shape
    return Work(np.empty((n, t_cap), dtype=field.opp.dtype), np.empty((n, t_cap), dtype=field.kind.dtype),
                np.empty((n, t_cap), dtype=field.gw.dtype), np.empty((n, t_cap), dtype=field.gl.dtype),
                np.empty((n, t_cap), dtype=field.gd.dtype), np.empty_like(field.rec),
                np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_), np.empty((n, n_keys)),
                np.empty(n + 1, dtype=np.int64),  # pa, pb: room for every bye (awarded byes included)
                np.empty(n + 1, dtype=np.int64), np.empty(tables, dtype=np.int8),
                np.empty(n, dtype=np.bool_), np.empty(n, dtype=np.int64))


@kernel
def list_active(act, plist):
    """``plist`` gets the indices of the players of ``act``, in order; returns how many they are.

    ``act``, ``plist`` (written): as in the module text."""
    k = 0
    for p in range(act.shape[0]):
        if act[p]:
            plist[k] = p
            k += 1
    return k


@kernel
def cut_by_points(act, plist, points, cut):
    """A phase's cut by points: only the players of ``act`` on at least ``cut`` points stay;
    ``plist`` gets their indices in order; returns how many they are.

    ``act`` (updated), ``plist``, ``points``: as in the module text; ``cut`` int64."""
    for p in range(act.shape[0]):
        if act[p] and points[p] < cut:
            act[p] = False
    return list_active(act, plist)


@kernel
def cut_players_last(order, started, act):
    """``order`` with the players a phase's cut stopped (``started`` but no longer in ``act``)
    moved after everyone else, in the same order among themselves: day 2's players are placed
    first, as the event ranks them.

    ``order`` int64[k] the standings order; ``started`` bool[n] who started the phase
    (``Field.active``); ``act``: as in the module text. Returns int64[k]."""
    out = np.empty_like(order)
    k = 0
    for i in range(order.shape[0]):
        p = order[i]
        if act[p] or not started[p]:
            out[k] = p
            k += 1
    for i in range(order.shape[0]):
        p = order[i]
        if started[p] and not act[p]:
            out[k] = p
            k += 1
    return out


@kernel
def cut_by_rank(order, act, plist, top):
    """A phase's cut by rank: only the first ``top`` players of ``act`` in the standings ``order``
    stay; ``plist`` gets their indices in order; returns how many they are.

    ``order`` int64[k] the standings; ``act`` (updated), ``plist`` (written), ``top``: as in the
    module text."""
    placed = 0
    for i in range(order.shape[0]):
        p = order[i]
        if act[p]:
            placed += 1
            if placed > top:
                act[p] = False
    return list_active(act, plist)


@kernel
def copy_rows(src, dst):
    """``dst[:] = src`` for 2-D arrays of the same shape (a flat loop: faster than slicing).

    ``src``, ``dst`` arrays [n, rounds] of one dtype (int8 or int32), ``dst`` written."""
    a = src.ravel()
    b = dst.ravel()
    for i in range(a.shape[0]):
        b[i] = a[i]


@inline_kernel  # a wrapper: compiled as its own kernel it re-optimized all of refined_order's code
def ranked_players(work, nr, rules, ratings, members, state, need_ranks, need_active, active):
    """``members`` in standings order after ``nr`` rounds of ``work`` (exact ties in random order),
    exact down to ``need_ranks`` places and ``need_active`` active players (see
    :func:`drawsafe.standings.order.refined_order`).

    ``work``, ``rules``, ``ratings``, ``members``, ``state`` (its counter advanced by n),
    ``active``: as in the module text; ``nr``, ``need_ranks``, ``need_active`` int64. Returns
    int64[k]."""
    # player p's tie key is the stream's (p + 1)-th draw, computed only for players still tied
    noise = (state[0], state[1])
    state[1] += np.uint64(work.opp.shape[0])
    return refined_order(work, nr, rules, ratings, members, noise, need_ranks, need_active, active)


@inline_kernel  # inlined: simulate_one's round loop and the planning kernel's (drawsafe.planning.kernel)
def pair_players(r, last, state, players, award, ratings, active, rules, plan, work):
    """Pair round ``r`` (0-based; ``last``: the last Swiss round) of ``players`` into ``work.pa`` v
    ``work.pb``: by standings in the last round when ``plan.standings_last``, else with
    ``plan.pairing`` from the stream ``state``; a bye, then the players with an awarded bye this
    round (``award[p] > r``: not paired) last.  Returns (tables, whether the pairing avoided every
    rematch).

    ``r`` int64; ``last`` bool; ``state``, ``ratings``, ``active``, ``rules``, ``plan``,
    ``work``: as in the module text; ``players`` int64[k] the rows to pair; ``award`` int64[n]
    the byes awarded before the event (``Field.award``)."""
    pa, pb = work.pa, work.pb
    pool = players
    awarded = 0
    if award.shape[0] > 0 and award.max() > r:  # (a contiguous max is cheap; usually none)
        for i in range(players.shape[0]):
            if award[players[i]] > r:
                awarded += 1
    if awarded > 0:
        pool = np.empty(players.shape[0] - awarded, dtype=np.int64)
        k = 0
        for i in range(players.shape[0]):
            if award[players[i]] <= r:
                pool[k] = players[i]
                k += 1
    if last and plan.standings_last:
        order = ranked_players(work, r, rules, ratings, pool, state, pool.shape[0], 0, active)
        m, bye, ok = pair_standings(order, work.had_bye, work.opp, r, pa, pb)
    else:
        m, bye, ok = pair_round(plan.pairing, state, pool, work.points, work.had_bye, work.opp, r, ratings, pa,
                                pb)
    if bye >= 0:
        pa[m] = bye
        pb[m] = -1
        m += 1
    if awarded > 0:
        for i in range(players.shape[0]):
            if award[players[i]] > r:
                pa[m] = players[i]
                pb[m] = -1
                m += 1
    return m, ok


@inline_kernel  # inlined into the two chunk kernels: one LLVM pass over its code fewer (NOTES.md)
def simulate_one(s, seed, field, tables, model, rules, plan, need_ranks, fresh, work):
    """Play simulation ``s`` (bundles: :mod:`drawsafe.engine.inputs`) into ``work``; returns the final
    order, exact down to ``need_ranks`` places and the cut.  With ``fresh`` the work arrays are first
    copied from the snapshot (the first simulation of a chunk).

    ``field.award[p]`` is the number of byes player ``p`` was awarded before the event (a bye in
    each of rounds 1 .. award[p]); in those rounds they are not paired.

    ``s`` int64 the simulation; ``seed``, ``field``, ``tables``, ``model``, ``rules``, ``plan``,
    ``work``: as in the module text; ``need_ranks`` int64; ``fresh`` bool. Returns int64[k] the
    order.
    """
    opp, kind, gw, gl, gd, rec = work.opp, work.kind, work.gw, work.gl, work.gd, work.rec
    points, had_bye, pa, pb = work.points, work.had_bye, work.pa, work.pb
    award, act, plist = field.award, work.act, work.plist
    points_table = rules.points_table
    nr0, total, phase_end = plan.after_round, plan.total, plan.phase_end
    state = stream(seed, s)
    if fresh:
        # The rounds played so far never change, and every simulation writes the same cells of the
        # rounds it plays (every active player, every simulated round): work arrays are copied from
        # the snapshot once per chunk of simulations, not once per simulation.
        copy_rows(field.opp, opp)
        copy_rows(field.kind, kind)
        copy_rows(field.gw, gw)
        copy_rows(field.gl, gl)
        copy_rows(field.gd, gd)
    copy_rows(field.rec, rec)
    for p in range(points.shape[0]):
        points[p] = field.rec[p, 0]
        had_bye[p] = field.had_bye[p]
        act[p] = field.active[p]
    k = field.players.shape[0]
    for i in range(k):
        plist[i] = field.players[i]
    players = plist[:k]  # who is paired: a phase's cut makes them fewer (work.act, work.plist)
    own_flags = rules.flags.copy()  # a failed pairing sets FLAG_DEDUPE for this simulation
    own_drawn = np.zeros(pa.shape[0], dtype=np.bool_)  # set only in a locked last round
    flags, drawn = borrowed(own_flags), borrowed(own_drawn)
    sim_rules = Rules(rules.codes, points_table, flags)
    win_pts = points_table[kinds.WIN]
    draw_pts = points_table[kinds.DRAW]
    rank_top = plan.top if plan.cut_points < 0 else 0  # a points cut locks no draw by rank
    for r in range(nr0, total):
        round_base = np.uint64(r + 1) << ROUND_SHIFT
        if phase_end > 0 and r == phase_end and not (r == nr0 and tables.a.shape[0] > 0):
            # the next phase (day 2): only those through the cut play on (published tables of
            # its first round already say who they are)
            if plan.phase_top > 0:
                state[1] = PHASE_DRAWS
                standing = ranked_players(work, r, sim_rules, field.ratings, players, state, 0, plan.phase_top,
                                          act)
                k = cut_by_rank(standing, act, plist, plan.phase_top)
            else:
                k = cut_by_points(act, plist, points, plan.phase_points)
            players = plist[:k]
        state[1] = round_base
        if r == nr0 and tables.a.shape[0] > 0:
            m = tables.a.shape[0]
            for t in range(m):  # a loop: a slice copy compiles its error message (seconds)
                pa[t] = tables.a[t]
                pb[t] = tables.b[t]
        else:
            m, ok = pair_players(r, r == total - 1, state, players, award, field.ratings, act, sim_rules, plan,
                                 work)
            if not ok:
                flags[FLAG_DEDUPE] = 1
        lock = r == total - 1 and plan.future_policy != NO_DRAWS and r > nr0
        # the last round before a phase's cut: the tables locked into it draw (a points cut: both
        # reach its points with a draw)
        phase_lock = r == phase_end - 1 and plan.future_policy != NO_DRAWS and r > nr0
        if lock and plan.future_policy == BEHAVIOUR_POINTS:
            mark_behaviour_draws(state[0], round_base, points, pa, pb, m, plan.future_p, drawn)
        elif lock:
            mark_locked_draws(points, act, pa, pb, m, draw_pts, win_pts, rank_top, plan.future_policy,
                              plan.draw_points, drawn)
        elif phase_lock and plan.phase_top > 0:
            mark_locked_draws(points, act, pa, pb, m, draw_pts, win_pts, plan.phase_top, np.int64(LOCKED),
                              np.int64(0), drawn)
        elif phase_lock:
            mark_locked_draws(points, act, pa, pb, m, draw_pts, win_pts, np.int64(0), np.int64(SAFE_POINTS),
                              plan.phase_points, drawn)
        first = r == nr0
        play_tables(r, m, tables.mode if first else tables.mode[:0], tables.score, tables.draw_p, drawn,
                    work.outcome if first else work.outcome[:0], state[0], round_base, work, points_table,
                    model)
        if phase_lock:
            for t in range(m):
                drawn[t] = False
    state[1] = NOISE_DRAWS
    order = ranked_players(work, total, sim_rules, field.ratings, field.members, state, need_ranks, rank_top,
                           act)
    keep_alive(own_flags)
    keep_alive(own_drawn)
    return order


@kernel
def type_late_calls(seed, field, tables, model, rules, plan, work, run):
    """Runs nothing unless ``run`` (it is never run): its body makes the calls :func:`simulate_one`
    makes after its first ranking, and :func:`simulate_chunk` after it, with the same argument
    types, so that compiling it compiles those kernels' variants (and caches them).  A second
    process compiles it while the first compiles :func:`simulate_chunk`, which then loads them from
    the cache instead of compiling them (:mod:`drawsafe.app.ahead`; pinned by
    tests/app/test_ahead.py: keep the calls in step with simulate_one's).

    ``seed``, ``field``, ``tables``, ``model``, ``rules``, ``plan``, ``work``: as in the module
    text; ``run`` bool (always False)."""
    if not run:
        return
    opp, had_bye, pa, pb, points = work.opp, work.had_bye, work.pa, work.pb, work.points
    active, players = work.act, work.plist[:field.players.shape[0]]  # as simulate_one's
    points_table = rules.points_table
    r = plan.after_round
    state = stream(seed, r)
    flags = rules.flags.copy()
    drawn = np.zeros(pa.shape[0], dtype=np.bool_)
    win_pts = points_table[kinds.WIN]
    draw_pts = points_table[kinds.DRAW]
    rank_top = plan.top if plan.cut_points < 0 else 0
    round_base = np.uint64(r + 1) << ROUND_SHIFT
    order = np.empty(players.shape[0], dtype=np.int64)  # refined_order's result
    # pair_players' two pairing calls, not pair_players itself: that would type ranked_players too,
    # which is the first ranking (the command compiles it; the helper must not compile it again)
    m, _, _ = pair_standings(order, had_bye, opp, r, pa, pb)
    m, _, _ = pair_round(plan.pairing, state, players, points, had_bye, opp, r, field.ratings, pa, pb)
    mark_behaviour_draws(state[0], round_base, points, pa, pb, m, plan.future_p, drawn)
    mark_locked_draws(points, active, pa, pb, m, draw_pts, win_pts, rank_top, plan.future_policy,
                      plan.draw_points, drawn)
    cut_by_points(active, work.plist, points, plan.phase_points)
    cut_by_rank(order, active, work.plist, plan.phase_top)
    mark_locked_draws(points, active, pa, pb, m, draw_pts, win_pts, np.int64(0), np.int64(SAFE_POINTS),
                      plan.phase_points, drawn)
    first = r == plan.after_round
    play_tables(r, m, tables.mode if first else tables.mode[:0], tables.score, tables.draw_p, drawn,
                work.outcome if first else work.outcome[:0], state[0], round_base, work, points_table,
                model)
    mw = np.empty(field.opp.shape[0])
    gwp = np.empty(field.opp.shape[0])
    complete_keys(order[0], mw, gwp, work.rec, work.opp, work.kind, plan.total, rules.codes, flags, work.keys)
    cut_players_last(order, field.active, active)


@kernel
def simulate_chunk(c, lo, hi, first, seed, field, tables, model, rules, plan, out):
    """Simulations ``lo .. hi - 1`` (of those from ``first``) into chunk ``c``'s counts: one part of
    :func:`run_simulations`.  Each simulation's final order is counted here, with every array read
    once per chunk into a local.

    Everything below gets the bundles and work arrays as views without reference counts
    (:func:`drawsafe.jit.borrowed`): numba counted them atomically at every call that passes them,
    29% of a simulation's time at 64 players (benchmarks/NOTES.md).  The inputs live in the
    caller; the work arrays until ``keep_alive`` at the end.

    ``c`` int64 the chunk; ``lo``, ``hi`` int64 its simulations (``hi`` excluded); ``first``
    int64 the run's first simulation; ``seed``, ``field``, ``tables``, ``model``, ``rules``,
    ``plan``, ``out`` (chunk ``c``'s counts and its rows written): as in the module text."""
    field, tables, model, rules, plan, out = borrowed(field), borrowed(tables), borrowed(model), \
        borrowed(rules), borrowed(plan), borrowed(out)
    n = field.opp.shape[0]
    rank_hist, points_hist, cut_at_points, cut_count = out.rank_hist, out.points_hist, out.cut_at_points, \
        out.cut_count
    focus, cut_line, focus_keys, focus_rank = out.focus, out.cut_line, out.focus_keys, out.focus_rank
    focus_cut, table_outcome, by_first = out.focus_cut, out.table_outcome, out.by_first
    members = field.members
    codes, points_table, flags = rules.codes, rules.points_table, rules.flags
    total, cut_points = plan.total, plan.cut_points
    max_rank = rank_hist.shape[2] - 1
    max_points = points_hist.shape[2] - 1
    n_keys = codes.shape[0]
    owned = work_arrays(field, n_keys, tables.a.shape[0])
    work = borrowed(owned)
    points, keys, rec, opp, kind, outcome = work.points, work.keys, work.rec, work.opp, work.kind, work.outcome
    active = work.act  # who plays on at the end of each simulation (a phase's cut leaves some out)
    rank_of = np.empty(n, dtype=np.int64)
    mw = np.empty(n)
    gwp = np.empty(n)
    for s in range(lo, hi):
        order = simulate_one(s, seed, field, tables, model, rules, plan, max_rank, s == lo, work)
        if plan.phase_end > 0:
            order = cut_players_last(order, field.active, active)
        row = s - first
        top = plan.top
        if cut_points >= 0:
            # a points cut: the final order is by points first, so the cut is its first `top` active
            # players, `top` being how many finish on at least cut_points
            top = 0
            for i in range(members.shape[0]):
                p = members[i]
                if active[p] and points[p] >= cut_points:
                    top += 1
        if focus.shape[0] > 0 or cut_line.shape[0] > 0:  # for complete_keys
            win_percentages(rec, points_table[kinds.WIN], mw, gwp)
        for i in range(members.shape[0]):
            p = members[i]
            points_hist[c, p, min(points[p], max_points)] += 1
            if active[p]:
                cut_at_points[c, min(points[p], max_points), 0] += 1
        if focus.shape[0] > 0:
            for i in range(order.shape[0]):
                rank_of[order[i]] = i
        in_cut = 0
        for i in range(order.shape[0]):
            p = order[i]
            if i < max_rank:
                rank_hist[c, p, i] += 1
            elif in_cut >= top:
                break
            if active[p] and in_cut < top:
                cut_count[c, p] += 1
                cut_at_points[c, min(points[p], max_points), 1] += 1
                in_cut += 1
                if by_first.shape[1] > 0:
                    r0 = plan.after_round
                    by_first[c, p, round_result(kind[p, r0], work.gw[p, r0], work.gl[p, r0]), 1] += 1
                if in_cut == top and cut_line.shape[0] > 0:
                    complete_keys(p, mw, gwp, rec, opp, kind, total, codes, flags, keys)
                    for k in range(n_keys):
                        cut_line[row, k] = keys[p, k]
        for f in range(focus.shape[0]):
            p = focus[f]
            focus_rank[row, f] = rank_of[p]
            complete_keys(p, mw, gwp, rec, opp, kind, total, codes, flags, keys)
            for k in range(n_keys):
                focus_keys[row, f, k] = keys[p, k]
        if focus_cut.shape[0] > 0:
            in_cut = 0
            for i in range(order.shape[0]):
                p = order[i]
                if active[p] and in_cut < top:
                    in_cut += 1
                    for f in range(focus.shape[0]):
                        if focus[f] == p:
                            focus_cut[row, f] = 1
        if table_outcome.shape[0] > 0:
            for t in range(outcome.shape[0]):
                table_outcome[row, t] = outcome[t]
        if by_first.shape[1] > 0:
            r0 = plan.after_round
            for i in range(field.players.shape[0]):
                p = field.players[i]
                by_first[c, p, round_result(kind[p, r0], work.gw[p, r0], work.gl[p, r0]), 0] += 1
    keep_alive(owned)


def run_simulations(seed, first, count, chunks, field, tables, *, model, rules, plan, out):
    """Simulations ``first .. first + count - 1``, split into ``chunks`` chunks run in parallel
    (:func:`drawsafe.jit.in_chunks`, one :func:`simulate_chunk` each).

    Counts per chunk (:class:`~drawsafe.engine.inputs.Outputs`): ``cut_count[c, p]``,
    ``rank_hist[c, p, rank]`` for the first ``max_rank`` places (the last bin stays empty: the runs
    below are not ordered exactly), ``points_hist[c, p, points]``, ``cut_at_points[c, points]`` =
    (active players finishing on those points, of whom in the cut).  ``focus_rank`` is exact above
    ``max_rank``; below, players are in point order only.  Per simulation (row ``s - first``):
    ``focus_cut``, ``focus_rank`` and ``focus_keys`` for the players in ``focus``,
    ``table_outcome`` of the first round's tables, ``cut_line`` (points and tiebreaks of the last
    player in the cut).  ``by_first[c, p, result, 0 / 1]`` (when not empty): simulations in which
    active player ``p``'s first simulated round ended in ``result`` (kinds.LOSS / DRAW / WIN, a bye
    a win), and of those, how many put ``p`` in the cut.
    """
    in_chunks(simulate_chunk, chunks, first, count, first, seed, field, tables, model, rules, plan, out)
