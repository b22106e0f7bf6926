"""End-to-end time of ``drawsafe standings`` on a large synthetic event (400 players, 15 rounds).

The event is generated here: round 1 random, later rounds paired at random within point groups
(top down, an odd player paired into the next group, rematches avoided when the group allows),
random best-of-three results with some intentional draws, a few drops and byes; it is written as
native CSV to a temporary directory.  The command is timed as a subprocess:

- cold: an empty numba cache (``NUMBA_CACHE_DIR`` set to a fresh directory), so every kernel is
  compiled;
- warm: the same command again with that cache filled (what a user sees on every later call).

Prints one JSON object.  Goal: warm under 2 s.

    python3 benchmarks/standings.py [--players 400] [--rounds 15] [--repeat 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_WARM_SECONDS = 2.0
#: Game scores (player A's wins, B's wins, draws) and how often they happen.
RESULTS = [((2, 0, 0), 30), ((2, 1, 0), 25), ((0, 2, 0), 30), ((1, 2, 0), 25), ((1, 1, 1), 4),
           ((0, 0, 3), 6), ((1, 0, 1), 2), ((0, 1, 1), 2)]


def generate(players: int, rounds: int, seed: int) -> str:
    """The native CSV text of a synthetic Swiss event."""
    rng = random.Random(seed)
    names = [f"Player {i:03d}" for i in range(players)]
    points = dict.fromkeys(names, 0)
    met: dict[str, set[str]] = {p: set() for p in names}
    had_bye: set[str] = set()
    active = list(names)
    scores, weights = zip(*RESULTS)
    rows = [f"# name: Synthetic {players} players", f"# swiss_rounds: {rounds}",
            "round,player_a,player_b,a_wins,b_wins,draws,kind"]
    for rnd in range(1, rounds + 1):
        order = active[:]
        rng.shuffle(order)
        order.sort(key=lambda p: -points[p])  # stable: random within each point group
        if len(order) % 2:
            bye = next(p for p in reversed(order) if p not in had_bye)
            order.remove(bye)
            had_bye.add(bye)
            points[bye] += 3
            rows.append(f"{rnd},{bye},,,,,bye")
        while order:
            a = order.pop(0)
            j = next((k for k, b in enumerate(order) if b not in met[a]), 0)
            b = order.pop(j)
            met[a].add(b)
            met[b].add(a)
            wa, wb, d = rng.choices(scores, weights)[0]
            points[a] += 3 if wa > wb else 1 if wa == wb else 0
            points[b] += 3 if wb > wa else 1 if wa == wb else 0
            rows.append(f"{rnd},{a},{b},{wa},{wb},{d},")
        if rnd < rounds:
            for p in rng.sample(active, k=max(0, len(active) // 100)):  # about 1% drop
                if points[p] < 3 * rnd // 2:
                    active.remove(p)
                    rows.append(f"{rnd},{p},,,,,drop")
    return "\n".join(rows) + "\n"


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"command failed ({done.returncode}): {' '.join(cmd)}\n{done.stderr}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3, help="warm runs (the best is reported)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="drawsafe-bench-") as tmp:
        event = Path(tmp) / "synthetic.csv"
        event.write_text(generate(args.players, args.rounds, args.seed), encoding="utf-8")
        cache = Path(tmp) / "numba-cache"
        cache.mkdir()
        env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
        cmd = [sys.executable, "-c", "from drawsafe.cli.main import main; main()", "standings", str(event)]
        cold, out = timed(cmd, env)
        rows = len(out.splitlines()) - 2
        warm = [timed(cmd, env)[0] for _ in range(args.repeat)]
        json_warm = timed(cmd + ["--json"], env)[0]
        startup = timed([sys.executable, "-c", "import drawsafe.cli.main"], env)[0]
    result = {
        "benchmark": "drawsafe standings",
        "players": args.players, "rounds": args.rounds, "rows_printed": rows,
        "cold_seconds": round(cold, 3),
        "warm_seconds": round(min(warm), 3),
        "warm_runs_seconds": [round(t, 3) for t in warm],
        "warm_json_seconds": round(json_warm, 3),
        "import_only_seconds": round(startup, 3),
        "goal_warm_seconds": GOAL_WARM_SECONDS,
        "goal_met": min(warm) < GOAL_WARM_SECONDS,
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
