"""The phone pages as a player reads them, in a real browser (Debian's chromium via Playwright)
against a real ``drawsafe serve``, at 390x844 and 1280x800: no opponent shown as real when the
round's pairings are not out, the upload form's round fields, a finished event offering its
rounds, the verdict sentence the library writes, and error pages that lead back.

Screenshots go to tmp/artifacts/ (ignored by git).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from browser_helpers import ARTIFACTS, VIEWPORTS
from server_helpers import RealServer

import drawsafe
from drawsafe.event.io.export import write_native_json
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.words import table_words
from drawsafe.tiebreaks.packs import get_rules

MAX_BODY = 1024 * 1024


def event_file(players: int, rounds: int, played: int, seed: int = 3) -> str:
    event = generate_event(players, rounds, played, seed, get_rules("mtg"))
    path = os.path.join(tempfile.mkdtemp(), f"event-{players}-{played}-of-{rounds}.json")
    write_native_json(event, path)
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = RealServer(str(tmp_path_factory.mktemp("honest")), "--max-body", str(MAX_BODY))
    yield s
    s.stop()


def publish(page, server, path: str, **fields) -> str:
    """Publish ``path`` through the form (``fields``: after_round, rounds, top); the players' link."""
    page.goto(server.url + "/")
    form = page.locator('form[action="/publish"]')
    form.locator('input[type="file"]').set_input_files(path)
    for name, value in fields.items():
        form.locator(f'input[name="{name}"]').fill(str(value))
    form.locator("button").click()
    page.wait_for_selector("#event-link", timeout=300_000)
    return page.locator("#event-link").inner_text()


def open_page(browser, device):
    width, height = VIEWPORTS[device]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": height})

    def shot(name):
        page.screenshot(path=str(ARTIFACTS / f"{device}-honest-{name}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, "horizontal scrolling"

    return page, shot


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_no_opponent_is_invented_when_the_pairings_are_not_out(server, browser, device):
    path = event_file(40, 6, 4)  # round 5 not paired yet (and not the last round)
    page, shot = open_page(browser, device)
    url = publish(page, server, path)
    leader = drawsafe.open_event(path).standings().rows[0].player
    page.goto(url + "?name=" + leader)
    page.wait_for_selector("#verdict", timeout=300_000)
    card = page.locator("#verdict").inner_text()
    shot("1-not-out-yet")
    assert "Round 5 pairings are not out yet" in card
    assert not re.search(r"table \d", card, re.IGNORECASE)  # no table number shown
    assert "After a win" in card and "After a loss" in card
    opponents = {r.player for r in drawsafe.open_event(path).standings().rows} - {leader}
    assert not any(o in card for o in opponents), "an opponent is shown as if paired"
    page.goto(url.rstrip("/") + "/pairings")
    assert "not out yet" in page.locator("h1").inner_text()
    assert page.locator("table").count() == 0
    shot("2-pairings-not-out")
    page.close()


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_the_form_takes_after_round_and_rounds(server, browser, device):
    path = event_file(30, 6, 5)
    page, shot = open_page(browser, device)
    publish(page, server, path, after_round=3, rounds=6)
    meta = page.locator("p.meta").inner_text()
    shot("3-published-after-round-3")
    assert "after round 3 of 6 Swiss rounds" in meta
    page.close()


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_finished_event_offers_its_rounds(server, browser, device):
    path = event_file(24, 5, 5)
    page, shot = open_page(browser, device)
    url = publish(page, server, path)
    page.goto(url)
    assert "The event is over" in page.locator("#rounds").inner_text()
    links = page.locator("ul.rounds a")
    assert links.count() == 4  # before rounds 2 .. 5
    shot("4-finished")
    links.last.click()  # before round 5
    page.wait_for_selector("#name")
    page.fill("#name", drawsafe.open_event(path, after_round=4).standings().rows[0].player)
    page.locator("form.card button").click(no_wait_after=True)  # the answer may compile: wait below
    page.wait_for_selector("#verdict", timeout=300_000)
    assert "Round 5" in page.locator("#verdict").inner_text()
    shot("5-before-round-5")
    page.close()


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_the_card_says_the_verdict_in_the_librarys_words(server, browser, device):
    import httpx

    page, shot = open_page(browser, device)
    from drawsafe.event.sample import sample_path

    url = publish(page, server, sample_path())
    event_id = url.rstrip("/").split("/")[-1]
    draw = httpx.get(f"{server.url}/api/events/{event_id}/draw", timeout=600).json()
    # the sentence the library writes for that table, from the same figures the page shows
    report = drawsafe.open_event(sample_path()).draw(seed=0)
    assert json.loads(json.dumps(report.to_json())) == draw
    seen = 0
    for t in report.tables[:3]:
        me = t.players[0].player
        page.goto(url + "?name=" + me)
        page.wait_for_selector("#verdict", timeout=300_000)
        card = page.locator("#verdict").inner_text()
        said = table_words(t, report.cut, report.safe, me=me, proven=report.proven)
        assert said.headline in card and said.sentence in card
        seen += 1
    shot("6-verdict-words")
    assert seen
    page.close()


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_error_pages_lead_back(server, browser, device):
    page, shot = open_page(browser, device)
    page.goto(server.url + "/e/nosuchevent")
    assert "no published event" in page.locator(".error").inner_text()
    back = page.locator("a.back")
    assert back.get_attribute("href") == "/e/nosuchevent"
    assert back.bounding_box()["height"] >= 44
    shot("7-unknown-event")
    # a file over the server's limit: an HTML page with the reason and a way back, not bare JSON
    big = Path(tempfile.mkdtemp()) / "big.json"
    big.write_text(json.dumps({"rounds": [], "padding": "x" * (MAX_BODY + 10)}))
    page.goto(server.url + "/")
    form = page.locator('form[action="/publish"]')
    form.locator('input[type="file"]').set_input_files(str(big))
    form.locator("button").click()
    page.wait_for_selector(".error")
    assert "larger than this server's limit" in page.locator(".error").inner_text()
    assert page.locator("a.back").get_attribute("href") == "/"
    shot("8-too-large")
    page.close()
