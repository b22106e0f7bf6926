"""Drops between rounds, measured on real events: the rate by record that ``drawsafe field`` uses.

On melee.gg nothing marks a drop; a player missing from every later Swiss round has dropped (see
``shared/data/melee/README.md``: almost nobody comes back).  After each round but the last, every
player still in the event either plays the next round or has dropped.  Rates are kept by the
number of matches not won so far (losses and draws, capped at :data:`MAX_NONWINS`) and by whether
the next round is the last one (players with nothing left to play for leave before it more often).

The figures live in ``drawsafe/data/drops.json``; ``reports/field/measure_drops.py`` measures them
again (:func:`measure_drops`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
from drawsafe.errors import UsageError
from drawsafe.stats import Proportion

MAX_NONWINS = 6
DATA_FILE = "drops.json"


@dataclass(frozen=True)
class DropModel:
    """Per-round drop rates by matches not won: ``middle[k]`` before a round that is not the last,
    ``before_last[k]`` before the last round (k = 0 .. MAX_NONWINS, the last bin is k or more)."""

    middle: tuple[float, ...]
    before_last: tuple[float, ...]
    source: str = ""

    @classmethod
    def none(cls) -> DropModel:
        zeros = (0.0,) * (MAX_NONWINS + 1)
        return cls(zeros, zeros, "no drops")

    @classmethod
    def measured(cls) -> DropModel:
        """The rates in ``drawsafe/data/drops.json``."""
        text = resources.files("drawsafe").joinpath("data", DATA_FILE).read_text()
        data = json.loads(text)
        return cls(tuple(r["rate"] for r in data["middle"]), tuple(r["rate"] for r in data["before_last"]),
                   data.get("source", ""))

    @classmethod
    def scaled(cls, factor: float) -> DropModel:
        """The measured rates times ``factor`` (``--drops 0.5``: half as many drops)."""
        if factor < 0:
            raise UsageError("--drops must be 'measured', 'none' or a factor >= 0")
        m = cls.measured()
        return cls(tuple(min(1.0, r * factor) for r in m.middle),
                   tuple(min(1.0, r * factor) for r in m.before_last), f"{factor} x {m.source}")

    @property
    def active(self) -> bool:
        return any(self.middle) or any(self.before_last)

    def table(self, rounds: int) -> np.ndarray:
        """``rate[r, k]``: P(drop after round r + 1 | k matches not won), for r = 0 .. rounds - 2."""
        out = np.zeros((max(rounds - 1, 0), MAX_NONWINS + 1))
        for r in range(rounds - 1):
            out[r] = self.before_last if r == rounds - 2 else self.middle
        return out


@dataclass(frozen=True)
class DropRate:
    nonwins: int
    before_last: bool
    drops: Proportion


def measure_drops(folder: str | Path, min_rounds: int = 4) -> tuple[list[DropRate], int]:
    """Drop counts by (matches not won, next round the last) over the Swiss events in ``folder``
    (melee.gg JSON, at least ``min_rounds`` Swiss rounds).  Returns the rates and the number of
    events used."""
    from drawsafe.event.io import load_event  # the importers are only needed to measure

    k_counts = np.zeros((2, MAX_NONWINS + 1, 2), dtype=np.int64)  # [last?, k, (players, dropped)]
    used = 0
    for path in sorted(Path(folder).glob("*.json")):
        if path.name == "index.json":
            continue
        try:
            event = load_event(path)
        except Exception:  # noqa: BLE001, S112 (a file the importer refuses is not measured)
            continue
        swiss = event.swiss
        if len(swiss) < min_rounds:
            continue
        used += 1
        last_seen: dict[str, int] = {}
        nonwins: dict[str, list[int]] = {}
        for i, rnd in enumerate(swiss):
            for m in rnd.matches:
                for p in m.players:
                    last_seen[p] = i
                    row = nonwins.setdefault(p, [0] * len(swiss))
                    row[i] = 0 if m.winner() == p else 1
        for i, rnd in enumerate(swiss[:-1]):
            last = i == len(swiss) - 2
            for p in rnd.players:
                k = min(sum(nonwins[p][:i + 1]), MAX_NONWINS)
                k_counts[int(last), k, 0] += 1
                k_counts[int(last), k, 1] += int(last_seen[p] == i)
    rates = [DropRate(k, bool(last), Proportion(int(k_counts[last, k, 1]), int(k_counts[last, k, 0])))
             for last in (0, 1) for k in range(MAX_NONWINS + 1)]
    return rates, used


def rates_json(rates: list[DropRate], events: int, source: str) -> dict:
    def rows(last: bool):
        out = []
        for r in rates:
            if r.before_last == last:
                ci = r.drops.confidence_interval()
                out.append({"nonwins": r.nonwins, "players": r.drops.n, "dropped": r.drops.k,
                            "rate": r.drops.estimate if r.drops.n else 0.0, "ci": [ci.low, ci.high]})
        return out
    return {"source": f"{source}: {events} Swiss events with 4+ rounds", "middle": rows(False),
            "before_last": rows(True)}
