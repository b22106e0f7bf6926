"""The requests (cache, retries with backoff, rate limit, User-Agent, timeouts), ``drawsafe fetch``
and links in place of FILE, against the replay server; and the connectors fuzzed with broken and
truncated answers (always a Fetched or one FetchError, never another exception)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from replay import platform, quick, replay  # noqa: F401 (fixtures)
from test_connectors import (
    LICHESS,
    LICHESS_LIVE,
    LIMITLESS,
    LIMITLESS_API,
    MELEE,
    TOPDECK,
    TOPDECK_API,
)

from drawsafe.fetch import FetchError, FetchOptions, fetch
from drawsafe.fetch.http import Cache, Http, RateLimit


def requests_to(replay, prefix: str) -> int:
    return sum(1 for _, u, _, _ in replay.seen if u.startswith(prefix))


def test_a_finished_event_is_fetched_once(platform):
    fetch(LICHESS, quick())
    first = len(platform.seen)
    again = fetch(LICHESS, quick())
    assert len(platform.seen) == first  # every answer from the cache
    assert again.cached == again.documents == 3


def test_live_documents_are_reused_briefly_then_fetched_again(platform, monkeypatch):
    fetch(LICHESS_LIVE, quick())
    n = len(platform.seen)
    fetch(LICHESS_LIVE, quick())
    assert len(platform.seen) == n  # within LIVE_TTL
    fetch(LICHESS_LIVE, quick(refresh=True))
    assert len(platform.seen) == n + 3
    monkeypatch.setattr("drawsafe.fetch.http.LIVE_TTL", 0.0)
    fetch(LICHESS_LIVE, quick())
    assert len(platform.seen) == n + 6


def test_finished_rounds_of_a_live_event_come_from_the_cache(platform):
    fetch("https://melee.gg/Tournament/View/122246", quick())
    seen = {u for _, u, _, _ in platform.seen}
    platform.seen.clear()
    fetch("https://melee.gg/Tournament/View/122246", quick(refresh=True))
    again = [u for _, u, _, _ in platform.seen]
    assert len(again) < len(seen)  # rounds 1-3 are final: only the page and round 4 again
    assert all("GetRoundMatches/9022" not in u or u.endswith("4") for u in again)


def test_retries_with_backoff_after_server_errors(platform):
    platform.serve("GET", TOPDECK_API, {"error": "busy"}, status=503, times=2)
    waits = []
    http = Http("topdeck", interval=0.0, backoff=0.5, sleep=waits.append)
    body = http.get(TOPDECK_API, headers={"Authorization": "k"})
    assert json.loads(body)["data"]["TID"] == "gARmkIxEyssRhSUspzU5"
    assert waits == [0.5, 1.0]  # doubled each time
    platform.serve("GET", TOPDECK_API, {"error": "busy"}, status=500)
    with pytest.raises(FetchError, match=r"the answer: topdeck.gg answered HTTP 500 after 4 tries \(the platform may be down"):
        Http("topdeck", interval=0.0, backoff=0.0).get(TOPDECK_API)


def test_too_many_requests_waits_as_asked(platform):
    platform.serve("GET", TOPDECK_API, {"error": "slow down"}, status=429, times=1, headers={"Retry-After": "3"})
    waits = []
    body = Http("topdeck", interval=0.0, backoff=0.0, sleep=waits.append).get(TOPDECK_API)
    assert json.loads(body)["data"]["TID"] == "gARmkIxEyssRhSUspzU5"
    assert waits[0] == 3.0  # Retry-After honoured, then the request again


def test_a_timeout_is_one_clear_error():
    def slow(request):
        raise httpx.ReadTimeout("timed out", request=request)

    client = httpx.Client(transport=httpx.MockTransport(slow))
    with pytest.raises(FetchError, match=r"^lichess https://lichess.org/api/swiss/FaLp5fSD: the tournament: no answer "
                                         r"within 20 s after 4 tries"):
        fetch(LICHESS, FetchOptions(cache=False, interval=0.0, backoff=0.0), client=client)


def test_the_user_agent_names_drawsafe(platform):
    fetch(LICHESS, quick(cache=False))
    agents = {h.get("User-Agent", "") for _, _, _, h in platform.seen}
    assert agents and all(a.startswith("drawsafe/") for a in agents)


def test_the_rate_limit_spaces_requests_to_one_platform():
    waits = []
    RateLimit._next.pop("test-platform", None)
    for _ in range(3):
        RateLimit.wait("test-platform", 10.0, waits.append)
    assert len(waits) == 2 and waits[0] == pytest.approx(10.0, abs=0.5) and waits[1] == pytest.approx(20.0, abs=0.5)
    RateLimit._next.pop("test-platform", None)


def test_the_cache_never_stores_credentials(platform, tmp_path):
    fetch(LIMITLESS, quick(key="very-secret", cache=tmp_path))
    for f in tmp_path.iterdir():
        assert b"very-secret" not in f.read_bytes()
    assert Cache.key("GET", "https://x/y", None) == Cache.key("GET", "https://x/y", None)


def test_the_replay_hook_only_takes_a_local_address(monkeypatch):
    monkeypatch.setenv("DRAWSAFE_FETCH_REPLAY", "http://evil.example.com")
    with pytest.raises(FetchError, match="is not a local address"):
        Http("lichess", interval=0.0).get("https://lichess.org/api/swiss/FaLp5fSD")


# --- the command line ------------------------------------------------------------------------

def drawsafe(*args, env=None):
    return subprocess.run([sys.executable, "-m", "drawsafe.cli.main", *args], capture_output=True, text=True,
                          env=env, timeout=600, check=False)


@pytest.fixture()
def cli_env(platform, tmp_path):
    return dict(os.environ, DRAWSAFE_FETCH_REPLAY=platform.url, DRAWSAFE_FETCH_CACHE=str(tmp_path / "cache"))


def test_fetch_writes_the_file_and_says_what_it_found(cli_env, tmp_path):
    out = tmp_path / "event.trf"
    r = drawsafe("fetch", LICHESS, "-o", str(out), env=cli_env)
    assert r.returncode == 0, r.stderr
    assert out.read_text().startswith("012 Mai 5 Plus 0 Turnier")
    assert "wrote" in r.stderr and "lichess, 13 players" in r.stderr
    r = drawsafe("fetch", LIMITLESS, "-o", str(tmp_path / "l.json"), "--json", env=cli_env)
    data = json.loads(r.stdout)
    assert data["platform"] == "limitless" and data["players"] == 20 and data["output"].endswith("l.json")


def test_a_broken_answer_writes_nothing_and_exits_2(cli_env, platform, tmp_path):
    out = tmp_path / "event.json"
    out.write_text("old content")
    platform.serve("GET", TOPDECK_API, {"tournamentName": "x"})
    r = drawsafe("fetch", TOPDECK, "-o", str(out), "--key", "k", env=cli_env)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert lines[-1].startswith("drawsafe: error: topdeck https://topdeck.gg/api/v2/tournaments/") and \
        "the tournament at rounds: missing" in lines[-1]
    assert "Traceback" not in r.stderr and out.read_text() == "old content"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".event")] == []


def test_commands_take_the_link_in_place_of_file(cli_env):
    r = drawsafe("standings", LICHESS, "--json", env=cli_env)
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert len(rows) == 13 and rows[0]["player"] == "mattderkuerschner"
    r = drawsafe("standings", MELEE, "--check", "--json", env=cli_env)
    assert r.returncode == 0, r.stderr and json.loads(r.stdout)["compared"] == 24


def test_a_link_of_no_known_platform(cli_env):
    r = drawsafe("standings", "https://example.com/event", env=cli_env)
    assert r.returncode == 2 and "not a link of a platform drawsafe knows" in r.stderr


# --- fuzzing: any answer gives a result or one FetchError ------------------------------------

def mutate(doc, path, action):
    """``doc`` with the value at ``path`` (a list of keys/indices, followed as far as it goes)
    removed, nulled, or replaced by a text or a number."""
    node = doc
    for step in path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
        else:
            return doc
    if isinstance(node, dict) and node:
        key = sorted(node)[path[-1] % len(node)]
        if action == "drop":
            del node[key]
        else:
            node[key] = {"null": None, "text": "x", "number": 7, "list": []}[action]
    elif isinstance(node, list) and node:
        i = path[-1] % len(node)
        if action == "drop":
            del node[i]
        else:
            node[i] = {"null": None, "text": "x", "number": 7, "list": []}[action]
    return doc


TARGETS = [(TOPDECK, TOPDECK_API, "k"), (LIMITLESS, LIMITLESS_API + "pairings", None),
           (LIMITLESS, LIMITLESS_API + "standings", None), (LICHESS, "https://lichess.org/api/swiss/FaLp5fSD", None),
           (MELEE, "https://melee.gg/Match/GetRoundMatches/902452", None)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(target=st.sampled_from(TARGETS), path=st.lists(st.integers(0, 50), min_size=1, max_size=5),
       action=st.sampled_from(["drop", "null", "text", "number", "list"]), cut=st.none() | st.integers(1, 400))
def test_fuzzed_answers_give_a_result_or_one_clear_error(platform, target, path, action, cut):
    url, api, key = target
    method = "POST" if "GetRoundMatches" in api else "GET"
    form = {"start": "0"} if method == "POST" else None
    doc = mutate(platform.document(api, method, form), path, action)
    body = json.dumps(doc)
    if cut is not None:
        body = body[:cut]  # a truncated answer
    platform.overrides.clear()
    platform.serve(method, api, body)
    try:
        f = fetch(url, quick(key=key, cache=False))
    except FetchError as e:
        assert "\n" not in str(e) and str(e).split(" ", 1)[0] in ("topdeck", "limitless", "lichess", "melee.gg")
    else:
        assert f.content
    finally:
        platform.overrides.clear()
