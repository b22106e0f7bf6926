"""Every player's odds of making the cut, with Monte Carlo intervals and adaptive sample size.

:func:`simulate_until` runs batches of simulations until every reported probability's 95% interval
has a half-width of at most ``precision`` (or the cap is reached, which the result says).  Because
simulation ``s`` depends only on ``(seed, s)``, the figures for a given number of simulations do not
depend on how the batches were split, nor on the number of threads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import Snapshot
from drawsafe.progress import Progress
from drawsafe.simulation.simulator import FirstRound, SimBatch, SimConfig, Simulator
from drawsafe.stats import Proportion, max_half_width
from drawsafe.tiebreaks.packs import RulePack, display_points
from drawsafe.tiebreaks.values import REC_POINTS

#: Default cap on the number of simulations of an adaptive run.
MAX_SIMS = 2_000_000
#: Size of the first batch of an adaptive run.
FIRST_BATCH = 2_000



def simulate_until(run: Callable[[int, int], SimBatch], counts: Callable[[SimBatch], np.ndarray],
                   precision: float | None, sims: int | None, max_sims: int = MAX_SIMS,
                   progress: Progress | None = None) -> tuple[SimBatch, bool]:
    """Run ``run(first, n)`` batches until ``counts(batch)`` (success counts per figure) all have
    95% half-widths <= ``precision``; or exactly ``sims`` simulations when given.

    Returns the merged batch and whether the precision was reached.
    """
    if sims is not None:
        if sims < 1:
            raise UsageError("--sims must be at least 1")
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
    if precision is None or not 0 < precision < 0.5:
        raise UsageError("--precision must be between 0 and 0.5")
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
    cut: Proportion
    #: Simulations finishing at rank 1, 2, ..., ``len(rank_counts)`` (exact ranks near the top).
    rank_counts: np.ndarray
    #: Simulations finishing on each points total (index = points in the pack's units).
    points_counts: np.ndarray
    point_scale: int = 1

    @property
    def p_cut(self) -> float:
        return self.cut.estimate

    @property
    def mean_rank(self) -> float | None:
        """The mean final rank, when every simulation ranked the player exactly (else None)."""
        exact = int(self.rank_counts.sum())
        if exact == 0 or exact != self.cut.n:
            return None
        return float((self.rank_counts * np.arange(1, len(self.rank_counts) + 1)).sum() / exact)

    def to_json(self) -> dict:
        ci = self.cut.confidence_interval()
        n = self.cut.n
        ranks = {str(i + 1): c / n for i, c in enumerate(self.rank_counts.tolist()) if c}
        beyond = 1 - self.rank_counts.sum() / n
        points = {str(display_points(v, self.point_scale)): c / n for v, c in enumerate(self.points_counts.tolist()) if c}
        return {"player": self.player, "points": self.points_now, "p_cut": self.p_cut, "ci_low": ci.low,
                "ci_high": ci.high, "rank_distribution": ranks,
                f"p_rank_below_{len(self.rank_counts)}": max(0.0, beyond),
                "points_distribution": points}




@dataclass(frozen=True)
class OddsResult:
    """Cut odds of every player of a snapshot."""

    simulations: int
    #: The cut the odds are of (:class:`~drawsafe.event.cut.Cut`: a Top N, or a points cut).
    cut: Cut
    seed: int
    precision: float | None
    reached: bool
    players: tuple[PlayerOdds, ...]
    #: How the other tables of the round about to be played were modelled (``--others``), and what
    #: the simulations knew of its tables: "published", "projected" (the last round by standings)
    #: or "not out yet" (paired anew in each simulation).
    others: str = "none"
    pairings: str = "published"
    #: Tables expected to draw, and with ``behaviour`` every playing table's draw probability.
    drawing_tables: tuple[int, ...] = ()
    draw_probabilities: tuple[tuple[int, float], ...] = ()

    def to_json(self) -> dict:
        return {"simulations": self.simulations, "top": self.cut.top, "cut_points": self.cut.points,
                "seed": self.seed,
                "precision": self.precision, "precision_reached": self.reached,
                "others": self.others, "pairings": self.pairings, "others_drawing": list(self.drawing_tables),
                "others_draw_probability": {str(t): p for t, p in self.draw_probabilities},
                "players": [p.to_json() for p in self.players]}


def compute_odds(snap: Snapshot, rules: RulePack, config: SimConfig | None = None, *, sims: int | None = None,
                 precision: float | None = 0.005, seed: int = 0, max_sims: int = MAX_SIMS,
                 progress: Progress | None = None, first_round: FirstRound | None = None) -> OddsResult:
    """Cut odds of every player still in the event, best odds first.

    ``first_round`` sets the tables of the next round and what each does (e.g. the tables other
    players are expected to draw, :data:`drawsafe.engine.kernel.INTENTIONAL`); default: the published pairings,
    all played.
    """
    config = config or SimConfig()
    simulator = Simulator(snap, rules, config)
    live = simulator.players[snap.ranked_mask()[simulator.players]]  # one division of a combined pod
    batch, reached = simulate_until(
        lambda first, n: simulator.run(n, seed=seed, first=first, first_round=first_round),
        lambda b: b.cut[live], precision, sims, max_sims, progress)

    now = simulator.rec0[:, REC_POINTS]
    players = [PlayerOdds(snap.names[p], display_points(now[p], rules.point_scale),
                          Proportion(int(batch.cut[p]), batch.n), batch.rank_hist[p, :config.max_rank],
                          batch.points_hist[p], rules.point_scale) for p in live]
    players.sort(key=lambda o: (-o.cut.k, -batch.rank_hist[snap.index[o.player], :config.max_rank].sum(),
                                o.player))
    return OddsResult(batch.n, config.cut, seed, None if sims else precision, reached, tuple(players))

