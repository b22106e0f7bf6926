"""How closely the simulations' pairing of Netrunner rounds follows cobra's: on every Swiss round
after the first of the real cobra exports, the sum of squared point differences over the tables
(cobra maximises minus that sum: a maximum-weight matching, no rematch, the bye as an opponent on
0 points) of the real pairing, of the optimum (networkx's maximum-weight matching on the same
players) and of drawsafe's pairing (``pairings`` as the simulations pair, 20 seeds): the pack's
(cobra's, :mod:`drawsafe.pairing.weighted`) or ``--pairing mtg`` (point groups top-down).

    python3 benchmarks/cobra_pairing.py [FOLDER] [--pairing cobra|mtg] [--json]

FOLDER defaults to ../shared/data/real/netrunner/cobra.  Needs networkx (not a dependency of
drawsafe: ``pip install networkx``).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

import networkx as nx

from drawsafe.event.io import load_event
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import take_snapshot
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

ROOT = Path(__file__).resolve().parents[1]
SEEDS = 20


def cost(tables, points) -> int:
    return sum((points[a] - (points[b] if b else 0)) ** 2 for a, b in tables)


def optimum(players, points, met, had_bye) -> int:
    g = nx.Graph()
    big = 10**6
    nodes = list(players) + (["<bye>"] if len(players) % 2 else [])
    for i, a in enumerate(nodes):
        for b in nodes[i + 1:]:
            if "<bye>" in (a, b):
                p = a if b == "<bye>" else b
                if not had_bye[p]:
                    g.add_edge(a, b, weight=big - points[p] ** 2)
            elif b not in met[a]:
                g.add_edge(a, b, weight=big - (points[a] - points[b]) ** 2)
    m = nx.max_weight_matching(g, maxcardinality=True)
    return sum(big - g[a][b]["weight"] for a, b in m)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default=str(ROOT.parent / "shared" / "data" / "real" / "netrunner" / "cobra"))
    ap.add_argument("--pairing", choices=("cobra", "mtg"), default=None, help="default: the pack's")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for path in sorted(Path(args.folder).glob("*.json")):
        event = load_event(path)
        rules = get_rules(event.rules)
        swiss = event.swiss
        for r in range(2, len(swiss) + 1):
            real = swiss[r - 1]
            if not real.complete and not all(m.player_b is None or True for m in real.matches):
                continue
            before = replace(event, rounds=tuple(swiss[:r - 1]), swiss_rounds=len(swiss))
            snap = take_snapshot(before, r - 1, len(swiss))
            standings = compute_standings(snap, rules)
            points = {row.player: round(row.points * rules.point_scale) for row in standings.rows}
            met = {p: set() for p in event.players}
            had_bye = dict.fromkeys(event.players, False)
            for rnd in swiss[:r - 1]:
                for m in rnd.matches:
                    if m.kind == MATCH and m.player_b:
                        met[m.player_a].add(m.player_b)
                        met[m.player_b].add(m.player_a)
                    elif m.player_b is None:
                        had_bye[m.player_a] = True
            in_round = [p for m in real.matches for p in m.players]
            points.update({p: points.get(p, 0) for p in in_round})
            real_cost = cost([(m.player_a, m.player_b) for m in real.matches], points)
            best = optimum(in_round, points, met, had_bye)
            ours = [cost([(t.player_a, t.player_b) for t in
                          next_round_pairings(snap, rules, rules.last_round, seed, args.pairing).tables], points)
                    for seed in range(SEEDS)]
            rows.append({"event": path.name, "round": r, "players": len(in_round), "real": real_cost,
                         "optimum": best, "drawsafe_min": min(ours), "drawsafe_mean": sum(ours) / SEEDS,
                         "drawsafe_at_optimum": sum(c == best for c in ours) / SEEDS})
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for x in rows:
            print(f"{x['event'][:34]:<34} r{x['round']} n={x['players']:>2}  real {x['real']:>4}  optimum "
                  f"{x['optimum']:>4}  drawsafe {x['drawsafe_min']:>4}-{x['drawsafe_mean']:.1f} "
                  f"({x['drawsafe_at_optimum']:.0%} at the optimum)")
        at = sum(x["real"] == x["optimum"] for x in rows)
        ours = sum(x["drawsafe_at_optimum"] for x in rows) / len(rows)
        print(f"{len(rows)} rounds: cobra's real pairing at the optimum in {at}; drawsafe's pairing at the "
              f"optimum in {ours:.0%} of its draws")
    return 0


if __name__ == "__main__":
    sys.exit(main())
