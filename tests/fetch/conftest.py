"""Every test of this folder talks to the local replay server only (never a real platform)."""

from __future__ import annotations

import pytest
from replay import Replay

from drawsafe.fetch import FetchOptions
from drawsafe.fetch.http import REPLAY


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
    monkeypatch.setattr("drawsafe.fetch.http.INTERVALS", {})
    replay.overrides.clear()
    replay.seen.clear()
    yield replay
    replay.overrides.clear()


def quick(**changes) -> FetchOptions:
    """Options of a test fetch: no pause between requests, no backoff wait worth the name."""
    return FetchOptions(**({"interval": 0.0, "backoff": 0.0} | changes))
