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
