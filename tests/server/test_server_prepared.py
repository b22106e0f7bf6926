"""The answer before the question (issue 51, item 2): a posted round's draw and odds answers are
computed when it is posted (publish, replace), not when the first player asks; a player asking
meanwhile waits for that one computation; ``GET /api/events/ID/state`` says where they stand.

Against the HTTP layer (the lanes' threads) and a real ``drawsafe serve`` on a free loopback port.
"""

from __future__ import annotations

import json
import time
import warnings

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from server_helpers import RealServer, sample_bytes

from drawsafe.server import ServerConfig, create_app

#: The sample is cut before its last round, round 7: 24 tables (the others dropped), no result in yet.
TABLES = 24


def with_results(k: int) -> bytes:
    """The sample event with the first ``k`` tables of round 7 reported (the first player wins 2-1)."""
    data = json.loads(sample_bytes())
    tables = [m for m in data["rounds"][6]["matches"] if "b" in m]
    assert len(tables) == TABLES
    for m in tables[:k]:
        m["score"] = [2, 1, 0]
    return json.dumps(data).encode()


def wait_ready(get, event_id: str, version: int, seconds: float = 300.0) -> dict:
    """Poll the event's state until ``version``'s answers are computed (bounded)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = get(f"/api/events/{event_id}/state").json()
        if state["version"] == version and state["ready"]:
            return state
        time.sleep(0.1)
    raise AssertionError(f"version {version} of {event_id} not ready after {seconds} s: {state}")


def jobs(get) -> dict:
    return get("/api/status").json()["jobs"]["by_command"]


def make(tmp_path, **kw) -> TestClient:
    config = ServerConfig(data_dir=str(tmp_path), warm=False, processes=False, **kw)
    return TestClient(create_app(config), raise_server_exceptions=False)


def first_player(c, event_id: str) -> str:
    return c.get(f"/api/events/{event_id}/standings").json()[0]["player"]


def test_publish_computes_the_rounds_answers_and_the_room_reads_them(tmp_path):
    with make(tmp_path) as c:
        made = c.post("/api/events?top=8", content=sample_bytes()).json()
        event_id = made["id"]
        name = first_player(c, event_id)
        # asked at once, while the round's answer is being computed: it waits for that one
        assert 'id="verdict"' in c.get(f"/e/{event_id}", params={"name": name}).text
        state = wait_ready(c.get, event_id, 1)
        assert state["answers"] == {"draw": "ready", "odds": "ready"}
        assert state["round"] == 7 and state["progress"] == "round 7: pairings out, no result in yet"
        assert jobs(c.get)["draw"] == 1 and jobs(c.get)["odds"] == 1
        for view in ("", "/draw", "/odds"):
            page = c.get(f"/e/{event_id}{view}", params={"name": name} if not view else {})
            assert page.status_code == 200
            assert f'data-follow="{event_id}" data-version="1"' in page.text, view
            assert "round 7: pairings out, no result in yet" in page.text
        assert jobs(c.get)["draw"] == 1 and jobs(c.get)["odds"] == 1  # no second computation


def test_a_replace_computes_the_new_version(tmp_path):
    with make(tmp_path) as c:
        made = c.post("/api/events?top=8", content=sample_bytes()).json()
        event_id, token = made["id"], made["edit_token"]
        wait_ready(c.get, event_id, 1)
        put = c.put(f"/api/events/{event_id}", content=with_results(3), headers={"Authorization": f"Bearer {token}"})
        assert put.status_code == 200 and put.json()["version"] == 2
        state = wait_ready(c.get, event_id, 2)
        assert state["progress"] == f"round 7: results 3 of {TABLES} in"
        assert state["answers"] == {"draw": "ready", "odds": "ready"}
        assert jobs(c.get)["draw"] == 2 and jobs(c.get)["odds"] == 2
        card = c.get(f"/e/{event_id}", params={"name": first_player(c, event_id)}).text
        assert 'data-version="2"' in card and f"results 3 of {TABLES} in" in card
        assert jobs(c.get)["draw"] == 2


def test_without_prepare_nothing_is_computed_before_the_question(tmp_path):
    with make(tmp_path, prepare=False) as c:
        event_id = c.post("/api/events?top=8", content=sample_bytes()).json()["id"]
        state = c.get(f"/api/events/{event_id}/state").json()
        assert state["answers"] == {} and state["ready"] and state["version"] == 1
        assert "draw" not in jobs(c.get) and "odds" not in jobs(c.get)


def test_after_a_restart_the_state_prepares_the_latest_version(tmp_path):
    with make(tmp_path, prepare=False) as c:
        event_id = c.post("/api/events?top=8", content=sample_bytes()).json()["id"]
    with make(tmp_path) as c:  # a new server on the same database: nothing computed yet
        first = c.get(f"/api/events/{event_id}/state").json()
        assert set(first["answers"]) == {"draw", "odds"} and first["version"] == 1
        wait_ready(c.get, event_id, 1)
        assert jobs(c.get)["draw"] == 1


def test_a_finished_event_has_nothing_to_compute(tmp_path):
    data = json.loads(with_results(TABLES))
    with make(tmp_path) as c:
        event_id = c.post("/api/events?top=8", content=json.dumps(data).encode()).json()["id"]
        state = c.get(f"/api/events/{event_id}/state").json()
        assert state["answers"] == {} and state["round"] is None
        assert state["progress"] == "all 7 Swiss rounds played"


def test_an_unknown_event_is_404(tmp_path):
    with make(tmp_path) as c:
        r = c.get("/api/events/nope/state")
        assert r.status_code == 404 and "no published event 'nope'" in r.json()["error"]
        assert c.get("/api/events/nope/state", params={"x": "1"}).status_code == 404
        assert c.post("/api/events/nope/state").status_code == 405


def test_a_real_server_answers_before_the_question(tmp_path):
    """The brief's check on a real ``drawsafe serve``: without any request but the state's, the
    round's answers get computed; a card asked then is served from them; a replace with a new
    result computes the new version, and the state says so."""
    server = RealServer(str(tmp_path))
    try:
        import httpx

        with httpx.Client(base_url=server.url, timeout=300) as c:
            made = c.post("/api/events?top=8", content=sample_bytes()).json()
            event_id, token = made["id"], made["edit_token"]
            wait_ready(c.get, event_id, 1)
            assert jobs(c.get)["draw"] == 1
            started = time.monotonic()
            card = c.get(f"/e/{event_id}", params={"name": "Andrey Pchelkin"})
            served = time.monotonic() - started
            assert card.status_code == 200 and 'id="verdict"' in card.text
            assert jobs(c.get)["draw"] == 1 and served < 5.0  # from the prepared answer, not a new run
            put = c.put(f"/api/events/{event_id}", content=with_results(1),
                        headers={"Authorization": f"Bearer {token}"})
            assert put.json()["version"] == 2
            state = wait_ready(c.get, event_id, 2)
            assert state["progress"] == f"round 7: results 1 of {TABLES} in"
            assert jobs(c.get)["draw"] == 2
            assert c.get("/api/status").json()["unexpected_errors"] == 0
    finally:
        server.stop()
