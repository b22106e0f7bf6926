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
        assert form.status_code == 422 and "500 is not in the range 1&lt;=x&lt;=99" in form.text
