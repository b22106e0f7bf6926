"""A Pokémon Regionals-sized analysis: 2,000 players, 9 rounds, before the last round.

Generates the event (``drawsafe generate``'s engine, Pokémon tie share), then times, each run
twice (the first may compile; the second is warm): ``odds --cut-points 19`` (day 2), ``draw
--cut-points 19`` and ``draw --top 32``.  Prints the times, simulations, throughput in simulated
player-rounds per second, the expected day-2 size and the verdicts by points pair.

    python benchmarks/pokemon_day2.py [--players 2000] [--seed 7] [--json]
"""

from __future__ import annotations

import argparse
import collections
import json
import time
from dataclasses import replace

from drawsafe.engine.results import ResultModel
from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.decisions import draw_decisions
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.odds import compute_odds
from drawsafe.simulation.question import Budget, Question
from drawsafe.tiebreaks.packs import get_rules


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rules = get_rules("pokemon")
    event, t_gen = timed(lambda: generate_event(args.players, 9, 8, args.seed, rules))
    snap = take_snapshot(event)
    results = ResultModel.for_event(event, rules)
    day2 = Question(Cut(8, 19), results=results, last_round=rules.last_round)
    top32 = Question(Cut(32), results=results, last_round=rules.last_round)
    def asked(config):  # draw_decisions' former defaults: others rational, at most 400,000 simulations
        return Question(config.cut, results, config.last_round, others="rational",
                        budget=Budget(max_sims=400_000, seed=1))

    out: dict = {"players": args.players, "generate_s": round(t_gen, 2), "tie_share": results.draw_share}
    for label, run in (
        ("odds_cut19", lambda: compute_odds(snap, rules, replace(day2, budget=Budget(seed=1)))),
        ("draw_cut19", lambda: draw_decisions(snap, rules, asked(day2))),
        ("draw_top32", lambda: draw_decisions(snap, rules, asked(top32))),
    ):
        (_, first), (res, warm) = timed(run), timed(run)
        sims = res.simulations
        entry = {"first_s": round(first, 2), "warm_s": round(warm, 2), "simulations": sims,
                 "player_rounds_per_s": round(sims * args.players / warm)}
        if label.startswith("odds"):
            entry["expected_cut_size"] = round(sum(p.p_cut for p in res.players), 1)
        else:
            verdicts = collections.Counter()
            for t in res.tables:
                a, b = t.players
                verdicts[f"{a.points}-{b.points}: {t.verdict}"] += 1
            entry["tables"] = len(res.tables)
            entry["verdicts"] = dict(sorted(verdicts.items(), reverse=True))
        out[label] = entry
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()
