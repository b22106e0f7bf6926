"""`drawsafe draw` on the biggest events: real files and generated fields of 100 to 20,000 players.

Each case is run as a user runs it (a subprocess of ``drawsafe draw ... --json``): once to warm the
numba cache, then ``--repeat`` warm runs (median and range of the wall seconds, and the CPU seconds
of the child: this machine is shared, so the CPU figure is the steadier one); with ``--cold`` first
once from an empty cache (a fresh install: the kernels shipped with the package are unpacked, or
compiled where they do not apply).  Per case: players, contested tables (those that get a verdict),
simulations of the most-simulated table, seconds per contested table.

Real files are given by option (none is in the repository; ../shared has none this large):

- ``--pokedata FILE``: a pokedata standings document (e.g. the Arlington 2024 regional, 1,224
  masters: RichardHpa/Pokemon-TCG-Standings ``public/data/tournaments/0000035.json``), at
  ``--pokedata-after`` (default 14: before the last Swiss round of a 15-round regional);
- ``--trf FILE``: a FIDE TRF (e.g. Sharly-Chess/sharly-chess ``tests/trf/example_trf16.trf``, the
  283-player Karl-Mala-Gedenkturnier 2005), at ``--trf-after`` (default 6) with ``--top 8``;
- ``--sce FILE``: a Sharly Chess file (e.g. ``examples/events/other/24th_rochefort_chess_festival.sce``
  of the same repository: its 128-player Masters after round 6 of 9), as the file stands.

Generated fields (``--sizes``, default 100,500,1000,2000,5000,20000): ``drawsafe generate`` events
of Magic (the mtg pack), 7 to 11 Swiss rounds as Appendix E recommends for the size, the last round
not yet paired (``draw`` projects it by standings).

    python benchmarks/bigevents.py [--pokedata F] [--trf F] [--sce F] [--sizes 100,1000] [--repeat 2]
                                   [--cold] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def rounds_for(players: int) -> int:
    """Magic's recommended Swiss rounds (Appendix E) for a field of this size."""
    for limit, rounds in ((8, 3), (16, 5), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9)):
        if players <= limit:
            return rounds
    return 10 if players <= 4096 else 11


def run(args: list[str], env: dict) -> tuple[float, float, dict]:
    """Wall and CPU seconds (the child's user + system) of ``drawsafe ARGS``, and its JSON."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "drawsafe.cli.main", *args], capture_output=True, text=True,
                          env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"drawsafe {' '.join(args)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout)


def case(name: str, args: list[str], repeat: int, cold: bool, tmp: str, players: int | None = None) -> dict:
    env = dict(os.environ)
    row: dict = {"case": name, "command": "drawsafe " + " ".join(args)}
    if cold:
        cold_env = dict(env, NUMBA_CACHE_DIR=tempfile.mkdtemp(dir=tmp))
        row["cold_seconds"] = round(run(args, cold_env)[0], 2)
    run(args, env)  # warm the cache
    walls, cpus = [], []
    report = None
    for _ in range(repeat):
        wall, cpu, report = run(args, env)
        walls.append(wall)
        cpus.append(cpu)
    result = report.get("result", report)
    tables = len(result.get("tables", ()))
    row.update({
        "players": players, "rounds_left": result.get("rounds_left"),
        "contested_tables": tables, "left_out": len(result.get("left_out", ())),
        "simulations": result.get("simulations"), "cut": result.get("cut"),
        "warm_seconds": round(statistics.median(walls), 2),
        "warm_range": [round(min(walls), 2), round(max(walls), 2)],
        "cpu_seconds": round(statistics.median(cpus), 2),
        "seconds_per_table": round(statistics.median(walls) / tables, 3) if tables else None,
    })
    return row


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pokedata", help="a pokedata document (at least 900 masters)")
    ap.add_argument("--pokedata-after", type=int, default=14)
    ap.add_argument("--trf", help="a FIDE TRF of a big open")
    ap.add_argument("--trf-after", type=int, default=6)
    ap.add_argument("--sce", help="a Sharly Chess file of a festival")
    ap.add_argument("--sizes", default="100,500,1000,2000,5000,20000",
                    help="generated Magic fields (comma-separated player counts; empty: none)")
    ap.add_argument("--repeat", type=int, default=2, help="warm runs per case")
    ap.add_argument("--cold", action="store_true", help="also a first run from an empty numba cache")
    ap.add_argument("--json", action="store_true", help="one JSON line per case")
    args = ap.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        cases = []
        if args.pokedata:
            cases.append(("pokedata", ["draw", args.pokedata, "--after-round", str(args.pokedata_after), "--json"],
                          None))
        if args.trf:
            cases.append(("trf", ["draw", args.trf, "--after-round", str(args.trf_after), "--top", "8", "--json"],
                          None))
        if args.sce:
            cases.append(("sce", ["draw", args.sce, "--json"], None))
        for size in [int(x) for x in args.sizes.split(",") if x.strip()]:
            rounds = rounds_for(size)
            event = os.path.join(tmp, f"generated-{size}.json")
            subprocess.run([sys.executable, "-m", "drawsafe.cli.main", "generate", "--players", str(size),
                            "--rounds", str(rounds), "--played", str(rounds - 1), "--seed", "3", "-o", event],
                           check=True, capture_output=True)
            cases.append((f"generated {size}", ["draw", event, "--json"], size))
        for name, command, players in cases:
            row = case(name, command, args.repeat, args.cold, tmp, players)
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                per = "-" if row["seconds_per_table"] is None else f"{row['seconds_per_table']:.3f}"
                cold = f", cold {row['cold_seconds']} s" if "cold_seconds" in row else ""
                print(f"{name}: {row['contested_tables']} contested tables, {row['simulations']} simulations, "
                      f"warm {row['warm_seconds']} s {row['warm_range']} (CPU {row['cpu_seconds']} s), "
                      f"{per} s per table{cold}", flush=True)


if __name__ == "__main__":
    main()
