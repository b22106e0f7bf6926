"""Regenerate the example reports in reports/ from real events of the shared melee.gg data.

    python3 reports/examples.py [--data DIR] [--out DIR]

Each example is a real event with a Top 8 playoff, cut before its last Swiss round (its published
last-round pairings kept, their results ignored), reported with the default simulation settings and
seed 0, exactly as ``drawsafe report FILE --after-round R [--player NAME]`` would.  The shared data
folder is ``$DRAWSAFE_SHARED/data/melee`` (default: ``../shared/data/melee`` next to the checkout).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from drawsafe import DrawsafeError, open_event
from drawsafe.app import commands
from drawsafe.app.requests import ReportRequest

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Example:
    file: str
    after_round: int
    output: str
    player: str | None = None

    def command(self) -> str:
        parts = ["drawsafe", "report", f"<melee>/{self.file}", "--after-round", str(self.after_round)]
        if self.player:
            parts += ["--player", self.player]
        return shlex.join(parts + ["-o", f"reports/{self.output}"])


EXAMPLES = (
    # 584 players, 15 Swiss rounds: a two-day event, the largest of the data set.
    Example("magic-spotlight-series-liverpool-2025-standard-375305-2025-11-01.json", 14,
            "spotlight-liverpool-2025-round-15.html"),
    # 162 players, 8 rounds; petr lugovoi's table is expected to draw, so other tables decide.
    Example("paupercalypse-2025-372705-2025-10-25.json", 7, "paupercalypse-2025-round-8.html",
            "petr lugovoi"),
    # 155 players, 8 rounds: three tables safe to draw, two where only one player gains.
    Example("mtg-sea-championship-final-season-3-round-3-standard-294545-2025-05-03.json", 7,
            "sea-championship-s3r3-2025-round-8.html"),
)


def default_data() -> Path:
    shared = Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared"))
    return shared / "data" / "melee"


def make(example: Example, data: Path, out: Path) -> float:
    """Write one example report; returns the seconds it took."""
    started = time.monotonic()
    ctx = open_event(str(data / example.file), after_round=example.after_round)
    request = ReportRequest(after_round=example.after_round, player=example.player)
    commands.report(ctx, request, command=example.command()).result.write(out / example.output)
    return time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=default_data(), help="the melee.gg data folder")
    parser.add_argument("--out", type=Path, default=ROOT / "reports", help="where to write the reports")
    args = parser.parse_args(argv)
    if not args.data.is_dir():
        print(f"examples: error: {args.data} is not a folder (set DRAWSAFE_SHARED or --data)", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for example in EXAMPLES:
        try:
            seconds = make(example, args.data, args.out)
        except DrawsafeError as e:
            print(f"examples: error: {e}", file=sys.stderr)
            return 2
        size = (args.out / example.output).stat().st_size
        print(f"wrote {args.out / example.output} ({size / 1024:,.0f} KB) in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
