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

Parameters the kernels share (each kernel names those it takes, "as in the module text"):
``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``dedupe`` as in :mod:`drawsafe.tiebreaks.values`
(``opp`` int32[n, rounds], ``kind``, ``gw``, ``gl`` int8[n, rounds], ``nr`` int64, ``dedupe``
bool); ``phase`` int64 the 0-based first round of day 2 (0: one phase); ``freeze`` bool: a player
is valued when they leave; ``last`` int64[n] each player's last round with a pairing
(:func:`last_rounds`); ``half``, ``rounds`` int64[n, nr + 1] the running sums of
:func:`prefix_records`; ``p``, ``q`` int64 a player's row, ``t`` int64 a round (0-based).
"""

from __future__ import annotations

import numpy as np

from drawsafe.event import kinds
from drawsafe.jit import inline_kernel, kernel

#: Kernel codes (drawsafe.tiebreaks.values routes them to :func:`pokemon_columns`).
FIRST = 40
OWP = 40
OOWP = 41
LAST = 41

FLOOR = 0.25
DROPPED_CAP = 0.75


@kernel
def half_wins(k, gw, gl):
    """2 for a won round, 1 for a tie, 0 for a loss (byes are handled by the caller).

    ``k`` int a round's kind (:mod:`drawsafe.event.kinds`); ``gw``, ``gl`` int the games won and
    lost."""
    if k == kinds.PLAYED:
        if gw > gl:
            return 2
        return 0 if gw < gl else 1
    return 2 if k == kinds.FORFEIT_WIN else 0


@kernel
def in_record(k):
    """True when the round is one of the player's win %: not absent, no bye, a result reported.

    ``k`` int a round's kind (:mod:`drawsafe.event.kinds`)."""
    return not (k == kinds.ABSENT or k == kinds.BYE or k == kinds.HALF_BYE or k == kinds.NO_RESULT)


@kernel
def faced(k):
    """True when the round has an opponent who counts in the player's OWP/OOWP.

    ``k`` int a round's kind (:mod:`drawsafe.event.kinds`)."""
    return (k == kinds.PLAYED or k == kinds.FORFEIT_WIN or k == kinds.FORFEIT_LOSS
            or k == kinds.DOUBLE_LOSS or k == kinds.NO_RESULT)


@kernel
def window_start(t, phase):
    """The first round counted in the standings after round ``t``: the start of ``t``'s phase.

    ``t``, ``phase``: as in the module text."""
    return phase if (phase > 0 and t >= phase) else 0


@kernel
def last_rounds(kind, nr):
    """Each player's last round with a pairing (a bye included), -1 for none.

    ``kind``, ``nr``: as in the module text. Returns ``last`` int64[n]."""
    n = kind.shape[0]
    last = np.full(n, -1, dtype=np.int64)
    for p in range(n):
        for r in range(nr - 1, -1, -1):
            if kind[p, r] != kinds.ABSENT:
                last[p] = r
                break
    return last


@inline_kernel  # called per player with arrays: a call would count references to each
def wp_at(q, t, kind, gw, gl, phase, last):
    """Player ``q``'s win % as an opponent in the standings after round ``t`` (the rounds of
    ``t``'s phase up to ``t``): floored at 25%, at most 75% once ``q`` has left.

    ``q``, ``t``, ``kind``, ``gw``, ``gl``, ``phase``, ``last``: as in the module text."""
    hw = 0
    rounds = 0
    for r in range(window_start(t, phase), t + 1):
        k = kind[q, r]
        if in_record(k):
            rounds += 1
            hw += half_wins(k, gw[q, r], gl[q, r])
    v = hw / (2.0 * rounds) if rounds > 0 else FLOOR
    v = max(v, FLOOR)
    if rounds > 0 and last[q] < t and v > DROPPED_CAP:
        v = DROPPED_CAP
    return v


@inline_kernel  # called per player with arrays: a call would count references to each
def repeat(opp, kind, p, r, start):
    """True when player ``p`` met their round-``r`` opponent in an earlier round from ``start``.

    ``opp``, ``kind``, ``p``: as in the module text; ``r`` int64 the round; ``start`` int64 the
    first round looked at."""
    for q in range(start, r):
        if faced(kind[p, q]) and opp[p, q] == opp[p, r]:
            return True
    return False


@kernel
def prefix_records(kind, gw, gl, nr):
    """Per player, running sums over rounds of half wins (2 a win, 1 a tie) and of rounds of their
    record: ``half[q, r]`` and ``rounds[q, r]`` count rounds ``0 .. r - 1``.

    ``kind``, ``gw``, ``gl``, ``nr``: as in the module text. Returns ``half``, ``rounds``."""
    n = kind.shape[0]
    half = np.zeros((n, nr + 1), dtype=np.int64)
    rounds = np.zeros((n, nr + 1), dtype=np.int64)
    for q in range(n):
        for r in range(nr):
            k = kind[q, r]
            counted = in_record(k)
            half[q, r + 1] = half[q, r] + (half_wins(k, gw[q, r], gl[q, r]) if counted else 0)
            rounds[q, r + 1] = rounds[q, r] + (1 if counted else 0)
    return half, rounds


@inline_kernel  # called per player with arrays: a call would count references to each
def wp_prefix(q, t, half, rounds, phase, last):
    """:func:`wp_at` from the running sums of :func:`prefix_records`.

    ``q``, ``t``, ``half``, ``rounds``, ``phase``, ``last``: as in the module text."""
    start = window_start(t, phase)
    played = rounds[q, t + 1] - rounds[q, start]
    v = (half[q, t + 1] - half[q, start]) / (2.0 * played) if played > 0 else FLOOR
    v = max(v, FLOOR)
    if played > 0 and last[q] < t and v > DROPPED_CAP:
        v = DROPPED_CAP
    return v


@inline_kernel  # called per player with arrays: a call would count references to each
def owp_at(p, t, half, rounds, opp, kind, phase, last, dedupe):
    """Player ``p``'s OWP in the standings after an earlier round ``t`` than the last.

    ``p``, ``t``, ``half``, ``rounds``, ``opp``, ``kind``, ``phase``, ``last``, ``dedupe``: as in
    the module text."""
    total = 0.0
    count = 0
    start = window_start(t, phase)
    for r in range(start, t + 1):
        if not faced(kind[p, r]) or (dedupe and repeat(opp, kind, p, r, start)):
            continue
        total += wp_prefix(opp[p, r], t, half, rounds, phase, last)
        count += 1
    return total / count if count > 0 else FLOOR


@inline_kernel  # called per player with arrays: a call would count references to each
def owp_direct(p, t, kind, gw, gl, opp, phase, last, dedupe):
    """:func:`owp_at` without the running sums: each opponent's win % counted from their rounds
    (the same sums, so the same value), for the few players a partial column needs.

    ``p``, ``t``, ``kind``, ``gw``, ``gl``, ``opp``, ``phase``, ``last``, ``dedupe``: as in the
    module text."""
    total = 0.0
    count = 0
    start = window_start(t, phase)
    for r in range(start, t + 1):
        if not faced(kind[p, r]) or (dedupe and repeat(opp, kind, p, r, start)):
            continue
        total += wp_at(opp[p, r], t, kind, gw, gl, phase, last)
        count += 1
    return total / count if count > 0 else FLOOR


@kernel
def valued_at(last, nr, phase, freeze):
    """The round after which each player is valued: their last round with a pairing when
    ``freeze`` (a player who never played: the last round), else the last round of the phase of
    that round (a player cut after day 1 keeps day 1's values either way).

    ``last``, ``nr``, ``phase``, ``freeze``: as in the module text. Returns int64[n]."""
    at = last.copy()
    for p in range(at.shape[0]):
        if at[p] < 0:
            at[p] = nr - 1
        elif not freeze:
            at[p] = phase - 1 if (phase > 0 and at[p] < phase) else nr - 1
    return at


@kernel
def pokemon_column(code, opp, kind, gw, gl, nr, dedupe, phase, freeze, col):
    """Fill ``col`` with Pokémon tiebreak ``code`` (OWP or OOWP) for every player (see
    :func:`pokemon_columns`).

    ``code`` int64 ``OWP`` or ``OOWP``; ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``dedupe``,
    ``phase``, ``freeze``: as in the module text; ``col`` float64[n] written."""
    if code != OWP and code != OOWP:
        raise ValueError("unknown Pokemon tiebreak code")
    other = np.empty(opp.shape[0])
    want = np.ones(opp.shape[0], dtype=np.bool_)
    if code == OWP:
        pokemon_columns(opp, kind, gw, gl, nr, dedupe, phase, freeze, want, col, other)
    else:
        pokemon_columns(opp, kind, gw, gl, nr, dedupe, phase, freeze, want, other, col)


@kernel
def pokemon_columns(opp, kind, gw, gl, nr, dedupe, phase, freeze, want, owp, oowp):
    """Fill ``owp`` and ``oowp`` with the OWP and OOWP of every player of ``want`` (see the module
    text: ``phase`` the first round of day 2 or 0, ``freeze`` TOM's values at leaving); the other
    rows are left as they were, except the OWP of the wanted players' opponents.

    Most players are valued after the last round: their opponents' win % after it is computed once
    for everyone; the values of a player who left are computed from their opponents' records as
    they stood then (a few rounds each).  When only some players are wanted (the standings near a
    cut: :func:`drawsafe.standings.order.refined_order`), only what their values read is computed.

    ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``dedupe``, ``phase``, ``freeze``: as in the
    module text; ``want`` bool[n] the players whose values are wanted; ``owp``, ``oowp``
    float64[n] written."""
    n = opp.shape[0]
    if nr == 0:
        for p in range(n):
            owp[p] = FLOOR
            oowp[p] = FLOOR
        return
    final = nr - 1
    last = last_rounds(kind, nr)
    at = valued_at(last, nr, phase, freeze)
    wanted = 0
    for p in range(n):
        if want[p]:
            wanted += 1
    if wanted < n:
        partial_columns(opp, kind, gw, gl, nr, dedupe, phase, last, at, want, owp, oowp)
        return
    wp_final = np.empty(n)
    for q in range(n):
        wp_final[q] = wp_at(q, final, kind, gw, gl, phase, last)
    early = 0  # players valued before the last round (they left)
    for p in range(n):
        if at[p] != final:
            early += 1
    # records round by round (win % after any round in O(1)) and OWPs as of earlier rounds, when
    # some player left before the last round
    half, rounds = prefix_records(kind, gw, gl, nr if early else 0)
    owp_memo = np.full((n if early else 0, nr), -1.0)
    first = window_start(final, phase)
    for p in range(n):
        if at[p] != final:  # left earlier: their opponents' records as they stood then
            owp[p] = owp_at(p, at[p], half, rounds, opp, kind, phase, last, dedupe)
            continue
        total = 0.0
        count = 0
        for r in range(first, nr):
            if faced(kind[p, r]) and not (dedupe and repeat(opp, kind, p, r, first)):
                total += wp_final[opp[p, r]]
                count += 1
        owp[p] = total / count if count > 0 else FLOOR
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
            if at[o] <= t:
                total += owp[o]
            else:
                v = owp_memo[o, t]
                if v < 0.0:
                    v = owp_at(o, t, half, rounds, opp, kind, phase, last, dedupe)
                    owp_memo[o, t] = v
                total += v
            count += 1
        oowp[p] = total / count if count > 0 else FLOOR


@kernel
def partial_columns(opp, kind, gw, gl, nr, dedupe, phase, last, at, want, owp, oowp):
    """:func:`pokemon_columns` for the players of ``want`` only: their OWP and OOWP, and the OWP of
    their opponents that their OOWP reads, each computed as the whole columns compute it (the same
    sums in the same order: the same values).

    ``opp``, ``kind``, ``gw``, ``gl``, ``nr``, ``dedupe``, ``phase``, ``last``: as in the module
    text; ``want`` bool[n] the players whose values are wanted; ``at`` int64[n] the round each player is valued after (:func:`valued_at`);
    ``owp``, ``oowp`` float64[n] written at the rows computed."""
    n = opp.shape[0]
    final = nr - 1
    first = window_start(final, phase)
    need = np.zeros(n, dtype=np.bool_)  # whose OWP is read: the wanted players and their opponents
    for p in range(n):
        if want[p]:
            need[p] = True
            t = at[p]
            for r in range(window_start(t, phase), t + 1):
                if faced(kind[p, r]):
                    need[opp[p, r]] = True
    wp_final = np.full(n, -1.0)  # win % after the last round, as read
    for p in range(n):
        if not need[p]:
            continue
        if at[p] != final:
            owp[p] = owp_direct(p, at[p], kind, gw, gl, opp, phase, last, dedupe)
            continue
        total = 0.0
        count = 0
        for r in range(first, nr):
            if faced(kind[p, r]) and not (dedupe and repeat(opp, kind, p, r, first)):
                o = opp[p, r]
                if wp_final[o] < 0.0:
                    wp_final[o] = wp_at(o, final, kind, gw, gl, phase, last)
                total += wp_final[o]
                count += 1
        owp[p] = total / count if count > 0 else FLOOR
    for p in range(n):
        if not want[p]:
            continue
        t = at[p]
        start = window_start(t, phase)
        total = 0.0
        count = 0
        for r in range(start, t + 1):
            if not faced(kind[p, r]) or (dedupe and repeat(opp, kind, p, r, start)):
                continue
            o = opp[p, r]
            total += owp[o] if at[o] <= t else owp_direct(o, t, kind, gw, gl, opp, phase, last, dedupe)
            count += 1
        oowp[p] = total / count if count > 0 else FLOOR
