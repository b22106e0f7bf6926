"""Calibration on real events: were the last-round forecasts and draw verdicts right?

For every melee.gg event of the shared data set with a playoff of the chosen size (Top 8 first,
Top 4 as a secondary set), forecast the last Swiss round from its start (``drawsafe.simulation.calibration``) and
compare with what happened.  Prints, per set and for both sets together:

- Brier scores of the forecast, of a hindsight forecast (the real draws known), of two baselines
  (points only; a constant cut / players), and the forecast's differences to the baselines, each
  with a 95% interval from a bootstrap over events; over all players and over contenders;
- a reliability table (mean forecast against observed frequency, Wilson 95% intervals);
- every player called "safe to draw" who drew and missed the playoff, with the reason;
- tables by verdict: how many drew intentionally, how many the model expected to draw;
- events whose playoff is not the top of the exact final Swiss standings.

    python benchmarks/calibration.py [--json] [--cuts 8,4] [--precision 0.005] [--limit N]

The data folder is ``$DRAWSAFE_SHARED/data/melee`` (default ``../shared/data/melee``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from drawsafe.event.cut import Cut
from drawsafe.simulation.calibration import (
    VERDICTS,
    EventForecast,
    Summary,
    forecast_event,
    select_events,
    summarize,
)
from drawsafe.simulation.decisions import SAFE_TO_DRAW
from drawsafe.simulation.question import Budget, Question
from drawsafe.stats import Proportion

DEFAULT_DATA = Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared")) / "data" / "melee"


def run_set(folder: Path, cut: int, args) -> list[EventForecast]:
    entries = select_events(folder, cut, args.min_rounds)[:args.limit]
    out = []
    for i, entry in enumerate(entries, 1):
        question = Question(Cut(cut), others=args.others, safe=args.safe,
                            budget=Budget(args.sims, args.precision, args.max_sims, args.seed))
        ev = forecast_event(folder / entry.file, question, entry=entry)
        print(f"[top {cut} {i}/{len(entries)}] {entry.file}: {ev.seconds:.1f} s", file=sys.stderr)
        out.append(ev)
    return out


def event_json(ev: EventForecast) -> dict:
    not_top, not_playoff = ev.replaced()
    return {"file": ev.file, "entrants": ev.entrants, "active": len(ev.players),
            "rounds": ev.rounds, "cut": ev.seats, "simulations": ev.simulations,
            "converged": ev.converged, "seconds": ev.seconds,
            "intentional_draws": sum(t.drew for t in ev.tables),
            "modelled_draws": sum(t.modelled_draw for t in ev.tables),
            "playoff_not_top": not_top, "top_not_playoff": not_playoff}


def proportion_json(p: Proportion | None) -> dict | None:
    if p is None:
        return None
    ci = p.confidence_interval()
    return {"estimate": p.estimate, "k": p.k, "n": p.n, "ci95": [ci.low, ci.high]}


def summary_json(s: Summary) -> dict:
    d = asdict(s)
    for sur, raw in zip(s.surprises, d["surprises"], strict=True):
        for key in ("forecast", "p_draw", "hindsight"):
            raw[key] = proportion_json(getattr(sur, key))
    d["safe_to_draw_misses"] = [raw for sur, raw in zip(s.surprises, d["surprises"], strict=True)
                                if sur.verdict == SAFE_TO_DRAW and sur.drew and not sur.made_cut]
    return d


def fmt_ci(ci) -> str:
    return f"[{ci.low:.4f}, {ci.high:.4f}]"


def fmt_p(p: Proportion | None) -> str:
    return "-" if p is None else f"{p.estimate:.4f} {fmt_ci(p.confidence_interval())} n={p.n}"


def print_summary(label: str, s: Summary, events: list[EventForecast]) -> None:
    print(f"\n=== {label}: {s.events} events, {s.players} players ===")
    print("Brier score (lower is better; 95% bootstrap interval over events)")
    for sc in s.scores:
        print(f"  {sc.name:<34} {sc.value:8.4f}  {fmt_ci(sc.ci)}  players {sc.n}")
    for title, bands in s.bands.items():
        print(f"Reliability, {title}: P(cut) band, players, mean forecast, observed, 95% CI")
        for b in bands:
            if b.n:
                print(f"  [{b.low:.3f}, {b.high:.3f}{']' if b.high == 1 else ')'}  {b.n:5d}  "
                      f"{b.mean_forecast:7.4f}  {b.made:4d}/{b.n:<5d} = {b.observed:6.4f}  "
                      f"{fmt_ci(b.ci)}")
    safe = [x for x in s.surprises if x.verdict == SAFE_TO_DRAW]
    for drew in (True, False):
        group = [x for x in safe if x.drew == drew]
        print(f"Called 'safe to draw', {'drew' if drew else 'played'}, missed the playoff: "
              f"{len(group)}")
        for x in group:
            print(f"  {x.file} table {x.table}: {x.player}: P(cut | draw) {fmt_p(x.p_draw)}; "
                  f"hindsight P(cut) {fmt_p(x.hindsight)}")
            print(f"      {x.explanation}")
    other = [x for x in s.surprises if x.verdict != SAFE_TO_DRAW]
    print(f"Other surprises (forecast < 0.1 and made it, > 0.9 and missed): {len(other)}")
    for x in other:
        print(f"  {x.file} table {x.table}: {x.player} ({x.verdict}; "
              f"{'made' if x.made_cut else 'missed'}): forecast {fmt_p(x.forecast)}; "
              f"hindsight {fmt_p(x.hindsight)}")
        print(f"      {x.explanation}")
    print("Tables by verdict: tables, drew (0-0-3), modelled to draw, modelled and drew")
    for v in VERDICTS:
        r = s.verdicts[v]
        print(f"  {v:<36} {r['tables']:4d} {r['drew']:4d} {r['modelled_draw']:4d} "
              f"{r['modelled_and_drew']:4d}")
    odd = [(e.file, *e.replaced()) for e in events if any(e.replaced())]
    print(f"Playoff differs from the exact final top cut in {len(odd)} events")
    for file, not_top, not_playoff in odd:
        print(f"  {file}: in playoff, not top: {not_top}; top, not in playoff: {not_playoff}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--cuts", default="8,4", help="Playoff sizes, the first is the primary set.")
    ap.add_argument("--min-rounds", type=int, default=4)
    ap.add_argument("--sims", type=int, default=None)
    ap.add_argument("--precision", type=float, default=0.005)
    ap.add_argument("--max-sims", type=int, default=400_000)
    ap.add_argument("--safe", type=float, default=0.99)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=None, help="At most this many events per set.")
    ap.add_argument("--others", choices=("rational", "behaviour"), default="rational",
                    help="Other tables' model (behaviour: the package's fitted model, which has "
                         "seen these events; drawsafe calibrate cross-validates it).")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not (args.data / "index.json").exists():
        print(f"no data set at {args.data} (set DRAWSAFE_SHARED or --data)", file=sys.stderr)
        return 2
    start = time.perf_counter()
    sets = {f"top{c}": run_set(args.data, c, args) for c in map(int, args.cuts.split(","))}
    if len(sets) > 1:
        sets["all"] = [e for evs in sets.values() for e in evs]
    summaries = {k: summarize(v) for k, v in sets.items() if v}
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({"config": {k: str(v) if isinstance(v, Path) else v
                                     for k, v in vars(args).items() if k != "json"},
                          "seconds": seconds,
                          "sets": {k: summary_json(s) for k, s in summaries.items()},
                          "events": [event_json(e) for k, v in sets.items() if k != "all"
                                     for e in v]}, indent=1, ensure_ascii=False, default=float))
        return 0
    print("event, active players, rounds, cut, simulations per scenario, seconds")
    for k, evs in sets.items():
        if k != "all":
            for e in evs:
                print(f"  {e.file[:60]:<60} {len(e.players):4d} {e.rounds:3d} {e.seats:3d} "
                      f"{e.simulations:7d} {e.seconds:6.1f}")
    for k, s in summaries.items():
        print_summary(k, s, sets[k])
    print(f"\nTotal run time {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
