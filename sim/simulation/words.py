"""Verdicts in words, for a player who does not read statistics: who gains from a draw, who loses,
who is unaffected, by name, with the numbers the words sit on.

:func:`table_words` turns one table of ``drawsafe draw`` (a
:class:`~drawsafe.simulation.decisions.TableDecision`) into a headline and a sentence.  Every claim
is read off the figures: a player *gains* from drawing when the paired 95% interval of P(cut | draw)
- P(cut | play) lies above zero, *loses* when it lies below, and is *unaffected* otherwise; the
percentages are the figures as the pages show them (:func:`pct`).  The command line, the phone page
and the report all say it this way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drawsafe.choices import VERDICTS

if TYPE_CHECKING:
    from drawsafe.simulation.decisions import PlayerChances, TableDecision

# the verdicts' names only (drawsafe.choices): the command line imports this module without numba
SAFE_TO_DRAW, DRAW_BOTH, DRAW_ONE, PLAY, NOTHING_AT_STAKE = VERDICTS

GAINS, LOSES, SAME = "gains", "loses", "unaffected"
#: Shown as "100%" / "0%" only when exactly so; ">99%" and "<1%" otherwise near the ends.
HIGH, LOW = 0.995, 0.005


def pct(x: float) -> str:
    """A probability as a player reads it: whole percents, ">99%" and "<1%" near the ends."""
    value = 100 * x
    if value >= 100:
        return "100%"
    if x >= HIGH:
        return ">99%"
    if value <= 0:
        return "0%"
    if x < LOW:
        return "<1%"
    return f"{value:.0f}%"


@dataclass(frozen=True)
class Effect:
    """What drawing does to one player's odds."""

    player: str
    kind: str  # GAINS, LOSES or SAME
    play: float
    draw: float

    def phrase(self) -> str:
        if self.kind == GAINS:
            return f"takes {self.player} from {pct(self.play)} to {pct(self.draw)}"
        if self.kind == LOSES:
            return f"takes {self.player} from {pct(self.play)} down to {pct(self.draw)}"
        if pct(self.play) == pct(self.draw):
            return f"costs {self.player} nothing ({pct(self.play)} either way)"
        return f"changes little for {self.player} ({pct(self.play)} if you play, {pct(self.draw)} if you draw)"


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


def table_words(t: TableDecision, cut: str = "Top 8", safe: float = 0.99, me: str | None = None) -> TableWords:
    """The verdict of table ``t`` in words (``me``: the player reading it comes first)."""
    a, b = (effect(p) for p in t.players)
    if me is not None and b.player == me:
        a, b = b, a
    first, second = a.phrase(), b.phrase()
    # an exact answer (every outcome enumerated, ExactShare figures) counts chances, not simulations
    exact = type(t.players[0].draw).__name__ == "ExactShare"
    if t.verdict == NOTHING_AT_STAKE:
        odds = f"has as much as a 1% chance of the {cut}" if exact else \
            f"makes the {cut} in as much as 1% of the simulations"
        return TableWords("Nothing at stake",
                          f"Neither of you {odds}, whether you draw or play: the result here decides nothing "
                          "for the cut.", (a, b))
    if t.verdict == SAFE_TO_DRAW:
        odds = f"with a chance of at least {pct(safe)}, counting every outcome of the open tables" if exact \
            else f"in at least {pct(safe)} of the simulations"
        return TableWords("Safe to draw",
                          f"If you draw, both of you make the {cut} {odds}. Drawing {first}, and {second}.", (a, b))
    if t.verdict == PLAY:
        if LOSES in (a.kind, b.kind):
            return TableWords("Play it out", f"Drawing {first}, and {second}: play.", (a, b))
        return TableWords("Play it out", f"A draw does not improve your odds: it {first}, and {second}. "
                          "When a draw gains nothing, play.", (a, b))
    gainers = [e for e in (a, b) if e.kind == GAINS]
    if t.verdict == DRAW_BOTH and len(gainers) == 2:
        return TableWords("Drawing is better for both of you", f"Drawing {first}, and {second}.", (a, b))
    if t.verdict == DRAW_BOTH:
        return TableWords("Drawing helps, and costs nothing", f"Drawing {first}, and {second}.", (a, b))
    if t.verdict == DRAW_ONE:
        helped = gainers[0].player if gainers else (a.player if a.draw >= a.play else b.player)
        if LOSES in (a.kind, b.kind):
            return TableWords(f"Drawing helps {helped} only",
                              f"Drawing {first}, but {second}: agree only if both of you accept that.", (a, b))
        return TableWords(f"Drawing helps {helped} only", f"Drawing {first}, and {second}.", (a, b))
    return TableWords(t.verdict.capitalize(), f"Drawing {first}, and {second}.", (a, b))
