"""One standings ranking alone (``refined_order``, MTG): microseconds per call, one thread, CPU time.

For each field size, ``--fields`` generated events (throughput.py's sizes and rounds, one round
before their last Swiss round: the state the last round's pairing ranks) are ranked in turn, a
complete order and one exact to 64 places and the Top 8 (the final ranking of a simulation).
Cycling over many fields matters: one field ranked again and again lets the CPU's branch predictor
learn its comparisons, and branchy sorts (insertion, quicksort) then look faster than they are
(issue 51, benchmarks/NOTES.md).  Run it with each tree's interpreter to compare two trees.

    python benchmarks/ranking.py [--sizes 64,256,1024] [--fields 32]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numba
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.throughput import ROUNDS
from drawsafe.engine.inputs import Played
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.standings.order import refined_order
from drawsafe.tiebreaks.packs import get_rules


@numba.njit
def rank_many(rounds, keys, nr, rules, ratings, members, need, active, reps):
    """``reps`` rankings, field ``i % fields`` the ``i``-th (``rounds``: rec, opp, kind, gw, gl,
    gd stacked over the fields)."""
    rec, opp, kind, gw, gl, gd = rounds
    s = 0
    for i in range(reps):
        k = i % rec.shape[0]
        played = Played(rec[k], opp[k], kind[k], gw[k], gl[k], gd[k], keys)
        s += refined_order(played, nr, rules, ratings, members, (np.uint64(i), np.uint64(7)), need, 8, active)[0]
    return s


def measure(players: int, fields: int) -> dict:
    rounds = ROUNDS.get(players, 10)
    sims = [Simulator(take_snapshot(generate_event(players, rounds + 1, rounds - 1, seed=1000 * players + i)),
                      get_rules("mtg"), Question()) for i in range(fields)]
    f = sims[0].field
    stacked = tuple(np.ascontiguousarray(np.stack([getattr(s.field, name) for s in sims]))
                    for name in ("rec", "opp", "kind", "gw", "gl", "gd"))
    keys = np.zeros((f.rec.shape[0], len(sims[0].codes)))
    row = {"players": players}
    for label, need in (("complete_us", players), ("cut_us", 64)):
        args = (stacked, keys, rounds - 1, sims[0].kernel_rules, f.ratings, f.members, need, f.active)
        rank_many(*args, 2)
        reps = 400_000 // players
        best = float("inf")
        for _ in range(5):
            start = time.process_time()
            rank_many(*args, reps)
            best = min(best, (time.process_time() - start) / reps * 1e6)
        row[label] = round(best, 2)
    return row


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="64,256,1024")
    ap.add_argument("--fields", type=int, default=32)
    args = ap.parse_args(argv)
    numba.set_num_threads(1)
    for size in (int(s) for s in args.sizes.split(",")):
        row = measure(size, args.fields)
        print(f"{size:>5} players: complete order {row['complete_us']:.2f} us, "
              f"exact to 64 places {row['cut_us']:.2f} us (best of 5, CPU)", flush=True)


if __name__ == "__main__":
    main()
