"""RK9 (rk9.gg): the pairings of a Play! Pokémon Regional, International or World Championship
(TCG and VGC), every division and round.

Link: ``https://rk9.gg/pairings/{id}`` (or the event's ``/standings/``, ``/roster/`` or
``/tournament/`` page: the same id).  Fetched, public, no key:

- ``GET /pairings/{id}``: the page with a tab ``P{pod}R{round}`` per division (pod) and round;
- for every tab, ``GET /pairings/{id}?pod={pod}&rnd={round}``: the round's rows, as the page loads
  them (:mod:`drawsafe.event.io.rk9` reads them).

Written: the rows of every round one after the other (an HTML file), read as the division with
the most players (``--division`` chooses another), the latest complete round's records kept for
``--check``.  Live while a round has rows without result.  RK9's robots.txt disallows
``/pairings/`` to crawlers: drawsafe asks only on the user's own request, two seconds apart, and
keeps a round once a later one is out (a finished round is asked once).  The standings page
(``/standings/{id}``) is not read: no capture of its markup is public (docs/formats/rk9.md).
"""

from __future__ import annotations

import re

from drawsafe.fetch.base import Fetched, FetchError
from drawsafe.fetch.http import Http
from drawsafe.fetch.summary import read_checked, summarise

NAME = "rk9"
BASE = "https://rk9.gg"
HOSTS = ("rk9.gg", "www.rk9.gg")
TAB = re.compile(r"""["'#/]P(\d{1,2})R(\d{1,2})(?![\dA-Za-z])""")
#: Most round tabs followed (a guard: three pods of 20 rounds is a World Championship).
MAX_TABS = 120


def matches(url: str) -> bool:
    m = re.match(r"^[a-z]+://([^/:?#]+)", url.strip(), re.IGNORECASE)
    return bool(m) and m.group(1).lower() in HOSTS


def event_id(url: str) -> str:
    m = re.search(r"/(?:pairings|standings|roster|tournament)/([A-Za-z0-9_-]{4,40})", url)
    if not m:
        raise FetchError(NAME, url, "no event id in the link",
                         "give the event's pairings page, e.g. https://rk9.gg/pairings/WCS01mIMYt8if4wVuaO0")
    return m.group(1)


def tabs_of(page: str) -> list[tuple[int, int]]:
    """The (pod, round) of every tab of the pairings page, in order."""
    found = sorted({(int(p), int(r)) for p, r in TAB.findall(page)})
    return [(p, r) for p, r in found if r >= 1]


def fetch(url: str, http: Http, key: str | None = None) -> Fetched:
    eid = event_id(url)
    page_url = f"{BASE}/pairings/{eid}"
    page = http.get(page_url, what="the pairings page").decode("utf-8", "replace")
    tabs = tabs_of(page)
    if not tabs:
        raise FetchError(NAME, page_url, "the pairings page has no round tabs (P{pod}R{round})",
                         "the event may not have started, or RK9 changed its page; please report this URL")
    if len(tabs) > MAX_TABS:
        raise FetchError(NAME, page_url, f"more than {MAX_TABS} round tabs")
    last = {}
    for pod, rnd in tabs:
        last[pod] = max(last.get(pod, 0), rnd)
    parts, notes = [], []
    for pod, rnd in tabs:
        at = f"{page_url}?pod={pod}&rnd={rnd}"
        body = http.get(at, final=rnd < last[pod], what=f"round {rnd} of pod {pod}", missing_ok=True)
        if body is None:
            notes.append(f"RK9 has no rows for round {rnd} of pod {pod}: left out")
            continue
        parts.append(f"<!-- {at} -->\n" + body.decode("utf-8", "replace"))
    content = "\n".join(parts).encode("utf-8")
    event = read_checked(NAME, url, content, "rk9")
    players, rounds, reported, pending, live = summarise(event)
    return Fetched(NAME, url, content, "rk9", ".html", event.name, players, rounds, live, reported, pending,
                   http.documents, http.cached, notes=tuple(notes) + event.notes,
                   published="each player's record and match points after the latest complete round (RK9's)")
