"""One number per player: ``odds`` against the mix that ``draw`` implies, on real events.

For each real event of ``../shared/data/melee`` that played a Top 8 (cut before its last Swiss
round, its published last-round pairings kept), both commands run with the same model of the
round (``--others``, default behaviour).  For every player at a table ``draw`` evaluates, the mix
``q P(cut | draw) + (1 - q) P(cut | play)`` (q the table's draw probability; with ``locked`` or
``rational``, 1 or 0 by the table's expected choice) is set against the player's ``odds`` P(cut).
They agree when the difference is within 1.96 standard errors of the two figures combined; the
mix's standard error is taken as q se_draw + (1 - q) se_play (its two scenarios share random
numbers, so their errors may add up fully: the bound is conservative).

    python3 benchmarks/one_number.py [--data DIR] [--odds-sims 16000] [--draw-sims 4000] [--others behaviour]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

import drawsafe

ROOT = Path(__file__).resolve().parents[1]


def top8_events(data: Path) -> list[tuple[str, int]]:
    index = json.loads((data / "index.json").read_text(encoding="utf-8"))
    return [(e["file"], e["swiss_rounds"]) for e in index
            if e["swiss_rounds"] >= 4 and e["playoff_first_round_matches"] == 4]


def se(p: float, n: int) -> float:
    return math.sqrt(max(p * (1 - p), 0.25 / n) / n) if n else float("inf")


def compare_event(path: Path, rounds: int, others: str, odds_sims: int, draw_sims: int,
                  odds_others: str | None = None) -> dict:
    ctx = drawsafe.open_event(str(path), after_round=rounds - 1)
    draw = ctx.draw(others=others, sims=draw_sims, seed=0)
    odds = ctx.odds(others=odds_others or others, sims=odds_sims, seed=0)
    by_player = {p.player: p for p in odds.players}
    rows = []
    for t in draw.tables:
        q = t.draw_probability if t.draw_probability is not None else (1.0 if t.others_choice == "draw" else 0.0)
        for p in t.players:
            mix = q * p.draw.estimate + (1 - q) * p.play.estimate
            mix_se = q * se(p.draw.estimate, p.draw.n) + (1 - q) * se(p.play.estimate, p.play.n)
            o = by_player[p.player].cut
            z = (o.estimate - mix) / math.hypot(se(o.estimate, o.n), mix_se)
            rows.append({"player": p.player, "table": t.table, "q": q, "mix": mix, "odds": o.estimate, "z": z})
    return {"file": path.name, "players": len(rows), "agree": sum(abs(r["z"]) <= 1.96 for r in rows),
            "rows": rows}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path,
                    default=Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared")) / "data" / "melee")
    ap.add_argument("--odds-sims", type=int, default=16000)
    ap.add_argument("--draw-sims", type=int, default=4000)
    ap.add_argument("--others", default="behaviour")
    ap.add_argument("--odds-others", default=None,
                    help="another model for odds (none: the odds of earlier versions, every table playing)")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    if not (args.data / "index.json").exists():
        print(f"no melee data at {args.data}", file=sys.stderr)
        return 2
    started = time.monotonic()
    events = top8_events(args.data)[:args.limit]
    results = []
    for i, (file, rounds) in enumerate(events):
        results.append(compare_event(args.data / file, rounds, args.others, args.odds_sims, args.draw_sims,
                                     args.odds_others))
        r = results[-1]
        print(f"{i + 1}/{len(events)} {file[:56]:<56} {r['agree']}/{r['players']} consistent", file=sys.stderr)
    players = sum(r["players"] for r in results)
    agree = sum(r["agree"] for r in results)
    worst = max((abs(x["z"]) for r in results for x in r["rows"]), default=0.0)
    summary = {"events": len(results), "players": players, "consistent": agree, "others": args.others,
               "odds_others": args.odds_others or args.others,
               "odds_sims": args.odds_sims, "draw_sims": args.draw_sims, "largest_abs_z": round(worst, 2),
               "expected_outside_at_95pct_if_independent": round(0.05 * players, 1),
               "seconds": round(time.monotonic() - started, 1)}
    print(json.dumps(summary, indent=1))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "events": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
