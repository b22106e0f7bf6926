"""Throughput against mosew's engine (github.com/mosew/mtg-swiss-simulator, pure Python).

mosew's ``tournament`` package plays whole Swiss events of ``n`` players from round 1 (pairing by
points and player number, a coin for each result, locked intentional draws in the last two rounds,
a ranking by points and opponents' win % after every round).  Its player-rounds per second are
timed on the same field sizes and round counts as ``benchmarks/throughput.py`` (one thread: it
has no other), then drawsafe's (``throughput.measure``, all cores and one thread) in the same
process, alternated ``--repeat`` times.  The ratio is drawsafe's player-rounds per second over
mosew's.  Nothing of mosew's code is in this repository: give a checkout with ``--mosew``.

    python benchmarks/mosew.py --mosew PATH [--sizes 64,256,1024] [--seconds 2] [--repeat 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.throughput import ROUNDS, measure


def mosew_rate(players: int, rounds: int, seconds: float) -> float:
    """mosew's player-rounds per second: whole events of ``players`` x ``rounds`` for ``seconds``."""
    from tournament.tournament import Tournament  # mosew's package (--mosew puts it on the path)

    random.seed(1)
    events = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        Tournament(players, rounds, 2.0, allow_intentional_draws=True, cut_size=8).play_all_rounds()
        events += 1
    return players * rounds * events / (time.perf_counter() - start)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mosew", required=True, help="a checkout of mosew/mtg-swiss-simulator")
    ap.add_argument("--sizes", default="64,256,1024")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    sys.path.insert(0, args.mosew)
    for size in (int(s) for s in args.sizes.split(",")):
        theirs, ours, ours1 = [], [], []
        for _ in range(args.repeat):
            theirs.append(mosew_rate(size, ROUNDS.get(size, 10), args.seconds))
            row = measure(size, args.seconds, 0.0)
            ours.append(row["player_rounds_per_s"])
            ours1.append(row["player_rounds_per_s_1_thread"])
        out = {"players": size, "mosew": round(statistics.median(theirs)),
               "drawsafe": round(statistics.median(ours)), "drawsafe_1_thread": round(statistics.median(ours1)),
               "ratio": round(statistics.median(o / t for o, t in zip(ours, theirs)), 1),
               "ratio_1_thread": round(statistics.median(o / t for o, t in zip(ours1, theirs)), 1)}
        print(json.dumps(out) if args.json else
              f"{size:>5} players: mosew {out['mosew'] / 1e3:.0f} k/s, drawsafe {out['drawsafe'] / 1e6:.2f} M/s "
              f"(1 thread {out['drawsafe_1_thread'] / 1e6:.2f} M/s): x{out['ratio']} (1 thread x{out['ratio_1_thread']})",
              flush=True)


if __name__ == "__main__":
    main()
