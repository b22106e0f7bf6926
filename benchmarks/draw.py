"""End-to-end time of the main job: `drawsafe draw` on a 1,024-player, 10-round event after round 9.

Every table with a stake in the Top 8 is evaluated, other tables' draws by rational best responses
(the default), default precision (every deciding figure to +/-0.5 percentage points).  The command is
run as a user runs it (a subprocess): first with an empty numba cache (cold: compile included), then
again (warm).

    python benchmarks/draw.py [--json] [--players 1024] [--rounds 10] [--seed 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def run(args: list[str], env: dict) -> tuple[float, dict]:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "drawsafe.cli.main", *args], capture_output=True, text=True, env=env,
                         check=True)
    return time.perf_counter() - start, json.loads(out.stdout)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--players", type=int, default=1024)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--skip-cold", action="store_true", help="only the warm run")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        event = os.path.join(tmp, "event.json")
        subprocess.run([sys.executable, "-m", "drawsafe.cli.main", "generate", "--players", str(args.players),
                        "--rounds", str(args.rounds), "--played", str(args.rounds - 1), "--seed",
                        str(args.seed), "-o", event], check=True, capture_output=True)
        command = ["draw", event, "--json"]
        env = dict(os.environ)
        cold = None
        if not args.skip_cold:
            cold_env = dict(env, NUMBA_CACHE_DIR=os.path.join(tmp, "numba-cache"))
            cold, _ = run(command, cold_env)
            env = cold_env
        run(command, env)  # make sure the cache is warm
        warm, report = run(command, env)
    row = {"players": args.players, "rounds": args.rounds, "after_round": args.rounds - 1,
           "tables_evaluated": len(report["tables"]), "tables_left_out": len(report["left_out"]),
           "others": report["others"], "others_drawing": report["others_drawing"],
           "iterations": report["iterations"], "converged": report["converged"],
           "simulations_per_scenario": report["simulations"],
           "precision_reached": report["precision_reached"],
           "seconds_cold": None if cold is None else round(cold, 2), "seconds_warm": round(warm, 2)}
    if args.json:
        print(json.dumps(row))
    else:
        for k, v in row.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()
