"""Chess tiebreak kernels (FIDE): Buchholz family, Sonneborn-Berger, progressive scores, Koya, wins,
ratings, and the direct-encounter column, on the arrays of :mod:`drawsafe.event.snapshot`.

Chess scores 1 / ½ / 0; the pack keeps them as integer half points (points table ``(0, 1, 2)``) so
every value below is an exact ratio of small integers.  Values are returned in points (a win = 1):
pack units divided by ``W = points_table[WIN]``.  One chess game per round: ``kind`` PLAYED with
``gw``/``gl``/``gd`` = 1 for a win / loss / draw; ``FORFEIT_WIN``/``FORFEIT_LOSS`` keep the
scheduled opponent in ``opp``; ``BYE`` is a full-point bye (pairing-allocated or requested),
``HALF_BYE`` a half-point bye, ``LOSS_NO_OPPONENT`` a zero-point bye, ``ABSENT`` a round not paired (before entry
or after withdrawal), ``DOUBLE_LOSS`` a double forfeit.

How *unplayed rounds* (every round that is not a game over the board) count depends on the pack's
``unplayed`` value, read from ``flags[FLAG_UNPLAYED]`` (see :mod:`drawsafe.tiebreaks.packs`):

:data:`UNPLAYED_NONE` (0)
    No adjustment.  Every round contributes to Buchholz: the scheduled opponent's score, forfeits
    included; 0 for a round without opponent (bye, absence), which a cut then removes first.
:data:`UNPLAYED_1998` (1)
    FIDE tiebreak annex, 1998 GA, art. 1: "independently of the result of an unplayed game (...)
    the result shall be counted as a Draw against the player himself".  For tiebreaks every
    player's score is his *tiebreak score* (games played + ½ per unplayed round); an unplayed
    round is a draw against himself (his own tiebreak score, his own rating).  Progressive score
    and Koya use the real results ("in these Systems only the result counts").
:data:`UNPLAYED_2023` (2)
    FIDE C.07 (2023; TEC exercise of 2024-03-18): an unplayed round is a game against a *dummy
    opponent* whose score equals the player's own final score.  The score of an opponent counts
    as it stands, except that the rounds without opponent after the opponent's last round that
    is not a *voluntary unplayed round* (VUR: half-point bye, zero-point bye, forfeit loss, not
    paired) count as draws (a withdrawn player).  Cut modifiers remove VUR contributions first.
:data:`UNPLAYED_2026` (3)
    As 2023, with the caps of C.07 2026 (art. 16.4, FIDE Council 02/02/2026, in force 2026-03-01):
    the dummy of a forfeit is at most the forfeiting opponent's score, the dummy of a round
    without opponent at most half the maximum score (½ x rounds).
:data:`UNPLAYED_VIRTUAL` (4)
    German open events of the 2000s (the rule of programs such as Swiss-Chess, as described in
    ``shared/PLATFORMS.md``): in an opponent's score as the player's Buchholz sees it, the
    opponent's forfeits and byes against others count ½ (a *virtual draw*), rounds the opponent
    was not paired at their real 0, and the round against the player itself at its result (a
    forfeit included: the scheduled opponent stays in the Buchholz).  A bye of one's own (full,
    half or zero) counts as an opponent who drew every round (½ x rounds); a round not paired adds
    nothing.  In Sonneborn-Berger a forfeit win and a full-point bye count as draws.  Cut
    modifiers cut the lowest contributions, whatever they are.

The 2023/2026 reading is the one of the FIDE Technical Commission's TieBreakServer
(github.com/OttoMilvang/TieBreakServer, ``gacrux/tiebreak.py``); it reproduces every value of the
published exercise (tests/data/fide-exercise-2023.csv).

Parameters the kernels share (each kernel names those it takes, "as in the module text"):
``opp``, ``kind``, ``gw``, ``gl``, ``gd``, ``nr``, ``points_table`` as in
:mod:`drawsafe.tiebreaks.values` (``opp`` int32[n, rounds], the others int8[n, rounds], ``nr``
int64, ``points_table`` int64[N_POINTS]); ``unplayed`` int64 the pack's ``UNPLAYED_*`` value;
``ratings`` float64[n] (0: unrated); ``s`` int64[n] the real scores (:func:`scores`) and ``a``
int64[n] the adjusted ones (:func:`adjusted_scores`), in pack units; ``c`` int64[n, nr] the
Buchholz contributions (:func:`contributions`); ``col`` float64[n] the column written (a column
of ``out``), in points; ``want`` bool[n] the players whose values are written (a ranking that
places only the cut asks for the point groups it reaches; the other rows keep what they held).
"""

from __future__ import annotations

import numpy as np

from drawsafe.event import kinds
from drawsafe.jit import kernel
from drawsafe.tiebreaks.ranking import DIRECT_ENCOUNTER, direct_encounter_want

UNPLAYED_NONE = 0
UNPLAYED_1998 = 1
UNPLAYED_2023 = 2
UNPLAYED_2026 = 3
UNPLAYED_VIRTUAL = 4

#: Kernel codes (drawsafe.tiebreaks.values routes every code from FIRST on to :func:`chess_column`).
FIRST = 20
BH = 20  # Buchholz
BH_C1 = 21  # Buchholz cut 1
BH_C2 = 22
BH_M1 = 23  # median Buchholz 1
BH_M2 = 24
SUMBH = 25  # sum of the opponents' Buchholz
SB = 26  # Sonneborn-Berger
PS = 27  # sum of progressive scores
PS_C1 = 28
PS_C2 = 29
KS = 30  # Koya
WIN = 31  # rounds scored as a win (forfeit wins and full byes included, except under 1998)
WON = 32  # games won over the board
ARO = 33  # average rating of opponents
ARO_C1 = 34
TPR = 35  # tournament performance rating
DE = DIRECT_ENCOUNTER  # direct encounter (36; computed in drawsafe.tiebreaks.ranking)
PERF = 37  # lichess's performance: mean of (opponent's rating +-500 for a win / loss)
LAST = 37

#: FIDE B.02 table 8.1(a): rating difference dp for a fractional score p = index / 100.
DP = np.array([
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309,
    -296, -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29,
    -21, -14, -7, 0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133,
    141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800], dtype=np.int64)


@kernel
def round_points(k, gw, gl, points_table):
    """Points of one round in pack units (a forfeit or full bye is a win; absent rounds score 0).

    ``k`` int the round's kind; ``gw``, ``gl`` int the games won and lost; ``points_table``: as
    in the module text."""
    if k == kinds.PLAYED:
        if gw > gl:
            return points_table[kinds.WIN]
        if gw < gl:
            return points_table[kinds.LOSS]
        return points_table[kinds.DRAW]
    if k == kinds.BYE or k == kinds.FORFEIT_WIN:
        return points_table[kinds.WIN]
    if k == kinds.HALF_BYE:
        return points_table[kinds.DRAW]
    return 0 if k == kinds.ABSENT else points_table[kinds.LOSS]


@kernel
def voluntary(k):
    """True for a voluntary unplayed round (C.07 2023): half/zero bye, forfeit loss, not paired.

    ``k`` int the round's kind (:mod:`drawsafe.event.kinds`)."""
    return (k == kinds.HALF_BYE or k == kinds.LOSS_NO_OPPONENT or k == kinds.FORFEIT_LOSS
            or k == kinds.DOUBLE_LOSS or k == kinds.ABSENT)


@kernel
def scores(kind, gw, gl, nr, points_table, reach):
    """The real score after ``nr`` rounds of the players of ``reach``, in pack units (0 for the
    others).

    ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``: as in the module text; ``reach`` bool[n]
    the players whose scores are read. Returns int64[n]."""
    n = kind.shape[0]
    s = np.zeros(n, dtype=np.int64)
    for p in range(n):
        if not reach[p]:
            continue
        for r in range(nr):
            s[p] += round_points(kind[p, r], gw[p, r], gl[p, r], points_table)
    return s


@kernel
def adjusted_scores(opp, kind, gw, gl, nr, points_table, unplayed, s, reach):
    """The score of each player of ``reach`` as their opponents' tiebreaks see it (see the module
    text; the others' left as ``s`` has them).

    ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``, ``unplayed``, ``s``: as in the
    module text; ``reach`` bool[n] the players whose adjusted scores are read. Returns int64[n]."""
    n = kind.shape[0]
    draw = points_table[kinds.DRAW]
    a = s.copy()
    if unplayed == UNPLAYED_1998:
        for p in range(n):
            if not reach[p]:
                continue
            a[p] = 0
            for r in range(nr):
                k = kind[p, r]
                if k == kinds.PLAYED:
                    a[p] += round_points(k, gw[p, r], gl[p, r], points_table)
                else:
                    a[p] += draw
    elif unplayed == UNPLAYED_VIRTUAL:
        for p in range(n):  # forfeits and byes a draw; rounds not paired at their real 0
            if not reach[p]:
                continue
            for r in range(nr):
                k = kind[p, r]
                if k != kinds.PLAYED and k != kinds.ABSENT:
                    a[p] += draw - round_points(k, gw[p, r], gl[p, r], points_table)
    elif unplayed == UNPLAYED_2023 or unplayed == UNPLAYED_2026:
        for p in range(n):
            if not reach[p]:
                continue
            r = nr - 1  # the voluntary unplayed rounds after the last other round, backwards
            while r >= 0 and voluntary(kind[p, r]):
                if opp[p, r] < 0:
                    a[p] += draw - round_points(kind[p, r], gw[p, r], gl[p, r], points_table)
                r -= 1
    return a


@kernel
def contributions(opp, kind, gw, gl, nr, points_table, unplayed, s, a, want):
    """``c[p, r]``: what round ``r`` adds to the Buchholz of ``p``, in pack units.

    A game: the opponent's adjusted score.  An unplayed round: nothing adjusted, the scheduled
    opponent's real score (0 without one); 1998, one's own tiebreak score (a draw against
    oneself); 2023, one's own score (the dummy); 2026, that capped at the forfeiting opponent's
    adjusted score, or at half the maximum (``draw x rounds``) when there is no opponent; virtual
    draws, the forfeiting (or forfeited) opponent with that round at its result, ``draw x rounds``
    for a bye, 0 for a round not paired.

    ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``, ``unplayed``, ``s``, ``a``,
    ``want``: as in the module text (the rows of the others are left unwritten). Returns ``c``
    int64[n, nr].
    """
    n = opp.shape[0]
    draw = points_table[kinds.DRAW]
    c = np.empty((n, nr), dtype=np.int64)
    for p in range(n):
        if not want[p]:
            continue
        own = s[p]
        for r in range(nr):
            o = opp[p, r]
            if unplayed == UNPLAYED_NONE:
                v = s[o] if o >= 0 else 0
            elif unplayed == UNPLAYED_VIRTUAL:
                if o >= 0:
                    v = a[o]
                    if kind[p, r] != kinds.PLAYED:  # a forfeit: o's round against p as it went
                        v += round_points(kind[o, r], gw[o, r], gl[o, r], points_table) - draw
                else:
                    v = 0 if kind[p, r] == kinds.ABSENT else draw * nr
            elif kind[p, r] == kinds.PLAYED:
                v = a[o]
            elif unplayed == UNPLAYED_1998:
                v = a[p]
            elif unplayed == UNPLAYED_2026:
                v = min(own, a[o] if o >= 0 else draw * nr)
            else:
                v = own
            c[p, r] = v
    return c


@kernel
def buchholz(c, kind, unplayed, low, high, col, scale, want):
    """Buchholz reduced by its ``low`` lowest and ``high`` highest contributions (cut / median).

    One contribution per round (``c`` from :func:`contributions`).  Under 2023/2026 the
    contributions of voluntary unplayed rounds are cut first (lowest of them first); medians then
    drop the highest contributions.

    ``c``, ``kind``, ``unplayed``, ``col``, ``want``: as in the module text; ``low``, ``high``
    int64 the contributions cut; ``scale`` int64 the pack units of a point (``points_table[WIN]``).
    """
    n, nr = c.shape
    gone = np.empty(nr, dtype=np.bool_)
    vur_first = unplayed == UNPLAYED_2023 or unplayed == UNPLAYED_2026
    lo = min(low, nr)
    hi = min(high, nr - lo)
    for p in range(n):
        if not want[p]:
            continue
        total = 0
        for r in range(nr):
            gone[r] = False
            total += c[p, r]
        for cut in range(lo + hi):
            best = -1
            for r in range(nr):
                if gone[r]:
                    continue
                if cut < lo:
                    vr = vur_first and kind[p, r] != kinds.PLAYED and voluntary(kind[p, r])
                    vb = best >= 0 and vur_first and kind[p, best] != kinds.PLAYED and voluntary(
                        kind[p, best])
                    if best < 0 or (vr and not vb) or (vr == vb and c[p, r] < c[p, best]):
                        best = r
                elif best < 0 or c[p, r] > c[p, best]:
                    best = r
            gone[best] = True
            total -= c[p, best]
        col[p] = total / scale


@kernel
def sonneborn_berger(c, kind, gw, gl, points_table, unplayed, col, want):
    """Sum over rounds of (contribution of the round's opponent or dummy) x (points of the round).

    Under 1998 an unplayed round is a draw against oneself: own tiebreak score x ½; with virtual
    draws a forfeit win and a full-point bye count as draws.

    ``c``, ``kind``, ``gw``, ``gl``, ``points_table``, ``unplayed``, ``col``, ``want``: as in the
    module text.
    """
    n, nr = c.shape
    w = points_table[kinds.WIN]
    draw = points_table[kinds.DRAW]
    for p in range(n):
        if not want[p]:
            continue
        total = 0
        for r in range(nr):
            k = kind[p, r]
            res = round_points(k, gw[p, r], gl[p, r], points_table)
            as_draw = (unplayed == UNPLAYED_1998 and k != kinds.PLAYED) or (
                unplayed == UNPLAYED_VIRTUAL and (k == kinds.FORFEIT_WIN or k == kinds.BYE))
            if as_draw:
                res = draw
            total += c[p, r] * res
        col[p] = total / (w * w)


@kernel
def sum_of_buchholz(opp, kind, nr, unplayed, bh, col):
    """Sum of the opponents' Buchholz (unplayed rounds: one's own, a draw against oneself; no
    adjustment: forfeits count the scheduled opponent, rounds without opponent add 0).

    ``opp``, ``kind``, ``nr``, ``unplayed``, ``col``: as in the module text; ``bh`` float64[n]
    every player's Buchholz in points."""
    n = opp.shape[0]
    for p in range(n):
        total = 0.0
        for r in range(nr):
            o = opp[p, r]
            if unplayed == UNPLAYED_NONE:
                total += bh[o] if o >= 0 else 0.0
            elif kind[p, r] == kinds.PLAYED:
                total += bh[o]
            else:
                total += bh[p]
        col[p] = total


@kernel
def progressive(kind, gw, gl, nr, points_table, cut, col):
    """Sum of the running scores after each round, leaving out the first ``cut`` rounds.

    ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``, ``col``: as in the module text; ``cut``
    int64 the first rounds left out."""
    n = kind.shape[0]
    w = points_table[kinds.WIN]
    for p in range(n):
        running = 0
        total = 0
        for r in range(nr):
            running += round_points(kind[p, r], gw[p, r], gl[p, r], points_table)
            if r >= cut:
                total += running
        col[p] = total / w


@kernel
def koya(opp, kind, gw, gl, nr, points_table, s, col):
    """Points scored against the opponents (forfeits included) who scored 50% or more.

    ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``, ``s``, ``col``: as in the module
    text."""
    n = opp.shape[0]
    w = points_table[kinds.WIN]
    for p in range(n):
        total = 0
        for r in range(nr):
            o = opp[p, r]
            if o >= 0 and 2 * s[o] >= w * nr:
                total += round_points(kind[p, r], gw[p, r], gl[p, r], points_table)
        col[p] = total / w


@kernel
def wins(kind, gw, gl, nr, points_table, over_the_board, col):
    """Rounds scored as a win; ``over_the_board``: games won over the board only.

    ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``, ``col``: as in the module text;
    ``over_the_board`` bool."""
    n = kind.shape[0]
    w = points_table[kinds.WIN]
    for p in range(n):
        count = 0
        for r in range(nr):
            k = kind[p, r]
            if over_the_board and k != kinds.PLAYED:
                continue
            if round_points(k, gw[p, r], gl[p, r], points_table) == w:
                count += 1
        col[p] = count


@kernel
def rating_games(p, opp, kind, gw, gl, nr, points_table, unplayed, ratings, rated, res):
    """The rounds rating tiebreaks use, as (rating, result in pack units) pairs; the count of rounds
    against an unrated opponent is returned.  Played games only; under 1998 every round, an
    unplayed one being a draw against oneself.

    ``p`` int64 the player; ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``,
    ``unplayed``, ``ratings``: as in the module text; ``rated`` int64[nr] written with the
    opponents' ratings (rounded half up) and ``res`` int64[nr] with the results, from 0."""
    m = 0
    unrated = 0
    for r in range(nr):
        k = kind[p, r]
        if k == kinds.PLAYED:
            rating = ratings[opp[p, r]]
            points = round_points(k, gw[p, r], gl[p, r], points_table)
        elif unplayed == UNPLAYED_1998:
            rating = ratings[p]
            points = points_table[kinds.DRAW]
        else:
            continue
        if rating <= 0:
            unrated += 1
            continue
        rated[m] = np.int64(np.floor(rating + 0.5))
        res[m] = points
        m += 1
    return m, unrated


@kernel
def rating_tiebreak(code, opp, kind, gw, gl, nr, points_table, unplayed, ratings, col, want):
    """ARO (rounded half up), ARO cut 1 (an unrated opponent, else the lowest rating, is cut) and
    TPR = ARO + dp(round(100 x score / games)) (FIDE B.02 table 8.1(a)); 0 without rated games.

    ``code`` int64 ``ARO``, ``ARO_C1`` or ``TPR``; ``opp``, ``kind``, ``gw``, ``gl``, ``nr``,
    ``points_table``, ``unplayed``, ``ratings``, ``col``, ``want``: as in the module text."""
    n = opp.shape[0]
    w = points_table[kinds.WIN]
    rated = np.empty(nr, dtype=np.int64)
    res = np.empty(nr, dtype=np.int64)
    for p in range(n):
        if not want[p]:
            continue
        m, unrated = rating_games(p, opp, kind, gw, gl, nr, points_table, unplayed, ratings, rated,
                                  res)
        total = 0
        score = 0
        low = 0
        for i in range(m):
            total += rated[i]
            score += res[i]
            if rated[i] < rated[low]:
                low = i
        if code == ARO_C1 and unrated == 0 and m > 0:
            total -= rated[low]
            m -= 1
        if m == 0:
            col[p] = 0.0
            continue
        aro = (2 * total + m) // (2 * m)
        if code == TPR:
            aro += DP[(200 * score + w * m) // (2 * w * m)]
        col[p] = aro


@kernel
def lichess_performance(opp, kind, gw, gl, nr, points_table, ratings, col):
    """lichess's performance (lila, modules/swiss SwissScoring): the mean over the rounds with an
    opponent (forfeits included) of the opponent's rating + 500 for a win, - 500 for a loss; the
    player's own rating without such rounds.  lichess ranks by one integer score that keeps the
    whole part only, so the value is floored.  0 when an opponent met (or, without opponents, the
    player) has no rating in the file: then it separates nobody.

    ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``points_table``, ``ratings``, ``col``: as in the
    module text."""
    n = opp.shape[0]
    w = points_table[kinds.WIN]
    loss = points_table[kinds.LOSS]
    for p in range(n):
        total = 0.0
        games = 0
        known = True
        for r in range(nr):
            o = opp[p, r]
            if o < 0:
                continue
            if ratings[o] <= 0:
                known = False
            pts = round_points(kind[p, r], gw[p, r], gl[p, r], points_table)
            total += ratings[o]
            if pts == w:
                total += 500.0
            elif pts == loss:
                total -= 500.0
            games += 1
        if games == 0:
            col[p] = np.floor(ratings[p]) if ratings[p] > 0 else 0.0
        elif known:
            col[p] = np.floor(total / games)
        else:
            col[p] = 0.0


@kernel
def uses_contributions(codes):
    """Whether any of ``codes`` reads the opponents' contributions (:func:`contributions`): the
    Buchholz family and Sonneborn-Berger.

    ``codes`` int64[k] a pack's tiebreak codes."""
    for i in range(codes.shape[0]):
        c = codes[i]
        if c == SB or c == SUMBH or (c >= BH and c <= BH_M2):
            return True
    return False


@kernel
def shared_contributions(codes, opp, kind, gw, gl, nr, points_table, unplayed, want):
    """:func:`contributions` once for every code of a pack that reads them: the rows of ``want``,
    every row when a code reads the opponents' Buchholz (``SUMBH``).

    ``codes`` int64[k] the pack's codes; ``opp``, ``kind``, ``gw``, ``gl``, ``nr``,
    ``points_table``, ``unplayed``, ``want``: as in the module text. Returns int64[n, nr]."""
    rows = want
    for i in range(codes.shape[0]):
        if codes[i] == SUMBH:
            rows = np.ones(opp.shape[0], dtype=np.bool_)
    # the scores a row's contributions read: its own and its opponents' (a cut's ranking asks a
    # few point groups of a big field: the others' rounds are not summed)
    reach = rows.copy()
    for p in range(opp.shape[0]):
        if rows[p]:
            for r in range(nr):
                if opp[p, r] >= 0:
                    reach[opp[p, r]] = True
    s = scores(kind, gw, gl, nr, points_table, reach)
    a = adjusted_scores(opp, kind, gw, gl, nr, points_table, unplayed, s, reach)
    return contributions(opp, kind, gw, gl, nr, points_table, unplayed, s, a, rows)


@kernel
def chess_column(code, k, opp, kind, gw, gl, gd, nr, points_table, unplayed, ratings, want, shared, out):
    """Fill ``out[:, k]`` with chess tiebreak ``code`` (columns ``0..k-1`` already filled).

    ``code`` int64 a chess code (``FIRST .. LAST``); ``k`` int64 the column; ``opp``, ``kind``,
    ``gw``, ``gl``, ``gd``, ``nr``, ``points_table``, ``unplayed``, ``ratings``: as in the module
    text; ``want`` bool[n] the players whose values are wanted (direct encounter is computed for
    them alone: their groups of equal players lie among them; the other codes for everyone);
    ``shared`` int64[n, nr] the :func:`shared_contributions` (read by the codes that use them);
    ``out`` float64[n, > k] the tiebreak columns."""
    col = out[:, k]
    w = points_table[kinds.WIN]
    if code == DE:
        direct_encounter_want(out, k, opp, kind, gw, gl, nr, points_table, unplayed != UNPLAYED_1998, want)
        return
    if code == PS or code == PS_C1 or code == PS_C2:
        progressive(kind, gw, gl, nr, points_table, code - PS, col)
        return
    if code == WIN or code == WON:
        wins(kind, gw, gl, nr, points_table, code == WON or unplayed == UNPLAYED_1998, col)
        return
    if code == PERF:
        lichess_performance(opp, kind, gw, gl, nr, points_table, ratings, col)
        return
    if code == ARO or code == ARO_C1 or code == TPR:
        rating_tiebreak(code, opp, kind, gw, gl, nr, points_table, unplayed, ratings, col, want)
        return
    if code == KS:
        koya(opp, kind, gw, gl, nr, points_table, scores(kind, gw, gl, nr, points_table,
                                                          np.ones(opp.shape[0], dtype=np.bool_)), col)
        return
    c = shared
    if code == SB:
        sonneborn_berger(c, kind, gw, gl, points_table, unplayed, col, want)
    elif code == SUMBH:
        bh = np.empty(opp.shape[0])
        buchholz(c, kind, unplayed, 0, 0, bh, w, np.ones(opp.shape[0], dtype=np.bool_))  # every opponent's
        sum_of_buchholz(opp, kind, nr, unplayed, bh, col)
    elif code == BH or code == BH_C1 or code == BH_C2:
        buchholz(c, kind, unplayed, code - BH, 0, col, w, want)
    elif code == BH_M1 or code == BH_M2:
        buchholz(c, kind, unplayed, code - BH_C2, code - BH_C2, col, w, want)
    else:
        raise ValueError("unknown chess tiebreak code")
