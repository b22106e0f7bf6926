"""Simulating "this table draws" against "this table plays" for a set of tables.

Two ways, same figures (:class:`TableFigures`):

- :class:`FlipEvaluator`, for the last Swiss round: one simulated world per simulation, every table
  of interest flipped in turn and the standings ranked again (:mod:`drawsafe.engine.flips`);
- :class:`ScenarioEvaluator`, with more rounds to go: each scenario (the base choices, and each
  table's alternative) is simulated in full, all with the same random numbers per simulation.

Both run until the figures that decide each table's verdict (its players' odds if it draws and if
it plays) have 95% half-widths of at most ``precision``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from drawsafe import jit
from drawsafe.engine import kernel as engine
from drawsafe.engine.flips import run_flips
from drawsafe.engine.inputs import FlipOutputs
from drawsafe.progress import Progress
from drawsafe.simulation.odds import simulate_until
from drawsafe.simulation.simulator import FirstRound, SimBatch, Simulator, first_tables


@dataclass
class TableFigures:
    """Per simulation, for one table: its players in the cut if it plays / if it draws, and the
    table's result when it plays (engine.A_WON, DRAWN, B_WON)."""

    cut_play: np.ndarray  # [n, 2] int8
    cut_draw: np.ndarray  # [n, 2] int8
    outcome_play: np.ndarray  # [n] int8


class ScenarioEvaluator:
    """Each scenario simulated in full (any number of rounds left)."""

    def __init__(self, sim: Simulator, fr: FirstRound, seed: int):
        self.sim, self.fr, self.seed = sim, fr, seed

    def scenario(self, modes: np.ndarray, focus: np.ndarray, first: int, n: int) -> SimBatch:
        return self.sim.run(n, seed=self.seed, first=first, focus=focus, first_round=self.fr.with_modes(modes),
                            keep_per_sim=True)

    def evaluate(self, tables: list[int], drawing: set[int], sims: int | None, precision: float | None,
                 max_sims: int, progress: Progress | None, base: np.ndarray | None = None
                 ) -> tuple[list[TableFigures], bool]:
        """Figures of each table in ``tables`` with the tables in ``drawing`` drawing otherwise
        (or, given ``base``, the other tables in those modes, e.g. ``BEHAVIOUR``).

        Scenarios with the same choices at every table (e.g. the play scenario of every table that
        the others' model lets play) are simulated once.  Each scenario runs until its own figures
        reach ``precision``, so scenarios whose odds are near 0 or 1 stop early; every scenario
        starts at simulation 0, so any two share their first simulations (common random numbers).
        """
        base = base_modes(self.fr, drawing, base)
        focus = np.array([p for t in tables for p in (self.fr.a[t], self.fr.b[t])], dtype=np.int64)
        keys = []
        needs: dict[bytes, list[int]] = {}
        for i, t in enumerate(tables):
            pair = []
            for mode in (engine.FREE, engine.INTENTIONAL):
                modes = base.copy()
                modes[t] = mode
                key = modes.tobytes()
                needs.setdefault(key, []).extend((2 * i, 2 * i + 1))
                pair.append(key)
            keys.append(tuple(pair))
        done: dict[bytes, SimBatch] = {}
        reached = True
        total = len(needs)
        for k, (key, cols) in enumerate(needs.items()):
            modes = np.frombuffer(key, dtype=np.int64).copy()
            step = None
            if progress is not None:
                def step(d, t, k=k):
                    progress(k * 1000 + min(999, 1000 * d // max(t, 1)), total * 1000)
            batch, ok = simulate_until(lambda first, n, m=modes: self.scenario(m, focus, first, n),
                                       lambda b, c=cols: b.focus_cut[:, c].sum(axis=0), precision, sims,
                                       max_sims, step)
            done[key] = batch
            reached = reached and ok
        figures = []
        for i, (t, (play_key, draw_key)) in enumerate(zip(tables, keys)):
            play, draw = done[play_key], done[draw_key]
            figures.append(TableFigures(play.focus_cut[:, 2 * i:2 * i + 2], draw.focus_cut[:, 2 * i:2 * i + 2],
                                        play.table_outcome[:, t]))
        return figures, reached


@dataclass
class FlipBatch:
    """Output of :func:`drawsafe.engine.flips.run_flips` for simulations ``first .. first + n - 1``."""

    first: int
    n: int
    base_cut: np.ndarray
    flip_cut: np.ndarray
    base_outcome: np.ndarray
    flip_outcome: np.ndarray

    def merge(self, other: FlipBatch) -> FlipBatch:
        return FlipBatch(self.first, self.n + other.n, *(np.concatenate([a, b]) for a, b in (
            (self.base_cut, other.base_cut), (self.flip_cut, other.flip_cut),
            (self.base_outcome, other.base_outcome), (self.flip_outcome, other.flip_outcome))))


class FlipEvaluator:
    """The last Swiss round: one world per simulation, each table flipped in turn."""

    def __init__(self, sim: Simulator, fr: FirstRound, seed: int):
        self.sim, self.fr, self.seed = sim, fr, seed

    def run(self, modes: np.ndarray, tables: np.ndarray, first: int, n: int) -> FlipBatch:
        s, fr = self.sim, self.fr
        m = len(tables)
        out = FlipBatch(first, n, np.zeros((n, m, 2), np.int8), np.zeros((n, m, 2), np.int8),
                        np.zeros((n, m), np.int8), np.zeros((n, m), np.int8))
        chunks = max(1, min(numba.get_num_threads() * 4, n))
        # the last round: its tables are given (nothing is paired) and no policy draws
        flip = FlipOutputs(np.ascontiguousarray(tables, dtype=np.int64), out.base_cut, out.flip_cut,
                           out.base_outcome, out.flip_outcome)
        jit.wait_for_helper("flips")  # a helper process compiling the flip kernel (drawsafe.app.ahead)
        run_flips(np.uint64(self.seed % 2**64), first, n, chunks, s.field, first_tables(fr, modes), s.match,
                  s.kernel_rules, s.plan(engine.NO_DRAWS, 0), flip)
        return out

    def evaluate(self, tables: list[int], drawing: set[int], sims: int | None, precision: float | None,
                 max_sims: int, progress: Progress | None, base: np.ndarray | None = None
                 ) -> tuple[list[TableFigures], bool]:
        base = base_modes(self.fr, drawing, base)
        idx = np.array(tables, dtype=np.int64)
        batch, reached = simulate_until(
            lambda first, n: self.run(base, idx, first, n),
            lambda b: np.concatenate([b.base_cut.sum(axis=0).ravel(), b.flip_cut.sum(axis=0).ravel()]),
            precision, sims, max_sims, progress)
        figures = []
        for j in range(len(tables)):
            # where the base world drew (INTENTIONAL, or a BEHAVIOUR table that drew), the flip plays
            drew = (batch.base_outcome[:, j] == engine.ID)[:, None]
            figures.append(TableFigures(
                np.where(drew, batch.flip_cut[:, j], batch.base_cut[:, j]),
                np.where(drew, batch.base_cut[:, j], batch.flip_cut[:, j]),
                np.where(drew[:, 0], batch.flip_outcome[:, j], batch.base_outcome[:, j])))
        return figures, reached


def base_modes(fr: FirstRound, drawing: set[int], base: np.ndarray | None) -> np.ndarray:
    """The first round's modes with the tables in ``drawing`` drawing, unless ``base`` is given."""
    if base is not None:
        return np.asarray(base, dtype=np.int64).copy()
    modes = fr.mode.copy()
    for t in drawing:
        modes[t] = engine.INTENTIONAL
    return modes


def make_evaluator(sim: Simulator, fr: FirstRound, seed: int):
    """The flip evaluator in the last round (same figures, much cheaper), else full scenarios."""
    if sim.snap.rounds_left == 1:
        return FlipEvaluator(sim, fr, seed)
    return ScenarioEvaluator(sim, fr, seed)
