"""Pokémon (Play! Pokémon) tiebreaks: opponents' win % (resistance), opponents' opponents' win %.

Match points are 3 / 1 / 0 (the pack's points table); the tiebreaks use each player's *win
percentage*, defined from the record without the byes:

``win % = (wins + ½ x ties) / rounds played``, byes left out of both the wins and the rounds,

* floored at 25% for every opponent,
* capped at 75% for an opponent who dropped (their rounds are the rounds they played),
* opponents' win % (OWP) = mean of the opponents' win %; opponents' opponents' win % (OOWP) =
  mean of the opponents' OWP.  Rounds without opponent (byes) are not in either mean.

Sources.  The byes, the 25% floor and the 75% cap for dropped players follow the Play! Pokémon
Tournament Operation Procedures, "Determining Tiebreakers" (as summarised with a link to
``play-pokemon-tournament-operation-procedures-en.pdf`` at pastebin.com/Y8zhWz3V: "if any opponent
had a bye, subtract 1 from the total number of rounds ... an opponent went 4-3 in a 7 round
tournament with 1 bye ... counted as going 3-3 in a 6-round tournament"; "if an opponent dropped
AND their win percentage is greater than 75%, make it 75%").  How a tie counts is not spelled out
there (it speaks of "won rounds"); RK9 (the platform that runs Play! Pokémon registration and
pairings) states it in "All about tiebreakers in the Pokémon TCG" (rk9.gg, 2021-05-25): "A win is
counted as 1, a tie is counted as 0.5, and a loss 0 ... an opponent finished 3-1-1, their
contribution is (1 + 1 + 1 + 0.5 + 0) / 5 = 70%".  That is the definition used here.  (The
Tournament Rules Handbook text itself was not available to check; see the report in the tests.)

A player counts as *dropped* when absent from the last round of the snapshot after having played:
the arrays carry no drop list, and a dropped player is absent from every later round.  A loss
without opponent (no-show) is a round played and lost; forfeits and double losses keep the
opponent.  With ``dedupe`` an opponent met twice counts once.  A player without opponent gets 25%.
"""

from __future__ import annotations

import numpy as np

from drawsafe.event import kinds
from drawsafe.jit import kernel

#: Kernel codes (drawsafe.tiebreaks.values routes them to :func:`pokemon_column`).
FIRST = 40
OWP = 40
OOWP = 41
LAST = 41

FLOOR = 0.25
DROPPED_CAP = 0.75


@kernel
def half_wins(k, gw, gl):
    """2 for a won round, 1 for a tie, 0 for a loss (byes are handled by the caller)."""
    if k == kinds.PLAYED:
        if gw > gl:
            return 2
        return 0 if gw < gl else 1
    return 2 if k == kinds.FORFEIT_WIN else 0


@kernel
def faced(k):
    """True when the round has an opponent who counts in the player's OWP/OOWP."""
    return (k == kinds.PLAYED or k == kinds.FORFEIT_WIN or k == kinds.FORFEIT_LOSS
            or k == kinds.DOUBLE_LOSS)


@kernel
def win_pct(kind, gw, gl, nr):
    """Each player's win % as an opponent: byes removed, floor 25%, a dropped player at most 75%."""
    n = kind.shape[0]
    out = np.empty(n)
    for p in range(n):
        hw = 0
        rounds = 0
        for r in range(nr):
            k = kind[p, r]
            if k == kinds.ABSENT or k == kinds.BYE or k == kinds.HALF_BYE:
                continue
            rounds += 1
            hw += half_wins(k, gw[p, r], gl[p, r])
        v = hw / (2.0 * rounds) if rounds > 0 else FLOOR
        v = max(v, FLOOR)
        if rounds > 0 and nr > 0 and kind[p, nr - 1] == kinds.ABSENT and v > DROPPED_CAP:
            v = DROPPED_CAP
        out[p] = v
    return out


@kernel
def repeat(opp, kind, p, r):
    """True when player ``p`` met their round-``r`` opponent in an earlier counted round."""
    for q in range(r):
        if faced(kind[p, q]) and opp[p, q] == opp[p, r]:
            return True
    return False


@kernel
def opponents_average(values, opp, kind, nr, dedupe, col):
    """Mean of ``values`` over each player's opponents (25% without opponent)."""
    n = opp.shape[0]
    for p in range(n):
        total = 0.0
        count = 0
        for r in range(nr):
            if not faced(kind[p, r]) or (dedupe and repeat(opp, kind, p, r)):
                continue
            total += values[opp[p, r]]
            count += 1
        col[p] = total / count if count > 0 else FLOOR


@kernel
def pokemon_column(code, opp, kind, gw, gl, nr, dedupe, col):
    """Fill ``col`` with Pokémon tiebreak ``code`` (OWP or OOWP) for every player."""
    wp = win_pct(kind, gw, gl, nr)
    if code == OWP:
        opponents_average(wp, opp, kind, nr, dedupe, col)
    elif code == OOWP:
        owp = np.empty(opp.shape[0])
        opponents_average(wp, opp, kind, nr, dedupe, owp)
        opponents_average(owp, opp, kind, nr, dedupe, col)
    else:
        raise ValueError("unknown Pokemon tiebreak code")
