"""A local HTTP server replaying the platforms' recorded answers (tests/data/fetch/routes.json) on
127.0.0.1: the connectors are pointed at it with ``DRAWSAFE_FETCH_REPLAY`` and never reach a real
platform.  Tests can change an answer (:meth:`Replay.serve`: a broken or changed document, an
error status, a result that comes in) and see every request made (:attr:`Replay.seen`)."""

from __future__ import annotations

import gzip
import json
import threading
import urllib.parse
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from drawsafe.fetch import CONNECTORS, FetchOptions
from drawsafe.fetch.http import REPLAY

DATA = Path(__file__).resolve().parents[1] / "data" / "fetch"


class Replay:
    def __init__(self, routes: Path = DATA / "routes.json"):
        self.routes = json.loads(routes.read_text(encoding="utf-8"))
        self.overrides: list[dict] = []
        self.seen: list[tuple[str, str, dict, dict]] = []
        self.lock = threading.Lock()
        replay = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                self.answer("GET", {})

            def do_POST(self):
                size = int(self.headers.get("content-length") or 0)
                form = dict(urllib.parse.parse_qsl(self.rfile.read(size).decode("utf-8"), keep_blank_values=True))
                self.answer("POST", form)

            def answer(self, method, form):
                url = "https://" + self.path.lstrip("/")
                status, body, kind, extra = replay.find(method, url, form, dict(self.headers))
                self.send_response(status)
                self.send_header("Content-Type", kind)
                for name, value in extra.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def serve(self, method: str, url: str, body: bytes | str | dict | list | None = None, status: int = 200,
              file: str | None = None, times: int | None = None, form: dict | None = None,
              kind: str = "application/json", headers: dict | None = None) -> None:
        """Answer ``method url`` (and ``form``) with ``body`` (or a recorded ``file``) and ``status``,
        ``times`` times (None: until changed again); the latest such rule wins."""
        if isinstance(body, (dict, list)):
            body = json.dumps(body, ensure_ascii=False)
        if isinstance(body, str):
            body = body.encode("utf-8")
        with self.lock:
            self.overrides.insert(0, {"method": method, "url": url, "body": body, "status": status, "file": file,
                                      "times": times, "form": form or {}, "type": kind, "headers": headers or {}})

    def document(self, url: str, method: str = "GET", form: dict | None = None):
        """The recorded answer of a request, parsed (JSON) or as text."""
        for r in self.routes:
            if r["method"] == method and r["url"] == url and all(
                    (form or {}).get(k) == v for k, v in (r.get("form") or {}).items()):
                raw = served(r, form or {})
                return json.loads(raw) if r["type"] == "application/json" else raw.decode("utf-8")
        raise KeyError(url)

    def find(self, method, url, form, headers):
        with self.lock:
            self.seen.append((method, url, form, headers))
            for o in self.overrides:
                if o["method"] == method and o["url"] == url and all(form.get(k) == v for k, v in o["form"].items()):
                    if o["times"] is not None:
                        if o["times"] <= 0:
                            continue
                        o["times"] -= 1
                    body = read(o["file"]) if o["file"] else (o["body"] or b"")
                    return o["status"], body, o["type"], o["headers"]
        for r in self.routes:
            if r["method"] == method and r["url"] == url and all(
                    form.get(k) == v for k, v in (r.get("form") or {}).items()):
                return 200, served(r, form), r["type"], {}
        return 404, b'{"error": "not recorded"}', "application/json", {}

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def served(route: dict, form: dict) -> bytes:
    """A route's answer: its file, or (``envelope: datatables``) the rows a capture kept put back in
    the DataTables answer ``{draw, recordsTotal, recordsFiltered, data}`` melee.gg wraps them in."""
    raw = read(route["file"])
    if route.get("envelope") != "datatables":
        return raw
    rows = json.loads(raw)
    draw = int(form.get("draw", "1")) if str(form.get("draw", "1")).isdigit() else 1
    return json.dumps({"draw": draw, "recordsTotal": len(rows), "recordsFiltered": len(rows), "data": rows},
                      ensure_ascii=False).encode("utf-8")


def read(file: str) -> bytes:
    raw = (DATA / file).read_bytes()
    return gzip.decompress(raw) if file.endswith(".gz") else raw


# --- fixtures of the tests that fetch (imported by them: a conftest here would shadow tests/conftest.py)


@pytest.fixture(scope="module")
def replay():
    server = Replay()
    yield server
    server.stop()


@pytest.fixture()
def platform(replay, monkeypatch, tmp_path):
    """The replay server behind every platform URL, a fresh cache folder, no waiting between
    requests; yields the server with its overrides cleared afterwards."""
    monkeypatch.setenv(REPLAY, replay.url)
    monkeypatch.setenv("DRAWSAFE_FETCH_CACHE", str(tmp_path / "cache"))
    for name, connector in list(CONNECTORS.items()):
        monkeypatch.setitem(CONNECTORS, name, replace(connector, interval=0.0))
    replay.overrides.clear()
    replay.seen.clear()
    yield replay
    replay.overrides.clear()


def quick(**changes) -> FetchOptions:
    """Options of a test fetch: no pause between requests, no backoff wait worth the name."""
    return FetchOptions(**({"interval": 0.0, "backoff": 0.0} | changes))


@pytest.fixture()
def client(platform, tmp_path):
    """The phone page's server (a Starlette test client) behind the replay server."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from drawsafe.server.app import create_app
    from drawsafe.server.config import ServerConfig

    app = create_app(ServerConfig(data_dir=str(tmp_path / "data"), warm=False))
    with TestClient(app) as c:
        yield c
