"""`drawsafe field` throughput: simulated player-rounds per second of the field kernel, and the
whole command's warm time at the default precision.

Each size runs ``--sims`` events twice in-process (the first call loads or compiles the kernels;
the second is timed), then ``drawsafe field --players N --json`` once as a user runs it.

    python benchmarks/field.py [--players 128,1000] [--sims 1000] [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from drawsafe.planning.field import FieldSimulator, plan_field


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="128,1000")
    ap.add_argument("--sims", type=int, default=1000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = []
    for n in (int(x) for x in args.players.split(",")):
        fs = FieldSimulator(*plan_field(n))
        fs.draw_points(0)
        fs.run(10, seed=0)  # kernels loaded (or compiled)
        t = time.perf_counter()
        fs.run(args.sims, seed=0)
        kernel = time.perf_counter() - t
        t = time.perf_counter()
        res = subprocess.run([sys.executable, "-m", "drawsafe.cli.main", "field", "--players", str(n), "--json"],
                             capture_output=True, text=True, check=True)
        command = time.perf_counter() - t
        sims = json.loads(res.stdout)["simulations"]
        out.append({"players": n, "rounds": fs.rounds, "sims": args.sims, "kernel_seconds": round(kernel, 3),
                    "player_rounds_per_second": round(n * fs.rounds * args.sims / kernel),
                    "command_seconds_warm": round(command, 2), "command_simulations": sims})
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for r in out:
            print(f"{r['players']:>5} players, {r['rounds']} rounds: {r['player_rounds_per_second']:,} player-rounds/s "
                  f"({r['sims']} events in {r['kernel_seconds']} s, flips and double-draw probes included); "
                  f"`drawsafe field` warm {r['command_seconds_warm']} s ({r['command_simulations']} events)")


if __name__ == "__main__":
    main()
