"""Measure the drop model of ``drawsafe field`` again on the melee.gg events and write it to
``sim/data/drops.json`` (run from the repository root):

    python reports/field/measure_drops.py [../shared/data/melee]
"""

import json
import sys
from pathlib import Path

from drawsafe.planning.drops import measure_drops, rates_json

folder = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/melee"
rates, used, eliminated = measure_drops(folder)
data = rates_json(rates, used, eliminated, "melee.gg events of shared/data/melee")
out = Path(__file__).resolve().parents[2] / "sim" / "data" / "drops.json"
out.write_text(json.dumps(data, indent=1) + "\n")
for r in rates:
    ci = r.drops.confidence_interval()
    print(f"<= {r.max_players or 'any':>3} players {'before last' if r.before_last else 'middle     '} non-wins {r.nonwins}: "
          f"{r.drops.k:6d}/{r.drops.n:6d} = {r.drops.estimate:.4f} [{ci.low:.4f}, {ci.high:.4f}]")
print(f"events per band {used} ({eliminated} with format eliminations left out) -> {out}")
