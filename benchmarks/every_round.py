"""Every round of every real file: each event replayed after each of its rounds answers ``standings``
and ``draw``, or refuses naming what is really missing (issue 49 item 2).

Files: every file (and every folder a format reads whole) under ``../shared/data/real`` and
``tests/data``, the melee.gg events of ``../shared/data/melee`` (``--melee-every K`` takes every
K-th of its ``index.json``: a deterministic sample), and any folder given.  A file no format
recognises is counted apart ("not an event"), as is a recognised file that is refused whole
(its message kept: a connector's answer alone, a page that is not an event...).  A Pokémon file
(TOM, pokedata, RK9) is read once per division holding players.

Runs, each through the library's command functions (what the command line runs):

- ``standings --after-round R`` for R = 0 .. the rounds with every result in, and without
  ``--after-round`` (the file as it stands), plus one ``standings --check`` of the file as it
  stands when it publishes standings or final places;
- ``draw --after-round R`` for the same R while a Swiss round is left to play, and ``draw`` on the
  file as it stands: ``--sims`` simulations (no adaptive precision), the other tables as
  ``--others`` says; a field above ``--whole-draw`` players is asked for one table, the standings
  leader's among the players of the next round (the question a contender asks), which reads the
  file, takes the snapshot and builds the first round exactly as the whole draw does.

Each run is answered, refused (a :class:`~drawsafe.errors.DrawsafeError`: its one line is kept and
grouped by reason, file names and figures taken out) or failed (any other exception, or a refusal
that names no missing fact: :data:`NOT_A_REASON`).

    python benchmarks/every_round.py [FOLDER ...] [--sims 40] [--melee-every 10] [--json]

``--json`` writes one object: per format the counts and the refusal reasons, and every run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared"))

from drawsafe.app import commands
from drawsafe.app.context import event_context
from drawsafe.app.requests import DrawRequest, StandingsRequest
from drawsafe.errors import DrawsafeError
from drawsafe.event.io import load_event
from drawsafe.event.io.formats import get

#: Refusals that name no missing fact (a kind of result the simulator does not take, a report
#: asked of the user): a run refused so counts as failed.
NOT_A_REASON = re.compile(r"round \d+: an? [\w-]+ cannot be simulated|please report|Traceback|internal error")
#: The divisions tried on a file whose format reads one (Pokémon: TOM, pokedata, RK9).
DIVISIONS = ("masters", "senior", "junior", "combined", "all-ages")
ANSWERED, REFUSED, FAILED = "answered", "refused", "failed"


@dataclass
class Run:
    file: str
    format: str
    division: str | None
    after: int | None  # None: the file as it stands
    command: str
    status: str
    reason: str = ""
    seconds: float = 0.0

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Sweep:
    runs: list[Run] = field(default_factory=list)
    #: (file, format or None, why) of files not replayed: not an event, or refused whole.
    skipped: list[tuple[str, str | None, str]] = field(default_factory=list)
    events: list[tuple[str, str, str | None, int]] = field(default_factory=list)

    def summary(self) -> dict:
        """Per format: events, runs answered / refused / failed, and the refusals by reason."""
        out: dict = {}
        for f, fmt, _, _ in self.events:
            out.setdefault(fmt, {"events": 0, ANSWERED: 0, REFUSED: 0, FAILED: 0, "reasons": Counter(),
                                 "failures": []})["events"] += 1
        for r in self.runs:
            row = out[r.format]
            row[r.status] += 1
            if r.status == REFUSED:
                row["reasons"][f"{r.command}: {reason_of(r.reason)}"] += 1
            elif r.status == FAILED:
                row["failures"].append(f"{r.file} {r.command} after {r.after}: {r.reason}")
        for row in out.values():
            row["reasons"] = dict(row["reasons"].most_common())
        return out


def reason_of(message: str) -> str:
    """A refusal's reason: the message without file names, player names in quotes and figures."""
    text = re.sub(r"(/[^\s:]+|\S+\.(json|trf|tdf|csv|html|xml|sce|TUNx))", "FILE", message)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    return re.sub(r"\d+", "N", text)


def candidates(folders: list[Path]) -> list[Path]:
    """Every file under ``folders``, and every folder below them (one a format reads whole is an
    event: Limitless data, Play Hub answers; the others are passed over)."""
    out = []
    for top in folders:
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            here = Path(dirpath)
            if here != top:
                out.append(here)
            out.extend(here / f for f in sorted(filenames))
    return out


def divisions_of(path: Path) -> list[tuple[str | None, object]]:
    """(division, event) of every division of ``path`` holding players (one, ``None``, for a format
    without divisions).

    :raises DrawsafeError: when the file is not read at all."""
    event = load_event(path)
    if path.is_dir() or not get(event.format).division:
        return [(None, event)]
    out, seen = [(None, event)], {(event.name, event.players)}
    for d in DIVISIONS:
        try:
            other = load_event(path, division=d)
        except DrawsafeError:
            continue
        if (other.name, other.players) not in seen:
            seen.add((other.name, other.players))
            out.append((d, other))
    return out


def attempt(sweep: Sweep, run: Run, call) -> object | None:
    """Run ``call``; record the run as answered, refused or failed; its answer or None."""
    start = time.perf_counter()
    try:
        answer = call()
    except DrawsafeError as e:
        text = str(e)
        run.status = FAILED if NOT_A_REASON.search(text) else REFUSED
        run.reason = text
        answer = None
    except Exception as e:  # noqa: BLE001 (what the sweep exists to find)
        run.status, run.reason = FAILED, f"{type(e).__name__}: {e} ({traceback.format_exc(limit=-1).strip()})"
        answer = None
    else:
        run.status = ANSWERED
    run.seconds = round(time.perf_counter() - start, 3)
    sweep.runs.append(run)
    return answer


def leader(ctx, standings) -> str | None:
    """The best-ranked player who plays the next round (None: nobody)."""
    snap = ctx.snapshot
    for row in getattr(standings, "rows", ()):
        i = snap.index.get(row.player)
        if i is not None and snap.active[i]:
            return row.player
    return None


def replay(sweep: Sweep, path: Path, division: str | None, event, args) -> None:
    """Every run of one event (see the module text)."""
    sweep.events.append((str(path), event.format, division, event.rounds_played))
    for after in [*range(event.rounds_played + 1), None]:
        replay_after(sweep, path, division, event, after, args)


def replay_after(sweep: Sweep, path: Path, division: str | None, event, after: int | None, args) -> None:
    """The runs of one event replayed after round ``after`` (None: the file as it stands)."""
    def base(command: str) -> Run:
        return Run(str(path), event.format, division, after, command, FAILED)

    ctx = attempt(sweep, base("open"), lambda: event_context(event, after_round=after))
    if ctx is None:
        return
    table = attempt(sweep, base("standings"), lambda: commands.standings(ctx, StandingsRequest()).result)
    if after is None and (event.standings or event.places):
        attempt(sweep, base("standings --check"),
                lambda: commands.standings(ctx, StandingsRequest(check=True)).result)
    if ctx.snapshot.rounds_left < 1:
        return  # nothing left to play: no draw to ask
    player = leader(ctx, table) if len(event.players) > args.whole_draw else None
    request = DrawRequest(sims=args.sims, others=args.others, player=player, seed=1)
    attempt(sweep, base("draw" if player is None else "draw --player"),
            lambda: commands.draw(ctx, request).result)


def melee_files(folder: Path, every: int) -> list[Path]:
    index = folder / "index.json"
    if not index.exists():
        return []
    entries = json.loads(index.read_text())
    return [folder / e["file"] for i, e in enumerate(entries) if every > 0 and i % every == 0]


def sweep_files(files: list[Path], args, say=print) -> Sweep:
    sweep = Sweep()
    for path in files:
        try:
            events = divisions_of(path)
        except DrawsafeError as e:
            if not path.is_dir():  # a folder no format reads is no event, and no file either
                sweep.skipped.append((str(path), None, str(e)))
            continue
        for division, event in events:
            start = time.perf_counter()
            before = len(sweep.runs)
            replay(sweep, path, division, event, args)
            mine = sweep.runs[before:]
            counts = Counter(r.status for r in mine)
            say(f"{path}{f' ({division})' if division else ''} [{event.format}, {len(event.players)} players, "
                f"{event.rounds_played} rounds]: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
                + f" ({time.perf_counter() - start:.0f} s)")
            for r in mine:
                if r.status == FAILED:
                    say(f"  FAILED {r.command} after {r.after}: {r.reason}")
    return sweep


def default_folders() -> list[Path]:
    return [p for p in (SHARED / "data" / "real", ROOT / "tests" / "data") if p.is_dir()]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path, help="more folders of real files")
    ap.add_argument("--sims", type=int, default=40, help="simulations of each draw (default 40)")
    ap.add_argument("--others", default="behaviour", help="the other tables' draws (as draw's --others)")
    ap.add_argument("--whole-draw", type=int, default=128,
                    help="above this many players, draw asks for the standings leader's table only")
    ap.add_argument("--melee", type=Path, default=SHARED / "data" / "melee")
    ap.add_argument("--melee-every", type=int, default=10,
                    help="every K-th melee.gg event of its index.json (1: all; 0: none)")
    ap.add_argument("--no-defaults", action="store_true", help="only the folders given")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout (progress on stderr)")
    args = ap.parse_args(argv)
    folders = ([] if args.no_defaults else default_folders()) + list(args.folders)
    files = candidates(folders) + melee_files(args.melee, args.melee_every)
    say = (lambda s: print(s, file=sys.stderr, flush=True)) if args.json else (lambda s: print(s, flush=True))
    start = time.perf_counter()
    sweep = sweep_files(files, args, say)
    summary = sweep.summary()
    if args.json:
        print(json.dumps({"summary": summary, "skipped": sweep.skipped, "events": sweep.events,
                          "runs": [r.to_json() for r in sweep.runs],
                          "options": {"sims": args.sims, "others": args.others, "whole_draw": args.whole_draw,
                                      "melee_every": args.melee_every},
                          "seconds": round(time.perf_counter() - start, 1)}, indent=1))
    else:
        print(f"\n{len(sweep.events)} events, {len(sweep.runs)} runs in {time.perf_counter() - start:.0f} s; "
              f"{len(sweep.skipped)} files not replayed")
        for fmt, row in sorted(summary.items()):
            print(f"{fmt:12} {row['events']:4} events: {row[ANSWERED]} answered, {row[REFUSED]} refused, "
                  f"{row[FAILED]} failed")
            for reason, n in row["reasons"].items():
                print(f"    {n:4} refused: {reason}")
            for failure in row["failures"][:10]:
                print(f"    FAILED {failure}")
    return 1 if any(r.status == FAILED for r in sweep.runs) else 0


if __name__ == "__main__":
    sys.exit(main())
