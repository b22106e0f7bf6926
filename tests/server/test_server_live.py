"""Against a real ``drawsafe serve`` subprocess on a free 127.0.0.1 port: publish, restart, the
event is still there; kill the server in the middle of an update, the previous version is intact;
a bounded load test (50 clients on one event and 10 different events at once).

Latencies of the load test are printed and written to tmp/artifacts/load-test.json.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import socket
import statistics
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")

from browser_helpers import ARTIFACTS
from server_helpers import RealServer, hostile_event, sample_bytes

from drawsafe import open_event
from drawsafe.server.options import parse_options
from drawsafe.server.questions import answer


@pytest.fixture
def data_dir(tmp_path):
    return str(tmp_path)


def test_publish_restart_still_there(data_dir):
    server = RealServer(data_dir)
    try:
        r = httpx.post(server.url + "/api/events?top=4", content=sample_bytes(), timeout=60)
        assert r.status_code == 201
        event_id = r.json()["id"]
        before = httpx.get(f"{server.url}/api/events/{event_id}/standings", timeout=60).json()
    finally:
        server.stop()
    server = RealServer(data_dir)
    try:
        meta = httpx.get(f"{server.url}/api/events/{event_id}", timeout=60).json()
        assert meta["version"] == 1 and meta["options"]["top"] == 4
        assert httpx.get(f"{server.url}/api/events/{event_id}/standings", timeout=60).json() == before
    finally:
        server.stop()


def test_kill_during_update_keeps_the_previous_version(data_dir):
    server = RealServer(data_dir)
    first, second = hostile_event(seed=1), hostile_event(seed=2)
    try:
        r = httpx.post(server.url + "/api/events", content=first, timeout=60).json()
        event_id, token = r["id"], r["edit_token"]
        before = httpx.get(f"{server.url}/api/events/{event_id}/standings", timeout=60).json()
        # Half an upload, then the server dies (SIGKILL: no clean-up of any kind).
        with socket.create_connection(("127.0.0.1", server.port)) as s:
            s.sendall((f"PUT /api/events/{event_id} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       f"Authorization: Bearer {token}\r\nContent-Length: {len(second)}\r\n\r\n").encode())
            s.sendall(second[: len(second) // 2])
            time.sleep(0.5)
            server.kill()
    finally:
        server.stop()
    server = RealServer(data_dir)
    try:
        meta = httpx.get(f"{server.url}/api/events/{event_id}", timeout=60).json()
        assert meta["version"] == 1
        assert httpx.get(f"{server.url}/api/events/{event_id}/standings", timeout=60).json() == before
        # and the token still works for a complete update
        ok = httpx.put(f"{server.url}/api/events/{event_id}", content=second, timeout=60,
                       headers={"Authorization": f"Bearer {token}"})
        assert ok.status_code == 200 and ok.json()["version"] == 2
    finally:
        server.stop()


def expected_draw(raw: bytes, name: str, query: dict) -> dict:
    o = parse_options("draw", query)
    return answer("draw", open_event(raw, name=name), o).data


def load_test(url: str, clients: int, events: int, sims: int | None) -> dict:
    """``clients`` requests for one published event's draw and one request for each of ``events``
    other events, all at once; every answer checked; one simulation per distinct question (the
    published round's own draw, computed when it was posted, among them)."""
    before = httpx.get(url + "/api/status", timeout=30).json()["jobs"]["by_command"].get("draw", 0)
    published = httpx.post(url + "/api/events", content=sample_bytes(), timeout=120).json()
    others = [hostile_event(players=16 + 2 * k, seed=k) for k in range(events)]

    params = {} if sims is None else {"sims": sims}
    query = {name: str(value) for name, value in params.items()}

    def one(task):
        kind, k = task
        started = time.monotonic()
        with httpx.Client(timeout=600) as c:
            if kind == "same":
                r = c.get(f"{url}/api/events/{published['id']}/draw", params=params)
            else:
                r = c.post(f"{url}/api/draw", params=params | {"filename": f"e{k}.json"}, content=others[k])
        return kind, k, r.status_code, r.text, time.monotonic() - started

    tasks = [("same", i) for i in range(clients)] + [("other", k) for k in range(events)]
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(len(tasks)) as pool:
        results = list(pool.map(one, tasks))
    wall = time.monotonic() - started
    assert all(status == 200 for _, _, status, _, _ in results), [r[:3] for r in results if r[2] != 200]
    same = [json.loads(text) for kind, _, _, text, _ in results if kind == "same"]
    assert all(s == same[0] for s in same)
    assert same[0] == expected_draw(sample_bytes(), "sample-event.json", query)
    for kind, k, _, text, _ in results:
        if kind == "other":
            assert json.loads(text) == expected_draw(others[k], f"e{k}.json", query)
    status = httpx.get(url + "/api/status", timeout=30).json()
    ran = status["jobs"]["by_command"]["draw"] - before
    # one simulation per distinct question: with its own sims, the room's is not the posted round's
    assert ran == 1 + events + (sims is not None), status
    assert httpx.get(url + "/healthz", timeout=30).json()["status"] == "ok"

    def summary(kind):
        times = sorted(t for k, _, _, _, t in results if k == kind)
        return {"n": len(times), "median_s": round(statistics.median(times), 3),
                "p95_s": round(times[max(0, int(0.95 * len(times)) - 1)], 3), "max_s": round(times[-1], 3)}

    figures = {"clients_on_one_event": clients, "other_events": events, "sims": sims,
               "wall_s": round(wall, 2), "simulations_run": ran, "same_event": summary("same"),
               "other_events_latency": summary("other"), "jobs": status["jobs"]}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = f"load-test-{clients}x{events}-sims{sims or 'adaptive'}.json"
    (ARTIFACTS / name).write_text(json.dumps(figures, indent=1))
    print(json.dumps(figures, indent=1))
    return figures


def test_load_50_clients_and_10_events(data_dir):
    server = RealServer(data_dir, "--queue", "32")
    try:
        load_test(server.url, clients=50, events=10, sims=1000)
    finally:
        server.stop()


@pytest.mark.slow
def test_load_default_precision(data_dir):
    """As a real event asks: 50 clients on one event and 10 others, the page's default options
    (simulations adapt to +/-0.005)."""
    server = RealServer(data_dir, "--queue", "32")
    try:
        load_test(server.url, clients=50, events=10, sims=None)
    finally:
        server.stop()


@pytest.mark.slow
def test_load_heavier(data_dir):
    """200 clients on one event and 10 other events, default precision (adaptive simulations)."""
    server = RealServer(data_dir, "--queue", "32")
    try:
        load_test(server.url, clients=200, events=10, sims=20_000)
    finally:
        server.stop()


def test_server_refuses_when_the_queue_is_full(data_dir):
    server = RealServer(data_dir, "--queue", "1")
    try:
        events = [hostile_event(players=20, seed=100 + k) for k in range(6)]

        def one(raw):
            return httpx.post(server.url + "/api/odds", params={"sims": 20000}, content=raw, timeout=300)

        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(one, events))
        codes = sorted(r.status_code for r in answers)
        assert set(codes) <= {200, 503} and 503 in codes and 200 in codes, codes
        assert all(int(r.headers["retry-after"]) >= 1 for r in answers if r.status_code == 503)
        assert httpx.get(server.url + "/healthz", timeout=30).json()["status"] == "ok"
    finally:
        server.stop()


def test_log_has_one_line_per_request_and_no_token(data_dir):
    server = RealServer(data_dir)
    try:
        r = httpx.post(server.url + "/api/events", content=sample_bytes(), timeout=60).json()
        httpx.get(f"{server.url}/e/{r['id']}/edit", params={"token": r["edit_token"]}, timeout=60)
    finally:
        server.stop()
    log = Path(os.path.join(data_dir, "server.log")).read_text()
    assert r["edit_token"] not in log
    assert f"GET /e/{r['id']}/edit?token=*** 200" in log
