"""Fit the other-tables behaviour model on real events (drawsafe.simulation.behaviour).

Two steps:

    python benchmarks/behaviour_fit.py observe [--sims 1500] [--limit N]   # simulate: the table CSV
    python benchmarks/behaviour_fit.py fit [--l2 1.0]                      # the coefficients

``--game netrunner`` or ``--game pokemon`` (with ``--data FOLDER``: the game's real event files, any
format, e.g. the cobra exports of ``../shared/data/real/netrunner/cobra`` or the pokedata documents
of RichardHpa/Pokemon-TCG-Standings) fits that game's model instead, from the intentional draws
its files record (cobra's ``intentionalDraw``; Pokémon's ties), into
``benchmarks/behaviour_tables-<game>.csv`` and ``sim/data/behaviour-<game>.json``, which the game's
rule packs use (``RulePack.draws_fitted``).

``observe`` reads every Swiss event of ``$DRAWSAFE_SHARED/data/melee`` (default
``../shared/data/melee``) with at least three Swiss rounds (single-elimination events listed with a
large "playoff" after 1-3 rounds are left out, see the data's README) and writes one row per table
of its last Swiss round and of the round before it: the features of
``drawsafe.simulation.behaviour.FEATURES`` and whether the table drew intentionally (0-0-3), to
``benchmarks/behaviour_tables.csv``.  ``fit`` fits the logistic regression on that file and writes
``sim/data/behaviour.json`` (the package's model), with the command that refits it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from drawsafe.simulation.behaviour import (
    FEATURES,
    BehaviourModel,
    Observations,
    observation_weights,
    observe_events,
    observed_events,
    out_of_fold,
)
from drawsafe.tiebreaks.packs import PACKS, behaviour_file

DEFAULT_DATA = Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared")) / "data" / "melee"


def game_name(key: str) -> str:
    """The game whose packs use the model ``key`` ("magic": Magic's, the packs' "")."""
    fitted = "" if key == "magic" else key
    return next((p.game for p in PACKS.values() if p.draws_fitted == fitted), key)


def observe(args) -> int:
    entries = observed_events(args.data, game_name(args.game))[:args.limit]
    start = time.perf_counter()
    rounds = observe_events(args.data, entries, args.sims, args.seed,
                            lambda text: print(text, file=sys.stderr))
    Observations.from_rounds(rounds).write(args.tables)
    print(f"wrote {args.tables} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


def fit(args) -> int:
    obs = Observations.read(args.tables)
    x, y = obs.x, obs.drew
    events = len(set(obs.file))
    weight = observation_weights(obs, args.other_weight)
    model = BehaviourModel.fit(
        x, y, args.l2, weight, trained_on={"events": events, "tables": len(y), "draws": int(y.sum()),
                                   "data": args.data_note or
                                   "shared/data/melee: last Swiss round and the one before",
                                   "simulations": args.sims_note, "game": game_name(args.game)},
        refit=(f"python benchmarks/behaviour_fit.py observe --sims 1500{args.game_args} && "
               f"python benchmarks/behaviour_fit.py fit --l2 {args.l2} --other-weight {args.other_weight}"
               f"{args.game_args}"))
    model.save(args.model)
    p = model.probability(x)
    expect = p >= 0.5
    print(f"{events} events, {len(y)} tables, {int(y.sum())} intentional draws; in-sample: "
          f"expected {int(expect.sum())}, of which drew {int((expect & (y > 0)).sum())}; "
          f"wrote {args.model}")
    oof = out_of_fold(obs, args.folds, args.l2, weight) >= 0.5
    for label, keep in (("all events", np.ones(len(y), bool)),
                        ("events with a playoff", obs.x[:, FEATURES.index("playoff")] > 0)):
        for left in (1, 2):
            m = keep & (obs.rounds_left == left)
            both, exp, drew = int((oof & (y > 0) & m).sum()), int((oof & m).sum()), int((y[m] > 0).sum())
            print(f"  cross-validated by event ({args.folds} folds), {label}, {left} round(s) left: "
                  f"expected {exp}, drew {drew}, both {both}: precision "
                  f"{both / max(exp, 1):.1%}, recall {both / max(drew, 1):.1%}")
    for name, c in zip(FEATURES, model.coef, strict=True):
        print(f"  {name:<20} {c:+.3f}")
    print(f"  {'intercept':<20} {model.intercept:+.3f}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("step", choices=("observe", "fit"))
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--game", default="magic", help="magic (melee.gg's index), netrunner or pokemon "
                    "(--data: a folder of the game's event files, any format).")
    ap.add_argument("--data-note", default="", help="What --data is, in words, kept in the model.")
    ap.add_argument("--tables", type=Path, default=None)
    ap.add_argument("--model", type=Path, default=None)
    ap.add_argument("--sims", type=int, default=1500, help="Simulations per scenario (observe).")
    ap.add_argument("--sims-note", default="1500 per scenario", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--l2", type=float, default=10.0)
    ap.add_argument("--other-weight", type=float, default=0.1,
                    help="Weight of tables of events without a playoff (their 'cut' is nominal).")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args(argv)
    suffix = "" if args.game == "magic" else f"-{args.game}"
    args.tables = args.tables or ROOT / "benchmarks" / f"behaviour_tables{suffix}.csv"
    args.model = args.model or ROOT / "sim" / "data" / behaviour_file("" if args.game == "magic" else args.game)
    args.game_args = "" if args.game == "magic" else f" --game {args.game} --data FOLDER"
    if args.step == "observe" and args.game == "magic" and not (args.data / "index.json").exists():
        print(f"no data set at {args.data} (set DRAWSAFE_SHARED or --data)", file=sys.stderr)
        return 2
    return observe(args) if args.step == "observe" else fit(args)


if __name__ == "__main__":
    raise SystemExit(main())
