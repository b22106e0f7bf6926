"""Certainty on real events: every melee.gg event of ``../shared/data/melee`` (and the real cobra,
TOM, pokedata and TopDeck files), from the start of its last Swiss round (pairings
known) and of the round before it (the cut: the playoff's size, else a Top 8 of the exact final
Swiss standings); how many players are clinched / eliminated / open, and whether
every clinched player played the playoff and no eliminated one did (events where a player finished
the Swiss above a playoff player but did not play it, or a clinched player left the event before
its end: a declined invitation, are counted apart).

    python benchmarks/certainty_real.py [--melee ../shared/data/melee] [--real ../shared/data/real]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.calibration import skipped_qualifiers
from drawsafe.simulation.certainty import certainty
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import DEFAULT_PACK, get_rules


def check_event(event, rules, rounds_left: int):
    """(report, contradictions, declined, seconds, with a playoff) of one event, or None when it
    does not fit.  The cut is the playoff's size where the file has one (checked against who
    played it), else a Top 8 checked against the exact final Swiss standings (a clinched player
    must be in its first 8, and not exactly tied across the line; an eliminated one outside)."""
    swiss = event.swiss
    if len(swiss) <= rounds_left or event.rounds_played < len(swiss):
        return None  # too short, or its last round was never completed: no outcome to check
    final = compute_standings(take_snapshot(event, len(swiss)), rules)
    if event.playoff and len(event.playoff[0].matches) >= 1:
        players_in = {p for m in event.playoff[0].matches for p in m.players}
        top = 2 * len(event.playoff[0].matches)
        declined = bool(skipped_qualifiers(final.rows, players_in))
    else:
        top = 8
        rows = [r for r in final.rows if not r.dropped]
        players_in = {r.player for r in rows[:top]}
        if len(rows) > top and rows[top - 1].tied and rows[top].tied and \
                rows[top - 1].points == rows[top].points:
            players_in -= {r.player for r in rows if r.tied and r.points == rows[top - 1].points}
        declined = False
    snap = take_snapshot(event, len(swiss) - rounds_left)
    if rounds_left == 2:
        from dataclasses import replace
        snap = snap if snap.next_round is not None else replace(snap, next_round=None)
    t = time.perf_counter()
    report = certainty(snap, rules, Cut(top))
    seconds = time.perf_counter() - t
    bad, left = [], []
    gone = {r.player for r in final.rows if r.dropped}
    for pc in report.players:
        if pc.certainty == "clinched" and pc.player not in players_in:
            # a clinched player who left the event before its end declined what they had won
            (left if pc.player in gone else bad).append((pc.player, "clinched, not in the cut"))
        if pc.certainty == "eliminated" and pc.player in players_in:
            bad.append((pc.player, "eliminated, in the cut"))
    return report, bad, declined or bool(left), seconds, bool(event.playoff)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--melee", default=str(Path(__file__).resolve().parents[2] / "shared/data/melee"))
    ap.add_argument("--real", default=str(Path(__file__).resolve().parents[2] / "shared/data/real"))
    ap.add_argument("--rounds-left", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args(argv)
    files = [Path(args.melee) / e["file"] for e in json.loads((Path(args.melee) / "index.json").read_text())]
    real = Path(args.real)
    files += sorted(real.glob("netrunner/cobra/*.json")) + sorted(real.glob("pokemon/tom/*")) + \
        sorted(real.glob("pokemon/pokedata/*.json")) + sorted(real.glob("magic/topdeck/*.json"))
    for left in args.rounds_left:
        totals = {"clinched": 0, "eliminated": 0, "open": 0}
        apart = {"clinched": 0, "eliminated": 0, "open": 0}
        events = declined_events = playoffs = 0
        wrong, wrong_declined, slowest, slow_file = [], [], 0.0, ""
        for f in files:
            try:
                event = load_event(str(f))
            except Exception as e:  # noqa: BLE001 - a file drawsafe refuses is reported, not fatal
                print(f"skip {f.name}: {e}")
                continue
            rules = get_rules(event.rules or DEFAULT_PACK)
            got = check_event(event, rules, left)
            if got is None:
                continue
            report, bad, declined, seconds, playoff = got
            playoffs += playoff
            if seconds > slowest:
                slowest, slow_file = seconds, f.name
            target = apart if declined else totals
            for k, v in report.counts().items():
                target[k] += v
            if declined:
                declined_events += 1
                wrong_declined += [(f.name, *b) for b in bad]
            else:
                events += 1
                wrong += [(f.name, *b) for b in bad]
        print(f"{left} round(s) left: {events} events ({playoffs} with a playoff in all): {totals}; "
              f"contradictions {len(wrong)}; {declined_events} events with a declined invitation, apart: "
              f"{apart}, contradictions there {len(wrong_declined)}; slowest event {slowest:.2f} s "
              f"({slow_file})")
        for w in wrong + wrong_declined:
            print("  ", *w)


if __name__ == "__main__":
    main()
