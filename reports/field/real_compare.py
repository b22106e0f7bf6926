"""The planner against real events with a top cut: the 21 Top 8 events of ``shared/data/melee``
(melee.gg; two of them with a day-2 cut) and the events of ``shared/data/real/`` with Swiss pairings
and a playoff (three TopDeck.gg Top 8 events, a TOM League Cup with a Top 4).

    python reports/field/real_compare.py predict OUT.json [--before]   (from the repository root)
    python reports/field/real_compare.py report BEFORE.json AFTER.json
    python reports/field/real_compare.py choose FOLDER   (the planner's --safe by cross-validation)

``predict`` runs ``drawsafe field`` for every event's own structure (its entrants, Swiss rounds, day-2
cut when it had one, its playoff's size, its rule pack; IDs safe, measured drops, 1000 simulated
events, seed 0) and writes, for every player still in at the end of each phase, the planner's
P(advance | record) and what happened.  ``--before`` plans every event as one phase of all its
Swiss rounds and uses only what the planner took before issue 24 (so the same script runs on the
old code).  ``report`` writes ``reports/field/real-compare.md``: per record class, expected
qualifiers against observed with z (players independent: variance the sum of p(1 - p)), the Brier
score, and drops per event against the planner's by event length.
"""

from __future__ import annotations

import json
import math
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from drawsafe.event.io import load_event
from drawsafe.planning.field import field_odds, plan_field
from drawsafe.simulation.question import Budget

HERE = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("DRAWSAFE_SHARED", HERE.parents[2] / "shared")) / "data"
SIMS = 1000


def lenient(path: Path) -> Path:
    """A TopDeck.gg file with its byes as the importer reads them: "0-0-1" with no opponent is a
    bye (TopDeck's spelling, see shared/data/real/README.md), written as melee.gg's "2-0-0"."""
    data = json.loads(path.read_text())
    for rnd in data.get("Rounds", []):
        for m in rnd.get("Matches", []):
            if not m.get("Player2") and m.get("Result") == "0-0-1":
                m["Player2"], m["Result"] = "-", "2-0-0"
    out = Path(tempfile.mkdtemp()) / path.name
    out.write_text(json.dumps(data))
    return out


def events():
    """(name, event, rules) of every compared event."""
    melee = SHARED / "melee"
    for row in json.loads((melee / "index.json").read_text()):
        if row["playoff_first_round_matches"] == 4:
            yield row["file"], load_event(melee / row["file"]), "mtg"
    for path in sorted((SHARED / "real" / "magic" / "topdeck").glob("*.json")):
        yield path.name, load_event(lenient(path)), "mtg"
    for path in sorted((SHARED / "real" / "pokemon" / "tom").glob("*.tdf")):
        yield path.name, load_event(path), "pokemon"


def records_after(event, rounds: int) -> dict[str, tuple[int, int, int]]:
    out: dict[str, list[int]] = {}
    for rnd in event.swiss[:rounds]:
        for m in rnd.matches:
            w = m.winner()
            for p in m.players:
                r = out.setdefault(p, [0, 0, 0])
                r[0 if w == p else 2 if m.is_draw else 1] += 1
    return {p: tuple(v) for p, v in out.items()}


def structure_of(event):
    from drawsafe.planning.drops import day2_cut  # the day-2 cut, recognised (not in the old code)

    cut = day2_cut(event)
    top = 2 * len(event.playoff[0].matches)
    return (len(event.swiss), None, 0, top) if cut is None else (cut[0], cut[1], len(event.swiss) - cut[0], top)


def predict(out: Path, before: bool, safe: float | None = None) -> None:
    rows, drops = [], []
    start = time.perf_counter()
    for name, event, rules in events():
        swiss = event.swiss
        if before:
            day1, points, day2, top = len(swiss), None, 0, 2 * len(event.playoff[0].matches)
            planned = plan_field(len(event.players), day1, top=top, ids="safe", rules=rules,
                                 budget=Budget(SIMS, seed=0))
        else:
            day1, points, day2, top = structure_of(event)
            planned = plan_field(len(event.players), day1, top=top, ids="safe", rules=rules, day2_points=points,
                                 day2_rounds=day2, budget=Budget(SIMS, seed=0),
                                 **({} if safe is None else {"safe": safe}))
        t = time.perf_counter()
        res = field_odds(*planned)
        final = {(r.wins, r.losses, r.draws): r.cut.estimate for r in res.records}
        playoff = event.playoff[0].players
        last = swiss[-1].players
        total = len(swiss)
        for p, rec in records_after(event, total).items():
            if p in last:
                rows.append({"event": name, "phase": "final", "record": rec, "made": p in playoff,
                             "p": final.get(rec), "rounds": total})
        cut_players = 0
        if not before and day2:
            first = {(r.wins, r.losses, r.draws): r.advance.estimate for r in res.day1_records}
            in_day1, in_day2 = swiss[day1 - 1].players, swiss[day1].players
            for p, rec in records_after(event, day1).items():
                if p in in_day1:
                    rows.append({"event": name, "phase": "day 2", "record": rec, "made": p in in_day2,
                                 "p": first.get(rec), "rounds": day1})
            cut_players = len(in_day1 - in_day2)
        gone = len(event.players) - len(last) - cut_players
        drops.append({"event": name, "players": len(event.players), "rounds": total, "observed": gone,
                      "expected": res.expected_dropped, "two_days": bool(day2)})
        print(f"{name[:50]:<50} {len(event.players):>4} players {total:>2} rounds: dropped {gone} "
              f"(planner {res.expected_dropped:.1f}), {time.perf_counter() - t:.1f} s", flush=True)
    out.write_text(json.dumps({"before": before, "rows": rows, "drops": drops,
                               "seconds": time.perf_counter() - start}, indent=0))


def classes(rows, phase):
    agg = defaultdict(lambda: [0, 0, 0.0, 0.0])
    missing = 0
    for r in rows:
        if r["phase"] != phase:
            continue
        if r["p"] is None:  # a record no simulated event produced: left out of both sides
            missing += 1
            continue
        p = r["p"]
        rec = tuple(r["record"])
        a = agg[(rec[1], rec[2])]  # record class: losses and draws
        a[0] += 1
        a[1] += int(r["made"])
        a[2] += p
        a[3] += p * (1 - p)
    return agg, missing


def brier(rows, phase):
    sel = [r for r in rows if r["phase"] == phase and r["p"] is not None]
    return sum((r["p"] - r["made"]) ** 2 for r in sel) / len(sel), len(sel)


def report(before_path: Path, after_path: Path) -> None:
    before, after = json.loads(before_path.read_text()), json.loads(after_path.read_text())
    lines = ["# The planner against real events with a top cut (issue 24)", "",
             ("Events: the 21 Top 8 events of `shared/data/melee` (two with a day-2 cut: 584 players, 9 + 6 "
             "rounds, 18+ points; 162 players, 6 + 2 rounds, 12+ points), three TopDeck.gg Top 8 events and "
             "a TOM League Cup (Top 4, pokemon rules) of `shared/data/real`. Each planned with its own "
             f"entrants, rounds, cut and rules, IDs safe (the default share: safe-cv.md), measured drops, {SIMS} simulated events, seed 0. "
             "Regenerate: `python reports/field/real_compare.py predict after.json`, the same with "
             "`--before` on the code before issue 24, then `report before.json after.json`."), "",
             ("A record class is the losses and draws of a final record; expected qualifiers are the sum of "
             "the planner's P(cut | record) over the players who finished with it; z = (observed - "
             "expected) / sqrt(sum p(1 - p))."), ""]
    for title, data, phases in (("Before (one phase of all Swiss rounds, the old drop model)", before, ("final",)),
                                ("After (each event's structure, the fitted drop model)", after, ("day 2", "final"))):
        lines += [f"## {title}", ""]
        for phase in phases:
            agg, missing = classes(data["rows"], phase)
            if not agg:
                continue
            what = "made day 2" if phase == "day 2" else "played the playoff"
            b, n = brier(data["rows"], phase)
            worst = 0.0
            lines += [f"### {'Day 1 -> day 2' if phase == 'day 2' else 'Final standings -> top cut'}: {what}", "",
                      "| Losses-draws | Players | Observed | Expected | z |", "|---|---:|---:|---:|---:|"]
            for (lo, d) in sorted(agg):
                cnt, k, e, v = agg[(lo, d)]
                if e < 0.05 and k == 0:
                    continue
                z = (k - e) / math.sqrt(v) if v > 0 else (0.0 if k == round(e) else float("inf"))
                flag = ""
                if e >= 5:
                    worst = max(worst, abs(z))
                    flag = " **off by more than 3 SD**" if abs(z) > 3 else ""
                lines.append(f"| {lo}-{d} | {cnt} | {k} | {e:.1f} | {z:+.2f}{flag} |")
            lines += ["", (f"Brier score {b:.4f} over {n} players; largest |z| where at least 5 are expected: "
                      f"{worst:.2f}; players whose record no simulated event produced (p = 0): {missing}."), ""]
        by_len = defaultdict(lambda: [0, 0.0, 0.0])
        lines += ["### Drops per event by length", "", "| Swiss rounds | Events | Observed per event | Planner |",
                  "|---:|---:|---:|---:|"]
        for d in data["drops"]:
            a = by_len[d["rounds"]]
            a[0] += 1
            a[1] += d["observed"]
            a[2] += d["expected"]
        for r, (n, o, e) in sorted(by_len.items()):
            lines.append(f"| {r} | {n} | {o / n:.1f} | {e / n:.1f} |")
        lines += ["", f"({data['seconds']:.0f} s for every event)", ""]
    (HERE / "real-compare.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


GRID = (0.8, 0.85, 0.9, 0.95, 0.99)


def choose_safe(folder: Path) -> None:
    """The planner's ``safe`` share chosen by leave-one-event-out cross-validation: each event's
    final-phase Brier score under the share that scores best on the other events; writes
    ``safe-cv.md``."""
    folder.mkdir(parents=True, exist_ok=True)
    per = {}
    for safe in GRID:
        path = folder / f"safe-{safe}.json"
        if not path.exists():
            predict(path, False, safe)
        scores = defaultdict(lambda: [0.0, 0])
        for r in json.loads(path.read_text())["rows"]:
            if r["phase"] == "final" and r["p"] is not None:
                scores[r["event"]][0] += (r["p"] - r["made"]) ** 2
                scores[r["event"]][1] += 1
        per[safe] = scores
    names = sorted(per[GRID[0]])

    def mean(safe, skip=None):
        sel = [per[safe][e] for e in names if e != skip]
        return sum(a for a, _ in sel) / sum(n for _, n in sel)

    held, count, chosen = 0.0, 0, defaultdict(int)
    for e in names:
        best = min(GRID, key=lambda s: mean(s, e))
        chosen[best] += 1
        held += per[best][e][0]
        count += per[best][e][1]
    lines = ["# The planner's safe share, chosen by cross-validation", "",
             (f"`python reports/field/real_compare.py choose FOLDER`: the {len(names)} events of real-compare.md, "
             f"each planned with --safe in {', '.join(map(str, GRID))} ({SIMS} simulated events, seed 0)."), "",
             "| --safe | Brier score (all events) | chosen in folds |", "|---:|---:|---:|"]
    lines += [f"| {s} | {mean(s):.4f} | {chosen.get(s, 0)} |" for s in GRID]
    lines += ["", (f"Leave-one-event-out Brier score (each event under the share best on the others): "
              f"{held / count:.4f} over {count} players."), ""]
    (HERE / "safe-cv.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    if sys.argv[1] == "predict":
        predict(Path(sys.argv[2]), "--before" in sys.argv)
    elif sys.argv[1] == "choose":
        choose_safe(Path(sys.argv[2]))
    else:
        report(Path(sys.argv[2]), Path(sys.argv[3]))
