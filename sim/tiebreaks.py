"""Tiebreak kernels: from per-round arrays to one column of values per tiebreak.

One implementation serves ``drawsafe standings`` and every simulation.  A rule pack is an ordered
list of tiebreak codes (:mod:`sim.rules`); :func:`tiebreak_values` fills one column per code.  All
kernels read the arrays described in :mod:`sim.snapshot`, rounds ``0 .. nr - 1``:

``POINTS``  match points from the pack's points table (MTG 3/1/0; chess uses half points 2/1/0).
``OMW``     mean of the opponents' match-win % (MTG: points / (3 x rounds competed), floored at 1/3).
``GW``      own game-win %: game points / (3 x games), floored at 1/3 (current MTR).
``GW_RAW``  own game-win %, not floored (older MTR wording; melee.gg mid-2024 to late 2025).
``OGW``     mean of the opponents' game-win %, each floored at 1/3.

Byes count as played 2-0 wins for the player's own MW%/GW% and are left out of OMW%/OGW%; a loss
without opponent counts as a round competed with no games; a double loss is a loss with no games
for both players, who still count as each other's opponents.  With ``dedupe`` an opponent met twice
counts once (as melee.gg counts playoff rematches).  A player with no opponent gets 1/3 for the
opponent averages (the floor; nobody is compared on it in practice).
"""

from __future__ import annotations

import numpy as np

from sim import kinds
from sim import tiebreaks_chess as chess
from sim import tiebreaks_pokemon as pokemon
from sim.jit import kernel

POINTS = 0
OMW = 1
GW = 2
OGW = 3
GW_RAW = 4

#: Slots of the ``flags`` array every caller passes to :func:`tiebreak_values`.
FLAG_DEDUPE = 0  # 1: an opponent met twice counts once
FLAG_UNPLAYED = 1  # chess: how unplayed rounds count (see sim.rules)
N_FLAGS = 4

FLOOR = 1.0 / 3.0


@kernel
def round_result(kind: int, gw: int, gl: int) -> int:
    """The match result (LOSS/DRAW/WIN) of one round from the player's side."""
    if kind == kinds.PLAYED:
        if gw > gl:
            return kinds.WIN
        if gw < gl:
            return kinds.LOSS
        return kinds.DRAW
    if kind == kinds.BYE or kind == kinds.FORFEIT_WIN:
        return kinds.WIN
    if kind == kinds.HALF_BYE:
        return kinds.DRAW
    return kinds.LOSS


@kernel
def faced(kind: int) -> bool:
    """True when the round counts the opponent in OMW%/OGW% (a played match or a double loss)."""
    return kind == kinds.PLAYED or kind == kinds.DOUBLE_LOSS


@kernel
def player_records(kind, gw, gl, gd, nr, points_table):
    """Per player: points, rounds competed, game points (3/1/0 per game) and games played."""
    n = kind.shape[0]
    points = np.zeros(n, dtype=np.int64)
    rounds = np.zeros(n, dtype=np.int64)
    gpoints = np.zeros(n, dtype=np.int64)
    games = np.zeros(n, dtype=np.int64)
    for p in range(n):
        for r in range(nr):
            k = kind[p, r]
            if k == kinds.ABSENT:
                continue
            rounds[p] += 1
            points[p] += points_table[round_result(k, gw[p, r], gl[p, r])]
            if k == kinds.PLAYED or k == kinds.BYE:
                gpoints[p] += 3 * gw[p, r] + gd[p, r]
                games[p] += gw[p, r] + gl[p, r] + gd[p, r]
    return points, rounds, gpoints, games


@kernel
def match_win_pct(points, rounds, win_points):
    """MW% = points / (win points x rounds competed), floored at 1/3."""
    n = points.shape[0]
    out = np.empty(n)
    for p in range(n):
        v = points[p] / (win_points * rounds[p]) if rounds[p] > 0 else 0.0
        out[p] = v if v > FLOOR else FLOOR
    return out


@kernel
def game_win_pct(gpoints, games, floored):
    """GW% = game points / (3 x games), floored at 1/3 when ``floored`` (0 games: the floor)."""
    n = gpoints.shape[0]
    out = np.empty(n)
    for p in range(n):
        v = gpoints[p] / (3.0 * games[p]) if games[p] > 0 else FLOOR
        out[p] = v if (v > FLOOR or not floored) else FLOOR
    return out


@kernel
def met_before(opp, kind, p, r):
    """True when player ``p`` met their round-``r`` opponent in an earlier round."""
    o = opp[p, r]
    for q in range(r):
        if faced(kind[p, q]) and opp[p, q] == o:
            return True
    return False


@kernel
def opponents_mean(values, opp, kind, nr, dedupe, floor, out):
    """Mean of ``max(values[o], floor)`` over each player's opponents (see :func:`faced`)."""
    n = opp.shape[0]
    for p in range(n):
        total = 0.0
        count = 0
        for r in range(nr):
            if not faced(kind[p, r]):
                continue
            if dedupe and met_before(opp, kind, p, r):
                continue
            v = values[opp[p, r]]
            total += v if v > floor else floor
            count += 1
        out[p] = total / count if count > 0 else FLOOR


@kernel
def tiebreak_values(opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, out):
    """Fill ``out[:, k]`` with the value of tiebreak ``codes[k]`` for every player (higher is better).

    ``flags`` is an int64 array of :data:`N_FLAGS` options (``FLAG_*``); ``ratings`` a float per
    player (zeros when the event has none).
    """
    dedupe = flags[FLAG_DEDUPE] != 0
    points, rounds, gpoints, games = player_records(kind, gw, gl, gd, nr, points_table)
    mw = match_win_pct(points, rounds, points_table[kinds.WIN])
    gwp = game_win_pct(gpoints, games, False)
    for k in range(codes.shape[0]):
        code = codes[k]
        col = out[:, k]
        if code == POINTS:
            for p in range(points.shape[0]):
                col[p] = points[p]
        elif code == OMW:
            opponents_mean(mw, opp, kind, nr, dedupe, FLOOR, col)
        elif code == OGW:
            opponents_mean(gwp, opp, kind, nr, dedupe, FLOOR, col)
        elif code == GW or code == GW_RAW:
            for p in range(points.shape[0]):
                v = gwp[p]
                col[p] = FLOOR if (code == GW and v < FLOOR) else v
        elif code >= chess.FIRST and code <= chess.LAST:  # FIDE tiebreaks, sim.tiebreaks_chess
            chess.chess_column(code, k, opp, kind, gw, gl, gd, nr, points_table,
                               flags[FLAG_UNPLAYED], ratings, out)
        elif code >= pokemon.FIRST and code <= pokemon.LAST:  # sim.tiebreaks_pokemon
            pokemon.pokemon_column(code, opp, kind, gw, gl, nr, dedupe, out[:, k])
        else:
            raise ValueError("unknown tiebreak code")
