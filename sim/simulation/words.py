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
from drawsafe.event.cut import Cut
from drawsafe.text import VERDICT_WORDS, whole_percent

if TYPE_CHECKING:
    from drawsafe.simulation.decisions import PlayerChances, TableDecision

# the verdicts' names only (drawsafe.choices): the command line imports this module without numba
SAFE_TO_DRAW, DRAW_BOTH, DRAW_ONE, PLAY, NOTHING_AT_STAKE = VERDICTS

GAINS, LOSES, SAME = "gains", "loses", "unaffected"


@dataclass(frozen=True)
class Effect:
    """What drawing does to one player's odds."""

    player: str
    kind: str  # GAINS, LOSES or SAME
    play: float
    draw: float

    def phrase(self) -> str:
        if self.kind == GAINS:
            return f"takes {self.player} from {whole_percent(self.play)} to {whole_percent(self.draw)}"
        if self.kind == LOSES:
            return f"takes {self.player} from {whole_percent(self.play)} down to {whole_percent(self.draw)}"
        if whole_percent(self.play) == whole_percent(self.draw):
            return f"costs {self.player} nothing ({whole_percent(self.play)} either way)"
        return (f"changes little for {self.player} ({whole_percent(self.play)} if you play, "
                f"{whole_percent(self.draw)} if you draw)")


def effect(x: PlayerChances) -> Effect:
    ci = x.difference.confidence_interval()
    kind = GAINS if ci.low > 0 else (LOSES if ci.high < 0 else SAME)
    return Effect(x.player, kind, x.play.estimate, x.draw.estimate)


@dataclass(frozen=True)
class TableWords:
    """A table's verdict in words: ``headline`` and ``sentence``; ``effects`` the claims they make,
    player A's first."""

    headline: str
    sentence: str
    effects: tuple[Effect, Effect]


def table_words(t: TableDecision, cut: Cut | str = "Top 8", safe: float = 0.99, me: str | None = None) -> TableWords:
    """The verdict of table ``t`` in words (``me``: the player reading it comes first); ``cut``: a
    :class:`~drawsafe.event.cut.Cut` (its :meth:`~drawsafe.event.cut.Cut.noun`) or a name ("Top 8")."""
    cut = cut.noun() if isinstance(cut, Cut) else f"the {cut}"
    a, b = (effect(p) for p in t.players)
    if me is not None and b.player == me:
        a, b = b, a
    first, second = a.phrase(), b.phrase()
    said = VERDICT_WORDS[t.verdict]
    # an exact answer (every outcome enumerated, ExactShare figures) counts chances, not simulations
    exact = type(t.players[0].draw).__name__ == "ExactShare"
    if t.verdict == NOTHING_AT_STAKE:
        odds = f"has as much as a 1% chance of making {cut}" if exact else \
            f"makes {cut} in as much as 1% of the simulations"
        return TableWords(said.headline,
                          f"Neither of you {odds}, whether you draw or play: the result here decides nothing "
                          "for the cut.", (a, b))
    if t.verdict == SAFE_TO_DRAW:
        odds = (f"with a chance of at least {whole_percent(safe)}, counting every outcome of the open tables"
                if exact else f"in at least {whole_percent(safe)} of the simulations")
        return TableWords(said.headline,
                          f"If you draw, both of you make {cut} {odds}. Drawing {first}, and {second}.", (a, b))
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
