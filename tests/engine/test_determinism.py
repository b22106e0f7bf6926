"""Same seed, same output: on any number of threads and however the simulations are batched.

Simulation ``s`` draws only from stream ``(seed, s)`` and every output is indexed by ``s`` or an
integer count, so (product brief, "Non-negotiables"):

- a :class:`~drawsafe.simulation.simulator.SimBatch` is identical, array for array, on 1 thread, on all the threads
  of this machine, and on 16 threads (a subprocess started with ``NUMBA_NUM_THREADS=16``; the
  thread count is fixed when numba starts);
- batches ``[0, a)`` + ``[a, n)`` merged equal one batch ``[0, n)``, for any cut points, and a
  single simulation run alone equals its row of the big batch;
- the odds for N simulations do not depend on how :func:`drawsafe.simulation.odds.simulate_until` splits them
  (fixed count or adaptive precision) nor on the thread count;
- a different seed gives different results (the comparisons above can fail).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from dataclasses import fields
from itertools import pairwise
from pathlib import Path

import numba
import numpy as np
import pytest
from conftest import DATA, ROOT
from tiny_events import AWARDED, RETRY

from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.odds import compute_odds, simulate_until
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.simulator import SimBatch, Simulator
from drawsafe.tiebreaks.packs import get_rules

EVENT = DATA / "bristol-pauper-league-spring-26-rebound-417805-2026-06-18.json"
SEED = 987654321
N = 3_000
FOCUS = (0, 3, 7)


def simulator() -> Simulator:
    """22 players, two rounds left (the first published), a bye and a drop along the way."""
    event = load_event(EVENT)
    return Simulator(take_snapshot(event, 2), get_rules(event.rules), Question())


def run(sim: Simulator, n=N, first=0, seed=SEED) -> SimBatch:
    return sim.run(n, seed=seed, first=first, focus=FOCUS, keep_per_sim=True)


def assert_same(a: SimBatch, b: SimBatch) -> None:
    for f in fields(SimBatch):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, np.ndarray):
            assert x.shape == y.shape and np.array_equal(x, y), f"{f.name} differs"
        else:
            assert x == y, f"{f.name} differs"


@pytest.fixture(scope="module")
def sim():
    return simulator()


@pytest.fixture
def threads():
    """Restores the thread count after the test."""
    before = numba.get_num_threads()
    yield numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(before)


def test_one_thread_and_all_threads_agree(sim, threads):
    numba.set_num_threads(1)
    one = run(sim)
    numba.set_num_threads(threads)
    many = run(sim)
    assert_same(one, many)
    assert one.cut.sum() > 0 and one.focus_keys.any()


SIXTEEN = textwrap.dedent("""
    import sys
    import numba
    import numpy as np
    sys.path[:0] = sys.argv[2:]
    import test_determinism as t
    numba.set_num_threads(16)
    assert numba.get_num_threads() == 16
    b = t.run(t.simulator())
    np.savez(sys.argv[1], **{k: v for k, v in vars(b).items() if isinstance(v, np.ndarray)})
""")


def test_sixteen_threads_agree(sim, tmp_path, threads):
    """16 threads (64 parallel chunks) in a fresh interpreter give the 1-thread batch."""
    out = tmp_path / "sixteen.npz"
    env = dict(os.environ, NUMBA_NUM_THREADS="16")
    subprocess.run([sys.executable, "-c", SIXTEEN, str(out), str(Path(__file__).parent), str(ROOT / "tests")], check=True,
                   env=env, cwd=ROOT, timeout=300)
    numba.set_num_threads(1)
    one = run(sim)
    saved = np.load(out)
    for name in saved.files:
        assert np.array_equal(saved[name], getattr(one, name)), f"{name} differs on 16 threads"


@pytest.mark.parametrize("cuts", [(1000,), (1, 2999), (700, 701, 2222), tuple(range(250, N, 250))])
def test_batches_split_anywhere_merge_to_the_same(sim, cuts):
    whole = run(sim)
    edges = (0, *cuts, N)
    merged = None
    for lo, hi in pairwise(edges):
        part = run(sim, hi - lo, first=lo)
        merged = part if merged is None else merged.merge(part)
    assert_same(whole, merged)


def test_one_simulation_alone_is_its_row(sim):
    whole = run(sim, 200)
    for s in (0, 1, 57, 199):
        alone = run(sim, 1, first=s)
        assert np.array_equal(alone.focus_rank[0], whole.focus_rank[s])
        assert np.array_equal(alone.focus_keys[0], whole.focus_keys[s])
        assert np.array_equal(alone.cut_line[0], whole.cut_line[s])
        assert np.array_equal(alone.table_outcome[0], whole.table_outcome[s])


def test_focus_rows_add_up_to_the_counts(sim):
    b = run(sim)
    for f, p in enumerate(FOCUS):
        assert b.focus_cut[:, f].sum() == b.cut[p]
        assert np.array_equal(np.bincount(b.focus_rank[:, f], minlength=b.rank_hist.shape[1])
                              [:64], b.rank_hist[p, :64])


def test_simulate_until_any_split_same_odds(sim):
    """A fixed count, an adaptive run stopped at the same count, and runs whose batches are cut
    again into odd pieces all give the counts of one batch of that size."""
    direct = sim.run(6_000, seed=SEED)

    def plain(first, n):
        return sim.run(n, seed=SEED, first=first)

    def chopped(first, n):  # each batch asked for is played in pieces of 333
        out = None
        for lo in range(first, first + n, 333):
            part = sim.run(min(333, first + n - lo), seed=SEED, first=lo)
            out = part if out is None else out.merge(part)
        return out

    def counts(b):
        return b.cut[sim.players]

    fixed, _ = simulate_until(plain, counts, Budget(6_000))
    again, _ = simulate_until(chopped, counts, Budget(6_000))
    for b in (fixed, again):
        assert b.n == direct.n
        assert np.array_equal(b.cut, direct.cut)
        assert np.array_equal(b.rank_hist, direct.rank_hist)
        assert np.array_equal(b.points_hist, direct.points_hist)
    adaptive, _ = simulate_until(chopped, counts, Budget(None, 0.01, 50_000))
    assert_same(adaptive, sim.run(adaptive.n, seed=SEED))


def test_compute_odds_same_on_any_thread_count(threads):
    event = load_event(EVENT)
    snap, rules = take_snapshot(event, 2), get_rules(event.rules)
    numba.set_num_threads(1)
    one = compute_odds(snap, rules, Question(budget=Budget(5_000, seed=3))).to_json()
    numba.set_num_threads(threads)
    many = compute_odds(snap, rules, Question(budget=Budget(5_000, seed=3))).to_json()
    assert one == many


def test_awarded_byes_and_bye_retries_same_on_any_thread_count(threads):
    """Awarded byes (a pool smaller than the field in some rounds, extra bye tables) and a field of
    three where every bye is retried (tests/test_exact.py): 1 thread and all threads agree."""
    for event in (AWARDED, RETRY):
        sim = Simulator(take_snapshot(event, 1), get_rules("mtg"), Question(Cut(2)))
        numba.set_num_threads(1)
        one = sim.run(2_000, seed=SEED, focus=(0, 1, 2), keep_per_sim=True)
        numba.set_num_threads(threads)
        assert_same(one, sim.run(2_000, seed=SEED, focus=(0, 1, 2), keep_per_sim=True))


def test_another_seed_gives_other_results(sim):
    a, b = run(sim), run(sim, seed=SEED + 1)
    assert not np.array_equal(a.focus_keys, b.focus_keys)
    assert not np.array_equal(a.cut, b.cut)
