"""The attack set (issue 40), kept true: every request a hostile user tried, with the status it
must get and no traceback, no 500, nothing outside the server's folder read or written.  Run
with ``-s`` to print the table of requests and statuses (the issue's closing note lists it)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from server_helpers import sample_bytes

from drawsafe.server import ServerConfig, create_app

NESTED = b"[" * 200_000 + b"]" * 200_000
HUGE_INT = b'{"rounds": [], "swiss_rounds": ' + b"9" * 5000 + b"}"


def attacks(event_id: str, token: str, other_token: str):
    """(name, method, path, keyword arguments, expected statuses)."""
    auth = {"authorization": f"Bearer {token}"}
    return [
        # path traversal
        ("static traversal", "GET", "/static/../../../../etc/passwd", {}, {404}),
        ("static encoded traversal", "GET", "/static/..%2f..%2f..%2fetc%2fpasswd", {}, {404}),
        ("static double-encoded", "GET", "/static/%252e%252e/%252e%252e/etc/passwd", {}, {404}),
        ("event id traversal", "GET", "/e/..%2f..%2fetc%2fpasswd", {}, {404}),
        ("api event id traversal", "GET", "/api/events/..%2f..%2fevents.sqlite3", {}, {404}),
        ("filename traversal", "POST", "/api/standings?filename=../../etc/passwd", {"content": sample_bytes()},
         {200}),
        ("sample with traversal", "GET", "/sample.json/../../etc/passwd", {}, {404}),
        # tokens
        ("no token", "PUT", f"/api/events/{event_id}", {"content": sample_bytes()}, {403}),
        ("wrong token", "PUT", f"/api/events/{event_id}", {"content": sample_bytes(),
                                                          "headers": {"authorization": "Bearer x" * 1}}, {403}),
        ("another event's token", "PUT", f"/api/events/{event_id}",
         {"content": sample_bytes(), "headers": {"authorization": f"Bearer {other_token}"}}, {403}),
        ("empty bearer", "PUT", f"/api/events/{event_id}", {"content": sample_bytes(),
                                                           "headers": {"authorization": "Bearer "}}, {403}),
        ("10 KB token", "PUT", f"/api/events/{event_id}", {"content": sample_bytes(),
                                                          "headers": {"x-edit-token": "a" * 10_000}}, {403}),
        ("token prefix", "PUT", f"/api/events/{event_id}", {"content": sample_bytes(),
                                                           "headers": {"x-edit-token": token[:-1]}}, {403}),
        ("edit page, wrong token", "GET", f"/e/{event_id}/edit?token=nope", {}, {403}),
        ("right token", "PUT", f"/api/events/{event_id}", {"content": sample_bytes(), "headers": auth}, {200}),
        # oversize
        ("body over max_body", "POST", "/api/standings", {"content": b"x" * 70_000}, {413}),
        ("chunked body over max_body", "POST", "/api/standings", {"content": iter([b"x" * 10_000] * 7)}, {413}),
        ("form over max_body", "POST", "/publish", {"files": {"file": ("e.json", b"x" * 70_000)}}, {413}),
        ("200 form fields", "POST", "/publish", {"data": {f"f{i}": "x" for i in range(200)}}, {400}),
        ("long option value", "POST", "/api/draw?rules=" + "a" * 5000, {"content": sample_bytes()}, {422}),
        ("long event id", "GET", "/e/" + "a" * 5000, {}, {404}),
        # nesting and numbers
        ("JSON nested 200,000 deep", "POST", "/api/standings", {"content": NESTED[:60_000]}, {400, 413}),
        ("integer of 5,000 digits", "POST", "/api/standings", {"content": HUGE_INT}, {400}),
        # junk
        ("binary junk", "POST", "/api/standings", {"content": bytes(range(256)) * 20}, {400}),
        ("NUL bytes", "POST", "/api/standings", {"content": b"\x00" * 5000}, {400}),
        ("invalid UTF-8", "POST", "/api/standings", {"content": b'{"name": "\xff\xfe"}'}, {400}),
        ("empty body", "POST", "/api/draw", {"content": b""}, {400}),
        ("unknown command", "POST", "/api/shell", {"content": sample_bytes()}, {404}),
        ("unknown option", "POST", "/api/draw?exec=1", {"content": sample_bytes()}, {422}),
        ("NaN precision", "POST", "/api/draw?precision=nan", {"content": sample_bytes()}, {422}),
        ("script in a name", "GET", f"/e/{event_id}?name=%3Cscript%3Ealert(1)%3C/script%3E", {}, {200}),
        ("ANSI in a query", "GET", "/api/events/%1b%5b2J", {}, {404}),
        ("Host header spoofed", "POST", "/api/events", {"content": sample_bytes(),
                                                        "headers": {"host": "evil.example"}}, {201}),
        # caps
        ("field players=999999999", "GET", "/api/field?players=999999999", {}, {422}),
        ("field rounds=500", "GET", "/api/field?players=100&rounds=500", {}, {422}),
        ("field top=999999", "GET", "/api/field?players=100&top=999999", {}, {422}),
        ("field day2=3:500", "GET", "/api/field?players=100&rounds=5&day2=3:500", {}, {422}),
        ("draw sims=999999999", "POST", "/api/draw?sims=999999999", {"content": sample_bytes()}, {422}),
        ("draw max_sims=999999999", "POST", "/api/draw?max_sims=999999999", {"content": sample_bytes()}, {422}),
        ("draw rounds=500", "POST", "/api/draw?rounds=500", {"content": sample_bytes()}, {422}),
        ("draw top=1000", "POST", "/api/draw?top=1000", {"content": sample_bytes()}, {422}),
        ("draw after_round=99", "POST", "/api/draw?after_round=99", {"content": sample_bytes()}, {422}),
        ("publish top=999999999", "POST", "/api/events?top=999999999", {"content": sample_bytes()}, {422}),
    ]


def test_the_attack_set(tmp_path):
    app = create_app(ServerConfig(data_dir=str(tmp_path / "data"), warm=False, processes=False,
                                  max_body=65_536, max_sims=20_000))
    with TestClient(app, raise_server_exceptions=False) as c:
        first = c.post("/api/events?top=8", content=sample_bytes()).json()
        other = c.post("/api/events?top=8", content=sample_bytes()).json()
        rows = []
        for name, method, path, kwargs, expected in attacks(first["id"], first["edit_token"], other["edit_token"]):
            r = c.request(method, path, **kwargs)
            rows.append((name, method, path[:60], r.status_code))
            assert r.status_code in expected, (name, r.status_code, r.text[:300])
            assert "Traceback" not in r.text and "root:" not in r.text
            if r.headers.get("content-type", "").startswith("application/json") and r.status_code >= 400:
                assert "\n" not in r.json()["error"]
        status = c.get("/api/status").json()
        assert status["unexpected_errors"] == 0
    print("\n| request | method | path | status |\n|---|---|---|---|")
    for name, method, path, code in rows:
        print(f"| {name} | {method} | `{path}` | {code} |")
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["events.sqlite3", "events.sqlite3-shm",
                                                                        "events.sqlite3-wal"]
