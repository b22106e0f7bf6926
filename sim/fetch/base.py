"""What every connector shares: the error, the result of a fetch, the checks of an answer's shape,
and the host of a link.

A platform's answer is checked before anything is built from it: an unexpected shape is one
:class:`FetchError` naming the platform, the URL and what was missing (never a traceback, never a
half-written file: the command line writes only a complete, validated result).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from drawsafe.errors import InputError


class FetchError(InputError):
    """A platform's answer cannot be used (or the platform could not be reached): the message names
    the platform, the URL and what is wrong."""

    def __init__(self, platform: str, url: str, problem: str, hint: str | None = None):
        self.platform = platform
        self.url = url
        super().__init__(f"{platform} {url}", None, problem, hint)


@dataclass(frozen=True)
class Fetched:
    """An event as fetched: the file drawsafe reads (``content``, in ``format``), and what the
    fetch found.  ``live`` is true while a round is in progress or the event is not finished (the
    server refreshes it); ``documents`` is how many answers it took, ``cached`` how many of them
    came from the on-disk cache."""

    platform: str
    url: str
    content: bytes
    format: str
    suffix: str
    name: str
    players: int
    rounds: int
    live: bool
    reported: int = 0
    pending: int = 0
    documents: int = 0
    cached: int = 0
    fetched_at: float = field(default_factory=time.time)
    notes: tuple[str, ...] = ()
    #: What the platform publishes as standings, kept in the file for ``--check`` (a description).
    published: str = ""

    def to_json(self) -> dict:
        return {"platform": self.platform, "url": self.url, "format": self.format, "name": self.name,
                "players": self.players, "rounds": self.rounds, "live": self.live,
                "results_reported": self.reported, "results_pending": self.pending,
                "documents": self.documents, "from_cache": self.cached,
                "fetched_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.fetched_at)),
                "published_standings": self.published, "notes": list(self.notes)}


class Shape:
    """Checks of one answer (``what``: e.g. "the standings document"), raising :class:`FetchError`
    with the path of what is missing or wrong ("tournament_data[0].data[3].rounds")."""

    def __init__(self, platform: str, url: str, what: str):
        self.platform, self.url, self.what = platform, url, what

    def fail(self, where: str, problem: str) -> FetchError:
        at = f" at {where}" if where else ""
        return FetchError(self.platform, self.url, f"{self.what}{at}: {problem}",
                          f"{self.platform} answered in a shape drawsafe does not know; it may have changed "
                          "its format: please report this URL")

    def get(self, obj: Any, key: str, kind: type | tuple, where: str = "", optional: bool = False) -> Any:
        """``obj[key]``, checked to be a ``kind`` (``optional``: None when absent or null)."""
        path = f"{where}.{key}" if where else key
        if not isinstance(obj, dict):
            raise self.fail(where, f"expected an object, found {type_name(obj)}")
        if key not in obj or obj[key] is None:
            if optional:
                return None
            raise self.fail(path, "missing")
        value = obj[key]
        if not isinstance(value, kind) or (kind in (int, float, (int, float)) and isinstance(value, bool)):
            raise self.fail(path, f"expected {kind_name(kind)}, found {type_name(value)}")
        return value

    def items(self, obj: Any, where: str) -> list:
        if not isinstance(obj, list):
            raise self.fail(where, f"expected a list, found {type_name(obj)}")
        return obj


def type_name(x: Any) -> str:
    if x is None:
        return "null"
    return {dict: "an object", list: "a list", str: "a text", bool: "true/false", int: "a number",
            float: "a number"}.get(type(x), type(x).__name__)


def kind_name(kind) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {dict: "an object", list: "a list", str: "a text", bool: "true/false", int: "a number",
             float: "a number"}
    return " or ".join(dict.fromkeys(names.get(k, k.__name__) for k in kinds))


def host_of(url: str) -> str:
    """The host of a link, in lower case ("" when ``url`` is not one)."""
    m = re.match(r"^[a-z]+://([^/:?#]+)", url.strip(), re.IGNORECASE)
    return m.group(1).lower() if m else ""
