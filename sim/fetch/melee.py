"""melee.gg: Magic events, from the organiser's API where credentials are given, else from the
public round pages (what players see in the browser).

Link: ``https://melee.gg/Tournament/View/{id}``.  Neither way is documented for the public; both
are read as other clients read them (unverified here):

- public pages: ``GET /Tournament/View/{id}`` (HTML: one round selector per round, with its id in
  ``data-id``, its name in ``data-name``), then per round ``POST /Match/GetRoundMatches/{roundId}``
  and, for the latest Swiss round with results, ``POST /Standing/GetRoundStandings``
  (``roundId``), both with the whole DataTables form body every public client sends (``draw``,
  ``columns[i][data|name|searchable|orderable|search][value|regex]``, ``order[0][column|dir]``,
  ``start``, ``length``, ``search[value|regex]``: bare forms are reported to get HTTP 500), paged
  by ``start`` until ``recordsTotal`` rows.  Match rows (real answers of 2025,
  ``tests/data/fetch/real/melee``): ``Competitors[].{Team.Players[].DisplayName,
  GameWinsAndGameByes}``, ``GameDraws`` (null for 0), ``HasResult``, ``ByeReason`` (0 "Algorithm
  Assigned", ...), ``LossReason`` (1 "Forfeited"); a single competitor is a bye unless a loss
  reason says it forfeited (melee.gg scores that a loss); standings rows: ``Rank, Points, MatchWins,
  MatchLosses, MatchDraws, OpponentMatchWinPercentage, TeamGameWinPercentage,
  OpponentGameWinPercentage, Team.Players[]``.  melee.gg's firewall refuses requests without a
  Referer and bursts: a Referer is sent and requests are two seconds apart (the declaration's interval).
- the API (``--key CLIENT_ID:CLIENT_SECRET`` or ``DRAWSAFE_MELEE_KEY``, HTTP Basic): ``GET
  /api/tournament/{id}`` (its ``Rounds``, or the ``Rounds`` of its ``Phases``), ``GET
  /api/match/list/round/{roundId}`` and ``/api/standing/list/round/{roundId}``, paged with
  ``?variables.page=N&variables.pageSize=250`` (the default page is reported to be 25 rows), the
  answer ``{Page, PageSize, RecordsFiltered, RecordsTotal, Content, HasMore}``; rows as above.
  Every page is read until ``HasMore`` is false, and the rows read must make ``RecordsTotal``.

Written: native JSON of the Swiss rounds ("Round N"; quarterfinals and the like are the playoff,
left out), game scores as reported, pending tables without a score, and the standings melee.gg
published after the latest Swiss round with results, for ``--check``.
"""

from __future__ import annotations

import base64
import html
import re

from drawsafe.fetch.base import Fetched, FetchError, Shape
from drawsafe.fetch.http import Http
from drawsafe.fetch.native import NativeEvent
from drawsafe.fetch.registry import Connector, Key, Link, register

NAME = "melee.gg"
BASE = "https://melee.gg"
ENV_KEY = "DRAWSAFE_MELEE_KEY"
PAGE = 250
#: Rows asked per DataTables request (one client reports melee.gg caps ``length`` at 500).
ROWS = 500
#: The columns the event page's own tables declare (the form's ``columns[i]``).
MATCH_COLUMNS = ("TableNumber", "PodNumber", "Teams", "Decklists", "ResultString")
STANDING_COLUMNS = ("Rank", "Player", "Decklists", "MatchRecord", "GameRecord", "Points",
                    "OpponentMatchWinPercentage", "TeamGameWinPercentage", "OpponentGameWinPercentage")
SWISS = re.compile(r"^\s*round\s*(\d+)\s*$", re.IGNORECASE)


def fetch(link: Link) -> Fetched:
    tid = link.id(re.compile(r"/Tournament/(?:View/)?(\d+)", re.IGNORECASE), problem="no tournament id in the link",
                  hint="give the event's page, e.g. https://melee.gg/Tournament/View/123456")
    if link.key:
        source = ApiSource(link.http, tid, link.key)
    else:
        source = PageSource(link.http, tid, f"{BASE}/Tournament/View/{tid}")
    name, date, rounds = source.rounds()
    event = NativeEvent(name, date)
    swiss = [(int(SWISS.match(r["name"]).group(1)), r) for r in rounds if SWISS.match(r["name"])]
    if not swiss:
        raise link.error("no Swiss round ('Round 1', ...) is published yet")
    reported = pending = 0
    latest_done = None
    for i, (number, rnd) in enumerate(swiss):
        final = rnd.get("completed", i < len(swiss) - 1)
        rows = source.matches(rnd["id"], final)
        s = Shape(NAME, source.where(rnd["id"]), f"the matches of {rnd['name']}")
        open_here = 0
        for j, row in enumerate(rows):
            where = f"data[{j}]"
            seats = s.items(s.get(row, "Competitors", list, where), where + ".Competitors")
            names = [competitor_name(s, c, f"{where}.Competitors[{k}]") for k, c in enumerate(seats)]
            if len(names) == 1:
                event.match(number, names[0], None, kind=lone_kind(row))
                continue
            if len(names) != 2:
                raise s.fail(where + ".Competitors", f"{len(names)} competitors (a Swiss match has two)")
            if not row.get("HasResult"):
                event.match(number, names[0], names[1])
                pending += 1
                open_here += 1
                continue
            w1 = s.get(seats[0], "GameWinsAndGameByes", int, f"{where}.Competitors[0]")
            w2 = s.get(seats[1], "GameWinsAndGameByes", int, f"{where}.Competitors[1]")
            draws = row.get("GameDraws") or 0
            if not isinstance(draws, int):
                raise s.fail(where + ".GameDraws", "expected a number")
            event.match(number, names[0], names[1], [w1, w2, draws])
            reported += 1
        if rows and open_here == 0:
            latest_done = rnd
    if latest_done is not None:
        event.standings = source.standings(latest_done["id"], latest_done is not swiss[-1][1]
                                           or pending == 0)
    event.rules = None
    content = event.content(NAME, link.url)
    live = pending > 0 or not all(r.get("completed", False) for _, r in swiss)
    notes = [] if source.rounds_known else [("melee.gg does not say how many Swiss rounds the event has: "
                                             "give --rounds when it matters")]
    return link.result(content, name=name, players=len(event.players), rounds=len(swiss), live=live,
                       reported=reported, pending=pending, notes=notes)


def lone_kind(row: dict) -> str:
    """A single competitor's match: "loss" when melee.gg gives a loss reason (``LossReason`` 1,
    "Forfeited", scored 0-3 in its standings), "bye" when it gives a bye reason or none."""
    if row.get("LossReason") is not None or row.get("LossReasonDescription"):
        return "loss"
    if row.get("ByeReason") is not None or row.get("ByeReasonDescription"):
        return "loss" if "loss" in str(row.get("ByeReasonDescription") or "").lower() else "bye"
    text = str(row.get("ResultString") or "").lower()
    return "loss" if ("forfeit" in text or "loss" in text) else "bye"


def datatables_form(columns: tuple[str, ...], start: int, **extra: str) -> dict:
    """The DataTables body the event page's own script posts (bare forms are reported to get 500)."""
    form = {"draw": "1"}
    for i, c in enumerate(columns):
        form |= {f"columns[{i}][data]": c, f"columns[{i}][name]": c, f"columns[{i}][searchable]": "true",
                 f"columns[{i}][orderable]": "true" if i == 0 else "false",
                 f"columns[{i}][search][value]": "", f"columns[{i}][search][regex]": "false"}
    form |= {"order[0][column]": "0", "order[0][dir]": "asc", "start": str(start), "length": str(ROWS),
             "search[value]": "", "search[regex]": "false"}
    return form | extra


def competitor_name(s: Shape, competitor, where: str) -> str:
    team = s.get(competitor, "Team", dict, where)
    players = s.items(s.get(team, "Players", list, where + ".Team"), where + ".Team.Players")
    if not players:
        raise s.fail(where + ".Team.Players", "no player")
    names = []
    for k, p in enumerate(players):
        name = p.get("DisplayName") or p.get("Name") or p.get("Username") if isinstance(p, dict) else None
        if not isinstance(name, str) or not name.strip():
            raise s.fail(f"{where}.Team.Players[{k}]", "no DisplayName")
        names.append(name.strip())
    return " / ".join(names)


def percent(v, s: Shape, where: str) -> float:
    if not isinstance(v, (int, float)) or isinstance(v, bool):
        raise s.fail(where, "expected a number")
    return float(v) / 100 if v > 1 else float(v)


def standings_rows(rows: list, s: Shape) -> list[dict]:
    out = []
    for j, row in enumerate(rows):
        where = f"data[{j}]"
        team = s.get(row, "Team", dict, where)
        out.append({"rank": s.get(row, "Rank", int, where),
                    "player": competitor_name(s, {"Team": team}, where),
                    "points": s.get(row, "Points", int, where),
                    "wins": s.get(row, "MatchWins", int, where), "losses": s.get(row, "MatchLosses", int, where),
                    "draws": s.get(row, "MatchDraws", int, where),
                    "omw": percent(row.get("OpponentMatchWinPercentage"), s, where + ".OpponentMatchWinPercentage"),
                    "gw": percent(row.get("TeamGameWinPercentage"), s, where + ".TeamGameWinPercentage"),
                    "ogw": percent(row.get("OpponentGameWinPercentage"), s, where + ".OpponentGameWinPercentage")})
    return out


class PageSource:
    """The public pages (the browser's view)."""

    rounds_known = False

    def __init__(self, http: Http, tid: str, page: str):
        self.http, self.tid, self.page = http, tid, page
        self.headers = {"Referer": page, "X-Requested-With": "XMLHttpRequest"}

    def where(self, round_id: str) -> str:
        return f"{BASE}/Match/GetRoundMatches/{round_id}"

    def rounds(self) -> tuple[str, str | None, list[dict]]:
        text = self.http.get(self.page, headers={"Referer": BASE + "/"}, what="the event page").decode("utf-8",
                                                                                                   "replace")
        s = Shape(NAME, self.page, "the event page")
        found, seen = [], set()
        for tag in re.findall(r"<[a-zA-Z][^>]*\bdata-id=\"[^\"]+\"[^>]*>", text):
            if "round" not in tag.lower():
                continue
            rid = re.search(r"\bdata-id=\"([^\"]+)\"", tag).group(1)
            label = re.search(r"\bdata-name=\"([^\"]*)\"", tag)
            if rid in seen or label is None:
                continue
            seen.add(rid)
            done = re.search(r"\bdata-is-completed=\"([^\"]*)\"", tag)
            entry = {"id": rid, "name": html.unescape(label.group(1))}
            if done is not None:
                entry["completed"] = done.group(1).strip().lower() == "true"
            found.append(entry)
        if not found:
            raise s.fail("", "no round selector (an element with data-id and data-name)")
        title = re.search(r"<title>(.*?)</title>", text, re.DOTALL | re.IGNORECASE)
        name = html.unescape(title.group(1)).split("|")[0].strip() if title else f"melee.gg {self.tid}"
        return name or f"melee.gg {self.tid}", None, found

    def table(self, url: str, columns: tuple[str, ...], extra: dict, final: bool, what: str) -> list:
        rows: list = []
        while True:
            body = datatables_form(columns, len(rows), **extra)
            doc = self.http.json(self.http.post(url, body, final=final, headers=self.headers, what=what), url, what)
            s = Shape(NAME, url, what)
            data = s.items(s.get(doc, "data", list), "data")
            rows.extend(data)
            total = doc.get("recordsTotal")
            if not data or not isinstance(total, int) or len(rows) >= total:
                return rows

    def matches(self, round_id: str, final: bool) -> list:
        return self.table(self.where(round_id), MATCH_COLUMNS, {}, final, "the round's matches")

    def standings(self, round_id: str, final: bool) -> list[dict]:
        url = f"{BASE}/Standing/GetRoundStandings"
        rows = self.table(url, STANDING_COLUMNS, {"roundId": round_id}, final, "the round's standings")
        return standings_rows(rows, Shape(NAME, url, "the round's standings"))


class ApiSource:
    """The organiser API (HTTP Basic with the client id and secret)."""

    rounds_known = False

    def __init__(self, http: Http, tid: str, key: str):
        if ":" not in key:
            raise FetchError(NAME, f"{BASE}/api", "the melee.gg key must be CLIENT_ID:CLIENT_SECRET")
        self.http, self.tid = http, tid
        self.headers = {"Authorization": "Basic " + base64.b64encode(key.encode("utf-8")).decode("ascii")}

    def where(self, round_id: str) -> str:
        return f"{BASE}/api/match/list/round/{round_id}"

    def rounds(self) -> tuple[str, str | None, list[dict]]:
        url = f"{BASE}/api/tournament/{self.tid}"
        doc = self.http.get_json(url, headers=self.headers, what="the tournament")
        s = Shape(NAME, url, "the tournament")
        raw = doc.get("Rounds") if isinstance(doc, dict) else None
        if raw is None and isinstance(doc, dict) and isinstance(doc.get("Phases"), list):
            raw = [r for ph in doc["Phases"] if isinstance(ph, dict) for r in (ph.get("Rounds") or [])]
        rows = s.items(raw, "Rounds")
        found = []
        for i, r in enumerate(rows):
            rid = r.get("ID", r.get("Id")) if isinstance(r, dict) else None
            if rid is None:
                raise s.fail(f"Rounds[{i}]", "no ID")
            entry = {"id": str(rid), "name": str(s.get(r, "Name", str, f"Rounds[{i}]"))}
            if isinstance(r.get("IsComplete"), bool):
                entry["completed"] = r["IsComplete"]
            found.append(entry)
        name = doc.get("Name") if isinstance(doc.get("Name"), str) else f"melee.gg {self.tid}"
        date = doc.get("StartDate") if isinstance(doc.get("StartDate"), str) else None
        return name, date, found

    def pages(self, url: str, final: bool, what: str) -> list:
        """Every page (``HasMore``), checked against ``RecordsTotal``: a page size the API ignores
        or a page numbering off by one would otherwise read an event from its first rows, silently."""
        rows: list = []
        page = 1
        while True:
            at = f"{url}?variables.page={page}&variables.pageSize={PAGE}"
            doc = self.http.get_json(at, final=final, headers=self.headers, what=what)
            s = Shape(NAME, at, what)
            if isinstance(doc, list):  # a bare list: paged while pages are full
                rows.extend(doc)
                if len(doc) < PAGE:
                    return rows
                page += 1
                continue
            data = s.items(s.get(doc, "Content", list), "Content")
            rows.extend(data)
            more = doc.get("HasMore")
            if more is True and data:
                page += 1
                continue
            total = doc.get("RecordsTotal", doc.get("RecordsFiltered"))
            if isinstance(total, int) and not isinstance(total, bool) and len(rows) != total:
                raise s.fail("RecordsTotal", f"{total} rows announced, {len(rows)} read over {page} page(s)")
            return rows

    def matches(self, round_id: str, final: bool) -> list:
        return self.pages(self.where(round_id), final, "the round's matches")

    def standings(self, round_id: str, final: bool) -> list[dict]:
        url = f"{BASE}/api/standing/list/round/{round_id}"
        return standings_rows(self.pages(url, final, "the round's standings"), Shape(NAME, url, "the round's standings"))


CONNECTOR = register(Connector(
    name=NAME, title="melee.gg", hosts=("melee.gg", "www.melee.gg"), example="https://melee.gg/Tournament/View/ID",
    description="melee.gg (public pages, or organiser API)", fetch=fetch, format="json",
    published="points, record, OMW%, GW%, OGW% per player after the latest Swiss round (melee.gg's)",
    fetched="public pages: the event page's round selectors, `POST /Match/GetRoundMatches/RID`, `POST "
            "/Standing/GetRoundStandings`; with `--key CLIENT_ID:SECRET` the organiser API "
            "(`/api/tournament/ID`, `/api/match/list/round/RID`, `/api/standing/list/round/RID`, pages of 250)",
    written="native JSON of the Swiss rounds with game scores", interval=2.0,
    key=Key(ENV_KEY, "melee.gg's organiser API CLIENT_ID:CLIENT_SECRET",
            f"melee.gg refused the request; with organiser API credentials give --key CLIENT_ID:CLIENT_SECRET "
            f"or {ENV_KEY}")))
