"""The counter-based random streams of ``drawsafe.rng`` against a pure-Python twin.

The twin below is written from the description in ``sim/rng.py`` and STYLE.md (splitmix64's output
function of ``key + i * golden``, key from (seed, simulation), uniform = top 53 bits x 2^-53), with
Python integers masked to 64 bits.  The kernels must give exactly the same numbers; the splitmix64
function itself is pinned to the published golden outputs of Vigna's ``splitmix64.c`` from state 0.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_rng import GOLDEN, MASK, SPLITMIX64_FROM_ZERO, PyStream, py_mix64, py_unmix64
from scipy.stats import chisquare

from drawsafe import rng


def kernel_stream(seed: int, sim: int) -> np.ndarray:
    return rng.stream(np.uint64(seed), np.int64(sim))


def test_py_mix64_is_splitmix64():
    """The twin is splitmix64: from state 0 it gives the published first outputs."""
    assert tuple(py_mix64(k * GOLDEN & MASK) for k in range(1, 5)) == SPLITMIX64_FROM_ZERO
    for z in (0, 1, GOLDEN, MASK, 0x0123456789ABCDEF):
        assert py_unmix64(py_mix64(z)) == z


def test_kernel_draws_are_splitmix64():
    """A stream with key 0 walks splitmix64's sequence from state 0."""
    state = np.zeros(2, dtype=np.uint64)
    assert tuple(int(rng.next_u64(state)) for _ in range(4)) == SPLITMIX64_FROM_ZERO
    assert int(state[1]) == 4


@pytest.mark.parametrize("z", [0, 1, 2**63, MASK, GOLDEN, 0xDEADBEEFCAFEF00D])
def test_mix64_matches_twin(z):
    assert int(rng.mix64(np.uint64(z))) == py_mix64(z)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, MASK), sim=st.integers(0, 2**63 - 1))
def test_stream_and_draws_match_twin(seed, sim):
    """Key, 64-bit draws, uniforms and bounded integers equal the twin's, bit for bit."""
    state = kernel_stream(seed, sim)
    twin = PyStream(seed, sim)
    assert int(state[0]) == twin.key and int(state[1]) == 0
    for _ in range(5):
        assert int(rng.next_u64(state)) == twin.next_u64()
    for _ in range(5):
        assert rng.next_uniform(state) == twin.next_uniform()
    for n in (1, 2, 3, 7, 10, 1000, 2**31 + 11):
        assert rng.next_below(state, n) == twin.next_below(n)
    assert int(state[1]) == twin.counter


def test_same_seed_and_simulation_same_numbers_different_otherwise():
    draws = {}
    for seed, sim in [(0, 0), (0, 1), (1, 0), (2**64 - 1, 0), (0, 2**63 - 2)]:
        state = kernel_stream(seed, sim)
        draws[seed, sim] = [int(rng.next_u64(state)) for _ in range(3)]
        again = kernel_stream(seed, sim)
        assert [int(rng.next_u64(again)) for _ in range(3)] == draws[seed, sim]
    assert len({tuple(v) for v in draws.values()}) == len(draws)


def state_whose_next_draw_is(value: int) -> np.ndarray:
    """A stream state whose next 64-bit draw is ``value`` (the mix is a bijection)."""
    key = (py_unmix64(value) - GOLDEN) & MASK
    return np.array([key, 0], dtype=np.uint64)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 10, 64, 100, 1000, 12345, 2**20 + 1, 10**9])
def test_extreme_draws_stay_in_range(n):
    """The largest draw maps below 1 (and below ``n``), the smallest to exactly 0."""
    state = state_whose_next_draw_is(MASK)
    assert int(rng.next_u64(state.copy())) == MASK
    u = rng.next_uniform(state.copy())
    assert u == 1.0 - 2.0**-53 and u < 1.0
    assert rng.next_below(state.copy(), n) == n - 1
    zero = state_whose_next_draw_is(0)
    assert rng.next_uniform(zero.copy()) == 0.0
    assert rng.next_below(zero.copy(), n) == 0


def test_uniform_in_unit_interval_and_flat():
    """100,000 uniforms: all in [0, 1), mean and deciles as for U(0, 1) within 5 standard errors."""
    n = 100_000
    state = kernel_stream(12345, 6)
    u = np.array([rng.next_uniform(state) for _ in range(n)])
    assert u.min() >= 0.0 and u.max() < 1.0
    assert abs(u.mean() - 0.5) <= 5 * math.sqrt(1 / 12 / n)
    counts = np.bincount((u * 10).astype(int), minlength=10)
    assert chisquare(counts).pvalue > 1e-4


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, MASK), sim=st.integers(0, 10**6), size=st.integers(0, 40),
       lo=st.integers(0, 5), cut=st.integers(0, 5))
def test_shuffle_is_the_twins_permutation(seed, sim, size, lo, cut):
    """``shuffle(a, lo, hi)`` permutes exactly ``a[lo:hi]``, the same way the twin does."""
    a = np.arange(100, 100 + size + lo + cut, dtype=np.int64)
    hi = lo + size
    before = a.copy()
    state = kernel_stream(seed, sim)
    rng.shuffle(state, a, lo, hi)
    assert sorted(a[lo:hi].tolist()) == before[lo:hi].tolist()
    assert a[:lo].tolist() == before[:lo].tolist() and a[hi:].tolist() == before[hi:].tolist()
    twin = PyStream(seed, sim)
    b = before.tolist()
    twin.shuffle(b, lo, hi)
    assert a.tolist() == b


def test_shuffle_is_uniform_over_permutations():
    """24,000 shuffles of 4 items (one stream each): every order equally likely (chi-square)."""
    counts = Counter()
    for s in range(24_000):
        a = np.arange(4, dtype=np.int64)
        rng.shuffle(kernel_stream(99, s), a, 0, 4)
        counts[tuple(a.tolist())] += 1
    assert set(counts) == set(permutations(range(4)))
    assert chisquare([counts[p] for p in permutations(range(4))]).pvalue > 1e-4
