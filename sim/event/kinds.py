"""How a player's round went, as small integer codes shared by the model and the numba kernels.

Every player has one code per round in ``Snapshot.kind`` (:mod:`drawsafe.event.snapshot`).  The
kernels read these module-level integers as compile-time constants, so they are plain ``int``s
rather than an ``enum``.
"""

#: Not in the event this round: not yet entered, dropped, or missed the round.  Not a round competed.
ABSENT = 0
#: A match against an opponent was played (possibly 0-0-3, an intentional draw).
PLAYED = 1
#: A bye: a match win with no opponent.  MTG counts it as a 2-0 win (3 match points, 6 game points,
#: 2 games); it is left out of the player's OMW%/OGW%.
BYE = 2
#: A match loss without an opponent (no-show, late entry).  A round competed; no games.
LOSS_NO_OPPONENT = 3
#: A half-point bye (chess).  A draw with no opponent.
HALF_BYE = 4
#: A win by forfeit against a known opponent (chess "+"); the game was not played.
FORFEIT_WIN = 5
#: A loss by forfeit against a known opponent (chess "-").
FORFEIT_LOSS = 6

#: A match loss for both players of a table (both no-shows, a double penalty).  They count as each
#: other's opponents; no games.  melee.gg lists it as 0-0-0 from one side and 0-2-0 from the other.
DOUBLE_LOSS = 7
#: Paired against an opponent, but no result was ever reported (a later round followed).  Not a
#: round of either player's record (no points, not in MW% or win %); the Pokémon tiebreaks still
#: count the opponent (TOM does), the MTG ones leave the round out.
NO_RESULT = 8

#: Match results, from the player's point of view.
LOSS = 0
DRAW = 1
WIN = 2

KIND_NAMES = {
    ABSENT: "absent",
    PLAYED: "played",
    BYE: "bye",
    LOSS_NO_OPPONENT: "loss without opponent",
    HALF_BYE: "half-point bye",
    FORFEIT_WIN: "forfeit win",
    FORFEIT_LOSS: "forfeit loss",
    DOUBLE_LOSS: "double loss",
    NO_RESULT: "paired, no result reported",
}
