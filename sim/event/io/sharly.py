"""Sharly Chess event files (``.sce``): the French federation's tournament manager keeps each
event in an SQLite database (PLATFORMS.md: ``metadata(version, migration)``, ``tournament``,
``player``, ``tournament_player``, ``board``, ``pairing``; the schema changes between versions).

Not read as an event yet: a ``.sce`` file is recognised by its SQLite header and answered with
one line saying what it is (Sharly Chess version, its tournaments and rounds) and what to give
instead, never "not UTF-8 text".
"""

from __future__ import annotations

import sqlite3

from drawsafe.errors import InputError

MAGIC = b"SQLite format 3\x00"


def is_sqlite(raw: bytes) -> bool:
    return raw.startswith(MAGIC)


def describe(raw: bytes) -> str:
    """What the SQLite file is, in a few words (Sharly Chess's version and tournaments when it is one)."""
    db = sqlite3.connect(":memory:")
    try:
        db.deserialize(raw)
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"metadata", "tournament", "pairing"} <= tables:
            return "an SQLite database that is not a Sharly Chess event (no metadata, tournament and pairing tables)"
        version = db.execute("SELECT version FROM metadata").fetchone()
        names = [r[0] for r in db.execute("SELECT name FROM tournament ORDER BY id")]
        rounds = db.execute("SELECT MAX(round) FROM pairing").fetchone()[0]
    except (sqlite3.DatabaseError, ValueError):
        return "an SQLite database that cannot be opened (damaged or truncated?)"
    finally:
        db.close()
    shown = ", ".join(repr(n) for n in names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return (f"a Sharly Chess event file (SQLite, Sharly Chess {version[0] if version else 'of unknown version'}; "
            f"{len(names)} tournament(s): {shown or 'none'}; {rounds or 0} round(s) paired)")


def refuse(raw: bytes, file: str) -> InputError:
    return InputError(file, None, f"{describe(raw)}: drawsafe does not read .sce files yet (their schema "
                                  "changes between Sharly Chess versions)",
                      "export the tournament from Sharly Chess as a FIDE TRF file and give that")
