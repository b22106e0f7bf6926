"""A round not paired yet: the last Swiss round holding only entries made before its pairing.

Pairing programs let the arbiter enter a round's half-point and zero-point byes (a player who
asked for one, or announced an absence) before the round is paired; a file saved then (FIDE TRF:
a column of ``0000 - H`` and ``0000 - Z`` cells, JaVaFo's input for pairing that round) has that
round with no game in it.  Such a round is not played: the event stands after the round before,
every other player is pending in it, nobody has dropped.
"""

from __future__ import annotations

from drawsafe.event.model import Event, Round


def holds_no_pairing(r: Round) -> bool:
    """True when ``r`` has no match between two players (only byes and losses without opponent)."""
    return all(m.player_b is None for m in r.matches)


def unpaired_round(event: Event) -> Round | None:
    """The last Swiss round when it is not paired yet (see the module text), else ``None``.

    A round with only such entries cannot be a paired round of two or more players: a pairing
    gives at most one player a pairing-allocated bye.
    """
    swiss = event.swiss
    if not swiss or not holds_no_pairing(swiss[-1]):
        return None
    if len(event.players) < 2:
        return None
    return swiss[-1]
