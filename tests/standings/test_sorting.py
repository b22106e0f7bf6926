"""The ranking's sorting kernels (sim/standings/sorting.py) against plain Python: sorted highest first, and
the runs of tied players are exactly the chains of neighbours within TOLERANCE."""

from __future__ import annotations

import numpy as np
import pytest

from drawsafe.standings.sorting import points_value_sort, sort_runs_desc, sort_work_sizes
from drawsafe.tiebreaks.ranking import TOLERANCE


def naive_chains(values: list[float], groups: list[int]) -> list[tuple[int, int]]:
    """Runs of two or more neighbours (in the given, sorted order) with equal groups and values
    within TOLERANCE of the previous one."""
    runs = []
    start = 0
    for i in range(1, len(values) + 1):
        if i == len(values) or groups[i] != groups[i - 1] or values[i - 1] - values[i] > TOLERANCE:
            if i - start > 1:
                runs.append((start, i))
            start = i
    return runs


def tricky_values(rng, n: int) -> np.ndarray:
    """OMW-like values with many exact ties, neighbours one ulp apart, inside and just outside
    TOLERANCE, all in [1/3, 1]."""
    base = rng.integers(81, 244, n) / 243.0
    kind = rng.integers(0, 5, n)
    out = base.copy()
    out[kind == 1] = np.nextafter(base[kind == 1], 2.0)
    out[kind == 2] = base[kind == 2] + 0.4 * TOLERANCE
    out[kind == 3] = base[kind == 3] + 3 * TOLERANCE
    return np.clip(out, 1 / 3, 1.0)


def sort_work(players: int) -> tuple[np.ndarray, np.ndarray]:
    """The int64 and float64 work arrays the sorting kernels take (sort_work_sizes), filled with
    garbage: the kernels must not read what they did not write."""
    ints, floats = sort_work_sizes(players)
    return np.full(ints, -7, dtype=np.int64), np.full(floats, np.nan)


@pytest.mark.parametrize("trial", range(12))
def test_points_value_sort_matches_plain_python(trial):
    rng = np.random.default_rng(trial)
    # both sorts: few players or many point groups by insertion, big groups by the radix sort
    players = int(rng.integers(2, 120)) if trial % 2 else int(rng.integers(900, 2000))
    rec = np.zeros((players, 4), dtype=np.int64)
    rec[:, 0] = rng.integers(0, 1 + int(rng.integers(1, 40 if trial % 2 else 4)), players)
    column = tricky_values(rng, players)
    order = np.array(sorted(range(players), key=lambda p: -rec[p, 0]), dtype=np.int64)  # by points
    run_lo = np.empty(players + 1, dtype=np.int64)
    run_hi = np.empty(players + 1, dtype=np.int64)
    starts = np.empty(players + 1, dtype=np.int64)
    done, runs, tied = points_value_sort(order, players, rec, column, run_lo, run_hi, starts, *sort_work(players))
    assert done
    pairs = [(rec[p, 0], column[p]) for p in order]
    assert pairs == sorted(pairs, reverse=True)  # exact order of (points, value)
    assert sorted(order.tolist()) == list(range(players))
    expected = naive_chains([v for _, v in pairs], [g for g, _ in pairs])
    got = list(zip(run_lo[:runs].tolist(), run_hi[:runs].tolist()))
    assert got == expected
    assert tied == sum(hi - lo for lo, hi in expected)


def test_points_value_sort_declines_values_out_of_range():
    rec = np.zeros((3, 4), dtype=np.int64)
    order = np.array([0, 1, 2], dtype=np.int64)
    work = np.empty(4, dtype=np.int64)
    for bad in (0.2, 2.0, np.nan):
        column = np.array([0.5, bad, 0.7])
        done, _, _ = points_value_sort(order, 3, rec, column, work.copy(), work.copy(), work.copy(), *sort_work(3))
        assert not done
        assert order.tolist() == [0, 1, 2]  # untouched


@pytest.mark.parametrize("trial", range(12))
def test_sort_runs_desc_matches_plain_python(trial):
    rng = np.random.default_rng(100 + trial)
    sizes = rng.choice([2, 3, 4, 5, 9, 16, 17, 40, 120], size=int(rng.integers(1, 12)))
    n = int(sizes.sum()) + 3
    run_lo = np.cumsum(np.concatenate([[1], sizes[:-1]])).astype(np.int64)  # position 0 is outside
    run_hi = (run_lo + sizes).astype(np.int64)
    tmp = tricky_values(rng, n)
    tmp[rng.random(n) < 0.1] *= -1.0  # noise keys are negative
    order = rng.permutation(n).astype(np.int64)
    before = dict(zip(order.tolist(), tmp.tolist()))
    outside = [(order[i], tmp[i]) for i in range(n) if not any(lo <= i < hi for lo, hi in zip(run_lo, run_hi))]
    new_lo = np.empty(n + 1, dtype=np.int64)
    new_hi = np.empty(n + 1, dtype=np.int64)
    sizes_i, sizes_f = sort_work_sizes(n)
    work_i = np.empty(sizes_i, dtype=np.int64)
    work_f = np.empty(sizes_f)
    count, tied = sort_runs_desc(order, tmp, run_lo, run_hi, len(sizes), True, new_lo, new_hi, work_i, work_f)
    expected = []
    for lo, hi in zip(run_lo.tolist(), run_hi.tolist()):
        vals = tmp[lo:hi].tolist()
        assert vals == sorted(vals, reverse=True)
        assert all(before[order[i]] == tmp[i] for i in range(lo, hi))  # values moved with players
        expected += [(lo + a, lo + b) for a, b in naive_chains(vals, [0] * len(vals))]
    assert list(zip(new_lo[:count].tolist(), new_hi[:count].tolist())) == expected
    assert tied == sum(hi - lo for lo, hi in expected)
    assert [(order[i], tmp[i]) for i in range(n) if not any(lo <= i < hi for lo, hi in zip(run_lo, run_hi))] \
        == outside
    assert sort_runs_desc(order, tmp, run_lo, run_hi, len(sizes), False, new_lo, new_hi, work_i, work_f) == (0, 0)
