"""The result model: how a simulated match ends, and with which game score.

Defaults measured on the 282 best-of-three events of shared/data/melee (Swiss rounds, a draw listed
twice counted once, intentional draws ``0-0-3`` left out because they are decisions, not results):
15,786 matches, of which 448 unintentional draws (2.84%).  Game scores of decided matches, from
the winner's side: 2-0 53.1% (with 12 recorded 3-0 slips), 2-1 45.8%, 1-0 0.8% (time), 1-0-1 0.2%,
rare others; of drawn matches: 1-1 75.7%, 1-1-1 21.9%, 0-0-1 2.5%.
``tests/engine/test_results.py`` recomputes these counts from the data.

Who wins a played match:

- ``coin`` (default): each player wins a played match with probability 1/2;
- ``elo``: from per-player ratings, P(A beats B) = 1 / (1 + 10 ** ((Rb - Ra) / 400));
- ``probability``: from a per-player win probability p against the field, P(A beats B) =
  pA (1 - pB) / (pA (1 - pB) + pB (1 - pA)) (the log5 rule; two equal players get 1/2).

A player without a rating counts as the field's mean rating; without a probability, as 1/2.

What a pack's game defaults to is the pack's :class:`~drawsafe.tiebreaks.packs.ResultDefaults`
(:meth:`ResultModel.for_event`).  Chess (:data:`drawsafe.tiebreaks.packs.CHESS_RESULTS`): a round is
one game, a win 1-0 and a draw 0-0-1.  Draws are far more common than in Magic and vary with the
players' strength, so the draw share is measured on the event's own played games (forfeits and byes
left out) once it has at least 30 of them; with fewer, the default 25% stands in.  Its source: Jeff Sonas's analysis of ten years of
FIDE-rated games ("What exactly is the problem of draws in chess?", ChessBase,
http://en.chessbase.com/Home/TabId/211/PostId/4007499): evenly matched players draw about 40% of
their games, 20% at a 250-point rating gap and almost never beyond 700 points; players at the
lowest levels draw less than 25% of their games, those above 2500 about 40%.  An open Swiss pairs
the top half of each score group against the bottom half, so most games have a gap of a few hundred
points between club players: 25% is the round figure those numbers give.  Thirty games pin an
event's own share to about +-8 points (one standard error), about as far as real events stray from
the default.  When every player has a rating, Elo decides who wins a decisive game
(:func:`recommended_model`).  Known simplification: the draw share is the same for every table, so a
favourite's expected score is ``s/2 + (1 - s) E`` rather than Elo's ``E`` (s the draw share, E the
Elo expectation): draws pull it towards 1/2, more than in real play across big rating gaps, which
draw less often.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from drawsafe.engine.codes import COIN, ELO, MODELS, PROBABILITY  # noqa: F401 (re-exported)
from drawsafe.errors import UsageError
from drawsafe.event.model import MATCH
from drawsafe.jit import kernel
from drawsafe.rng import next_u64

if TYPE_CHECKING:
    from drawsafe.event.model import Event
    from drawsafe.tiebreaks.packs import RulePack

S32 = np.uint64(32)
LOW32 = np.uint64(0xFFFFFFFF)
TWO_POW_M32 = 1.0 / 4294967296.0

#: Measured counts of decided match scores (winner games, loser games, drawn games); the 12
#: recorded 3-0 wins (impossible in best-of-three, entry slips) are counted as 2-0.
DECIDED_COUNTS = ((2, 0, 0, 8150 + 12), (2, 1, 0, 7024), (1, 0, 0, 120), (1, 0, 1, 27), (2, 1, 1, 3),
                  (2, 0, 1, 2))
#: Measured counts of unintentional drawn match scores.
DRAWN_COUNTS = ((1, 1, 0, 339), (1, 1, 1, 98), (0, 0, 1, 11))
#: Measured share of unintentional draws among played (non-intentional-draw) matches.
DRAW_SHARE = 448 / 15786

#: Cap on a measured draw share (the kernels need some decisive games).
MAX_MEASURED_SHARE = 0.95
#: One game per round: a win 1-0, a draw 0-0-1.
ONE_GAME_WIN = ((1, 0, 0, 1.0),)
ONE_GAME_DRAW = ((0, 0, 1, 1.0),)



@dataclass(frozen=True)
class ResultModel:
    """Probabilities of match results and game scores (see the module docstring)."""

    draw_share: float = DRAW_SHARE
    decided: tuple[tuple[int, int, int, float], ...] = DECIDED_COUNTS
    drawn: tuple[tuple[int, int, int, float], ...] = DRAWN_COUNTS
    model: str = "coin"
    #: Where the draw share comes from, for the user (e.g. "measured on 412 games of this event").
    note: str = field(default="", compare=False, repr=False)
    #: The draw share was given (an option), not a default or a measure.
    given: bool = field(default=False, compare=False, repr=False)

    @classmethod
    def for_best_of(cls, best_of: int, model: str = "coin", draw_share: float | None = None) -> ResultModel:
        """The measured defaults; best-of-one events play 1-0 wins and 0-0-1 draws."""
        if model not in MODELS:
            raise UsageError(f"unknown result model {model!r}; use one of {', '.join(MODELS)}")
        share = DRAW_SHARE if draw_share is None else draw_share
        if not 0.0 <= share < 1.0:
            raise UsageError(f"draw share {share} must be in [0, 1)")
        if best_of == 1:
            return cls(share, ((1, 0, 0, 1.0),), ((0, 0, 1, 1.0),), model)
        return cls(share, model=model)

    @classmethod
    def for_event(cls, event: Event, rules: RulePack, model: str | None = None,
                  draw_share: float | None = None) -> ResultModel:
        """The result model for ``event`` under ``rules``, from the pack's
        :class:`~drawsafe.tiebreaks.packs.ResultDefaults`.

        Packs whose draws are not measured (Magic) get exactly :meth:`for_best_of` (``model``
        defaulting to coin).  Packs measuring ties (Pokémon) take the event's own share of ties
        (:meth:`for_ties`).  One-game packs (chess) take the draw share of the event's own played
        games when it has at least ``min_measured`` of them (else the pack's default; less the agreed
        draws the pack declares, which a chess file records as draws), and by default
        the model of :func:`recommended_model` (Elo when everyone is rated).  An explicit ``model``
        or ``draw_share`` always wins.

        :raises UsageError: for an unknown model or a draw share outside [0, 1).
        """
        defaults = rules.results
        if defaults.measure == "ties":
            return cls.for_ties(event, defaults, model or "coin", draw_share)
        if not defaults.one_game:
            share = defaults.draw_share if draw_share is None else draw_share
            return cls.with_scores(cls.for_best_of(event.best_of, model or "coin", share), defaults)
        model = model or recommended_model(event, rules)
        if draw_share is not None:
            note = f"draw share {draw_share:.1%} (given)"
            share = draw_share
        else:
            games, draws = played_games(event)
            if defaults.measure == "games" and games >= defaults.min_measured:
                share = min(draws / games, MAX_MEASURED_SHARE)
                note = f"draw share {share:.1%}: {draws} draws in {games} games of this event"
                agreed = rules.agreed_draws
                if agreed is not None:  # the file counts agreed draws as draws: played ones are the rest
                    share = max(0.0, (share - agreed.before_last) / (1 - agreed.before_last))
                    note += (f", less the {agreed.before_last:.1%} agreed before the last round in real "
                             f"{rules.game} events: {share:.1%} of games played out")
            elif defaults.measure is None:
                share = defaults.draw_share
                note = f"draw share {share:.0%}: {defaults.draw_source or 'default for ' + rules.game}"
            else:
                share = defaults.draw_share
                note = (f"draw share {share:.0%}: default for {rules.game} ({games} played games, "
                        f"{defaults.min_measured} needed to measure the event's own)")
        base = cls.for_best_of(1, model, share)
        return cls(base.draw_share, ONE_GAME_WIN, ONE_GAME_DRAW, model, note)

    @classmethod
    def for_rules(cls, rules: RulePack, draw_share: float | None = None, best_of: int = 3) -> ResultModel:
        """The pack's defaults without an event to measure (generated and planned events)."""
        defaults = rules.results
        share = draw_share if draw_share is not None else defaults.draw_share
        base = replace(cls.for_best_of(1 if defaults.one_game else best_of, draw_share=share),
                       given=draw_share is not None)
        return cls.with_scores(base, defaults)

    @classmethod
    def with_scores(cls, base: ResultModel, defaults) -> ResultModel:
        """``base`` with the game scores the pack declares (Netrunner's double-sided rounds), if any."""
        if defaults.decided is None:
            return base
        note = base.note or (f"{defaults.draw_source}" if defaults.draw_source else "")
        return cls(base.draw_share, defaults.decided, defaults.drawn, base.model, note, base.given)

    @classmethod
    def for_ties(cls, event: Event, defaults, model: str = "coin", draw_share: float | None = None
                 ) -> ResultModel:
        """Ties as an event property: ``draw_share`` when given, else the event's own share of ties
        (:func:`tie_share`) when it has ``defaults.min_measured`` matches, else the pack's default."""
        if draw_share is not None:
            share, note = draw_share, f"tie share {draw_share:.1%} (given)"
        else:
            matches, ties = tie_share(event)
            if matches >= defaults.min_measured:
                share = min(ties / matches, MAX_MEASURED_SHARE)
                note = (f"tie share {share:.1%}: {ties} ties in {matches} played matches of this event "
                        "(Swiss rounds before the last two)")
            else:
                share = defaults.draw_share
                note = (f"tie share {share:.0%}: Pokémon default ({matches} played matches before the last "
                        f"two Swiss rounds, {defaults.min_measured} needed to measure the event's own; "
                        "--draw-share to change)")
        base = cls.for_best_of(event.best_of, model, share)
        return cls(base.draw_share, base.decided, base.drawn, model, note)

    def tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Cumulative probabilities and scores of decided and drawn matches, for the kernels."""
        def table(rows):
            counts = np.array([r[3] for r in rows], dtype=np.float64)
            cum = np.cumsum(counts / counts.sum())
            cum[-1] = 1.0
            return cum, np.array([r[:3] for r in rows], dtype=np.int8)

        dc, ds = table(self.decided)
        wc, ws = table(self.drawn)
        return dc, ds, wc, ws

    def strengths(self, names: tuple[str, ...], ratings: dict[str, float],
                  probabilities: dict[str, float]) -> np.ndarray:
        """Per-player strength for :func:`win_probability` (a rating, or a win probability)."""
        if self.model == "elo":
            if not ratings:
                raise UsageError("--model elo needs player ratings in the input file")
            mean = float(np.mean(list(ratings.values())))
            return np.array([ratings.get(p, mean) for p in names], dtype=np.float64)
        if self.model == "probability":
            if not probabilities:
                raise UsageError("--model probability needs per-player win_probability in the input file")
            return np.array([probabilities.get(p, 0.5) for p in names], dtype=np.float64)
        return np.full(len(names), 0.5)

    @property
    def code(self) -> int:
        return MODELS[self.model]


def played_games(event: Event) -> tuple[int, int]:
    """(played games, drawn games) in the Swiss rounds of ``event``: reported matches with an
    opponent; forfeits, byes and pending games are not played games."""
    games = draws = 0
    for rnd in event.swiss:
        for m in rnd.matches:
            if m.kind == MATCH and m.player_b is not None and m.reported:
                games += 1
                draws += m.is_draw
    return games, draws


def tie_share(event: Event) -> tuple[int, int]:
    """(played matches, ties) in the Swiss rounds of ``event`` before its last two (intentional
    draws, 0-0-3, left out)."""
    last = max(event.swiss_rounds or 0, len(event.swiss))
    matches = ties = 0
    for rnd in event.swiss[:max(last - 2, 0)]:
        for m in rnd.matches:
            if m.kind == MATCH and m.player_b is not None and m.reported and (m.a_wins, m.b_wins, m.draws) != (0, 0, 3):
                matches += 1
                ties += m.is_draw
    return matches, ties


def recommended_model(event: Event, rules: RulePack) -> str:
    """``"elo"`` for a chess event in which every player has a rating, else ``"coin"``."""
    rated = all(event.ratings.get(p, 0) > 0 for p in event.players)
    return "elo" if rules.results.elo_when_rated and event.players and rated else "coin"


@kernel
def win_probability(model, strength, a, b):
    """P(player ``a`` beats player ``b``) in a played match that is not drawn.

    ``model`` int64 the model's code (:mod:`drawsafe.engine.codes` ``COIN``, ``ELO``,
    ``PROBABILITY``); ``strength`` float64[n] each player's rating or win probability; ``a``,
    ``b`` int64 player rows."""
    if model == ELO:
        return 1.0 / (1.0 + 10.0 ** ((strength[b] - strength[a]) / 400.0))
    if model == PROBABILITY:
        pa = strength[a]
        pb = strength[b]
        num = pa * (1.0 - pb)
        den = num + pb * (1.0 - pa)
        return num / den if den > 0.0 else 0.5
    return 0.5


@kernel
def pick(cum, u):
    """Index of the first cumulative probability above ``u``.

    ``cum`` float64[m] cumulative probabilities, the last 1; ``u`` float64 a uniform in [0, 1)."""
    for i in range(cum.shape[0]):
        if u < cum[i]:
            return i
    return cum.shape[0] - 1


@kernel
def play_match(state, p_a, draw_share, dec_cum, dec_scores, draw_cum, draw_scores, out):
    """Sample a played match: ``out`` = (games won by A, games won by B, drawn games).

    One 64-bit draw gives two uniforms of 32 bits each (resolution 2.3e-10): the result, then the
    game score.

    ``state`` uint64[2] the table's random stream (:mod:`drawsafe.rng`); ``p_a`` float64 P(A wins
    a decided match); ``draw_share`` float64 the share of unintentional draws; ``dec_cum``
    float64[m] and ``dec_scores`` int8[m, 3] the cumulative probabilities and the winner-first
    game scores of decided matches; ``draw_cum`` float64[d] and ``draw_scores`` int8[d, 3] those
    of drawn matches; ``out`` int64[3] written.
    """
    x = next_u64(state)
    u = np.float64(x >> S32) * TWO_POW_M32
    v = np.float64(x & LOW32) * TWO_POW_M32
    if u < draw_share:
        k = pick(draw_cum, v)
        out[0] = draw_scores[k, 0]
        out[1] = draw_scores[k, 1]
        out[2] = draw_scores[k, 2]
        return
    k = pick(dec_cum, v)
    if (u - draw_share) < p_a * (1.0 - draw_share):
        out[0] = dec_scores[k, 0]
        out[1] = dec_scores[k, 1]
    else:
        out[0] = dec_scores[k, 1]
        out[1] = dec_scores[k, 0]
    out[2] = dec_scores[k, 2]
