"""The planner against real events: ``drawsafe field``'s P(cut | final record), simulated for each
event's own size and rounds (Top 8, IDs safe, measured drops), against who really finished in the
top 8 of the exact final Swiss standings, and, for events with a Top 8 playoff, who played it.

    python reports/field/melee_compare.py [../shared/data/melee]   (from the repository root)

Writes reports/field/melee-planner.csv (the planner's table for every (size, rounds) cell) and
reports/field/melee-compare.md.  Predicted qualifiers per record are the sum over that record's
players of the planner's P(cut | record); the interval is the 95% range of the observed count if
the planner were right (players independent: sum of p(1 - p), plus the Monte Carlo variance).
"""

from __future__ import annotations

import math
import sys
import time
from collections import defaultdict
from pathlib import Path

from drawsafe.event.io import load_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.planning.drops import forced_elimination
from drawsafe.planning.study import FieldCell, run_study
from drawsafe.simulation.question import Budget
from drawsafe.standings.table import compute_standings
from drawsafe.stats import wilson
from drawsafe.tiebreaks.packs import get_rules

HERE = Path(__file__).resolve().parent
SIMS = 1000
TOP = 8


def real_events(folder: Path):
    for path in sorted(folder.glob("*.json")):
        if path.name == "index.json":
            continue
        try:
            ev = load_event(path)
        except Exception:  # noqa: BLE001, S112 (files the importer refuses are not compared)
            continue
        rounds = len(ev.swiss)
        if rounds < 4 or forced_elimination(ev):  # a Swiss planner says nothing about eliminations
            continue
        rows = compute_standings(take_snapshot(ev, rounds), get_rules(ev.rules or "mtg"), 0).rows
        active = [r for r in rows if not r.dropped]
        if len(active) <= TOP:
            continue
        top = {r.player for r in active[:TOP]}
        playoff = None
        if ev.playoff and 2 * len(ev.playoff[0].matches) == TOP:
            playoff = {p for m in ev.playoff[0].matches for p in m.players}
        dropped = 1 - len(ev.swiss[-1].players) / len(ev.players)
        yield path.name, len(ev.players), rounds, dropped, [
            ((r.wins, r.losses, r.draws), r.player in top, None if playoff is None else r.player in playoff)
            for r in active]


def compare(events, table, which: int):
    p_of = {(r["players"], r["rounds"], r["wins"], r["losses"], r["draws"]): (r["p_cut"], r["n"])
            for r in table if r["stage"] == "final"}
    agg = defaultdict(lambda: [0, 0, 0.0, 0.0, set()])
    unmatched = 0
    for name, n, rounds, _, players in events:
        for rec, in_top, in_playoff in players:
            made = (in_top, in_playoff)[which]
            if made is None:
                continue
            p, k = p_of.get((n, rounds) + rec, (None, 0))
            if p is None:  # a record no simulated event produced: left out of both sides
                unmatched += 1
                continue
            a = agg[rec]
            a[0] += 1
            a[1] += int(made)
            a[2] += p
            a[3] += p * (1 - p) + p * (1 - p) / max(k, 1)
            a[4].add(name)
    return agg, unmatched


def markdown(agg, unmatched, title) -> list[str]:
    lines = [f"### {title}", "",
             ("| Record | Events | Players | Observed qualifiers | Predicted | 95% range if the planner is right | "
             "Observed rate [95%] | Predicted rate |"), "|---|---:|---:|---:|---:|---|---|---:|"]
    inside = shown = 0
    for rec in sorted(agg, key=lambda r: (-(3 * r[0] + r[2]) / max(sum(r), 1), -r[0])):
        n, k, pred, var, evs = agg[rec]
        if pred < 0.5 and k == 0:
            continue
        half = 1.96 * math.sqrt(var)
        lo, hi = wilson(k, n)
        ok = pred - half - 0.5 <= k <= pred + half + 0.5
        inside += ok
        shown += 1
        lines.append(f"| {rec[0]}-{rec[1]}-{rec[2]} | {len(evs)} | {n} | {k} | {pred:.1f} | "
                     f"[{max(pred - half, 0):.1f}, {pred + half:.1f}]{'' if ok else ' **outside**'} | "
                     f"{k / n:.1%} [{float(lo):.1%}, {float(hi):.1%}] | {pred / n:.1%} |")
    total_k = sum(a[1] for a in agg.values())
    total_p = sum(a[2] for a in agg.values())
    lines += ["", (f"{inside} of {shown} records inside their range; qualifiers in all: observed {total_k}, "
              f"predicted {total_p:.1f}; players left out because no simulated event produced their record: {unmatched}."), ""]
    return lines


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/melee")
    start = time.perf_counter()
    events = list(real_events(folder))
    cells = sorted({FieldCell(n, rounds, TOP, "safe", None) for _, n, rounds, _, _ in events},
                   key=lambda c: (c.players, c.rounds))
    res = run_study(cells, HERE / "melee-planner.csv", Budget(SIMS, seed=0), parquet=False)
    with_playoff = [e for e in events if e[4][0][2] is not None]
    out = ["# The planner against real melee.gg events", "",
           (f"{len(events)} Swiss events of `shared/data/melee` with 4+ rounds and more than {TOP} players at "
           f"the end and no format elimination (single elimination, two losses and out, day-2 cut: "
           f"`drawsafe.planning.drops.forced_elimination`); {len(cells)} planner cells (each event's own entrants and rounds, Top {TOP}, IDs safe, "
           f"measured drops, {SIMS} simulated events each, seed 0). Regenerate: "
           "`python reports/field/melee_compare.py`."), "",
           ("Observed: players still in the event after the last Swiss round, by final record; a qualifier "
           f"finished in the top {TOP} of the exact final Swiss standings (drawsafe standings), or played the "
           "Top 8 playoff. Predicted: the sum of the planner's P(cut | record) over those players."), ""]
    planned = {(r["players"], r["rounds"]): r["expected_dropped"] for r in res.rows}
    out += ["### Drops: share of the entrants gone before the last round ends", "",
            "| Rounds | Events | Real | Planner (measured drop model) |", "|---:|---:|---:|---:|"]
    by_rounds: dict[int, list] = defaultdict(list)
    for _, n, rounds, dropped, _ in events:
        by_rounds[rounds].append((dropped, planned[(n, rounds)] / n))
    for rounds, v in sorted(by_rounds.items()):
        out.append(f"| {rounds} | {len(v)} | {sum(a for a, _ in v) / len(v):.1%} | {sum(b for _, b in v) / len(v):.1%} |")
    out.append("")
    agg, unmatched = compare(events, res.rows, 0)
    out += markdown(agg, unmatched, f"All {len(events)} events: top {TOP} of the final Swiss standings")
    agg, unmatched = compare(with_playoff, res.rows, 1)
    out += markdown(agg, unmatched, f"The {len(with_playoff)} events with a Top 8 playoff: who played it")
    out.append(f"Time: {time.perf_counter() - start:.0f} s.")
    (HERE / "melee-compare.md").write_text("\n".join(out) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
