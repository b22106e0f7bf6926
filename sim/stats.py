"""Monte Carlo estimates with their uncertainty, in the manner of ``scipy.stats`` results.

A probability estimated from ``k`` successes in ``n`` simulations is a :class:`Proportion`; its
95% interval is the Wilson score interval, which stays inside [0, 1] and is sensible at ``k = 0``
and ``k = n`` (where the plain normal interval collapses to a point).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np


@dataclass(frozen=True)
class ConfidenceInterval:
    low: float
    high: float


def z_value(confidence_level: float) -> float:
    # the standard library's normal quantile: scipy's import alone costs a command 0.1 s
    return NormalDist().inv_cdf(0.5 + confidence_level / 2)


def wilson(k, n, confidence_level: float = 0.95):
    """Wilson score interval for ``k`` of ``n`` (arrays allowed); returns (low, high)."""
    k = np.asarray(k, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, k / n, 0.0)
        return score_interval(k, n, p, p * (1 - p), confidence_level)


def score_interval(total, n, p, var, confidence_level: float):
    """Wilson's score interval around the mean ``p`` of ``n`` values of variance ``var`` summing to
    ``total`` (arrays allowed): no lower end above 0 where ``total`` is 0, no upper end below 1
    where it is ``n``."""
    z = z_value(confidence_level)
    with np.errstate(invalid="ignore", divide="ignore"):
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(var / n + z * z / (4 * n * n)) / denom
    low = np.where(n > 0, np.clip(centre - half, 0.0, 1.0), 0.0)
    high = np.where(n > 0, np.clip(centre + half, 0.0, 1.0), 1.0)
    low = np.where(total <= 0, 0.0, low)
    high = np.where(total >= n, 1.0, high)
    return low, high


@dataclass(frozen=True)
class Proportion:
    """``k`` successes in ``n`` simulations."""

    k: int
    n: int

    @property
    def estimate(self) -> float:
        return self.k / self.n if self.n else float("nan")

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        low, high = wilson(self.k, self.n, confidence_level)
        return ConfidenceInterval(float(low), float(high))

    def __repr__(self) -> str:
        ci = self.confidence_interval()
        return f"Proportion({self.estimate:.4f}, 95% CI [{ci.low:.4f}, {ci.high:.4f}], n={self.n})"


def bounded_interval(total, squares, n, confidence_level: float = 0.95):
    """The 95% (``confidence_level``) interval of the mean of ``n`` values in [0, 1] whose sum is
    ``total`` and sum of squares ``squares`` (arrays allowed); returns (low, high).

    Wilson's score interval with the values' own variance (``squares / n - mean**2``) in place of a
    proportion's ``p (1 - p)``: for values 0 or 1 it is exactly :func:`wilson`, and where every value
    is equal it keeps Wilson's width at ``k = 0`` and ``k = n`` (a point interval never).  Values in
    [0, 1] have at most a proportion's variance, so the interval is never wider than Wilson's."""
    total = np.asarray(total, dtype=np.float64)
    squares = np.asarray(squares, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, total / n, 0.0)
        var = np.clip(np.where(n > 0, squares / n, 0.0) - p * p, 0.0, 0.25)
        return score_interval(total, n, p, var, confidence_level)


@dataclass(frozen=True)
class Mean:
    """The mean of ``n`` values in [0, 1]: a probability estimated by averaging, in each simulated
    world, the chance of the event given that world (e.g. a player's odds averaged over their own
    table's results), which has far less variance than a 0/1 outcome per world.  Its interval is
    :func:`bounded_interval`.  ``k``: the worlds whose value is above 0 (0: the event happened in
    none of them, whatever the player's own result); a :class:`Proportion`'s attributes otherwise."""

    total: float
    squares: float
    n: int
    k: int

    @classmethod
    def of(cls, values: np.ndarray) -> Mean:
        """From the values of each world."""
        v = np.asarray(values, dtype=np.float64)
        return cls(float(v.sum()), float((v * v).sum()), len(v), int(np.count_nonzero(v > 0)))

    @classmethod
    def of_count(cls, k: int, n: int) -> Mean:
        """``k`` successes in ``n`` worlds (values 0 or 1): the interval is Wilson's."""
        return cls(float(k), float(k), n, int(k))

    @property
    def estimate(self) -> float:
        return self.total / self.n if self.n else float("nan")

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        low, high = bounded_interval(self.total, self.squares, self.n, confidence_level)
        return ConfidenceInterval(float(low), float(high))

    def __repr__(self) -> str:
        ci = self.confidence_interval()
        return f"Mean({self.estimate:.4f}, 95% CI [{ci.low:.4f}, {ci.high:.4f}], n={self.n})"


def max_half_width(k: np.ndarray, n: int, confidence_level: float = 0.95) -> float:
    """The widest Wilson half-width among the proportions ``k / n``."""
    if len(k) == 0:
        return 0.0
    low, high = wilson(k, np.full(len(k), n), confidence_level)
    return float(np.max(high - low) / 2)


@dataclass(frozen=True)
class PairedDifference:
    """The mean of ``x - y`` over ``n`` paired 0/1 outcomes (the same simulations under two scenarios:
    common random numbers), with a normal interval on the paired differences."""

    mean: float
    sd: float
    n: int

    @classmethod
    def of(cls, x: np.ndarray, y: np.ndarray) -> PairedDifference:
        """From the outcomes ``x`` and ``y`` (same length) of the same simulations."""
        diff = np.asarray(x, dtype=np.float64) - np.asarray(y, dtype=np.float64)
        n = len(diff)
        return cls(float(diff.mean()) if n else 0.0, float(diff.std(ddof=1)) if n > 1 else 0.0, n)

    @classmethod
    def of_sums(cls, total: float, squares: float, n: int) -> PairedDifference:
        """From the sum and the sum of squares of ``n`` paired differences (worlds summed in
        groups: the card's what-if cells); the same sample standard deviation as :meth:`of`."""
        mean = total / n if n else 0.0
        var = (squares - n * mean * mean) / (n - 1) if n > 1 else 0.0
        return cls(mean, math.sqrt(max(var, 0.0)), n)

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        half = z_value(confidence_level) * self.sd / np.sqrt(max(self.n, 1))
        return ConfidenceInterval(self.mean - half, self.mean + half)

    def __repr__(self) -> str:
        ci = self.confidence_interval()
        return f"PairedDifference({self.mean:+.4f}, 95% CI [{ci.low:+.4f}, {ci.high:+.4f}], n={self.n})"
