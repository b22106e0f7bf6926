"""Reading a fetched file back with drawsafe's own reader, and what a fetch then reports of the
event (connectors that save the platform's answers unchanged: cobra, Play Hub, RK9, ...)."""

from __future__ import annotations

from drawsafe.errors import InputError
from drawsafe.event.io import parse_event
from drawsafe.event.model import MATCH, Event
from drawsafe.fetch.base import Fetched, FetchError
from drawsafe.fetch.registry import Link


def read_checked(platform: str, url: str, content: bytes, format: str) -> Event:
    """The event drawsafe reads from ``content`` (a contradiction in the answers is a
    :class:`FetchError` naming the place, and nothing is written)."""
    try:
        return parse_event(content, f"{platform} {url}", format)
    except InputError as e:
        raise FetchError(platform, url, f"the fetched event is not valid: {e.problem}"
                         + (f" ({e.where})" if e.where else ""),
                         "the platform's data contradicts itself; please report this URL") from None


def summarise(event: Event) -> tuple[int, int, int, int, bool]:
    """(players, Swiss rounds paired, results in, matches pending, live)."""
    swiss = event.swiss
    reported = pending = 0
    for rnd in swiss:
        for m in rnd.matches:
            if m.kind == MATCH and m.player_b is not None:
                if m.reported:
                    reported += 1
                else:
                    pending += 1
    announced = event.swiss_rounds
    live = pending > 0 or (announced is not None and len(swiss) < announced)
    return len(event.players), len(swiss), reported, pending, live


def read_back(link: Link, content: bytes, *, notes: tuple[str, ...] | list[str] = (), live: bool = False,
              at: str | None = None) -> Fetched:
    """The fetch of ``content``, read as the connector's format: the event's name, players, Swiss
    rounds, results in and pending; live while a result is to come, or when ``live`` says so; the
    reader's notes after ``notes``.  ``at``: the address an invalid file is reported at (the link)."""
    event = read_checked(link.connector.name, at or link.url, content, link.connector.format)
    players, rounds, reported, pending, still = summarise(event)
    return link.result(content, name=event.name, players=players, rounds=rounds, live=live or still,
                       reported=reported, pending=pending, notes=tuple(notes) + event.notes)
