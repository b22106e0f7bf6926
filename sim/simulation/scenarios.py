"""Simulating "this table draws" against "this table plays" for a set of tables.

Two ways, same figures (:class:`TableFigures`):

- :class:`FlipEvaluator`, for the last Swiss round: one simulated world per simulation, every table
  of interest flipped in turn and the standings ranked again (:mod:`drawsafe.engine.flips`);
- :class:`ScenarioEvaluator`, with more rounds to go: each scenario (the base choices, and each
  table's alternative) is simulated in full, all with the same random numbers per simulation.

Both run batch by batch (:class:`Evaluator`): each table until the figures that decide its verdict
(its players' odds if it draws and if it plays) have 95% half-widths of at most ``precision``, or
its verdict is settled (it cannot change within the figures' intervals); a table that has finished
costs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.flips import EVERY_RESULT, PLAY_OR_DRAW
from drawsafe.progress import Progress
from drawsafe.simulation.question import Budget
from drawsafe.simulation.simulator import FirstRound, SimBatch, Simulator
from drawsafe.simulation.worlds import kept_worlds
from drawsafe.stats import max_half_width


@dataclass
class TableFigures:
    """Per simulation, for one table: its players in the cut if it plays / if it draws, and the
    table's result when it plays (engine.A_WON, DRAWN, B_WON)."""

    cut_play: np.ndarray  # [n, 2] int8
    cut_draw: np.ndarray  # [n, 2] int8
    outcome_play: np.ndarray  # [n] int8


#: A ``BEHAVIOUR`` table that makes one choice in at most this share of the base worlds gets its
#: other scenario from the base worlds with the usual choice (the rest left out of its figures):
#: one scenario run instead of two, at most this share of its simulations lost.
SHORTCUT = 0.2
#: First batch of an adaptive evaluation; later batches double the simulations run so far.
FIRST_BATCH = 2_000
#: Full scenarios (rounds to go) make the first batch smaller where it would cost more than this
#: many simulated player-rounds (about 0.4 s on two cores), down to :data:`SMALLEST_FIRST`: the
#: tables with nothing at stake or a clear verdict settle there, and only the open ones go on.
FIRST_LOOK = 5_000_000
SMALLEST_FIRST = 500


@dataclass
class _Columns:
    """One table's figures gathered batch by batch (from simulation 0 on; each row one simulation
    both scenarios share)."""

    play: list
    draw: list
    outcome: list

    def figures(self) -> TableFigures:
        return TableFigures(np.concatenate(self.play), np.concatenate(self.draw), np.concatenate(self.outcome))


def figures_done(fig: TableFigures, precision: float | None) -> bool:
    """The four figures of a table (each player's odds if it plays and if it draws) have 95%
    half-widths of at most ``precision``."""
    if precision is None:
        return False
    n = len(fig.cut_play)
    counts = np.concatenate([fig.cut_play.sum(axis=0), fig.cut_draw.sum(axis=0)])
    return max_half_width(counts, n) <= precision


def needed(fig: TableFigures, precision: float) -> int:
    """Simulations a table's figures need to reach ``precision``, from their half-width now (10%
    past the estimate)."""
    n = len(fig.cut_play)
    counts = np.concatenate([fig.cut_play.sum(axis=0), fig.cut_draw.sum(axis=0)])
    return int(n * (max_half_width(counts, n) / precision) ** 2 * 1.1)


class Evaluator:
    """Figures of a set of tables, batch by batch: each table runs until its own figures reach
    ``precision`` or, given ``settled``, until its verdict is settled (``settled(i, figures)``: the
    ``i``-th table's verdict cannot change within its intervals), whichever comes first; or
    exactly ``sims`` simulations.  Tables leave as they finish, so simulations are spent where a
    verdict is still open.  Every table's figures start at simulation 0 (common random numbers:
    simulation ``s`` is the same world for every table)."""

    def batch(self, modes: np.ndarray, tables: np.ndarray, first: int, n: int
              ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def first_batch(self, tables: int) -> int:
        """Simulations of the first batch for ``tables`` tables."""
        return FIRST_BATCH

    def evaluate(self, tables: list[int], drawing: set[int], budget: Budget, progress: Progress | None,
                 *, base: np.ndarray | None = None, settled: Callable[[int, TableFigures], bool] | None = None
                 ) -> tuple[list[TableFigures], bool]:
        """Figures of each table in ``tables`` with the tables in ``drawing`` drawing otherwise
        (or, given ``base``, the other tables in those modes, e.g. ``BEHAVIOUR``), within
        ``budget`` (its seed is the evaluator's own); and whether every table reached the budget's
        precision or a settled verdict (False: stopped at its ``max_sims``)."""
        modes = base_modes(self.fr, drawing, base)
        budget.check()
        sims, precision, max_sims = budget.sims, budget.precision, budget.max_sims
        cols = [_Columns([], [], []) for _ in tables]
        open_ = list(range(len(tables)))
        limit = sims if sims is not None else max_sims
        done, reached, target = 0, True, self.first_batch(len(tables))
        while open_ and done < limit:
            n = min(max(1000, sims // 20) if sims is not None else target - done, limit - done)
            idx = np.array([tables[i] for i in open_], dtype=np.int64)
            for i, part in zip(open_, self.batch(modes, idx, done, n), strict=True):
                cols[i].play.append(part[0])
                cols[i].draw.append(part[1])
                cols[i].outcome.append(part[2])
            done += n
            if sims is None:
                still, wanted = [], done
                for i in open_:
                    fig = cols[i].figures()
                    if not (figures_done(fig, precision) or (settled is not None and settled(i, fig))):
                        still.append(i)
                        wanted = max(wanted, needed(fig, precision))
                open_ = still
                # the half-width shrinks like 1/sqrt(n): aim 10% past the estimate, at least half as
                # many again, at most twice as many (a verdict may settle before)
                target = int(min(limit, max(1.5 * done, min(wanted, 2 * done))))
            if progress is not None:
                progress(done, limit if sims is not None else (target if open_ else done))
        if sims is None and open_:
            reached = False
        if not tables:
            return [], True
        return [c.figures() for c in cols], reached


class ScenarioEvaluator(Evaluator):
    """Each scenario simulated in full (any number of rounds left): per batch, the base choices
    and each open table's alternative, the scenarios with the same choices at every table
    simulated once.  A table that draws by its own probability in the base world (``BEHAVIOUR``)
    and rarely makes one of the choices (:data:`SHORTCUT`) reads its usual choice's figures from
    the base worlds that made it: simulation ``s`` of the base world in which the table played is
    simulation ``s`` of its "play" scenario (common random numbers), and whether it played is a
    random number of its own, so those simulations are a fair sample of the scenario."""

    def __init__(self, sim: Simulator, fr: FirstRound, seed: int):
        self.sim, self.fr, self.seed = sim, fr, seed

    def first_batch(self, tables: int) -> int:
        """:data:`FIRST_BATCH`, less where the scenarios (the base and one per table, each the
        event's remaining rounds) would cost more than :data:`FIRST_LOOK` player-rounds; a
        function of the question alone, so the answer does not depend on the machine."""
        snap = self.sim.snap
        cost = int(snap.active.sum()) * snap.rounds_left * (tables + 1)
        return int(min(FIRST_BATCH, max(SMALLEST_FIRST, FIRST_LOOK // max(cost, 1) // 100 * 100)))

    def scenario(self, modes: np.ndarray, focus: np.ndarray, first: int, n: int) -> SimBatch:
        return self.sim.run(n, seed=self.seed, first=first, focus=focus, first_round=self.fr.with_modes(modes),
                            keep_per_sim=True, ranks=False)

    def batch(self, modes, tables, first, n):
        focus = np.array([p for t in tables for p in (self.fr.a[t], self.fr.b[t])], dtype=np.int64)
        base_key = modes.tobytes()
        p_draw = self.fr.probabilities()
        keys = []
        needs: set[bytes] = set()
        for t in tables:
            pair = []
            for mode in (engine.FREE, engine.INTENTIONAL):
                alt = modes.copy()
                alt[t] = mode
                pair.append(alt.tobytes())
            if modes[t] == engine.BEHAVIOUR and min(p_draw[t], 1 - p_draw[t]) <= SHORTCUT:
                # the base world where this table made its usual choice is that scenario's world
                # (the choice has its own random number): only the other scenario is run
                pair[1 if p_draw[t] > 0.5 else 0] = None
                needs.add(base_key)
            needs.update(k for k in pair if k is not None)
            keys.append(tuple(pair))
        runs = {key: self.scenario(np.frombuffer(key, dtype=np.int64).copy(), focus, first, n) for key in needs}
        out = []
        for i, (t, (play_key, draw_key)) in enumerate(zip(tables, keys)):
            # a scenario not run is the base worlds that made that choice (the usual one)
            base = runs.get(base_key)
            play, draw, kept = runs.get(play_key, base), runs.get(draw_key, base), slice(None)
            if play_key is None or draw_key is None:
                drew = base.table_outcome[:, t] == engine.ID
                kept = ~drew if play_key is None else drew
            cols = slice(2 * i, 2 * i + 2)
            out.append((play.focus_cut[kept, cols], draw.focus_cut[kept, cols], play.table_outcome[kept, t]))
        return out


class FlipEvaluator(Evaluator):
    """The last Swiss round: one world per simulation, each table flipped through its results; the
    worlds are the kept run of the round (:func:`drawsafe.simulation.worlds.kept_worlds`), which
    ``odds`` and the report read too."""

    def __init__(self, sim: Simulator, fr: FirstRound, seed: int, every: bool = False):
        self.sim, self.fr, self.seed, self.every = sim, fr, seed, every

    def worlds(self, modes: np.ndarray, tables: np.ndarray):
        """The kept run with the tables in ``modes``, flipping at least ``tables`` (with ``every``:
        every candidate table through each result, the run ``odds`` reads)."""
        return kept_worlds(self.sim, self.fr.with_modes(modes), self.seed, tables, self.every)

    def batch(self, modes, tables, first, n):
        worlds = self.worlds(modes, tables)
        # every table's figures from one run of the worlds; with ``every`` each result of them
        # (draw reads its players' what-if next)
        worlds.ask(np.array([worlds.column[t] for t in tables.tolist()], dtype=np.int64),
                   EVERY_RESULT if self.every else PLAY_OR_DRAW)
        return [worlds.figures(first, n, t) for t in tables.tolist()]


def base_modes(fr: FirstRound, drawing: set[int], base: np.ndarray | None) -> np.ndarray:
    """The first round's modes with the tables in ``drawing`` drawing, unless ``base`` is given."""
    if base is not None:
        return np.asarray(base, dtype=np.int64).copy()
    modes = fr.mode.copy()
    for t in drawing:
        modes[t] = engine.INTENTIONAL
    return modes


def make_evaluator(sim: Simulator, fr: FirstRound, seed: int, every: bool = False):
    """The flip evaluator in the last round (same figures, much cheaper), else full scenarios;
    ``every``: the flips make the run that ``odds`` reads too (the round as the other tables are
    expected to play it: :class:`FlipEvaluator`)."""
    if sim.snap.rounds_left == 1:
        return FlipEvaluator(sim, fr, seed, every)
    return ScenarioEvaluator(sim, fr, seed)
