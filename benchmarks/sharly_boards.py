"""Sharly Chess files: every round's published pairings (``drawsafe pairings --after-round R-1``)
seat each game at its board in the file (the board's ``index`` + 1, as Sharly shows it).

    python benchmarks/sharly_boards.py DIR

DIR: Sharly Chess event files (``*.sce``; the example files of Sharly-Chess/sharly-chess,
``examples/events/`` and ``tests/unit/recover/``).  Every tournament of every file is read (a
file of Papi days, before Sharly kept the games itself, is refused as the reader says).  Prints
the files, tournaments read and refused, and games at their board.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from drawsafe import open_event
from drawsafe.errors import DrawsafeError


def boards(path: Path, tournament: str | None) -> dict[tuple[int, str, str], int]:
    """(round, white, black) -> board (index + 1), straight from the SQLite file."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    tid = db.execute("SELECT id FROM tournament WHERE name = ?" if tournament else
                     "SELECT id FROM tournament ORDER BY id", (tournament,) if tournament else ()).fetchone()[0]
    name = {i: f"{last} {first}".strip() for i, last, first in
            db.execute("SELECT id, last_name, first_name FROM player")}
    rows = db.execute("SELECT pr.round, bd.white_player_id, bd.black_player_id, bd.`index` FROM pairing pr "
                      "JOIN board bd ON bd.id = pr.board_id WHERE pr.tournament_id = ? AND "
                      "pr.player_id = bd.white_player_id AND bd.black_player_id IS NOT NULL", (tid,))
    return {(r, name[w], name[b]): i + 1 for r, w, b, i in rows}


def main(argv: list[str]) -> int:
    files = sorted(p for d in argv for p in Path(d).rglob("*.sce"))
    read = refused = games = equal = 0
    for f in files:
        db = sqlite3.connect(f"file:{f}?mode=ro", uri=True)
        names = [r[0] for r in db.execute("SELECT name FROM tournament ORDER BY id")]
        for t in (names if len(names) > 1 else [None]):
            try:
                ctx = open_event(f, division=t)
                rounds = ctx.event.swiss
            except DrawsafeError as exc:
                refused += 1
                print(f"refused {f.name} {t or ''}: {str(exc)[:120]}")
                continue
            read += 1
            truth = boards(f, t)
            for r in rounds:
                if not r.paired:
                    continue
                shown = open_event(f, division=t, after_round=r.number - 1).pairings()
                for tb in shown.tables:
                    key = (r.number, tb.player_a, tb.player_b)
                    if tb.player_b is not None and key in truth:
                        games += 1
                        equal += tb.table == truth[key]
    print(f"{len(files)} files: {read} tournaments read, {refused} refused; {equal}/{games} games of the "
          "published pairings at their board")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
