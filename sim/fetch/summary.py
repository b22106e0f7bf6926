"""What a fetch reports of an event read back by drawsafe's own reader (connectors that save the
platform's answers unchanged: cobra, Play Hub)."""

from __future__ import annotations

from drawsafe.errors import InputError
from drawsafe.event.io import parse_event
from drawsafe.event.model import MATCH, Event
from drawsafe.fetch.base import FetchError


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
