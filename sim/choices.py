"""The names of every choice the library offers, in one module that imports nothing heavy: the
command line builds its options from them without loading numba."""

#: Who wins a played match: 1/2 each; from ratings (Elo); from per-player win probabilities (log5).
RESULT_MODELS = ("coin", "elo", "probability")
#: How the last Swiss round is paired: by standings (1 v 2, 3 v 4, ...) or at random in point groups.
LAST_ROUND = ("standings", "random")
#: How simulated rounds are paired: MTG event software, the FIDE Dutch approximation, or cobra (Netrunner).
PAIRINGS = ("mtg", "dutch", "cobra")
#: Intentional draws in the last round of a simulated future.
FUTURE_DRAWS = ("none", "locked", "safe", "behaviour")
#: ``drawsafe field``: the intentional draws of the last round of every simulated event (the
#: behaviour model needs a standings snapshot, which a field before round 1 does not have), and
#: the defaults of its precision (95% half-width) and simulation cap.
FIELD_IDS = ("none", "locked", "safe")
FIELD_PRECISION = 0.02
#: The planner's "safe" intentional draws: both reach a total from which this share made the cut in
#: a pilot run.  Chosen over 0.80-0.99 by leave-one-event-out Brier score on the 25 real events with a
#: top cut of shared/ (0.95 in 24 of 25 folds; reports/field/real-compare.md).
FIELD_SAFE = 0.95
FIELD_MAX_SIMS = 200_000
#: The largest sizes any request may ask for, on the command line, the API and the forms alike
#: (the server may lower them: ``--max-players``, ``--max-sims``): players of a planned or
#: generated event, Swiss rounds (of an event, of a day 2), simulations.  Each is an option's
#: upper bound (:mod:`drawsafe.app.requests`), so a larger value is one line: exit 2, HTTP 422.
MAX_PLAYERS = 20_000
MAX_ROUNDS = 99
MAX_SIMS = 2_000_000
#: The verdicts of ``draw``, best for drawing first.
VERDICTS = ("safe to draw", "draw is better for both", "draw is better for one player only", "play",
            "nothing at stake")
#: How ``draw`` models the other tables' intentional draws.
OTHERS = ("none", "locked", "rational", "behaviour")
#: The default of ``draw`` and ``report``: measured best on real events (``drawsafe calibrate``).
DEFAULT_OTHERS = "behaviour"
