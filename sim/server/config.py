"""The server's settings and limits (every one a ``drawsafe serve`` option)."""

from __future__ import annotations

from dataclasses import dataclass, field

from drawsafe.server.store import default_data_dir


@dataclass(frozen=True)
class ServerConfig:
    #: Folder of the events database (created if missing).
    data_dir: str = field(default_factory=default_data_dir)
    #: Published events expire this long after their last update.
    expire_days: float = 7.0
    #: Largest request body accepted (HTTP 413 above).
    max_body: int = 5 * 1024 * 1024
    #: Largest event accepted, in players (HTTP 413 above).
    max_players: int = 20_000
    #: Most simulations one request may ask for (``sims``/``max_sims``; HTTP 422 above).
    max_sims: int = 2_000_000
    #: Jobs allowed to wait behind the running one (HTTP 503 with Retry-After when full).
    max_queue: int = 16
    #: A job still running after this many seconds is stopped (HTTP 503).
    job_time: float = 300.0
    #: Answers kept in memory, by (event content, options).
    cache_entries: int = 256
    #: Warm the numba kernels before listening (tests of the HTTP layer alone may skip it).
    warm: bool = True
