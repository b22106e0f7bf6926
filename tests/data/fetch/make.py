"""Builds the recorded platform answers of tests/data/fetch from the real files of ../shared.

Run from the repository (``DRAWSAFE_SHARED=/path/to/shared python tests/data/fetch/make.py``); it
writes ``routes.json`` (request -> answer file) and the answer files next to this script.  Each
answer is either a real document (pokedata's standings of the 2024 World Championships, decklists
taken out; lichess's TRF export 2020_06.trf) or a real event's data put into the platform's
documented shape (marked "documentation only" in the README's platform table):

- pokedata ``0000128``: the real standings document, finished; ``0000129``: the same event as it
  stood during round 9 (rounds 1-8 in the standings, round 9's pairings documents with half of
  the results in), built from the real rounds in the documented per-round shape;
- lichess ``FaLp5fSD``: the real TRF export, its results (rank in file order, points as in the
  file) and tournament info in lichess's documented shapes; ``LiveSwis``: the same with round 10
  being played (five games without a result);
- limitless ``66a1b2c3d4e5f6a7b8c9d0e1``: a real melee.gg event (mont-weekly-legacy, tests/data)
  in the documented API shape; ``...e2`` the same with its last round half reported;
- topdeck ``gARmkIxEyssRhSUspzU5``: the real TopDeck event of the decklist cache in the documented
  API shape (TopDeck's own standings figures); ``liveTopdeck01`` its last Swiss round half reported;
- melee.gg ``122245``: a real event without playoff (weekly-legacy) in the public pages' shape,
  the standings as melee.gg published them after round 4; ``122246`` the same during round 4.
"""

from __future__ import annotations

import copy
import gzip
import json
import os
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SHARED = Path(os.environ.get("DRAWSAFE_SHARED", ROOT.parent / "shared"))
routes: list[dict] = []


def save(name: str, data, *, text: bool = False, gz: bool = False) -> str:
    raw = data if isinstance(data, (str, bytes)) else json.dumps(data, ensure_ascii=False, indent=1)
    raw = raw.encode("utf-8") if isinstance(raw, str) else raw
    if gz:
        name += ".gz"
        raw = gzip.compress(raw, mtime=0)
    (HERE / name).write_bytes(raw)
    return name


def route(method: str, url: str, file: str, form: dict | None = None, kind: str = "application/json") -> None:
    entry = {"method": method, "url": url, "file": file, "type": kind}
    if form:
        entry["form"] = form
    routes.append(entry)


# --- pokedata ----------------------------------------------------------------------------------

def pokedata() -> None:
    doc = json.loads((SHARED / "data/real/pokemon/pokedata/worlds2024.json").read_text(encoding="utf-8"))
    for div in doc["tournament_data"]:
        for row in div["data"]:
            row["decklist"] = ""
    base = "https://www.pokedata.ovh/apiv2/division/masters+juniors+seniors/tcg/id/"
    route("GET", base + "0000128", save("pokedata-0000128-standings.json", doc, gz=True))
    # the same event during round 9: standings after 8 rounds, round 9's pairings half reported
    live = copy.deepcopy(doc)
    live["tournament"]["id"] = "0000129"
    live["tournament"]["tournamentStatus"] = "running"
    cut = 8
    pairings = []
    for div in live["tournament_data"]:
        rows = []
        for row in div["data"]:
            rounds = {r: c for r, c in row["rounds"].items() if int(r) <= cut}
            record = {"wins": 0, "losses": 0, "ties": 0}
            for c in rounds.values():
                record[{"W": "wins", "L": "losses", "T": "ties"}[c["result"]]] += 1
            rows.append((row, rounds, record))
        order = sorted(rows, key=lambda x: (-(3 * x[2]["wins"] + x[2]["ties"]), x[0]["placing"]))
        data = []
        for place, (row, rounds, record) in enumerate(order, 1):
            data.append(dict(row, rounds=rounds, record=record, placing=place,
                             drop=row["drop"] if 0 < row["drop"] <= cut else -1))
        div["data"] = data
        table_rows = []
        for i, (row, _, record) in enumerate(order):
            nine = row["rounds"].get(str(cut + 1))
            if nine is None:
                table_rows.append({"name": row["name"], "record": record, "round_data": {}})
                continue
            result = nine["result"] if nine["table"] % 2 == 0 or nine["name"] in ("BYE", "LATE") else ""
            table_rows.append({"name": row["name"], "record": record,
                               "round_data": {"table": nine["table"], "vs": nine["name"], "result": result}})
        pairings.append({"division": div["division"], "data": {"round": cut + 1, "data": table_rows}})
    route("GET", base + "0000129", save("pokedata-0000129-standings.json", live, gz=True))
    for p in pairings:
        url = f"https://www.pokedata.ovh/apiv2/division/{p['division']}/tcg/id/0000129/round/{cut + 1}"
        route("GET", url, save(f"pokedata-0000129-{p['division']}-round{cut + 1}.json",
                               {"tournament_data": [p]}, gz=True))


# --- lichess -----------------------------------------------------------------------------------

def lichess() -> None:
    trf = (SHARED / "data/real/chess/trf/2020_06.trf").read_text(encoding="utf-8")
    lines = [ln for ln in trf.splitlines() if ln.startswith("001")]
    results = []
    for rank, ln in enumerate(lines, 1):
        points = float(ln[80:84])
        results.append({"rank": rank, "points": int(points) if points.is_integer() else points,
                        "tieBreak": 0, "rating": 1500, "username": ln[14:47].strip(), "performance": 1500})
    nd = "\n".join(json.dumps(r) for r in results) + "\n"
    info = {"id": "FaLp5fSD", "name": "Mai 5 Plus 0 Turnier", "nbRounds": 10, "round": 10, "nbPlayers": 13,
            "status": "finished", "createdBy": "lichess", "clock": {"limit": 300, "increment": 0}}
    route("GET", "https://lichess.org/api/swiss/FaLp5fSD", save("lichess-FaLp5fSD.json", info))
    route("GET", "https://lichess.org/swiss/FaLp5fSD.trf", save("lichess-FaLp5fSD.trf", trf), kind="text/plain")
    route("GET", "https://lichess.org/api/swiss/FaLp5fSD/results", save("lichess-FaLp5fSD-results.ndjson", nd),
          kind="application/x-ndjson")
    # round 10 in progress: five games without a result yet, written as lichess writes a game in
    # progress: Z with the opponent (lila SwissTrf.scala)
    live_lines, blanked, seen = [], set(), 0
    for ln in trf.splitlines():
        if ln.startswith("001"):
            cell = ln[181:191]
            me = int(ln[4:8])
            opp = cell[0:4].strip()
            if opp.isdigit() and int(opp) > 0 and cell[7:8] in "10=" and (me, int(opp)) not in blanked \
                    and seen < 5 and me < int(opp):
                blanked.add((me, int(opp)))
                blanked.add((int(opp), me))
                seen += 1
        live_lines.append(ln)
    out = []
    for ln in live_lines:
        if ln.startswith("001"):
            me = int(ln[4:8])
            opp = ln[181:185].strip()
            if opp.isdigit() and (me, int(opp)) in blanked:
                result = {"1": 1.0, "=": 0.5, "0": 0.0}[ln[188]]
                points = float(ln[80:84]) - result
                ln = ln[:80] + f"{points:4.1f}" + ln[84:188] + "Z" + ln[189:]
        out.append(ln)
    live_trf = "\n".join(out) + "\n"
    players = [ln for ln in out if ln.startswith("001")]
    ranked = sorted(range(len(players)), key=lambda i: -float(players[i][80:84]))
    live_results = []
    for rank, i in enumerate(ranked, 1):
        points = float(players[i][80:84])
        live_results.append({"rank": rank, "points": int(points) if points.is_integer() else points, "tieBreak": 0,
                             "rating": 1500, "username": players[i][14:47].strip(), "performance": 1500})
    nd = "\n".join(json.dumps(r) for r in live_results) + "\n"
    live_info = dict(info, id="LiveSwis", status="started")
    route("GET", "https://lichess.org/api/swiss/LiveSwis", save("lichess-LiveSwis.json", live_info))
    route("GET", "https://lichess.org/swiss/LiveSwis.trf", save("lichess-LiveSwis.trf", live_trf), kind="text/plain")
    route("GET", "https://lichess.org/api/swiss/LiveSwis/results", save("lichess-LiveSwis-results.ndjson", nd),
          kind="application/x-ndjson")


# --- limitless ---------------------------------------------------------------------------------

def limitless() -> None:
    sys.path.insert(0, str(ROOT))
    from drawsafe.event.io import load_event
    from drawsafe.event.io.limitless import to_limitless

    event = load_event(ROOT / "tests/data/mont-weekly-legacy-368680-2025-10-02.json")
    data = to_limitless(event)
    data["details"]["id"] = "66a1b2c3d4e5f6a7b8c9d0e1"
    for tid, docs in (("66a1b2c3d4e5f6a7b8c9d0e1", data), ("66a1b2c3d4e5f6a7b8c9d0e2", live_limitless(data))):
        for part in ("details", "standings", "pairings"):
            route("GET", f"https://play.limitlesstcg.com/api/tournaments/{tid}/{part}",
                  save(f"limitless-{tid[-2:]}-{part}.json", docs[part]))


def live_limitless(data: dict) -> dict:
    docs = copy.deepcopy(data)
    docs["details"]["id"] = "66a1b2c3d4e5f6a7b8c9d0e2"
    last = max(p["round"] for p in docs["pairings"] if p.get("phase", 1) == 1)
    docs["pairings"] = [p for p in docs["pairings"] if p.get("phase", 1) == 1]
    n = 0
    for p in docs["pairings"]:
        if p["round"] == last and p.get("player2"):
            n += 1
            if n % 2:
                p.pop("winner", None)
    docs["details"]["phases"] = docs["details"]["phases"][:1]
    return docs


# --- topdeck -----------------------------------------------------------------------------------

def topdeck() -> None:
    name = "artabrian-weekend-2024-main-event-legacy-gARmkIxEyssRhSUspzU5-2024-11-23.json"
    cache = json.loads((SHARED / "data/real/magic/topdeck" / name).read_text(encoding="utf-8"))
    ids = {}

    def pid(p):
        return ids.setdefault(p, f"u{len(ids) + 1:04d}")

    rounds = []
    for r in cache["Rounds"]:
        label = int(r["RoundName"]) if r["RoundName"].isdigit() else r["RoundName"]
        tables = []
        for t, m in enumerate(r["Matches"], 1):
            a, b = m["Player1"].strip(), (m["Player2"] or "").strip()
            if not b or b == "-":
                tables.append({"table": t, "players": [{"name": a, "id": pid(a)}], "winner": a,
                               "status": "Completed"})
                continue
            w, lo, _ = (int(x) for x in m["Result"].split("-"))
            winner = a if w > lo else b if lo > w else "Draw"
            tables.append({"table": t, "players": [{"name": a, "id": pid(a)}, {"name": b, "id": pid(b)}],
                           "winner": winner, "status": "Completed"})
        rounds.append({"round": label, "tables": tables})
    standings = [{"standing": s["Rank"], "name": s["Player"].strip(), "id": pid(s["Player"].strip()),
                  "points": s["Points"], "wins": s["Wins"], "losses": s["Losses"], "draws": s["Draws"],
                  "winRate": None, "opponentWinRate": s["OMWP"], "gameWinRate": s["GWP"],
                  "opponentGameWinRate": s["OGWP"]} for s in cache["Standings"]]
    swiss = sum(1 for r in rounds if isinstance(r["round"], int))
    # the envelope third-party clients read (documentation only): no Swiss count in it
    doc = {"data": {"TID": "gARmkIxEyssRhSUspzU5", "name": cache["Tournament"]["Name"], "startDate": 1732352400,
                    "game": "Magic: The Gathering", "format": "Legacy", "topCut": 8},
           "standings": standings, "rounds": rounds}
    route("GET", "https://topdeck.gg/api/v2/tournaments/gARmkIxEyssRhSUspzU5", save("topdeck-artabrian.json", doc))
    # the live one in the bulk answer's top-level fields (tournamentName, swissNum)
    live = {"TID": "liveTopdeck01", "tournamentName": cache["Tournament"]["Name"], "swissNum": swiss,
            "topCut": 8, "startDate": 1732352400, "game": "Magic: The Gathering", "format": "Legacy",
            "standings": copy.deepcopy(standings), "rounds": copy.deepcopy(rounds)}
    live["rounds"] = [r for r in live["rounds"] if isinstance(r["round"], int)]
    for i, t in enumerate(live["rounds"][-1]["tables"]):
        if len(t["players"]) == 2 and i % 2:
            t["winner"], t["status"] = None, "Active"
    live["standings"] = [dict(s, opponentWinRate=None) for s in live["standings"]]  # not published mid-round
    route("GET", "https://topdeck.gg/api/v2/tournaments/liveTopdeck01", save("topdeck-live.json", live))


# --- melee.gg ----------------------------------------------------------------------------------

PAGE = """<!DOCTYPE html><html><head><title>{name} | Melee</title></head><body>
<div id="pairings"><div class="round-selector-container">
{buttons}
</div></div></body></html>
"""


def melee() -> None:
    event = json.loads((SHARED / "data/melee/weekly-legacy-122245-2024-07-18.json").read_text(encoding="utf-8"))
    for tid, live in (("122245", False), ("122246", True)):
        buttons, rid = [], 900000 + int(tid) % 1000 * 10
        last = len(event["Rounds"])
        for n, r in enumerate(event["Rounds"], 1):
            round_id = str(rid + n)
            done = not (live and n == last)
            buttons.append(f'<button class="btn btn-gray round-selector" data-id="{round_id}" '
                           f'data-name="{r["RoundName"]}" data-is-started="True" '
                           f'data-is-completed="{done}">{r["RoundName"]}</button>')
            rows, seen = [], set()
            for k, m in enumerate(r["Matches"]):
                a, b = m["Player1"], m["Player2"]
                key = frozenset((a, b))
                if key in seen:  # the cache lists a draw from both sides
                    continue
                seen.add(key)
                w1, w2, d = (int(x) for x in m["Result"].split("-"))
                team = (lambda p: {"Team": {"Players": [{"DisplayName": p, "ID": zlib.crc32(p.encode()) % 10 ** 6}]}})
                if b in (None, "-"):
                    # the real answers' fields (tests/data/fetch/real/melee): a bye's reason, a forfeit's
                    bye = w1 > 0
                    rows.append({"TableNumber": None, "Competitors": [dict(team(a), GameWinsAndGameByes=w1)],
                                 "GameDraws": 0, "HasResult": True,
                                 "ByeReason": 0 if bye else None,
                                 "ByeReasonDescription": "Algorithm Assigned" if bye else None,
                                 "LossReason": None if bye else 1,
                                 "LossReasonDescription": None if bye else "Forfeited",
                                 "ResultString": f"{a} was assigned a bye" if bye else f"{a} forfeited the match"})
                    continue
                pending = live and n == last and len(rows) % 2 == 1
                rows.append({"TableNumber": len(rows) + 1,
                             "Competitors": [dict(team(a), GameWinsAndGameByes=0 if pending else w1),
                                             dict(team(b), GameWinsAndGameByes=0 if pending else w2)],
                             "GameDraws": 0 if pending else d, "HasResult": not pending,
                             "ResultString": "" if pending else f"{w1}-{w2}-{d}"})
            route("POST", f"https://melee.gg/Match/GetRoundMatches/{round_id}",
                  save(f"melee-{tid}-round{n}.json", {"draw": 1, "recordsTotal": len(rows),
                                                     "recordsFiltered": len(rows), "data": rows}),
                  form={"start": "0"})
            if n == last and not live or (live and n == last - 1):
                standings = [{"Rank": s["Rank"], "Points": s["Points"], "MatchWins": s["Wins"],
                              "MatchLosses": s["Losses"], "MatchDraws": s["Draws"],
                              "OpponentMatchWinPercentage": s["OMWP"], "TeamGameWinPercentage": s["GWP"],
                              "OpponentGameWinPercentage": s["OGWP"],
                              "Team": {"Players": [{"DisplayName": s["Player"]}]}} for s in event["Standings"]]
                if live:  # the published standings after round 3 are not in the cache: none kept
                    standings = []
                route("POST", "https://melee.gg/Standing/GetRoundStandings",
                      save(f"melee-{tid}-standings.json", {"draw": 1, "recordsTotal": len(standings),
                                                          "recordsFiltered": len(standings), "data": standings}),
                      form={"roundId": round_id, "start": "0"})
        route("GET", f"https://melee.gg/Tournament/View/{tid}",
              save(f"melee-{tid}.html", PAGE.format(name=event["Tournament"]["Name"], buttons="\n".join(buttons))),
              kind="text/html")
        if not live:  # the organiser API's shape (documentation only): the same rounds, one page each
            api_rounds = [{"ID": rid + n, "Name": r["RoundName"], "IsComplete": True}
                          for n, r in enumerate(event["Rounds"], 1)]
            route("GET", f"https://melee.gg/api/tournament/{tid}",
                  save(f"melee-api-{tid}.json", {"ID": int(tid), "Name": event["Tournament"]["Name"],
                                                 "StartDate": event["Tournament"]["Date"], "Rounds": api_rounds}))
            # the API's page envelope as PLATFORMS.md reports it (documentation only)
            paged = "?variables.page=1&variables.pageSize=250"
            for n in range(1, last + 1):
                rows = json.loads((HERE / f"melee-{tid}-round{n}.json").read_text(encoding="utf-8"))["data"]
                route("GET", f"https://melee.gg/api/match/list/round/{rid + n}{paged}",
                      save(f"melee-api-{tid}-round{n}.json", api_page(rows)))
            rows = json.loads((HERE / f"melee-{tid}-standings.json").read_text(encoding="utf-8"))["data"]
            route("GET", f"https://melee.gg/api/standing/list/round/{rid + last}{paged}",
                  save(f"melee-api-{tid}-standings.json", api_page(rows)))


def api_page(rows: list) -> dict:
    return {"Page": 1, "PageSize": 250, "RecordsFiltered": len(rows), "RecordsTotal": len(rows), "Content": rows,
            "HasMore": False}


# --- real answers (tests/data/fetch/real, README there) -------------------------------------------

VIEW = """<!DOCTYPE html><html><head><title>{name} | Melee</title></head><body>
<div id="pairings" class="horizontal-section "><div class="card border-0 shadow pt-3 mb-3">
<div id="pairings-round-selector-container" class="round-selector-container">
{buttons}
</div></div></div></body></html>
"""


def melee_real() -> None:
    """melee.gg's own answers of two 2025 events, served at their real paths: the rows as captured
    (``real/melee``), put back in the DataTables envelope by the replay server (the capture kept
    only ``data``); the event page is built here from the rows' round ids, in the real page's
    markup (``live/melee/view-page-fragment.html``)."""
    for tid in ("305152", "361066"):
        folder = HERE / "real" / "melee" / f"tournament_{tid}"
        meta = json.loads((folder / "page_metadata.json").read_text(encoding="utf-8"))
        buttons = []
        for n in (1, 2, 3):
            rows = json.loads((folder / f"Round_{n}_Matches.json").read_text(encoding="utf-8"))
            rid = rows[0]["RoundId"]
            buttons.append(f'<button class="btn btn-primary round-selector" data-id="{rid}" data-name="Round {n}" '
                           f'data-is-started="True">Round {n}</button>')
            entry = {"method": "POST", "url": f"https://melee.gg/Match/GetRoundMatches/{rid}",
                     "file": f"real/melee/tournament_{tid}/Round_{n}_Matches.json", "type": "application/json",
                     "form": {"start": "0"}, "envelope": "datatables"}
            routes.append(entry)
            routes.append({"method": "POST", "url": "https://melee.gg/Standing/GetRoundStandings",
                           "file": f"real/melee/tournament_{tid}/Round_{n}_Standings.json",
                           "type": "application/json", "form": {"roundId": str(rid), "start": "0"},
                           "envelope": "datatables"})
        name = f"real/melee/tournament_{tid}/view.built-here.html"
        (HERE / name).write_text(VIEW.format(name=meta["title"], buttons="\n".join(buttons)), encoding="utf-8")
        route("GET", f"https://melee.gg/Tournament/View/{tid}", name, kind="text/html")


def pokedata_real() -> None:
    """pokedata's real documents of two events (empty divisions, repeated placeholder names)."""
    for tid in ("0000055", "0000143"):
        route("GET", f"https://www.pokedata.ovh/apiv2/division/masters+juniors+seniors/tcg/id/{tid}",
              f"real/pokedata/{tid}.json")


def playhub_cobra_real() -> None:
    """Play Hub's real answers of event 159805 (round 4 in progress; tests/data/playhub, README
    there) and two real cobra exports (tests/data/netrunner), at their platforms' addresses; the
    query of a page is ours (page_size=100), the capture's was page_size=10."""
    api = "https://api.cloudflare.ravensburgerplay.com/hydraproxy/api/v2"
    folder = "../playhub/event_159805"
    route("GET", f"{api}/events/159805/", f"{folder}/event_159805_inprogress_r4.json")
    route("GET", f"{api}/tournament-rounds/7906/matches/paginated/?page=1&page_size=100",
          f"{folder}/matches_round7906_page1_of1.json")
    route("GET", f"{api}/tournament-rounds/7906/standings/paginated/?page=1&page_size=100",
          f"{folder}/standings_round7906_page1_of2.json")
    for name in ("2023-09-30-finland-baltic-nats-cobra.json", "2024-05-12-401-games-gnk-cobra.json"):
        doc = json.loads((HERE.parent / "netrunner" / name).read_text(encoding="utf-8"))
        link = next(x["href"] for x in doc["links"] if x["rel"] == "uploadedfrom")
        route("GET", link + ".json", f"../netrunner/{name}")


def chess_results_rk9_real() -> None:
    """chess-results.com's real pages (tests/data/chess/chessresults, README there) and RK9's rows
    (tests/data/pokemon/rk9) at their platforms' addresses, with the pages no capture has built
    here from real data (real/README.md): tnr1316880's crosstable page from its real export, and
    an RK9 pairings page (its tabs) for the built-here division and for the real round 3."""
    import csv
    import html
    import io
    import re

    cr = "../chess/chessresults"

    def at(tid: str, art: int) -> str:
        return f"https://chess-results.com/tnr{tid}.aspx?lan=1&art={art}&turdet=YES&zeilen=99999"

    route("GET", at("865223", 1), f"{cr}/ended_standings.html", kind="text/html")  # its crosstable: not captured
    route("GET", at("1322107", 1), f"{cr}/team_standings_crosstable.html", kind="text/html")  # a team event
    route("GET", at("1307079", 0), f"{cr}/future_participants.html", kind="text/html")  # before round 1
    lines = list(csv.reader(io.StringIO((HERE.parent / "chess" / "chessresults" / "tnr1316880-crosstable.csv")
                                        .read_text(encoding="utf-8"))))
    head = next(i for i, r in enumerate(lines) if r and r[0] == "Rk.")
    rows = []
    for r in lines[head:]:
        if not any(r):
            break
        tag, cls = ("th", "CRng1b") if r is lines[head] else ("td", "CRng1" if len(rows) % 2 else "CRng2")
        rows.append(f'<tr class="{cls}">' + "".join(f'<{tag} class="CRc">{html.escape(c)}</{tag}>' for c in r) + "</tr>")
    page = ("<!DOCTYPE html>\n<html><head><title>Chess-Results Server</title></head><body>\n"
            "<!-- built here (tests/data/fetch/make.py) from the real crosstable export of tnr1316880, "
            "tests/data/chess/chessresults/tnr1316880-crosstable.csv: its rows in chess-results' table markup -->\n"
            f"<h2>{html.escape(lines[1][0].strip())}</h2><h2>{html.escape(lines[head - 1][0])}</h2>\n"
            '<table class="CRs1" border="0" cellpadding="1" cellspacing="1">' + "".join(rows) + "</table>\n"
            '<div id="fuss">chess-results.com</div></body></html>\n')
    route("GET", at("1316880", 4), save("real/chessresults/tnr1316880-art4.built-here.html", page), kind="text/html")
    rk9 = "../pokemon/rk9"
    division = (HERE.parent / "pokemon" / "rk9" / "division.built-here.html").read_text(encoding="utf-8")
    parts = re.findall(r'<div class="row row-cols-3 match.*?</div></div>', division)
    tabs = ('<!-- built here (tests/data/fetch/make.py): the round tabs of an RK9 pairings page -->\n'
            '<ul class="nav nav-tabs">{}</ul>\n')
    link = '<li class="nav-item"><a class="nav-link" data-toggle="tab" href="#P{0}R{1}">R{1}</a></li>'
    route("GET", "https://rk9.gg/pairings/TEST01builtHere01",
          save("real/rk9/pairings-TEST01builtHere01.built-here.html", tabs.format("".join(
              link.format(2, r) for r in (1, 2, 3)))), kind="text/html")
    for r in (1, 2, 3):
        own = "".join(p for p in parts if f'id="cell-2-{r}-' in p)
        route("GET", f"https://rk9.gg/pairings/TEST01builtHere01?pod=2&rnd={r}",
              save(f"real/rk9/TEST01builtHere01-pod2-round{r}.built-here.html", own + "\n"), kind="text/html")
    route("GET", "https://rk9.gg/pairings/TEST03round3only",
          save("real/rk9/pairings-TEST03round3only.built-here.html", tabs.format(link.format(2, 3))),
          kind="text/html")
    route("GET", "https://rk9.gg/pairings/TEST03round3only?pod=2&rnd=3", f"{rk9}/round.html", kind="text/html")


def battlefy_spicerack_real() -> None:
    """Battlefy's real tournament answer (tests/data/battlefy, README there: GSL groups and a
    single-elimination top 16, no Swiss stage) at its real address, and a Swiss stage built here in
    its shape (its real teams and match objects; results, rounds and standings rows ours);
    Spicerack's real decklist export (tests/data/magic/spicerack) at the export's address."""
    from drawsafe.fetch.battlefy import API, EXTEND

    real = "66f5d01a70020f0022f63314"
    route("GET", f"{API}/tournaments/{real}?{EXTEND}", f"../battlefy/{real}.json")
    doc = json.loads((HERE.parent / "battlefy" / f"{real}.json").read_text(encoding="utf-8"))
    t = copy.deepcopy(doc[0])
    playoff = next(st for st in t["stages"] if st["name"] == "Top 16 Playoffs")
    teams = []
    for m in playoff["matches"]:
        for side in ("top", "bottom"):
            team = m[side].get("team")
            if team and team["_id"] not in {x["_id"] for x in teams} and not team["name"].startswith("BYE"):
                teams.append(team)
    teams = teams[:8]
    shape = copy.deepcopy(playoff["matches"][0])
    stage = {k: copy.deepcopy(v) for k, v in t["stages"][0].items() if k not in ("matches", "standings")}
    stage["_id"], stage["name"] = "0000000000000000005715ee", "Swiss (built here)"
    stage["bracket"] = {"type": "swiss", "seriesStyle": "bestOf", "roundsCount": 3, "teamsCount": 8,
                        "series": [{"round": r, "roundType": "swiss", "numGames": 3} for r in (1, 2, 3)]}
    # rounds: (top, bottom, top games, bottom games, complete)
    plan = {1: [(0, 1, 2, 0, True), (2, 3, 1, 2, True), (4, 5, 2, 1, True), (6, 7, 0, 2, True)],
            2: [(0, 5, 2, 1, True), (3, 7, 2, 0, True), (1, 2, 2, 1, True), (4, 6, 1, 2, True)],
            3: [(0, 3, 0, 0, False), (5, 7, 2, 0, True), (1, 6, 1, 2, True), (2, 4, 0, 0, False)]}
    record = {i: [0, 0] for i in range(8)}
    matches = []
    for rnd, tables in plan.items():
        for n, (a, b, ga, gb, done) in enumerate(tables, 1):
            m = copy.deepcopy(shape)
            m["_id"] = f"{rnd:02d}{n:02d}" + "0" * 20
            m["roundNumber"], m["matchNumber"], m["matchType"], m["stageID"] = rnd, n, "winner", stage["_id"]
            m.pop("next", None)
            m["isComplete"], m["isBye"], m["doubleLoss"] = done, False, False
            for side, i, g, other in (("top", a, ga, gb), ("bottom", b, gb, ga)):
                m[side] = {"seedNumber": i + 1, "winner": done and g > other, "disqualified": False,
                           "teamID": teams[i]["_id"], "score": g if done else 0, "team": teams[i]}
            if done:
                w, lo = (a, b) if ga > gb else (b, a)
                record[w][0] += 1
                record[lo][1] += 1
            matches.append(m)
        if rnd == 2:
            after_two = {i: tuple(r) for i, r in record.items()}
    stage["matches"] = matches
    order = sorted(range(8), key=lambda i: (-after_two[i][0], i))
    stage["standings"] = [{"teamID": teams[i]["_id"], "team": teams[i], "wins": after_two[i][0],
                           "losses": after_two[i][1], "ties": 0, "points": 3 * after_two[i][0]} for i in order]
    t["_id"], t["name"], t["stages"], t["stageIDs"] = "0000000000000000005715ef", t["name"] + " (Swiss built here)", \
        [stage], [stage["_id"]]
    route("GET", f"{API}/tournaments/{t['_id']}?{EXTEND}",
          save("real/battlefy/swiss.built-here.json", [t]))
    route("GET", "https://api.spicerack.gg/api/export-decklists/?num_days=30",
          "../magic/spicerack/tournaments_legacy.json")


if __name__ == "__main__":
    for build in (pokedata, lichess, limitless, topdeck, melee, melee_real, pokedata_real, playhub_cobra_real,
                  chess_results_rk9_real, battlefy_spicerack_real):
        build()
    (HERE / "routes.json").write_text(json.dumps(routes, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(routes)} routes written to {HERE / 'routes.json'}")
