"""The connectors: each platform is one :class:`Connector` declaration, registered by its own
module (``CONNECTOR = register(Connector(...))`` at the module's end), as rule packs are.

:func:`discover` imports every module of :mod:`drawsafe.fetch` (the package does so when it is
imported), so adding a connector is adding a module.  Everything that names the platforms is
read from here: the lookup of a link (:func:`connector_of`), its key's environment variable and
polite interval (:func:`drawsafe.fetch.fetch`), the link list of ``drawsafe fetch --help``
(:func:`links_help`), the ``--key`` help (:func:`keys_help`), the message for a link of no known
platform, the phone page's "paste the event's link" (:func:`titles`) and the table of links in
the manual (:func:`markdown`).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass

from drawsafe.fetch.base import Fetched, FetchError, host_of
from drawsafe.fetch.http import REFUSED, Http


@dataclass(frozen=True)
class Key:
    """A platform's API key or credentials: the environment variable read when ``--key`` is not
    given, what the key is (``--key``'s help: "Limitless's X-Access-Key") and the hint of a
    refusal (HTTP 401/403)."""

    env: str
    what: str
    refused: str


@dataclass(frozen=True)
class Connector:
    """One platform drawsafe reads events from by their link.

    ``name`` names the platform in messages, in :attr:`Fetched.platform` and in its rate limit;
    ``title`` is how people call it.  A link is the platform's when its host is one of ``hosts``
    (or, with ``subdomains``, under one of them).  ``example`` and ``description`` are its line of
    ``drawsafe fetch --help``; ``fetched`` and ``written`` (Markdown) what it requests and the file
    it writes, for the manual.  ``fetch`` turns a :class:`Link` into a :class:`Fetched`: a file in
    ``format`` (``suffix``) with ``published`` (what the platform publishes as standings) kept in
    it for ``--check``.  ``interval``: polite seconds between two requests (below every documented
    limit); ``key``: the platform's key, when it takes one.
    """

    name: str
    title: str
    hosts: tuple[str, ...]
    example: str
    description: str
    fetch: Callable[[Link], Fetched]
    format: str
    suffix: str = ".json"
    published: str = ""
    fetched: str = ""
    written: str = ""
    interval: float = 1.0
    key: Key | None = None
    subdomains: bool = False

    def matches(self, url: str) -> bool:
        host = host_of(url)
        return host in self.hosts or (self.subdomains and any(host.endswith("." + h) for h in self.hosts))

    @property
    def refused(self) -> str:
        """The hint of a refusal (HTTP 401/403)."""
        return self.key.refused if self.key else REFUSED

    @property
    def sites(self) -> str:
        """The platform in a list of sites: its hosts (without ``www.``), after its title when
        that is not one of them ("cobra (tournaments.nullsignal.games)")."""
        hosts = ", ".join(dict.fromkeys(h.removeprefix("www.") for h in self.hosts))
        return hosts if self.title.lower() in hosts.split(", ") else f"{self.title} ({hosts})"


@dataclass(frozen=True)
class Link:
    """One fetch of one link: what a connector's ``fetch`` is given (its declaration, the URL, the
    key from ``--key`` or the environment, and ``http``, the requests, which count the answers)."""

    connector: Connector
    url: str
    http: Http
    key: str | None = None

    def id(self, *patterns: str | re.Pattern, hint: str, problem: str = "no event id in the link") -> str:
        """The first group of the first of ``patterns`` found in the link.

        :raises FetchError: ``problem`` and ``hint`` when none is."""
        for pattern in patterns:
            found = re.search(pattern, self.url)
            if found:
                return found.group(1)
        raise self.error(problem, hint)

    def error(self, problem: str, hint: str | None = None, at: str | None = None) -> FetchError:
        """A :class:`FetchError` of this platform about the link (or the address ``at``)."""
        return FetchError(self.connector.name, at or self.url, problem, hint)

    def result(self, content: bytes, *, name: str, players: int, rounds: int, live: bool, reported: int = 0,
               pending: int = 0, notes: tuple[str, ...] | list[str] = ()) -> Fetched:
        """The :class:`Fetched` of this link: ``content`` in the connector's format, with the answers
        counted so far."""
        c = self.connector
        return Fetched(c.name, self.url, content, c.format, c.suffix, name, players, rounds, live, reported, pending,
                       self.http.documents, self.http.cached, notes=tuple(notes), published=c.published)


#: The connectors, by platform name, in the order they registered.
CONNECTORS: dict[str, Connector] = {}


def register(connector: Connector) -> Connector:
    CONNECTORS[connector.name] = connector
    return connector


def discover(package: str, path: list[str]) -> None:
    """Import every module of ``package`` (at ``path``), in name order: connector modules register
    themselves."""
    for module in sorted(m.name for m in pkgutil.iter_modules(path)):
        importlib.import_module(f"{package}.{module}")


def connector_of(url: str) -> Connector:
    """The connector of ``url``'s platform.

    :raises FetchError: for a link of no known platform (the message lists them)."""
    for c in CONNECTORS.values():
        if c.matches(url):
            return c
    sites = listed([c.sites for c in CONNECTORS.values()], "and")
    raise FetchError("drawsafe", url, "not a link of a platform drawsafe knows",
                     f"links of {sites} are read; for another platform download the event's file")


def listed(words: list[str], last: str) -> str:
    """``a, b and c`` (``last``: the word before the last one)."""
    return f"{', '.join(words[:-1])} {last} {words[-1]}" if len(words) > 1 else "".join(words)


def titles() -> str:
    """The platforms, as people call them ("Battlefy, ... or TopDeck.gg")."""
    return listed([c.title for c in CONNECTORS.values()], "or")


# --- what the command line and the manual say of the connectors -----------------------------------

def links_help() -> list[str]:
    """The lines of ``drawsafe fetch --help``'s list of links: each connector's example link and
    description."""
    return [f"{c.example:<47}  {c.description}" for c in CONNECTORS.values()]


def keys_help() -> str:
    """What each platform's key is, and its environment variable ("Limitless's X-Access-Key
    (DRAWSAFE_LIMITLESS_KEY), ...")."""
    return ", ".join(f"{c.key.what} ({c.key.env})" for c in CONNECTORS.values() if c.key)


def markdown() -> str:
    """The manual's table of links (docs/formats/links.md): one row per connector."""
    rows = ["| platform | link | what is fetched | written | published standings kept | key | between requests |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for c in CONNECTORS.values():
        link = c.example.removeprefix("https://")
        key = f"`--key` or `{c.key.env}`" if c.key else "none"
        rows.append(f"| {c.description} | `{link}` | {c.fetched} | {c.written} (format `{c.format}`) | "
                    f"{c.published} | {key} | {c.interval:g} s |")
    return "\n".join(rows) + "\n"
