"""Pages that say what they mean (issue 33), in headless Chromium at 390x844 and 1280x800 against a
real ``drawsafe serve``: the All tables page shows every number inside the viewport (the verdict
sentence wraps), and an exact answer's card and odds page say "exact (every outcome of the N open
tables)" with no interval and no "0 simulations".  Screenshots in tmp/artifacts/.
"""

from __future__ import annotations

from dataclasses import replace

import httpx
import pytest
from browser_helpers import ARTIFACTS, VIEWPORTS
from server_helpers import RealServer, sample_bytes


def live_event() -> bytes:
    """24 players in their last round, three tables' results not in: answered exactly."""
    import os
    import tempfile
    from pathlib import Path

    from drawsafe.event.io.export import write_native_json
    from drawsafe.simulation.generate import generate_event
    from drawsafe.tiebreaks.packs import get_rules

    event = generate_event(24, 5, 5, seed=3, rules=get_rules("mtg"))
    last = event.swiss[-1]
    open_ = {id(m) for m in [m for m in last.matches if m.kind == "match"][:3]}
    matches = tuple(replace(m, a_wins=None, b_wins=None, draws=None) if id(m) in open_ else m
                    for m in last.matches)
    event = replace(event, rounds=(*event.swiss[:-1], replace(last, matches=matches)))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "live.json")
        write_native_json(event, path)
        return Path(path).read_bytes()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    server = RealServer(str(tmp_path_factory.mktemp("pages")))
    sample = httpx.post(server.url + "/api/events?top=8", content=sample_bytes(), timeout=60).json()["id"]
    live = httpx.post(server.url + "/api/events?top=8", content=live_event(), timeout=60).json()["id"]
    yield server, sample, live
    server.stop()


def outside(page, selector: str, width: int) -> list[str]:
    """The cells matching ``selector`` that end right of the viewport (their text)."""
    return page.evaluate("""([selector, width]) => [...document.querySelectorAll(selector)]
        .filter(e => e.getBoundingClientRect().right > width + 0.5).map(e => e.textContent.trim())""",
                         [selector, width])


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_all_tables_shows_every_number_in_the_viewport(site, browser, device):
    server, sample, _ = site
    width, height = VIEWPORTS[device]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server.url}/e/{sample}/draw?sims=2000", timeout=600_000)
    assert page.locator("table.draw td.verdict-cell").count() >= 1
    page.screenshot(path=str(ARTIFACTS / f"{device}-all-tables.png"), full_page=True)
    numbers = page.locator("table.draw tbody tr:not(.first) td:not(.name)")
    assert numbers.count() >= 8
    assert outside(page, "table.draw td, table.draw th", width) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("div.scroll").first
    assert box.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the table scrolls sideways in its box"
    page.close()


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_an_exact_answer_says_exact_with_no_interval(site, browser, device):
    server, _, live = site
    width, height = VIEWPORTS[device]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server.url}/e/{live}?name=P0003", timeout=600_000)
    card = page.locator("#verdict")
    text = card.inner_text()
    assert "exact (every outcome of the 3 open tables)" in text, text
    assert "simulations" not in text and card.locator(".ci").count() == 0
    page.screenshot(path=str(ARTIFACTS / f"{device}-exact-card.png"), full_page=True)
    page.goto(f"{server.url}/e/{live}/odds", timeout=600_000)
    body = page.locator("main").inner_text()
    assert "exact (every outcome of the 3 open tables)" in body and "0 simulations" not in body
    assert "interval" not in page.locator("table").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(ARTIFACTS / f"{device}-exact-odds.png"), full_page=True)
    page.goto(f"{server.url}/e/{live}/draw", timeout=600_000)
    assert "exact (every outcome of the 3 open tables)" in page.locator("main").inner_text()
    assert outside(page, "table.draw td, table.draw th", width) == []
    page.close()


def test_the_report_links_back_to_its_event(site):
    server, sample, _ = site
    r = httpx.get(f"{server.url}/e/{sample}/report?sims=1000&after_round=5", timeout=600)
    assert r.status_code == 200, r.text
    assert f'<a href="/e/{sample}?after_round=5">' in r.text


def cjk_event() -> bytes:
    """The sample with two contenders renamed in Chinese and Korean."""
    return sample_bytes().replace(b'"crzmvx"', '"王小明"'.encode()).replace(b'"Nitrus"', '"김민준"'.encode())


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_report_with_a_cjk_name_draws_it_or_says_so(site, browser, device):
    from drawsafe.report.style import PHONE, WIDE, undrawable

    server = site[0]
    event = httpx.post(server.url + "/api/events?top=8", content=cjk_event(), timeout=60).json()["id"]
    width, height = VIEWPORTS[device]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server.url}/e/{event}/report?sims=1000&after_round=5", timeout=600_000)
    text = page.locator("main").inner_text()
    assert "王小明" in text and "김민준" in text
    said = "The figures cannot draw every character" in text
    assert said == bool(undrawable(["王小明", "김민준"]))  # drawn, or named as not drawn
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.locator(f'a[href="/e/{event}?after_round=5"]').count() == 1
    # each figure in the rendition for the screen, at its CSS width (text at its point size), whole
    rendition = PHONE if width <= 600 else WIDE
    shown = page.evaluate("[...document.querySelectorAll('figure img')].map(i => [i.naturalWidth, "
                          "i.getBoundingClientRect().left, i.getBoundingClientRect().right])")
    assert len(shown) >= 5
    for natural, left, right in shown:
        assert natural == rendition.pixels and abs(right - left - rendition.css_width) <= 1
        assert 0 <= left and right <= width
    page.screenshot(path=str(ARTIFACTS / f"{device}-report-cjk.png"), full_page=True)
    page.close()
