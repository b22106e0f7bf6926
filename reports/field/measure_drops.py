"""Fit the drop model of ``drawsafe field`` on the melee.gg events, check it by cross-validation over
events and write it to ``sim/data/drops.json`` and ``reports/field/drops-check.md`` (run from the
repository root):

    python reports/field/measure_drops.py [../shared/data/melee]

The check: every event's drops predicted by the model fitted on the other folds (5 folds of
events), against what happened, by the event's number of Swiss rounds; the log-loss per decision
against a constant rate.
"""

import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from drawsafe.planning.drops import (
    FEATURES,
    collect_rows,
    cross_validate,
    fit,
    log_loss,
    model_json,
)

ROOT = Path(__file__).resolve().parents[2]
folder = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/melee"
rows = collect_rows(folder)
beta = fit(rows.x, rows.y)
held = cross_validate(rows)
by_length = defaultdict(lambda: [0, 0.0, 0.0, []])
for e, s in enumerate(rows.structures):
    m = rows.event == e
    a = by_length[s.total]
    a[0] += 1
    a[1] += rows.y[m].sum()
    a[2] += held[m].sum()
    a[3].append(rows.y[m].sum() - held[m].sum())
constant = np.full(len(rows.y), rows.y.mean())
check = {"log_loss_held_out": log_loss(held, rows.y), "log_loss_constant": log_loss(constant, rows.y),
         "by_rounds": [{"rounds": r, "events": n, "observed_per_event": o / n, "predicted_per_event": p / n,
                        "sd_of_event_difference": float(np.std(d, ddof=1)) if n > 1 else None}
                       for r, (n, o, p, d) in sorted(by_length.items())]}
data = model_json(beta, rows, "melee.gg events of shared/data/melee", check)
(ROOT / "sim" / "data" / "drops.json").write_text(json.dumps(data, indent=1) + "\n")
lines = ["# The drop model, checked by cross-validation over events", "",
         data["source"] + ".", "",
         "| Feature | Coefficient |", "|---|---:|"]
lines += [f"| {f} | {b:+.3f} |" for f, b in zip(FEATURES, beta)]
lines += ["", (f"Held-out log-loss per decision {check['log_loss_held_out']:.4f} (a constant rate: "
          f"{check['log_loss_constant']:.4f})."), "",
          "| Swiss rounds | Events | Drops per event, observed | Predicted (held out) | SD of the per-event difference |",
          "|---:|---:|---:|---:|---:|"]
for row in check["by_rounds"]:
    sd = row["sd_of_event_difference"]
    lines.append(f"| {row['rounds']} | {row['events']} | {row['observed_per_event']:.1f} | "
                 f"{row['predicted_per_event']:.1f} | {'' if sd is None else f'{sd:.1f}'} |")
lines += ["", ("Events differ far more than the model's players do (the SD column): what it cannot know, the "
          "event's own habit, stays `--drops FACTOR`.")]
(ROOT / "reports" / "field" / "drops-check.md").write_text("\n".join(lines) + "\n")
print("\n".join(lines))
