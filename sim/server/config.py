"""The server's settings and limits: every one a ``drawsafe serve`` option, declared once here
(:mod:`drawsafe.app.options`; the command line generates its options from these fields)."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from drawsafe.app.options import Option, option
from drawsafe.choices import MAX_PLAYERS, MAX_SIMS
from drawsafe.errors import UsageError
from drawsafe.server.store import default_data_dir


@dataclass(frozen=True)
class ServerConfig:
    #: Folder of the events database (created if missing); None: the user data folder.
    data_dir: str | None = option(Option(str, None, "Folder of the published events' database (default: the "
                                                    "user data folder, $XDG_DATA_HOME/drawsafe or "
                                                    "~/.local/share/drawsafe).", flag="--data", api=False))
    expire_days: float = option(Option(float, 7.0, "Published events are deleted this many days after their "
                                                   "last update.", low=0, low_open=True, api=False))
    max_body: int = option(Option(int, 5 * 1024 * 1024, "Largest request body in bytes (HTTP 413 above).",
                                  low=1024, api=False))
    max_players: int = option(Option(int, MAX_PLAYERS, "Largest event in players (HTTP 413 above; a planned "
                                                       "event's players, HTTP 422).", low=2,
                                     api=False))
    max_sims: int = option(Option(int, MAX_SIMS, "Most simulations one request may ask for (HTTP 422 above; "
                                                 "caps max_sims).", low=1000, high=MAX_SIMS, api=False))
    max_queue: int = option(Option(int, 16, "Jobs allowed to wait behind the running one (HTTP 503 with "
                                            "Retry-After when full).", low=1, flag="--queue", api=False))
    job_time: float = option(Option(float, 300.0, "Seconds after which a running job is stopped (HTTP 503).",
                                    low=1, api=False))
    cache_entries: int = option(Option(int, 256, "Answers kept in memory, by (event content, options).",
                                       low=0, flag="--cache", api=False))
    cache_mb: float = option(Option(float, 256.0, "Memory the kept answers may take, in MiB (their pickled "
                                                  "size; the oldest go first; /api/status shows it).", low=0,
                                    flag="--cache-mb", api=False))
    queue_mb: float = option(Option(float, 64.0, "Memory the waiting jobs' event files may take, in MiB "
                                                  "(HTTP 503 with Retry-After when full).", low=1,
                                    flag="--queue-mb", api=False))
    public_url: str | None = option(Option(str, None, "The address phones reach this server at, e.g. "
                                                      "http://192.168.1.20:8000: the players' links and QR "
                                                      "codes use it (default: the address the scorekeeper's "
                                                      "browser used, which is useless on phones when it is "
                                                      "127.0.0.1).", metavar="URL", api=False))
    trusted_proxy: str | None = option(Option(str, None, "The reverse proxy in front of this server, whose "
                                                         "X-Forwarded-Proto and X-Forwarded-For headers are believed: "
                                                         "its addresses or networks, comma-separated (e.g. 127.0.0.1 "
                                                         "or 10.0.0.0/8). Default: none, those headers are ignored "
                                                         "from everyone (a client's word). Links still start with "
                                                         "--public-url: give it behind a proxy.",
                                              metavar="ADDRESS[,ADDRESS...]", api=False))
    scheduler: str | None = option(Option(str, None, "Run the questions' simulations on this Dask cluster (the "
                                                     "one `drawsafe study --scheduler` uses; default: here).",
                                          metavar="tcp://HOST:PORT", api=False))
    live_refresh: float = option(Option(float, 30.0, "Seconds after which an event followed by its link is "
                                                     "fetched again while a round is in progress (its page "
                                                     "reloads as often).", low=1, api=False))
    #: Compute each posted round's draw and odds answers before anyone asks (publish, replace, a
    #: followed link's new results; :meth:`~drawsafe.server.service.Service.prepare`).
    prepare: bool = True
    #: Warm the numba kernels before listening (tests of the HTTP layer alone may skip it).
    warm: bool = True
    #: Run the questions in worker processes the server can stop (:mod:`drawsafe.server.workers`);
    #: False: on the lanes' threads, where a running simulation cannot be stopped (tests).
    processes: bool = True

    def __post_init__(self):
        proxy_networks(self.trusted_proxy)  # a bad address is refused before the server starts

    @property
    def data_folder(self) -> str:
        return self.data_dir or default_data_dir()

    @property
    def trusted_networks(self) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
        """``trusted_proxy`` as networks (:func:`proxy_networks`)."""
        return proxy_networks(self.trusted_proxy)


def proxy_networks(text: str | None) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """``--trusted-proxy``'s comma-separated addresses and networks (an address alone: its own).

    :raises UsageError: for a word that is not an address or a network."""
    out = []
    for word in (text or "").split(","):
        if word.strip():
            try:
                out.append(ipaddress.ip_network(word.strip(), strict=False))
            except ValueError:
                raise UsageError(f"--trusted-proxy {word.strip()!r}: not an IP address or network (e.g. 127.0.0.1, "
                                 "10.0.0.0/8, ::1)") from None
    return tuple(out)
