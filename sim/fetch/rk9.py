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

from drawsafe.fetch.base import Fetched
from drawsafe.fetch.registry import Connector, Link, register
from drawsafe.fetch.summary import read_back

NAME = "rk9"
BASE = "https://rk9.gg"
TAB = re.compile(r"""["'#/]P(\d{1,2})R(\d{1,2})(?![\dA-Za-z])""")
#: Most round tabs followed (a guard: three pods of 20 rounds is a World Championship).
MAX_TABS = 120


def tabs_of(page: str) -> list[tuple[int, int]]:
    """The (pod, round) of every tab of the pairings page, in order."""
    found = sorted({(int(p), int(r)) for p, r in TAB.findall(page)})
    return [(p, r) for p, r in found if r >= 1]


def fetch(link: Link) -> Fetched:
    eid = link.id(r"/(?:pairings|standings|roster|tournament)/([A-Za-z0-9_-]{4,40})",
                  hint="give the event's pairings page, e.g. https://rk9.gg/pairings/WCS01mIMYt8if4wVuaO0")
    http = link.http
    page_url = f"{BASE}/pairings/{eid}"
    page = http.get(page_url, what="the pairings page").decode("utf-8", "replace")
    tabs = tabs_of(page)
    if not tabs:
        raise link.error("the pairings page has no round tabs (P{pod}R{round})",
                         "the event may not have started, or RK9 changed its page; please report this URL", page_url)
    if len(tabs) > MAX_TABS:
        raise link.error(f"more than {MAX_TABS} round tabs", at=page_url)
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
    return read_back(link, "\n".join(parts).encode("utf-8"), notes=notes)


CONNECTOR = register(Connector(
    name=NAME, title="RK9", hosts=("rk9.gg", "www.rk9.gg"), example="https://rk9.gg/pairings/ID",
    description="RK9: Pokemon TCG and VGC (every round's pairings)", fetch=fetch, format="rk9", suffix=".html",
    published="each player's record and match points after the latest complete round (RK9's)",
    fetched="the pairings page's tabs `P{pod}R{round}`, then every `?pod=P&rnd=R`",
    written="every round's rows, as served", interval=2.0))
