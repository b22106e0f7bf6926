"""Published events in SQLite (WAL): the file's bytes and the publisher's choices, under an
unguessable id, with a hashed edit token and an expiry.

Each change is one transaction, so a server killed during an update keeps the previous version
whole (the request body is read completely before the transaction starts).  Nothing from a request
becomes a path: the only file is the database in the folder the operator chose.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass

from drawsafe.errors import StorageError

log = logging.getLogger("drawsafe.server")

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    filename TEXT NOT NULL,
    content BLOB NOT NULL,
    options TEXT NOT NULL,
    name TEXT NOT NULL,
    version INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    expires REAL NOT NULL
)
"""


class StorageFull(StorageError):
    """The disk (or the database's size limit) is full: HTTP 507, nothing was changed."""


class StorageBusy(StorageError):
    """The database could not be written now (locked, an I/O error): HTTP 503, nothing changed."""


@contextlib.contextmanager
def storing(what: str):
    """Turn the database's failures while ``what`` (one transaction) into a :class:`StorageError`
    line: the transaction was rolled back, so nothing is half-written.  Logged: the operator must
    act (free disk space), the client cannot."""
    try:
        yield
    except sqlite3.Error as e:
        text = str(e).lower()
        full = isinstance(e, sqlite3.OperationalError) and ("full" in text or "no space" in text)
        log.error("could not %s: %s: %s", what, type(e).__name__, e)
        if full:
            raise StorageFull(f"the server's disk is full: could not {what}; nothing was changed, ask "
                              "the server's operator to free space") from None
        raise StorageBusy(f"the server could not {what} ({text}); nothing was changed, try again "
                          "shortly") from None
    except OSError as e:
        log.error("could not %s: %s", what, e)
        raise StorageFull(f"the server could not {what} ({e.strerror or e}); nothing was changed") from None


@dataclass(frozen=True)
class StoredEvent:
    id: str
    filename: str
    content: bytes
    #: The publisher's choices (top, rules, format), defaults for every question on the event.
    options: dict
    name: str
    version: int
    updated: float
    expires: float


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def default_data_dir() -> str:
    """The user data folder: $XDG_DATA_HOME/drawsafe, else ~/.local/share/drawsafe."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "drawsafe")


class EventStore:
    """The database of published events (thread-safe: one connection per thread)."""

    def __init__(self, folder: str, ttl: float = 7 * 24 * 3600.0):
        os.makedirs(folder, exist_ok=True)
        self.path = os.path.join(folder, "events.sqlite3")
        self.ttl = ttl
        self._local = threading.local()
        with self._db() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(SCHEMA)
        self.purge()

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10.0)
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db = db
        return db

    def publish(self, filename: str, content: bytes, options: dict, name: str) -> tuple[str, str]:
        """Store a new event; returns its id and its edit token (shown once, stored hashed)."""
        token = secrets.token_urlsafe(24)
        now = time.time()
        with storing("publish the event"), self._db() as db:
            while True:
                event_id = secrets.token_urlsafe(9)
                try:
                    db.execute("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?)",
                               (event_id, hash_token(token), filename, content, json.dumps(options), name,
                                1, now, now, now + self.ttl))
                    break
                except sqlite3.IntegrityError:  # an id already taken: draw another
                    continue
        return event_id, token

    def get(self, event_id: str) -> StoredEvent | None:
        row = self._db().execute(
            "SELECT id, filename, content, options, name, version, updated, expires FROM events "
            "WHERE id = ? AND expires > ?", (event_id, time.time())).fetchone()
        if row is None:
            return None
        return StoredEvent(row[0], row[1], bytes(row[2]), json.loads(row[3]), row[4], row[5], row[6], row[7])

    def version(self, event_id: str) -> int | None:
        """The version of a published event (None: no such event), without reading its file."""
        row = self._db().execute("SELECT version FROM events WHERE id = ? AND expires > ?",
                                 (event_id, time.time())).fetchone()
        return row[0] if row else None

    def check_token(self, event_id: str, token: str | None) -> bool:
        """Whether ``token`` is the event's edit token (compared in constant time)."""
        row = self._db().execute("SELECT token_hash FROM events WHERE id = ? AND expires > ?",
                                 (event_id, time.time())).fetchone()
        if row is None or not token:
            return False
        return hmac.compare_digest(row[0], hash_token(token))

    def replace(self, event_id: str, filename: str, content: bytes, options: dict, name: str) -> int:
        """Replace the file (one transaction: all of it or none); returns the new version."""
        now = time.time()
        with storing("replace the event's file"), self._db() as db:
            cur = db.execute(
                "UPDATE events SET filename = ?, content = ?, options = ?, name = ?, version = version + 1, "
                "updated = ?, expires = ? WHERE id = ? AND expires > ?",
                (filename, content, json.dumps(options), name, now, now + self.ttl, event_id, now))
            if cur.rowcount != 1:
                raise KeyError(event_id)
            return db.execute("SELECT version FROM events WHERE id = ?", (event_id,)).fetchone()[0]

    def purge(self) -> int:
        """Delete expired events; returns how many."""
        with storing("delete expired events"), self._db() as db:
            return db.execute("DELETE FROM events WHERE expires <= ?", (time.time(),)).rowcount

    def count(self) -> int:
        return self._db().execute("SELECT COUNT(*) FROM events WHERE expires > ?", (time.time(),)).fetchone()[0]
