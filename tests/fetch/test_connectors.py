"""Each connector against its recorded answers (tests/data/fetch, replayed on 127.0.0.1): the
fetched event's standings equal the platform's published ones, the file written is one drawsafe
reads, and a changed or broken answer gives its one-line error naming platform, URL and path."""

from __future__ import annotations

import json

import pytest
from replay import platform, quick, replay  # noqa: F401 (fixtures)

from drawsafe.event.io import parse_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.fetch import FetchError, fetch, fetch_checked
from drawsafe.standings.check import check_standings
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import display_points, get_rules

POKEDATA = "https://www.pokedata.ovh/standings/0000128/masters/"
POKEDATA_LIVE = "https://www.pokedata.ovh/standings/0000129/masters/"
POKEDATA_API = "https://www.pokedata.ovh/apiv2/division/masters+juniors+seniors/tcg/id/"
LICHESS = "https://lichess.org/swiss/FaLp5fSD"
LICHESS_LIVE = "https://lichess.org/swiss/LiveSwis"
LIMITLESS = "https://play.limitlesstcg.com/tournament/66a1b2c3d4e5f6a7b8c9d0e1/standings"
LIMITLESS_LIVE = "https://play.limitlesstcg.com/tournament/66a1b2c3d4e5f6a7b8c9d0e2/standings"
LIMITLESS_API = "https://play.limitlesstcg.com/api/tournaments/66a1b2c3d4e5f6a7b8c9d0e1/"
TOPDECK = "https://topdeck.gg/event/gARmkIxEyssRhSUspzU5"
TOPDECK_LIVE = "https://topdeck.gg/event/liveTopdeck01"
TOPDECK_API = "https://topdeck.gg/api/v2/tournaments/gARmkIxEyssRhSUspzU5"
MELEE = "https://melee.gg/Tournament/View/122245"
MELEE_LIVE = "https://melee.gg/Tournament/View/122246"


# --- pokedata: the real standings document of the 2024 World Championships ------------------

def test_pokedata_writes_the_documents_as_fetched(platform):
    f = fetch(POKEDATA, quick())
    written = json.loads(f.content)
    assert written["standings"] == platform.document(POKEDATA_API + "0000128")
    assert written["pairings"] == []  # a finished event has no round in progress
    assert (f.format, f.live, f.players) == ("pokedata", False, 1935)


def test_pokedata_during_a_round_adds_that_rounds_pairings(platform):
    f = fetch(POKEDATA_LIVE, quick())
    written = json.loads(f.content)
    assert written["standings"] == platform.document(POKEDATA_API + "0000129")
    assert len(written["pairings"]) == 3  # masters, juniors, seniors: round 9
    for doc in written["pairings"]:
        div = doc["tournament_data"][0]["division"]
        assert doc == platform.document(f"https://www.pokedata.ovh/apiv2/division/{div}/tcg/id/0000129/round/9")
    assert f.live and f.rounds == 9 and f.pending > 0 and f.reported > 0


def test_pokedata_placings_checked_as_from_the_document_itself(platform):
    """The fetched file is checked against pokedata's `placing` exactly as the document itself
    is: fetching loses nothing.  (This real document's placings follow the scraper's own
    resistances, not TOM's: every difference must carry a known reason, most of them that one.)"""
    from drawsafe.app.context import open_event

    f = fetch(POKEDATA, quick())
    fetched = open_event(f.content, name=POKEDATA, division="masters").check()
    direct = open_event(json.dumps(platform.document(POKEDATA_API + "0000128")).encode(), name="worlds.json",
                        division="masters").check()
    assert fetched.to_json() == direct.to_json()
    assert fetched.compared > 1000 and fetched.agreed > 0
    reasons = {d.reason for d in fetched.disagreements}
    assert "unknown" not in reasons, reasons


def test_pokedata_without_pairings_for_the_round_says_so(platform):
    platform.serve("GET", "https://www.pokedata.ovh/apiv2/division/masters/tcg/id/0000129/round/9", status=404)
    f = fetch(POKEDATA_LIVE, quick())
    assert any("no pairings of masters round 9" in n for n in f.notes)
    assert len(json.loads(f.content)["pairings"]) == 2


# --- lichess: the real TRF export ------------------------------------------------------------

def test_lichess_points_equal_the_published_points(platform):
    f = fetch_checked(LICHESS, quick())
    event = parse_event(f.content, LICHESS)
    published = {}
    for line in platform.document("https://lichess.org/api/swiss/FaLp5fSD/results").splitlines():
        row = json.loads(line)
        published[row["username"]] = (row["points"], row["rank"])
    rules = get_rules(event.rules or "fide")
    rows = compute_standings(take_snapshot(event), rules, 0).rows
    assert len(rows) == len(published) == 13
    for r in rows:
        assert display_points(r.points, 1) == published[r.player][0], r.player
    ranks = {ln[14:47].strip(): int(ln[85:89]) for ln in f.content.decode().splitlines() if ln.startswith("001")}
    assert ranks == {name: rank for name, (_, rank) in published.items()}
    assert f.format == "trf" and not f.live


def test_lichess_during_the_last_round_leaves_its_games_pending(platform):
    f = fetch_checked(LICHESS_LIVE, quick())
    snap = take_snapshot(parse_event(f.content, LICHESS_LIVE))
    assert f.live and f.pending == 5
    assert snap.after_round == 9 and snap.next_round is not None
    assert sum(1 for m in snap.next_round.matches if not m.reported) == 5


# --- Limitless: a real event in the documented API shape -------------------------------------

def test_limitless_placings_are_the_published_places(platform):
    f = fetch_checked(LIMITLESS, quick())
    event = parse_event(f.content, LIMITLESS)
    standings = platform.document(LIMITLESS_API + "standings")
    assert event.places == {row["name"]: row["placing"] for row in standings}
    assert json.loads(f.content) == {part: platform.document(LIMITLESS_API + part)
                                     for part in ("details", "standings", "pairings")}
    assert not f.live


def test_limitless_during_the_last_round(platform):
    f = fetch_checked(LIMITLESS_LIVE, quick())
    snap = take_snapshot(parse_event(f.content, LIMITLESS_LIVE))
    assert f.live and f.pending == 4 and snap.rounds_left == 1


def test_limitless_sends_the_key(platform):
    fetch(LIMITLESS, quick(key="secret-key"))
    sent = [h for m, u, _, h in platform.seen if u.startswith(LIMITLESS_API)]
    assert sent and all(h.get("X-Access-Key") == "secret-key" for h in sent)


# --- TopDeck: a real event (the decklist cache's) in the documented API shape ------------------

def test_topdeck_points_equal_the_published_points(platform):
    f = fetch_checked(TOPDECK, quick(key="k"))
    event = parse_event(f.content, TOPDECK)
    published = {s["name"]: s for s in platform.document(TOPDECK_API)["standings"]}
    assert {s.player: s.points for s in event.standings} == {n: s["points"] for n, s in published.items()}
    rows = compute_standings(take_snapshot(event), get_rules("mtg"), 0).rows
    computed = {r.player: r.points for r in rows}
    # every published total is reproduced from the matches, except players absent from round 1, to
    # whom TopDeck gives the 3 points of a round-1 bye it does not list (6 players of this event)
    first = event.swiss[0].players
    off = {n: s["points"] - computed[n] for n, s in published.items() if s["points"] != computed[n]}
    assert len(off) == 6 and set(off.values()) == {3} and not set(off) & first
    assert event.best_of == 1 and len(event.swiss) == 6


def test_topdeck_needs_a_key(platform):
    with pytest.raises(FetchError, match=r"^topdeck https://topdeck.gg/event/\S+: TopDeck's API needs a key "
                                         r"\(--key KEY or DRAWSAFE_TOPDECK_KEY\)$"):
        fetch(TOPDECK, quick())


def test_topdeck_during_the_last_round(platform):
    f = fetch_checked(TOPDECK_LIVE, quick(key="k"))
    snap = take_snapshot(parse_event(f.content, TOPDECK_LIVE))
    assert f.live and f.pending > 0 and snap.rounds_left == 1
    assert any("opponentWinRate" in n for n in f.notes)  # mid-round standings without OMW%: not kept


# --- melee.gg: a real event in the public pages' shape ---------------------------------------

def test_melee_standings_are_the_published_standings(platform):
    f = fetch_checked(MELEE, quick())
    event = parse_event(f.content, MELEE)
    snap = take_snapshot(event)
    report = check_standings(event, snap, get_rules(event.rules or "mtg"))
    assert report.compared == 24
    assert all(d.reason != "unknown" for d in report.disagreements), report.to_json()
    rows = {r.player: r for r in compute_standings(snap, get_rules("mtg"), 0).rows}
    assert {s.player: s.points for s in event.standings} == {p: r.points for p, r in rows.items()}
    referers = [h.get("Referer") for m, u, _, h in platform.seen if m == "POST"]
    assert referers and all(r == "https://melee.gg/Tournament/View/122245" for r in referers)


def test_melee_during_the_last_round(platform):
    f = fetch_checked(MELEE_LIVE, quick())
    snap = take_snapshot(parse_event(f.content, MELEE_LIVE))
    assert f.live and f.pending == 5 and snap.after_round == 3 and snap.next_round is not None


# --- a changed or broken answer: one line naming platform, URL and what is wrong ---------------

BROKEN = [
    (POKEDATA, "GET", POKEDATA_API + "0000128", {"type": "tcg", "tournament": {"name": "x"}},
     (r"^pokedata https://www.pokedata.ovh/apiv2/\S+: the standings document at tournament_data: missing "
      r"\(pokedata answered in a shape drawsafe does not know")),
    (LICHESS, "GET", "https://lichess.org/api/swiss/FaLp5fSD", {"name": "x", "status": "finished"},
     r"^lichess https://lichess.org/api/swiss/FaLp5fSD: the tournament at nbRounds: missing"),
    (LIMITLESS, "GET", LIMITLESS_API + "pairings", [{"round": 1}],
     r"^limitless https://play.limitlesstcg.com/api/tournaments/\S+/pairings: the pairings at \[0\].player1: missing"),
    (TOPDECK, "GET", TOPDECK_API, {"data": {"name": "x"}, "rounds": [{"round": 1, "tables": "none"}]},
     (r"^topdeck https://topdeck.gg/api/v2/tournaments/\S+: the tournament at rounds\[0\].tables: expected a list, "
      r"found a text")),
    (MELEE, "GET", MELEE, "<html><body>maintenance</body></html>",
     r"^melee.gg https://melee.gg/Tournament/View/122245: the event page: no round selector"),
]


@pytest.mark.parametrize("url,method,target,body,message", BROKEN, ids=[b[0].split("/")[2] for b in BROKEN])
def test_a_changed_answer_is_one_clear_error(platform, url, method, target, body, message):
    platform.serve(method, target, body, kind="text/html" if isinstance(body, str) else "application/json")
    with pytest.raises(FetchError, match=message) as caught:
        fetch(url, quick(key="k" if "topdeck" in url else None))
    assert "\n" not in str(caught.value) and "Traceback" not in str(caught.value)


@pytest.mark.parametrize("url,target", [(POKEDATA, POKEDATA_API + "0000128"),
                                        (LICHESS, "https://lichess.org/api/swiss/FaLp5fSD"),
                                        (LIMITLESS, LIMITLESS_API + "details"), (TOPDECK, TOPDECK_API)],
                         ids=["pokedata", "lichess", "limitless", "topdeck"])
def test_an_answer_that_is_not_json_is_one_clear_error(platform, url, target):
    platform.serve("GET", target, "<html>Bad gateway</html>", kind="text/html")
    with pytest.raises(FetchError, match=r": not JSON \(.*\(the platform answered with something else"):
        fetch(url, quick(key="k" if "topdeck" in url else None))


def test_melee_match_rows_are_checked(platform):
    rows = platform.document("https://melee.gg/Match/GetRoundMatches/902452", "POST", {"start": "0"})
    rows["data"][0]["Competitors"][0].pop("Team")
    platform.serve("POST", "https://melee.gg/Match/GetRoundMatches/902452", rows)
    with pytest.raises(FetchError, match=r"^melee.gg https://melee.gg/Match/GetRoundMatches/902452: the matches of "
                                         r"Round 2 at data\[0\].Competitors\[0\].Team: missing"):
        fetch(MELEE, quick())


def test_a_contradictory_event_is_refused_not_written(platform):
    doc = platform.document(TOPDECK_API)
    doc["rounds"][0]["tables"][0]["winner"] = "Somebody Else"
    platform.serve("GET", TOPDECK_API, doc)
    with pytest.raises(FetchError, match=r"rounds\[0\].tables\[0\].winner: 'Somebody Else' is not at the table"):
        fetch(TOPDECK, quick(key="k"))


def test_not_found_and_refused(platform):
    platform.serve("GET", TOPDECK_API, {"error": "no"}, status=404)
    with pytest.raises(FetchError, match=r"the tournament: not found \(HTTP 404\) \(check the link"):
        fetch(TOPDECK, quick(key="k"))
    platform.serve("GET", LIMITLESS_API + "details", {"error": "key"}, status=403)
    with pytest.raises(FetchError, match=r"details: Limitless needs an API key with every request \(refused \(HTTP 403\)\) "
                                         r"\(--key KEY or DRAWSAFE_LIMITLESS_KEY"):
        fetch(LIMITLESS, quick())
    with pytest.raises(FetchError, match=r"details: Limitless refused the key \(refused \(HTTP 403\)\) \(check --key"):
        fetch(LIMITLESS, quick(key="wrong"))


def test_each_platform_keeps_its_polite_rate_and_key():
    """The declarations carry what drawsafe.fetch.http.INTERVALS and drawsafe.fetch.KEYS held
    before connectors declared themselves (seconds between two requests; key variables)."""
    from drawsafe.fetch import CONNECTORS
    from drawsafe.fetch.http import Http

    assert {n: c.interval for n, c in CONNECTORS.items()} == {
        "pokedata": 1.0, "lichess": 1.0, "limitless": 1.2, "topdeck": 0.7, "melee.gg": 2.0, "playhub": 1.0,
        "cobra": 1.0, "chess-results": 2.0, "rk9": 2.0, "battlefy": 1.0, "spicerack": 1.0}
    assert {n: c.key.env for n, c in CONNECTORS.items() if c.key} == {
        "limitless": "DRAWSAFE_LIMITLESS_KEY", "topdeck": "DRAWSAFE_TOPDECK_KEY", "melee.gg": "DRAWSAFE_MELEE_KEY",
        "spicerack": "DRAWSAFE_SPICERACK_KEY"}
    assert CONNECTORS["cobra"].refused == "the platform refused the request"
    http = Http("a platform of no declaration")
    assert (http.interval, http.refused) == (1.0, "the platform refused the request")
    http.close()


def test_unknown_platform_and_bad_links():
    from drawsafe.fetch import connector_of

    with pytest.raises(FetchError, match=r"^drawsafe https://example.com/x: not a link of a platform drawsafe knows"):
        connector_of("https://example.com/x")
    with pytest.raises(FetchError, match=r"^lichess https://lichess.org/tournament/abc: not a lichess Swiss"):
        fetch("https://lichess.org/tournament/abc", quick())


def test_melee_with_organiser_credentials_reads_the_api(platform):
    import base64

    by_api = fetch_checked(MELEE, quick(key="client-id:client-secret"))
    by_pages = fetch_checked(MELEE, quick())
    assert json.loads(by_api.content)["rounds"] == json.loads(by_pages.content)["rounds"]
    assert json.loads(by_api.content)["standings"] == json.loads(by_pages.content)["standings"]
    expected = "Basic " + base64.b64encode(b"client-id:client-secret").decode()
    sent = [h.get("Authorization") for _, u, _, h in platform.seen if "/api/" in u]
    assert sent and all(a == expected for a in sent)
    with pytest.raises(FetchError, match="the melee.gg key must be CLIENT_ID:CLIENT_SECRET"):
        fetch(MELEE, quick(key="no-colon"))
