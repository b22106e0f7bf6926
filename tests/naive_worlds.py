"""A plain-Python twin of the last round's averaged odds (:mod:`drawsafe.simulation.worlds`).

Before the last round, with its tables published, one world is every open table played once
(``tests/naive_sim.py``'s :func:`~naive_sim.play`).  A player at an open table is then given the
chance of the cut averaged over their own table's results, everything else as in the world:

    v = P(A wins) 1[cut | A wins] + P(played draw) 1[cut | drawn] + P(B wins) 1[cut | B wins]

each result with one game score drawn for that world (a win's score from the decided table, a
draw's from the drawn table), each ranked by the exact standings of ``tests/naive.py`` (exact
ties in random order).  A player whose result is known (a reported table, a bye) gets their 0/1
outcome of the world.  The mean of ``v`` over the worlds is the player's P(cut); nothing here
calls a numba kernel.  Only the MTG packs (as ``naive_sim``) and tables that play (no draws by
choice).
"""

from __future__ import annotations

import random
from dataclasses import replace

import naive_sim

from drawsafe.event.model import MATCH, Match, Round
from drawsafe.event.snapshot import Snapshot
from drawsafe.simulation.question import Question
from drawsafe.tiebreaks.packs import RulePack


def score_of(rows, rng: random.Random) -> tuple[int, int, int]:
    """One game score of a result table (rows of (a, b, drawn, weight))."""
    row = rng.choices(rows, weights=[r[3] for r in rows])[0]
    return row[0], row[1], row[2]


def in_cut(fld, rounds: list[Round], config: Question, rng: random.Random) -> set[str]:
    """The players in the cut with every round in ``rounds`` played."""
    order = naive_sim.standings_order(fld.members, naive_sim.standings_keys(fld, rounds), rng)
    return set(naive_sim.cut_of(order, fld.active, config.top))


def averaged_cut(snap: Snapshot, rules: RulePack, config: Question, n: int, seed: int
                 ) -> dict[str, list[float]]:
    """Every active player's value in each of ``n`` worlds (see the module docstring)."""
    fld = naive_sim.field_of(snap, rules)
    if fld.next_round is None or fld.rounds_left != 1:
        raise ValueError("the twin needs the last round's tables published")
    rng = random.Random(seed)
    res = config.results
    values: dict[str, list[float]] = {p: [] for p in fld.active}
    number = len(fld.history) + 1
    for _ in range(n):
        world = [replace(m, **dict(zip(("a_wins", "b_wins", "draws"),
                                       naive_sim.play(config, fld, m.player_a, m.player_b, rng))))
                 if m.kind == MATCH and not m.reported else m for m in fld.next_round.matches]
        base = in_cut(fld, [*fld.history, Round(number, tuple(world))], config, rng)
        seated = set()
        for i, m in enumerate(fld.next_round.matches):
            if m.kind != MATCH or m.reported:
                continue
            a, b = m.player_a, m.player_b
            p_a = naive_sim.win_probability(config, fld, a, b)
            won, lost, drawn = score_of(res.decided, rng)
            results = [((won, lost, drawn), (1 - res.draw_share) * p_a),
                       (score_of(res.drawn, rng), res.draw_share),
                       ((lost, won, drawn), (1 - res.draw_share) * (1 - p_a))]
            v = {a: 0.0, b: 0.0}
            for score, p in results:
                if p == 0:
                    continue
                tried = [*world[:i], Match(number, a, b, *score), *world[i + 1:]]
                cut = in_cut(fld, [*fld.history, Round(number, tuple(tried))], config, rng)
                for x in (a, b):
                    v[x] += p * (x in cut)
            for x in (a, b):
                values[x].append(v[x])
                seated.add(x)
        for p in fld.active:
            if p not in seated:
                values[p].append(float(p in base))
    return values
