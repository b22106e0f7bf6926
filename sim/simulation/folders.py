"""The events of a folder of real files, for ``drawsafe calibrate`` and the behaviour model's fit.

A folder with an ``index.json`` (``../shared/data/melee``: melee.gg events, each listed with its
Swiss rounds and the matches of its first playoff round) is read from it; any other folder is
read file by file, in any format :func:`drawsafe.event.io.load_event` knows (cobra, pokedata,
TOM, Play Hub bundles, melee.gg, TopDeck, ...): each event's Swiss rounds, the players of its
playoff (its cut) and its game (the rule pack's).  Files that do not read as an event are left
out and counted.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

from drawsafe.event.io import load_event
from drawsafe.tiebreaks.packs import DEFAULT_PACK, get_rules

#: Files of a folder that are never events.
NOT_EVENTS = ("index.json", "readme.md", "readme.txt", "readme")


@dataclass(frozen=True)
class FolderEvent:
    """One event of a folder: its file (relative to the folder), Swiss rounds, the players of its
    playoff (0: none), the matches of the playoff's first round, and its game."""

    file: str
    swiss_rounds: int
    seats: int
    first_round_matches: int
    game: str


@dataclass(frozen=True)
class FolderIndex:
    events: tuple[FolderEvent, ...]
    #: Files that did not read as an event, with the reason.
    skipped: tuple[tuple[str, str], ...] = ()


def folder_index(folder: str | Path) -> FolderIndex:
    """The events of ``folder`` (see the module text)."""
    folder = Path(folder)
    index = folder / "index.json"
    if index.exists():
        entries = json.loads(index.read_text(encoding="utf-8"))
        return FolderIndex(tuple(FolderEvent(e["file"], e["swiss_rounds"],
                                             2 * e["playoff_first_round_matches"],
                                             e["playoff_first_round_matches"], "Magic")
                                 for e in entries))
    files = tuple(sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                         if p.is_file() and p.name.lower() not in NOT_EVENTS
                         and not p.name.startswith(".")))
    return _scan(str(folder), files)


@functools.lru_cache(maxsize=8)
def _scan(folder: str, files: tuple[str, ...]) -> FolderIndex:
    events, skipped = [], []
    for f in files:
        try:
            event = load_event(Path(folder) / f)
            game = get_rules(event.rules or DEFAULT_PACK).game
        except Exception as exc:  # noqa: BLE001 (any file that is not an event is left out)
            skipped.append((f, str(exc).splitlines()[0] if str(exc) else type(exc).__name__))
            continue
        seats = len({p for r in event.playoff for m in r.matches for p in m.players})
        first = len(event.playoff[0].matches) if event.playoff else 0
        events.append(FolderEvent(f, len(event.swiss), seats, first, game))
    return FolderIndex(tuple(events), tuple(skipped))
