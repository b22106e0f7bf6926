"""Pokémon (Play! Pokémon) tiebreaks as TOM computes them: opponents' win % (resistance) and
opponents' opponents' win %.

Match points are 3 / 1 / 0 (the pack's points table); the tiebreaks use each player's *win
percentage*, defined from the record without the byes:

``win % = (wins + ½ x ties) / rounds played``, byes left out of both the wins and the rounds,

* floored at 25% for every opponent,
* capped at 75% for an opponent who dropped (their rounds are the rounds they played),
* opponents' win % (OWP) = mean of the win % of every opponent paired with; opponents'
  opponents' win % (OOWP) = mean of the opponents' OWP.  Rounds without opponent (byes, a loss
  without opponent) are in neither mean; a pairing without a reported result (kind ``NO_RESULT``)
  counts its opponent but is no round of either player's win %.

How TOM values players who leave, and a day 2 (they reproduce every published place of the real
TOM files and of a 531-player regional with a day 2, ../shared/BRIEF.md):

* **frozen when a player leaves** (``freeze``): the win %, OWP and OOWP of a player who dropped
  are those of the standings after the last round they were paired in, their opponents' records
  as they stood then; a player cut after day 1 is valued after day 1's last round.  In another
  player's OOWP an opponent who left counts with their own frozen OWP; one still playing with
  their OWP of the standings being computed.
* **phases** (``phase`` > 0, the 0-based first round of day 2): day 2's tiebreaks count only day-2
  rounds (day-2 opponents and their day-2 records); match points carry over (the points column is
  not computed here).  Top-cut rounds are never in the arrays.

So every value is "player ``p`` in the standings after round ``t``": ``t`` is the last round ``p``
was paired in (frozen), else the last round of the arrays; the rounds counted run from the start
of ``t``'s phase to ``t``.  Without ``freeze`` every player is valued after the last round of the
phase they last played in (the values other software computes: the check's "not frozen" variant).

Sources.  The byes, the 25% floor and the 75% cap for dropped players follow the Play! Pokémon
Tournament Operation Procedures, "Determining Tiebreakers" (as summarised with a link to
``play-pokemon-tournament-operation-procedures-en.pdf`` at pastebin.com/Y8zhWz3V: "if any opponent
had a bye, subtract 1 from the total number of rounds ... an opponent went 4-3 in a 7 round
tournament with 1 bye ... counted as going 3-3 in a 6-round tournament"; "if an opponent dropped
AND their win percentage is greater than 75%, make it 75%").  How a tie counts is not spelled out
there (it speaks of "won rounds"); RK9 (the platform that runs Play! Pokémon registration and
pairings) states it in "All about tiebreakers in the Pokémon TCG" (rk9.gg, 2021-05-25): "A win is
counted as 1, a tie is counted as 0.5, and a loss 0 ... an opponent finished 3-1-1, their
contribution is (1 + 1 + 1 + 0.5 + 0) / 5 = 70%".  That is the definition used here.

A player counts as *dropped at* ``t`` when they were paired in no round after their last one
before ``t`` (the arrays carry no drop list; a player who leaves is absent from every later
round).  A loss without opponent (no-show) is a round played and lost; forfeits and double losses
keep the opponent.  With ``dedupe`` an opponent met twice counts once.  A player without opponent
gets 25%.  ``tests/naive_pokemon.py`` is the plain-Python twin these kernels are checked against.
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
def in_record(k):
    """True when the round is one of the player's win %: not absent, no bye, a result reported."""
    return not (k == kinds.ABSENT or k == kinds.BYE or k == kinds.HALF_BYE or k == kinds.NO_RESULT)


@kernel
def faced(k):
    """True when the round has an opponent who counts in the player's OWP/OOWP."""
    return (k == kinds.PLAYED or k == kinds.FORFEIT_WIN or k == kinds.FORFEIT_LOSS
            or k == kinds.DOUBLE_LOSS or k == kinds.NO_RESULT)


@kernel
def window_start(t, phase):
    """The first round counted in the standings after round ``t``: the start of ``t``'s phase."""
    return phase if (phase > 0 and t >= phase) else 0


@kernel
def last_rounds(kind, nr):
    """Each player's last round with a pairing (a bye included), -1 for none."""
    n = kind.shape[0]
    last = np.full(n, -1, dtype=np.int64)
    for p in range(n):
        for r in range(nr - 1, -1, -1):
            if kind[p, r] != kinds.ABSENT:
                last[p] = r
                break
    return last


@kernel
def win_pct_table(kind, gw, gl, nr, phase, last):
    """``wp[p, t]``: player ``p``'s win % as an opponent in the standings after round ``t`` (the
    rounds of ``t``'s phase up to ``t``): floored at 25%, at most 75% once ``p`` has left."""
    n = kind.shape[0]
    wp = np.empty((n, nr))
    for p in range(n):
        hw = 0
        rounds = 0
        for t in range(nr):
            if phase > 0 and t == phase:
                hw = 0
                rounds = 0
            k = kind[p, t]
            if in_record(k):
                rounds += 1
                hw += half_wins(k, gw[p, t], gl[p, t])
            v = hw / (2.0 * rounds) if rounds > 0 else FLOOR
            v = max(v, FLOOR)
            if rounds > 0 and last[p] < t and v > DROPPED_CAP:
                v = DROPPED_CAP
            wp[p, t] = v
    return wp


@kernel
def repeat(opp, kind, p, r, start):
    """True when player ``p`` met their round-``r`` opponent in an earlier round from ``start``."""
    for q in range(start, r):
        if faced(kind[p, q]) and opp[p, q] == opp[p, r]:
            return True
    return False


@kernel
def owp_at(p, t, wp, opp, kind, phase, dedupe):
    """Player ``p``'s OWP in the standings after round ``t``."""
    total = 0.0
    count = 0
    start = window_start(t, phase)
    for r in range(start, t + 1):
        if not faced(kind[p, r]) or (dedupe and repeat(opp, kind, p, r, start)):
            continue
        total += wp[opp[p, r], t]
        count += 1
    return total / count if count > 0 else FLOOR


@kernel
def valued_at(kind, nr, phase, freeze):
    """The round after which each player is valued: their last round with a pairing when
    ``freeze`` (a player who never played: the last round), else the last round of the phase of
    that round (a player cut after day 1 keeps day 1's values either way)."""
    at = last_rounds(kind, nr)
    for p in range(at.shape[0]):
        if at[p] < 0:
            at[p] = nr - 1
        elif not freeze:
            at[p] = phase - 1 if (phase > 0 and at[p] < phase) else nr - 1
    return at


@kernel
def pokemon_column(code, opp, kind, gw, gl, nr, dedupe, phase, freeze, col):
    """Fill ``col`` with Pokémon tiebreak ``code`` (OWP or OOWP) for every player (see the module
    text: ``phase`` the first round of day 2 or 0, ``freeze`` TOM's values at leaving)."""
    n = opp.shape[0]
    if nr == 0:
        for p in range(n):
            col[p] = FLOOR
        return
    last = last_rounds(kind, nr)
    at = valued_at(kind, nr, phase, freeze)
    wp = win_pct_table(kind, gw, gl, nr, phase, last)
    owp = np.empty(n)
    for p in range(n):
        owp[p] = owp_at(p, at[p], wp, opp, kind, phase, dedupe)
    if code == OWP:
        for p in range(n):
            col[p] = owp[p]
        return
    if code != OOWP:
        raise ValueError("unknown Pokemon tiebreak code")
    for p in range(n):
        t = at[p]
        start = window_start(t, phase)
        total = 0.0
        count = 0
        for r in range(start, t + 1):
            if not faced(kind[p, r]) or (dedupe and repeat(opp, kind, p, r, start)):
                continue
            o = opp[p, r]
            # an opponent valued at or before t (they left): their frozen OWP; else as of round t
            total += owp[o] if at[o] <= t else owp_at(o, t, wp, opp, kind, phase, dedupe)
            count += 1
        col[p] = total / count if count > 0 else FLOOR
