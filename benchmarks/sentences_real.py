"""The sentences against what really happened: every melee.gg event of ``../shared/data/melee``
(and the real pokedata, TOM, cobra and TopDeck files of ``../shared/data/real``) from the start of
its last Swiss round (pairings known), every player's sentences (clinched,
eliminated, per own result, and the needs of every open player at an open table), each claim
checked against the real last round: its real results decide which claims apply, the exact final
standings (every tiebreak, exact ties either way) whether the player was in.

The cut: the playoff's size where the file has one, else a Top 8.  A claim "in" holds when the
player finished surely in (the players above them and those exactly tied with them fit in the
cut), "out" when the cut is full above them, "not in" when they were not surely in; a claim whose
condition the real results did not meet is not checked (counted apart).

    python benchmarks/sentences_real.py [--melee ../shared/data/melee] [--real ../shared/data/real] [--limit N]

(``DRAWSAFE_SHARED`` names the shared data's folder when it is not ``../shared``.)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.certainty import certainty
from drawsafe.simulation.needs import event_needs
from drawsafe.tiebreaks.packs import DEFAULT_PACK, display_points, get_rules
from drawsafe.tiebreaks.ranking import TOLERANCE
from drawsafe.tiebreaks.values import tiebreak_values

SAYS = {"in": lambda s: s == 1, "out": lambda s: s == -1, "not in": lambda s: s != 1}


def statuses(snap, rules, members: list[int], top: int) -> dict[int, int]:
    """1 surely in, -1 surely out, 0 either (exact ties across the line) for each member, from
    the snapshot's standings (every column: points, then each tiebreak)."""
    codes = rules.codes()
    nr = snap.kind.shape[1]
    keys = np.zeros((snap.players, len(codes)))
    tiebreak_values(snap.opp, snap.kind, snap.gw, snap.gl, snap.gd, nr, rules.points_table(), codes,
                    rules.flags(snap.has_rematch, snap.phase_start), snap.ratings, keys)
    rows = keys[members]
    out = {}
    for i, p in enumerate(members):
        diff = rows - rows[i]
        big = np.abs(diff) > TOLERANCE
        first = np.where(big.any(axis=1), big.argmax(axis=1), -1)
        sign = np.where(first >= 0, diff[np.arange(len(members)), np.maximum(first, 0)], 0.0)
        above = int((sign > 0).sum())
        tied = int((first < 0).sum()) - 1
        out[p] = 1 if above + tied <= top - 1 else (-1 if above >= top else 0)
    return out, keys


def result_class(m) -> int:
    """A played match's result as a class: 0 A wins, 1 a draw, 2 B wins."""
    if m.a_wins == m.b_wins:
        return 1
    return 0 if m.a_wins > m.b_wins else 2


def check_event(event, rules, tally: Counter, false: list) -> bool:
    """Every claim of one event's sentences at the start of its last round against what happened;
    False when the event does not fit (too short, last round unfinished)."""
    swiss = event.swiss
    if len(swiss) < 2 or event.rounds_played < len(swiss):
        return False
    top = 2 * len(event.playoff[0].matches) if event.playoff and event.playoff[0].matches else 8
    cut = Cut(top)
    snap = take_snapshot(event, len(swiss) - 1)
    if snap.next_round is None or snap.rounds_left != 1:
        return False
    members = [int(p) for p in np.flatnonzero(snap.active & snap.ranked_mask())]
    final = take_snapshot(event, len(swiss))
    status, keys = statuses(final, rules, members, top)
    points = {final.names[p]: display_points(int(keys[p, 0]), rules.point_scale) for p in members}
    results, own = {}, {}
    for i, m in enumerate(swiss[-1].matches):
        if m.kind == MATCH and m.player_b is not None:
            cls = result_class(m)
            results[i + 1] = cls
            own[m.player_a] = "draw" if cls == 1 else ("win" if cls == 0 else "loss")
            own[m.player_b] = "draw" if cls == 1 else ("win" if cls == 2 else "loss")
    report = certainty(snap, rules, cut)
    needs = event_needs(snap, rules, cut, report)
    tally["events"] += 1
    for pc in report.players:
        p = snap.index[pc.player]
        said = []
        if pc.certainty != "open":
            said.append(("certainty", pc.certainty, None))
        mine = own.get(pc.player)
        if mine is not None and pc.certainty_if.get(mine, "open") != "open":
            said.append(("certainty if", pc.certainty_if[mine], None))
        for need in needs.get(pc.player, ()):
            if need.own == mine:
                said += [("need exact" if need.exact else "need on points", claim, need) for claim in need.claims]
        checked = False
        for label, claim, need in said:
            if isinstance(claim, str):
                ok = status[p] == (1 if claim == "clinched" else -1)
                kind = f"{label} {claim}"
            else:
                if claim.says == "open":
                    continue
                if claim.when == "always":
                    met = True
                elif claim.when == "at most":
                    met = sum(points[n] >= claim.points - 1e-9 for n, _ in claim.rivals) <= claim.at_most
                else:
                    met = any(c.holds(results) for c in claim.conditions)
                    met = met if claim.when == "any" else not met
                if not met:
                    tally[f"{label}: condition not met"] += 1
                    continue
                ok = SAYS[claim.says](status[p])
                kind = f"{label}: {claim.says} if {claim.when}"
            tally[kind] += 1
            tally["checked"] += 1
            checked = True
            if not ok:
                false.append((event.name, pc.player, label, claim))
        tally["situations"] += checked
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    shared = Path(os.environ.get("DRAWSAFE_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    ap.add_argument("--melee", default=str(shared / "data" / "melee"))
    ap.add_argument("--real", default=str(shared / "data" / "real"),
                    help="also the real pokedata, cobra, TOM and TopDeck files there ('' for none)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N files of the index")
    args = ap.parse_args(argv)
    index = json.loads((Path(args.melee) / "index.json").read_text())
    files = [Path(args.melee) / e["file"] for e in index][: args.limit or None]
    if args.real:
        real = Path(args.real)
        files += sorted(real.glob("pokemon/pokedata/*.json")) + sorted(real.glob("pokemon/tom/*")) + \
            sorted(real.glob("netrunner/cobra/*.json")) + sorted(real.glob("magic/topdeck/*.json"))
    tally, false, skipped = Counter(), [], 0
    start = time.perf_counter()
    for f in files:
        try:
            event = load_event(str(f))
            rules = get_rules(event.rules or DEFAULT_PACK)
            if not check_event(event, rules, tally, false):
                skipped += 1
        except Exception as e:  # noqa: BLE001 - a file drawsafe refuses is counted, not fatal
            print(f"skip {f.name}: {e}")
            skipped += 1
    print(f"{tally['events']} events ({skipped} files skipped: too short or last round unfinished), "
          f"{time.perf_counter() - start:.0f} s")
    print(f"claims checked against the real last round: {tally['checked']} ({tally['situations']} players), "
          f"false: {len(false)}")
    for k, v in sorted(tally.items()):
        if k not in ("events", "checked", "situations"):
            print(f"  {k}: {v}")
    for f in false:
        print("  FALSE", *f)
    return 1 if false else 0


if __name__ == "__main__":
    sys.exit(main())
