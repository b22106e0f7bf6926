"""Ordering players by a list of tiebreak values, exact ties broken by a random key.

Tiebreak values are ratios of small integers computed in floating point; two values closer than
:data:`TOLERANCE` are the same number (distinct Appendix C fractions differ by far more, and
rounding error is far less).  Players still tied on every value are ordered by ``noise``, a random
64-bit key per player (seeded by the caller), and are reported as tied.
"""

from __future__ import annotations

import numpy as np

from sim.jit import kernel

TOLERANCE = 1e-10


@kernel
def compare(keys, noise, a, b):
    """-1 when player ``a`` ranks above ``b``, 1 when below (0 only when ``a == b``)."""
    for k in range(keys.shape[1]):
        d = keys[a, k] - keys[b, k]
        if d > TOLERANCE:
            return -1
        if d < -TOLERANCE:
            return 1
    if noise[a] < noise[b]:
        return -1
    if noise[a] > noise[b]:
        return 1
    return 0 if a == b else (-1 if a < b else 1)


@kernel
def rank_order(keys, noise, members):
    """The players listed in ``members``, best first (a stable merge sort on :func:`compare`)."""
    n = members.shape[0]
    order = members.copy()
    buf = np.empty_like(order)
    width = 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i, j, o = lo, mid, lo
            while i < mid and j < hi:
                if compare(keys, noise, order[j], order[i]) < 0:
                    buf[o] = order[j]
                    j += 1
                else:
                    buf[o] = order[i]
                    i += 1
                o += 1
            while i < mid:
                buf[o] = order[i]
                i += 1
                o += 1
            while j < hi:
                buf[o] = order[j]
                j += 1
                o += 1
        order, buf = buf, order
        width *= 2
    return order


@kernel
def same_values(keys, a, b):
    """True when players ``a`` and ``b`` are equal on every tiebreak value."""
    for k in range(keys.shape[1]):
        if abs(keys[a, k] - keys[b, k]) > TOLERANCE:
            return False
    return True


def tie_groups(keys: np.ndarray, order: np.ndarray) -> np.ndarray:
    """For each position of ``order``, the position where its run of exactly tied players starts."""
    start = np.zeros(len(order), dtype=np.int64)
    for i in range(1, len(order)):
        start[i] = start[i - 1] if same_values(keys, order[i - 1], order[i]) else i
    return start
