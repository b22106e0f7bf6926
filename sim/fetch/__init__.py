"""Events from a link: one connector per platform (``drawsafe fetch URL -o FILE``, and every
command that reads an event takes a URL in place of FILE).

A layer above :mod:`drawsafe.event` (it may use its readers and writers) and below
:mod:`drawsafe.app`.  Each connector is a module of this package declaring itself
(:mod:`~drawsafe.fetch.registry`: its link's hosts, its fetch, its polite rate, its key); importing
the package imports them all.  A connector turns the platform's answers into a file drawsafe
reads, with the platform's published standings in it for ``--check``; :mod:`~drawsafe.fetch.http`
does the requests (timeouts, retries with backoff, a polite rate limit per platform, a User-Agent
naming drawsafe, an on-disk cache keyed by request: a finished round is fetched once).  Every
problem is a :class:`FetchError` naming the platform, the URL and what is wrong.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from drawsafe.errors import InputError
from drawsafe.event.io import parse_event
from drawsafe.event.io.formats import NAMES as FORMATS
from drawsafe.fetch.base import Fetched, FetchError
from drawsafe.fetch.http import Cache, Http
from drawsafe.fetch.registry import (
    CONNECTORS,
    Connector,
    Key,
    Link,
    connector_of,
    discover,
    register,
    titles,
)

discover(__name__, __path__)


def is_url(text: object) -> bool:
    """True for an ``http://`` or ``https://`` link (what the commands fetch instead of reading)."""
    return isinstance(text, str) and re.match(r"^https?://", text.strip(), re.IGNORECASE) is not None


@dataclass(frozen=True)
class FetchOptions:
    """``key``: an API key or credentials (default: the platform's environment variable);
    ``refresh``: fetch live documents again even when cached a moment ago; ``timeout`` in seconds;
    ``cache``: the on-disk cache folder (None: the default, :func:`drawsafe.fetch.http.cache_folder`;
    False: no cache); ``interval``: seconds between requests (None: the platform's polite one)."""

    key: str | None = None
    refresh: bool = False
    timeout: float = 20.0
    cache: object = None
    interval: float | None = None
    retries: int = 3
    #: Seconds before the first retry (doubled each time).
    backoff: float = 1.0


def fetch(url: str, options: FetchOptions | None = None, client=None) -> Fetched:
    """Fetch the event at ``url`` (see the module text); ``client`` an ``httpx.Client`` to use.

    :raises FetchError: naming the platform, the URL and the problem."""
    options = options or FetchOptions()
    url = url.strip()
    connector = connector_of(url)
    key = options.key or (os.environ.get(connector.key.env, "") if connector.key else "") or None
    cache = None if options.cache is False else Cache(options.cache if options.cache else None)
    interval = connector.interval if options.interval is None else options.interval
    http = Http(connector.name, timeout=options.timeout, cache=cache, refresh=options.refresh, interval=interval,
                refused=connector.refused, client=client, retries=options.retries, backoff=options.backoff)
    try:
        return connector.fetch(Link(connector, url, http, key))
    finally:
        if client is None:
            http.close()


def fetch_checked(url: str, options: FetchOptions | None = None, client=None) -> Fetched:
    """:func:`fetch`, and the file read back as drawsafe reads it (a format drawsafe has no reader
    for yet, pokedata's before its importer, is checked by its documents' shapes only).

    :raises FetchError: naming the platform, the URL and the problem."""
    fetched = fetch(url, options, client)
    if fetched.format in FORMATS:
        try:
            parse_event(fetched.content, url, fetched.format)
        except InputError as e:
            raise FetchError(fetched.platform, url, f"the fetched event is not valid: {e.problem}"
                             + (f" ({e.where})" if e.where else ""),
                             "the platform's data contradicts itself; please report this URL") from None
    return fetched


def read_url(url: str, format: str = "auto", division: str | None = None):
    """The :class:`~drawsafe.event.model.Event` at ``url`` (every command reading an event takes a
    link; keys from the platforms' environment variables)."""
    fetched = fetch(url)
    if format == "auto":
        format = fetched.format if fetched.format in FORMATS else "auto"
    return parse_event(fetched.content, url, format, division)


__all__ = [
    "CONNECTORS",
    "Connector",
    "FetchError",
    "FetchOptions",
    "Fetched",
    "Key",
    "Link",
    "connector_of",
    "fetch",
    "fetch_checked",
    "is_url",
    "read_url",
    "register",
    "titles",
]
