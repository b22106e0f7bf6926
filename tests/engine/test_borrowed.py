"""jit.borrowed / jit.keep_alive: views without reference counts give the same values as the
arrays they borrow, and a kernel's own array stays usable through its borrowed views while the
kernel allocates and frees others (the simulation's figures are pinned by test_digest.py)."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from drawsafe.jit import borrowed, keep_alive, kernel

Pair = namedtuple("Pair", "a b scale")


@kernel
def borrowed_sum(pair):
    view = borrowed(pair)
    total = 0.0
    for i in range(view.a.shape[0]):
        total += view.a[i] * view.scale + view.b[i]
    view.b[0] = total  # a view: writes reach the caller's array
    return total


@kernel
def churn(n, rounds):
    """Values written through the borrowed view of an owned array, read back after arrays of the
    same size came and went (each would reuse the owner's memory had it been freed early)."""
    owned = np.empty(n, dtype=np.int64)
    view = borrowed(owned)
    for i in range(n):
        view[i] = i
    other_total = 0
    for r in range(rounds):
        other = np.full(n, -7, dtype=np.int64)
        other_total += other[r % n]
    total = 0
    for i in range(n):
        total += view[i]
    keep_alive(owned)
    return total, other_total


def test_borrowed_bundle_reads_and_writes_the_same_arrays():
    a = np.arange(5.0)
    b = np.ones(5)
    expected = float((a * 2.0 + 1.0).sum())
    assert borrowed_sum(Pair(a, b, 2.0)) == expected
    assert b[0] == expected


def test_owned_array_outlives_its_views_until_keep_alive():
    n, rounds = 64, 50
    assert churn(n, rounds) == (n * (n - 1) // 2, -7 * rounds)
