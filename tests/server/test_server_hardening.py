"""The server holds the room (issue 40), in-process: each finding reproduced as a test.

- links never follow the request's Host header (finding 7);
- storage faults answered as what they are: 507, counted, logged, nothing half-written (finding 6);
- every size a request can ask for capped (finding 2);
- memory bounded by bytes: answers, parsed events, queued bodies (finding 1);
- light questions never wait behind heavy ones (finding 3).
"""

from __future__ import annotations

import re
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from server_helpers import sample_bytes

from drawsafe.server import ServerConfig, create_app


def make_client(tmp, **config) -> TestClient:
    config.setdefault("processes", False)
    return TestClient(create_app(ServerConfig(data_dir=str(tmp), warm=False, **config)),
                      raise_server_exceptions=False)


# --- finding 7: links


def test_published_links_never_follow_the_host_header(tmp_path):
    with make_client(tmp_path) as c:
        evil = {"host": "evil.example:666"}
        r = c.post("/api/events", content=sample_bytes(), headers=evil)
        assert r.status_code == 201
        assert r.json()["url"].startswith("http://testserver/e/"), r.json()["url"]
        page = c.post("/publish", files={"file": ("e.json", sample_bytes())}, headers=evil)
        assert page.status_code == 201
        assert "evil.example" not in page.text
        links = re.findall(r"https?://[^\"'<\s]+/e/[A-Za-z0-9_-]+", page.text)
        assert links and all(u.startswith("http://testserver/e/") for u in links)
        event_id = r.json()["id"]
        assert "evil.example" not in c.get(f"/e/{event_id}", headers=evil).text


def test_published_links_use_the_public_url(tmp_path):
    with make_client(tmp_path, public_url="http://192.168.1.20:8000/") as c:
        r = c.post("/api/events", content=sample_bytes(), headers={"host": "evil.example"})
        assert r.json()["url"].startswith("http://192.168.1.20:8000/e/")


# --- finding 6: storage faults


def full_database(store, pages: int):
    """The events database limited to ``pages`` pages: SQLite answers SQLITE_FULL ("database or
    disk is full"), exactly as on a full disk."""
    import sqlite3

    opened = store._db

    def limited() -> sqlite3.Connection:
        db = opened()
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    store._db = limited


def test_a_full_disk_is_507_counted_logged_and_nothing_half_written(tmp_path, caplog):
    from server_helpers import hostile_event

    with make_client(tmp_path) as c:
        first = c.post("/api/events", content=hostile_event()).json()
        store = c.app.service.store
        count = store.count()
        pages = store._db().execute("PRAGMA page_count").fetchone()[0]
        full_database(store, pages)
        big = sample_bytes() * 1  # larger than the free pages
        r = c.post("/api/events", content=big)
        assert r.status_code == 507, r.text
        assert r.json()["error"].startswith("the server's disk is full: could not publish the event; nothing")
        assert "\n" not in r.json()["error"]
        assert store.count() == count
        update = c.put(f"/api/events/{first['id']}", content=big,
                       headers={"authorization": f"Bearer {first['edit_token']}"})
        assert update.status_code == 507
        assert c.get(f"/api/events/{first['id']}").json()["version"] == 1  # the old version, whole
        assert c.get(f"/api/events/{first['id']}/standings").status_code == 200
        page = c.post("/publish", files={"file": ("e.json", big)})
        assert page.status_code == 507 and "disk is full" in page.text
        status = c.get("/api/status").json()
        assert status["storage_errors"] == 3 and status["unexpected_errors"] == 3
    assert any("could not publish the event" in m for m in caplog.messages)


# --- finding 2: every size a request can ask for is capped


CAPPED = [  # (query of GET /api/field, words of the 422 line); the same on the command line (exit 2)
    ("players=999999999", "players: 999999999 is not in the range 2<=x<=20000"),
    ("players=100&rounds=500", "rounds: 500 is not in the range 1<=x<=99"),
    ("players=100&sims=999999999", "sims: 999999999 is not in the range 1<=x<=2000000"),
    ("players=100&max_sims=999999999", "max_sims: 999999999 is not in the range 1<=x<=2000000"),
    ("players=100&top=999999", "--top 999999: the event has 100 players"),
    ("players=100&day2=3:500&rounds=5", "day 2 can have at most 99 rounds"),
    ("players=100&day2=3:99999999999999999999&rounds=5", "--day2 '3:99999999999999999999': use POINTS:ROUNDS"),
    ("players=100&day2=5&day2_top=99999999", "day2_top: 99999999 is not in the range 2<=x<=20000"),
]


@pytest.mark.parametrize("query, words", CAPPED)
def test_field_sizes_are_capped_on_the_api_and_the_command_line(tmp_path, query, words):
    from click.testing import CliRunner

    from drawsafe.cli.main import main

    with make_client(tmp_path) as c:
        r = c.get(f"/api/field?{query}")
        assert r.status_code == 422, r.text
        assert words in r.json()["error"] and "\n" not in r.json()["error"]
        assert c.get("/api/status").json()["jobs"]["ran"] == 0  # refused before any work
    args = ["field"]
    for pair in query.split("&"):
        name, value = pair.split("=")
        args += ["--" + name.replace("_", "-"), value]
    cli = CliRunner().invoke(main, args)
    assert cli.exit_code == 2 and "Traceback" not in cli.output
    assert words.split(": ", 1)[-1] in cli.stderr.replace("'--", "--").replace("Invalid value for ", ""), cli.stderr


def test_the_server_lowers_the_caps_to_its_own_limits(tmp_path):
    with make_client(tmp_path, max_players=500, max_sims=5000) as c:
        assert c.get("/api/field?players=600").json()["error"] == "players: at most 500 players on this server"
        assert "at most 5,000" in c.get("/api/field?players=100&sims=6000").json()["error"]
        r = c.post("/api/draw?top=600", content=sample_bytes())
        assert r.status_code == 422 and r.json()["error"].startswith("--top 600: the event has 81 players")
        form = c.post("/publish", files={"file": ("e.json", sample_bytes())}, data={"top": "999999999"})
        assert form.status_code == 422 and "--top 999999999: the event has 81 players" in form.text
        form = c.post("/publish", files={"file": ("e.json", sample_bytes())}, data={"rounds": "500"})
        assert form.status_code == 422 and "--rounds 500: 81 players can play at most 81 Swiss rounds" in form.text


# --- finding 1: memory bounded by bytes


def test_the_answer_cache_is_bounded_by_bytes(tmp_path):
    from server_helpers import hostile_event

    raw = hostile_event(players=60)
    with make_client(tmp_path, cache_mb=0.1) as c:  # 104,857 bytes
        for seed in range(12):
            assert c.post(f"/api/standings?seed={seed}", content=raw).status_code == 200
        memory = c.get("/api/status").json()["memory"]
        assert memory["cache_bound"] == 104_857
        assert 0 < memory["cache_bytes"] <= memory["cache_bound"]
        assert memory["cached_answers"] < 12  # the oldest went first
        jobs = c.app.service.jobs
        assert jobs.cached_bytes == sum(jobs._sizes.values())


def test_an_answer_larger_than_the_bound_is_not_kept(tmp_path):
    with make_client(tmp_path, cache_mb=0.001) as c:
        assert c.post("/api/standings", content=sample_bytes()).status_code == 200
        assert c.get("/api/status").json()["memory"]["cached_answers"] == 0


def size_of(raw: bytes, progress=None) -> int:
    return len(raw)


def test_the_waiting_bodies_are_bounded_by_bytes(tmp_path):
    import threading

    from drawsafe.server.jobs import QueueFull, Task

    with make_client(tmp_path, queue_mb=1) as c:
        jobs = c.app.service.jobs
        release = threading.Event()
        blocker = jobs.future("block", lambda progress: release.wait(30))
        body = b"x" * 700_000
        try:
            first = jobs.future("a", Task(size_of, (body,)))
            with pytest.raises(QueueFull):
                jobs.future("b", Task(size_of, (body + b"y",)))
            assert c.get("/api/status").json()["memory"]["queued_bytes"] == 700_000
        finally:
            release.set()
        blocker.result(30)
        assert first.result(30) == 700_000
        assert jobs.queued_bytes == 0


# --- finding 3: light questions never starved


def test_option_checks_have_places_of_their_own_behind_the_light_questions(tmp_path):
    import threading

    from drawsafe.server.jobs import QueueFull

    with make_client(tmp_path, max_queue=3) as c:
        jobs = c.app.service.jobs
        release, order = threading.Event(), []
        blocker = jobs.future("block", lambda progress: release.wait(30), lane="light")
        while jobs.lanes["light"].running is None:
            threading.Event().wait(0.01)
        checks = [jobs.future(f"check{i}", lambda progress, i=i: order.append(f"check{i}"), "check", "light", 1)
                  for i in range(3)]
        with pytest.raises(QueueFull):  # the checks' places are full ...
            jobs.future("check3", lambda progress: None, "check", "light", 1)
        light = [jobs.future(f"standings{i}", lambda progress, i=i: order.append(f"standings{i}"), "standings",
                             "light") for i in range(3)]  # ... the questions' are not
        release.set()
        for f in [blocker, *checks, *light]:
            f.result(30)
        assert order == ["standings0", "standings1", "standings2", "check0", "check1", "check2"]


def test_a_full_heavy_lane_refuses_before_queueing_a_check(tmp_path):
    import threading

    with make_client(tmp_path, max_queue=1) as c:
        jobs = c.app.service.jobs
        release = threading.Event()
        blocker = jobs.future("block", lambda progress: release.wait(30))
        while jobs.running is None:
            threading.Event().wait(0.01)
        waiting = jobs.future("wait", lambda progress: None)
        try:
            for sims in range(1000, 1010):  # ten distinct heavy questions
                r = c.post(f"/api/draw?sims={sims}", content=sample_bytes())
                assert r.status_code == 503 and "busy" in r.json()["error"]
            assert "check" not in jobs.stats.by_label  # no check ran for a refused question
            assert c.post("/api/standings", content=sample_bytes()).status_code == 200
        finally:
            release.set()
        blocker.result(30), waiting.result(30)
