"""The Pokémon tiebreak kernels before and after the freeze at drop and day-2 phases, timed in one
sitting, alternately, on the same arrays.

"Before" is ``sim/tiebreaks/pokemon.py`` at a git revision (default 71564bf, before issue 22),
loaded as its own module; "after" is the installed one.  The arrays are those of a generated
Pokémon event (``--players``, 9 rounds played; ``--drops``: the share of players who leave after a
random round, so the frozen values are computed), as ``drawsafe standings`` and every simulation's
final ranking pass them.  Prints the median time per call of each and the ratio after/before, with
the spread of the ratio over the repeats (the machine is shared: ratios of alternate runs).

    python benchmarks/pokemon_tiebreaks.py [--players 2000] [--drops 0.2] [--repeat 15]
    python benchmarks/pokemon_tiebreaks.py --event FILE --after-round 9   # a real event's arrays
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from drawsafe.event import kinds
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.tiebreaks import pokemon
from drawsafe.tiebreaks.packs import get_rules

ROOT = Path(__file__).resolve().parent.parent


def load_before(rev: str):
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:sim/tiebreaks/pokemon.py"],
                            check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "pokemon_before.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("pokemon_before", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def arrays(players: int, drops: float, seed: int):
    """A generated event's arrays after 9 rounds; ``drops`` of the players leave after a random
    round (their later rounds are taken out on both sides: the opponent had a bye instead)."""
    event = generate_event(players, 9, 9, seed, get_rules("pokemon"))
    snap = take_snapshot(event)
    opp, kind = snap.opp.copy(), snap.kind.copy()
    rng = np.random.default_rng(seed)
    for p in np.flatnonzero(rng.random(players) < drops):
        for r in range(int(rng.integers(1, 9)), 9):
            o = opp[p, r]
            if o >= 0:
                opp[o, r], kind[o, r] = -1, kinds.BYE
            opp[p, r], kind[p, r] = -1, kinds.ABSENT
    return opp, kind, snap.gw, snap.gl


def event_arrays(path: str, after_round: int):
    from drawsafe.event.io import load_event

    snap = take_snapshot(load_event(path), after_round)
    return snap.opp, snap.kind, snap.gw, snap.gl


def per_call(fn, calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--drops", type=float, default=0.2)
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--calls", type=int, default=20)
    ap.add_argument("--before", default="71564bf")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--event", help="a real event file instead of a generated one")
    ap.add_argument("--after-round", type=int, default=None)
    args = ap.parse_args()
    before = load_before(args.before)
    if args.event:
        opp, kind, gw, gl = event_arrays(args.event, args.after_round)
        args.players, args.drops = kind.shape[0], float((kind[:, -1] == kinds.ABSENT).mean())
    else:
        opp, kind, gw, gl = arrays(args.players, args.drops, args.seed)
    nr = kind.shape[1]
    col = np.empty(kind.shape[0])
    runs = {
        "before": lambda: (before.pokemon_column(before.OWP, opp, kind, gw, gl, nr, False, col),
                           before.pokemon_column(before.OOWP, opp, kind, gw, gl, nr, False, col)),
        "after": lambda: (pokemon.pokemon_column(pokemon.OWP, opp, kind, gw, gl, nr, False, 0, True, col),
                          pokemon.pokemon_column(pokemon.OOWP, opp, kind, gw, gl, nr, False, 0, True, col)),
    }
    for fn in runs.values():
        fn()  # compile
    times = {k: [] for k in runs}
    ratios = []
    for _ in range(args.repeat):
        for k, fn in runs.items():
            times[k].append(per_call(fn, args.calls))
        ratios.append(times["after"][-1] / times["before"][-1])
    print(f"{args.players} players, {nr} rounds, {args.drops:.0%} leaving early; OWP + OOWP per call "
          f"(median of {args.repeat} x {args.calls}):")
    for k, t in times.items():
        print(f"  {k:6s} {statistics.median(t) * 1e3:8.3f} ms  (min {min(t) * 1e3:.3f}, max {max(t) * 1e3:.3f})")
    q = statistics.quantiles(ratios, n=4) if len(ratios) >= 4 else [min(ratios), max(ratios)]
    print(f"  after/before: median {statistics.median(ratios):.2f} (quartiles {q[0]:.2f}-{q[-1]:.2f}, "
          f"range {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    sys.exit(main())
