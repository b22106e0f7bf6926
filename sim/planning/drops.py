"""Drops between rounds, measured on real events: the rate by record that ``drawsafe field`` uses.

On melee.gg nothing marks a drop; a player missing from every later Swiss round has dropped (see
``shared/data/melee/README.md``: almost nobody comes back).  After each round but the last, every
player still in the event either plays the next round or has dropped.  Rates are kept by the
number of matches not won so far (losses and draws; :data:`MAX_NONWINS` or more share a bin) and by whether
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
from drawsafe.event.io import load_event  # the importers are only needed to measure
from drawsafe.stats import Proportion

MAX_NONWINS = 4
DATA_FILE = "drops.json"


#: Field-size bands of the measured rates (largest entrant count of each band; the last is open).
BANDS = (16, 32, 64, None)


@dataclass(frozen=True)
class DropBand:
    """Per-round drop rates by matches not won for fields of at most ``max_players`` (None: any):
    ``middle[k]`` before a round that is not the last, ``before_last[k]`` before the last round
    (k = 0 .. MAX_NONWINS, the last bin is k or more)."""

    max_players: int | None
    middle: tuple[float, ...]
    before_last: tuple[float, ...]


@dataclass(frozen=True)
class DropModel:
    """Drop rates by field size (bigger events lose more players: measured, 2 losses out of 3-4
    rounds: about 5% a round up to 64 players, 20% above)."""

    bands: tuple[DropBand, ...]
    source: str = ""

    @classmethod
    def none(cls) -> DropModel:
        zeros = (0.0,) * (MAX_NONWINS + 1)
        return cls((DropBand(None, zeros, zeros),), "no drops")

    @classmethod
    def parse(cls, text: str) -> DropModel:
        """``--drops``: "measured", "none", or a factor on the measured rates (e.g. 0.5).

        :raises UsageError: for anything else."""
        if text == "measured":
            return cls.measured()
        if text == "none":
            return cls.none()
        try:
            return cls.scaled(float(text))
        except ValueError:
            raise UsageError(f"--drops {text!r}: use 'measured', 'none' or a factor such as 0.5") from None

    @classmethod
    def measured(cls) -> DropModel:
        """The rates in ``drawsafe/data/drops.json``."""
        text = resources.files("drawsafe").joinpath("data", DATA_FILE).read_text()
        data = json.loads(text)
        return cls(tuple(DropBand(b["max_players"], tuple(r["rate"] for r in b["middle"]),
                                  tuple(r["rate"] for r in b["before_last"])) for b in data["bands"]),
                   data.get("source", ""))

    @classmethod
    def scaled(cls, factor: float) -> DropModel:
        """The measured rates times ``factor`` (``--drops 0.5``: half as many drops)."""
        if factor < 0:
            raise UsageError("--drops must be 'measured', 'none' or a factor >= 0")
        m = cls.measured()
        return cls(tuple(DropBand(b.max_players, tuple(min(1.0, r * factor) for r in b.middle),
                                  tuple(min(1.0, r * factor) for r in b.before_last)) for b in m.bands),
                   f"{factor} x {m.source}")

    @property
    def active(self) -> bool:
        return any(any(b.middle) or any(b.before_last) for b in self.bands)

    def band(self, players: int) -> DropBand:
        for b in self.bands:
            if b.max_players is None or players <= b.max_players:
                return b
        return self.bands[-1]

    def table(self, rounds: int, players: int) -> np.ndarray:
        """``rate[r, k]``: P(drop after round r + 1 | k matches not won), r = 0 .. rounds - 2, for a
        field of ``players``."""
        b = self.band(players)
        out = np.zeros((max(rounds - 1, 0), MAX_NONWINS + 1))
        for r in range(rounds - 1):
            out[r] = b.before_last if r == rounds - 2 else b.middle
        return out


@dataclass(frozen=True)
class DropRate:
    max_players: int | None
    nonwins: int
    before_last: bool
    drops: Proportion


#: A round after which at least this share of the players on some number of matches not won (and
#: at least :data:`ELIMINATED_MIN` of them) leave is a format's cut, not players dropping.
ELIMINATED_SHARE = 0.9
ELIMINATED_MIN = 8


def round_drops(event) -> list[list[tuple[int, bool]]]:
    """For each Swiss round but the last: (matches not won so far, left the event after it) of
    every player in it (a player missing from every later round left)."""
    swiss = event.swiss
    last_seen: dict[str, int] = {}
    nonwins: dict[str, list[int]] = {}
    for i, rnd in enumerate(swiss):
        for m in rnd.matches:
            for p in m.players:
                last_seen[p] = i
                nonwins.setdefault(p, [0] * len(swiss))[i] = 0 if m.winner() == p else 1
    return [[(sum(nonwins[p][:i + 1]), last_seen[p] == i) for p in rnd.players]
            for i, rnd in enumerate(swiss[:-1])]


def forced_elimination(event) -> bool:
    """True when the event removes players by its format (single elimination listed as Swiss
    rounds, "two losses and out" qualifiers, a day-two cut): after some round nearly everyone on
    some number of matches not won left at once."""
    for players in round_drops(event):
        by_k: dict[int, list[int]] = {}
        for k, left in players:
            c = by_k.setdefault(k, [0, 0])
            c[0] += 1
            c[1] += int(left)
        if any(k > 0 and n >= ELIMINATED_MIN and gone >= ELIMINATED_SHARE * n for k, (n, gone) in by_k.items()):
            return True
    return False


def measure_drops(folder: str | Path, min_rounds: int = 4) -> tuple[list[DropRate], dict, int]:
    """Drop counts by (field-size band, matches not won, next round the last) over the Swiss events in ``folder``
    (melee.gg JSON, at least ``min_rounds`` Swiss rounds), leaving out events that eliminate
    players by their format (:func:`forced_elimination`).  Returns the rates, the number of
    events used per band and the number left out as eliminations."""

    k_counts = np.zeros((len(BANDS), 2, MAX_NONWINS + 1, 2), dtype=np.int64)  # [band, last?, k, (n, dropped)]
    used = dict.fromkeys(BANDS, 0)
    eliminated = 0
    for path in sorted(Path(folder).glob("*.json")):
        if path.name == "index.json":
            continue
        try:
            event = load_event(path)
        except Exception:  # noqa: BLE001, S112 (a file the importer refuses is not measured)
            continue
        if len(event.swiss) < min_rounds:
            continue
        if forced_elimination(event):
            eliminated += 1
            continue
        b = next(i for i, top in enumerate(BANDS) if top is None or len(event.players) <= top)
        used[BANDS[b]] += 1
        rounds = round_drops(event)
        for i, players in enumerate(rounds):
            last = int(i == len(rounds) - 1)
            for k, left in players:
                k_counts[b, last, min(k, MAX_NONWINS), 0] += 1
                k_counts[b, last, min(k, MAX_NONWINS), 1] += int(left)
    rates = [DropRate(top, k, bool(last), Proportion(int(k_counts[b, last, k, 1]), int(k_counts[b, last, k, 0])))
             for b, top in enumerate(BANDS) for last in (0, 1) for k in range(MAX_NONWINS + 1)]
    return rates, used, eliminated


def rates_json(rates: list[DropRate], used: dict, eliminated: int, source: str) -> dict:
    """The data file: per band, per (before the last round or not, matches not won), the counts and
    the rate.  An empty cell takes the rate of the previous number of matches not won."""
    bands = []
    for top in BANDS:
        band = {"max_players": top, "events": used[top]}
        for name, last in (("middle", False), ("before_last", True)):
            rows, prev = [], 0.0
            for r in rates:
                if r.max_players == top and r.before_last == last:
                    ci = r.drops.confidence_interval()
                    rate = r.drops.estimate if r.drops.n else prev
                    prev = rate
                    rows.append({"nonwins": r.nonwins, "players": r.drops.n, "dropped": r.drops.k,
                                 "rate": rate, "ci": [ci.low, ci.high]})
            band[name] = rows
        bands.append(band)
    return {"source": f"{source}: {sum(used.values())} Swiss events with 4+ rounds ({eliminated} with format "
                      "eliminations left out), rates by field size", "bands": bands}
