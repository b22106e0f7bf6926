"""Fuzzing the server's endpoints (hypothesis): whatever the body, query, path or form, the answer
is a status the API documents with a one-line JSON error or an HTML page; never a 500, never a
traceback.  Bodies are mutated real files (tests/data) and random bytes; queries mix the real
option names with random ones and random values.

Examples per test: ``DRAWSAFE_FUZZ_EXAMPLES`` (default 60, derandomized for CI).
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from server_helpers import hostile_event, sample_bytes

from drawsafe.app.options import fields
from drawsafe.app.registry import served_requests
from drawsafe.server import ServerConfig, create_app

DATA = Path(__file__).resolve().parents[1] / "data"
SOURCES = [p.read_bytes() for p in sorted(DATA.glob("*.json"))[:2]] + [hostile_event()]
EXAMPLES = int(os.environ.get("DRAWSAFE_FUZZ_EXAMPLES", "60"))
ALLOWED = {200, 201, 400, 403, 404, 405, 413, 422, 503}
NAMES = sorted({o.name for kind in served_requests().values() for o in fields(kind)}) + ["bogus", "filename", ""]
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    config = ServerConfig(data_dir=str(tmp_path_factory.mktemp("fuzz")), warm=False, max_sims=3000,
                          job_time=30, max_body=200_000, max_players=500)
    with TestClient(create_app(config), raise_server_exceptions=False) as c:
        yield c


@st.composite
def mutated(draw) -> bytes:
    raw = bytearray(draw(st.sampled_from(SOURCES)))
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(0, max(0, len(raw) - 1)))
        op = draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
        if op == "flip" and raw:
            raw[i] = draw(st.integers(0, 255))
        elif op == "insert":
            raw[i:i] = draw(st.binary(min_size=1, max_size=8))
        elif op == "delete":
            del raw[i:i + draw(st.integers(1, 50))]
        else:
            del raw[i:]
    return bytes(raw)


bodies = st.one_of(mutated(), st.binary(max_size=300), st.text(max_size=300).map(str.encode))
values = st.one_of(st.sampled_from(["", "0", "1", "-1", "8", "0.5", "1e9", "nan", "inf", "true", "rational",
                                    "standings", "coin", "mtg", "dutch", "json", "csv", "<script>", "%00",
                                    "9:2", "15:1", "auto", ":3", "2:"]),
                   st.text(max_size=12))
queries = st.dictionaries(st.sampled_from(NAMES), values, max_size=4)


def check(r) -> None:
    assert r.status_code in ALLOWED, (r.status_code, r.text[:300])
    assert "Traceback" not in r.text
    if r.headers.get("content-type", "").startswith("application/json") and r.status_code >= 400:
        assert isinstance(r.json()["error"], str) and "\n" not in r.json()["error"]


@FUZZ
@given(body=bodies, command=st.sampled_from(["standings", "pairings"]), query=queries)
def test_cheap_commands_never_fail(client, body, command, query):
    check(client.post(f"/api/{command}", params=query, content=body))


@FUZZ
@given(body=mutated(), query=queries)
def test_draw_never_fails(client, body, query):
    query = dict(query)
    query.setdefault("sims", "300")
    check(client.post("/api/draw", params=query, content=body))


@FUZZ
@given(day2=values, day2_top=st.one_of(st.none(), values), after_round=st.sampled_from(["2", "3", "6", "7"]))
def test_day2_never_fails(client, day2, day2_top, after_round):
    """A valid event and any --day2 / --day2-top: an answer or a one-line refusal."""
    query = {"day2": day2, "after_round": after_round, "sims": "200"}
    if day2_top is not None:
        query["day2_top"] = day2_top
    check(client.post("/api/odds", params=query, content=sample_bytes()))


@FUZZ
@given(path=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789/._-%<>", max_size=30),
       method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
def test_any_path_never_fails(client, path, method):
    check(client.request(method, "/" + path, content=b"x"))
    check(client.request(method, "/api/events/" + path, content=sample_bytes()[:100]))


@FUZZ
@given(text=st.text(max_size=200), top=values, rules=values, name=st.text(max_size=20))
def test_forms_never_fail(client, text, top, rules, name):
    check(client.post("/publish", data={"text": text, "top": top, "rules": rules}))
    check(client.post("/analyse", data={"text": text, "top": top, "rules": rules, "name": name}))


@pytest.fixture(scope="module")
def event_id(client):
    r = client.post("/api/events", content=hostile_event())
    assert r.status_code == 201
    return r.json()["id"]


@FUZZ
@given(view=st.sampled_from(["draw", "standings", "pairings", "odds"]), query=queries, name=st.text(max_size=30))
def test_published_event_never_fails(client, event_id, view, query, name):
    query = dict(query)
    query.setdefault("sims", "300")
    check(client.get(f"/api/events/{event_id}/{view}", params=query))
    check(client.get(f"/e/{event_id}", params={"name": name}))
    page = client.get(f"/e/{event_id}/{view}", params=query)
    check(page)
    assert "<script>alert" not in page.text


@FUZZ
@given(event=st.one_of(st.text(max_size=60), st.sampled_from(["", ".", "..", "%00", "a" * 41])),
       query=queries, method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
def test_event_state_never_fails(client, event_id, event, query, method):
    """``/api/events/ID/state`` (the pages poll it): any id, query or method is an answer, a 404 or
    a 405; the published event's state is JSON with its version and answers."""
    from urllib.parse import quote

    r = client.request(method, f"/api/events/{quote(event, safe='')}/state", params=query)
    check(r)
    assert r.status_code in (200, 404, 405)
    mine = client.get(f"/api/events/{event_id}/state", params=query)
    check(mine)
    assert mine.status_code == 200 and mine.json()["version"] == 1 and set(mine.json()["answers"]) <= {"draw", "odds"}


def test_no_unexpected_library_errors(client):
    """Run last in this module: every failure above was one the library reports on purpose."""
    assert client.app.service.unexpected == 0
