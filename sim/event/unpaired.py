"""A round not paired yet: the last Swiss round holding only byes entered before its pairing.

Pairing programs let the arbiter enter a round's half-point and zero-point byes (a player who
asked for one, or announced an absence) before the round is paired; a file saved then (FIDE TRF:
a column of ``0000 - H`` and ``0000 - Z`` cells, JaVaFo's input for pairing that round) has that
round with no game in it.  The importer that knows it marks the round (``Round.paired`` False);
such a round is not played: the event stands after the round before, every other player is
pending in it, nobody has dropped.
"""

from __future__ import annotations

from drawsafe.event.model import Event, Round


def unpaired_round(event: Event) -> Round | None:
    """The last Swiss round when it is marked not paired yet, else ``None``."""
    swiss = event.swiss
    if swiss and not swiss[-1].paired:
        return swiss[-1]
    return None
