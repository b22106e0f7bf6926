"""Variants of the behaviour model against the calibration target, without simulating anything.

    python benchmarks/behaviour_variants.py [--tables benchmarks/behaviour_tables.csv] [--data DIR]

Reads the table observations ``behaviour_fit.py observe`` wrote and the event files of
``$DRAWSAFE_SHARED/data/melee`` (default ``../shared/data/melee``), adds columns a player at the
event can see from the standings snapshot (:func:`snapshot_columns`: the event's intentional draws
in earlier rounds at tables below the cut line and above it, in the round just before, per table
played; the players' points against the cut line; the field's size; the table's players' own
earlier intentional draws), and prints for each variant of the model (:func:`variants`: the
package's features plus some of those columns):

- the calibration target as ``drawsafe calibrate ../shared/data/melee --observations ...``
  computes it for the behaviour model: the Top 8 events' tables expected to draw (probability at
  least ``decisions.EXPECT`` = 0.5) against the real intentional draws, every table, each event
  forecast by a model fitted on every observation outside its fold of Top 8 events
  (``fold_models``, 5 folds, as calibrate does), on the events not reported apart;  the package's
  features give calibrate's own figures (last round 40/51 expected, 40/65 drew);
- the cross-validated log loss of the draw probabilities over every event (``out_of_fold``, 5 folds
  by event): the criterion to choose a variant by, which does not look at the Top 8 target.

Then the bounds the data set puts on that target (see the last lines of the output).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from drawsafe.event import kinds
from drawsafe.event.io import load_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.behaviour import (
    FEATURES,
    L2,
    Observations,
    fold_models,
    observation_weights,
    out_of_fold,
)
from drawsafe.simulation.behaviour_model import intentional_draw_mask
from drawsafe.simulation.calibration import select_events, skipped_qualifiers
from drawsafe.simulation.decisions import EXPECT
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

sys.path.insert(0, str(ROOT / "benchmarks"))
from behaviour_fit import (  # the observations this script reads, where the fit finds them
    DEFAULT_DATA,
    TABLES,
)

#: Columns of :func:`snapshot_columns`.
COLUMNS = ("ids_low", "ids_high", "ids_prev", "id_rate", "line_min", "line_max", "log_players",
           "players_with_id")


def match_points(snap) -> np.ndarray:
    """MTG match points per player and round of ``snap`` (win or bye 3, draw 1)."""
    k, gw, gl = snap.kind, snap.gw, snap.gl
    pts = np.zeros(k.shape)
    pts[(k == kinds.PLAYED) & (gw > gl)] = 3
    pts[(k == kinds.PLAYED) & (gw == gl)] = 1
    pts[(k == kinds.BYE) | (k == kinds.FORFEIT_WIN)] = 3
    return pts


def snapshot_columns(event, round_number: int, cut: int, tables: np.ndarray) -> np.ndarray:
    """For the tables (1-based) of Swiss round ``round_number``, from the snapshot before it:
    log(1 + intentional draws of earlier rounds where both players were more than a win below
    the ``cut``-th player's points then) and log(1 + the other earlier ones), log(1 + those of the
    round just before), intentional draws per table played so far, each player's points against
    the cut-th player's now (in wins; the lower and the higher), log(active players) and how many
    of the table's two players drew intentionally in an earlier round."""
    snap = take_snapshot(event, round_number - 1)
    r0 = round_number - 1
    pts = match_points(snap)[:, :r0]
    kind = snap.kind[:, :r0]
    before = np.cumsum(pts, axis=1) - pts
    is_id = intentional_draw_mask(snap)[:, :r0]
    low = high = prev = 0
    played = 0.0
    for r in range(r0):
        active = kind[:, r] != kinds.ABSENT
        played += active.sum() / 2
        b = np.sort(before[active, r])[::-1]
        line = b[min(cut, len(b)) - 1] if len(b) else 0.0
        for p in np.flatnonzero(is_id[:, r]):
            q = snap.opp[p, r]
            if q < p:
                continue
            if max(before[p, r], before[q, r]) < line - 3:
                low += 1
            else:
                high += 1
            prev += r == r0 - 1
    now = pts.sum(axis=1)
    n_active = int(snap.active.sum())
    line = np.sort(now[snap.active])[::-1][min(cut, n_active) - 1]
    matches = event.swiss[round_number - 1].matches
    had_id = is_id.any(axis=1)
    out = []
    for t in tables:
        m = matches[t - 1]
        a, b = snap.index[m.player_a], snap.index[m.player_b]
        gap = sorted(((now[a] - line) / 3, (now[b] - line) / 3))
        out.append([np.log1p(low), np.log1p(high), np.log1p(prev), (low + high) / max(played, 1),
                    gap[0], gap[1], np.log(n_active), int(had_id[a]) + int(had_id[b])])
    return np.array(out).reshape(-1, len(COLUMNS))


def extra_columns(obs: Observations, folder: Path) -> np.ndarray:
    """:func:`snapshot_columns` for every row of ``obs``."""
    out = np.zeros((len(obs.drew), len(COLUMNS)))
    events = {}
    for f, r in sorted({(f, int(r)) for f, r in zip(obs.file, obs.round, strict=True)}):
        event = events.get(f) or load_event(folder / f)
        events = {f: event}
        rows = np.flatnonzero((obs.file == f) & (obs.round == r))
        out[rows] = snapshot_columns(event, r, int(obs.cut[rows[0]]), obs.table[rows])
    return out


def top8_scored(folder: Path) -> tuple[list[str], set[str]]:
    """The Top 8 events ``drawsafe calibrate`` forecasts, and those it reports apart (a player
    finished above a qualifier and did not play the playoff)."""
    files, apart = [], set()
    for e in select_events(folder, 8):
        event = load_event(folder / e.file)
        final = compute_standings(take_snapshot(event, len(event.swiss)), get_rules(event.rules or "mtg"), 0)
        files.append(e.file)
        if skipped_qualifiers(final.rows, {p for m in event.playoff[0].matches for p in m.players}):
            apart.add(e.file)
    return files, apart


def with_x(obs: Observations, x: np.ndarray) -> Observations:
    return Observations(obs.file, obs.round, obs.rounds_left, obs.cut, obs.table, x, obs.drew)


def calibrate_cv(obs: Observations, files: list[str], folds: int = 5) -> np.ndarray:
    """Each Top 8 event's tables' draw probability as ``calibrate_folder`` gets it (NaN elsewhere)."""
    p = np.full(len(obs.drew), np.nan)
    for f, model in fold_models(obs, files, folds).items():
        rows = obs.file == f
        p[rows] = model.probability(obs.x[rows])
    return p


def calls(p, drew, keep) -> str:
    exp, real = (p >= EXPECT) & keep, (drew > 0) & keep
    both = int((exp & real).sum())
    return (f"{both / max(exp.sum(), 1):6.1%} ({both}/{int(exp.sum())}) "
            f"{both / max(real.sum(), 1):6.1%} ({both}/{int(real.sum())})")


def log_loss(p, y, keep) -> float:
    return float(-np.mean(np.log(np.where(y[keep] > 0, p[keep], 1 - p[keep]))))


def variants(x: np.ndarray, e: np.ndarray) -> dict[str, np.ndarray]:
    """The package's features, alone and with some snapshot columns or interactions."""
    f = {n: x[:, i] for i, n in enumerate(FEATURES)}
    c = {n: e[:, i] for i, n in enumerate(COLUMNS)}
    none, safe, last = f["no_stake"], f["both_safe"], 1 - f["two_left"]

    def plus(*cols):
        return np.column_stack([x, *cols])
    return {
        "package features": x,
        "+ IDs before below/above the line": plus(c["ids_low"], c["ids_high"]),
        "+ same, x no stake / x both safe": plus(c["ids_low"], c["ids_high"], none * c["ids_low"],
                                               safe * c["ids_high"]),
        "+ no stake x IDs before": plus(none * f["ids_before"]),
        "+ no stake x IDs before below line": plus(none * c["ids_low"]),
        "+ no stake x last round": plus(none * last),
        "+ no stake x last round x log rounds": plus(none * last * f["log_rounds"]),
        "+ both no-stake interactions": plus(none * last * f["log_rounds"], none * f["ids_before"]),
        "+ IDs in the round before (x safe)": plus(c["ids_prev"], safe * c["ids_prev"]),
        "+ safe x last x IDs in the round before": plus(safe * last * c["ids_prev"]),
        "+ IDs per table played": plus(c["id_rate"]),
        "+ points against the cut line": plus(c["line_min"], c["line_max"]),
        "+ log players": plus(c["log_players"]),
        "+ players with an ID before (x safe)": plus(c["players_with_id"], safe * c["players_with_id"]),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--tables", type=Path, default=TABLES)
    args = ap.parse_args(argv)
    if not (args.data / "index.json").exists():
        print(f"no data set at {args.data} (set DRAWSAFE_SHARED or --data)", file=sys.stderr)
        return 2
    obs = Observations.read(args.tables)
    files, apart = top8_scored(args.data)
    extra = extra_columns(obs, args.data)
    scored = np.isin(obs.file, files) & ~np.isin(obs.file, sorted(apart))
    y = obs.drew
    print(f"{len(files)} Top 8 events, {len(files) - len(apart)} scored; "
          f"{len(y)} tables of {len(set(obs.file))} events")
    print(f"{'variant':<42} {'last round: precision':>21} {'recall':>14}   "
          f"{'two rounds left: precision':>26} {'recall':>13}   CV log loss (all events) 1 / 2 left")
    w = observation_weights(obs)
    for name, x in variants(obs.x, extra).items():
        o = with_x(obs, x)
        p = calibrate_cv(o, files)
        q = out_of_fold(o, 5, L2, w)
        print(f"{name:<42} {calls(p, y, scored & (obs.rounds_left == 1)):>36}   "
              f"{calls(p, y, scored & (obs.rounds_left == 2)):>40}   "
              f"{log_loss(q, y, obs.rounds_left == 1):.4f} / {log_loss(q, y, obs.rounds_left == 2):.4f}")
    last = scored & (obs.rounds_left == 1)
    safe = last & (obs.x[:, FEATURES.index("both_safe")] > 0)
    none = last & (obs.x[:, FEATURES.index("no_stake")] > 0)
    print("\nBounds on the last-round target (Top 8 events scored):")
    print(f"  tables with both players safe to draw (P(cut | draw) >= 0.99): {int(safe.sum())}, "
          f"drew {int(y[safe].sum())} ({y[safe].mean():.1%}): the precision of calling them all")
    for ids in (False, True):
        k = safe & ((obs.x[:, FEATURES.index("ids_before")] > 0) == ids)
        print(f"    at events {'with' if ids else 'without'} an intentional draw before: "
              f"{int(k.sum())}, drew {int(y[k].sum())}")
    draws = int(y[last].sum())
    by_event = {f: int(y[none & (obs.file == f)].sum()) for f in set(obs.file[none])}
    top = max(by_event, key=by_event.get)
    k = none & (obs.file == top)
    print(f"  real draws {draws}; at tables with no stake (both below 0.1% either way) "
          f"{int(y[none].sum())}, {by_event[top]} of them at {top} ({int(k.sum())} such tables "
          f"there: {y[k].mean():.0%} drew)")
    print(f"  recall without that event's no-stake draws is at most "
          f"{(draws - by_event[top]) / draws:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
