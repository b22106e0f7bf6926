"""Who you likely face next: before a round is paired, each player's likely opponents.

The round to pair is paired ``samples`` times with the event software's own pairer
(:func:`drawsafe.pairing.next_round.next_round_pairings`: random within point groups, the last round
by standings, Dutch for chess, cobra's for Netrunner), each time from a fresh draw of the results
still open in the round in progress (a played match: a win either way, or a draw at the pack's
default draw share), so the shares are estimates, with :attr:`LikelyOpponents.samples` behind each.
For each player: the opponents met most often, the points they stand on, and the bye.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

import numpy as np

from drawsafe.engine.results import ResultModel
from drawsafe.event import kinds
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import Snapshot, fill
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.rng import next_u64, stream
from drawsafe.sentences import opponents_sentence
from drawsafe.tiebreaks.packs import RulePack

#: Pairings drawn (each from its own draw of the round in progress).
SAMPLES = 100
#: Opponents listed per player.
SHOWN = 5
#: Random stream of the samples (apart from simulations and projections).
OPPONENTS_STREAM = 2**63 - 3


@dataclass(frozen=True)
class LikelyOpponents:
    """Player ``player``'s likely opponents in round ``round``: (name, share) by share, the points
    their opponent stands on (points, share), and the share of a bye."""

    player: str
    round: int
    samples: int
    opponents: tuple[tuple[str, float], ...]
    points: tuple[tuple[float, float], ...]
    bye: float = 0.0

    def sentence(self) -> str:
        """"In round 15 you likely face ..." (:func:`drawsafe.sentences.opponents_sentence`)."""
        return opponents_sentence(self.round, self.opponents, self.points, self.bye, self.samples)

    def to_json(self) -> dict:
        return {"round": self.round, "samples": self.samples, "text": self.sentence(),
                "opponents": [{"player": n, "share": s} for n, s in self.opponents],
                "opponent_points": [{"points": p, "share": s} for p, s in self.points], "bye": self.bye}


def after_round(snap: Snapshot, rules: RulePack, state: np.ndarray) -> Snapshot:
    """``snap`` with its round in progress completed: reported results kept, each open table drawn
    (a win either way, or a draw at the pack's default share)."""
    n = snap.players
    cols = [np.zeros((n, 1), dtype=a.dtype) for a in (snap.opp, snap.kind, snap.gw, snap.gl, snap.gd)]
    cols[0][:] = -1
    share = ResultModel.for_rules(rules, best_of=snap.event.best_of).draw_share
    one = rules.results.one_game or snap.event.best_of == 1
    wins = 1 if one else snap.event.best_of // 2 + 1
    bye_games = snap.event.best_of // 2 + 1
    for m in snap.next_round.matches:
        if m.reported or m.kind != MATCH or m.player_b is None:
            fill(m, 0, snap.index, tuple(cols), bye_games)
            continue
        a, b = snap.index[m.player_a], snap.index[m.player_b]
        u = (next_u64(state) >> np.uint64(11)) / float(2 ** 53)
        if u < share:
            sa, sb, sd = 0, 0, (1 if one else 3)
        elif u < share + (1 - share) / 2:
            sa, sb, sd = wins, 0, 0
        else:
            sa, sb, sd = 0, wins, 0
        cols[0][a, 0], cols[0][b, 0] = b, a
        cols[1][a, 0] = cols[1][b, 0] = kinds.PLAYED
        cols[2][a, 0], cols[3][a, 0], cols[4][a, 0] = sa, sb, sd
        cols[2][b, 0], cols[3][b, 0], cols[4][b, 0] = sb, sa, sd
    arrays = [np.concatenate([old, new], axis=1) for old, new in zip(
        (snap.opp, snap.kind, snap.gw, snap.gl, snap.gd), cols)]
    return replace(snap, after_round=snap.after_round + 1, opp=arrays[0], kind=arrays[1], gw=arrays[2],
                   gl=arrays[3], gd=arrays[4], next_round=None)


def likely_opponents(snap: Snapshot, rules: RulePack, *, samples: int = SAMPLES, seed: int = 0,
                     last_round: str = "standings", pairing: str | None = None
                     ) -> dict[str, LikelyOpponents]:
    """Every player's likely opponents in the next round to pair (module text); empty when no
    round is left to pair."""
    paired = snap.next_round is not None
    if snap.rounds_left < (2 if paired else 1):
        return {}
    number = snap.after_round + (2 if paired else 1)
    met: dict[str, Counter] = {}
    pts: dict[str, Counter] = {}
    byes: Counter = Counter()
    state = stream(seed, OPPONENTS_STREAM)
    runs = samples if paired or rules.pairing != "mtg" or number != snap.total_rounds else min(samples, 20)
    for s in range(runs):
        base = after_round(snap, rules, state) if paired else snap
        # a sample's seed stays a seed the kernels take (0 .. 2^63-1) for every --seed
        tables = next_round_pairings(base, rules, last_round, seed=(seed * 100_003 + s) % 2**63,
                                     pairing=pairing).tables
        for t in tables:
            if t.player_b is None:
                byes[t.player_a] += 1
                continue
            for me, other, p in ((t.player_a, t.player_b, t.points_b), (t.player_b, t.player_a, t.points_a)):
                met.setdefault(me, Counter())[other] += 1
                pts.setdefault(me, Counter())[p] += 1
    out = {}
    for name in set(met) | set(byes):
        faced = met.get(name, Counter())
        out[name] = LikelyOpponents(
            name, number, runs, tuple((o, c / runs) for o, c in faced.most_common(SHOWN)),
            tuple(sorted(((float(p), c / runs) for p, c in pts.get(name, Counter()).items()),
                         key=lambda x: -x[1])), byes[name] / runs)
    return out
