"""Where one simulation's time goes: the kernel's phases timed by the CPU's cycle counter.

Writes instrumented copies of ``sim/engine/kernel.py`` and ``sim/standings/order.py`` to a temporary folder (each
phase boundary reads ``llvm.readcyclecounter``), runs them single-threaded on the throughput
benchmark's event (``--players``, two Swiss rounds left, locked-draw policy) and prints microseconds
per simulation for each phase.  The counter reads cost a few nanoseconds each, and the kernels are
otherwise the same code, so the shares are what the real kernel spends.

    python benchmarks/profile.py [--players 1024] [--sims 20000]

Fails loudly (an assertion naming the missing text) when the kernel sources change shape; update
the markers below with them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.throughput import ROUNDS
from drawsafe.engine import kernel as engine
from drawsafe.engine.inputs import Outputs
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import MAX_RANK, FirstRound, Simulator, first_tables
from drawsafe.tiebreaks.packs import get_rules

COUNTER = '''
from llvmlite import ir as _ir
from numba import types as _types
from numba.core import cgutils as _cgutils
from numba.extending import intrinsic as _intrinsic


@_intrinsic
def rdtsc(typingctx):
    def codegen(context, builder, signature, args):
        fn = _cgutils.get_or_insert_function(builder.module, _ir.FunctionType(_ir.IntType(64), []),
                                             "llvm.readcyclecounter")
        return builder.call(fn, [])
    return _types.uint64(), codegen


@kernel
def tick(prof, slot, t0):
    t = rdtsc()
    prof[slot] += t - t0
    return t
'''

#: Slots of the profile array: the simulation's phases, then refined_order's (pairing ranking at
#: RANKING, final ranking at RANKING + FINAL).
PHASES = ["copy the snapshot", "play tables (both rounds)", "pair the middle round",
          "last-round standings order", "pair the last round by standings", "locked-draw check",
          "final ranking", "counting the outcomes"]
COPY, TABLES, PAIR_SWISS, RANK_LAST, PAIR_LAST, LOCK, FINAL, POST = range(8)
RANKING = 10
ORDER_PHASES = ["points order, win percentages", "column 1 (OMW%): values", "column 1: sort, split",
                "column 2 (GW%): values", "column 2: sort, split", "column 3 (OGW%): values",
                "column 3: sort, split", "exact ties (noise)"]


class Patch:
    def __init__(self, path: Path):
        self.text = path.read_text()

    def rep(self, old: str, new: str) -> None:
        assert old in self.text, f"marker not found: {old[:70]!r}"
        self.text = self.text.replace(old, new)


def instrumented_engine() -> str:
    e = Patch(ROOT / "sim" / "engine" / "kernel.py")
    e.rep("from drawsafe.jit import borrowed, in_chunks, inline_kernel, keep_alive, kernel\n",
          "from drawsafe.jit import borrowed, in_chunks, inline_kernel, keep_alive, kernel\n" + COUNTER)
    e.rep("from drawsafe.standings.order import complete_keys, refined_order",
          "from drawsafe.standings.order import complete_keys\nfrom order_profiled import refined_order")
    e.rep("need_ranks, need_active, active):\n", "need_ranks, need_active, active, prof):\n")
    e.rep("noise, need_ranks, need_active, active)", "noise, need_ranks, need_active, active, prof)")
    e.rep("need_ranks, fresh, work):", "need_ranks, fresh, work, prof):")
    e.rep("    state = stream(seed, s)\n", "    t0 = rdtsc()\n    state = stream(seed, s)\n")
    e.rep("    for r in range(nr0, total):\n        round_base = np.uint64(r + 1) << ROUND_SHIFT\n",
          f"    t0 = tick(prof, {COPY}, t0)\n"
          "    for r in range(nr0, total):\n"
          f"        t0 = tick(prof, {TABLES}, t0)\n"
          "        round_base = np.uint64(r + 1) << ROUND_SHIFT\n")
    # the pairing step (pair_players) carries the phase clock in and out
    e.rep("def pair_players(r, last, state, players, award, ratings, active, rules, plan, work):",
          "def pair_players(r, last, state, players, award, ratings, active, rules, plan, work, prof, t0):")
    e.rep("pool.shape[0], 0, active)",
          f"pool.shape[0], 0, active, prof[{RANKING}:])\n"
          f"        t0 = tick(prof, {RANK_LAST}, t0)")
    e.rep("        m, bye, ok = pair_standings(order, work.had_bye, work.opp, r, pa, pb)\n",
          "        m, bye, ok = pair_standings(order, work.had_bye, work.opp, r, pa, pb)\n"
          f"        t0 = tick(prof, {PAIR_LAST}, t0)\n")
    e.rep("work.opp, r, ratings, pa,\n                                pb)\n",
          f"work.opp, r, ratings, pa,\n                                pb)\n        t0 = tick(prof, {PAIR_SWISS}, t0)\n")
    e.rep("    return m, ok\n", "    return m, ok, t0\n")
    e.rep("            m, ok = pair_players(", "            m, ok, t0 = pair_players(")
    e.rep("act, sim_rules, plan,\n                                 work)\n",
          "act, sim_rules, plan,\n                                 work, prof, t0)\n")
    e.rep("plan.phase_top,\n                                          act)\n",
          f"plan.phase_top,\n                                          act, prof[{RANKING}:])\n")
    e.rep("        first = r == nr0\n", f"        t0 = tick(prof, {LOCK}, t0)\n        first = r == nr0\n")
    e.rep("    state[1] = NOISE_DRAWS\n    order = ranked_players(", f"    t0 = tick(prof, {TABLES}, t0)\n"
          "    state[1] = NOISE_DRAWS\n    order = ranked_players(")
    e.rep("need_ranks, rank_top,\n                           act)\n",
          f"need_ranks, rank_top,\n                           act, prof[{RANKING + len(ORDER_PHASES)}:])\n"
          f"    tick(prof, {FINAL}, t0)\n")
    e.rep("def simulate_chunk(c, lo, hi, first, seed, field, tables, model, rules, plan, out):",
          "def simulate_chunk(c, lo, hi, first, seed, field, tables, model, rules, plan, out, prof):")
    e.rep("        order = simulate_one(s, seed, field, tables, model, rules, plan, max_rank, s == lo, work)\n",
          "        order = simulate_one(s, seed, field, tables, model, rules, plan, max_rank, s == lo, work, prof)\n"
          "        t0 = rdtsc()\n")
    e.rep("                table_outcome[row, t] = outcome[t]\n",
          f"                table_outcome[row, t] = outcome[t]\n        tick(prof, {POST}, t0)\n")
    e.rep("def run_simulations(seed, first, count, chunks, field, tables, *, model, rules, plan, out):",
          "def run_simulations(seed, first, count, chunks, field, tables, *, model, rules, plan, out, prof):")
    e.rep("first, count, first, seed, field, tables, model, rules, plan, out)\n",
          "first, count, first, seed, field, tables, model, rules, plan, out, prof)\n")
    return e.text


def instrumented_order() -> str:
    o = Patch(ROOT / "sim" / "standings" / "order.py")
    o.rep("from drawsafe.jit import borrowed, inline_kernel, keep_alive, kernel\n",
          "from drawsafe.jit import borrowed, inline_kernel, keep_alive, kernel\n" + COUNTER)
    o.rep("noise, need_ranks, need_active, active):", "noise, need_ranks, need_active, active, prof):")
    o.rep("    n = members.shape[0]\n    owned_order, ends = points_order(rec, members)\n",
          "    t0 = rdtsc()\n    n = members.shape[0]\n    owned_order, ends = points_order(rec, members)\n")
    o.rep("    first = 1\n", "    t0 = tick(prof, 0, t0)\n    first = 1\n")
    o.rep("        done, count, count_tied = points_value_sort(",
          "        t0 = tick(prof, 1, t0)\n        done, count, count_tied = points_value_sort(")
    o.rep("    for k in range(first, codes.shape[0]):\n",
          "    t0 = tick(prof, 2, t0)\n    for k in range(first, codes.shape[0]):\n")
    o.rep("        runs, tied = sort_runs_desc(", "        t0 = tick(prof, 2 * k - 1, t0)\n        runs, tied = sort_runs_desc(")
    o.rep("        run_hi, new_hi = new_hi, run_hi\n",
          "        run_hi, new_hi = new_hi, run_hi\n        t0 = tick(prof, 2 * k, t0)\n")
    o.rep("    sort_runs_desc(order, values, run_lo, run_hi, runs, False, new_lo, new_hi, work_i, work_f)\n",
          "    sort_runs_desc(order, values, run_lo, run_hi, runs, False, new_lo, new_hi, work_i, work_f)\n"
          f"    tick(prof, {len(ORDER_PHASES) - 1}, t0)\n")
    return o.text


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1024)
    ap.add_argument("--sims", type=int, default=20000)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "engine_profiled.py").write_text(instrumented_engine())
        (Path(tmp) / "order_profiled.py").write_text(instrumented_order())
        sys.path.insert(0, tmp)
        prof_engine = importlib.import_module("engine_profiled")
        rounds = ROUNDS.get(args.players, 10)
        snap = take_snapshot(generate_event(args.players, rounds, rounds - 2, seed=args.players))
        sim = Simulator(snap, get_rules("mtg"), Question(future_draws="locked"))
        numba.set_num_threads(1)
        prof = np.zeros(RANKING + 2 * len(ORDER_PHASES), dtype=np.uint64)

        def run(n):
            p, k = snap.players, len(sim.codes)
            fr = FirstRound(*(np.zeros(0, dtype=np.int64) for _ in range(3)), np.zeros((0, 3), np.int64))
            out = Outputs(np.zeros(0, dtype=np.int64), np.zeros((1, p), dtype=np.int64),
                          np.zeros((1, p, MAX_RANK + 1), dtype=np.int64),
                          np.zeros((1, p, sim.max_points + 1), dtype=np.int64),
                          np.zeros((1, sim.max_points + 1, 2), dtype=np.int64), np.zeros((n, 0), dtype=np.int8),
                          np.zeros((n, 0), dtype=np.int32), np.zeros((n, 0, k)), np.zeros((0, 0), dtype=np.int8),
                          np.zeros((0, k)), np.zeros((1, 0, 3, 2), dtype=np.int64))
            prof_engine.run_simulations(np.uint64(1), 0, n, 1, sim.field, first_tables(fr), model=sim.match,
                                        rules=sim.kernel_rules, plan=sim.plan(engine.LOCKED, 0), out=out,
                                        prof=prof)

        print("compiling the instrumented copies ...", file=sys.stderr)
        run(4)
        prof[:] = 0
        start = time.perf_counter()
        run(args.sims)
        per_sim = (time.perf_counter() - start) / args.sims * 1e6
        scale = per_sim / float(prof[:len(PHASES)].sum())  # microseconds per counter tick
        print(f"{args.players} players, 2 rounds left, one thread: {per_sim:.1f} us per simulation")
        for i, name in enumerate(PHASES):
            print(f"  {name:34s} {prof[i] * scale:7.1f} us")
            if i in (RANK_LAST, FINAL):
                base = RANKING + (0 if i == RANK_LAST else len(ORDER_PHASES))
                for j, sub in enumerate(ORDER_PHASES):
                    print(f"      {sub:30s} {prof[base + j] * scale:7.1f} us")


if __name__ == "__main__":
    main()
