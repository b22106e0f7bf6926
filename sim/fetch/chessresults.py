"""chess-results.com (Swiss-Manager's publishing server): a tournament's pages.

Link: any page of the tournament, ``https://chess-results.com/tnrNNN.aspx?...`` (any ``lan=``, any
``art=``; ``s1.``/``s2.`` hosts too).  Fetched, public, no key, in English (``lan=1``), with
``turdet=YES`` (events older than a few days show their details only so) and ``zeilen=99999``
(every row, not the first page of a long list):

- ``art=1``: the ranking (its heading says after how many rounds, its annotation names the
  tie-breaks; a team event's pages are refused here, before anything else is asked);
- ``art=4``: the ranking crosstable, every round's games (the next round's pairings without result);
- without a crosstable, ``art=2&rd=N`` for every round played and the next one (a page counts only
  when its heading names the round asked: chess-results answers a round past the last with the
  last one);
- before round 1 (no ranking, no crosstable yet): ``art=0``, the starting rank.

Written: the pages one after the other, as served (an HTML file), read by
:mod:`drawsafe.event.io.chessresults`: its ranking kept for ``--check``, its tie-breaks as the
rules.  Live until the ranking is "final".  chess-results.com publishes pages for people: drawsafe
asks only on the user's own request, one page at a time, two seconds apart, and keeps a finished
event's pages for good in its cache.
"""

from __future__ import annotations

import re

from drawsafe.errors import InputError
from drawsafe.event.io.chessresults import looks_like_chessresults, played_of, read_pages, round_of
from drawsafe.fetch.base import Fetched, FetchError
from drawsafe.fetch.http import Http
from drawsafe.fetch.registry import Connector, Link, register
from drawsafe.fetch.summary import read_back

NAME = "chess-results"
BASE = "https://chess-results.com"
#: The words of a final ranking's heading, in English (the pages are asked with lan=1).
FINAL = re.compile(r"\bfinal\b", re.IGNORECASE)


def page_url(tid: str, art: int) -> str:
    return f"{BASE}/tnr{tid}.aspx?lan=1&art={art}&turdet=YES&zeilen=99999"


def pages_of(body: bytes, url: str, what: str):
    text = body.decode("utf-8", "replace")
    if not looks_like_chessresults(text):
        raise FetchError(NAME, url, f"{what}: no chess-results table in the answer",
                         "the tournament may not exist, or chess-results answered with another page")
    try:
        return text, read_pages(text, url)
    except InputError as e:
        raise FetchError(NAME, url, f"{what}: {e.problem}") from None


def pairings_url(tid: str, rnd: int) -> str:
    return f"{BASE}/tnr{tid}.aspx?lan=1&art=2&rd={rnd}&turdet=YES"


def rounds_of(http: Http, tid: str, played: int, final: bool) -> list[str]:
    """The pairings pages of rounds 1 to ``played`` and, when paired already, the next one (a page
    is taken only when its heading names the round asked: chess-results answers a round past the
    last with the last one)."""
    out = []
    for rnd in range(1, played + 2):
        at = pairings_url(tid, rnd)
        raw = http.get(at, final=final or rnd < played, what=f"the pairings of round {rnd}", missing_ok=True)
        text, pages = pages_of(raw, at, f"the pairings of round {rnd}") if raw is not None else ("", [])
        shown = next((round_of(p) for p in pages if p.kind == "pairings"), None)
        if shown != rnd:
            if rnd > played:
                break  # the next round is not paired yet
            raise FetchError(NAME, at, f"chess-results has neither the crosstable (art=4) nor the pairings of "
                                       f"round {rnd} of this tournament",
                             "save the tournament's pages in a browser and read the file")
        out.append(text)
    return out


def fetch(link: Link) -> Fetched:
    tid = link.id(re.compile(r"tnr(\d{1,9})\.aspx", re.IGNORECASE), r"[?&]tnr=(\d{1,9})",
                  problem="no tournament number in the link",
                  hint="give a page of the tournament, e.g. https://chess-results.com/tnr865223.aspx?lan=1")
    url, http = link.url, link.http
    notes: list[str] = []
    ranking_url = page_url(tid, 1)
    body = http.get(ranking_url, what="the ranking", missing_ok=True)
    kept: list[str] = []
    final = False
    played = None
    if body is None:
        notes.append("chess-results has no ranking page (art=1) for this tournament: read without it")
    else:
        text, pages = pages_of(body, ranking_url, "the ranking")
        if any(p.team for p in pages):
            raise FetchError(NAME, url, "a team event: drawsafe ranks players in individual Swiss events",
                             "for a team event, read its players' games with another tool")
        ranking = next((p for p in pages if p.kind == "ranking"), None)
        if ranking is not None:
            played = played_of(ranking)
            final = any(FINAL.search(h) for h in ranking.headings[1:2])
            kept.append(text)
    cross = None
    if played != 0:  # the crosstable (none before round 1)
        cross_url = page_url(tid, 4)
        raw = http.get(cross_url, final=final, what="the crosstable", missing_ok=True)
        if raw is not None:
            text, pages = pages_of(raw, cross_url, "the crosstable")
            if any(p.team for p in pages):
                raise FetchError(NAME, url, "a team event: drawsafe ranks players in individual Swiss events",
                                 "for a team event, read its players' games with another tool")
            cross = text if any(p.kind == "crosstable" for p in pages) else None
        if cross is None and played:  # no crosstable: every round's pairings
            kept += rounds_of(http, tid, played, final)
    if cross is not None:
        kept.append(cross)
    elif not played:  # before round 1: the starting rank
        start_url = page_url(tid, 0)
        text, pages = pages_of(http.get(start_url, what="the starting rank"), start_url, "the starting rank")
        kept = [text]
    if final and body is not None:
        http.keep(ranking_url, body)
    return read_back(link, "\n".join(kept).encode("utf-8"), notes=notes, live=not final)


CONNECTOR = register(Connector(
    name=NAME, title="chess-results.com", hosts=("chess-results.com",),
    example="https://chess-results.com/tnrNNN.aspx",
    description="chess-results.com (ranking and crosstable pages)", fetch=fetch, format="chessresults",
    suffix=".html", published="rank, points and tie-breaks per player (chess-results' ranking)",
    fetched="`art=1` (the ranking: team check, rounds played, tie-breaks), then `art=4` (the crosstable), else "
            "every round's `art=2&rd=N`; `art=0` before round 1; `lan=1&turdet=YES&zeilen=99999`",
    written="the pages one after the other, as served", interval=2.0, subdomains=True))
