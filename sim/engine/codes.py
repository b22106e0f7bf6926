"""The simulation engine's numeric codes, named once (plain ints: the kernels compile them in).

This module imports nothing, so the command line can build its options (``--help``) without
loading numpy or numba.  The kernels and the Python drivers import the codes from here.
"""

from __future__ import annotations

#: Modes of the first simulated round's tables (``table_mode``): ``FREE`` play it out; ``KNOWN`` the
#: result is reported (``table_score``); ``FORCE_A`` / ``FORCE_B`` that player wins (game score
#: sampled); ``INTENTIONAL`` an intentional draw, 0-0-3.
FREE, KNOWN, FORCE_A, FORCE_B, INTENTIONAL = 0, 1, 2, 3, 4
#: Outcome codes written per simulation for those tables (``table_outcome``).
A_WON, DRAWN, B_WON, ID = 0, 1, 2, 3

#: Policies for intentional draws in the last round of a simulated future (see
#: :mod:`drawsafe.engine.kernel`).
NO_DRAWS, LOCKED, SAFE_POINTS = 0, 1, 2
FUTURE_POLICIES = {"none": NO_DRAWS, "locked": LOCKED, "safe": SAFE_POINTS}

#: Pairing systems: MTG event software (point groups, random order) or the Dutch approximation.
MTG_PAIRING, DUTCH_PAIRING = 0, 1
PAIRINGS = {"mtg": MTG_PAIRING, "dutch": DUTCH_PAIRING}
#: How the last Swiss round is paired (MTG pairing): by standings or at random within point groups.
LAST_ROUND = ("standings", "random")

#: Result models: who wins a played match.
COIN, ELO, PROBABILITY = 0, 1, 2
MODELS = {"coin": COIN, "elo": ELO, "probability": PROBABILITY}
