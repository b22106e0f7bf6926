"""The connectors on the platforms' real answers (tests/data/fetch/real, README there), replayed at
their real paths: melee.gg's own W-L-D and points for every player of two real events, pokedata's
real documents with empty divisions and repeated names, and the shapes the platforms' clients and
documentation give where no capture is public (TopDeck's envelope, the organiser API's pages,
lichess's ``Z``, Limitless's key)."""

from __future__ import annotations

import json

import pytest
from replay import platform, quick, replay  # noqa: F401 (fixtures)

from drawsafe.event.io import parse_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.fetch import FetchError, fetch, fetch_checked
from drawsafe.standings.check import check_standings
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

MELEE_REAL = ("305152", "361066")


def record(row) -> tuple[int, int, int, int]:
    return row.wins, row.losses, row.draws, row.points


# --- melee.gg: its own answers of two real events -------------------------------------------

@pytest.mark.parametrize("tid", MELEE_REAL)
def test_melee_real_answers_give_melee_ggs_own_records(platform, tid):
    """Every player's W-L-D and points equal melee.gg's own standings after round 3 (12 + 13 = 25
    players); the other differences are own-GW% floors (melee.gg did not floor a player's own GW%)."""
    f = fetch_checked(f"https://melee.gg/Tournament/View/{tid}", quick())
    event = parse_event(f.content, tid)
    snap = take_snapshot(event)
    rows = compute_standings(snap, get_rules("mtg"), 0).rows
    published = {s.player: s for s in event.standings}
    assert len(rows) == len(published) == {"305152": 12, "361066": 13}[tid]
    assert {r.player: record(r) for r in rows} == {p: record(s) for p, s in published.items()}
    report = check_standings(event, snap, get_rules("mtg"))
    assert {d.reason for d in report.disagreements} <= {"floor"}, report.to_json()


def test_a_forfeit_is_a_loss_not_a_bye(platform):
    """361066 round 1: BryanGulotta alone, ``LossReason`` 1 "Forfeited": melee.gg scores 1-2-0."""
    f = fetch("https://melee.gg/Tournament/View/361066", quick())
    written = json.loads(f.content)
    first = next(r for r in written["rounds"] if r["round"] == 1)["matches"]
    assert {"a": "BryanGulotta", "kind": "loss"} in first
    byes = [m["a"] for r in written["rounds"] for m in r["matches"] if m.get("kind") == "bye"]
    assert len(byes) == 2  # rounds 2 and 3: "Algorithm Assigned"
    bryan = next(s for s in written["standings"] if s["player"] == "BryanGulotta")
    assert (bryan["wins"], bryan["losses"], bryan["draws"]) == (1, 2, 0)


def test_melee_posts_the_whole_datatables_form(platform):
    fetch("https://melee.gg/Tournament/View/361066", quick())
    posts = [(u, form) for m, u, form, _ in platform.seen if m == "POST"]
    assert posts
    for url, form in posts:
        assert form["draw"] == "1" and form["start"] == "0" and form["length"] == "500"
        assert form["search[value]"] == "" and form["search[regex]"] == "false"
        assert form["order[0][column]"] == "0" and form["order[0][dir]"] == "asc"
        n = sum(1 for k in form if k.endswith("][data]"))
        assert n >= 5 and all(f"columns[{i}][search][regex]" in form for i in range(n))
        assert ("roundId" in form) == url.endswith("GetRoundStandings")


def test_the_organiser_api_is_read_page_by_page(platform):
    """``variables.page``/``variables.pageSize`` and ``HasMore``: a round split over two pages is
    read whole; rows short of ``RecordsTotal`` are one error, not an event read from its first page."""
    url = "https://melee.gg/api/match/list/round/902451"
    rows = platform.document(url + "?variables.page=1&variables.pageSize=250")["Content"]
    half = len(rows) // 2
    page = {"Page": 1, "PageSize": half, "RecordsFiltered": len(rows), "RecordsTotal": len(rows)}
    platform.serve("GET", url + "?variables.page=1&variables.pageSize=250",
                   page | {"Content": rows[:half], "HasMore": True})
    platform.serve("GET", url + "?variables.page=2&variables.pageSize=250",
                   page | {"Page": 2, "Content": rows[half:], "HasMore": False})
    whole = fetch_checked("https://melee.gg/Tournament/View/122245", quick(key="id:secret"))
    platform.overrides.clear()
    once = fetch_checked("https://melee.gg/Tournament/View/122245", quick(key="id:secret", cache=False))
    assert json.loads(whole.content)["rounds"] == json.loads(once.content)["rounds"]
    platform.serve("GET", url + "?variables.page=1&variables.pageSize=250",
                   page | {"PageSize": half, "Content": rows[:half], "HasMore": False})
    with pytest.raises(FetchError, match=r"^melee.gg https://melee.gg/api/match/list/round/902451\?variables.page=1"
                                         r"&variables.pageSize=250: the round's matches at RecordsTotal: "
                                         rf"{len(rows)} rows announced, {half} read over 1 page\(s\)"):
        fetch("https://melee.gg/Tournament/View/122245", quick(key="id:secret", cache=False))


# --- TopDeck: the envelope, its byes and winners (no capture public: clients' and OpenAPI shapes) --

TOPDECK = "https://topdeck.gg/event/gARmkIxEyssRhSUspzU5"
TOPDECK_API = "https://topdeck.gg/api/v2/tournaments/gARmkIxEyssRhSUspzU5"


def test_topdeck_reads_the_envelope(platform):
    f = fetch_checked(TOPDECK, quick(key="k"))
    doc = platform.document(TOPDECK_API)
    assert f.name == doc["data"]["name"] != "gARmkIxEyssRhSUspzU5"
    assert not f.live  # no swissNum: finished because its playoff is played out


def test_topdeck_without_a_swiss_count_or_playoff_says_so(platform):
    doc = platform.document(TOPDECK_API)
    doc["rounds"] = [r for r in doc["rounds"] if isinstance(r["round"], int)]
    platform.serve("GET", TOPDECK_API, doc)
    f = fetch(TOPDECK, quick(key="k"))
    assert f.live and any("does not say how many Swiss rounds" in n for n in f.notes)


def test_topdeck_byes_table_and_winner_ids(platform):
    """``table: "Byes"`` listing several players gives each a bye; ``winner_id`` without ``winner``
    names the winner by id."""
    doc = platform.document(TOPDECK_API)
    first = doc["rounds"][0]["tables"]
    pair = next(i for i, t in enumerate(first) if len(t["players"]) == 2)
    a, b = first[pair]["players"]
    first[pair] = {"table": "Byes", "players": [a, b], "status": "Bye"}
    second = doc["rounds"][1]["tables"]
    k = next(i for i, t in enumerate(second) if len(t["players"]) == 2 and t["winner"] != "Draw")
    winner = next(p for p in second[k]["players"] if p["name"] == second[k]["winner"])
    second[k] = dict(second[k], winner=None, winner_id=winner["id"])
    platform.serve("GET", TOPDECK_API, doc)
    written = json.loads(fetch(TOPDECK, quick(key="k")).content)
    r1 = written["rounds"][0]["matches"]
    assert {"a": a["name"], "kind": "bye"} in r1 and {"a": b["name"], "kind": "bye"} in r1
    w = next(m for m in written["rounds"][1]["matches"] if winner["name"] in (m["a"], m.get("b")))
    assert w["score"] == ([1, 0, 0] if w["a"] == winner["name"] else [0, 1, 0])


# --- pokedata: real documents (empty divisions, repeated placeholder names) ------------------

@pytest.mark.parametrize("tid,division,players", [("0000055", "masters", 407), ("0000143", "masters", 225),
                                                  ("0000143", "juniors", 21)])
def test_pokedata_real_documents_are_read_and_their_placings_compared(platform, tid, division, players):
    """Every placed player's placing compared (players 9999, not placed, and placeholder rows left
    out are not)."""
    from drawsafe.app.context import open_event

    f = fetch_checked(f"https://www.pokedata.ovh/standings/{tid}/{division}/", quick())
    if tid == "0000055":
        assert any("no player in seniors, juniors" in n for n in f.notes)
    report = open_event(f.content, name=tid, division=division).check()
    placed = [r for d in json.loads(f.content)["standings"]["tournament_data"] if d["division"] == division
              for r in d["data"] if r["placing"] != 9999]
    assert len(json.loads(f.content)["standings"]["tournament_data"][0]["data"]) >= players
    assert 0 < report.agreed <= report.compared <= len(placed)


def test_pokedata_repeated_placeholder_names_are_left_out_and_said(platform):
    f = fetch("https://www.pokedata.ovh/standings/0000143/masters/", quick())
    event = parse_event(f.content, "0000143", "pokedata", "masters")
    assert any("Donovan Palominos []" in n and "left out" in n for n in event.notes)


def test_pokedata_an_empty_pairings_answer_is_a_note(platform):
    """An unknown address is reported to answer ``{}`` with status 200: like a 404, a note."""
    platform.serve("GET", "https://www.pokedata.ovh/apiv2/division/masters/tcg/id/0000129/round/9", {})
    f = fetch("https://www.pokedata.ovh/standings/0000129/masters/", quick())
    assert any("no pairings of masters round 9 yet (an empty answer)" in n for n in f.notes)
    assert len(json.loads(f.content)["pairings"]) == 2


# --- lichess: a game in progress is Z with the opponent (lila SwissTrf.scala) ----------------

def test_lichess_z_with_an_opponent_is_pending(platform):
    trf = platform.document("https://lichess.org/swiss/LiveSwis.trf")
    assert sum(ln[181:191].rstrip().endswith("Z") for ln in trf.splitlines() if ln.startswith("001")) == 10
    f = fetch_checked("https://lichess.org/swiss/LiveSwis", quick())
    assert f.live and f.pending == 5
    snap = take_snapshot(parse_event(f.content, "live"))
    assert sum(1 for m in snap.next_round.matches if not m.reported) == 5


# --- Limitless: the key, and an error answered with status 200 --------------------------------

LIMITLESS = "https://play.limitlesstcg.com/tournament/66a1b2c3d4e5f6a7b8c9d0e1/standings"
LIMITLESS_API = "https://play.limitlesstcg.com/api/tournaments/66a1b2c3d4e5f6a7b8c9d0e1/"


def test_limitless_an_error_body_says_the_key_is_missing_or_refused(platform):
    platform.serve("GET", LIMITLESS_API + "details", {"error": "Missing access key"})
    with pytest.raises(FetchError, match=r"^limitless \S+/details: Limitless needs an API key with every request "
                                         r"\(an error instead of details: 'Missing access key'\)"):
        fetch(LIMITLESS, quick())
    platform.serve("GET", LIMITLESS_API + "details", {"message": "Invalid access key"})
    with pytest.raises(FetchError, match=r"Limitless refused the key \(an error instead of details: 'Invalid access key'\)"):
        fetch(LIMITLESS, quick(key="wrong", cache=False))


# --- Play Hub (Lorcana) and cobra (Netrunner): links read from the real answers -------------

PLAYHUB = "https://tcg.ravensburgerplay.com/events/159805"
PLAYHUB_API = "https://api.cloudflare.ravensburgerplay.com/hydraproxy/api/v2"


def test_a_playhub_link_reads_the_real_answers(platform):
    """Event 159805 during its round 4: the event, round 4's matches and page 1 of its standings
    are real captures; rounds 1-3 were not captured (404 here): said, and the reader checks the
    published standings against each other."""
    f = fetch_checked(PLAYHUB, quick())
    bundle = json.loads(f.content)
    assert bundle["event"] == platform.document(f"{PLAYHUB_API}/events/159805/")
    assert list(bundle["rounds"]) == ["7906"]
    assert bundle["rounds"]["7906"]["matches"] == [platform.document(
        f"{PLAYHUB_API}/tournament-rounds/7906/matches/paginated/?page=1&page_size=100")]
    assert f.format == "playhub" and f.live and f.platform == "playhub"
    assert any("no matches of round 1 (id 7903)" in n for n in f.notes)
    assert any("no page 2 of the standings of round 4" in n for n in f.notes)
    event = parse_event(f.content, PLAYHUB)
    assert event.rules == "lorcana" and len(event.standings) == 10
    asked = [u for _, u, _, _ in platform.seen]
    assert all(u.startswith(PLAYHUB_API) for u in asked)


def test_a_playhub_event_not_found_is_one_line(platform):
    platform.serve("GET", f"{PLAYHUB_API}/events/159805/", {"error": "gone"}, status=404)
    with pytest.raises(FetchError, match=r"^playhub \S+/events/159805/: the event: not found \(HTTP 404\)"):
        fetch(PLAYHUB, quick())


def test_a_riftbound_link_asks_riftbounds_host(platform):
    from drawsafe.fetch import connector_of

    assert connector_of("https://locator.riftbound.uvsgames.com/events/123").name == "playhub"
    with pytest.raises(FetchError, match=r"^playhub https://api.cloudflare.riftbound.uvsgames.com/hydraproxy/api/v2/"
                                         r"events/123/: the event: not found"):
        fetch("https://locator.riftbound.uvsgames.com/events/123", quick())


@pytest.mark.parametrize("tid,players", [("WIR7", 15), ("DZKD", 10)])
def test_a_cobra_link_reads_the_real_export(platform, tid, players):
    f = fetch_checked(f"https://tournaments.nullsignal.games/tournaments/{tid}", quick())
    assert json.loads(f.content) == platform.document(f"https://tournaments.nullsignal.games/tournaments/{tid}.json")
    event = parse_event(f.content, tid)
    assert (f.format, f.players, len(event.players), f.live) == ("cobra", players, players, False)
    report = check_standings(event, take_snapshot(event, after_round=len(event.swiss)), get_rules(event.rules))
    assert report.compared == players and not report.disagreements


def test_every_real_cobra_export_in_shared_reads_through_its_link(platform):
    """The 12 real exports of ../shared, each served at the address its ``links`` name."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "shared" / "data" / "real" / "netrunner" / "cobra"
    files = sorted(folder.glob("*.json"))
    if not files:
        pytest.skip("../shared is not here")
    read = 0
    for path in files:
        doc = json.loads(path.read_text(encoding="utf-8"))
        link = next(x["href"] for x in doc["links"] if x["rel"] == "uploadedfrom")
        platform.serve("GET", link + ".json", path.read_bytes())
        f = fetch_checked(link, quick())
        assert f.players == len(doc["players"])
        read += 1
    assert read == 12


def test_commands_take_playhub_and_cobra_links(platform, tmp_path):
    import os

    from test_http_and_cli import drawsafe

    env = dict(os.environ, DRAWSAFE_FETCH_REPLAY=platform.url, DRAWSAFE_FETCH_CACHE=str(tmp_path / "cache"))
    r = drawsafe("standings", "https://tournaments.nullsignal.games/tournaments/WIR7", "--check", "--json", env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["compared"] == 15
    out = tmp_path / "lorcana.json"
    r = drawsafe("fetch", PLAYHUB, "-o", str(out), env=env)
    assert r.returncode == 0, r.stderr
    assert "playhub" in r.stderr and json.loads(out.read_text())["event"]["id"] == 159805


# --- the error lines: no network, the platform answering an error, a key, a changed answer ---

def test_no_network_is_said_at_once_and_apart_from_an_error_answer():
    import httpx

    from drawsafe.fetch import FetchOptions

    calls = []

    def offline(request):
        calls.append(request.url)
        raise httpx.ConnectError("[Errno -3] Temporary failure in name resolution", request=request)

    waits = []
    client = httpx.Client(transport=httpx.MockTransport(offline))
    with pytest.raises(FetchError) as caught:
        from drawsafe.fetch.http import Http

        Http("melee.gg", interval=0.0, backoff=1.0, client=client, sleep=waits.append).get(
            "https://melee.gg/Tournament/View/361066", what="the event page")
    assert str(caught.value) == ("melee.gg https://melee.gg/Tournament/View/361066: the event page: cannot reach "
                                 "melee.gg (the name does not resolve) (no network here, or the platform's address "
                                 "does not answer; check the connection and try again)")
    assert len(calls) == 1 and waits == []  # no retry, no backoff: at once
    with pytest.raises(FetchError, match=r"^cobra \S+: the NRTM export: cannot reach tournaments.nullsignal.games"):
        fetch("https://tournaments.nullsignal.games/tournaments/WIR7", FetchOptions(cache=False, interval=0.0),
              client=httpx.Client(transport=httpx.MockTransport(offline)))


def test_the_platform_answering_an_error_is_said_as_such(platform):
    platform.serve("GET", f"{PLAYHUB_API}/events/159805/", {"detail": "busy"}, status=503)
    with pytest.raises(FetchError, match=r"^playhub \S+: the event: api.cloudflare.ravensburgerplay.com answered "
                                         r"HTTP 503 after 4 tries \(the platform may be down or busy"):
        fetch(PLAYHUB, quick())


def test_a_changed_answer_names_the_field(platform):
    doc = platform.document(f"{PLAYHUB_API}/events/159805/")
    del doc["tournament_phases"][0]["rounds"][2]["round_number"]
    platform.serve("GET", f"{PLAYHUB_API}/events/159805/", doc)
    with pytest.raises(FetchError, match=r"^playhub \S+/events/159805/: the event at tournament_phases\[0\]"
                                         r"\.rounds\[2\]\.round_number: missing \(playhub answered in a shape"):
        fetch(PLAYHUB, quick())
    rows = platform.document("https://melee.gg/Match/GetRoundMatches/1264149", "POST", {"start": "0"})
    rows["data"][1]["Competitors"][0]["GameWinsAndGameByes"] = "two"  # data[0] is the forfeit
    platform.serve("POST", "https://melee.gg/Match/GetRoundMatches/1264149", rows)
    with pytest.raises(FetchError, match=r"the matches of Round 1 at data\[1\]\.Competitors\[0\]\.GameWinsAndGameByes: "
                                         r"expected a number, found a text"):
        fetch("https://melee.gg/Tournament/View/361066", quick())


def test_a_failed_fetch_writes_nothing(platform, tmp_path):
    """Any failure on the command line: exit 2, one line, the old file untouched, no temporary left."""
    import os

    from test_http_and_cli import drawsafe

    env = dict(os.environ, DRAWSAFE_FETCH_REPLAY=platform.url, DRAWSAFE_FETCH_CACHE=str(tmp_path / "cache"))
    out = tmp_path / "event.json"
    out.write_text("old content")
    platform.serve("GET", "https://tournaments.nullsignal.games/tournaments/WIR7.json", {"players": "none"})
    r = drawsafe("fetch", "https://tournaments.nullsignal.games/tournaments/WIR7", "-o", str(out), env=env)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines()[-1].startswith("drawsafe: error: cobra https://tournaments.nullsignal.games/")
    assert "the NRTM export at players: expected a list, found a text" in r.stderr
    assert out.read_text() == "old content" and sorted(p.name for p in tmp_path.iterdir()) == ["cache", "event.json"]
