"""The server in-process (Starlette's test client): every endpoint and error code, the same JSON as
the command line, hostile names, edit tokens, persistence and atomic updates."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import warnings

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from conftest import DATA
from server_helpers import HOSTILE, hostile_event, sample_bytes

from drawsafe.cli.main import main
from drawsafe.server import ServerConfig, create_app
from drawsafe.server.store import EventStore

SIMS = "1500"


def make_client(tmp, **config) -> TestClient:
    return TestClient(create_app(ServerConfig(data_dir=str(tmp), warm=False, **config)),
                      raise_server_exceptions=False)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with make_client(tmp_path_factory.mktemp("serve")) as c:
        yield c


@pytest.fixture(scope="module")
def published(client):
    r = client.post("/api/events?top=8", content=sample_bytes(), headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    return r.json()


MELEE_FILE = DATA / "mont-weekly-legacy-368680-2025-10-02.json"


def cli_json(tmp_path, *args, raw=None):
    path = tmp_path / "event.json"
    path.write_bytes(raw or sample_bytes())
    result = CliRunner().invoke(main, [*args, str(path), "--json"])
    assert result.exit_code == 0, result.output
    cli_json.text = result.stdout
    return json.loads(result.stdout)


def test_healthz(client):
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["status"] == "ok"


def test_the_server_listens_while_it_warms(tmp_path, monkeypatch):
    """Pages answer at once; the warm-up runs first in the simulations' lane and a simulation waits
    for it (on the lanes' threads here: the warm-up monkeypatched; the real server's workers warm
    themselves, tests/server/test_server_jam.py)."""
    import time

    from drawsafe.server import app as server_app

    release, order = threading.Event(), []

    def slow_warm():
        release.wait(30)
        order.append("warm")
        return "2 threads"

    monkeypatch.setattr(server_app, "warm", slow_warm)
    config = ServerConfig(data_dir=str(tmp_path), warm=True, processes=False)
    with TestClient(create_app(config), raise_server_exceptions=False) as c:
        assert c.get("/healthz").json()["kernels"] == "warming"
        assert c.get("/").status_code == 200
        assert c.post("/api/standings", content=sample_bytes()).status_code == 200  # not behind it
        asked = threading.Thread(target=lambda: order.append(
            c.post(f"/api/odds?sims={SIMS}", content=sample_bytes()).status_code))
        asked.start()
        time.sleep(0.3)
        assert order == []  # the question waits behind the warm-up
        release.set()
        asked.join(60)
        assert order == ["warm", 200]
        state = c.get("/healthz").json()
        assert state["kernels"] == "warm" and state["threading_layer"] == "2 threads"


@pytest.mark.parametrize("command, query, args", [
    ("standings", "", ["standings"]),
    ("pairings", "", ["pairings"]),
    ("odds", f"sims={SIMS}&seed=3", ["odds", "--sims", SIMS, "--seed", "3"]),
    ("draw", f"sims={SIMS}&top=4&others=locked", ["draw", "--sims", SIMS, "--top", "4", "--others", "locked"]),
    ("draw", "sims=400&after_round=5", ["draw", "--sims", "400", "--after-round", "5"]),
    ("draw", f"sims={SIMS}&top=4&fixed=2:B,3:draw", ["draw", "--sims", SIMS, "--top", "4", "--if", "2:B", "--if",
                                                     "3:draw"]),
    ("odds", f"sims={SIMS}&fixed=2:A", ["odds", "--sims", SIMS, "--if", "2:A"]),
])
def test_api_gives_the_cli_json(client, tmp_path, command, query, args):
    r = client.post(f"/api/{command}?{query}", content=sample_bytes())
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/json")
    assert r.json() == cli_json(tmp_path, *args)
    assert r.text == cli_json.text  # the very same bytes


def test_api_gives_the_cli_check(client, tmp_path):
    raw = MELEE_FILE.read_bytes()
    r = client.post("/api/standings?check=1", content=raw)
    assert r.status_code == 200, r.text
    assert r.json() == cli_json(tmp_path, "standings", "--check", raw=raw)
    assert r.json()["compared"] > 0


def test_multipart_upload_and_published_event_give_the_same_answer(client, published):
    by_body = client.post(f"/api/draw?sims={SIMS}", content=sample_bytes()).json()
    # what curl --data-binary @event.json sends
    as_curl = client.post(f"/api/draw?sims={SIMS}", content=sample_bytes(),
                          headers={"content-type": "application/x-www-form-urlencoded"})
    assert as_curl.status_code == 200 and as_curl.json() == by_body
    by_form = client.post(f"/api/draw?sims={SIMS}", files={"file": ("ev.json", sample_bytes())})
    assert by_form.status_code == 200 and by_form.json() == by_body
    stored = client.get(f"/api/events/{published['id']}/draw?sims={SIMS}")
    assert stored.status_code == 200 and stored.json() == by_body


def test_report_is_html(client, published):
    r = client.get(f"/api/events/{published['id']}/report?sims=1000")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/html")
    assert "<html" in r.text and "Draw or play" in r.text
    assert "unsafe-inline" in r.headers["content-security-policy"]
    assert "http" not in r.headers["content-security-policy"]


def test_post_report(client):
    r = client.post("/api/report?sims=1000&player=Nitrus", files={"file": ("s.json", sample_bytes())})
    assert r.status_code == 200 and "Nitrus" in r.text and r.headers["content-type"].startswith("text/html")
    assert client.post("/api/report?player=Nobody", content=sample_bytes()).status_code == 422


def test_bad_file_is_400_with_the_cli_message(client, tmp_path):
    bad = b"round,player_a,player_b,a_wins,b_wins,draws\n1,Alice,Bob,2,1,0\n1,Alice,Carol,2,0,0\n"
    r = client.post("/api/standings?filename=bad.csv", content=bad)
    assert r.status_code == 400
    message = r.json()["error"]
    (tmp_path / "bad.csv").write_bytes(bad)
    with CliRunner().isolated_filesystem(temp_dir=tmp_path):
        Path("bad.csv").write_bytes(bad)
        cli = CliRunner().invoke(main, ["standings", "bad.csv"])
    assert cli.exit_code == 2
    assert cli.stderr.strip() == f"drawsafe: error: {message}"
    assert "Traceback" not in r.text


@pytest.mark.parametrize("query, words", [
    ("sims=abc", "not a valid int"), ("top=0", "not a valid cut size"), ("cut_points=-1", "range"), ("others=maybe", "not one of"),
    ("bogus=1", "unknown option"), ("after_round=99", "after"), ("rules=nope", "nope"),
    ("precision=nan", "finite"), ("sims=999999999", "range"),
    ("fixed=2:Bogus", "'Bogus' is no result"), ("fixed=99:A", "no table 99"), ("fixed=2:A,2:B", "given twice"),
])
def test_bad_options_are_422(client, query, words):
    r = client.post(f"/api/draw?{query}", content=sample_bytes())
    assert r.status_code == 422, r.text
    assert words in r.json()["error"]


def test_day2_through_the_api_is_the_cli_answer(client, tmp_path):
    """``?day2=`` is the command line's ``--day2``: the same figures; a spec it cannot read is 422 (a bad option)
    with the command line's words."""
    query = "after_round=3&day2=15:2&top=8&sims=600&seed=3&others=none"
    r = client.post(f"/api/odds?{query}", content=sample_bytes())
    assert r.status_code == 200, r.text
    cli = cli_json(tmp_path, "odds", "--after-round", "3", "--day2", "15:2", "--top", "8",
                   "--sims", "600", "--seed", "3", "--others", "none")
    assert [p["p_cut"] for p in r.json()["players"]] == [p["p_cut"] for p in cli["players"]]
    bad = client.post("/api/odds?after_round=3&day2=15:x", content=sample_bytes())
    assert bad.status_code == 422 and "use POINTS:ROUNDS" in bad.json()["error"]  # as every bad option


def test_empty_body_is_400(client):
    r = client.post("/api/draw", content=b"")
    assert r.status_code == 400 and "no event file" in r.json()["error"]


def test_unknown_event_and_command_are_404(client, published):
    assert client.get("/api/events/nope").status_code == 404
    assert client.get("/api/events/nope/draw").status_code == 404
    assert client.post("/api/frobnicate", content=b"x").status_code == 404
    assert client.get(f"/api/events/{published['id']}/frobnicate").status_code == 404
    assert client.get("/e/nope").status_code == 404


def test_limits_413(tmp_path):
    with make_client(tmp_path, max_body=2048, max_players=10) as c:
        big = c.post("/api/standings", content=b"x" * 5000)
        assert big.status_code == 413 and "limit" in big.json()["error"]
        chunks = c.post("/api/standings", content=iter([b"x" * 1000] * 5))  # no Content-Length
        assert chunks.status_code == 413 and "limit" in chunks.json()["error"]
        form = c.post("/api/standings", files={"file": ("big.json", b"x" * 5000)})
        assert form.status_code == 413
    with make_client(tmp_path / "b", max_players=10) as c:
        r = c.post("/api/standings", content=hostile_event(players=12))
        assert r.status_code == 413 and "12 players" in r.json()["error"]


def test_full_queue_is_503_with_retry_after(tmp_path):
    with make_client(tmp_path, max_queue=1) as c:
        jobs = c.app.service.jobs
        release = threading.Event()
        blocker = jobs.future("block", lambda progress: release.wait(30))
        while jobs.running is None or jobs.running.key != "block":
            threading.Event().wait(0.01)
        waiting = jobs.future("wait", lambda progress: None)
        try:
            r = c.post(f"/api/draw?sims={SIMS}", content=sample_bytes())
            assert r.status_code == 503
            assert int(r.headers["retry-after"]) >= 1
            assert "busy" in r.json()["error"]
        finally:
            release.set()
        blocker.result(30), waiting.result(30)
        assert c.post(f"/api/draw?sims={SIMS}", content=sample_bytes()).status_code == 200


def test_job_time_limit_is_503(tmp_path):
    with make_client(tmp_path, job_time=1e-9) as c:
        r = c.post("/api/odds?precision=0.001", content=sample_bytes())
        assert r.status_code == 503 and "limit" in r.json()["error"]
        assert c.get("/healthz").json()["status"] == "ok"


def test_identical_requests_run_once(tmp_path):
    with make_client(tmp_path) as c:
        import concurrent.futures

        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(lambda _: c.post(f"/api/odds?sims={SIMS}", content=sample_bytes()),
                                    range(6)))
        assert {r.status_code for r in answers} == {200}
        assert len({r.text for r in answers}) == 1
        jobs = c.get("/api/status").json()["jobs"]
        assert jobs["by_command"]["odds"] == 1 and jobs["by_command"]["check"] == 1
        assert jobs["cached"] + jobs["joined"] == 10  # five of the options' check, five of the odds


def test_hostile_names_are_escaped(client):
    raw = hostile_event()
    r = client.post("/api/events", content=raw)
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    standings = client.get(f"/api/events/{event_id}/standings").json()
    assert {row["player"] for row in standings} >= set(HOSTILE)
    pages = [client.get(f"/e/{event_id}/{v}") for v in ("standings", "pairings", "draw")]
    pages.append(client.get(f"/e/{event_id}", params={"name": HOSTILE[0]}))
    pages.append(client.get(f"/e/{event_id}", params={"name": "<script>"}))
    for page in pages:
        assert page.status_code == 200, page.text
        assert "<script>alert" not in page.text and "<img src=x" not in page.text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
        assert page.headers["x-content-type-options"] == "nosniff"
        csp = page.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "http" not in csp
    assert "{{ 7*7 }}" in pages[0].text  # shown as typed, never evaluated as a template
    # the card of the hostile player: the verdict or the reason the table is left out
    assert 'id="verdict"' in pages[3].text


def test_wrong_edit_token_is_403_and_right_one_replaces(client):
    r = client.post("/api/events?top=4", content=hostile_event(seed=5))
    event_id, token = r.json()["id"], r.json()["edit_token"]
    new = hostile_event(seed=6)
    assert client.put(f"/api/events/{event_id}", content=new).status_code == 403
    assert client.put(f"/api/events/{event_id}", content=new,
                      headers={"Authorization": "Bearer wrong"}).status_code == 403
    assert client.put(f"/api/events/{event_id}?token={token[:-1]}", content=new).status_code == 403
    ok = client.put(f"/api/events/{event_id}", content=new, headers={"Authorization": f"Bearer {token}"})
    assert ok.status_code == 200 and ok.json()["version"] == 2 and ok.json()["id"] == event_id
    meta = client.get(f"/api/events/{event_id}").json()
    assert meta["version"] == 2 and meta["options"]["top"] == 4  # the publisher's Top N is kept
    # a bad new file is refused and the stored one stays
    bad = client.put(f"/api/events/{event_id}", content=b"{", headers={"Authorization": f"Bearer {token}"})
    assert bad.status_code == 400
    assert client.get(f"/api/events/{event_id}").json()["version"] == 2


def test_a_published_event_keeps_its_day2_cut(client, tmp_path):
    """A regional's scorekeeper publishes day 1 with the day-2 cut (or the final cut through day 2):
    every question on the event answers for it, and its page says which."""
    r = client.post("/api/events?after_round=3&cut_points=15", content=sample_bytes())
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    assert client.get(f"/api/events/{event_id}").json()["options"]["cut_points"] == 15
    odds = client.get(f"/api/events/{event_id}/odds?sims=600&seed=3&others=none").json()
    cli = cli_json(tmp_path, "odds", "--after-round", "3", "--cut-points", "15", "--sims", "600", "--seed", "3",
                   "--others", "none")
    assert odds["cut_points"] == 15 and [p["p_cut"] for p in odds["players"]] == [p["p_cut"] for p in cli["players"]]
    through = client.post("/api/events?after_round=3&day2=15:2&top=8", content=sample_bytes()).json()["id"]
    page = client.get(f"/e/{through}")
    assert page.status_code == 200 and "Top 8 through day 2 (15:2)" in page.text
    final = client.get(f"/api/events/{through}/odds?sims=600&seed=3&others=none").json()
    assert final["top"] == 8 and final["cut_points"] is None
    assert client.post("/api/events?day2=15:x", content=sample_bytes()).status_code == 422


def test_tokens_are_stored_hashed(tmp_path):
    with make_client(tmp_path) as c:
        token = c.post("/api/events", content=sample_bytes()).json()["edit_token"]
    db = sqlite3.connect(tmp_path / "events.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    stored = db.execute("SELECT token_hash FROM events").fetchone()[0]
    assert token not in stored and len(stored) == 64


def test_published_event_survives_a_restart(tmp_path):
    with make_client(tmp_path) as c:
        event_id = c.post("/api/events?top=4", content=sample_bytes()).json()["id"]
        before = c.get(f"/api/events/{event_id}/standings").json()
    with make_client(tmp_path) as c:
        meta = c.get(f"/api/events/{event_id}").json()
        assert meta["options"]["top"] == 4
        assert c.get(f"/api/events/{event_id}/standings").json() == before
        assert c.get(f"/e/{event_id}").status_code == 200


def test_failed_update_keeps_the_previous_version(tmp_path, monkeypatch):
    store = EventStore(str(tmp_path))
    event_id, _ = store.publish("a.json", b"version 1", {"top": 8}, "A")
    real = store._db

    class Dying:  # the connection dies after the UPDATE, before the commit
        def __init__(self, db):
            self.db = db

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.db.rollback()
            return False

        def execute(self, sql, args=()):
            self.db.execute(sql, args)
            if sql.startswith("UPDATE"):
                raise KeyboardInterrupt("killed")

    monkeypatch.setattr(store, "_db", lambda: Dying(real()))
    with pytest.raises(KeyboardInterrupt):
        store.replace(event_id, "b.json", b"version 2", {"top": 8}, "B")
    monkeypatch.setattr(store, "_db", real)
    again = EventStore(str(tmp_path))
    assert again.get(event_id).content == b"version 1" and again.get(event_id).version == 1


def test_events_expire(tmp_path):
    store = EventStore(str(tmp_path), ttl=-1)
    event_id, token = store.publish("a.json", b"x", {}, "A")
    assert store.get(event_id) is None and not store.check_token(event_id, token)
    assert store.purge() == 1


def test_pages(client):
    home = client.get("/")
    assert home.status_code == 200 and 'action="/publish"' in home.text
    assert "<script src=\"/static/progress.js\"" in home.text
    assert client.get("/static/app.css").status_code == 200
    assert client.get("/sample.json").content == sample_bytes()
    r = client.post("/publish", files={"file": ("sample.json", sample_bytes())}, data={"top": "8"})
    assert r.status_code == 201 and "<svg" in r.text and "edit?token=" in r.text
    event_link = r.text.split('id="event-link">')[1].split("<")[0]
    edit_link = r.text.split('id="edit-link" class="url">')[1].split("<")[0]
    page = client.get(event_link, params={"name": "radchenko"})
    assert page.status_code == 200 and 'id="verdict"' in page.text and "Fedor Radchenko" in page.text
    assert client.get(event_link, params={"name": "fedorr"}).text.count("did you mean") == 1
    assert client.get(edit_link).status_code == 200
    assert client.get(edit_link[:-2] + "xx").status_code == 403
    private = client.post("/analyse", files={"file": ("s.json", sample_bytes())}, data={"name": "nitrus"})
    assert private.status_code == 200 and "Nitrus" in private.text and 'id="verdict"' in private.text


def test_the_publish_form_takes_the_day2_cut(client):
    r = client.post("/publish", files={"file": ("sample.json", sample_bytes())},
                    data={"top": "8", "after_round": "3", "day2": "15:2"})
    assert r.status_code == 201, r.text
    event_link = r.text.split('id="event-link">')[1].split("<")[0]
    assert "Top 8 through day 2 (15:2)" in client.get(event_link).text
    points = client.post("/publish", files={"file": ("sample.json", sample_bytes())},
                         data={"top": "8", "after_round": "3", "cut_points": "15"})
    assert "15+ points" in client.get(points.text.split('id="event-link">')[1].split("<")[0]).text
    private = client.post("/analyse", files={"file": ("s.json", sample_bytes())},
                          data={"after_round": "3", "day2": "15:x"})
    assert private.status_code == 422 and "use POINTS:ROUNDS" in private.text


def test_edit_form_replaces_the_file(client):
    r = client.post("/api/events", content=hostile_event(seed=7)).json()
    event_id, token = r["id"], r["edit_token"]
    new = hostile_event(seed=8, played=2)
    wrong = client.post(f"/e/{event_id}/edit", files={"file": ("new.json", new)}, data={"token": "nope"})
    assert wrong.status_code == 403 and client.get(f"/api/events/{event_id}").json()["version"] == 1
    bad = client.post(f"/e/{event_id}/edit", data={"token": token, "text": "{oops"})
    assert bad.status_code == 400 and "{oops" in bad.text
    ok = client.post(f"/e/{event_id}/edit", files={"file": ("new.json", new)}, data={"token": token})
    assert ok.status_code == 200 and f"/e/{event_id}" in ok.text
    meta = client.get(f"/api/events/{event_id}").json()
    assert meta["version"] == 2
    assert "round 3 of 4 about to be played" in client.get(f"/e/{event_id}").text


def test_standings_page_checks_published_standings(client):
    event_id = client.post("/api/events", content=MELEE_FILE.read_bytes()).json()["id"]
    check = client.get(f"/api/events/{event_id}/standings?check=true").json()
    page = client.get(f"/e/{event_id}/standings")
    assert page.status_code == 200
    assert f"Published standings: {check['agreed']} of {check['compared']} players agree" in page.text


def test_page_error_keeps_the_upload(client):
    r = client.post("/publish", data={"text": "round,player_a\n1,Alice\n1,Alice\n", "top": "8"})
    assert r.status_code == 400
    assert 'class="error"' in r.text and "pasted text" in r.text
    assert "1,Alice" in r.text  # the pasted text is back in the form


def test_openapi_lists_every_endpoint(client):
    doc = client.get("/api/openapi.json").json()
    assert "/api/draw" in doc["paths"] and "/api/events/{id}/draw" in doc["paths"]
    names = {p["name"] for p in doc["paths"]["/api/draw"]["post"]["parameters"]}
    assert {"after_round", "top", "sims", "seed", "others", "player"} <= names
