"""The event model: players, rounds and matches, as every importer produces them.

An :class:`Event` is what an input file says, checked for consistency and nothing more: names are
kept exactly as written, results exactly as reported.  Turning it into the arrays the numba kernels
read is the job of :mod:`drawsafe.event.snapshot`.

Match kinds (the ``kind`` field of :class:`Match`):

``"match"``
    A played match between ``player_a`` and ``player_b``.  ``a_wins``/``b_wins``/``draws`` are game
    counts; all three are ``None`` while the result is not reported (pairing known, result pending).
    An intentional draw with no games played is ``0-0-3``.
``"bye"``
    ``player_a`` gets a bye (a match win without opponent; MTG scores it as 2-0).  ``draws``, when
    given, is a bye the platform scored apart by hand, in a pack that scores games: the points
    beyond a win's, as drawn games (cobra's bye of 7 in double-sided Netrunner: 6 and one tie).
``"loss"``
    ``player_a`` gets a match loss without opponent (no-show, late entry).
``"half-bye"``
    ``player_a`` gets a half-point bye (chess).
``"forfeit"``
    ``player_a`` wins by forfeit against ``player_b``; the game was not played (chess).
``"double-loss"``
    both players get a match loss (no games); they still count as each other's opponents.
``"no-result"``
    ``player_a`` and ``player_b`` were paired but no result was ever reported, and later rounds
    were played (a TOM match left at outcome 0, a pokedata pairing without result): no points and
    not a round of either record; the Pokémon tiebreaks still count them as each other's opponents.

Phases (:class:`Phase`, ``Event.phases``): an event's Swiss can come in stages (day 1, a cut by
points or by rank, day 2); whether a later stage's tiebreaks restart is the rule pack's choice
(:attr:`drawsafe.tiebreaks.packs.RulePack.phase_tiebreaks`).  Top-cut rounds are ``playoff``
rounds, never a phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drawsafe.event.cut import Cut

MATCH = "match"
BYE = "bye"
LOSS = "loss"
HALF_BYE = "half-bye"
FORFEIT = "forfeit"
DOUBLE_LOSS = "double-loss"
NO_RESULT = "no-result"
#: The kinds an event file may name (native CSV and JSON); importers may also build NO_RESULT.
MATCH_KINDS = (MATCH, BYE, LOSS, HALF_BYE, FORFEIT, DOUBLE_LOSS)
ALL_KINDS = MATCH_KINDS + (NO_RESULT,)
#: Kinds without an opponent.
SOLO_KINDS = (BYE, LOSS, HALF_BYE)
#: What a round without opponent is, in words for every output (a loss without opponent is a
#: forfeit: a no-show, a late entry, an absence; not a bye).
SOLO_LABELS = {BYE: "BYE", LOSS: "forfeit (a loss, no opponent)", HALF_BYE: "half-point bye"}


@dataclass(frozen=True)
class Match:
    """One table (or one bye) of one round."""

    round: int
    player_a: str
    player_b: str | None = None
    a_wins: int | None = None
    b_wins: int | None = None
    draws: int | None = None
    kind: str = MATCH
    #: ``player_b``'s drawn games when the platform counted the two sides apart: a score it counted
    #: that no games make, corrected by hand (cobra's 8-0 is the games 2-0 with two ties for
    #: ``player_a`` and none for ``player_b``; a -2 is minus two ties).  Points come from each side's
    #: own games (3 a game won, 1 a tie, in the packs that score games); ``None``: ``draws`` for both.
    b_draws: int | None = None
    #: The table (board) the file seats the match at; ``None``: its place in the round (the
    #: order of the round's matches).
    table: int | None = field(default=None, compare=False)
    #: Where the match was read from ("row 12", "round 3, match 7"), for error messages.
    where: str = field(default="", compare=False, repr=False)

    @property
    def reported(self) -> bool:
        """True when the result is known (always true for byes and losses without opponent)."""
        return self.kind != MATCH or self.a_wins is not None

    @property
    def players(self) -> tuple[str, ...]:
        return (self.player_a,) if self.player_b is None else (self.player_a, self.player_b)

    @property
    def is_draw(self) -> bool:
        return self.kind == MATCH and self.reported and self.a_wins == self.b_wins

    def winner(self) -> str | None:
        """The match winner, ``None`` for a draw, a loss without opponent or an unreported match."""
        if self.kind in (BYE, FORFEIT):
            return self.player_a
        if self.kind != MATCH or not self.reported or self.a_wins == self.b_wins:
            return None
        return self.player_a if self.a_wins > self.b_wins else self.player_b

    def score_text(self) -> str:
        if self.kind != MATCH:
            return self.kind
        if not self.reported:
            return "pending"
        if self.b_draws is not None:
            return f"{self.a_wins}-{self.b_wins}-{self.draws}/{self.b_draws}"
        return f"{self.a_wins}-{self.b_wins}-{self.draws}"

    @property
    def counted(self) -> bool:
        """True for a score the platform counted that no games make (see ``b_draws``)."""
        return self.b_draws is not None


@dataclass(frozen=True)
class Round:
    """The matches of one round.  ``playoff`` marks single-elimination rounds after the Swiss."""

    number: int
    matches: tuple[Match, ...]
    name: str = ""
    playoff: bool = False
    #: False for a round not paired yet that holds only byes entered before its pairing (a TRF's
    #: ``0000 - H`` column): the event stands after the round before (:mod:`drawsafe.event.unpaired`).
    paired: bool = True

    @property
    def complete(self) -> bool:
        return all(m.reported for m in self.matches)

    @property
    def players(self) -> set[str]:
        return {p for m in self.matches for p in m.players}


@dataclass(frozen=True)
class PublishedStanding:
    """One row of the standings published with the event (what the event software printed).

    ``omw``/``gw``/``ogw`` are ``None`` (a TRF) or NaN (some of them, e.g. cobra's or Play Hub's)
    where the file does not publish them.  ``values`` holds published tiebreak figures by tiebreak
    key (cobra's ``{"SOS": ..., "ESOS": ...}``); ``standings --check`` compares those of the rule
    pack's tiebreaks, and the rank.
    """

    rank: int
    player: str
    points: int
    wins: int
    losses: int
    draws: int
    omw: float
    gw: float
    ogw: float
    values: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class PublishedPairings:
    """A round's pairings as a page publishes them without the rounds before it (a chess-results
    pairings page alone): the round (its matches at their tables, a result the page shows kept)
    and each paired player's points before it, as published.  ``drawsafe pairings`` shows them;
    nothing is computed from them."""

    round: Round
    points: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Phase:
    """One stage of an event's Swiss rounds: ``rounds`` of them (``None``: to the end of the Swiss),
    then who goes on to the next stage, its ``cut`` (:class:`~drawsafe.event.cut.Cut`: everyone on
    at least its points, or the first ``top`` of the standings; ``None``: everyone still playing)."""

    name: str
    rounds: int | None = None
    cut: Cut | None = None


@dataclass(frozen=True)
class Event:
    """A Swiss event as read from a file: players, rounds (Swiss, then playoff) and extras.

    ``players`` lists every name in order of first appearance (or of the file's player list).
    ``swiss_rounds`` is the number of Swiss rounds when the file says it (explicitly, or because the
    event is over and its playoff is known); ``None`` means the file does not say.
    ``drops`` maps a player to the last round they played before an explicit drop.
    ``rules`` is the rule pack the source suggests (e.g. melee.gg's own-GW% floor by date).
    """

    name: str
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    source: str = "<memory>"
    format: str = "native"
    date: str | None = None
    swiss_rounds: int | None = None
    drops: dict[str, int] = field(default_factory=dict)
    ratings: dict[str, float] = field(default_factory=dict)
    win_probability: dict[str, float] = field(default_factory=dict)
    awarded_byes: dict[str, int] = field(default_factory=dict)
    standings: tuple[PublishedStanding, ...] | None = None
    #: The Swiss round after which ``standings`` stand, when the file says (Play Hub saves a
    #: round's standings beside later rounds' matches); None: its last complete, paired round.
    standings_round: int | None = None
    precision: int | None = None
    rules: str | None = None
    best_of: int = 3
    notes: tuple[str, ...] = ()
    #: The top cut the file announces (TOM's finals options), ``None`` when it does not say.
    top_cut: int | None = None
    #: Final places published in the file (TOM's standings, Limitless placings), by player.
    places: dict[str, int] = field(default_factory=dict)
    #: The stages of the Swiss (day 1, day 2, ...), empty for one stage: see :class:`Phase`.
    phases: tuple[Phase, ...] = ()
    #: Each player's age division when the file's standings split a combined pod (TOM pods of
    #: category 8 or 10): published places are then per division, each ranked among itself.
    divisions: dict[str, str] = field(default_factory=dict)
    #: Only these players are ranked (``--division`` of a combined pod: the pod is paired as one,
    #: its standings and cut are those of one division); ``None``: everyone.
    ranked: frozenset[str] | None = None
    #: The announced top cut of each division of a combined pod read whole (TOM's finals options).
    division_cuts: dict[str, int] = field(default_factory=dict)
    #: The file's own tiebreak figures by player, when it has them but no standings table
    #: (pokedata's ``resistances``: opponents' and opponents' opponents' win %), used to explain
    #: published places.
    published_tiebreaks: dict[str, tuple[float, ...]] = field(default_factory=dict)
    #: A round's pairings published without the rounds before it (a pairings page alone): shown by
    #: ``drawsafe pairings``, no round of the event.
    published_pairings: PublishedPairings | None = None

    @property
    def swiss(self) -> tuple[Round, ...]:
        """The Swiss rounds, in order."""
        return tuple(r for r in self.rounds if not r.playoff)

    @property
    def playoff(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if r.playoff)

    def phase_starts(self) -> tuple[int, ...]:
        """The first Swiss round (1-based) of each phase after the first: ``(10,)`` for a day 2
        after 9 rounds; empty for one phase."""
        out, at = [], 0
        for ph in self.phases[:-1]:
            if ph.rounds is None:
                break
            at += ph.rounds
            out.append(at + 1)
        return tuple(out)

    @property
    def rounds_played(self) -> int:
        """Swiss rounds with every result reported."""
        n = 0
        for r in self.swiss:
            if not r.complete:
                break
            n += 1
        return n

    def __repr__(self) -> str:
        return (
            f"Event(name={self.name!r}, players={len(self.players)}, "
            f"swiss={len(self.swiss)}, playoff={len(self.playoff)}, format={self.format!r})"
        )
