"""The next round's pairings: as published, or projected with the event software's rules.

The last Swiss round paired by standings is deterministic up to exact ties (ordered by ``seed``);
other rounds are random within point groups, so a projection is one draw (``seed``) of them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from drawsafe.errors import UsageError
from drawsafe.event.model import DOUBLE_LOSS, FORFEIT, SOLO_LABELS
from drawsafe.event.snapshot import Snapshot
from drawsafe.pairing.dutch import pair_dutch
from drawsafe.pairing.swiss import pair_standings, pair_swiss
from drawsafe.pairing.weighted import pair_weighted
from drawsafe.rng import stream
from drawsafe.standings.table import standings_order
from drawsafe.tiebreaks.packs import RulePack, display_points
from drawsafe.tiebreaks.values import REC_POINTS, player_records

#: Simulation index of the stream used to project a random round (apart from simulations).
PROJECTION_STREAM = 2**63 - 2


@dataclass(frozen=True)
class Table:
    table: int
    player_a: str
    player_b: str | None
    points_a: float
    points_b: float | None
    #: The published match's kind (:mod:`drawsafe.event.model`): "match", a bye, a forfeit (with
    #: an opponent: player_a won it; without: a loss), a half-point bye, a double loss.
    kind: str = "match"

    @property
    def opponent_text(self) -> str:
        """The opponent as every output names it: the name (a forfeit said so), or what the
        round is without one (BYE, a forfeit, a half-point bye)."""
        if self.player_b is None:
            return SOLO_LABELS.get(self.kind, "BYE")
        return self.player_b + {FORFEIT: " (won by forfeit by the first player)",
                                DOUBLE_LOSS: " (a double forfeit)"}.get(self.kind, "")

    def to_json(self) -> dict:
        return {"table": self.table, "player_a": self.player_a, "player_b": self.player_b,
                "points_a": self.points_a, "points_b": self.points_b, "kind": self.kind,
                "opponent": self.opponent_text}


@dataclass(frozen=True)
class Pairings:
    """Pairings of round ``round``; ``method`` is "published", "standings", "random" or "dutch"."""

    round: int
    method: str
    tables: tuple[Table, ...]
    #: A rematch could not be avoided.
    rematch: bool = False
    #: Players exactly tied in the standings were ordered at random (--seed) to pair them.
    exact_ties: bool = False

    def to_json(self) -> list[dict]:
        return [t.to_json() for t in self.tables]


def next_round_pairings(snap: Snapshot, rules: RulePack, last_round: str = "standings",
                        seed: int = 0, pairing: str | None = None) -> Pairings:
    """The pairings of round ``snap.after_round + 1``: published when known, else projected
    (``pairing``: "mtg" or "dutch"; default the rule pack's)."""
    pairing = pairing or rules.pairing
    number = snap.after_round + 1
    nr = snap.kind.shape[1]
    # points alone pair every round but the last by standings: the tiebreaks (a full standings
    # table) only for that one (likely_opponents pairs a round a hundred times)
    rec = player_records(snap.kind, snap.gw, snap.gl, snap.gd, nr, rules.points_table())
    points = np.ascontiguousarray(rec[:, REC_POINTS])  # the pairing kernels take contiguous int64
    pts = {name: display_points(points[p], rules.point_scale) for p, name in enumerate(snap.names)}
    if snap.next_round is not None:
        tables = []
        for i, m in enumerate(snap.next_round.matches):
            b = m.player_b
            tables.append(Table(m.table or i + 1, m.player_a, b, pts.get(m.player_a, 0),
                                pts.get(b, 0) if b else None, m.kind))
        return Pairings(number, "published", tuple(tables))
    if number > snap.total_rounds:

        raise UsageError(f"the event's {snap.total_rounds} Swiss rounds are all played; "
                         "use --after-round or --rounds")
    n = snap.players
    pa = np.empty(n // 2 + 1, dtype=np.int64)
    pb = np.empty(n // 2 + 1, dtype=np.int64)
    had_bye = (snap.kind == 2).any(axis=1) if nr else np.zeros(n, dtype=bool)
    exact_ties = False
    # players with a bye awarded for this round are not paired
    awarded = {p for p, k in snap.event.awarded_byes.items()
               if k >= number and p in snap.index and snap.active[snap.index[p]]}
    in_round = snap.active & ~np.isin(np.arange(n), [snap.index[p] for p in awarded])
    players = np.flatnonzero(in_round).astype(np.int64)
    if pairing == "dutch":
        m, bye, ok = pair_dutch(stream(seed, PROJECTION_STREAM), players, points, had_bye, snap.opp, nr,
                                snap.ratings, pa, pb)
        method = "dutch"
    elif pairing == "cobra":  # no special last round
        m, bye, ok = pair_weighted(stream(seed, PROJECTION_STREAM), players, points, had_bye, snap.opp, nr,
                                   pa, pb)
        method = "cobra"
    elif number == snap.total_rounds and last_round == "standings":
        # the whole pod is paired, also when only one division of it is ranked (Event.ranked)
        _, order, tied = standings_order(replace(snap, ranked=None) if snap.ranked is not None else snap, rules,
                                         seed)
        pairs = in_round[order]
        ranked = np.ascontiguousarray(order[pairs], dtype=np.int64)
        m, bye, ok = pair_standings(ranked, had_bye, snap.opp, nr, pa, pb)
        method = "standings"
        exact_ties = bool(tied[pairs].any())
    else:
        m, bye, ok = pair_swiss(stream(seed, PROJECTION_STREAM), players, points, had_bye, snap.opp, nr, pa, pb)
        method = "random"
    tables = [Table(t + 1, snap.names[pa[t]], snap.names[pb[t]], pts[snap.names[pa[t]]],
                    pts[snap.names[pb[t]]]) for t in range(m)]
    for p in ([snap.names[bye]] if bye >= 0 else []) + sorted(awarded):
        tables.append(Table(len(tables) + 1, p, None, pts.get(p, 0), None))
    return Pairings(number, method, tuple(tables), rematch=not ok, exact_ties=exact_ties)



