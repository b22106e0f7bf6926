"""Tiebreak kernels: from per-round arrays to one column of values per tiebreak.

One implementation serves ``drawsafe standings`` and every simulation.  A rule pack is an ordered
list of tiebreak codes (:mod:`drawsafe.tiebreaks.packs`); :func:`tiebreak_values` fills one column per code.  All
kernels read the arrays described in :mod:`drawsafe.event.snapshot`, rounds ``0 .. nr - 1``:

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

Parameters the kernels share (each kernel names those it takes, "as in the module text"): ``opp``
int32[n, rounds] the opponents' rows and ``kind``, ``gw``, ``gl``, ``gd`` int8[n, rounds] each
round's kind (:mod:`drawsafe.event.kinds`) and games won, lost, drawn
(:mod:`drawsafe.event.snapshot`; the simulations' work arrays have the same dtypes), a row per
player; ``nr`` int64 the rounds to read; ``points_table`` int64[N_POINTS] the pack's points
(``PT_*``); ``rec`` int64[n, 4] the players' summed records (``REC_*``: points, rounds competed,
game points, games played); ``dedupe`` bool: an opponent met twice counts once; ``p`` int64 a
player's row.
"""

from __future__ import annotations

import numpy as np

from drawsafe.event import kinds
from drawsafe.jit import inline_kernel, kernel
from drawsafe.tiebreaks import cardgames, chess, pokemon

POINTS = 0
OMW = 1
GW = 2
OGW = 3
GW_RAW = 4

#: Slots of the ``flags`` array every caller passes to :func:`tiebreak_values`.
FLAG_DEDUPE = 0  # 1: an opponent met twice counts once
FLAG_UNPLAYED = 1  # chess: how unplayed rounds count (see drawsafe.tiebreaks.packs)
FLAG_PHASE = 2  # 0-based first round of a phase whose tiebreaks restart (a Pokémon day 2); 0: none
FLAG_FREEZE = 3  # 1: a player's tiebreaks are frozen when they leave (Pokémon, as TOM computes them)
N_FLAGS = 4

FLOOR = 1.0 / 3.0

#: Slots of a pack's points table (``RulePack.points_table``, int64[N_POINTS]): match points for a
#: loss, a draw and a win (indexed by ``kinds.LOSS/DRAW/WIN``), then the points per game won and per
#: game drawn for a game that scores a played round by its games (Netrunner's double-sided rounds: 3
#: per game won, 1 per timed tie, so 6/4/3/2/1/0); both 0: a played round scores by its result.
PT_GAME_WIN = 3
PT_GAME_DRAW = 4
N_POINTS = 5


@kernel
def round_result(kind: int, gw: int, gl: int) -> int:
    """The match result (LOSS/DRAW/WIN) of one round from the player's side.

    ``kind`` int the round's kind (:mod:`drawsafe.event.kinds`); ``gw``, ``gl`` int the games the
    player won and lost."""
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
def played_points(points_table, a, b, d):
    """Points of the side that won ``a`` games, lost ``b`` and drew ``d`` of a played match: by
    its games where the pack scores games (``PT_GAME_WIN`` > 0), else by the match result.

    ``points_table``: as in the module text; ``a``, ``b``, ``d`` int the games won, lost and
    drawn."""
    if points_table[PT_GAME_WIN] > 0:
        return points_table[PT_GAME_WIN] * a + points_table[PT_GAME_DRAW] * d
    return points_table[kinds.DRAW + np.int64(a > b) - np.int64(a < b)]


@kernel
def round_points(points_table, k, a, b, d):
    """Points of one round of kind ``k`` with games ``a``-``b``-``d`` from the player's side.

    ``points_table``: as in the module text; ``k`` int the round's kind; ``a``, ``b``, ``d`` int
    the games won, lost and drawn."""
    if k == kinds.PLAYED:
        return played_points(points_table, a, b, d)
    if k == kinds.BYE:  # a bye's drawn games are points scored apart by hand (cobra's bye of 7)
        return points_table[kinds.WIN] + points_table[PT_GAME_DRAW] * d
    return points_table[round_result(k, a, b)]


@kernel
def faced(kind: int) -> bool:
    """True when the round counts the opponent in OMW%/OGW% (a played match or a double loss).

    ``kind`` int one round's kind (:mod:`drawsafe.event.kinds`)."""
    return kind == kinds.PLAYED or kind == kinds.DOUBLE_LOSS


#: Columns of the per-player record array (see :func:`player_records`).
REC_POINTS, REC_ROUNDS, REC_GPOINTS, REC_GAMES = 0, 1, 2, 3


@kernel
def add_round(rec, p, k, a, b, d, points_table):
    """Add one round of player ``p`` (kind ``k``, games ``a``-``b``-``d``) to the record array (a
    pairing without result is no round of the record).

    ``rec`` (updated in place), ``p``, ``points_table``: as in the module text; ``k`` int the
    round's kind; ``a``, ``b``, ``d`` int the games won, lost and drawn."""
    if k == kinds.ABSENT or k == kinds.NO_RESULT:
        return
    rec[p, REC_ROUNDS] += 1
    rec[p, REC_POINTS] += round_points(points_table, k, a, b, d)
    if k == kinds.PLAYED or k == kinds.BYE:
        rec[p, REC_GPOINTS] += 3 * a + d
        rec[p, REC_GAMES] += a + b + d


@kernel
def remove_round(rec, p, k, a, b, d, points_table):
    """Undo :func:`add_round`.

    ``rec`` (updated in place), ``p``, ``points_table``: as in the module text; ``k`` int the
    round's kind; ``a``, ``b``, ``d`` int the games won, lost and drawn."""
    if k == kinds.ABSENT or k == kinds.NO_RESULT:
        return
    rec[p, REC_ROUNDS] -= 1
    rec[p, REC_POINTS] -= round_points(points_table, k, a, b, d)
    if k == kinds.PLAYED or k == kinds.BYE:
        rec[p, REC_GPOINTS] -= 3 * a + d
        rec[p, REC_GAMES] -= a + b + d


@kernel
def player_records(kind, gw, gl, gd, nr, points_table):
    """Per player ``[points, rounds competed, game points (3/1/0 per game), games played]``.

    ``kind``, ``gw``, ``gl``, ``gd``, ``nr``, ``points_table``: as in the module text. Returns
    ``rec`` int64[n, 4]."""
    n = kind.shape[0]
    rec = np.zeros((n, 4), dtype=np.int64)
    for p in range(n):
        for r in range(nr):
            add_round(rec, p, kind[p, r], gw[p, r], gl[p, r], gd[p, r], points_table)
    return rec


@kernel
def win_percentages(rec, win_points, mw, gwp):
    """MW% = points / (win points x rounds), floored at 1/3; GW% = game points / (3 x games),
    not floored here (0 games: 1/3).

    ``rec``: as in the module text; ``win_points`` int64 a win's match points; ``mw``, ``gwp``
    float64[n] written (MW%, GW%)."""
    for p in range(rec.shape[0]):
        win_percentage(rec, win_points, p, mw, gwp)


@inline_kernel
def win_percentage(rec, win_points, p, mw, gwp):
    """Player ``p``'s MW% and GW% (:func:`win_percentages`).

    ``rec``, ``p``: as in the module text; ``win_points`` int64 a win's match points; ``mw``,
    ``gwp`` float64[n] MW% and GW%, row ``p`` written."""
    rounds = rec[p, REC_ROUNDS]
    v = rec[p, REC_POINTS] / (win_points * rounds) if rounds > 0 else 0.0
    mw[p] = max(FLOOR, v)
    games = rec[p, REC_GAMES]
    gwp[p] = rec[p, REC_GPOINTS] / (3.0 * games) if games > 0 else FLOOR


@kernel
def win_percentages_of(rec, win_points, members, opp, nr, mw, gwp):
    """:func:`win_percentages` of ``members`` and of their opponents in the first ``nr`` rounds
    only (what their OMW%, OGW% and GW% read; the other rows left as they were).

    ``rec``, ``opp``, ``nr``: as in the module text; ``win_points`` int64 a win's match points;
    ``mw``, ``gwp`` float64[n] MW% and GW%, those rows written; ``members`` int64[m] the players."""
    for i in range(members.shape[0]):
        p = members[i]
        win_percentage(rec, win_points, p, mw, gwp)
        for r in range(nr):
            o = opp[p, r]
            if o >= 0:
                win_percentage(rec, win_points, o, mw, gwp)


@kernel
def met_before(opp, kind, p, r):
    """True when player ``p`` met their round-``r`` opponent in an earlier round.

    ``opp``, ``kind``, ``p``: as in the module text; ``r`` int64 the round (0-based)."""
    o = opp[p, r]
    for q in range(r):
        if faced(kind[p, q]) and opp[p, q] == o:
            return True
    return False


@inline_kernel
def opponent_mean(p, values, opp, kind, nr, dedupe):
    """Mean of ``max(1/3, values[o])`` over player ``p``'s opponents (1/3 without opponents): the
    OMW% or OGW% (with ``dedupe`` an opponent met twice counts once; MW% comes floored).

    ``p``, ``opp``, ``kind``, ``nr``, ``dedupe``: as in the module text; ``values`` float64[n] a
    value per player (MW% or GW%)."""
    total = 0.0
    count = 0
    for r in range(nr):
        if not faced(kind[p, r]):
            continue
        if dedupe and met_before(opp, kind, p, r):
            continue
        total += max(FLOOR, values[opp[p, r]])
        count += 1
    return total / count if count > 0 else FLOOR


@kernel
def opponent_means_all(values, opp, kind, nr, out):
    """:func:`opponent_mean` of every player (no ``dedupe``): the same sums in the same order.
    Player by player with the sum in a register: no count array to allocate and no second pass
    (the players' short chains of additions overlap; round by round across players measured
    slower in issue 51, benchmarks/NOTES.md).

    ``opp``, ``kind``, ``nr``: as in the module text; ``values`` float64[n] a value per player
    (MW% or GW%); ``out`` float64[n] written."""
    n = opp.shape[0]
    for p in range(n):
        total = 0.0
        count = 0
        for r in range(nr):
            if faced(kind[p, r]):
                total += max(FLOOR, values[opp[p, r]])
                count += 1
        out[p] = total / count if count > 0 else FLOOR


@kernel
def opponents_means(mw, gwp, opp, kind, nr, dedupe, omw, ogw):
    """OMW% and OGW% of every player (each opponent's GW% floored at 1/3).

    ``opp``, ``kind``, ``nr``, ``dedupe``: as in the module text; ``mw``, ``gwp`` float64[n] the
    players' MW% and GW% (:func:`win_percentages`); ``omw``, ``ogw`` float64[n] written."""
    if not dedupe:
        opponent_means_all(mw, opp, kind, nr, omw)
        opponent_means_all(gwp, opp, kind, nr, ogw)
        return
    for p in range(opp.shape[0]):
        omw[p] = opponent_mean(p, mw, opp, kind, nr, dedupe)
        ogw[p] = opponent_mean(p, gwp, opp, kind, nr, dedupe)


@kernel
def tiebreak_values(opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, out):
    """Fill ``out[:, k]`` with the value of tiebreak ``codes[k]`` for every player (higher is better).

    ``flags`` is an int64 array of :data:`N_FLAGS` options (``FLAG_*``); ``ratings`` a float per
    player (zeros when the event has none).  ``codes`` (int64) comes from
    :meth:`drawsafe.tiebreaks.packs.RulePack.codes` (see :func:`tiebreak_values_rec`).

    ``opp``, ``kind``, ``gw``, ``gl``, ``gd``, ``nr``, ``points_table``: as in the module text;
    ``out`` float64[n, >= len(codes)] written.
    """
    rec = player_records(kind, gw, gl, gd, nr, points_table)
    tiebreak_values_rec(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, out)


#: The tiebreak codes of Magic packs: :func:`shared_values` and :func:`mtg_column` serve them; a
#: pack whose codes are all among them may use the enumeration's incremental evaluation.
MTG_CODES = (POINTS, OMW, GW, OGW, GW_RAW)
#: The one dtype of a pack's codes (``RulePack.codes``): every game runs on the same machine code.
CODES_DTYPE = np.int64


@kernel
def mtg_column(code, k, rec, gwp, omw, ogw, out):
    """Column ``k`` for an MTG code; False when ``code`` is not one.

    ``code`` int64 a tiebreak code; ``k`` int64 the column of ``out`` to write; ``rec``: as in
    the module text; ``gwp`` float64[n] GW% (not floored); ``omw``, ``ogw`` float64[n] OMW% and
    OGW% (empty when no code needs them); ``out`` float64[n, > k]."""
    n = rec.shape[0]
    if code == POINTS:
        for p in range(n):
            out[p, k] = rec[p, REC_POINTS]
    elif code == OMW:
        for p in range(n):
            out[p, k] = omw[p]
    elif code == OGW:
        for p in range(n):
            out[p, k] = ogw[p]
    elif code == GW or code == GW_RAW:
        for p in range(n):
            v = gwp[p]
            out[p, k] = FLOOR if (code == GW and v < FLOOR) else v
    else:
        return False
    return True


@kernel
def shared_values(rec, opp, kind, nr, points_table, codes, dedupe):
    """GW% of every player, and OMW%/OGW% when some code needs them (else empty arrays; all three
    empty when only points, chess and Pokémon codes are asked: none of them reads these).

    ``rec``, ``opp``, ``kind``, ``nr``, ``points_table``, ``dedupe``: as in the module text;
    ``codes`` int64[k] the pack's tiebreak codes."""
    n = opp.shape[0]
    read = False
    for k in range(codes.shape[0]):
        c = codes[k]
        if c != POINTS and not (chess.FIRST <= c <= chess.LAST) and not (pokemon.FIRST <= c <= pokemon.LAST):
            read = True
    if not read:
        return np.empty(0), np.empty(0), np.empty(0)
    mw = np.empty(n)
    gwp = np.empty(n)
    win_percentages(rec, points_table[kinds.WIN], mw, gwp)
    omw = np.empty(0)
    ogw = np.empty(0)
    for k in range(codes.shape[0]):
        if (codes[k] == OMW or codes[k] == OGW or codes[k] == cardgames.OOMW) and omw.shape[0] == 0:
            omw = np.empty(n)
            ogw = np.empty(n)
            opponents_means(mw, gwp, opp, kind, nr, dedupe, omw, ogw)
    return gwp, omw, ogw


@kernel
def tiebreak_values_rec(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, out):
    """:func:`tiebreak_values` with the players' records already summed (the simulations keep
    them up to date round by round instead of summing every round again).

    ``rec`` int64[n, REC_*] the summed records; ``opp`` int32[n, rounds] and ``kind``, ``gw``,
    ``gl``, ``gd`` int8[n, rounds] the rounds; ``nr`` int64 the rounds to read; ``points_table``
    int64[N_POINTS] (``PT_*``: points for a loss, draw, win, then per game won and drawn); ``codes``
    int64[k] (:meth:`drawsafe.tiebreaks.packs.RulePack.codes`: points first); ``flags``
    int64[N_FLAGS]; ``ratings`` float64[n]; ``out`` float64[n, >= k] written.
    Every game's codes go through this one compiled loop: the MTG columns first
    (:func:`mtg_column`), then chess (:mod:`drawsafe.tiebreaks.chess`), Pokemon
    (:mod:`drawsafe.tiebreaks.pokemon`) and the other card games
    (:mod:`drawsafe.tiebreaks.cardgames`), each computed only when a code asks for it."""
    want = np.ones(opp.shape[0], dtype=np.bool_)
    tiebreak_values_want(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, want, out)


@kernel
def tiebreak_values_want(rec, opp, kind, gw, gl, gd, nr, points_table, codes, flags, ratings, want, out):
    """:func:`tiebreak_values_rec` for the players of ``want``: their rows of ``out`` are written,
    the others may be left as they were (the codes that can spare them do: Pokémon's).

    ``rec`` int64[n, REC_*] the summed records; ``opp`` int32[n, rounds] and ``kind``, ``gw``,
    ``gl``, ``gd`` int8[n, rounds] the rounds; ``nr`` int64 the rounds to read; ``points_table``
    int64[N_POINTS]; ``codes`` int64[k]; ``flags`` int64[N_FLAGS]; ``ratings`` float64[n];
    ``want`` bool[n] the players whose values are wanted; ``out`` float64[n, >= k] written."""
    dedupe = flags[FLAG_DEDUPE] != 0
    gwp, omw, ogw = shared_values(rec, opp, kind, nr, points_table, codes, dedupe)
    owp = np.empty(0)  # the Pokémon OWP and OOWP, both computed at the first of them
    oowp = np.empty(0)
    shared = np.empty((0, 0), dtype=np.int64)  # chess: the opponents' contributions, for every code that reads them
    if chess.uses_contributions(codes):
        shared = chess.shared_contributions(codes, opp, kind, gw, gl, nr, points_table, flags[FLAG_UNPLAYED], want)
    for k in range(codes.shape[0]):
        code = codes[k]
        if code == POINTS:  # the wanted rows only (a cut's ranking of a big field reads those)
            for p in range(opp.shape[0]):
                if want[p]:
                    out[p, k] = rec[p, REC_POINTS]
            continue
        if mtg_column(code, k, rec, gwp, omw, ogw, out):
            continue
        if code >= chess.FIRST and code <= chess.LAST:  # FIDE tiebreaks, drawsafe.tiebreaks.chess
            chess.chess_column(code, k, opp, kind, gw, gl, gd, nr, points_table,
                               flags[FLAG_UNPLAYED], ratings, want, shared, out)
        elif code >= pokemon.FIRST and code <= pokemon.LAST:  # drawsafe.tiebreaks.pokemon
            if owp.shape[0] == 0:
                owp = np.empty(opp.shape[0])
                oowp = np.empty(opp.shape[0])
                pokemon.pokemon_columns(opp, kind, gw, gl, nr, dedupe, flags[FLAG_PHASE],
                                        flags[FLAG_FREEZE] != 0, want, owp, oowp)
            source = owp if code == pokemon.OWP else oowp
            for p in range(opp.shape[0]):
                if want[p]:  # the others' rows of owp and oowp are not computed
                    out[p, k] = source[p]
        elif code >= cardgames.FIRST and code <= cardgames.LAST:  # drawsafe.tiebreaks.cardgames
            cardgames.cardgame_column(code, k, rec, opp, kind, gw, gl, gd, nr, points_table, omw, out)
        else:
            raise ValueError("unknown tiebreak code")
