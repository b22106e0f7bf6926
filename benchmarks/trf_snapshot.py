"""``drawsafe odds`` and ``draw`` on TRF snapshots: times, simulations, and the spread of repeats.

For every TRF file given (default: the lichess export of ../shared/data/real/chess and the
hand-made files of tests/data/chess), before its last round and, with ``--two``, before the last
two (``--after-round``: the event's rounds less one or two, at most the rounds played): ``odds``
and ``draw`` through the library (``open_event(...).odds``, ``.draw``), at ``--top`` (default 10;
capped at a third of the field) and the default precision.
The first run of each may compile; then ``--repeats`` warm runs, odds and draw alternately, give
the median and the range (the machine is shared: read the spread, not a single figure).

    python benchmarks/trf_snapshot.py [FILE.trf ...] [--rules chess-de] [--top 10] [--repeats 3] [--two] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from drawsafe import open_event

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared"))
DEFAULT = [SHARED / "data" / "real" / "chess" / "trf" / "2020_06.trf",
           *sorted((ROOT / "tests" / "data" / "chess").glob("*.trf"))]


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def measure(path: Path, rules: str | None, top: int, repeats: int, left: int) -> dict | None:
    full = open_event(path, rules=rules).snapshot
    after = min(full.after_round, full.total_rounds - left)
    if after < 0 or full.players < 4:
        return None
    ctx = open_event(path, rules=rules, after_round=after)
    top = max(1, min(top, ctx.snapshot.players // 3))
    runs = {"odds": lambda: ctx.odds(top=top, seed=1), "draw": lambda: ctx.draw(top=top, seed=1)}
    first = {name: timed(run)[1] for name, run in runs.items()}
    warm: dict[str, list[float]] = {name: [] for name in runs}
    results = {}
    for _ in range(repeats):
        for name, run in runs.items():
            results[name], seconds = timed(run)
            warm[name].append(seconds)
    draw = results["draw"]
    verdicts: dict[str, int] = {}
    for t in draw.tables:
        verdicts[t.verdict] = verdicts.get(t.verdict, 0) + 1
    return {"file": path.name, "players": ctx.snapshot.players, "rules": ctx.rules.name,
            "after_round": ctx.snapshot.after_round, "rounds": ctx.snapshot.total_rounds, "top": top,
            "odds": {"first_s": round(first["odds"], 2), "warm_median_s": round(statistics.median(warm["odds"]), 2),
                     "warm_range_s": [round(min(warm["odds"]), 2), round(max(warm["odds"]), 2)],
                     "simulations": results["odds"].simulations},
            "draw": {"first_s": round(first["draw"], 2), "warm_median_s": round(statistics.median(warm["draw"]), 2),
                     "warm_range_s": [round(min(warm["draw"]), 2), round(max(warm["draw"]), 2)],
                     "simulations": draw.simulations, "tables": len(draw.tables), "verdicts": verdicts}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--rules", default=None, help="rule pack (default: what each file suggests)")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--two", action="store_true", help="also before the last two rounds")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = []
    for path in args.files or [p for p in DEFAULT if p.exists()]:
        for left in (1, 2) if args.two else (1,):
            row = measure(path, args.rules, args.top, args.repeats, left)
            if row is not None:
                out.append(row)
                if not args.json:
                    o, d = row["odds"], row["draw"]
                    print(f"{row['file']}: {row['players']} players, after round {row['after_round']} of "
                          f"{row['rounds']}, {row['rules']}, Top {row['top']}: odds {o['simulations']:,} sims "
                          f"first {o['first_s']} s, warm {o['warm_median_s']} s {o['warm_range_s']}; draw "
                          f"{d['tables']} tables, {d['simulations']:,} sims per scenario, first {d['first_s']} s, "
                          f"warm {d['warm_median_s']} s {d['warm_range_s']}; {d['verdicts']}")
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
