"""A folder of saved Play Hub answers, read as the bundle (see :mod:`drawsafe.event.io.playhub`)."""

from __future__ import annotations

import os
import re

from drawsafe.errors import InputError
from drawsafe.event.io.files import load_json
from drawsafe.event.io.playhub.building import read_playhub
from drawsafe.event.io.playhub.shapes import Reader, kind_of, rows_of
from drawsafe.event.model import Event

ROUND_IN_NAME = re.compile(r"round[-_ ]?(\d+)", re.IGNORECASE)


def looks_like_playhub_folder(folder: str) -> bool:
    """True when the folder holds a Play Hub event document (a ``.json`` file whose name starts
    with ``event``)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    return any(n.lower().startswith("event") and n.lower().endswith(".json") for n in names)


def read_folder(folder: str) -> Event:
    """Read a folder of saved answers as the bundle (see the module text)."""
    r = Reader(folder)
    try:
        names = sorted(n for n in os.listdir(folder) if n.lower().endswith(".json"))
    except OSError as e:
        raise r.fail(None, f"cannot read the folder: {e.strerror}") from None
    event = None
    rounds: dict[str, dict[str, list]] = {}
    for name in names:
        path = os.path.join(folder, name)
        data = load_json(path)
        kind = kind_of(data)
        if kind == "event":
            if event is not None:
                raise InputError(path, None, f"a second event document (the first is {event[0]})",
                                 "keep one event per folder")
            event = (name, data)
            continue
        if kind not in ("matches", "standings"):
            raise InputError(path, None, "not a Play Hub answer (an event document, or a page of a round's "
                                         "matches or standings)")
        rid = None
        if kind == "matches":
            ids = {str(row.get("tournament_round")) for row in rows_of(data) or ()
                   if isinstance(row, dict) and row.get("tournament_round") is not None}
            rid = ids.pop() if len(ids) == 1 else None
        if rid is None:
            found = ROUND_IN_NAME.search(name)
            if found is None:
                raise InputError(path, None, "its round is unknown: the rows do not say it and the file name "
                                             "has no round id", "name it like round-7906-standings.json")
            rid = found.group(1)
        rounds.setdefault(rid, {}).setdefault(kind, []).append(data)
    if event is None:
        raise r.fail(None, "the folder has no event document", "save /events/{id}/ as event.json beside the rounds")
    return read_playhub({"event": event[1], "rounds": rounds}, folder)
