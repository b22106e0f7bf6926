"""Exact standings of a snapshot: points, record and every tiebreak, as a judge reads them."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from drawsafe.event import kinds
from drawsafe.event.snapshot import Snapshot
from drawsafe.rng import GOLDEN, mix64_array, stream
from drawsafe.tiebreaks.packs import RulePack, display_points
from drawsafe.tiebreaks.ranking import rank_order, tie_groups
from drawsafe.tiebreaks.values import (
    player_records,
    tiebreak_values,
    tiebreak_values_rec,
)

#: Simulation index reserved for the random order of exact ties in ``standings``.
STANDINGS_STREAM = 2**63 - 1


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.  ``values`` maps each tiebreak key (e.g. "OMW") to its value."""

    rank: int
    player: str
    points: float
    wins: int
    losses: int
    draws: int
    values: dict[str, float]
    #: Exactly tied with a neighbour on points and every tiebreak (their order is random).
    tied: bool = False
    dropped: bool = False

    def __getattr__(self, name: str) -> float:
        values = self.__dict__.get("values", {})
        if name.upper() in values:
            return values[name.upper()]
        raise AttributeError(name)

    def to_json(self) -> dict:
        d = {"rank": self.rank, "player": self.player, "points": self.points, "wins": self.wins,
             "losses": self.losses, "draws": self.draws}
        d.update({k.lower(): None if math.isnan(v) else v for k, v in self.values.items()})  # NaN: not published
        d["tied"] = self.tied
        d["dropped"] = self.dropped
        return d


@dataclass(frozen=True)
class Standings:
    """The standings after ``snapshot.after_round`` Swiss rounds under ``rules``."""

    snapshot: Snapshot
    rules: RulePack
    rows: tuple[StandingRow, ...]
    seed: int

    def by_player(self) -> dict[str, StandingRow]:
        return {r.player: r for r in self.rows}

    def to_json(self) -> list[dict]:
        return [r.to_json() for r in self.rows]


def tiebreak_table(snap: Snapshot, rules: RulePack, dedupe: bool | None = None) -> np.ndarray:
    """Points and tiebreak values of every player, ``[player, 1 + len(rules.tiebreaks)]``."""
    codes = rules.codes()
    out = np.zeros((snap.players, len(codes)))
    flags = rules.flags(snap.has_rematch if dedupe is None else dedupe, snap.phase_start)
    tiebreak_values(snap.opp, snap.kind, snap.gw, snap.gl, snap.gd, snap.kind.shape[1],
                    rules.points_table(), codes, flags, snap.ratings, out)
    return out


def records(snap: Snapshot) -> np.ndarray:
    """Wins, losses and draws of every player (byes are wins; losses without opponent are losses)."""
    # round_result, column by column on whole arrays (a kernel call per cell took 0.4 s at 20,000
    # players x 11 rounds)
    kind, gw, gl = snap.kind, snap.gw, snap.gl
    counted = (kind != kinds.ABSENT) & (kind != kinds.NO_RESULT)
    played = kind == kinds.PLAYED
    win = (played & (gw > gl)) | (kind == kinds.BYE) | (kind == kinds.FORFEIT_WIN)
    draw = (played & (gw == gl)) | (kind == kinds.HALF_BYE)
    out = np.zeros((snap.players, 3), dtype=np.int64)
    out[:, 0] = (counted & win).sum(axis=1)
    out[:, 2] = (counted & draw).sum(axis=1)
    out[:, 1] = counted.sum(axis=1) - out[:, 0] - out[:, 2]
    return out


def tie_noise(seed: int, n: int) -> np.ndarray:
    """The first ``n`` draws of the standings' stream (:func:`drawsafe.rng.next_u64` on whole arrays:
    a call per player took 8 ms at 20,000 players)."""
    key = stream(seed, STANDINGS_STREAM)[0]
    with np.errstate(over="ignore"):
        return mix64_array(key + np.arange(1, n + 1, dtype=np.uint64) * GOLDEN)


def standings_order(snap: Snapshot, rules: RulePack, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The order of :func:`compute_standings` without its rows: (``keys`` [player, points and
    each tiebreak], ``order`` the ranked player rows, ``tied`` per position of ``order``: exactly
    tied with a neighbour).  The projected last round pairs on it (likely opponents: 20 times)."""
    members = np.flatnonzero((snap.competed | snap.active) & snap.ranked_mask()).astype(np.int64)
    nr = snap.kind.shape[1]
    table = rules.points_table()
    totals = player_records(snap.kind, snap.gw, snap.gl, snap.gd, nr, table)
    keys = np.zeros((snap.players, len(rules.tiebreaks) + 1))
    # Every column for everyone, then a comparator sort on them: the simulations' ranking
    # (refined_order) gives exactly this order (tests/standings/test_order.py), and the sort
    # compiles in a fraction of its time (the first `drawsafe standings` waits for the compile).
    codes, flags = rules.codes(), rules.flags(snap.has_rematch, snap.phase_start)
    tiebreak_values_rec(totals, snap.opp, snap.kind, snap.gw, snap.gl, snap.gd, nr, table, codes, flags,
                        snap.ratings, keys)
    order = rank_order(keys, tie_noise(seed, snap.players), members)
    starts = tie_groups(keys, order)
    n = len(order)
    tied = np.zeros(n, dtype=bool)
    tied[1:] = starts[1:] != np.arange(1, n)  # tied with the one above
    tied[:-1] |= tied[1:]  # ... or with the one below
    return keys, order, tied


def compute_standings(snap: Snapshot, rules: RulePack, seed: int = 0) -> Standings:
    """Rank every player who competed, by points then ``rules``' tiebreaks, exact ties at random."""
    keys, order, tied = standings_order(snap, rules, seed)
    rec = records(snap)
    # players a phase's cut eliminated (a day 2) are not dropped
    cut_out = snap.cut_out if snap.cut_out is not None else np.zeros(snap.players, dtype=bool)
    rows = []
    for i, p in enumerate(order):
        values = {t.key: t.shown(float(keys[p, j + 1])) for j, t in enumerate(rules.tiebreaks)}
        rows.append(StandingRow(
            rank=i + 1, player=snap.names[p], points=display_points(keys[p, 0], rules.point_scale),
            wins=int(rec[p, 0]), losses=int(rec[p, 1]), draws=int(rec[p, 2]), values=values,
            tied=bool(tied[i]), dropped=not bool(snap.active[p]) and not cut_out[p],
        ))
    return Standings(snap, rules, tuple(rows), seed)


