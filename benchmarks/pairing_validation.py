"""Do drawsafe's pairings match what real events did?  (shared/data/melee)

Last round.  For every event with at least 3 Swiss rounds, project the last round's pairings by
standings from the standings after the round before it, and count the real tables reproduced.
Organisers pair the last round either by standings or at random within point groups, and the data
does not say which; an event counts as paired by standings when random pairing (500 draws of
drawsafe's random pairing from the same standings) reproduces that many tables of the standings
projection with probability below 1%.  Reported: how many events are classified so, the share of
their tables matched table for table, and how many match completely.

Middle rounds.  For rounds 2..N-1, the distribution of the point gap |points A - points B| between
paired players in the real rounds, and in 20 simulated pairings of each of those rounds from the
same standings (point groups, random order, pair-downs).

    python benchmarks/pairing_validation.py [--json] [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np

from drawsafe.event.io import load_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.pairing.swiss import pair_swiss
from drawsafe.rng import stream
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "melee"


def real_pairs(snap):
    return {frozenset(m.players) for m in snap.next_round.matches if m.kind == "match"}


def random_pairs(snap, rules, table, seed):
    n = snap.players
    points = np.zeros(n, dtype=np.int64)
    for r in table.rows:
        points[snap.index[r.player]] = round(r.points * rules.point_scale)
    players = np.flatnonzero(snap.active).astype(np.int64)
    pa = np.empty(n // 2 + 1, dtype=np.int64)
    pb = np.empty(n // 2 + 1, dtype=np.int64)
    had_bye = (snap.kind == 2).any(axis=1)
    m, _, _ = pair_swiss(stream(seed, 0), players, points, had_bye, snap.opp, snap.kind.shape[1], pa, pb)
    return {frozenset((snap.names[pa[t]], snap.names[pb[t]])) for t in range(m)}, points, pa[:m], pb[:m]


def last_round(event, draws=500):
    n_rounds = len(event.swiss)
    rules = get_rules(event.rules or "mtg")
    snap = take_snapshot(event, n_rounds - 1)
    real = real_pairs(snap)
    free = replace(snap, next_round=None)
    proj = next_round_pairings(free, rules, "standings", seed=0)
    projected = {frozenset((t.player_a, t.player_b)) for t in proj.tables if t.player_b}
    hit = len(real & projected)
    table = compute_standings(free, rules)
    random_hits = [len(random_pairs(free, rules, table, s)[0] & projected) for s in range(draws)]
    p_value = (1 + sum(h >= hit for h in random_hits)) / (draws + 1)
    byes = sum(1 for m in snap.next_round.matches if m.kind == "bye")
    return {"tables": len(real), "matched": hit, "p_random": p_value, "exact_ties": proj.exact_ties,
            "byes": byes, "random_mean": float(np.mean(random_hits))}


def middle_gaps(event, sims=20):
    rules = get_rules(event.rules or "mtg")
    real, simulated = Counter(), Counter()
    for r in range(2, len(event.swiss)):
        snap = take_snapshot(event, r - 1)
        table = compute_standings(snap, rules)
        pts = {row.player: row.points for row in table.rows}
        for m in snap.next_round.matches:
            if m.kind == "match":
                real[min(abs(pts[m.player_a] - pts[m.player_b]), 3)] += 1
        free = replace(snap, next_round=None)
        for s in range(sims):
            _, points, pa, pb = random_pairs(free, rules, table, 1000 + s)
            for a, b in zip(pa, pb):
                simulated[min(abs(int(points[a]) - int(points[b])), 3)] += 1
    return real, simulated


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--limit", type=int, default=None, help="only the first N events (quick look)")
    args = ap.parse_args(argv)
    if not args.data.exists():
        sys.exit(f"needs the melee data set at {args.data}")
    index = json.loads((args.data / "index.json").read_text())
    events = [e for e in index if e["swiss_rounds"] >= 3][: args.limit]
    rows, gaps_real, gaps_sim = [], Counter(), Counter()
    for e in events:
        event = load_event(args.data / e["file"])
        row = last_round(event)
        row["file"] = e["file"]
        rows.append(row)
        real, sim = middle_gaps(event)
        gaps_real.update(real)
        gaps_sim.update(sim)
    standings = [r for r in rows if r["p_random"] < 0.01]
    tables = sum(r["tables"] for r in standings)
    matched = sum(r["matched"] for r in standings)
    summary = {
        "events": len(rows),
        "standings_paired_events": len(standings),
        "standings_paired_tables": tables,
        "tables_matched": matched,
        "table_match_rate": matched / tables if tables else None,
        "events_fully_matched": sum(r["matched"] == r["tables"] for r in standings),
        "partial_with_extra_byes": sum(r["matched"] < r["tables"] and r["byes"] > 1 for r in standings),
        "partial_with_exact_ties": sum(r["matched"] < r["tables"] and r["exact_ties"] for r in standings),
        "middle_round_gap_share_real": {k: v / sum(gaps_real.values()) for k, v in sorted(gaps_real.items())},
        "middle_round_gap_share_simulated": {k: v / sum(gaps_sim.values()) for k, v in sorted(gaps_sim.items())},
        "partial_events": [r for r in standings if r["matched"] < r["tables"]],
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        for k, v in summary.items():
            if k != "partial_events":
                print(f"{k}: {v}")
        for r in summary["partial_events"]:
            print(f"  partial: {r['file']}: {r['matched']}/{r['tables']} byes={r['byes']} ties={r['exact_ties']}")


if __name__ == "__main__":
    main()
