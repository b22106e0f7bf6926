"""The "locked after a draw" rule is written twice on purpose: in Python for the round about to be
played (:func:`drawsafe.simulation.decisions.locked_tables`, any number of rounds left, reported
results) and in numba for the last round of every simulated future
(:func:`drawsafe.engine.kernel.mark_locked_draws`).  On a last round they must agree table by table."""

from __future__ import annotations

import numpy as np
import pytest

from drawsafe.engine import kernel as engine
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.decisions import current_round, locked_tables
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.simulator import Simulator
from drawsafe.tiebreaks.packs import get_rules
from drawsafe.tiebreaks.values import REC_POINTS


def numba_locked(sim: Simulator, fr, top: int) -> np.ndarray:
    points = sim.rec0[:, REC_POINTS].astype(np.int64)
    drawn = np.zeros(fr.tables, dtype=np.bool_)
    win, draw = int(sim.points_table[2]), int(sim.points_table[1])
    engine.mark_locked_draws(points, sim.active, fr.a, fr.b, fr.tables, draw, win, top, engine.LOCKED, 0, drawn)
    return drawn


@pytest.mark.parametrize("players,rounds,top", [(8, 3, 2), (16, 4, 4), (33, 6, 8), (64, 6, 8), (120, 7, 8),
                                                (200, 8, 8), (37, 5, 16)])
@pytest.mark.parametrize("seed", range(4))
def test_python_and_numba_locked_rules_agree_on_a_last_round(players, rounds, top, seed):
    rules = get_rules("mtg")
    snap = take_snapshot(generate_event(players, rounds, rounds - 1, seed=seed, rules=rules))
    sim = Simulator(snap, rules)
    fr, _ = current_round(snap, rules, "standings", seed)
    python = locked_tables(sim, fr, top)
    compiled = numba_locked(sim, fr, top)
    assert python.tolist() == compiled.tolist()


def test_the_rule_is_not_vacuous():
    """Some tables are locked and some are not in these fields (else the test above proves little)."""
    rules = get_rules("mtg")
    locked = total = 0
    for seed in range(4):
        snap = take_snapshot(generate_event(120, 7, 6, seed=seed, rules=rules))
        sim = Simulator(snap, rules)
        fr, _ = current_round(snap, rules, "standings", seed)
        flags = locked_tables(sim, fr, 8)
        locked += int(flags.sum())
        total += len(flags)
    assert 0 < locked < total
