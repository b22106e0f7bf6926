"""The server's "paste the event's link" (drawsafe.server.live) against the replay server: the
link's page, one fetch per link and round for every player, the page reloading while a round is in
progress, publishing by link with a new version when a result comes in, errors as one line, and
the questions' simulations on a Dask cluster (--scheduler)."""

from __future__ import annotations

import html
import json
import re
import warnings

import pytest
from replay import client, platform, replay  # noqa: F401 (fixtures)

from drawsafe.server import live
from drawsafe.server.app import create_app
from drawsafe.server.config import ServerConfig

LICHESS_LIVE = "https://lichess.org/swiss/LiveSwis"
LICHESS = "https://lichess.org/swiss/FaLp5fSD"
TRF_LIVE = "https://lichess.org/swiss/LiveSwis.trf"
RESULTS_LIVE = "https://lichess.org/api/swiss/LiveSwis/results"
MELEE_LIVE = "https://melee.gg/Tournament/View/122246"


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def one_more_result(replay) -> None:
    """The live lichess event with one more game reported (as the platform would answer after it)."""
    final = replay.document(LICHESS + ".trf").splitlines()
    current = replay.document(TRF_LIVE).splitlines()
    players = {int(ln[4:8]): i for i, ln in enumerate(current) if ln.startswith("001")}
    for me, i in players.items():
        ln = current[i]
        if ln[188] == "Z" and ln[181:185].strip().isdigit():  # a game in progress, as lichess writes it
            opp = int(ln[181:185])
            for p in (me, opp):
                j = players[p]
                done = final[j]
                points = float(current[j][80:84]) + {"1": 1.0, "=": 0.5, "0": 0.0}[done[188]]
                current[j] = current[j][:80] + f"{points:4.1f}" + current[j][84:188] + done[188] + current[j][189:]
            break
    replay.serve("GET", TRF_LIVE, "\n".join(current) + "\n", kind="text/plain")
    rows = []
    for ln in current:
        if ln.startswith("001"):
            points = float(ln[80:84])
            rows.append({"rank": 0, "points": int(points) if points.is_integer() else points,
                         "username": ln[14:47].strip()})
    rows.sort(key=lambda r: -r["points"])
    for rank, r in enumerate(rows, 1):
        r["rank"] = rank
    replay.serve("GET", RESULTS_LIVE, "\n".join(json.dumps(r) for r in rows) + "\n", kind="application/x-ndjson")


def test_the_home_page_takes_the_events_link(client):
    page = client.get("/").text
    assert 'id="live-form"' in page and 'action="/live"' in page and 'formaction="/live/publish"' in page


def test_following_a_link_shows_the_event_and_when_it_was_updated(client):
    sent = client.post("/live", data={"url": LICHESS_LIVE, "top": "4"}, follow_redirects=False)
    assert sent.status_code == 303 and sent.headers["location"].startswith("/live?url=https%3A%2F%2Flichess.org")
    page = client.get(sent.headers["location"])
    assert page.status_code == 200
    words = text_of(page.text)
    assert "Live from lichess: updated" in words and "round 10 in progress, 5 result(s) to come" in words
    assert '<meta http-equiv="refresh" content="30">' in page.text  # reloads while the round is played
    mine = client.get(sent.headers["location"] + "&name=mattderkuerschner")
    assert 'id="verdict"' in mine.text and "mattderkuerschner" in mine.text


def test_a_finished_event_does_not_reload(client):
    page = client.get("/live", params={"url": LICHESS, "top": "4"})
    assert "finished" in text_of(page.text) and 'http-equiv="refresh"' not in page.text


def test_every_player_shares_one_fetch_per_round(client, platform):
    for name in ("mattderkuerschner", "noiretblanc", "hansimpech", "defrank"):
        assert client.get("/live", params={"url": LICHESS_LIVE, "top": "4", "name": name}).status_code == 200
    assert sum(1 for _, u, _, _ in platform.seen if u == TRF_LIVE) == 1


def test_a_result_coming_in_is_read_after_the_refresh_time(client, platform, monkeypatch):
    first = client.get("/live", params={"url": LICHESS_LIVE, "top": "4"})
    assert "5 result(s) to come" in text_of(first.text)
    one_more_result(platform)
    assert "5 result(s) to come" in text_of(client.get("/live", params={"url": LICHESS_LIVE}).text)  # not yet
    monkeypatch.setattr(client.app.starlette.state.live_fetches, "refresh", 0.0)
    again = client.get("/live", params={"url": LICHESS_LIVE, "top": "4"})
    assert "4 result(s) to come" in text_of(again.text)


def test_publishing_by_link_keeps_the_event_up_to_date(client, platform, monkeypatch):
    made = client.post("/live/publish", data={"url": LICHESS_LIVE, "top": "4"})
    assert made.status_code == 201
    players = re.search(r'id="event-link">([^<]+)<', made.text).group(1).replace("http://testserver", "")
    event_id = players.rsplit("/", 1)[-1]
    page = client.get(players)
    assert "Live from lichess" in text_of(page.text) and 'http-equiv="refresh"' in page.text
    assert client.get(f"/api/events/{event_id}").json()["version"] == 1
    one_more_result(platform)
    monkeypatch.setattr(client.app.starlette.state.live_fetches, "refresh", 0.0)
    client.get(players)
    assert client.get(f"/api/events/{event_id}").json()["version"] == 2
    client.get(players)  # nothing new: no new version
    assert client.get(f"/api/events/{event_id}").json()["version"] == 2
    standings = client.get(f"/api/events/{event_id}/standings").json()
    assert len(standings) == 13


def test_publishing_a_melee_link_with_its_number_of_rounds(client):
    made = client.post("/live/publish", data={"url": MELEE_LIVE, "top": "8", "rounds": "4"})
    assert made.status_code == 201
    assert "after round 3 of 4" in text_of(made.text)


@pytest.mark.parametrize("url,message", [
    ("", "paste the event's link"),
    ("not a link", "that is not a link"),
    ("https://example.com/event", "not a link of a platform drawsafe knows"),
    ("https://lichess.org/tournament/x", "not a lichess Swiss tournament link"),
])
def test_a_bad_link_is_one_line(client, url, message):
    for path in ("/live", "/live/publish"):
        answer = client.post(path, data={"url": url})
        assert answer.status_code == 400 and message in html.unescape(answer.text)
    assert client.get("/api/live", params={"url": url}).json()["error"].find(message) >= 0


def test_a_broken_platform_answer_is_a_400_with_its_line(client, platform):
    platform.serve("GET", "https://lichess.org/api/swiss/LiveSwis", {"name": "x"})
    answer = client.get("/live", params={"url": LICHESS_LIVE})
    assert answer.status_code == 400 and "the tournament at nbRounds: missing" in answer.text
    assert "Traceback" not in answer.text


def test_api_live_says_what_the_fetch_found(client):
    data = client.get("/api/live", params={"url": LICHESS_LIVE}).json()
    assert data["platform"] == "lichess" and data["live"] and data["results_pending"] == 5 and data["refresh"] == 30


def test_the_questions_run_on_a_dask_cluster(platform, tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    from server_helpers import sample_bytes

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        app = create_app(ServerConfig(data_dir=str(tmp_path / "d1"), warm=False, scheduler=cluster.scheduler_address))
        here = create_app(ServerConfig(data_dir=str(tmp_path / "d2"), warm=False))
        assert isinstance(app.starlette.state.service.ask, live.ClusterAsk)
        with TestClient(app) as remote, TestClient(here) as local:
            a = remote.post("/api/odds?sims=2000&seed=3", content=sample_bytes())
            b = local.post("/api/odds?sims=2000&seed=3", content=sample_bytes())
            assert a.status_code == b.status_code == 200
            assert a.json() == b.json()
        client = app.starlette.state.service.ask.client
        try:
            ran = client.run_on_scheduler(lambda dask_scheduler: sorted(dask_scheduler.task_prefixes))
            assert "remote_answer" in ran  # the answer was computed on the cluster
        finally:
            client.close()


def test_the_error_page_keeps_the_pasted_link(client, replay):
    """A phone's owner should not paste the link again: the form under the error holds it."""
    bad = "https://lichess.org/tournament/x"
    answer = client.post("/live", data={"url": bad})
    assert answer.status_code == 400 and f'value="{bad}"' in answer.text
    replay.serve("GET", "https://lichess.org/api/swiss/GoneAway", {"error": "no"}, status=404)
    gone = "https://lichess.org/swiss/GoneAway"
    answer = client.get("/live", params={"url": gone})
    assert "not found (HTTP 404)" in html.unescape(answer.text) and f'value="{gone}"' in answer.text
    answer = client.post("/live", data={"url": '"><script>x</script>'})
    assert "<script>x</script>" not in answer.text  # escaped, not run


def wait_ready(client, event_id: str, version: int, seconds: float = 300.0) -> dict:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = client.get(f"/api/events/{event_id}/state").json()
        if state["version"] == version and state["ready"]:
            return state
        time.sleep(0.1)
    raise AssertionError(f"version {version} not ready: {state}")


def test_a_linked_events_new_result_is_answered_before_the_question(client, platform, monkeypatch):
    """Issue 51: the fetch that finds a new result stores a new version and computes its round's
    answers at once (the state says so), before any player asks."""
    made = client.post("/live/publish", data={"url": LICHESS_LIVE, "top": "4"})
    event_id = re.search(r'id="event-link">([^<]+)<', made.text).group(1).rsplit("/", 1)[-1]
    first = wait_ready(client, event_id, 1)
    assert first["answers"] == {"draw": "ready", "odds": "ready"}
    assert "round 10: results 1 of 6 in" in first["progress"]
    one_more_result(platform)
    monkeypatch.setattr(client.app.starlette.state.live_fetches, "refresh", 0.0)
    second = wait_ready(client, event_id, 2)  # the state's own request fetched the link again
    assert second["answers"] == {"draw": "ready", "odds": "ready"} and "round 10: results 2 of 6 in" in second["progress"]
    assert client.get("/api/status").json()["jobs"]["by_command"]["draw"] == 2


def test_a_linked_event_in_progress_is_followed_without_any_request(platform, tmp_path):
    """Nobody asks: the server fetches the link again every --live-refresh seconds by itself and
    stores (and answers) the new result."""
    import time
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    app = create_app(ServerConfig(data_dir=str(tmp_path / "data"), warm=False, processes=False, live_refresh=1))
    with TestClient(app) as c:
        made = c.post("/live/publish", data={"url": LICHESS_LIVE, "top": "4"})
        event_id = re.search(r'id="event-link">([^<]+)<', made.text).group(1).rsplit("/", 1)[-1]
        store, service = c.app.service.store, c.app.service
        one_more_result(platform)
        deadline = time.monotonic() + 60
        while store.version(event_id) != 2 and time.monotonic() < deadline:
            time.sleep(0.2)  # no HTTP request: only the follower can fetch
        assert store.version(event_id) == 2
        while time.monotonic() < deadline and service.prepared[event_id].ended != {"draw", "odds"}:
            time.sleep(0.2)
        assert service.prepared[event_id].version == 2 and service.prepared[event_id].ended == {"draw", "odds"}
        assert not service.prepared[event_id].failed
