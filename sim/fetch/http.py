"""HTTP for the connectors: httpx with timeouts, retries with backoff, a polite rate limit per
platform, a User-Agent naming drawsafe, and an on-disk cache.

The cache is keyed by the request (method, URL and form body, so by event and round): a document
of a finished round is kept for good and fetched once; a live one (a round in progress, the
current standings) is reused for :data:`LIVE_TTL` seconds, so many questions about the same round
cost one request.  Credentials are sent in headers and are never part of a key or of a cached file.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import threading
import time
from pathlib import Path
from typing import ClassVar

from drawsafe.errors import StorageError
from drawsafe.fetch.base import FetchError, host_of
from drawsafe.writing import write_atomic

#: Seconds a live document is reused from the cache.
LIVE_TTL = 30.0
#: The hint of a refusal (HTTP 401/403) by a platform that takes no key.
REFUSED = "the platform refused the request"
#: Most seconds waited on a Retry-After before giving up.
MAX_RETRY_AFTER = 60.0


#: Tests replay recorded answers from a local server: every request then goes to
#: ``$DRAWSAFE_FETCH_REPLAY/{host}{path}`` instead (a loopback address only: nothing leaves the machine).
REPLAY = "DRAWSAFE_FETCH_REPLAY"


def replayed(url: str, platform: str) -> str:
    """Where a request for ``url`` is sent (``url`` itself, unless :data:`REPLAY` is set)."""
    base = os.environ.get(REPLAY)
    if not base:
        return url
    if not re.match(r"^http://(127\.0\.0\.1|localhost)(:\d+)?/?$", base):
        raise FetchError(platform, url, f"{REPLAY}={base!r} is not a local address (http://127.0.0.1:PORT)")
    return base.rstrip("/") + "/" + url.split("://", 1)[1]


def reason_of(error: Exception) -> str:
    """A connection error in a few words (httpx's text can be a long OS message)."""
    text = str(error) or type(error).__name__
    for known, said in (("Name or service not known", "the name does not resolve"),
                        ("Temporary failure in name resolution", "the name does not resolve"),
                        ("nodename nor servname", "the name does not resolve"),
                        ("getaddrinfo failed", "the name does not resolve"),
                        ("Connection refused", "connection refused"),
                        ("Network is unreachable", "the network is unreachable")):
        if known in text:
            return said
    return text.splitlines()[0][:80]


def user_agent() -> str:
    try:
        from importlib.metadata import version

        own = version("drawsafe")
    except ImportError:  # a source tree without an install (PackageNotFoundError is one)
        own = "source"
    return f"drawsafe/{own} (Swiss event odds for players; python-httpx)"


def cache_folder() -> Path:
    """``$DRAWSAFE_FETCH_CACHE``, else ``$XDG_CACHE_HOME/drawsafe/fetch`` (``~/.cache``)."""
    given = os.environ.get("DRAWSAFE_FETCH_CACHE")
    if given:
        return Path(given)
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "drawsafe" / "fetch"


class Cache:
    """Answers on disk, one file per request (written atomically)."""

    def __init__(self, folder: str | os.PathLike | None = None):
        self.folder = Path(folder) if folder is not None else cache_folder()

    @staticmethod
    def key(method: str, url: str, body: dict | None) -> str:
        text = json.dumps([method, url, sorted((body or {}).items())], ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]

    def get(self, key: str, ttl: float | None) -> bytes | None:
        """The cached answer, when it is final or younger than ``ttl`` seconds."""
        path = self.folder / f"{key}.json"
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            if not entry["final"] and (ttl is None or time.time() - entry["fetched_at"] > ttl):
                return None
            return base64.b64decode(entry["body"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, url: str, body: bytes, final: bool) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.folder / f"{key}.json", json.dumps(
                {"url": url, "fetched_at": time.time(), "final": final,
                 "body": base64.b64encode(body).decode("ascii")}))
        except (OSError, StorageError):
            pass  # a cache that cannot be written costs a request next time, nothing else


class RateLimit:
    """At most one request per ``interval`` seconds to each platform, across threads (the server
    fetches for many players at once)."""

    _lock = threading.Lock()
    _next: ClassVar[dict[str, float]] = {}

    @classmethod
    def wait(cls, platform: str, interval: float, sleep=time.sleep) -> None:
        with cls._lock:
            now = time.monotonic()
            at = max(now, cls._next.get(platform, 0.0))
            cls._next[platform] = at + interval
        if at > now:
            sleep(at - now)


class Http:
    """Requests to one platform (see the module text), at most one per ``interval`` seconds;
    ``refused``: the hint of a refusal (HTTP 401/403).  ``documents``/``cached`` count the answers
    used and those the cache gave."""

    def __init__(self, platform: str, *, timeout: float = 20.0, retries: int = 3, backoff: float = 1.0,
                 cache: Cache | None = None, refresh: bool = False, interval: float = 1.0,
                 refused: str = REFUSED, client=None, sleep=time.sleep):
        import httpx

        self.platform = platform
        self.timeout, self.retries, self.backoff = timeout, retries, backoff
        self.cache, self.refresh = cache, refresh
        self.interval, self.refused = interval, refused
        self.sleep = sleep
        self.client = client or httpx.Client(timeout=httpx.Timeout(timeout), follow_redirects=True,
                                             headers={"User-Agent": user_agent()})
        self.documents = 0
        self.cached = 0

    def get(self, url: str, *, final: bool = False, headers: dict | None = None, what: str = "the answer",
            missing_ok: bool = False) -> bytes | None:
        return self.request("GET", url, None, final, headers, what, missing_ok=missing_ok)

    def get_json(self, url: str, *, what: str, final: bool = False, headers: dict | None = None):
        """``url``'s answer, parsed (:meth:`json`)."""
        return self.json(self.get(url, final=final, headers=headers, what=what), url, what)

    def post(self, url: str, data: dict, *, final: bool = False, headers: dict | None = None,
             what: str = "the answer") -> bytes:
        return self.request("POST", url, data, final, headers, what, missing_ok=False)

    def request(self, method: str, url: str, data: dict | None, final: bool, headers: dict | None, what: str,
                *, missing_ok: bool) -> bytes | None:
        import httpx

        key = Cache.key(method, url, data)
        if self.cache is not None and (final or not self.refresh):
            hit = self.cache.get(key, None if final else LIVE_TTL)
            if hit is not None:
                self.documents += 1
                self.cached += 1
                return hit
        last = "no answer"
        for attempt in range(self.retries + 1):
            if attempt:
                self.sleep(self.backoff * 2 ** (attempt - 1))
            RateLimit.wait(self.platform, self.interval, self.sleep)
            try:
                response = self.client.request(method, replayed(url, self.platform), data=data, headers=headers)
            except httpx.TimeoutException:
                last = f"no answer within {self.timeout:g} s"
                continue
            except (httpx.ConnectError, httpx.UnsupportedProtocol) as e:
                # no route, no name resolution, connection refused: nothing answered at all, so
                # retrying only makes the person wait (7-11 s before): said at once, apart from
                # the platform answering an error
                raise FetchError(self.platform, url, f"{what}: cannot reach {host_of(url) or url} ({reason_of(e)})",
                                 "no network here, or the platform's address does not answer; check the "
                                 "connection and try again") from None
            except httpx.HTTPError as e:
                last = f"the connection failed ({type(e).__name__}: {e})"
                continue
            status = response.status_code
            if status == 429 or status >= 500:
                last = f"{host_of(url) or url} answered HTTP {status}"
                wait = response.headers.get("retry-after", "")
                if status == 429 and wait.isdigit() and attempt < self.retries:
                    self.sleep(min(float(wait), MAX_RETRY_AFTER))
                continue
            if status == 404:
                if missing_ok:
                    return None
                raise FetchError(self.platform, url, f"{what}: not found (HTTP 404)",
                                 "check the link: the event may not exist or not be public")
            if status in (401, 403):
                raise FetchError(self.platform, url, f"{what}: refused (HTTP {status})", self.refused)
            if status >= 400:
                raise FetchError(self.platform, url, f"{what}: HTTP {status}")
            body = response.content
            self.documents += 1
            if self.cache is not None:
                self.cache.put(key, url, body, final)
            return body
        raise FetchError(self.platform, url, f"{what}: {last} after {self.retries + 1} tries",
                         "the platform may be down or busy; try again in a minute")

    def json(self, body: bytes, url: str, what: str):
        try:
            return json.loads(body.decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError) as e:
            raise FetchError(self.platform, url, f"{what}: not JSON ({e})",
                             "the platform answered with something else (an error page?)") from None

    def keep(self, url: str, body: bytes) -> None:
        """Keep ``body`` as the final answer of ``GET url`` (a finished event's document never
        changes: fetched once, even when it was asked as a live one)."""
        if self.cache is not None:
            self.cache.put(Cache.key("GET", url, None), url, body, True)

    def close(self) -> None:
        self.client.close()
