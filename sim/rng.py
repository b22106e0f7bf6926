"""Counter-based random numbers: the same seed gives the same numbers on any number of threads.

Every simulation ``s`` owns a stream ``stream(seed, s)``: a two-word state ``[key, counter]``.  The
``i``-th draw of the stream is ``mix64(key + i * GOLDEN)`` (splitmix64's output function), so a
draw depends only on (seed, simulation, draw number), never on which thread ran it or in what
order.  All arithmetic is on ``uint64`` with ``np.uint64`` constants: numba turns ``uint64 + 1``
into ``int64``.
"""

from __future__ import annotations

import numpy as np

from drawsafe.jit import kernel

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
ONE = np.uint64(1)
S30 = np.uint64(30)
S27 = np.uint64(27)
S31 = np.uint64(31)
S11 = np.uint64(11)
TWO_POW_M53 = 1.0 / 9007199254740992.0


@kernel
def mix64(z):
    """splitmix64's finalizer: a bijective 64-bit mix.

    ``z`` uint64 the word to mix."""
    z = (z ^ (z >> S30)) * M1
    z = (z ^ (z >> S27)) * M2
    return z ^ (z >> S31)


def mix64_array(z: np.ndarray) -> np.ndarray:
    """:func:`mix64` of every word of a uint64 array (numpy, outside the kernels)."""
    with np.errstate(over="ignore"):
        z = (z ^ (z >> S30)) * M1
        z = (z ^ (z >> S27)) * M2
        return z ^ (z >> S31)


@kernel
def stream(seed, sim):
    """The state ``[key, counter]`` of simulation ``sim``'s stream under ``seed``.

    ``seed`` int64 the run's seed; ``sim`` int64 the simulation's index."""
    state = np.empty(2, dtype=np.uint64)
    state[0] = mix64(mix64(np.uint64(seed) + GOLDEN) ^ (np.uint64(sim) * GOLDEN))
    state[1] = np.uint64(0)
    return state


@kernel
def next_u64(state):
    """The next 64-bit draw of a stream.

    ``state`` uint64[2] the stream ``[key, counter]`` (:func:`stream`), its counter advanced by
    one."""
    state[1] = state[1] + ONE
    return mix64(state[0] + state[1] * GOLDEN)


@kernel
def next_uniform(state):
    """A uniform float in [0, 1): the top 53 bits of the next draw.

    ``state`` uint64[2] the stream ``[key, counter]`` (:func:`stream`), its counter advanced by
    one."""
    return np.float64(np.int64(next_u64(state) >> S11)) * TWO_POW_M53  # int64: one instruction


@kernel
def next_below(state, n):
    """A uniform integer in ``0 .. n - 1`` (n >= 1).

    ``state`` uint64[2] the stream ``[key, counter]`` (:func:`stream`), its counter advanced by
    one; ``n`` int64 the number of values."""
    return np.int64(next_uniform(state) * n)


@kernel
def shuffle(state, a, lo, hi):
    """Shuffle ``a[lo:hi]`` in place (Fisher-Yates), with the stream's next ``hi - lo - 1`` draws
    (:func:`next_below` each; the counter is kept in a register meanwhile).

    ``state`` uint64[2] the stream ``[key, counter]`` (:func:`stream`), its counter advanced;
    ``a`` int64[m] shuffled in place between ``lo`` and ``hi`` (int64, ``hi`` excluded)."""
    key = state[0]
    counter = state[1]
    for i in range(hi - 1, lo, -1):
        counter += ONE
        x = mix64(key + counter * GOLDEN)
        j = lo + np.int64(np.float64(np.int64(x >> S11)) * TWO_POW_M53 * (i - lo + 1))
        t = a[i]
        a[i] = a[j]
        a[j] = t
    state[1] = counter
