"""A real Pokémon regional through pokedata: places reproduced, and odds/draw during day 1, timed.

The event: the Melbourne Pokémon TCG Regional Championship 2024 (531 masters, day 1 of 9 rounds,
day 2 for 19+ points of 5 rounds, a top 8), as the 17 per-round pokedata documents that
RichardHpa/PTCG-Standings keeps as test fixtures (``client/src/mocks/fixtures/rounds/0000109/
masters/1.json .. 17.json``, commit 54e97f071d59b202ea0f5a1c71613042dda2e376; not in ../shared).
Give the folder holding them:

    python benchmarks/pokemon_regional.py FOLDER [--repeat 3] [--json]

1. Places: the documents publish no ``placing``; the last one (round 17) lists the players in the
   final standings order (its first eight are the top cut in bracket order, winner first), which is
   used as the published places.  They are compared (the top cut as a group, exact ties either way)
   under TOM's rules and under the variants without the freeze at drop, without the day-2 restart,
   and without both (the hand conversion of issue 22 reproduced 132 of 521 official places), and
   ``standings --check`` explains the rest.
2. Timings during day 1: the documents of rounds 1-8 alone (a live file before round 9: ``--rounds 9
   --cut-points 19``) and the whole file ``--after-round 8`` (the day-1 cut found in the file), ``odds``
   and ``draw``, each run ``--repeat`` times alternately after a warm-up run (times vary: the machine
   is shared); also ``--after-round 7`` (two rounds left: the double draw).
3. The cost of the freeze: ``odds`` of the live day-1 file with a fixed number of simulations
   under the pokemon pack and under the same pack without the freeze (the tiebreak kernels' other
   path, as fast as before issue 22), alternately, ``--repeat`` times: the ratio of the times.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from drawsafe.app.context import event_context
from drawsafe.event.io import parse_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.places import check_places, compare_places
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules


def documents(folder: Path, last: int) -> bytes:
    return json.dumps([json.loads((folder / f"{i}.json").read_text()) for i in range(1, last + 1)]).encode()


def final_order(folder: Path, event) -> dict[str, int]:
    rows = json.loads((folder / "17.json").read_text())["tournament_data"][0]["data"]["data"]
    seen: collections.Counter = collections.Counter()
    places = {}
    for i, r in enumerate(rows, 1):
        seen[r["name"]] += 1
        name = r["name"] if seen[r["name"]] == 1 else f"{r['name']} #{seen[r['name']]}"
        if name in event.players:
            places[name] = i
    return places


def places_report(folder: Path) -> dict:
    event = parse_event(documents(folder, 17), "melbourne.json")
    event = replace(event, places=final_order(folder, event))
    snap = take_snapshot(event)
    pack = get_rules("pokemon")
    out = {"players": len(event.players), "phases": [p.__dict__ for p in event.phases], "top_cut": event.top_cut}
    for label, rules in (("TOM rules", pack), ("not frozen", replace(pack, freeze=False)),
                         ("day 2 carried", replace(pack, phase_tiebreaks="carry")),
                         ("neither", replace(pack, freeze=False, phase_tiebreaks="carry"))):
        c = compare_places(event, compute_standings(snap, rules))
        out[label] = f"{c.agree} of {c.compared}"
    report = check_places(event, snap, pack)
    out["check"] = {"agreed": report.agreed, "compared": report.compared,
                    "reasons": collections.Counter(d.reason for d in report.disagreements)}
    return out


def timings(folder: Path, repeat: int) -> dict:
    live = parse_event(documents(folder, 8), "melbourne-day1.json")
    whole = parse_event(documents(folder, 17), "melbourne.json")
    cases = {
        "live r1-8, --rounds 9 --cut-points 19": (event_context(live, rounds=9), {"cut_points": 19}),
        "whole file, --after-round 8 (day-1 cut found)": (event_context(whole, after_round=8), {}),
        "whole file, --after-round 7 (two rounds left)": (event_context(whole, after_round=7), {}),
    }
    out: dict = {}
    for label, (ctx, extra) in cases.items():
        for command in ("odds", "draw"):
            run = getattr(ctx, command)
            run(seed=1, **extra)  # warm-up (compiles on a cold cache)
        times: dict = {"odds": [], "draw": []}
        sims: dict = {}
        for _ in range(repeat):
            for command in ("odds", "draw"):
                start = time.perf_counter()
                result = getattr(ctx, command)(seed=1, **extra)
                times[command].append(time.perf_counter() - start)
                sims[command] = result.simulations
        out[label] = {c: {"median_s": round(statistics.median(t), 2), "min_s": round(min(t), 2),
                          "max_s": round(max(t), 2), "simulations": sims[c]} for c, t in times.items()}
    return out


def freeze_cost(folder: Path, repeat: int, sims: int) -> dict:
    from drawsafe.simulation.odds import compute_odds
    from drawsafe.simulation.question import Budget

    live = parse_event(documents(folder, 8), "melbourne-day1.json")
    ctx = event_context(live, rounds=9)
    question = ctx.question(cut_points=19)
    packs = {"frozen": get_rules("pokemon"), "not frozen": replace(get_rules("pokemon"), freeze=False)}
    for pack in packs.values():
        compute_odds(ctx.snapshot, pack, replace(question, budget=Budget(2000, seed=1)))  # warm-up
    times: dict = {k: [] for k in packs}
    for _ in range(repeat):
        for k, pack in packs.items():
            start = time.perf_counter()
            compute_odds(ctx.snapshot, pack, replace(question, budget=Budget(sims, seed=1)))
            times[k].append(time.perf_counter() - start)
    ratios = [a / b for a, b in zip(times["frozen"], times["not frozen"])]
    return {"simulations": sims, **{k: round(statistics.median(t), 2) for k, t in times.items()},
            "ratio median": round(statistics.median(ratios), 2),
            "ratio range": f"{min(ratios):.2f}-{max(ratios):.2f}"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-timings", action="store_true")
    ap.add_argument("--freeze-sims", type=int, default=20_000)
    args = ap.parse_args()
    out = {"places": places_report(args.folder)}
    if not args.no_timings:
        out["timings"] = timings(args.folder, args.repeat)
        out["freeze cost"] = freeze_cost(args.folder, args.repeat, args.freeze_sims)
    if args.json:
        json.dump(out, sys.stdout, indent=1, default=str)
        print()
        return
    for section, body in out.items():
        print(f"== {section}")
        for k, v in body.items():
            print(f"  {k}: {v}")


if __name__ == "__main__":
    main()
