"""Certainty (clinched / eliminated / open) for every player of a large event: seconds per call.

A generated event of ``--players`` players (default 1,000) and ``--rounds`` Swiss rounds, at its
last round with the pairings known, and again with two rounds still to pair; Top 8 (``--top``).
The first call compiles nothing new (the tiebreak kernels are the standings'), so the figure is
the warm median of ``--repeat`` calls.

    python benchmarks/certainty.py [--players 1000] [--rounds 10] [--pack mtg]
"""

from __future__ import annotations

import argparse
import statistics
import time

from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.certainty import certainty
from drawsafe.simulation.generate import generate_event
from drawsafe.tiebreaks.packs import get_rules


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--pack", default="mtg")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    rules = get_rules(args.pack)
    event = generate_event(args.players, args.rounds, args.rounds, seed=1, rules=rules)
    for label, after in (("last round, paired", args.rounds - 1), ("two rounds to pair", args.rounds - 2)):
        snap = take_snapshot(event, after_round=after)
        if after == args.rounds - 2:
            from dataclasses import replace
            snap = replace(snap, next_round=None)
        certainty(snap, rules, Cut(args.top))  # warm
        times = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            report = certainty(snap, rules, Cut(args.top))
            times.append(time.perf_counter() - t)
        c = report.counts()
        print(f"{args.players} players, {label}: median {statistics.median(times):.3f} s "
              f"(max {max(times):.3f} s); {c['clinched']} clinched, {c['eliminated']} eliminated, "
              f"{c['open']} open; searches skipped over the budget: {report.skipped}")


if __name__ == "__main__":
    main()
