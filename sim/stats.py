"""Monte Carlo estimates with their uncertainty, in the manner of ``scipy.stats`` results.

A probability estimated from ``k`` successes in ``n`` simulations is a :class:`Proportion`; its
95% interval is the Wilson score interval, which stays inside [0, 1] and is sensible at ``k = 0``
and ``k = n`` (where the plain normal interval collapses to a point).
"""

from __future__ import annotations

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
    z = z_value(confidence_level)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, k / n, 0.0)
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = np.where(n > 0, np.clip(centre - half, 0.0, 1.0), 0.0)
    high = np.where(n > 0, np.clip(centre + half, 0.0, 1.0), 1.0)
    low = np.where(k <= 0, 0.0, low)
    high = np.where(k >= n, 1.0, high)
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

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        half = z_value(confidence_level) * self.sd / np.sqrt(max(self.n, 1))
        return ConfidenceInterval(self.mean - half, self.mean + half)

    def __repr__(self) -> str:
        ci = self.confidence_interval()
        return f"PairedDifference({self.mean:+.4f}, 95% CI [{ci.low:+.4f}, {ci.high:+.4f}], n={self.n})"
