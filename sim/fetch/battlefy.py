"""Battlefy: a tournament's Swiss stage (esports and card games run on battlefy.com).

Link: ``https://battlefy.com/{organisation}/{slug}/{tournament id}/...`` (``/stage/{stage id}/...``
chooses the stage).  Fetched, public, no key, as Battlefy's own pages and third-party clients
ask it (squarebracket/valorant-upcoming-games-bot): ``GET
https://dtmwra1jsgyb0.cloudfront.net/tournaments/{id}?extend[stages][groups][matches][top.team]=true&...``:
the tournament with every stage, its matches (teams extended) and standings.

Written: ``{"battlefy": {"tournament": answer, "stage": stage id or null}}``, the answer unchanged,
read by :mod:`drawsafe.event.io.battlefy` (the Swiss stage).  An event without a Swiss stage is
one line naming its stages.  Live while a match of the stage is not complete.
"""

from __future__ import annotations

import json
import re

from drawsafe.event.io.battlefy import kind_of
from drawsafe.fetch.base import Fetched, FetchError
from drawsafe.fetch.registry import Connector, Link, register
from drawsafe.fetch.summary import read_back

NAME = "battlefy"
API = "https://dtmwra1jsgyb0.cloudfront.net"
#: The extensions Battlefy's clients ask (teams of every match and standing, groups' too).
EXTEND = ("extend%5Bstages%5D%5Bgroups%5D%5Bmatches%5D%5Btop.team%5D=true"
          "&extend%5Bstages%5D%5Bgroups%5D%5Bmatches%5D%5Bbottom.team%5D=true"
          "&extend%5Bstages%5D%5Bmatches%5D%5Btop.team%5D=true"
          "&extend%5Bstages%5D%5Bmatches%5D%5Bbottom.team%5D=true"
          "&extend%5Bstages%5D%5Bgroups%5D%5Bstandings%5D%5Bteam%5D=true"
          "&extend%5Bstages%5D%5Bstandings%5D%5Bteam%5D=true")


def ids_of(url: str) -> tuple[str, str | None]:
    path = re.sub(r"^[a-z]+://[^/]+", "", url.strip(), flags=re.IGNORECASE).split("?")[0]
    stage = re.search(r"/stage/([0-9a-f]{24})", path)
    tid = next((m.group(1) for m in re.finditer(r"/([0-9a-f]{24})(?=/|$)", path)
                if not stage or m.group(1) != stage.group(1)), None)
    if tid is None:
        raise FetchError(NAME, url, "no tournament id in the link",
                         "give the tournament's page, e.g. https://battlefy.com/ORG/SLUG/0123456789abcdef01234567/info")
    return tid, stage.group(1) if stage else None


def fetch(link: Link) -> Fetched:
    tid, stage = ids_of(link.url)
    api = f"{API}/tournaments/{tid}?{EXTEND}"
    doc = link.http.get_json(api, what="the tournament")
    t = doc[0] if isinstance(doc, list) and len(doc) == 1 else doc
    stages = t.get("stages") if isinstance(t, dict) else None
    if not isinstance(stages, list) or not all(isinstance(s, dict) for s in stages):
        raise FetchError(NAME, api, "the tournament at stages: missing or not a list of stages",
                         "Battlefy answered in a shape drawsafe does not know; please report this URL")
    swiss = [s for s in stages if (stage and s.get("_id") == stage) or (not stage and kind_of(s).startswith("swiss"))]
    if not swiss or not kind_of(swiss[0]).startswith("swiss"):
        listed = "; ".join(f"{s.get('name')} ({kind_of(s)})" for s in stages) or "none"
        raise link.error(f"no Swiss stage {'at this link' if stage else 'in this event'} (stages: {listed})",
                         "drawsafe reads Swiss stages; elimination brackets have no standings to forecast")
    content = json.dumps({"battlefy": {"tournament": doc, "stage": swiss[0].get("_id") if stage else None}},
                         ensure_ascii=False, indent=1).encode("utf-8")
    return read_back(link, content)


CONNECTOR = register(Connector(
    name=NAME, title="Battlefy", hosts=("battlefy.com", "www.battlefy.com"),
    example="https://battlefy.com/ORG/SLUG/ID/...", description="Battlefy (the Swiss stage)", fetch=fetch,
    format="battlefy", published="the stage's standings rows (rank, wins, losses, ties) when Battlefy gives them",
    fetched="`GET dtmwra1jsgyb0.cloudfront.net/tournaments/ID?extend[stages][matches][top.team]=true&...` (stages, "
            "matches, standings in one answer); `/stage/SID/` in the link chooses the stage",
    written='`{"battlefy": {"tournament", "stage"}}`, the answer unchanged'))
