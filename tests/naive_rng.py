"""A pure-Python twin of ``drawsafe.rng``'s counter-based streams, written from the description in
``sim/rng.py`` and STYLE.md (splitmix64's output function of ``key + i * golden``, key from (seed,
simulation), uniform = top 53 bits x 2^-53), with Python integers masked to 64 bits."""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB

#: splitmix64.c's first outputs from state 0 (the published golden vector).
SPLITMIX64_FROM_ZERO = (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
                        0xF88BB8A8724C81EC)


def py_mix64(z: int) -> int:
    """splitmix64's finalizer on Python integers, masked to 64 bits."""
    z = ((z ^ (z >> 30)) * M1) & MASK
    z = ((z ^ (z >> 27)) * M2) & MASK
    return z ^ (z >> 31)


def py_unmix64(z: int) -> int:
    """The inverse of :func:`py_mix64`: xor-shifts undone by iteration, products by inverses."""

    def unshift(x: int, s: int) -> int:
        y = x
        for _ in range(64 // s + 1):
            y = x ^ (y >> s)
        return y

    z = unshift(z, 31)
    z = unshift((z * pow(M2, -1, 1 << 64)) & MASK, 27)
    return unshift((z * pow(M1, -1, 1 << 64)) & MASK, 30)


class PyStream:
    """A pure-Python twin of one simulation's stream (:func:`drawsafe.rng.stream`)."""

    def __init__(self, seed: int, sim: int):
        self.key = py_mix64(py_mix64((seed + GOLDEN) & MASK) ^ ((sim * GOLDEN) & MASK))
        self.counter = 0

    def next_u64(self) -> int:
        self.counter = (self.counter + 1) & MASK
        return py_mix64((self.key + self.counter * GOLDEN) & MASK)

    def next_uniform(self) -> float:
        return (self.next_u64() >> 11) * 2.0**-53

    def next_below(self, n: int) -> int:
        return int(self.next_uniform() * n)

    def shuffle(self, a: list, lo: int, hi: int) -> None:
        """Fisher-Yates from the top, as the kernel does."""
        for i in range(hi - 1, lo, -1):
            j = lo + self.next_below(i - lo + 1)
            a[i], a[j] = a[j], a[i]
