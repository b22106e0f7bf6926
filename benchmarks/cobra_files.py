"""Every cobra export of a folder against cobra: read with no option, points, SOS, ESOS and Swiss
rank of every published player as cobra gives them (``standings --check``).

    python benchmarks/cobra_files.py DIR [DIR ...]

Prints a line per file (players compared, agreed, the notes of corrected scores) and the counts.
The exports of xdg/netrunner-jupyter (``data/*-cobra.json``, 48 of them) are the test set of
issue 43: fetch the repository and point this at its ``data`` folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from drawsafe import open_event
from drawsafe.errors import InputError


def main(argv: list[str]) -> int:
    files = sorted(p for d in argv for p in Path(d).rglob("*cobra*.json"))
    read = refused = players = agreed = ordered = events = 0
    for f in files:
        try:
            opened = open_event(f)
        except InputError as exc:
            refused += 1
            print(f"REFUSED {f.name}: {exc}")
            continue
        read += 1
        report = opened.check()
        events += 1
        players += report.compared
        agreed += report.agreed
        bad = {d.player for d in report.disagreements if "rank" in d.fields}
        ordered += not bad
        corrected = [n for n in opened.event.notes if "corrected by hand" in n]
        print(f"{f.name}: {report.agreed}/{report.compared} rows agree"
              + (f"; rank differs: {sorted(bad)}" if bad else "")
              + (f"; {corrected[0][:160]}" if corrected else ""))
    print(f"\n{len(files)} files: {read} read with no option, {refused} refused; {agreed}/{players} "
          f"published rows agree (points, SOS, ESOS, Swiss rank); Swiss order reproduced in "
          f"{ordered}/{events} events")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
