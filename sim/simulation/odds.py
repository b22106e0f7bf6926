"""Every player's odds of making the cut, with Monte Carlo intervals and adaptive sample size.

:func:`simulate_until` runs batches of simulations until every reported probability's 95% interval
has a half-width of at most ``precision`` (or the cap is reached, which the result says).  Because
simulation ``s`` depends only on ``(seed, s)``, the figures for a given number of simulations do not
depend on how the batches were split, nor on the number of threads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from drawsafe.event.snapshot import Snapshot
from drawsafe.progress import Progress
from drawsafe.simulation.question import Answered, Budget, Question
from drawsafe.simulation.simulator import MAX_RANK, FirstRound, SimBatch, Simulator
from drawsafe.simulation.whatif import NO_WHAT_IF, kept_note, what_if, what_if_json
from drawsafe.simulation.worlds import RANKED_WORLDS, SEGMENT, applies, kept_worlds
from drawsafe.stats import Mean, Proportion, bounded_interval, max_half_width
from drawsafe.tiebreaks.packs import RulePack, display_points
from drawsafe.tiebreaks.values import REC_POINTS

#: Size of the first batch of an adaptive run.
FIRST_BATCH = 2_000



def simulate_until(run: Callable[[int, int], SimBatch], counts: Callable[[SimBatch], np.ndarray],
                   budget: Budget, progress: Progress | None = None) -> tuple[SimBatch, bool]:
    """Run ``run(first, n)`` batches until ``counts(batch)`` (success counts per figure) all have
    95% half-widths <= ``budget.precision``, at most ``budget.max_sims``; or exactly
    ``budget.sims`` simulations when given.

    Returns the merged batch and whether the precision was reached.
    """
    budget.check()
    sims, precision, max_sims = budget.sims, budget.precision, budget.max_sims
    if sims is not None:
        total = 0
        merged = None
        step = max(1000, sims // 20)
        while total < sims:
            n = min(step, sims - total)
            batch = run(total, n)
            merged = batch if merged is None else merged.merge(batch)
            total += n
            if progress:
                progress(total, sims)
        return merged, True
    merged = run(0, FIRST_BATCH)
    target = FIRST_BATCH
    while True:
        hw = max_half_width(counts(merged), merged.n)
        if hw <= precision:
            return merged, True
        if merged.n >= max_sims:
            return merged, False
        # the half-width shrinks like 1/sqrt(n): aim 10% past the estimate
        target = int(min(max_sims, max(merged.n * 1.5, merged.n * (hw / precision) ** 2 * 1.1)))
        if progress:
            progress(merged.n, target)
        while merged.n < target:
            n = min(target - merged.n, max(FIRST_BATCH, target // 10))
            merged = merged.merge(run(merged.n, n))
            if progress:
                progress(merged.n, target)


@dataclass(frozen=True)
class PlayerOdds:
    """One player's simulated outcome: cut, final rank and final points."""

    player: str
    points_now: float
    #: P(cut): a :class:`~drawsafe.stats.Proportion` (in the cut in k of n simulations), or before
    #: the last round a :class:`~drawsafe.stats.Mean` (each simulated world's chance of the cut
    #: over the player's own table's results, averaged: :mod:`drawsafe.simulation.worlds`).
    cut: Proportion | Mean
    #: Simulations finishing at rank 1, 2, ..., ``len(rank_counts)`` (exact ranks near the top).
    rank_counts: np.ndarray
    #: Simulations finishing on each points total (index = points in the pack's units).
    points_counts: np.ndarray
    point_scale: int = 1
    #: Simulations ``rank_counts`` and ``points_counts`` count (None: all ``cut.n``; the last
    #: round's kept worlds rank the first :data:`drawsafe.simulation.worlds.RANKED_WORLDS` only).
    ranked: int | None = field(default=None, kw_only=True)
    #: What if another table...: the tables that move the player's odds if they play, each result
    #: with its chance and their odds if it happens (:mod:`drawsafe.simulation.whatif`; None: not
    #: answered, the answer's ``what_if_note`` says why).
    what_if: tuple | None = field(default=None, kw_only=True)

    @property
    def p_cut(self) -> float:
        return self.cut.estimate

    @property
    def rank_n(self) -> int:
        """The simulations the rank distribution is of."""
        return self.cut.n if self.ranked is None else self.ranked

    @property
    def mean_rank(self) -> float | None:
        """The mean final rank, when every simulation ranked the player exactly (else None)."""
        exact = int(self.rank_counts.sum())
        if exact == 0 or exact != self.rank_n:
            return None
        return float((self.rank_counts * np.arange(1, len(self.rank_counts) + 1)).sum() / exact)

    def to_json(self) -> dict:
        ci = self.cut.confidence_interval()
        rn = self.rank_n
        ranks = {str(i + 1): c / rn for i, c in enumerate(self.rank_counts.tolist()) if c}
        beyond = 1 - self.rank_counts.sum() / rn
        points = {str(display_points(v, self.point_scale)): c / rn for v, c in enumerate(self.points_counts.tolist())
                  if c}
        return {"player": self.player, "points": self.points_now, "p_cut": self.p_cut, "ci_low": ci.low,
                "ci_high": ci.high, "rank_distribution": ranks,
                f"p_rank_below_{len(self.rank_counts)}": max(0.0, beyond),
                "points_distribution": points, **what_if_json(self.what_if)}




@dataclass(frozen=True)
class OddsResult(Answered):
    """Cut odds of every player of a snapshot."""

    #: The question answered: its cut (a Top N, or a points cut), its budget (seed, precision),
    #: and how the other tables of the round about to be played were modelled (``others``).
    question: Question
    simulations: int
    reached: bool
    players: tuple[PlayerOdds, ...]
    #: What the simulations knew of the round's tables: "published", "projected" (the last round
    #: by standings) or "not out yet" (paired anew in each simulation).
    pairings: str = "published"
    #: Tables expected to draw, and with ``behaviour`` every playing table's draw probability.
    drawing_tables: tuple[int, ...] = ()
    draw_probabilities: tuple[tuple[int, float], ...] = ()
    #: How each player's ``what_if`` was answered, or why it was not (:mod:`drawsafe.simulation.whatif`).
    what_if_note: str = NO_WHAT_IF

    def to_json(self) -> dict:
        return {"simulations": self.simulations, "top": self.cut.top, "cut_points": self.cut.points,
                "what_if_note": self.what_if_note, "if": [f.to_json() for f in self.question.fixed],
                "seed": self.seed,
                "precision": self.precision, "precision_reached": self.reached,
                "others": self.others, "pairings": self.pairings, "others_drawing": list(self.drawing_tables),
                "others_draw_probability": {str(t): p for t, p in self.draw_probabilities},
                "players": [p.to_json() for p in self.players]}


def compute_odds(snap: Snapshot, rules: RulePack, question: Question | None = None, *,
                 progress: Progress | None = None) -> OddsResult:
    """Cut odds of every player still in the event, best odds first, within ``question.budget``,
    the round about to be played as published, all its tables played (the result's question says
    ``others="none"``; :func:`drawsafe.simulation.forecast.forecast_odds` models the other tables)."""
    question = replace(question or Question(), others="none")
    return odds_of(Simulator(snap, rules, question), question, progress=progress)


def odds_of(sim: Simulator, question: Question, *, progress: Progress | None = None,
            first_round: FirstRound | None = None, pairings: str = "published",
            drawing_tables: tuple[int, ...] = (), draw_probabilities: tuple[tuple[int, float], ...] = ()
            ) -> OddsResult:
    """Cut odds of every player still in ``sim``'s event, best odds first, as ``question`` asks
    (``sim`` may play the futures with the other tables' model: :func:`drawsafe.simulation.
    decisions.behaviour_future`).  ``first_round`` sets the tables of the next round and what each
    does (e.g. the tables other players are expected to draw, :data:`drawsafe.engine.kernel.
    INTENTIONAL`; default: the published pairings, all played); ``pairings``, ``drawing_tables``
    and ``draw_probabilities`` say how that round was modelled (:class:`OddsResult`)."""
    snap, rules = sim.snap, sim.rules
    live = sim.players[snap.ranked_mask()[sim.players]]  # one division of a combined pod
    fr = first_round if first_round is not None else sim.first_round
    if fr is not None and applies(sim):
        return kept_odds(sim, question, fr, live, progress, (pairings, drawing_tables, draw_probabilities))
    # the cut counts from simulations ranked only as far as the cut; the rank and points
    # distributions from the first RANKED_WORLDS of the same simulations ranked down to MAX_RANK
    # (simulation s depends on (seed, s) alone), as the last round's kept worlds do: ranking a
    # big field's every world to place 64 was most of the time
    batch, reached = simulate_until(
        lambda first, n: sim.run(n, seed=question.seed, first=first, first_round=first_round, ranks=False),
        lambda b: b.cut[live], question.budget, progress)
    ranked = sim.run(min(batch.n, RANKED_WORLDS), seed=question.seed, first_round=first_round)

    now = sim.rec0[:, REC_POINTS]
    players = [PlayerOdds(snap.names[p], display_points(now[p], rules.point_scale),
                          Proportion(int(batch.cut[p]), batch.n), ranked.rank_hist[p, :MAX_RANK],
                          ranked.points_hist[p], rules.point_scale, ranked=ranked.n) for p in live]
    return OddsResult(question, batch.n, reached, ordered(players, ranked.rank_hist, snap.index), pairings,
                      drawing_tables, draw_probabilities)


def ordered(players: list[PlayerOdds], rank_hist: np.ndarray, index: dict) -> tuple[PlayerOdds, ...]:
    """Best odds first (then more simulations ranked exactly near the top, then by name)."""
    return tuple(sorted(players, key=lambda o: (-o.cut.estimate, -rank_hist[index[o.player], :MAX_RANK].sum(),
                                                o.player)))


def kept_odds(sim: Simulator, question: Question, fr: FirstRound, live: np.ndarray,
              progress: Progress | None, how: tuple) -> OddsResult:
    """:func:`odds_of` before the last round: from the round's kept worlds
    (:func:`drawsafe.simulation.worlds.kept_worlds`), each player's odds averaged over their own
    table's results in each world, as many worlds as the widest interval needs (whole segments of
    the kept run, decided on its prefixes: the answer does not depend on what was kept before).
    ``how``: ``pairings``, ``drawing_tables``, ``draw_probabilities`` of :class:`OddsResult`."""
    snap, rules, budget = sim.snap, sim.rules, question.budget
    worlds = kept_worlds(sim, fr, question.seed)
    n, reached, means = worlds_needed(worlds, live, budget, progress)
    _, rank_hist, points_hist, ranked = worlds.counts(n)
    now = sim.rec0[:, REC_POINTS]
    stakes = what_if(worlds, n, live)  # every seated contender: the same worlds, summed (cheap)
    players = [PlayerOdds(snap.names[p], display_points(now[p], rules.point_scale), m, rank_hist[p, :MAX_RANK],
                          points_hist[p], rules.point_scale, ranked=ranked, what_if=stakes.get(p))
               for p, m in zip(live.tolist(), means)]
    return OddsResult(question, n, reached, ordered(players, rank_hist, snap.index), *how,
                      what_if_note=kept_note("each player seated at a table that can still matter"))


def worlds_needed(worlds, live: np.ndarray, budget: Budget, progress: Progress | None = None
                  ) -> tuple[int, bool, list[Mean]]:
    """The worlds of a kept run that ``budget`` asks for: exactly ``budget.sims``; else from
    :data:`FIRST_BATCH` on, until every player's interval has a half-width of at most
    ``budget.precision`` (the same rule as :func:`simulate_until`, rounded up to whole segments),
    at most ``budget.max_sims``.  Returns the worlds, whether the precision was reached and
    ``live``'s P(cut) over those worlds (the last test's, not computed again)."""
    budget.check()
    if budget.sims is not None:
        means = worlds.means(budget.sims, live)
        if progress:
            progress(budget.sims, budget.sims)
        return budget.sims, True, means
    n = min(FIRST_BATCH, budget.max_sims)
    while True:
        means = worlds.means(n, live)
        low, high = bounded_interval([m.total for m in means], [m.squares for m in means], n)
        hw = float(np.max(high - low) / 2) if len(means) else 0.0
        if progress:
            progress(n, n)
        if hw <= budget.precision:
            return n, True, means
        if n >= budget.max_sims:
            return n, False, means
        target = max(n * 1.5, n * (hw / budget.precision) ** 2 * 1.1)
        n = int(min(budget.max_sims, -(-int(target) // SEGMENT) * SEGMENT))
