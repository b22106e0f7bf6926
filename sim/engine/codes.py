"""The simulation engine's numeric codes, named once (plain ints: the kernels compile them in).

This module imports nothing heavy (only :mod:`drawsafe.choices`), so the command line can build its options (``--help``) without
loading numpy or numba.  The kernels and the Python drivers import the codes from here.
"""

from __future__ import annotations

from drawsafe import choices

#: Modes of the first simulated round's tables (``FirstTables.mode``): ``FREE`` play it out;
#: ``KNOWN`` the result is reported (``FirstTables.score``); ``FORCE_A`` / ``FORCE_B`` that player
#: wins (game score sampled); ``INTENTIONAL`` an intentional draw, 0-0-3; ``BEHAVIOUR`` an
#: intentional draw with the table's probability ``FirstTables.draw_p[t]``, else played as ``FREE``.
FREE, KNOWN, FORCE_A, FORCE_B, INTENTIONAL, BEHAVIOUR = 0, 1, 2, 3, 4, 5
#: Outcome codes written per simulation for those tables (``Outputs.table_outcome``).
A_WON, DRAWN, B_WON, ID = 0, 1, 2, 3

#: Policies for intentional draws in the last round of a simulated future (see
#: :mod:`drawsafe.engine.kernel`).
NO_DRAWS, LOCKED, SAFE_POINTS, BEHAVIOUR_POINTS = 0, 1, 2, 3
FUTURE_POLICIES = dict(zip(choices.FUTURE_DRAWS, (NO_DRAWS, LOCKED, SAFE_POINTS, BEHAVIOUR_POINTS)))

#: Pairing systems: MTG event software (point groups, random order), the Dutch approximation, or
#: cobra's least squared points differences (Netrunner).
MTG_PAIRING, DUTCH_PAIRING, COBRA_PAIRING = 0, 1, 2
PAIRINGS = dict(zip(choices.PAIRINGS, (MTG_PAIRING, DUTCH_PAIRING, COBRA_PAIRING)))
#: How the last Swiss round is paired (MTG pairing): by standings or at random within point groups.
LAST_ROUND = choices.LAST_ROUND

#: Result models: who wins a played match.
COIN, ELO, PROBABILITY = 0, 1, 2
MODELS = dict(zip(choices.RESULT_MODELS, (COIN, ELO, PROBABILITY)))
