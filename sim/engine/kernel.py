"""The Monte Carlo kernel: play the remaining Swiss rounds of one snapshot many times.

One simulation copies the snapshot's arrays, plays every remaining round (pairing, results) and
ranks the final standings with the same tiebreak kernels as ``drawsafe standings``.  Simulations
run in parallel over chunks (``prange``); simulation ``s`` draws its random numbers from stream
``(seed, s)`` only (:mod:`drawsafe.rng`) and every output is either indexed by ``s`` or an integer count
summed per chunk, so the same seed gives the same numbers on any number of threads.

Codes for the tables of the first simulated round (``table_mode``):
``FREE`` play it out; ``KNOWN`` the result is reported (``table_score``); ``FORCE_A`` / ``FORCE_B``
that player wins (game score sampled); ``INTENTIONAL`` an intentional draw, 0-0-3; ``BEHAVIOUR``
an intentional draw with probability ``table_draw_p[t]`` (the table's own random number at a fixed
counter, :func:`drawsafe.engine.tables.draws_intentionally`), else played as ``FREE``.
Outcome codes written per simulation (``table_outcome``): ``A_WON``, ``DRAWN``, ``B_WON``, ``ID``.

Policies for intentional draws in the last round of a simulated future (``future_policy``):
``NO_DRAWS`` every table plays; ``LOCKED`` a table draws when both players are guaranteed a place
in the cut on points alone after a draw (fewer than ``top`` other players could reach their points);
``SAFE_POINTS`` as ``LOCKED``, and also when both players reach at least ``draw_points`` points with
the draw (a total from which nearly everyone makes the cut, measured by a pilot run: see
:class:`drawsafe.simulation.simulator.Simulator`); ``BEHAVIOUR_POINTS`` a table draws with
probability ``future_p[points_a, points_b]`` (the behaviour model by the players' points before
the round, :func:`drawsafe.simulation.behaviour.future_table`), drawn like a ``BEHAVIOUR`` table.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types
from numba.extending import overload

from drawsafe.event import kinds
from drawsafe.jit import kernel, parallel_kernel
from drawsafe.standings.order import complete_keys, refined_order
from drawsafe.pairing.swiss import pair_standings, pair_swiss
from drawsafe.pairing.dutch import pair_dutch
from drawsafe.engine.tables import (  # noqa: F401 (the table codes are part of this module's interface)
    A_WON,
    B_WON,
    BEHAVIOUR,
    CHOICE_DRAW,
    DRAWN,
    FORCE_A,
    FORCE_B,
    FREE,
    ID,
    INTENTIONAL,
    KNOWN,
    TABLE_BASE,
    TABLE_STRIDE,
    draws_intentionally,
    play_tables,
    write_played,
)
from drawsafe.rng import stream
from drawsafe.tiebreaks.values import FLAG_DEDUPE, add_round, win_percentages

NO_DRAWS, LOCKED, SAFE_POINTS, BEHAVIOUR_POINTS = 0, 1, 2, 3
#: Pairing systems: MTG event software (point groups, random order) or the Dutch approximation.
#: The kernels receive an empty array whose dtype names the system (:func:`pairing_selector`), so
#: numba compiles only the system in use (Magic runs never compile the Dutch search).
MTG_PAIRING, DUTCH_PAIRING = 0, 1


def pairing_selector(system: int) -> np.ndarray:
    return np.zeros(0, dtype=np.int16 if system == DUTCH_PAIRING else np.int8)


def pair_round(selector, state, players, points, had_bye, opp, nr, ratings, pa, pb):
    """Pair a round with the system ``selector`` names (see :func:`pairing_selector`)."""
    if selector.dtype == np.int16:
        return pair_dutch(state, players, points, had_bye, opp, nr, ratings, pa, pb)
    return pair_swiss(state, players, points, had_bye, opp, nr, pa, pb)


@overload(pair_round)
def _pair_round(selector, state, players, points, had_bye, opp, nr, ratings, pa, pb):
    if selector.dtype == types.int16:
        return lambda selector, state, players, points, had_bye, opp, nr, ratings, pa, pb: \
            pair_dutch(state, players, points, had_bye, opp, nr, ratings, pa, pb)
    return lambda selector, state, players, points, had_bye, opp, nr, ratings, pa, pb: \
        pair_swiss(state, players, points, had_bye, opp, nr, pa, pb)
#: Stream counters: the draws of each round's pairing and of each table start at fixed counters, so
#: that changing one table's result (draw instead of play) leaves every other random number as it
#: was (common random numbers between scenarios).
ROUND_SHIFT = np.uint64(32)
NOISE_DRAWS = np.uint64(1) << np.uint64(48)


@kernel
def record(opp, kind, gw, gl, gd, rec, points_table, r, a, b, sa, sb, sd):
    """Write a played match into the arrays and the players' records."""
    add_round(rec, a, kinds.PLAYED, sa, sb, sd, points_table)
    add_round(rec, b, kinds.PLAYED, sb, sa, sd, points_table)
    write_played(opp, kind, gw, gl, gd, r, a, b, sa, sb, sd)


@kernel
def at_least(points, active):
    """``count[v]`` = number of active players with at least ``v`` points."""
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
    is :func:`at_least` of the points before the round."""
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
    ``SAFE_POINTS``), decided on the points before the round, for every table at once."""
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
    probability ``future_p[points[a], points[b]]`` (points beyond the table use its last row)."""
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
def work_arrays(opp0, kind0, gw0, gl0, gd0, rec0, n_keys, tables):
    """One chunk's work arrays for :func:`simulate_one` (opp, kind, gw, gl, gd, rec, points, had_bye,
    keys, pa, pb, outcome), shaped like the snapshot's."""
    n, t_cap = opp0.shape
    return (np.empty((n, t_cap), dtype=opp0.dtype), np.empty((n, t_cap), dtype=kind0.dtype),
            np.empty((n, t_cap), dtype=gw0.dtype), np.empty((n, t_cap), dtype=gl0.dtype),
            np.empty((n, t_cap), dtype=gd0.dtype), np.empty_like(rec0), np.empty(n, dtype=np.int64),
            np.empty(n, dtype=np.bool_), np.empty((n, n_keys)),
            np.empty(n + 1, dtype=np.int64),  # pa, pb: room for every bye (awarded byes included)
            np.empty(n + 1, dtype=np.int64), np.empty(tables, dtype=np.int8))


@kernel
def copy_rows(src, dst):
    """``dst[:] = src`` for 2-D arrays of the same shape (a flat loop: faster than slicing)."""
    a = src.ravel()
    b = dst.ravel()
    for i in range(a.shape[0]):
        b[i] = a[i]


@kernel
def ranked_players(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, members, state,
                   keys, need_ranks, need_active, active):
    """``members`` in standings order after ``nr`` rounds (exact ties in random order), exact down to
    ``need_ranks`` places and ``need_active`` active players (see :func:`drawsafe.standings.order.refined_order`)."""
    # player p's tie key is the stream's (p + 1)-th draw, computed only for players still tied
    noise = (state[0], state[1])
    state[1] += np.uint64(opp.shape[0])
    return refined_order(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, members,
                         noise, keys, need_ranks, need_active, active)


@kernel
def simulate_one(s, seed, opp0, kind0, gw0, gl0, gd0, rec0, bye0, award, active, players, members, nr0,
                 total, fa, fb, fmode, fscore, fdraw, strength, model, draw_share, dcum, dsc, wcum, wsc,
                 codes, points_table, flags0, ratings, pairing, standings_last, future_policy, draw_points,
                 future_p, top, bye_games, need_ranks, fresh, opp, kind, gw, gl, gd, rec, points, had_bye, keys, pa, pb, outcome):
    """Play simulation ``s`` into the work arrays; returns the final order.

    ``award[p]`` is the number of byes player ``p`` was awarded before the event (a bye in each of
    rounds 1 .. award[p]); in those rounds they are not paired.
    """
    state = stream(seed, s)
    if fresh:
        # The rounds played so far never change, and every simulation writes the same cells of the
        # rounds it plays (every active player, every simulated round): work arrays are copied from
        # the snapshot once per chunk of simulations, not once per simulation.
        copy_rows(opp0, opp)
        copy_rows(kind0, kind)
        copy_rows(gw0, gw)
        copy_rows(gl0, gl)
        copy_rows(gd0, gd)
    copy_rows(rec0, rec)
    for p in range(points.shape[0]):
        points[p] = rec0[p, 0]
        had_bye[p] = bye0[p]
    flags = flags0.copy()
    drawn = np.zeros(pa.shape[0], dtype=np.bool_)  # set only in a locked last round
    win_pts = points_table[kinds.WIN]
    draw_pts = points_table[kinds.DRAW]
    for r in range(nr0, total):
        round_base = np.uint64(r + 1) << ROUND_SHIFT
        state[1] = round_base
        if r == nr0 and fa.shape[0] > 0:
            m = fa.shape[0]
            pa[:m] = fa
            pb[:m] = fb
        else:
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
            if r == total - 1 and standings_last:
                order = ranked_players(rec, opp, kind, gw, gl, gd, r, points_table, codes, flags,
                                       ratings, pool, state, keys, pool.shape[0], 0, active)
                m, bye, ok = pair_standings(order, had_bye, opp, r, pa, pb)
            else:
                m, bye, ok = pair_round(pairing, state, pool, points, had_bye, opp, r, ratings, pa, pb)
            if not ok:
                flags[FLAG_DEDUPE] = 1
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
        lock = r == total - 1 and future_policy != NO_DRAWS and r > nr0
        if lock and future_policy == BEHAVIOUR_POINTS:
            mark_behaviour_draws(state[0], round_base, points, pa, pb, m, future_p, drawn)
        elif lock:
            mark_locked_draws(points, active, pa, pb, m, draw_pts, win_pts, top, future_policy, draw_points,
                              drawn)
        first = r == nr0
        play_tables(r, m, pa, pb, fmode if first else fmode[:0], fscore, fdraw, drawn,
                    outcome if first else outcome[:0], state[0], round_base, opp, kind, gw, gl, gd, rec,
                    points, had_bye, points_table, model, strength, draw_share, dcum, dsc, wcum, wsc,
                    bye_games)
    state[1] = NOISE_DRAWS
    return ranked_players(rec, opp, kind, gw, gl, gd, total, points_table, codes, flags, ratings,
                          members, state, keys, need_ranks, top, active)


@parallel_kernel
def run_simulations(seed, first, count, chunks, opp0, kind0, gw0, gl0, gd0, rec0, bye0, award, active,
                    players, members, nr0, total, fa, fb, fmode, fscore, fdraw, strength, model, draw_share,
                    dcum, dsc, wcum, wsc, codes, points_table, flags0, ratings, pairing, standings_last,
                    future_policy, draw_points, future_p, top, cut_points, bye_games, focus, cut_count,
                    rank_hist, points_hist, cut_at_points, focus_cut,
                    focus_rank, focus_keys, table_outcome, cut_line):
    """Simulations ``first .. first + count - 1``, split into ``chunks`` parallel chunks.

    Counts per chunk: ``cut_count[c, p]``, ``rank_hist[c, p, rank]`` for the first ``max_rank``
    places (the last bin stays empty: the runs below are not ordered exactly), ``points_hist[c, p,
    points]``, ``cut_at_points[c, points]`` = (active players finishing on those points, of whom
    in the cut).  ``focus_rank`` is exact above ``max_rank``; below, players are in point order only.  Per simulation (row ``s - first``): ``focus_cut``,
    ``focus_rank`` and ``focus_keys`` for the players in ``focus``, ``table_outcome`` of the first
    round's tables, ``cut_line`` (points and tiebreaks of the last player in the cut).

    The cut: the first ``top`` active players of the final order, or, when ``cut_points >= 0``,
    every active player with at least ``cut_points`` points (a points cut, e.g. day 2); the
    simulation itself then gets ``top = 0`` (no draw is "locked" by rank: the caller's
    ``draw_points`` at most ``cut_points`` marks the draws that reach the cut on points).
    """
    n = opp0.shape[0]
    n_keys = codes.shape[0]
    max_rank = rank_hist.shape[2] - 1
    max_points = points_hist.shape[2] - 1
    rank_top = top if cut_points < 0 else 0  # a points cut locks no draw by rank
    for c in numba.prange(chunks):
        lo = first + (count * c) // chunks
        hi = first + (count * (c + 1)) // chunks
        opp, kind, gw, gl, gd, rec, points, had_bye, keys, pa, pb, outcome = work_arrays(
            opp0, kind0, gw0, gl0, gd0, rec0, n_keys, fa.shape[0])
        rank_of = np.empty(n, dtype=np.int64)
        mw = np.empty(n)
        gwp = np.empty(n)
        for s in range(lo, hi):
            order = simulate_one(s, seed, opp0, kind0, gw0, gl0, gd0, rec0, bye0, award, active, players,
                                 members, nr0, total, fa, fb, fmode, fscore, fdraw, strength, model,
                                 draw_share, dcum, dsc, wcum, wsc, codes, points_table, flags0, ratings,
                                 pairing, standings_last, future_policy, draw_points, future_p, rank_top,
                                 bye_games,
                                 max_rank, s == lo, opp, kind, gw, gl, gd, rec, points, had_bye, keys, pa, pb,
                                 outcome)
            row = s - first
            # the final order is by points first, so a points cut is its first cut_size active players
            cut_size = top
            if cut_points >= 0:
                cut_size = 0
                for i in range(members.shape[0]):
                    p = members[i]
                    if active[p] and points[p] >= cut_points:
                        cut_size += 1
            if focus.shape[0] > 0 or cut_line.shape[0] > 0:  # for complete_keys
                win_percentages(rec, points_table[kinds.WIN], mw, gwp)
            for i in range(members.shape[0]):
                p = members[i]
                points_hist[c, p, min(points[p], max_points)] += 1
            if focus.shape[0] > 0:
                for i in range(order.shape[0]):
                    rank_of[order[i]] = i
            in_cut = 0
            for i in range(order.shape[0]):
                p = order[i]
                if i < max_rank:
                    rank_hist[c, p, i] += 1
                elif in_cut >= cut_size:
                    break
                if active[p] and in_cut < cut_size:
                    cut_count[c, p] += 1
                    cut_at_points[c, min(points[p], max_points), 1] += 1
                    in_cut += 1
                    if in_cut == cut_size and cut_line.shape[0] > 0:
                        complete_keys(p, mw, gwp, rec, opp, kind, total, codes, flags0, keys)
                        for k in range(n_keys):
                            cut_line[row, k] = keys[p, k]
            for f in range(focus.shape[0]):
                p = focus[f]
                focus_rank[row, f] = rank_of[p]
                complete_keys(p, mw, gwp, rec, opp, kind, total, codes, flags0, keys)
                for k in range(n_keys):
                    focus_keys[row, f, k] = keys[p, k]
            if focus_cut.shape[0] > 0:
                in_cut = 0
                for i in range(order.shape[0]):
                    p = order[i]
                    if active[p] and in_cut < cut_size:
                        in_cut += 1
                        for f in range(focus.shape[0]):
                            if focus[f] == p:
                                focus_cut[row, f] = 1
            if table_outcome.shape[0] > 0:
                for t in range(outcome.shape[0]):
                    table_outcome[row, t] = outcome[t]
        # active players finishing on each total: from the points histograms, once per chunk
        for i in range(members.shape[0]):
            p = members[i]
            if active[p]:
                for v in range(max_points + 1):
                    cut_at_points[c, v, 0] += points_hist[c, p, v]
