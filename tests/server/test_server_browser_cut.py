"""The publish form preselects the event's own cut (issue 39, item 1), in a real browser: choosing
a file whose platform announces a Top 4 (a real cobra export, tests/data/netrunner) sets the Top
field to 4 and says why before anything is published; the published page says the cut again, and
a number typed by the publisher is kept.  Skips without a browser (tests/browser_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_helpers import RealServer

COBRA = Path(__file__).resolve().parents[1] / "data" / "netrunner" / "2023-09-30-finland-baltic-nats-cobra.json"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = RealServer(str(tmp_path_factory.mktemp("cut")))
    yield s
    s.stop()


def test_the_publish_form_preselects_the_files_cut(server, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    form = page.locator('form[action="/publish"]')
    top = form.locator('input[name="top"]')
    assert top.input_value() == "auto"  # before a file: the event's own cut, whatever it is
    form.locator('input[type="file"]').set_input_files(str(COBRA))
    why = form.locator("[data-cut-why]")
    why.filter(has_text="as the file announces").wait_for(timeout=60_000)
    assert top.input_value() == "4"
    assert "Top 4, as the file announces" in why.inner_text()
    form.locator("button").click()
    page.wait_for_selector("#event-link")
    assert page.locator("#cut").inner_text() == "Cut: Top 4, as the file announces"


def test_a_cut_typed_by_the_publisher_is_kept(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server.url + "/")
    form = page.locator('form[action="/publish"]')
    top = form.locator('input[name="top"]')
    top.fill("6")
    form.locator('input[type="file"]').set_input_files(str(COBRA))
    form.locator("[data-cut-why]").filter(has_text="as the file announces").wait_for(timeout=60_000)
    assert top.input_value() == "6"  # said, not overwritten
    form.locator("button").click()
    page.wait_for_selector("#event-link")
    assert page.locator("#cut").inner_text() == "Cut: Top 6, as chosen"
