"""The events of a folder of real files, for ``drawsafe calibrate`` and the behaviour model's fit.

A folder with an ``index.json`` (``../shared/data/melee``: melee.gg events, each listed with its
Swiss rounds and the matches of its first playoff round) is read from it; any other folder is
read file by file, in any format :func:`drawsafe.event.io.load_event` knows (cobra, pokedata,
TOM, Play Hub bundles, melee.gg, TopDeck, ...): each event's Swiss rounds, the players of its
playoff (its cut) and its game (the rule pack's).  Files that do not read as an event are left
out, each with its reason (:attr:`FolderIndex.skipped`); a command that leaves out events too says
which and why, grouped by reason (:class:`LeftOut`, :func:`not_events`).
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
    #: Files that did not read as an event, with the reason (the reader's message, without the path).
    skipped: tuple[tuple[str, str], ...] = ()

    @property
    def files(self) -> int:
        """The files read: the events and the files that are not."""
        return len(self.events) + len(self.skipped)


@dataclass(frozen=True)
class LeftOut:
    """The files of a folder that a command leaves out for one reason: each a ``noun`` ("file",
    "event") that is left out ``reason`` ("with no playoff or cut in the file"), with the reader's
    ``detail`` when it has one."""

    noun: str
    reason: str
    files: tuple[str, ...]
    detail: str = ""

    #: Files named in :meth:`line` (the JSON names them all).
    NAMED = 3

    def line(self) -> str:
        """"14 files not read as an event: the JSON must be an object with a 'rounds' list; e.g.
        a.json, b.json, c.json and 11 more" (every file when they are few)."""
        n = len(self.files)
        named = ", ".join(self.files[:self.NAMED])
        which = f"e.g. {named} and {n - self.NAMED} more" if n > self.NAMED else named
        return f"{n} {self.noun}{'' if n == 1 else 's'} {self.reason}" + (f": {self.detail}" if self.detail else "") \
            + f"; {which}"

    def to_json(self) -> dict:
        return {"left_out": f"{self.noun}s {self.reason}", "detail": self.detail or None, "files": list(self.files)}


def not_events(index: FolderIndex) -> list[LeftOut]:
    """The files of ``index`` that did not read as an event, grouped by the reader's reason
    (most files first)."""
    by_reason: dict[str, list[str]] = {}
    for file, why in index.skipped:
        by_reason.setdefault(why, []).append(file)
    return sorted((LeftOut("file", "not read as an event", tuple(files), why) for why, files in by_reason.items()),
                  key=lambda g: (-len(g.files), g.detail))


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
            why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            path = f"{Path(folder) / f}: "  # the readers' messages start with the file, named here already
            skipped.append((f, why.removeprefix(path)))
            continue
        seats = len({p for r in event.playoff for m in r.matches for p in m.players})
        first = len(event.playoff[0].matches) if event.playoff else 0
        events.append(FolderEvent(f, len(event.swiss), seats, first, game))
    return FolderIndex(tuple(events), tuple(skipped))
