"""A real browser pastes the event's link: headless Chromium (Debian's /usr/bin/chromium, driven by
Playwright) against a real ``drawsafe serve`` whose platform requests go to the local replay
server.  The page shows the event as fetched, "my table", and reloads by itself while the round is
in progress: when a result comes in at the platform, the page shows it without a click.

Screenshots go to tmp/artifacts/ (ignored by git).  Without a browser the test skips with a
message, except in CI (``CI=true``), where a missing browser fails.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from browser_helpers import ARGS, ARTIFACTS, CHROMIUM, browser_or_skip
from replay import Replay
from server_helpers import RealServer
from test_live_server import LICHESS_LIVE, one_more_result

#: Seconds between the page's reloads (and the server's fetches) in this test.
REFRESH = 3


@pytest.fixture(scope="module")
def replayed():
    server = Replay()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def server(replayed, tmp_path_factory):
    before = {k: os.environ.get(k) for k in ("DRAWSAFE_FETCH_REPLAY", "DRAWSAFE_FETCH_CACHE")}
    os.environ["DRAWSAFE_FETCH_REPLAY"] = replayed.url  # the server process inherits it
    os.environ["DRAWSAFE_FETCH_CACHE"] = str(tmp_path_factory.mktemp("fetch-cache"))
    try:
        s = RealServer(str(tmp_path_factory.mktemp("live-browser")), "--live-refresh", str(REFRESH))
    finally:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    yield s
    s.stop()


def test_paste_the_link_and_the_page_follows_the_round(server, replayed):
    sync_playwright = browser_or_skip()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        problems, requests = [], []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("request", lambda r: requests.append(r.url))
        page.goto(server.url + "/")
        page.screenshot(path=str(ARTIFACTS / "live-0-home.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "horizontal scrolling"
        page.fill("#live-url", LICHESS_LIVE)
        page.fill("#live-top", "4")
        page.locator("#live-form button", has_text="Follow").click()
        page.wait_for_selector("#live-status", timeout=120_000)
        status = page.locator("#live-status").inner_text()
        assert "Live from lichess" in status and "5 result(s) to come" in status
        page.fill("#name", "mattderkuerschner")
        page.locator("form.card button").click(no_wait_after=True)  # the answer may compile: wait below
        page.wait_for_selector("#verdict", timeout=300_000)
        assert "mattderkuerschner" in page.locator("#verdict").inner_text()
        page.screenshot(path=str(ARTIFACTS / "live-1-following.png"), full_page=True)
        shown = page.url
        # a result comes in on the platform: the page reloads by itself and shows it
        one_more_result(replayed)
        deadline = time.monotonic() + 240
        text = status
        while time.monotonic() < deadline:
            try:
                text = page.locator("#live-status").inner_text(timeout=5_000)
            except Exception:  # noqa: BLE001  the page is reloading right now
                text = ""
            if "4 result(s) to come" in text:
                break
            time.sleep(1)
        assert "4 result(s) to come" in text, text
        assert page.url == shown  # nobody clicked: the page reloaded itself
        page.wait_for_selector("#verdict", timeout=300_000)
        page.screenshot(path=str(ARTIFACTS / "live-2-result-came-in.png"), full_page=True)
        assert re.search(r"updated \d\d:\d\d:\d\d UTC", text)
        assert all(u.startswith((server.url, "data:")) for u in requests), requests
        assert not problems, problems
        browser.close()
