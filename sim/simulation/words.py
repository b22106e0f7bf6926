"""Verdicts in words, for a player who does not read statistics: who gains from a draw, who loses,
who is unaffected, by name, with the numbers the words sit on.

:func:`table_words` turns one table of ``drawsafe draw`` (a
:class:`~drawsafe.simulation.decisions.TableDecision`) into a headline and a sentence.  Every claim
is read off the figures: a player *gains* from drawing when the paired 95% interval of P(cut | draw)
- P(cut | play) lies above zero, *loses* when it lies below, and is *unaffected* otherwise; the
percentages are the figures as a player reads them (:func:`drawsafe.text.whole_percent`), the
headlines each verdict's (:data:`drawsafe.text.VERDICT_WORDS`).  The command line, the phone page
and the report all say it this way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drawsafe.choices import VERDICTS
from drawsafe.text import VERDICT_WORDS, whole_percent

if TYPE_CHECKING:
    from drawsafe.simulation.decisions import PlayerChances, TableDecision

# the verdicts' names only (drawsafe.choices): the command line imports this module without numba
SAFE_TO_DRAW, DRAW_BOTH, DRAW_ONE, PLAY, NOTHING_AT_STAKE = VERDICTS

GAINS, LOSES, SAME = "gains", "loses", "unaffected"


@dataclass(frozen=True)
class Effect:
    """What drawing does to one player's odds; ``proven_play`` and ``proven_draw`` say a figure
    that is proven ("clinched", "eliminated"), which the phrase then says instead of a percentage."""

    player: str
    kind: str  # GAINS, LOSES or SAME
    play: float
    draw: float
    proven_play: str | None = None
    proven_draw: str | None = None

    def phrase(self) -> str:
        play = self.proven_play or whole_percent(self.play)
        draw = self.proven_draw or whole_percent(self.draw)
        if self.kind == GAINS:
            if self.proven_draw == "clinched":
                return f"clinches the cut for {self.player} (from {play} if you play)"
            return f"takes {self.player} from {play} to {draw}"
        if self.kind == LOSES:
            if self.proven_draw == "eliminated":
                return f"eliminates {self.player} (from {play} if you play)"
            return f"takes {self.player} from {play} down to {draw}"
        if play == draw:
            return f"costs {self.player} nothing ({play} either way)"
        return f"changes little for {self.player} ({play} if you play, {draw} if you draw)"


def effect(x: PlayerChances, proven=None) -> Effect:
    """What drawing does to ``x``'s odds (``proven(player, figure)``: the proven word of a figure,
    :meth:`drawsafe.simulation.certified.Certified.proven`)."""
    ci = x.difference.confidence_interval()
    kind = GAINS if ci.low > 0 else (LOSES if ci.high < 0 else SAME)
    said = proven if callable(proven) else (lambda player, figure: None)
    return Effect(x.player, kind, x.play.estimate, x.draw.estimate, said(x.player, "play"), said(x.player, "draw"))


@dataclass(frozen=True)
class TableWords:
    """A table's verdict in words: ``headline`` and ``sentence``; ``effects`` the claims they make,
    player A's first."""

    headline: str
    sentence: str
    effects: tuple[Effect, Effect]


def table_words(t: TableDecision, cut: str = "Top 8", safe: float = 0.99, me: str | None = None,
                proven=None) -> TableWords:
    """The verdict of table ``t`` in words (``me``: the player reading it comes first; ``proven``:
    what is proven of each player's figures, said instead of a percentage)."""
    a, b = (effect(p, proven) for p in t.players)
    if me is not None and b.player == me:
        a, b = b, a
    first, second = a.phrase(), b.phrase()
    said = VERDICT_WORDS[t.verdict]
    # an exact answer (every outcome enumerated, ExactShare figures) counts chances, not simulations
    exact = type(t.players[0].draw).__name__ == "ExactShare"
    if t.verdict == NOTHING_AT_STAKE:
        odds = f"has as much as a 1% chance of the {cut}" if exact else \
            f"makes the {cut} in as much as 1% of the simulations"
        return TableWords(said.headline,
                          f"Neither of you {odds}, whether you draw or play: the result here decides nothing "
                          "for the cut.", (a, b))
    if t.verdict == SAFE_TO_DRAW:
        odds = (f"with a chance of at least {whole_percent(safe)}, counting every outcome of the open tables"
                if exact else f"in at least {whole_percent(safe)} of the simulations")
        if a.proven_draw == b.proven_draw == "clinched":
            odds = "whatever happens (proven)"
        return TableWords(said.headline,
                          f"If you draw, both of you make the {cut} {odds}. Drawing {first}, and {second}.", (a, b))
    if t.verdict == PLAY:
        if LOSES in (a.kind, b.kind):
            return TableWords(said.headline, f"Drawing {first}, and {second}: play.", (a, b))
        return TableWords(said.headline, f"A draw does not improve your odds: it {first}, and {second}. "
                          "When a draw gains nothing, play.", (a, b))
    gainers = [e for e in (a, b) if e.kind == GAINS]
    if t.verdict == DRAW_BOTH:
        headline = said.headline if len(gainers) == 2 else said.headline_one_gains
        return TableWords(headline, f"Drawing {first}, and {second}.", (a, b))
    # DRAW_ONE
    helped = gainers[0].player if gainers else (a.player if a.draw >= a.play else b.player)
    headline = said.headline.format(player=helped)
    if LOSES in (a.kind, b.kind):
        return TableWords(headline, f"Drawing {first}, but {second}: agree only if both of you accept that.",
                          (a, b))
    return TableWords(headline, f"Drawing {first}, and {second}.", (a, b))
