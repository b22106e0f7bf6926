"""Throughput of the kernels before the package move (a checkout of fd2ca5e, imported as ``sim``)
against this tree's (``drawsafe``), in ONE process, alternated run by run.

One thread (``--threads``: more), simulated player-rounds per CPU second (per wall second on more
threads), the throughput benchmark's events (two rounds left, locked draws).  Two processes of the
same code differ by up to 3% on this machine (code and data layout), so the comparison is made
inside one process, where run-to-run pairs agree to about 1-2%; repeat the script a few times and
compare the ratios, not the absolute figures.

    git worktree add /tmp/before fd2ca5e
    python benchmarks/before_after.py --before /tmp/before [--sizes 64,256,1024] [--repeat 12]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

ROUNDS = {64: 6, 256: 8, 1024: 10, 4096: 12}
#: Simulations per timed run (about 0.2 s each).
SIMS = {64: 20000, 256: 4000, 1024: 800, 4096: 150}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="a checkout of the tree before the package move")
    ap.add_argument("--sizes", default="64,256,1024")
    ap.add_argument("--repeat", type=int, default=12, help="timed runs of each tree per size")
    ap.add_argument("--threads", type=int, default=1,
                    help="numba threads; above 1 the rates are per wall second (CPU time would hide idle threads)")
    args = ap.parse_args(argv)
    sys.path.insert(0, args.before)
    import numba
    import sim.generate as old_generate  # the tree before: one flat package `sim`
    import sim.rules as old_rules
    import sim.simulate as old_simulator
    import sim.snapshot as old_snapshot

    import drawsafe.event.snapshot as new_snapshot
    import drawsafe.simulation.generate as new_generate
    import drawsafe.simulation.question as new_question
    import drawsafe.simulation.simulator as new_simulator
    import drawsafe.tiebreaks.packs as new_rules

    numba.set_num_threads(args.threads)
    clock = time.process_time if args.threads == 1 else time.perf_counter
    trees = {"before": (old_generate, old_rules, old_simulator, old_snapshot),
             "after": (new_generate, new_rules, new_simulator, new_snapshot)}
    for players in map(int, args.sizes.split(",")):
        rounds, n = ROUNDS[players], SIMS[players]
        runs = {}
        for tag, (generate, rules, simulator, snapshot) in trees.items():
            snap = snapshot.take_snapshot(generate.generate_event(players, rounds, rounds - 2, seed=players))
            # the tree before took a SimConfig, this one the Question
            asked = (old_simulator.SimConfig if tag == "before" else new_question.Question)(future_draws="locked")
            sim = simulator.Simulator(snap, rules.get_rules("mtg"), asked)
            sim.run(8, seed=1)  # compile or load
            sim.run(n // 4, seed=3)  # warm the caches
            runs[tag] = (sim, int(snap.active.sum()) * snap.rounds_left, [])
        for i in range(args.repeat):
            for tag in ("before", "after") if i % 2 == 0 else ("after", "before"):
                sim, work, rates = runs[tag]
                start = clock()
                sim.run(n * args.threads, seed=1 + i)
                rates.append(n * args.threads * work / (clock() - start) / 1e6)
        before, after = runs["before"][2], runs["after"][2]
        pairs = sorted(a / b for a, b in zip(after, before))
        print(json.dumps({"players": players, "threads": args.threads, "before_M_per_cpu_s": round(sum(before) / len(before), 2),
                          "after_M_per_cpu_s": round(sum(after) / len(after), 2),
                          "ratio": round(sum(after) / sum(before), 3), "pair_min": round(pairs[0], 3),
                          "pair_median": round(pairs[len(pairs) // 2], 3), "pair_max": round(pairs[-1], 3)}),
              flush=True)


if __name__ == "__main__":
    main()
