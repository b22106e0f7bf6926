"""An open page updates itself (issue 51, item 2), in headless Chromium against a real
``drawsafe serve``: a player's card and the All tables page, left open, show a new result once the
scorekeeper replaces the file, without a reload (the page's script polls the event's state and
swaps in the new body once its answer is computed), and say when they were updated.
Screenshots in tmp/artifacts/.
"""

from __future__ import annotations

import httpx
import pytest
from browser_helpers import ARTIFACTS, new_page
from server_helpers import RealServer, sample_bytes
from test_server_prepared import TABLES, wait_ready, with_results

#: Andrey Pchelkin plays table 1 of round 7: the result the replace reports.
PLAYER = "Andrey Pchelkin"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # --live-refresh 1: the pages poll the state every second (at most --live-refresh), not every 15 s
    s = RealServer(str(tmp_path_factory.mktemp("follow")), "--live-refresh", "1")
    yield s
    s.stop()


def publish(server) -> tuple[str, str]:
    made = httpx.post(server.url + "/api/events?top=8", content=sample_bytes(), timeout=120).json()
    with httpx.Client(base_url=server.url, timeout=300) as c:
        wait_ready(c.get, made["id"], 1)
    return made["id"], made["edit_token"]


def replace(server, event_id: str, token: str, results: int) -> None:
    put = httpx.put(f"{server.url}/api/events/{event_id}", content=with_results(results), timeout=120,
                    headers={"Authorization": f"Bearer {token}"})
    assert put.status_code == 200, put.text


@pytest.mark.parametrize("view", ["card", "draw"])
def test_an_open_page_updates_itself(server, browser, view):
    event_id, token = publish(server)
    page, _, _ = new_page(browser, "phone")
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    url = f"{server.url}/e/{event_id}" + (f"?name={PLAYER}" if view == "card" else "/draw")
    page.goto(url, timeout=300_000)
    updated = page.locator("#updated")
    assert "round 7: pairings out, no result in yet" in updated.inner_text()
    assert "UTC" not in updated.inner_text()  # the script shows the phone's own time
    page.evaluate("window.notReloaded = true")
    replace(server, event_id, token, 1)
    page.wait_for_selector('[data-follow][data-version="2"]', state="attached", timeout=120_000)
    assert page.evaluate("window.notReloaded === true")  # swapped in place, not reloaded
    assert f"round 7: results 1 of {TABLES} in" in page.locator("#updated").inner_text()
    if view == "card":  # table 1 is played: the card says so (its figures are those of a played table)
        assert page.locator("#verdict").count() == 1
        assert page.locator("#event-version").inner_text() == "Version 2 of the file."
    page.screenshot(path=str(ARTIFACTS / f"phone-follow-{view}.png"), full_page=True)
    jobs = httpx.get(server.url + "/api/status", timeout=30).json()
    assert jobs["unexpected_errors"] == 0
    assert problems == []
    page.close()
