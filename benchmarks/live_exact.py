"""The exact answer of the last round in progress against 200,000 simulations, and its time by k.

On real events of ``../shared/data/melee`` that played a Top 8 after their Swiss rounds, each
event's last Swiss round is taken with k = 0 .. 14 of its results still unreported (the k tables
chosen at random, seeded by the event and k; the other results as reported): the exact answer
(:func:`drawsafe.simulation.enumeration.enumerate_outcomes`, every outcome of the open tables,
limit raised to 14) against ``compute_odds`` with 200,000 simulations of the same snapshot.  Every
player whose figure is not settled either way is compared: the exact P(cut) should fall inside the
simulations' 95% interval about 95% of the time (the sampling is the only difference), and the
z-scores (simulated minus exact, over the binomial standard error) should look standard normal.

    python3 benchmarks/live_exact.py --events 8 --out benchmarks/live_exact.json

The JSON holds every snapshot (event, k, open tables enumerated, combinations, standings
evaluated, seconds of the exact answer, figures compared and outside the interval, largest |z|);
the summary printed is the time of the exact answer by k and the share of figures outside their
interval.  Timings are wall-clock on whatever else the machine runs: the spread is printed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
import zlib
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))


def top8_events(data: Path, count: int) -> list[Path]:
    """``count`` Top 8 events of at least 32 players (14 open tables possible), spread over the
    sizes."""
    index = json.loads((data / "index.json").read_text(encoding="utf-8"))
    chosen = sorted((e for e in index if e["playoff_first_round_matches"] == 4 and e["swiss_rounds"] >= 4
                     and e["players"] >= 32), key=lambda e: (e["players"], e["file"]))
    if count >= len(chosen):
        return [data / e["file"] for e in chosen]
    step = (len(chosen) - 1) / max(count - 1, 1)
    return [data / chosen[round(i * step)]["file"] for i in range(count)]


def snapshot_with_open(event, k: int, seed: int):
    """The event in its last Swiss round with ``k`` results taken out (k = 0: every result in, the
    round still the one "being played")."""
    from drawsafe.event.snapshot import take_snapshot

    last = event.swiss[-1]
    played = [i for i, m in enumerate(last.matches) if m.player_b is not None and m.kind == "match"]
    rng = np.random.default_rng(seed)
    chosen = set(rng.choice(played, size=min(k, len(played)), replace=False).tolist()) if k else set()
    matches = tuple(replace(m, a_wins=None, b_wins=None, draws=None) if i in chosen else m
                    for i, m in enumerate(last.matches))
    rounds = tuple(r for r in event.rounds if not r.playoff)
    live = replace(event, rounds=rounds[:-1] + (replace(last, matches=matches),))
    if k:
        return take_snapshot(live)
    snap = take_snapshot(live, after_round=len(rounds) - 1)
    return replace(snap, next_round=last)


def measure(path: Path, k: int, sims: int) -> dict:
    from drawsafe.event.cut import Cut
    from drawsafe.event.io import load_event
    from drawsafe.simulation.enumeration import NotExact, enumerate_outcomes
    from drawsafe.simulation.odds import compute_odds
    from drawsafe.simulation.question import Budget, Question
    from drawsafe.tiebreaks.packs import get_rules

    event = load_event(path)
    seed = zlib.crc32(f"{path.name}:{k}".encode())
    snap = snapshot_with_open(event, k, seed)
    rules = get_rules(event.rules or "mtg")
    config = Question(Cut(8))
    row = {"event": path.name, "players": snap.players, "k": k}
    try:
        started = time.perf_counter()
        e = enumerate_outcomes(snap, rules, config, limit=14, with_id=False)
        row["exact_seconds"] = time.perf_counter() - started
    except NotExact as why:
        row["not_exact"] = str(why)
        return row
    row.update(enumerated=len(e.enumerated), combinations=e.combinations, evaluations=e.evaluations,
               straddles=e.straddles, contenders=len(e.contenders))
    started = time.perf_counter()
    odds = compute_odds(snap, rules, replace(config, budget=Budget(sims, seed=seed)))
    row["sim_seconds"] = time.perf_counter() - started
    compared = outside = 0
    zs = []
    for p in odds.players:
        i = snap.index[p.player]
        exact = float(e.p_cut[i])
        ci = p.cut.confidence_interval()
        if exact in (0.0, 1.0) and p.cut.k in (0, p.cut.n):
            if (exact == 1.0) != (p.cut.k == p.cut.n):
                outside += 1  # settled exactly, simulated the other way: a real disagreement
                compared += 1
            continue
        compared += 1
        inside = ci.low - 1e-12 <= exact <= ci.high + 1e-12
        outside += not inside
        se = math.sqrt(max(exact * (1 - exact), 1e-12) / p.cut.n)
        zs.append((p.cut.estimate - exact) / se)
    row.update(compared=compared, outside=outside, max_abs_z=max((abs(z) for z in zs), default=0.0),
               z=[round(z, 3) for z in zs])
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=os.path.join(os.environ.get("DRAWSAFE_SHARED", str(ROOT.parent / "shared")),
                                                       "data", "melee"))
    parser.add_argument("--events", type=int, default=8)
    parser.add_argument("--sims", type=int, default=200_000)
    parser.add_argument("--k", default="0-14")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "live_exact.json"))
    args = parser.parse_args()
    lo, hi = (int(x) for x in args.k.split("-"))
    rows = []
    out = Path(args.out)
    if out.exists():
        rows = json.loads(out.read_text())["snapshots"]
    done = {(r["event"], r["k"]) for r in rows}
    events = top8_events(Path(args.data), args.events)
    measure(events[0], 1, 2000)  # compiles the kernels (cached): not counted in any time below
    for path in events:
        for k in range(lo, hi + 1):
            if (path.name, k) in done:
                continue
            row = measure(path, k, args.sims)
            rows.append(row)
            print(json.dumps({x: row[x] for x in row if x != "z"}), flush=True)
            out.write_text(json.dumps({"sims": args.sims, "snapshots": rows}, indent=1))
    summary(rows)


def summary(rows: list[dict]) -> None:
    print("\nk  snapshots  tables  combinations  exact seconds: median [min, max]")
    for k in sorted({r["k"] for r in rows}):
        at = [r for r in rows if r["k"] == k and "exact_seconds" in r]
        if not at:
            continue
        secs = [r["exact_seconds"] for r in at]
        print(f"{k:2d} {len(at):9d} {statistics.median(r['enumerated'] for r in at):7.1f} "
              f"{max(r['combinations'] for r in at):13,d}  {statistics.median(secs):8.3f} "
              f"[{min(secs):.3f}, {max(secs):.3f}]")
    compared = sum(r.get("compared", 0) for r in rows)
    outside = sum(r.get("outside", 0) for r in rows)
    zs = [z for r in rows for z in r.get("z", [])]
    print(f"\nfigures compared {compared}, outside the 200,000-simulation 95% interval {outside} "
          f"({outside / max(compared, 1):.1%}; 5% expected by chance); z: mean {statistics.mean(zs):+.3f}, "
          f"sd {statistics.pstdev(zs):.3f}, max |z| {max(map(abs, zs)):.2f}" if zs else "nothing compared")


if __name__ == "__main__":
    main()
