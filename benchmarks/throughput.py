"""Simulation throughput: simulated player-rounds per second, against the pure-Python reference.

For each field size, a synthetic event (``drawsafe.simulation.generate``) is played to two rounds before its end,
and the remaining two Swiss rounds (a random middle round, then the last round by standings, with
the locked-draw policy) are simulated many times:

- ``player_rounds_per_s``: active players x rounds simulated x simulations / wall seconds, all cores;
- ``player_rounds_per_s_1_thread`` and ``scaling`` (all cores / one thread);
- ``reference_ratio``: speed-up over ``tests/naive_sim.py`` (plain Python, the obviously-correct
  reference) on the same snapshot and configuration; the reference plays the Magic packs only
  (null for the other packs, e.g. ``--rules netrunner``, and with ``--reference-seconds 0``).

    python benchmarks/throughput.py [--json] [--sizes 64,256,1024,4096] [--seconds 3]

Numba compile time is excluded (a warm-up run first); it is cached on disk after the first run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numba

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from naive_sim import run_reference

from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.tiebreaks.packs import get_rules

ROUNDS = {64: 6, 256: 8, 1024: 10, 4096: 12}


def timed(fn, min_seconds: float) -> tuple[int, float]:
    """Call ``fn(n)`` with growing ``n`` until one call lasts ``min_seconds``; (n, seconds)."""
    n = 16
    while True:
        start = time.perf_counter()
        fn(n)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return n, elapsed
        n = int(n * max(2.0, 1.2 * min_seconds / max(elapsed, 1e-3)))


def measure(players: int, seconds: float, reference_seconds: float, rules_name: str = "mtg") -> dict:
    rounds = ROUNDS.get(players, 10)
    event = generate_event(players, rounds, rounds - 2, seed=players)
    snap = take_snapshot(event)
    rules = get_rules(rules_name)
    config = Question(future_draws="locked")
    sim = Simulator(snap, rules, config)
    work = int(snap.active.sum()) * snap.rounds_left
    sim.run(8, seed=1)  # compile / load the cache
    threads = numba.get_num_threads()
    n, elapsed = timed(lambda k: sim.run(k, seed=1), seconds)
    numba.set_num_threads(1)
    n1, elapsed1 = timed(lambda k: sim.run(k, seed=1), seconds / 2)
    numba.set_num_threads(threads)
    rate = n * work / elapsed
    rate1 = n1 * work / elapsed1
    ref = None
    # the reference (tests/naive_sim.py) knows the Magic packs only; 0 seconds: no reference
    if reference_seconds > 0 and rules.game == "Magic" and rules.point_scale == 1:
        nref, elapsed_ref = timed(lambda k: run_reference(snap, rules, config, k, seed=1), reference_seconds)
        ref = nref * work / elapsed_ref
    return {"players": players, "rounds_left": snap.rounds_left, "rules": rules_name, "threads": threads,
            "simulations": n, "seconds": round(elapsed, 3), "player_rounds_per_s": round(rate),
            "player_rounds_per_s_1_thread": round(rate1), "scaling": round(rate / rate1, 2),
            "reference_player_rounds_per_s": None if ref is None else round(ref),
            "reference_ratio": None if ref is None else round(rate / ref, 1)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object per line")
    ap.add_argument("--sizes", default="64,256,1024,4096")
    ap.add_argument("--seconds", type=float, default=3.0, help="minimum timed run of the kernel")
    ap.add_argument("--reference-seconds", type=float, default=2.0,
                    help="minimum timed run of the pure-Python reference (0: none; Magic packs only)")
    ap.add_argument("--rules", default="mtg", help="rule pack (e.g. fide for the chess tiebreaks)")
    args = ap.parse_args(argv)
    for size in (int(s) for s in args.sizes.split(",")):
        row = measure(size, args.seconds, args.reference_seconds, args.rules)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{row['players']:>5} players: {row['player_rounds_per_s'] / 1e6:7.2f} M player-rounds/s "
                  f"({row['threads']} threads; 1 thread {row['player_rounds_per_s_1_thread'] / 1e6:.2f} M, "
                  f"scaling x{row['scaling']}); reference {row['reference_player_rounds_per_s']}/s, "
                  f"ratio x{row['reference_ratio']}", flush=True)


if __name__ == "__main__":
    main()
